#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure of the terminal session itself.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A system call failed with the given `errno`.
  case systemCall(String, errno: Int32)
  /// A raw-mode session is already active in this process; sessions cannot nest.
  case alreadyActive

  /// A one-line explanation, such as `tcgetattr failed: Inappropriate ioctl for device`.
  public var description: String {
    switch self {
    case .systemCall(let name, let code):
      return "\(name) failed: \(String(cString: strerror(code)))"
    case .alreadyActive:
      return "a raw-mode terminal session is already active"
    }
  }
}
