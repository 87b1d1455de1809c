/// The lines the indexer found since its last batch, handed to the main thread.
struct IndexBatch: Sendable {
  /// The file read: a new one after a rotation.
  var file: LogFile
  /// Set when the lines indexed before are gone (the file was truncated, or rotated): start again from this batch.
  var reset: ResetReason?
  /// Where each new line starts, in bytes from the start of the file.
  var lineStarts: [Int] = []
  /// The hours that start with the new lines.
  var sections: [IndexSection] = []
  /// The bytes indexed: the end of the last line (its line break included, when it has one).
  var end = 0
  /// Whether the last line has no line break yet (a line being written): it grows in a later batch.
  var lastLineUnfinished = false
  /// The file's size when the batch was made (for the progress shown while indexing).
  var fileSize = 0
  /// Whether the indexer had reached the end of the file (after this, it follows it).
  var reachedEnd = false

  /// Why the index starts again.
  enum ResetReason: Sendable, Equatable {
    /// The file became shorter than what was indexed (`truncate`, `copytruncate`).
    case truncated
    /// Another file took the path (`logrotate` renamed the old one away).
    case rotated
  }
}

/// A run of lines in the same hour: a section of the table.
struct IndexSection: Sendable, Equatable {
  /// The first line's number (0-based).
  var firstLine: Int
  /// The hour.
  var key: HourKey
}
