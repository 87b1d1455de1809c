/// Why `--open FILE` cannot browse the file (printed on standard error).
public struct BrowserFileError: Error, CustomStringConvertible {
  /// The sentence for the user.
  public let description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
