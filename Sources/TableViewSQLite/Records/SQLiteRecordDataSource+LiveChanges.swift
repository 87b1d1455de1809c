import GRDB
import TableViewCore

// Live changes, for any schema and a read-only file: `PRAGMA data_version` noticed a commit; the
// sections are counted again and the rows on screen read again from where their first row is
// now, diffed by key, and applied as one batch update: rows on screen that changed are reloaded,
// rows that came or went between them inserted and deleted, the counts above and below the
// screen adjusted off screen, nothing else moved.

extension SQLiteRecordDataSource {
  /// Starts a refresh when a change was noticed and none is being read nor the source opening.
  func startRefreshIfNeeded() {
    guard needsRefresh, !refreshInFlight, !isOpening, writesInFlight == 0 else { return }
    needsRefresh = false
    refreshInFlight = true
    let windows = visibleWindows()
    let reads = reads
    let database = database
    let source = request.sourceDescription
    reader.submit {
      do {
        return .refreshed(try database.read { db in try reads.refresh(db, windows: windows) })
      } catch let error as SQLiteRecordError {
        return .refreshFailed(error)
      } catch {
        return .refreshFailed(SQLiteRecordError(error, source: source))
      }
    }
  }

  /// The rows on screen of each section, from the first one whose page is cached, as long as
  /// the pages are cached and no row comes twice. (Pages read either side of a commit the hook
  /// had not noticed can show a row that moved between them in both: the diff by key needs each
  /// key once, so the window ends there and the rows after it are shown again from the refresh.)
  /// - Complexity: O(visible rows).
  func visibleWindows() -> [RecordWindow] {
    guard let tableView else { return [] }
    var bySection: [Int: [IndexPath]] = [:]
    for path in tableView.indexPathsForVisibleRows { bySection[path.section, default: []].append(path) }
    var windows: [RecordWindow] = []
    for (section, paths) in bySection.sorted(by: { $0.key < $1.key }) where section < sections.count {
      var window = RecordWindow(section: section, value: sections[section].value, start: 0, rows: [])
      var keys: Set<DatabaseValue> = []
      for path in paths.sorted() {
        guard let row = cachedRow(at: path), !movedKeys.contains(row.key) else {
          if window.rows.isEmpty { continue } else { break }
        }
        guard keys.insert(row.key).inserted else { break }
        if window.rows.isEmpty { window.start = path.row }
        window.rows.append(RecordWindow.WindowRow(key: row.key, sortKey: row.sortKey, values: row.values))
      }
      if !window.rows.isEmpty { windows.append(window) }
    }
    return windows
  }

  /// Applies a refresh as one batch update (see the top of this file); returns whether the table
  /// changed. A table that refuses the update is reloaded, and the failure reported.
  /// - Complexity: O(sections + rows on screen).
  func apply(_ refresh: RecordRefresh<Record>) -> Bool {
    let old = sections
    let new = refresh.sections
    var update = BatchUpdate()
    let animation = liveChangeAnimation
    // Sections matched by value (both in the section column's order).
    let newIndex = Dictionary(new.enumerated().map { ($1.value, $0) }, uniquingKeysWith: { a, _ in a })
    let oldValues = Set(old.map(\.value))
    let deleted = old.indices.filter { newIndex[old[$0].value] == nil }
    let inserted = new.indices.filter { !oldValues.contains(new[$0].value) }
    if !deleted.isEmpty { update.deleteSections(deleted, with: animation) }
    if !inserted.isEmpty { update.insertSections(inserted, with: animation) }
    // The rows after the update whose cells show what the refresh read: a window's rows, kept or inserted.
    var trusted: Set<IndexPath> = []
    let windows = Dictionary(refresh.windows.map { ($0.window.section, $0) }, uniquingKeysWith: { a, _ in a })
    for (s, section) in old.enumerated() {
      guard let t = newIndex[section.value] else { continue }
      let newCount = new[t].count
      guard let (window, _, start, rows) = windows[s], !window.rows.isEmpty else {
        // Off screen: only the count matters.
        if newCount > section.count {
          update.insertRows(in: section.count..<newCount, section: t, with: animation)
        } else if newCount < section.count {
          update.deleteRows(in: newCount..<section.count, section: s, with: animation)
        }
        continue
      }
      let a = window.start
      // The new window: from the first row's new position to the last row that was in the old one.
      let oldKeys = Dictionary(window.rows.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { x, _ in x })
      let lastKept = rows.lastIndex { oldKeys[$0.key] != nil }
      let length = lastKept.map { $0 + 1 } ?? min(window.rows.count, rows.count)
      let newWindow = Array(rows.prefix(length))
      trusted.formUnion((start..<start + newWindow.count).map { IndexPath(row: $0, section: t) })
      // Above the window: rows came or went off screen, just above it.
      if start > a {
        update.insertRows(in: a..<start, section: t, with: animation)
      } else if start < a {
        update.deleteRows(in: start..<a, section: s, with: animation)
      }
      // The window, by key: the rows whose order is kept (a longest increasing run) stay, reloaded
      // if they changed; the others are deleted and inserted (or moved, unchanged).
      let newKeys = Set(newWindow.map(\.key))
      for (i, row) in window.rows.enumerated() where !newKeys.contains(row.key) {
        update.deleteRows(at: [IndexPath(row: a + i, section: s)], with: animation)
      }
      let common = newWindow.enumerated().compactMap { j, row in oldKeys[row.key].map { (old: $0, new: j) } }
      let kept = Set(Self.longestIncreasingRun(common.map(\.old)))
      for (j, row) in newWindow.enumerated() {
        guard let i = oldKeys[row.key] else {
          update.insertRows(at: [IndexPath(row: start + j, section: t)], with: animation)
          continue
        }
        let changed = window.rows[i].values != row.values
        if kept.contains(i) {
          if changed { update.reloadRows(at: [IndexPath(row: a + i, section: s)], with: animation) }
        } else if changed {
          update.deleteRows(at: [IndexPath(row: a + i, section: s)], with: animation)
          update.insertRows(at: [IndexPath(row: start + j, section: t)], with: animation)
        } else {
          update.moveRow(
            at: IndexPath(row: a + i, section: s), to: IndexPath(row: start + j, section: t), animated: true)
        }
      }
      // Below the window: rows came or went off screen, at the end.
      let oldBelow = section.count - a - window.rows.count
      let newBelow = newCount - start - newWindow.count
      if newBelow > oldBelow {
        update.insertRows(in: newCount - (newBelow - oldBelow)..<newCount, section: t, with: animation)
      } else if newBelow < oldBelow {
        update.deleteRows(in: section.count - (oldBelow - newBelow)..<section.count, section: s, with: animation)
      }
    }
    let hadPlaceholders = !placeholders.isEmpty
    // Rows on screen outside the windows whose pages came while the refresh was read: read before
    // the commit it reads, they may show what the database no longer has there. When nothing moves
    // they are compared with what the refresh read at the same place.
    var shownBefore: [IndexPath: RecordRow<Record>] = [:]
    if update.isEmpty, let tableView {
      for path in tableView.indexPathsForVisibleRows where !trusted.contains(path) {
        shownBefore[path] = cachedRow(at: path)
      }
    }
    sections = new
    generation = refresh.generation
    movedKeys.removeAll()
    let reloadOutsideWindows = !update.isEmpty || changedOnScreen
    changedOnScreen = false
    pages.removeAll { _ in true }
    for page in refresh.pages { pages.insert(page, pinned: []) }
    placeholders.removeAll()
    failedPages.removeAll()
    guard let tableView else { return false }
    if !update.isEmpty {
      do {
        try tableView.apply(update)
      } catch {
        report(.queryFailed("", message: "the table refused the live update (\(error)); reloaded"))
        tableView.reloadData()
        return false
      }
    }
    // Rows that were placeholders (their pages may have come with the refresh) are shown again, whether or not
    // anything changed (a refresh after the user's own change that the database kept changes nothing). After a
    // change, or one made on screen, so are the rows on screen outside the windows: such a row (one the update
    // brought on screen from beyond a window, or one moved on screen) is taken to be the row that was there,
    // which a change beyond the window may have deleted.
    let stale = tableView.indexPathsForVisibleRows.filter { path in
      guard pages.contains(pageKey(path)) else { return false }
      if hadPlaceholders || (reloadOutsideWindows && !trusted.contains(path)) { return true }
      guard let before = shownBefore[path], let now = cachedRow(at: path) else { return false }
      return before.key != now.key || before.values != now.values
    }
    if !stale.isEmpty { try? tableView.reloadRows(at: stale) }
    markUncachedVisibleRows()
    return !update.isEmpty
  }

  /// Takes the rows on screen whose pages are not cached (a refresh or the user's change let them
  /// go) as placeholders: what their cells show may be older than the page read for them next,
  /// so they are reloaded when it arrives.
  /// - Complexity: O(visible rows).
  func markUncachedVisibleRows() {
    guard let tableView else { return }
    for path in tableView.indexPathsForVisibleRows where !pages.contains(pageKey(path)) {
      placeholders.insert(path)
    }
  }

  /// The cached row at `path`, if its page is cached (the cache's order is left alone).
  func cachedRow(at path: IndexPath) -> RecordRow<Record>? {
    guard let page = pages.peek(pageKey(path)) else { return nil }
    let i = path.row - page.key.index * pageSize
    return i >= 0 && i < page.rows.count ? page.rows[i] : nil
  }

  /// The indexes (into `values`' values) of a longest strictly increasing subsequence.
  /// - Complexity: O(n log n).
  static func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = []  // indexes into values
    var previous = Array(repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if values[tails[mid]] < v { low = mid + 1 } else { high = mid }
      }
      if low > 0 { previous[i] = tails[low - 1] }
      if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var result: [Int] = []
    var i = tails.last ?? -1
    while i >= 0 {
      result.append(values[i])
      i = previous[i]
    }
    return result.reversed()
  }
}
