/// What ``Terminal/readInput(timeoutMilliseconds:)`` (or ``Terminal/readInput(timeoutMilliseconds:watching:)``)
/// found when it woke up.
public struct TerminalInput: Hashable, Sendable {
  /// The bytes read from the terminal, to feed to an ``InputDecoder``; empty if none arrived.
  public var bytes: [UInt8]
  /// Whether the window was resized (`SIGWINCH`) since the previous call.
  public var resized: Bool
  /// Whether the input reached end of file or the terminal hung up: no more input will come.
  public var endOfInput: Bool
  /// Whether the process was stopped (Ctrl-Z, `SIGTSTP`) and has continued: the terminal is back in the
  /// session's modes, but the screen shows something else; redraw all of it. ``resized`` is set too.
  public var resumed: Bool
  /// The descriptors given to ``Terminal/readInput(timeoutMilliseconds:watching:)`` that are ready (readable, or
  /// hung up or in error: reading them says which), in the order given.
  public var readyDescriptors: [Int32] = []

  /// Creates a result.
  public init(bytes: [UInt8] = [], resized: Bool = false, endOfInput: Bool = false, resumed: Bool = false) {
    self.bytes = bytes
    self.resized = resized
    self.endOfInput = endOfInput
    self.resumed = resumed
  }

  /// Whether the call returned because the timeout expired, with nothing to report.
  public var timedOut: Bool { bytes.isEmpty && !resized && !endOfInput && readyDescriptors.isEmpty }
}
