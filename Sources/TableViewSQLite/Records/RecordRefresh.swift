import GRDB

/// The rows on screen of one section, as the table shows them before a change: where they start
/// and their keys and column values (the first one's sort key finds where they went).
struct RecordWindow: Sendable {
  /// The section's index and value before the change.
  var section: Int
  var value: DatabaseValue
  /// The first row of the window, before the change.
  var start: Int
  /// The window's rows, before the change.
  var rows: [WindowRow]

  struct WindowRow: Sendable {
    var key: DatabaseValue
    var sortKey: SortKey
    var values: [DatabaseValue]
  }
}

/// What a refresh read, in one transaction: every section's count, and for each window the
/// rows from where its first row is now, in whole pages.
struct RecordRefresh<Record: Sendable>: Sendable {
  var sections: [RecordSection]
  var generation: Int
  /// Per window: its section's new index (`nil`: the section is gone), the new position of the
  /// window's first row (the rows before its sort key), and the rows read from there.
  var windows: [(window: RecordWindow, section: Int?, start: Int, rows: [RecordRow<Record>])]
  /// The pages read for the windows (whole pages, cached as they are).
  var pages: [RecordPage<Record>]
}

extension RecordReader {
  /// Reads the database after a change: the sections counted again, and for each window the rows
  /// from its first row's new position, at least as many as it had plus a page, in whole pages
  /// (their landmarks recorded under a new generation, returned).
  func refresh(_ db: Database, windows: [RecordWindow]) throws -> RecordRefresh<Record> {
    let generation = landmarks.withLock { marks in
      marks.reset()
      return marks.generation
    }
    let sections = try self.sections(db)
    var result = RecordRefresh<Record>(sections: sections, generation: generation, windows: [], pages: [])
    for window in windows {
      guard let first = window.rows.first,
        let s = plan.section == nil
          ? (sections.isEmpty ? nil : 0) : sections.firstIndex(where: { $0.value == window.value })
      else {
        result.windows.append((window, nil, 0, []))
        continue
      }
      let count = sections[s].count
      let start = min(try position(db, section: window.value, of: first.sortKey), count)
      let pageStart = start / pageSize * pageSize
      let end = min(count, (start + window.rows.count + 2 * pageSize - 1) / pageSize * pageSize)
      let rows =
        try self.rows(db, section: window.value, .before, first.sortKey, limit: start - pageStart)
        + self.rows(db, section: window.value, .from, first.sortKey, limit: end - start)
      try checkKeys(rows)
      guard rows.count == end - pageStart else {
        throw SQLiteRecordError.queryFailed("", message: "section \(s) changed while it was read")
      }
      result.pages += cutIntoPages(rows, section: s, firstPage: pageStart / pageSize, generation: generation)
      result.windows.append((window, s, start, Array(rows[(start - pageStart)...])))
    }
    return result
  }
}
