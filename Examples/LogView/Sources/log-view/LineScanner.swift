import Glibc

/// Finds the lines of a file in its bytes, read in chunks from the start: where each line starts, and where a new
/// hour starts (a line whose timestamp names another hour than the line before's). It keeps no bytes: a line cut
/// by the end of a chunk is read again from its start with the next chunk.
struct LineScanner: Sendable {
  /// Where the next line starts: just after a line break (or 0). The next chunk is read from here.
  private(set) var lineStart = 0
  /// Whether the line at `lineStart` was already given out, unfinished (the end of a file being written).
  private(set) var unfinishedLineGiven = false
  /// The lines given out.
  private(set) var lineCount = 0
  /// The hour of the last line given out.
  private(set) var key = HourKey.none
  /// The first bytes of the last timestamp read: a line starting with them is in the same hour, without parsing.
  private var prefix: (UInt64, UInt64) = (0, 0)
  private var prefixLength = 0

  /// The bytes an unfinished last line needs before it is given out: enough to tell its timestamp, so that its
  /// hour does not change when it is finished.
  static let unfinishedLineMinimum = HourKey.longestTimestamp + 1

  /// Scans `bytes`, the file's bytes from `lineStart`, adding where the lines they finish start to `lineStarts`, and
  /// the hours they start to `sections`.
  ///
  /// - Parameter atEndOfFile: whether the bytes reach the end of the file; then a last line without a line
  ///   break is given out too (marked unfinished) once it has ``unfinishedLineMinimum`` bytes.
  /// - Returns: The bytes consumed (up to and including the last line break); the next chunk starts there. 0 with
  ///   a full chunk means the line is longer than the chunk: read a larger one.
  mutating func scan(
    _ bytes: UnsafeRawBufferPointer, atEndOfFile: Bool, lineStarts: inout [Int], sections: inout [IndexSection]
  ) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var position = 0
    while position < bytes.count {
      let remaining = bytes.count - position
      guard let newline = memchr(base + position, 0x0A, remaining) else {
        if atEndOfFile, !unfinishedLineGiven, remaining >= Self.unfinishedLineMinimum {
          give(
            UnsafeRawBufferPointer(start: base + position, count: remaining), at: lineStart, lineStarts: &lineStarts,
            sections: &sections)
          unfinishedLineGiven = true
        }
        break
      }
      let length = base.distance(to: UnsafeRawPointer(newline)) - position
      if !unfinishedLineGiven {
        give(
          UnsafeRawBufferPointer(start: base + position, count: length), at: lineStart, lineStarts: &lineStarts,
          sections: &sections)
      }
      unfinishedLineGiven = false
      position += length + 1
      lineStart += length + 1
    }
    return position
  }

  /// Gives out the line in `line` (starting at byte `start` of the file), and a section if it starts an hour.
  private mutating func give(
    _ line: UnsafeRawBufferPointer, at start: Int, lineStarts: inout [Int], sections: inout [IndexSection]
  ) {
    lineStarts.append(start)
    defer { lineCount += 1 }
    if prefixLength > 0, line.count > prefixLength, startsWithPrefix(line) { return }
    guard let (newKey, length) = HourKey.parse(line) else {
      // No timestamp: the hour of the line before (the first lines of a file without one get a section of
      // their own).
      if lineCount == 0 { sections.append(IndexSection(firstLine: lineCount, key: key)) }
      return
    }
    setPrefix(line, length: length)
    if newKey != key || lineCount == 0 {
      key = newKey
      sections.append(IndexSection(firstLine: lineCount, key: newKey))
    }
  }

  /// Whether `line` starts with the remembered timestamp prefix (at most 16 bytes, compared as two words).
  private func startsWithPrefix(_ line: UnsafeRawBufferPointer) -> Bool {
    let (first, second) = Self.words(line, prefixLength)
    return first == prefix.0 && second == prefix.1
  }

  private mutating func setPrefix(_ line: UnsafeRawBufferPointer, length: Int) {
    prefixLength = length
    prefix = Self.words(line, length)
  }

  /// The first `length` (≤ 16) bytes of `line` packed into two words, zero-padded.
  private static func words(_ line: UnsafeRawBufferPointer, _ length: Int) -> (UInt64, UInt64) {
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: line[0..<length])) }
    return words
  }
}
