import Glibc
import TerminalKit

/// An open log file, read by position (`pread`) from any thread: the indexer and the filter scan read it on
/// theirs, the table reads the lines it shows on the main thread. Nothing of it is kept in memory.
final class LogFile: Sendable {
  /// Which file a path names: a rotation puts another file (another inode) at the same path.
  struct Identity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
  }

  /// The path it was opened at.
  let path: String
  /// The open file (closed when the last reference goes).
  let descriptor: Int32
  /// The file it is.
  let identity: Identity

  /// Opens `path` for reading.
  init(path: String) throws(LogFileError) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw LogFileError(path: path, operation: "open", code: errno) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw LogFileError(path: path, operation: "stat", code: code)
    }
    identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  deinit { close(descriptor) }

  /// The file's size now (it may grow, or be truncated, by another process), `nil` when it cannot be read.
  var size: Int? {
    var status = stat()
    return fstat(descriptor, &status) == 0 ? Int(status.st_size) : nil
  }

  /// The identity of the file at `path` now: `nil` when there is none (between a rotation's rename and the new
  /// file's creation).
  static func identity(at path: String) -> Identity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// Reads up to `buffer.count` bytes from `offset`; fewer at the end of the file.
  /// - Returns: The number of bytes read (0 at the end or on an error).
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
    var total = 0
    while total < buffer.count {
      let count = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      total += count
    }
    return total
  }

  /// The bytes in `range`, at most `limit` of them.
  func bytes(in range: Range<Int>, limit: Int) -> [UInt8] {
    let count = max(0, min(range.count, limit))
    guard count > 0 else { return [] }
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      initialized = read(into: UnsafeMutableRawBufferPointer(buffer), at: range.lowerBound)
    }
  }

  /// The text of the line in `range` (its line break excluded) as the screen shows it: invalid UTF-8 replaced,
  /// a carriage return at its end dropped, tabs as spaces and other control characters (a colour escape) removed,
  /// and a line longer than `limit` bytes cut with "…".
  func text(in range: Range<Int>, limit: Int = 16_384) -> String {
    var bytes = bytes(in: range, limit: limit)
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    let text = String(decoding: bytes, as: UTF8.self).removingControlCharactersForDisplay()
    return range.count > limit ? text + "…" : text
  }
}

/// A file that could not be opened or read.
struct LogFileError: Error, CustomStringConvertible {
  var path: String
  var operation: String
  var code: Int32

  var description: String { "\(path): \(operation): \(String(cString: strerror(code)))" }
}

extension String {
  /// The text with tabs as spaces and every other control character (C0, DEL, C1: an escape sequence's start)
  /// removed, so that a line of the log cannot move the cursor or restyle the screen.
  func removingControlCharactersForDisplay() -> String {
    guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return self }
    return removingControlCharacters(lineBreak: " ")
  }
}
