#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to standard error without touching C's `stderr` global, which Swift 6 strict concurrency rejects.
public enum StandardError {
  /// Writes text to file descriptor 2, retrying after interruptions; errors are ignored.
  ///
  /// - Parameter text: The text, such as ``TerminalUnavailable/message`` followed by a newline.
  public static func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(STDERR_FILENO, buffer.baseAddress!, buffer.count)
      }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}

/// The C library's `write`, which ``StandardError/write(_:)`` hides.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
