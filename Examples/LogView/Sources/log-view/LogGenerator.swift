import Glibc

/// Writes a test log: one line every 100 ms from 2026-11-28T00:00:00Z (36,000 lines an hour), ISO 8601
/// timestamps, an error every thousand lines followed by two lines of a stack trace (without a timestamp: they
/// belong to the error's hour), a warning every fifty, and a long line every hundred (it wraps). Line `i` (0-based)
/// depends on `i` only, so a check can name what it expects on any line.
enum LogGenerator {
  /// The log's first line's time, in seconds since 1970 (2026-11-28T00:00:00Z).
  static let start = 1_795_824_000

  /// Writes `lines` lines to a new file at `path`.
  static func generate(at path: String, lines: Int) throws(LogFileError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw LogFileError(path: path, operation: "create", code: errno) }
    defer { close(descriptor) }
    var writer = ByteWriter(descriptor: descriptor)
    defer { writer.deallocate() }
    for line in 0..<lines {
      appendLine(line, to: &writer)
      if writer.count > ByteWriter.capacity - 1_024 {
        guard writer.flush() else { throw LogFileError(path: path, operation: "write", code: errno) }
      }
    }
    guard writer.flush() else { throw LogFileError(path: path, operation: "write", code: errno) }
  }

  private static let words: [[UInt8]] = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima",
  ].map { Array($0.utf8) }

  private static func appendLine(_ i: Int, to writer: inout ByteWriter) {
    switch i % 1000 {
    case 998:
      writer.append("    at Worker.handle(Worker.swift:\(i % 97 + 1))\n")
      return
    case 999:
      writer.append("    at Queue.drain(Queue.swift:12)\n")
      return
    default: break
    }
    appendTimestamp(milliseconds: i * 100, to: &writer)
    let worker = i % 8
    if i % 1000 == 997 {
      writer.append(" ERROR [worker-")
      writer.append(number: worker, digits: 1)
      writer.append("] request ")
      writer.append(number: i, digits: 0)
      writer.append(" failed: connection reset by peer\n")
    } else if i % 50 == 7 {
      writer.append(" WARN  [worker-")
      writer.append(number: worker, digits: 1)
      writer.append("] request ")
      writer.append(number: i, digits: 0)
      writer.append(" slow: ")
      writer.append(number: 1_000 + i % 4_000, digits: 0)
      writer.append(" ms\n")
    } else {
      writer.append(" INFO  [worker-")
      writer.append(number: worker, digits: 1)
      writer.append("] request ")
      writer.append(number: i, digits: 0)
      writer.append(" handled in ")
      writer.append(number: i % 250, digits: 0)
      writer.append(" ms")
      if i % 100 == 50 {
        writer.append(" payload=")
        for k in 0..<24 {
          writer.append(words[(i / 100 + k) % words.count])
          writer.append(k == 23 ? "" : "-")
        }
      }
      writer.append("\n")
    }
  }

  /// `2026-11-28T07:12:45.100Z` for `milliseconds` after ``start``: the part up to the second is made once a
  /// second (ten lines share it), only the milliseconds each time.
  private static func appendTimestamp(milliseconds: Int, to writer: inout ByteWriter) {
    let seconds = start + milliseconds / 1_000
    if writer.cachedSecond != seconds {
      writer.cachedSecond = seconds
      let (year, month, day) = civil(daysSince1970: seconds / 86_400)
      var text = String(year) + "-" + twoDigits(month) + "-" + twoDigits(day) + "T"
      text += twoDigits(seconds / 3_600 % 24) + ":" + twoDigits(seconds / 60 % 60) + ":" + twoDigits(seconds % 60) + "."
      writer.cachedTimestamp = Array(text.utf8)
    }
    writer.append(writer.cachedTimestamp)
    writer.append(number: milliseconds % 1_000, digits: 3)
    writer.append(byte: UInt8(ascii: "Z"))
  }

  private static func twoDigits(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }

  /// The date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// Bytes gathered in a buffer and written to a file in large writes.
struct ByteWriter {
  static let capacity = 1 << 20
  let descriptor: Int32
  let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  private(set) var count = 0
  /// The second whose timestamp text is cached (a generator's state, kept here to be passed along with it).
  var cachedSecond = -1
  var cachedTimestamp: [UInt8] = []

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  func deallocate() { base.deallocate() }

  mutating func append(byte: UInt8) {
    base[count] = byte
    count += 1
  }

  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { (base + count).update(from: $0.baseAddress!, count: $0.count) }
    count += bytes.count
  }

  mutating func append(_ text: StaticString) {
    (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    count += text.utf8CodeUnitCount
  }

  mutating func append(_ text: String) {
    append(Array(text.utf8))
  }

  /// `value` in decimal, zero-padded to `digits` (0: as many as it takes).
  mutating func append(number value: Int, digits: Int) {
    var width = 1
    var power = 10
    while power <= value {
      width += 1
      power *= 10
    }
    width = max(width, digits)
    // A plain loop: this runs for every number of ten million lines, and generic iterators are slow in debug builds.
    var rest = value
    var i = count + width
    while i > count {
      i -= 1
      base[i] = UInt8(truncatingIfNeeded: 48 + rest % 10)
      rest /= 10
    }
    count += width
  }

  /// Writes what was gathered.
  /// - Returns: Whether all of it was written.
  mutating func flush() -> Bool {
    var written = 0
    while written < count {
      let result = write(descriptor, base + written, count - written)
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { return false }
      written += result
    }
    count = 0
    return true
  }
}
