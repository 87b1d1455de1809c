import GRDB
import TableViewCore
import TableViewSQLite

// Pages: read on the reader's queue by keyset, cached (LRU), driven by the table's prefetching,
// cancelled when they scroll away, and applied on the owner's thread by `processUpdates()`.

extension SQLiteTableDataSource {
  /// Starts reading page `key` unless it is cached or already being read.
  func requestPage(_ key: PageKey) {
    guard key.section >= 0, key.section < sections.count, key.index >= 0,
      key.index * pageSize < sections[key.section].count, !pages.contains(key),
      !unconfirmedSections.contains(key.section)
    else { return }
    reader.want(key)
    guard inFlight.insert(key).inserted else { return }
    let store = store
    let reader = reader
    let pageSize = pageSize
    let filter = appliedFilter
    let known = directories[key.section]
    let expected = sections[key.section].version
    reader.submit {
      guard reader.takeWanted(key) else { return .pageDropped(key, nil) }
      do {
        return try store.read("reading page \(key.index) of section \(key.section)") { db in
          let version =
            try Int64.fetchOne(db, sql: "SELECT version FROM section WHERE id = ?", arguments: [key.section]) ?? 0
          // Read after a change the owner has not seen: dropped (the page is asked for again once the change is
          // applied). Handing it back under the new version would let the owner take it as an empty page when the
          // change's refresh reached it first: its rows placeholders for good (found by Fuzz/SQLiteSource).
          guard version == expected else { return .pageDropped(key, nil) }
          let directory =
            try known
            ?? (filter.map { try PostStore.matchingDirectories(db, query: $0)[key.section] ?? SectionDirectory() }
              ?? PostStore.directory(db, section: key.section))
          let page = try Self.readPage(db, key: key, directory: directory, pageSize: pageSize, filter: filter)
          return .page(page, version: version, directory: known == nil ? directory : nil, filter: filter)
        }
      } catch {
        return .pageDropped(key, PostStoreError.from(error, path: store.path, action: "reading a page"))
      }
    }
  }

  /// Reads one page: by keyset from the first row's position (unfiltered), or by the ids of the
  /// filtered directory; with the heights stored for its posts.
  static func readPage(
    _ db: Database, key: PageKey, directory: SectionDirectory, pageSize: Int, filter: String?
  ) throws -> PostPage {
    let first = key.index * pageSize
    guard first < directory.count else { return PostPage(key: key, posts: [], heights: [:]) }
    let posts =
      filter == nil
      ? try PostStore.page(db, section: key.section, from: directory.positions[first], limit: pageSize)
      : try PostStore.posts(db, ids: Array(directory.ids[first..<min(first + pageSize, directory.count)]))
    return PostPage(key: key, posts: posts, heights: try PostStore.heights(db, ids: posts.map(\.id)))
  }

  // MARK: Prefetching

  /// Starts reading the pages of `indexPaths`, nearest first (the table's order: the scroll direction).
  /// - Complexity: O(rows announced).
  public func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
    var seen: Set<PageKey> = []
    for path in indexPaths where seen.insert(pageKey(path)).inserted { requestPage(pageKey(path)) }
  }

  /// Cancels the reads of pages of `indexPaths` that no visible row or placeholder still needs:
  /// a job not started yet is skipped.
  /// - Complexity: O(rows cancelled + visible rows + placeholders).
  public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
    var needed = Set(tableView.indexPathsForVisibleRows.map(pageKey))
    needed.formUnion(placeholders.map(pageKey))
    for key in Set(indexPaths.map(pageKey)) where inFlight.contains(key) && !needed.contains(key) {
      reader.unwant(key)
    }
  }

  // MARK: The owner's hook

  /// What one ``processUpdates()`` did.
  public struct UpdateSummary: Sendable, Equatable {
    /// Pages that arrived and were cached.
    public var pagesLoaded = 0
    /// Pages that arrived stale (read before a change, or under another filter) or were skipped.
    public var pagesDropped = 0
    /// Live updates (or filter diffs) applied to the table.
    public var updatesApplied = 0
    /// Placeholder rows reloaded with their content.
    public var placeholdersReloaded = 0
    /// Whether the database changed since the last call (a refresh was started).
    public var changeNoticed = false
  }

  /// The owner's hook, called on the owner's thread from its run loop (every turn, or on a
  /// timer): notices changes by any process (`PRAGMA data_version`, microseconds) and starts a
  /// refresh; applies the pages and refreshes that arrived; reloads placeholder rows whose pages
  /// arrived; hands measured heights to the writer. Never waits for the database. Checks the file
  /// too (``PostStore/checkFile()``): once another program deleted or replaced it, that is reported
  /// (``onError``) once and no more changes are read: the table keeps what it shows.
  /// - Complexity: O(results + placeholders) plus, for a refresh, O(sections + rows of the
  ///   changed sections known) for its diff.
  @discardableResult
  public func processUpdates() -> UpdateSummary {
    var summary = UpdateSummary()
    if !fileLost {
      do {
        // The file deleted or replaced under the table: said once, and the table keeps what it shows.
        try store.checkFile()
        if try pollMonitor() {
          needsRefresh = true
          summary.changeNoticed = true
        }
      } catch {
        if error.kind == .fileDeletedOrReplaced { fileLost = true }
        report(error)
      }
    }
    if !fileLost { startRefreshIfNeeded() }
    for result in reader.takeResults() + writer.takeResults() {
      switch result {
      case .page(let page, let version, let directory, let filter):
        inFlight.remove(page.key)
        if accept(page, version: version, directory: directory, filter: filter) {
          summary.pagesLoaded += 1
          // Its rows are filled in now, while the page is surely cached: a later page of this
          // turn may evict it (found by Fuzz/SQLiteSource: pages for rows off screen evicted each
          // other and their placeholders were asked for again, turn after turn).
          summary.placeholdersReloaded += resolvePlaceholders(of: page.key)
        } else {
          summary.pagesDropped += 1
        }
      case .pageDropped(let key, let error):
        inFlight.remove(key)
        summary.pagesDropped += 1
        if let error { report(error) }
      case .refresh(let refresh):
        refreshInFlight = false
        if refreshGeneration != moveGeneration {
          // Read before a local move: it would put the row back. Read again once the move is written.
          needsRefresh = true
          if refresh.forced { filterChanged = true }
        } else if refresh.filter == filter, refresh.forced || refresh.filter == appliedFilter {
          if apply(refresh) { summary.updatesApplied += 1 }
          restorePositionIfDue()
        }
      case .refreshFailed(let error):
        refreshInFlight = false
        report(error)
      case .heightsStored(_, let error):
        if let error { report(error) }
      case .moveWritten(let id, let error):
        moveWritten(postID: id, error: error)
      }
    }
    startRefreshIfNeeded()
    summary.placeholdersReloaded += resolvePlaceholders()
    requestMissingVisiblePages()
    flushHeights()
    return summary
  }

  /// Asks again for the pages of visible rows that show their posts but whose pages are no longer
  /// cached (a local move lays pages out again only from the posts it has: after a long drag the
  /// moved post's own page may be gone), so that those rows can be moved, menus opened and
  /// measured again. Their cells are not reloaded: they already show their posts.
  /// - Complexity: O(visible rows).
  func requestMissingVisiblePages() {
    guard let tableView, !tableView.indexPathsForVisibleRows.isEmpty else { return }
    var seen: Set<PageKey> = []
    for path in tableView.indexPathsForVisibleRows {
      let key = pageKey(path)
      guard seen.insert(key).inserted, !pages.contains(key), !inFlight.contains(key) else { continue }
      requestPage(key)
    }
  }

  /// Caches a page that arrived, if it matches what the table shows.
  func accept(_ page: PostPage, version: Int64, directory: SectionDirectory?, filter: String?) -> Bool {
    let s = page.key.section
    guard filter == appliedFilter, s < sections.count, version == sections[s].version,
      !unconfirmedSections.contains(s)
    else { return false }
    if directories[s] == nil, let directory { directories[s] = directory }
    guard let known = directories[s], known.count == sections[s].count else { return false }
    for evicted in pages.insert(page, pinned: pagesOnScreen) where evicted.section != s {
      forgetDirectoryIfUnused(evicted.section)
    }
    return true
  }

  /// Drops a section's directory when nothing of it is cached, read or waited for (unfiltered:
  /// under a filter every section's matches are kept).
  func forgetDirectoryIfUnused(_ section: Int) {
    // The sections of a local move are diffed against the database's; a held row's stays known.
    guard appliedFilter == nil, directories[section] != nil, !unconfirmedSections.contains(section),
      tableView?.reorderingRow?.section != section
    else { return }
    if pages.keys.contains(where: { $0.section == section }) || inFlight.contains(where: { $0.section == section })
      || placeholders.contains(where: { $0.section == section })
    {
      return
    }
    directories.removeValue(forKey: section)
  }

  /// Reloads the placeholder rows of page `key`, which has just been cached. Returns the rows
  /// reloaded.
  /// - Complexity: O(page size).
  func resolvePlaceholders(of key: PageKey) -> Int {
    guard !placeholders.isEmpty, key.section < sections.count, directories[key.section] != nil else { return 0 }
    let first = key.index * pageSize
    let end = min(first + pageSize, sections[key.section].count)
    guard first < end else { return 0 }
    let rows = (first..<end).map { IndexPath(row: $0, section: key.section) }
    let reload = rows.filter { placeholders.remove($0) != nil }
    return self.reload(reload)
  }

  /// Reloads the placeholder rows whose pages arrived (measured and configured with their
  /// content), and asks again for the pages of the others. Returns the rows reloaded.
  /// - Complexity: O(placeholders).
  func resolvePlaceholders() -> Int {
    guard !placeholders.isEmpty else { return 0 }
    var reload: [IndexPath] = []
    for path in placeholders {
      guard path.section < sections.count, path.row < sections[path.section].count else {
        placeholders.remove(path)
        continue
      }
      if directories[path.section] != nil, pages.contains(pageKey(path)) {
        reload.append(path)
        placeholders.remove(path)
      } else {
        requestPage(pageKey(path))
      }
    }
    return self.reload(reload)
  }

  /// Reloads former placeholder rows (their pages are cached); returns how many.
  private func reload(_ rows: [IndexPath]) -> Int {
    guard !rows.isEmpty, let tableView else { return 0 }
    do {
      try tableView.reloadRows(at: rows.sorted())
    } catch {
      report(PostStoreError(.other, path: store.path, message: "reloading rows whose pages arrived failed: \(error)"))
    }
    return rows.count
  }
}
