import GRDB
import TableViewCore
import TableViewSQLite

// Live changes: a refresh reads, in one transaction off the owner's thread, every section's count
// and version, the directories of the changed sections the owner knows, and its cached pages of
// those sections; the owner then diffs by id and applies one batch update.

extension SQLiteTableDataSource {
  /// Starts a refresh when a change was noticed, a filter set, or a search's counts are due, and
  /// none is being read nor any local move being written (the database would not have it yet: its
  /// diff would move the row back, then forward again).
  func startRefreshIfNeeded() {
    let countsDue = uncountedFrom != nil && appliedFilter == filter
    guard needsRefresh || filterChanged || countsDue, !refreshInFlight, movesInFlight == 0 else { return }
    let forced = filterChanged
    needsRefresh = false
    filterChanged = false
    refreshInFlight = true
    let store = store
    let filter = filter
    let pageSize = pageSize
    // A section changed by a local move is read again and diffed whatever its version.
    let unconfirmed = unconfirmedSections
    let oldVersions = sections.indices.map { unconfirmed.contains($0) ? -1 : sections[$0].version }
    refreshGeneration = moveGeneration
    let cachedPages = pages.keys
    // Under a new filter, only the sections on screen (cached) are diffed by id; the others are reloaded.
    let known = forced ? Set(cachedPages.map(\.section)) : Set(directories.keys)
    // A new search shows its first screen first: enough rows for two screens of placeholders, at least a page.
    let height = tableView?.viewportSize.height ?? 0
    let screenRows = height.isFinite && height > 0 ? Int(min(height / placeholderHeight, 10_000)) + 1 : 0
    let firstRows = forced && filter != nil ? max(pageSize, 2 * screenRows) : nil
    let uncounted = forced ? nil : uncountedFrom
    reader.submit {
      do {
        return .refresh(
          try store.read("reading the changes") { db in
            try Self.readRefresh(
              db, filter: filter, forced: forced, oldVersions: oldVersions, known: known, cachedPages: cachedPages,
              pageSize: pageSize, firstRows: firstRows, uncountedFrom: uncounted)
          })
      } catch {
        return .refreshFailed(PostStoreError.from(error, path: store.path, action: "reading the changes"))
      }
    }
  }

  /// Reads the database's state for a refresh. Under a new filter with `firstRows`, only the
  /// first sections' matches (enough for `firstRows` rows) are read, the later sections shown
  /// empty until counted (`uncountedFrom` in the result); a later refresh with `uncountedFrom`
  /// counts every section and takes the uncounted ones as changed.
  static func readRefresh(
    _ db: Database, filter: String?, forced: Bool, oldVersions: [Int64], known: Set<Int>, cachedPages: [PageKey],
    pageSize: Int, firstRows: Int? = nil, uncountedFrom: Int? = nil
  ) throws -> RefreshResult {
    var states = try PostStore.sectionStates(db)
    var changed: Set<Int> = []
    for s in 0..<max(states.count, oldVersions.count)
    where forced || s >= states.count || s >= oldVersions.count || states[s].version != oldVersions[s]
      || uncountedFrom.map({ s >= $0 }) ?? false
    {
      changed.insert(s)
    }
    var directories: [Int: SectionDirectory] = [:]
    var stillUncounted: Int?
    var firstPages: [PageKey] = []
    if let filter {
      let matches: [Int: SectionDirectory]
      if let firstRows {
        let first = try PostStore.firstMatches(db, query: filter, sections: states.count, rows: firstRows)
        matches = first.directories
        stillUncounted = first.uncountedFrom
        // The first screen's pages come with it: no placeholder round trip for them.
        var rows = 0
        for s in states.indices where rows < firstRows {
          let count = matches[s]?.count ?? 0
          for index in 0..<(count + pageSize - 1) / pageSize where rows < firstRows {
            firstPages.append(PageKey(section: s, index: index))
            rows += min(pageSize, count - index * pageSize)
          }
        }
      } else {
        matches = try PostStore.matchingDirectories(db, query: filter)
      }
      for s in states.indices {
        let directory = matches[s] ?? SectionDirectory()
        states[s].count = directory.count
        directories[s] = directory
      }
    } else {
      for s in changed where s < states.count && known.contains(s) {
        directories[s] = try PostStore.directory(db, section: s)
      }
    }
    var pages: [PostPage] = []
    for key in firstPages + cachedPages.filter({ !firstPages.contains($0) }) where changed.contains(key.section) {
      guard let directory = directories[key.section], key.index * pageSize < directory.count else { continue }
      pages.append(try readPage(db, key: key, directory: directory, pageSize: pageSize, filter: filter))
    }
    return RefreshResult(
      filter: filter, forced: forced, sections: states, changed: changed, directories: directories, pages: pages,
      uncountedFrom: stillUncounted)
  }

  /// Applies a refresh as one batch update: sections added or removed at the end; a changed
  /// section whose rows are known before and after is diffed by id (inserts, deletes, moves, and
  /// reloads of edited rows: re-measured); any other changed section is reloaded. A new search's
  /// results are shown from their top. Returns whether
  /// the table took it (else it was reloaded whole, and the failure reported).
  /// - Complexity: O(sections + k log k) for k rows in the diffed sections.
  func apply(_ refresh: RefreshResult) -> Bool {
    if refresh.changed.isEmpty {
      adopt(refresh)
      return false
    }
    let oldSections = sections
    let oldDirectories = directories
    let oldCount = oldSections.count
    let newCount = refresh.sections.count
    var old = DiffableSnapshot<Int, Int64>()
    var new = DiffableSnapshot<Int, Int64>()
    var reloadedSections: [Int] = []
    var diffed: Set<Int> = []
    var oldRevisions: [Int64: Int64] = [:]
    do {
      try old.appendSections(Array(0..<oldCount))
      try new.appendSections(Array(0..<newCount))
      // Sections a search had not counted yet were empty and below the screen: reloaded, not diffed.
      let firstUncounted = uncountedFrom ?? Int.max
      for s in refresh.changed.sorted() where s < min(oldCount, newCount) {
        if s < firstUncounted, let before = oldDirectories[s], before.count == oldSections[s].count,
          let after = refresh.directories[s]
        {
          diffed.insert(s)
          try old.appendItems(before.ids, toSection: s)
          try new.appendItems(after.ids, toSection: s)
          for (id, revision) in zip(before.ids, before.revisions) { oldRevisions[id] = revision }
        } else {
          reloadedSections.append(s)
        }
      }
      // Edited rows (and placeholders of diffed sections) are reloaded: asked again, measured again.
      var reloaded: Set<Int64> = []
      for s in diffed {
        let after = refresh.directories[s]!
        for (id, revision) in zip(after.ids, after.revisions) where oldRevisions[id].map({ $0 != revision }) ?? false {
          reloaded.insert(id)
        }
      }
      for path in placeholders where refresh.changed.contains(path.section) || path.section >= newCount {
        placeholders.remove(path)
        if diffed.contains(path.section), let id = oldDirectories[path.section]?.ids[path.row],
          new.indexOfItem(id) != nil
        {
          reloaded.insert(id)
        }
      }
      try new.reloadItems(Array(reloaded))
    } catch {
      report(PostStoreError(.other, path: store.path, message: "building the live update failed: \(error)"))
      return reloadEverything(with: refresh)
    }
    var update = new.batchUpdate(from: old)
    if !reloadedSections.isEmpty { update.reloadSections(reloadedSections) }
    // A move the database refused goes back where it came from, gliding, whatever the animation.
    update = update.animating(liveChangeAnimation, movesGlide: undoPending || liveChangeAnimation != .none)
    undoPending = false
    adopt(refresh)
    // The database caught up with what the table shows (a local move confirmed): nothing to animate.
    guard !update.isEmpty else { return false }
    guard let tableView else { return true }
    do {
      try tableView.apply(update)
      // A new search's results are read from their top.
      if refresh.forced, refresh.filter != nil {
        tableView.setContentOffset(
          Point(x: tableView.contentOffset.x, y: tableView.minimumContentOffsetY), animated: false)
      }
      return true
    } catch {
      report(
        PostStoreError(.other, path: store.path, message: "the table refused the live update (\(error)); reloaded"))
      tableView.reloadData()
      return false
    }
  }

  /// Takes the refresh's state as the table's: counts, directories and pages of changed sections.
  func adopt(_ refresh: RefreshResult) {
    sections = refresh.sections
    appliedFilter = refresh.filter
    uncountedFrom = refresh.uncountedFrom
    for s in refresh.changed { directories[s] = refresh.directories[s] }
    unconfirmedSections.subtract(refresh.changed)
    for s in Array(directories.keys) where s >= sections.count { directories.removeValue(forKey: s) }
    pages.removeAll { refresh.changed.contains($0) }
    for page in refresh.pages { pages.insert(page) }
  }

  /// The fallback when no update can be built: the refresh's state, and the table reloaded.
  func reloadEverything(with refresh: RefreshResult) -> Bool {
    adopt(refresh)
    placeholders.removeAll()
    tableView?.reloadData()
    return false
  }
}
