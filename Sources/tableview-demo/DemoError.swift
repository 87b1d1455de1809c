/// A problem with the command line or a script, reported to the user with exit code 2.
struct DemoError: Error, CustomStringConvertible {
  /// What went wrong, for the user.
  let message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
