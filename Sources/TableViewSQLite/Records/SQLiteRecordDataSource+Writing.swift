import GRDB
import TableViewCore

// Writes: a change the user makes (a row deleted, moved) is shown at once — the source's counts and
// cached pages change as the table does — and written by the app's closure (`writes`) off the
// owner's thread. Until it reports back, no page or refresh is read (they would see the database
// before the change). Then a refresh reads the rows on screen again and diffs them by key: after a
// write that succeeded nothing moves; after one that failed the row comes back, animated.

extension SQLiteRecordDataSource {
  /// Whether rows can be deleted (``writes`` has `delete`) and the row is shown.
  public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    writes?.delete != nil && row(at: indexPath) != nil
  }

  /// Whether this source deletes rows (offers swipe to delete): ``writes`` has `delete`.
  public var commitsEditingStyle: Bool { writes?.delete != nil }

  /// Deletes the row (``deleteRow(at:)``) when the user commits `.delete`.
  public func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    if editingStyle == .delete { deleteRow(at: indexPath) }
  }

  /// Whether rows can be moved (``writes`` has `move`) and the row is shown.
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    writes?.move != nil && row(at: indexPath) != nil
  }

  /// Deletes the row on screen at once (animated), and with ``SQLiteRecordWrites/delete`` in the
  /// database off the owner's thread; a failure brings the row back and is reported.
  /// - Complexity: O(cached rows of the section).
  public func deleteRow(at indexPath: IndexPath) {
    guard let delete = writes?.delete, let row = row(at: indexPath), let tableView else {
      return report(.writeFailed("deleting row \(indexPath)", message: "the row is not shown, or no delete was given"))
    }
    let key = row.key
    let action = "deleting the row \(key)"
    guard let writer = writer(for: action) else { return }
    write(action, with: writer) { db in try delete(db, key) }
    let s = indexPath.section
    var known = knownRows(of: s)
    remove(indexPath.row, from: &known)
    sections[s].count -= 1
    rebuildPages(of: s, from: known)
    placeholders = Set(placeholders.compactMap { Self.indexPath($0, removing: indexPath) })
    changedLocally()
    do {
      try tableView.deleteRows(at: [indexPath], with: liveChangeAnimation)
    } catch {
      tableView.reloadData()
    }
    markUncachedVisibleRows()
  }

  /// Moves the row in the source at once (the table has moved it on screen), and writes the move
  /// with ``SQLiteRecordWrites/move`` off the owner's thread; a failure moves it back and is reported.
  /// - Complexity: O(cached rows of the two sections).
  public func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    let (from, to) = (sourceIndexPath, destinationIndexPath)
    guard let move = writes?.move, let row = row(at: from), to.section >= 0, to.section < sections.count,
      to.row >= 0, to.row <= sections[to.section].count - (from.section == to.section ? 1 : 0)
    else {
      report(.writeFailed("moving row \(from) to \(to)", message: "the row is not shown, or no move was given"))
      needsRefresh = true
      return
    }
    guard from != to else { return }
    var source = knownRows(of: from.section)
    remove(from.row, from: &source)
    sections[from.section].count -= 1
    if from.section != to.section { rebuildPages(of: from.section, from: source) }
    var destination = from.section == to.section ? source : knownRows(of: to.section)
    insert(row, at: to.row, into: &destination)
    sections[to.section].count += 1
    rebuildPages(of: to.section, from: destination)
    placeholders = Set(
      placeholders.compactMap { Self.indexPath($0, removing: from).map { Self.indexPath($0, inserting: to) } })
    // The rows on screen are the same index paths before and after a move among them.
    markUncachedVisibleRows()
    changedLocally()
    let count = sections[to.section].count
    let previous = to.row > 0 ? destination[to.row - 1] : nil
    let next = to.row + 1 < count ? destination[to.row + 1] : nil
    guard to.row == 0 || previous != nil, to.row + 1 == count || next != nil else {
      // A neighbour not read (never the case for a row dropped among rows on screen): nothing is
      // written, and the refresh puts the row back where the database has it.
      report(.writeFailed("moving the row \(row.key)", message: "its new neighbours are not read"))
      undoneWriteCount += 1
      needsRefresh = true
      return
    }
    let change = SQLiteRecordMove(
      key: row.key, sectionValue: sections[to.section].value, previousKey: previous?.key, nextKey: next?.key)
    movedKeys.insert(row.key)
    let action = "moving the row \(row.key)"
    guard let writer = writer(for: action) else {
      undoneWriteCount += 1
      needsRefresh = true
      return
    }
    write(action, with: writer) { db in try move(db, change) }
  }

  /// Shows `record` in the row at once (the row is reloaded, and measured again), and writes the
  /// change with `write` in a write transaction off the owner's thread — GRDB's
  /// `{ db in try record.update(db) }`, or any SQL. The refresh after it shows the row as the
  /// database then has it, in its place in the order (an edit of a sort or section column moves
  /// it there); when the database refuses the write, the row's old record comes back and the
  /// failure is reported (``SQLiteRecordError/writeFailed(_:message:)``, ``undoneWriteCount``).
  ///
  ///     source.updateRow(at: indexPath, to: edited) { db in try edited.update(db) }
  ///
  /// Needs a `DatabaseWriter` as the source's database; a row not shown (a placeholder) is not
  /// changed, and that is reported.
  /// - Complexity: O(1), plus the row's reload.
  public func updateRow(
    at indexPath: IndexPath, to record: Record, write body: @escaping @Sendable (Database) throws -> Void
  ) {
    guard var row = row(at: indexPath), let tableView else {
      return report(.writeFailed("updating row \(indexPath)", message: "the row is not shown"))
    }
    let action = "updating the row \(row.key)"
    guard let writer = writer(for: action) else { return }
    write(action, with: writer, body)
    row.record = record
    row.heights.removeAll()
    row.isEdited = true
    let key = pageKey(indexPath)
    let i = indexPath.row - key.index * pageSize
    pages.update(key) { page in
      if i < page.rows.count, page.rows[i].key == row.key { page.rows[i] = row }
    }
    // Its sort key may be the old one: a refresh does not find the rows on screen by it.
    movedKeys.insert(row.key)
    changedLocally()
    try? tableView.reloadRows(at: [indexPath], with: .none)
  }

  /// The writer a change can be written with: `nil` (and the refusal reported) when the source's
  /// database is not a `DatabaseWriter` or its file was lost.
  func writer(for action: String) -> (any DatabaseWriter)? {
    guard let writer = database as? any DatabaseWriter else {
      report(.writeFailed(action, message: "the source's database is read-only (not a DatabaseWriter)"))
      return nil
    }
    if let fileLoss, let identity = fileIdentity {
      report(.writeFailed(action, message: identity.message(fileLoss, whileWriting: false)))
      return nil
    }
    return writer
  }

  /// Runs `body` in a write transaction with `writer` off the owner's thread; the result is taken
  /// by ``processUpdates()``. From now until then no page or refresh is read: call it before the
  /// table shows the change (a row coming on screen would read its page from the database as it
  /// was).
  func write(_ action: String, with writer: any DatabaseWriter, _ body: @escaping @Sendable (Database) throws -> Void) {
    writesInFlight += 1
    let identity = fileIdentity
    rowWriter.submit {
      do {
        try writer.write { db in
          // Checked in the transaction: a file deleted or replaced since would take the change and lose it.
          if let identity, let change = identity.change() {
            throw SQLiteRecordError.fileLost(
              path: identity.path, message: identity.message(change, whileWriting: false))
          }
          try body(db)
        }
        return nil
      } catch let error as SQLiteRecordError {
        if case .fileLost(_, let message) = error { return .writeFailed(action, message: message) }
        return error
      } catch {
        let message = (error as? DatabaseError)?.message ?? "\(error)"
        return .writeFailed(action, message: message)
      }
    }
  }

  /// Takes the writes that reported back: each one is followed by a refresh (a failed one's
  /// undoes the change on screen).
  func takeWriteResults() {
    for result in rowWriter.takeResults() {
      writesInFlight -= 1
      needsRefresh = true
      if let error = result {
        undoneWriteCount += 1
        report(error)
      }
    }
  }

  // MARK: The rows as the source knows them

  /// The cached rows of section `s` by row index.
  /// - Complexity: O(cached pages).
  func knownRows(of s: Int) -> [Int: RecordRow<Record>] {
    var rows: [Int: RecordRow<Record>] = [:]
    for key in pages.keys where key.section == s {
      guard let page = pages.peek(key) else { continue }
      for (i, row) in page.rows.enumerated() { rows[key.index * pageSize + i] = row }
    }
    return rows
  }

  /// Removes row `r`, the rows after it moving up one.
  func remove(_ r: Int, from rows: inout [Int: RecordRow<Record>]) {
    var result: [Int: RecordRow<Record>] = [:]
    for (i, row) in rows where i != r { result[i > r ? i - 1 : i] = row }
    rows = result
  }

  /// Inserts `row` at `r`, the rows from there moving down one.
  func insert(_ row: RecordRow<Record>, at r: Int, into rows: inout [Int: RecordRow<Record>]) {
    var result: [Int: RecordRow<Record>] = [r: row]
    for (i, known) in rows { result[i >= r ? i + 1 : i] = known }
    rows = result
  }

  /// Caches section `s`'s pages anew from `rows`: each page whose rows are all known.
  func rebuildPages(of s: Int, from rows: [Int: RecordRow<Record>]) {
    pages.removeAll { $0 == s }
    let count = sections[s].count
    guard count > 0 else { return }
    for index in 0...((count - 1) / pageSize) {
      let first = index * pageSize
      let page = (first..<min(first + pageSize, count)).compactMap { rows[$0] }
      if page.count == min(pageSize, count - first) {
        pages.insert(RecordPage(key: PageKey(section: s, index: index), rows: page), pinned: pagesOnScreen)
      }
    }
  }

  /// Where the row at `path` is once the row at `removed` is gone (`nil`: it is that row).
  static func indexPath(_ path: IndexPath, removing removed: IndexPath) -> IndexPath? {
    guard path.section == removed.section, path.row >= removed.row else { return path }
    return path.row == removed.row ? nil : IndexPath(row: path.row - 1, section: path.section)
  }

  /// Where the row at `path` is once a row is inserted at `inserted`.
  static func indexPath(_ path: IndexPath, inserting inserted: IndexPath) -> IndexPath {
    guard path.section == inserted.section, path.row >= inserted.row else { return path }
    return IndexPath(row: path.row + 1, section: path.section)
  }

  /// After a change made on screen (the placeholders moved with their rows): reads under way are
  /// dropped (a new landmarks' generation, a stale refresh).
  func changedLocally() {
    generation = reads.landmarks.withLock { marks in
      marks.reset()
      return marks.generation
    }
    inFlight.removeAll()
    if refreshInFlight { refreshIsStale = true }
    changedOnScreen = true
    failedPages.removeAll()
  }
}
