/// Why an interactive terminal user interface cannot run, with a message fit to show the user.
///
/// Returned by ``Terminal/check(environment:isTTY:)``; a program should print ``message`` to standard error and
/// exit with ``exitCode``.
public struct TerminalUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
  /// The reason a terminal user interface cannot run.
  public enum Reason: Hashable, Sendable {
    /// Standard input or output is not a terminal (redirected to a file or a pipe).
    case notATerminal
    /// `TERM` is not set, so the terminal's capabilities are unknown.
    case termUnset
    /// `TERM=dumb`: the terminal cannot move the cursor.
    case dumbTerminal
  }

  /// The conventional exit status for a usage problem such as this one.
  public static let exitCode: Int32 = 2

  /// The reason.
  public let reason: Reason

  /// Creates a value for a reason.
  public init(reason: Reason) {
    self.reason = reason
  }

  /// A sentence explaining the problem and what to do.
  public var message: String {
    switch reason {
    case .notATerminal:
      return "Standard input and output must be a terminal (TTY); run this program in an interactive terminal, "
        + "not with its input or output redirected to a file or pipe."
    case .termUnset:
      return "The TERM environment variable is not set, so the terminal's capabilities are unknown; "
        + "set it (for example TERM=xterm-256color) and try again."
    case .dumbTerminal:
      return "TERM=dumb: this terminal cannot move the cursor or draw a full-screen interface; "
        + "run this program in a terminal emulator such as xterm."
    }
  }

  /// The ``message``.
  public var description: String { message }
}
