#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Access to the current process's environment variables without Foundation.
public enum ProcessEnvironment {
  /// The environment variables of the current process, read from `environ`.
  ///
  /// - Returns: Every `NAME=value` entry; an entry without `=` is skipped.
  public static func current() -> [String: String] {
    var result: [String: String] = [:]
    #if canImport(Darwin)
      guard var entry = _NSGetEnviron()?.pointee else { return result }
    #else
      guard var entry = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return result }
    #endif
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let separator = text.firstIndex(of: "=") {
        result[String(text[..<separator])] = String(text[text.index(after: separator)...])
      }
      entry += 1
    }
    return result
  }
}
