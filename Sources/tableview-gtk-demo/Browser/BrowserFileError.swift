/// Why `--open FILE` cannot browse the file (printed on standard error).
struct BrowserFileError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
