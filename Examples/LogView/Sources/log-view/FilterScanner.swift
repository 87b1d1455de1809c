import Dispatch
import Glibc
import TableViewTerminal

/// Searches the log for the lines containing a text, on another thread, reading the file in chunks: the matches
/// come back in batches, in order, through a mailbox, and the main thread is woken for each. A scan covers a range
/// of whole lines; the app starts another for the lines indexed since, and stops one that a new filter replaces.
final class FilterScanner: Sendable {
  /// Matches found, for the scan `scan`.
  struct Batch: Sendable {
    /// The scan they are from (results of a scan stopped since are dropped).
    var scan: Int
    /// The numbers of the matching lines, ascending.
    var matches: [Int]
    /// The lines checked through this batch.
    var checkedThrough: Int
    /// Whether the scan is over.
    var finished: Bool
  }

  private let batches = Mailbox<Batch>()
  private let wake: @Sendable () -> Void
  private let queue = DispatchQueue(label: "log-view.filter")

  init(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
  }

  /// Starts scan `scan`: the lines `firstLine...` in `bytes` of `file` (the range starts at a line's start and ends
  /// after a line break), for `text`. Stop it by raising `stop`.
  func start(scan: Int, text: String, file: LogFile, bytes: Range<Int>, firstLine: Int, stop: StopFlag) {
    let (batches, wake) = (self.batches, self.wake)
    queue.async {
      Self.run(
        scan: scan, pattern: Array(text.utf8), file: file, bytes: bytes, firstLine: firstLine, stop: stop,
        batches: batches, wake: wake)
    }
  }

  /// Takes the batches found since the last call, oldest first.
  func take() -> [Batch] { batches.take() }

  /// How often matches are handed over while a scan runs.
  static let postInterval = 0.05

  private static func run(
    scan: Int, pattern: [UInt8], file: LogFile, bytes: Range<Int>, firstLine: Int, stop: StopFlag,
    batches: Mailbox<Batch>, wake: @Sendable () -> Void
  ) {
    var chunkSize = 1 << 22
    var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var position = bytes.lowerBound
    var line = firstLine
    var found: [Int] = []
    var lastPost = 0.0
    while position < bytes.upperBound, !stop.isRaised {
      let count = file.read(
        into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(chunkSize, bytes.upperBound - position)]),
        at: position)
      guard count > 0 else { break }  // the file shrank: the indexer will tell
      // Whole lines only: up to the chunk's last line break.
      var usable = count
      while usable > 0, buffer[usable - 1] != 0x0A { usable -= 1 }
      if usable == 0 {
        if position + count >= bytes.upperBound { break }
        chunkSize *= 2  // a line longer than the chunk
        buffer.deallocate()
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        continue
      }
      line = search(pattern, in: UnsafeRawBufferPointer(rebasing: buffer[0..<usable]), firstLine: line, into: &found)
      position += usable
      let now = MonotonicClock.systemSeconds()
      if now - lastPost >= postInterval {
        batches.post(Batch(scan: scan, matches: found, checkedThrough: line, finished: false))
        found.removeAll(keepingCapacity: true)
        lastPost = now
        wake()
      }
    }
    guard !stop.isRaised else { return }
    batches.post(Batch(scan: scan, matches: found, checkedThrough: line, finished: true))
    wake()
  }

  /// Adds to `found` the numbers of the lines of `bytes` (whole lines, numbered from `firstLine`) that contain
  /// `pattern`.
  /// - Returns: The number of the line after the last.
  static func search(_ pattern: [UInt8], in bytes: UnsafeRawBufferPointer, firstLine: Int, into found: inout [Int])
    -> Int
  {
    guard let base = bytes.baseAddress else { return firstLine }
    var line = firstLine
    var position = 0
    let end = bytes.count
    pattern.withUnsafeBytes { pattern in
      while position < end {
        guard let hit = find(pattern, in: base + position, count: end - position) else {
          line += countLineBreaks(base + position, count: end - position)
          return
        }
        let offset = base.distance(to: hit)
        line += countLineBreaks(base + position, count: offset - position)
        found.append(line)
        // On to the next line: one match a line.
        let lineEnd = memchr(base + offset, 0x0A, end - offset).map { base.distance(to: UnsafeRawPointer($0)) } ?? end
        position = lineEnd + 1
        line += 1
      }
    }
    return line
  }

  /// Where `pattern` first occurs in the `count` bytes at `start` (the first byte found by `memchr`, then
  /// compared).
  private static func find(_ pattern: UnsafeRawBufferPointer, in start: UnsafeRawPointer, count: Int)
    -> UnsafeRawPointer?
  {
    guard let first = pattern.first, let patternBase = pattern.baseAddress else { return nil }
    var position = start
    var remaining = count
    while remaining >= pattern.count {
      guard let candidate = memchr(position, Int32(first), remaining - pattern.count + 1) else { return nil }
      let at = UnsafeRawPointer(candidate)
      if memcmp(at, patternBase, pattern.count) == 0 { return at }
      let skipped = position.distance(to: at) + 1
      position += skipped
      remaining -= skipped
    }
    return nil
  }

  /// The line breaks in the `count` bytes at `start`.
  private static func countLineBreaks(_ start: UnsafeRawPointer, count: Int) -> Int {
    var lines = 0
    var position = start
    var remaining = count
    while remaining > 0, let newline = memchr(position, 0x0A, remaining) {
      let skipped = position.distance(to: UnsafeRawPointer(newline)) + 1
      lines += 1
      position += skipped
      remaining -= skipped
    }
    return lines
  }
}
