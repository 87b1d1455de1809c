import GRDB
import TableViewCore

// Heights: a row's height at the table's width comes from the row height store when it was
// measured before (any launch) with the same values, else from a template cell; new measurements
// are written in batches off the owner's thread, never into the app's database.

extension SQLiteRecordDataSource {
  /// The row's height at the table's width, for the table's delegate to return from
  /// `tableView(_:heightForRowAt:)`: the one measured before for the row's values (read from
  /// ``rowHeights`` with its page, or measured this session); else the height of a template cell
  /// configured with the record (`height(forCellWithReuseIdentifier:at:configuration:)`), kept
  /// and stored; ``placeholderHeight`` while the row's page is on its way (the row is reloaded,
  /// so measured, when it arrives). In edit mode the cells' content is narrower than the kept
  /// heights' (the editing controls take room): the template cell's height, neither kept nor stored.
  /// - Complexity: O(1) expected for a known height; a measurement otherwise.
  public func height(forRowAt indexPath: IndexPath) -> Double {
    guard let tableView else { return placeholderHeight }
    guard let row = row(at: indexPath) else {
      if indexPath.section >= 0, indexPath.section < sections.count, indexPath.row >= 0,
        indexPath.row < sections[indexPath.section].count
      {
        placeholders.insert(indexPath)
        requestPage(pageKey(indexPath))
      }
      return placeholderHeight
    }
    let configure = configure
    let record = row.record
    guard !tableView.isEditing else {
      // The table keeps what it is told until edit mode ends: each row is measured once a mode.
      return tableView.height(forCellWithReuseIdentifier: reuseIdentifier, at: indexPath) { configure($0, record) }
    }
    let width = tableView.viewportSize.width
    if let height = row.heights[width] { return height }
    let height = tableView.height(forCellWithReuseIdentifier: reuseIdentifier, at: indexPath) { cell in
      configure(cell, record)
    }
    let key = pageKey(indexPath)
    let i = indexPath.row - key.index * pageSize
    pages.update(key) { page in
      if i < page.rows.count, page.rows[i].key == row.key { page.rows[i].heights[width] = height }
    }
    if reads.heights != nil, height.isFinite, width.isFinite, !row.isEdited {
      unsavedHeights.append(RecordHeight(key: row.key, width: width, height: height, fingerprint: row.fingerprint))
    }
    return height
  }

  /// The heights measured and not yet handed to the store's writer (``processUpdates()`` hands
  /// them over, one transaction a call).
  public var unsavedHeightCount: Int { unsavedHeights.count }

  /// Hands the measured heights to the writer's queue (one transaction); a failure is reported
  /// by a later ``processUpdates()`` and the heights are measured again next time.
  func saveHeights() {
    guard let heights = reads.heights, !unsavedHeights.isEmpty else { return }
    let batch = unsavedHeights
    unsavedHeights.removeAll()
    heightWriter.submit {
      do {
        try heights.store.store(batch, scope: heights.scope)
        return nil
      } catch {
        return SQLiteRecordError(error, source: "the row height store")
      }
    }
  }

  /// Reports the height writes that failed.
  func takeHeightResults() {
    for case let error? in heightWriter.takeResults() { report(error) }
  }

  /// The store's scope for this source: the database file (path, device and inode), the source
  /// (table or query, and key) and the reuse identifier. `nil` for a database with no file (in
  /// memory): its heights are kept only while its pages are cached.
  static func heightScope(
    _ store: SQLiteRowHeightStore, database: any DatabaseReader, request: SQLiteRecordRequest, reuseIdentifier: String
  ) throws(SQLiteRecordError) -> (store: SQLiteRowHeightStore, scope: Int64)? {
    let path = database.path
    guard let file = DatabaseFileIdentity.fileID(path) else { return nil }
    let source =
      switch request.source {
      case .table(let name): "table \(name)"
      case .sql(let sql, let arguments): "sql \(sql) \(arguments)"
      }
    let identity = [
      path, "\(file.device):\(file.inode)", source, request.key.columnName ?? "rowid", reuseIdentifier,
      store.layoutVersion,
    ].joined(separator: "\u{1F}")
    do {
      return (store, try store.scope(identity))
    } catch {
      throw SQLiteRecordError.cannotOpen(path: store.path, message: "the row height store: \(error)")
    }
  }
}
