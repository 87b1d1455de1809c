import TableViewCore

// Heights: a row's height at the table's width comes from the database when it was measured
// before (any launch), else from a template cell; new measurements are written in batches by
// the writer's queue.

extension SQLiteTableDataSource {
  /// The row's height: the stored one at the table's width; else measured with a template cell
  /// configured with the post (and stored); a placeholder's while the row's page is on its way
  /// (the row is reloaded, so measured, when it arrives). In edit mode the cells' content is
  /// narrower than the stored heights' (the editing controls take room): measured, not stored.
  /// - Complexity: O(1) expected for a known height; a measurement otherwise.
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    guard let post = post(at: indexPath) else {
      markPlaceholder(indexPath)
      return placeholderHeight
    }
    guard !tableView.isEditing else {
      // The table keeps what it is told until edit mode ends: each row is measured once a mode.
      let configure = configure
      return tableView.height(forCellWithReuseIdentifier: reuseIdentifier, at: indexPath) { configure($0, post) }
    }
    let width = tableView.viewportSize.width
    let key = pageKey(indexPath)
    if let height = pages.peek(key)?.heights[post.id]?[width] { return height }
    let configure = configure
    let height = tableView.height(forCellWithReuseIdentifier: reuseIdentifier, at: indexPath) { cell in
      configure(cell, post)
    }
    pages.update(key) { $0.heights[post.id, default: [:]][width] = height }
    pendingHeights.append(MeasuredHeight(postID: post.id, width: width, height: height))
    return height
  }

  /// The number of measured heights not yet handed to the writer.
  var unsavedHeightCount: Int { pendingHeights.count }

  /// Hands the measured heights to the writer's queue (one transaction); a failure is reported
  /// by a later ``processUpdates()``.
  func flushHeights() {
    guard !pendingHeights.isEmpty, !store.isReadOnly else { return }
    let batch = pendingHeights
    pendingHeights.removeAll()
    let store = store
    writer.submit {
      do {
        try store.storeHeights(batch)
        return .heightsStored(batch.count, nil)
      } catch {
        return .heightsStored(0, PostStoreError.from(error, path: store.path, action: "storing row heights"))
      }
    }
  }
}
