import TableViewCore

// Moving rows by hand (the table's reorder): the move is made here at once — the sections' rows, counts and
// cached pages — so that the table's animated move and the data agree, then written to the database off the
// owner's thread (`PostStore.move`). Until the write reports back no refresh is read (the database would not have
// the move yet); the refresh after it diffs the moved sections by id and finds nothing to do. A write that fails
// leaves the database as it was: the same refresh's diff then moves the row back, animated, and the failure is
// reported.

extension SQLiteTableDataSource {
  /// Whether the row can be picked up: not under a search (its results are not the feed's order:
  /// a drop between two matches has no place in the sections), not in a read-only store, and not
  /// a placeholder (its post has not arrived: there is nothing to show in the hand).
  /// - Complexity: O(1) expected.
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    guard filter == nil, appliedFilter == nil, !store.isReadOnly, indexPath.row >= 0,
      let id = postID(at: indexPath)
    else { return false }
    return pages.peek(pageKey(indexPath))?.posts.contains { $0.id == id } ?? false
  }

  /// Moves the row at once (an optimistic move: the table applies its animated move right after this
  /// call, and the data already agrees), then writes the move to the database in the background: the
  /// post goes between its new neighbours (``PostStore/move(id:toSection:at:)``), its stored heights
  /// with it. When the write fails, the next refresh moves the row back and the failure is reported
  /// (``reportedErrors``, ``onError``, ``movesUndone``).
  /// - Complexity: O(rows of the two sections + cached pages).
  public func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    let (from, to) = (sourceIndexPath, destinationIndexPath)
    guard from != to, from.section >= 0, from.section < sections.count, to.section >= 0, to.section < sections.count,
      from.row >= 0, from.row < sections[from.section].count, to.row >= 0,
      to.row <= sections[to.section].count - (from.section == to.section ? 1 : 0)
    else {
      return report(PostStoreError(.other, path: store.path, message: "moving row \(from) to \(to): no such place"))
    }
    guard var source = directories[from.section], source.count == sections[from.section].count else {
      // Not known here (never the case for a row picked up: it showed its post): the table shows it moved,
      // the database is left alone, and the next refresh puts the sections back as the database has them.
      report(PostStoreError(.other, path: store.path, message: "moving row \(from): its section is not loaded"))
      forgetRows(movingRowAt: from, to: to)
      return
    }
    let id = source.ids.remove(at: from.row)
    source.positions.remove(at: from.row)
    let revision = source.revisions.remove(at: from.row)
    // The destination's rows: the source's (a move within the section), known, or an empty section's.
    var destination: SectionDirectory?
    if from.section == to.section {
      destination = source
    } else if let known = directories[to.section], known.count == sections[to.section].count {
      destination = known
    } else if sections[to.section].count == 0 {
      destination = SectionDirectory()
    }
    let point: PostStore.InsertionPoint
    var position: Int64 = 0
    if var rows = destination {
      point = to.row == 0 ? .top : .after(rows.ids[to.row - 1])
      let low = to.row > 0 ? rows.positions[to.row - 1] : nil
      let high = to.row < rows.count ? rows.positions[to.row] : nil
      // Where the database will most likely put it (a renumbered section's order is read back anyway).
      switch (low, high) {
      case (nil, nil): position = 0
      case (let low?, nil): position = low + PostStore.positionStep
      case (nil, let high?): position = high - PostStore.positionStep
      case (let low?, let high?): position = low + (high - low) / 2
      }
      rows.ids.insert(id, at: to.row)
      rows.positions.insert(position, at: to.row)
      rows.revisions.insert(revision, at: to.row)
      destination = rows
    } else {
      // Dropped among rows whose page had not arrived: the database places it by row; the section is read
      // again once the move is written.
      point = .row(to.row)
    }
    if from.section == to.section {
      directories[from.section] = destination
    } else {
      directories[from.section] = source
      directories[to.section] = destination
      sections[from.section].count -= 1
      sections[to.section].count += 1
    }
    rebuildPages(of: [from.section, to.section], moved: id, to: to, position: position)
    remapPlaceholders(movingRowAt: from, to: to)
    unconfirmedSections.formUnion([from.section, to.section])
    moveGeneration += 1
    movesInFlight += 1
    let store = store
    let section = to.section
    writer.submit {
      do {
        try store.move(id: id, toSection: section, at: point)
        return .moveWritten(postID: id, nil)
      } catch {
        return .moveWritten(postID: id, PostStoreError.from(error, path: store.path, action: "moving post \(id)"))
      }
    }
  }

  /// A move's write reported back: the next refresh reads the moved sections again (with the move, or,
  /// when it failed, without: its diff moves the row back).
  func moveWritten(postID id: Int64, error: PostStoreError?) {
    movesInFlight -= 1
    needsRefresh = true
    guard let error else { return }
    movesUndone += 1
    undoPending = true
    report(PostStoreError(error.kind, path: error.path, message: "\(error.message); the move of post \(id) was undone"))
  }

  /// The row at `path` after the row at `from` moved to `to`.
  static func indexPath(_ path: IndexPath, afterMovingRowAt from: IndexPath, to: IndexPath) -> IndexPath {
    if path == from { return to }
    var moved = path
    if moved.section == from.section, moved.row > from.row { moved.row -= 1 }
    if moved.section == to.section, moved.row >= to.row { moved.row += 1 }
    return moved
  }

  /// The cached pages of `sections` laid out again from their directories, by post id: a page whose
  /// posts are all cached keeps its place in the cache with its rows shifted; the others are dropped
  /// (asked for again once the database has the move). The moved post takes its new section and
  /// position, and its new page is made when all of its posts are known (an empty section's).
  /// - Complexity: O(cached pages · page size).
  func rebuildPages(of sections: Set<Int>, moved id: Int64, to destination: IndexPath, position: Int64) {
    let cached = pages.keys.filter { sections.contains($0.section) }
    var posts: [Int64: Post] = [:]
    var heights: [Int64: [Double: Double]] = [:]
    for key in cached {
      guard let page = pages.peek(key) else { continue }
      for post in page.posts { posts[post.id] = post }
      heights.merge(page.heights) { kept, _ in kept }
    }
    posts[id]?.section = destination.section
    posts[id]?.position = position
    let landing = pageKey(destination)
    let onScreen = pagesOnScreen
    for key in cached + (cached.contains(landing) ? [] : [landing]) {
      guard let directory = directories[key.section], key.index * pageSize < directory.count else {
        pages.remove(key)
        continue
      }
      let ids = directory.ids[key.index * pageSize..<min((key.index + 1) * pageSize, directory.count)]
      let laidOut = ids.compactMap { posts[$0] }
      guard laidOut.count == ids.count else {
        pages.remove(key)
        continue
      }
      let kept = heights.filter { ids.contains($0.key) }
      if pages.contains(key) {
        pages.update(key) { page in
          page.posts = laidOut
          page.heights = kept
        }
      } else {
        for evicted in pages.insert(PostPage(key: key, posts: laidOut, heights: kept), pinned: onScreen)
        where !sections.contains(evicted.section) {
          forgetDirectoryIfUnused(evicted.section)
        }
      }
    }
  }

  /// Placeholders follow their rows through a move.
  func remapPlaceholders(movingRowAt from: IndexPath, to: IndexPath) {
    guard !placeholders.isEmpty else { return }
    placeholders = Set(placeholders.map { Self.indexPath($0, afterMovingRowAt: from, to: to) })
  }

  /// The fallback for a move of rows not known here: the counts follow the table, the sections' rows and
  /// pages are forgotten, and the next refresh reloads both sections from the database.
  func forgetRows(movingRowAt from: IndexPath, to: IndexPath) {
    if from.section != to.section {
      sections[from.section].count -= 1
      sections[to.section].count += 1
    }
    for s in Set([from.section, to.section]) { directories.removeValue(forKey: s) }
    pages.removeAll { $0 == from.section || $0 == to.section }
    remapPlaceholders(movingRowAt: from, to: to)
    unconfirmedSections.formUnion([from.section, to.section])
    moveGeneration += 1
    needsRefresh = true
  }
}
