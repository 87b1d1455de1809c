/// The lines of the log known so far, on the main thread: where each starts (8 bytes a line: 80 MB for ten million
/// lines; the text itself is read from the file when a row shows) and the hours they fall in.
struct LogIndex {
  /// The file the lines are in.
  private(set) var file: LogFile
  /// Where each line starts, in bytes.
  private(set) var lineStarts: [Int] = []
  /// The hours, in order of their first line.
  private(set) var sections: [IndexSection] = []
  /// The bytes indexed (through the last line's line break, or its end when it is unfinished).
  private(set) var end = 0
  /// Whether the last line is still being written (it has no line break yet).
  private(set) var lastLineUnfinished = false
  /// The file's size when last looked at.
  private(set) var fileSize = 0
  /// Whether the whole file was indexed once (from then on the index follows it).
  private(set) var reachedEnd = false

  init(file: LogFile) {
    self.file = file
  }

  var lineCount: Int { lineStarts.count }

  /// The bytes of line `line`, without its line break.
  func byteRange(ofLine line: Int) -> Range<Int> {
    let start = lineStarts[line]
    if line + 1 < lineStarts.count { return start..<(lineStarts[line + 1] - 1) }
    return start..<(lastLineUnfinished ? end : max(start, end - 1))
  }

  /// The text of line `line`, as the screen shows it.
  func text(ofLine line: Int) -> String { file.text(in: byteRange(ofLine: line)) }

  /// The lines of section `section`.
  func lines(inSection section: Int) -> Range<Int> {
    sections[section].firstLine..<(section + 1 < sections.count ? sections[section + 1].firstLine : lineCount)
  }

  /// The section line `line` is in.
  /// - Complexity: O(log sections).
  func section(containingLine line: Int) -> Int {
    var low = 0
    var high = sections.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if sections[middle].firstLine <= line { low = middle } else { high = middle }
    }
    return low
  }

  /// The lines whose line break is written: a filter reads only these (the last line may still grow).
  var finishedLineCount: Int { lastLineUnfinished ? lineCount - 1 : lineCount }

  /// Where the finished lines end, in bytes.
  var finishedEnd: Int { lastLineUnfinished ? lineStarts[lineCount - 1] : end }

  /// Adds a batch from the indexer (after a reset, in place of everything before).
  /// - Returns: Whether the last line known before grew (it was unfinished, and more of it was read).
  @discardableResult
  mutating func append(_ batch: IndexBatch) -> Bool {
    if batch.reset != nil {
      self = LogIndex(file: batch.file)
    }
    let grewLastLine = lastLineUnfinished && batch.end != end && lineCount > 0
    lineStarts.append(contentsOf: batch.lineStarts)
    sections.append(contentsOf: batch.sections)
    end = batch.end
    lastLineUnfinished = batch.lastLineUnfinished
    fileSize = batch.fileSize
    reachedEnd = reachedEnd || batch.reachedEnd
    return grewLastLine
  }
}
