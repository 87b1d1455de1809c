import GRDB
import TableViewCore

// Opening and pages: the counts and the anchor's pages read in one job, pages by keyset driven by
// the table's prefetching and its placeholders, applied on the owner's thread by `processUpdates()`.

extension SQLiteRecordDataSource {
  /// Scrolls to `anchor` once its row's position is found and its pages are read (off the
  /// owner's thread; applied by ``processUpdates()``), at the top of the table (the last row: at
  /// the bottom).
  public func scroll(to anchor: SQLiteRecordAnchor) {
    // A first screen shown while its rows are counted: the scroll waits for the count (counting again behind it
    // would take as long once more).
    guard !showsFirstScreen else {
      pendingAnchor = anchor
      return
    }
    open(at: anchor, recount: isOpening)
  }

  /// Reads (off the owner's thread) the sections, if `recount`, and the pages around `anchor`.
  ///
  /// Without counts kept by triggers, counting the rows (or a filter's matches) and an anchor's place reads every
  /// row before it. Then the first screen (from the first row, or around the anchor's key) is read first, by
  /// queries that stop there, and shown while the rows are counted: the rows beyond it come as inserts, and
  /// nothing on screen moves. A first screen that fails fails the open, as the count would.
  func open(at anchor: SQLiteRecordAnchor, recount: Bool = true) {
    let reads = reads
    let database = database
    let generation = generation
    let known = sections
    let source = request.sourceDescription
    let height = tableView?.viewportSize.height ?? 0
    let estimate = max(tableView?.estimatedRowHeight ?? 1, 1)
    let screenRows = height.isFinite && height > 0 ? Int(min(height / estimate, 10_000)) + 1 : pageSize
    let failure: @Sendable (any Error) -> SQLiteRecordError = { error in
      error as? SQLiteRecordError ?? SQLiteRecordError(error, source: source)
    }
    let countsAreSlow = recount && (request.filter != nil || reads.plan.keptCounts == nil)
    // Set by a first screen that failed: the count after it then reports nothing more.
    let firstScreenFailed = Locked(false)
    // Around a key, only when an index serves the order: otherwise each of the two reads around it would sort the
    // whole table, where the count and one read sort it once.
    let orderIndexed = !warnings.contains { if case .orderNotIndexed = $0 { true } else { false } }
    if countsAreSlow, orderIndexed, case .key(let key) = anchor, reads.plan.section == nil {
      reader.submit {
        do {
          // No row with that key: nothing is shown early, and the count after it opens at the first row.
          guard let found = try database.read({ db in try reads.screen(db, around: key, rows: screenRows) }) else {
            return .screenAround(rows: [], anchorRow: 0, generation: generation)
          }
          return .screenAround(rows: found.rows, anchorRow: found.anchorRow, generation: generation)
        } catch {
          firstScreenFailed.withLock { $0 = true }
          return .openFailed(failure(error))
        }
      }
    }
    // From the first row, the first screen holds the anchor's pages: the count after it reads none.
    let firstScreenFirst = countsAreSlow && anchor == .first
    if firstScreenFirst {
      reader.submit {
        do {
          let first = try database.read { db in try reads.firstScreen(db, rows: screenRows, generation: generation) }
          return .firstScreen(sections: first.sections, pages: first.pages, generation: generation)
        } catch {
          firstScreenFailed.withLock { $0 = true }
          return .openFailed(failure(error))
        }
      }
    }
    reader.submit {
      // After a failed first screen: a result the owner ignores (the open has failed).
      guard !firstScreenFailed.withLock({ $0 }) else {
        return .firstScreen(sections: [], pages: [], generation: generation)
      }
      do {
        return try database.read { db in
          let sections = recount ? try reads.sections(db) : known
          if firstScreenFirst { return .opened(sections: sections, pages: [], anchor: nil, generation: generation) }
          guard let path = try reads.indexPath(db, of: anchor, sections: sections, generation: generation) else {
            return .opened(sections: sections, pages: [], anchor: nil, generation: generation)
          }
          let pages = try reads.pages(
            db, around: path, upward: anchor == .last, rows: screenRows, sections: sections, generation: generation)
          return .opened(sections: sections, pages: pages, anchor: path, generation: generation)
        }
      } catch {
        return .openFailed(failure(error))
      }
    }
  }

  /// Starts reading page `key` unless it is cached, being read, or failed.
  func requestPage(_ key: PageKey) {
    guard !isOpening, writesInFlight == 0, key.section >= 0, key.section < sections.count, key.index >= 0,
      key.index * pageSize < sections[key.section].count, !pages.contains(key), !failedPages.contains(key)
    else { return }
    reader.want(key)
    guard inFlight.insert(key).inserted else { return }
    let reads = reads
    let reader = reader
    let database = database
    let sections = sections
    let generation = generation
    let source = request.sourceDescription
    reader.submit {
      guard reader.takeWanted(key) else { return .pageDropped(key, nil) }
      do {
        return try database.read { db in
          guard let page = try reads.page(db, key, sections: sections, generation: generation) else {
            return .pageDropped(key, nil)
          }
          return .page(page, generation: generation)
        }
      } catch is RecordReadRace {
        return .pageRaced(key)
      } catch let error as SQLiteRecordError {
        return .pageDropped(key, error)
      } catch {
        return .pageDropped(key, SQLiteRecordError(error, source: source))
      }
    }
  }

  // MARK: Prefetching

  /// Starts reading the pages of `indexPaths`, nearest first (the table's order: the scroll direction).
  /// - Complexity: O(rows announced).
  public func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
    var seen: Set<PageKey> = []
    for path in indexPaths where seen.insert(pageKey(path)).inserted { requestPage(pageKey(path)) }
  }

  /// Cancels the reads of pages of `indexPaths` that no visible row or placeholder still needs.
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
    /// Pages that arrived stale or were skipped.
    public var pagesDropped = 0
    /// Placeholder rows reloaded with their content.
    public var placeholdersReloaded = 0
    /// Whether the sections were counted and shown (at open).
    public var opened = false
    /// Whether the database changed since the last call (a refresh was started).
    public var changeNoticed = false
    /// Live changes applied to the table as a batch update.
    public var updatesApplied = 0

    /// Nothing done.
    public init() {}
  }

  /// The owner's hook, called on the owner's thread from its run loop (every turn, or on a
  /// timer): notices commits by any connection (`PRAGMA data_version`, microseconds) and starts
  /// a refresh; applies the counts, pages and refreshes that arrived; reloads placeholder rows
  /// whose pages arrived, asks for the pages of the others. Never waits for the database.
  /// - Complexity: O(results + placeholders), plus O(sections + rows on screen) for a change.
  @discardableResult
  public func processUpdates() -> UpdateSummary {
    var summary = UpdateSummary()
    // The file deleted or replaced under the source: said once; what is shown stays (a refresh still reads the
    // file opened, to undo a change the write refused).
    if fileLoss == nil, let identity = fileIdentity, let change = identity.change() {
      fileLoss = change
      report(.fileLost(path: identity.path, message: identity.message(change, whileWriting: false)))
    }
    // A poll that fails (the file locked for a moment) is tried again on the next call.
    if fileLoss == nil, let changed = try? monitor?.poll(), changed {
      needsRefresh = true
      summary.changeNoticed = true
    }
    takeWriteResults()
    startRefreshIfNeeded()
    for result in reader.takeResults(limit: resultsPerUpdate) {
      switch result {
      case .opened(let counted, let read, let anchor, let generation):
        guard generation == self.generation else { continue }
        summary.opened = isOpening
        adoptOpened(sections: counted, pages: read, anchor: anchor)
      case .firstScreen(let found, let read, let generation):
        guard generation == self.generation, isOpening, !found.isEmpty else { continue }
        showFirstScreen(sections: found, pages: read)
      case .screenAround(let found, let anchorRow, let generation):
        guard generation == self.generation, isOpening, !found.isEmpty else { continue }
        showScreen(around: found, anchorRow: anchorRow)
      case .openFailed(let error):
        isOpening = false
        showsFirstScreen = false
        screenAround = nil
        pendingAnchor = nil
        report(error)
      case .page(let page, let generation):
        inFlight.remove(page.key)
        let s = page.key.section
        guard generation == self.generation, s < sections.count,
          page.rows.count == min(pageSize, sections[s].count - page.key.index * pageSize)
        else {
          summary.pagesDropped += 1
          continue
        }
        pages.insert(page, pinned: pagesOnScreen)
        summary.pagesLoaded += 1
        summary.placeholdersReloaded += resolvePlaceholders(of: page.key)
      case .pageRaced(let key):
        inFlight.remove(key)
        summary.pagesDropped += 1
        needsRefresh = true
      case .pageDropped(let key, let error):
        inFlight.remove(key)
        summary.pagesDropped += 1
        if let error {
          failedPages.insert(key)
          report(error)
        }
      case .refreshed(let refresh):
        refreshInFlight = false
        if refreshIsStale {
          // Read before a change made on screen since: read again once the change is written.
          refreshIsStale = false
          needsRefresh = true
        } else if apply(refresh) {
          summary.updatesApplied += 1
        }
      case .refreshFailed(let error):
        refreshInFlight = false
        if refreshIsStale {
          refreshIsStale = false
          needsRefresh = true
        }
        report(error)
        // A lock held for a moment: tried again; a schema changed under the source is not.
        if error.description.contains("locked") || error.description.contains("busy") { needsRefresh = true }
      }
    }
    startRefreshIfNeeded()
    requestMissingVisiblePages()
    summary.placeholdersReloaded += resolvePlaceholders()
    takeHeightResults()
    saveHeights()
    return summary
  }

  /// Asks for the pages of visible rows that are not cached (after a change, the rows on screen
  /// but outside the pages read again).
  /// - Complexity: O(visible rows).
  func requestMissingVisiblePages() {
    guard let tableView, !isOpening else { return }
    for path in tableView.indexPathsForVisibleRows where !pages.contains(pageKey(path)) {
      placeholders.insert(path)
    }
  }

  /// Takes the counts and pages read at open (or for a scroll to an anchor), and scrolls there.
  func adoptOpened(sections counted: [RecordSection], pages read: [RecordPage<Record>], anchor: IndexPath?) {
    defer {
      // A scroll asked for while the first screen was counted: from the counts just taken.
      if let pending = pendingAnchor, !isOpening {
        pendingAnchor = nil
        open(at: pending, recount: false)
      }
    }
    if showsFirstScreen {
      showsFirstScreen = false
      if let shown = screenAround {
        screenAround = nil
        if extendScreen(shown, to: counted, anchor: anchor, pages: read) { return }
      } else if extendFirstScreen(to: counted) {
        return
      }
    }
    let reload = isOpening || counted != sections
    isOpening = false
    if reload {
      sections = counted
      pages.removeAll { _ in true }
      placeholders.removeAll()
      failedPages.removeAll()
    }
    for page in read { pages.insert(page, pinned: []) }
    guard let tableView else { return }
    if reload { tableView.reloadData() }
    if let anchor, anchor.section < sections.count, anchor.row < sections[anchor.section].count {
      let bottom = anchor.section == sections.count - 1 && anchor.row == sections[anchor.section].count - 1
      try? tableView.scrollToRow(at: anchor, at: bottom ? .bottom : .top, animated: false)
    }
    for page in read { _ = resolvePlaceholders(of: page.key) }
  }

  /// Shows a filter's first screen of matches while they are counted (the source is still
  /// opening: no page is read until the counts arrive).
  func showFirstScreen(sections found: [RecordSection], pages read: [RecordPage<Record>]) {
    sections = found
    pages.removeAll { _ in true }
    for page in read { pages.insert(page, pinned: []) }
    showsFirstScreen = true
    tableView?.reloadData()
  }

  /// Shows the rows around an anchor's key while its place and the rows are counted, the anchor's
  /// row at the top (the source is still opening: no page is read until the counts arrive). Their
  /// pages are cut from the first row shown: the landmarks learn their places once counted.
  func showScreen(around found: [RecordRow<Record>], anchorRow: Int) {
    sections = [RecordSection(value: .null, count: found.count)]
    pages.removeAll { _ in true }
    for (n, i) in stride(from: 0, to: found.count, by: pageSize).enumerated() {
      let rows = Array(found[i..<min(i + pageSize, found.count)])
      pages.insert(RecordPage(key: PageKey(section: 0, index: n), rows: rows), pinned: [])
    }
    showsFirstScreen = true
    screenAround = (found, anchorRow)
    guard let tableView else { return }
    tableView.reloadData()
    try? tableView.scrollToRow(at: IndexPath(row: anchorRow, section: 0), at: .top, animated: false)
  }

  /// The counts after a screen around an anchor's key: the rows before it inserted above (the
  /// table keeps its visible content where it is) and the rows after it below, its pages cut
  /// again at their places (the whole ones; the rows of a part of a page are read again if on
  /// screen), and `read`, the pages read around the anchor, added. `false` when the counts do not
  /// hold the rows shown (the database changed meanwhile): then reloaded.
  func extendScreen(
    _ shown: (rows: [RecordRow<Record>], anchorRow: Int), to counted: [RecordSection], anchor: IndexPath?,
    pages read: [RecordPage<Record>]
  ) -> Bool {
    guard let tableView, counted.count == 1, let anchor, anchor.section == 0, anchor.row >= shown.anchorRow,
      counted[0].count - anchor.row >= shown.rows.count - shown.anchorRow
    else { return false }
    let start = anchor.row - shown.anchorRow
    let end = start + shown.rows.count
    let total = counted[0].count
    isOpening = false
    sections = counted
    pages.removeAll { _ in true }
    // Whole pages only: from the first page boundary at or after `start`, up to the last one before `end` (or
    // `end` itself, at the end of the rows).
    let firstPage = (start + pageSize - 1) / pageSize
    let skipped = firstPage * pageSize - start
    if skipped < shown.rows.count {
      let cut = reads.cutIntoPages(
        Array(shown.rows[skipped...]), section: 0, firstPage: firstPage, generation: generation)
      for page in cut where page.rows.count == min(pageSize, total - page.key.index * pageSize) {
        pages.insert(page, pinned: [])
      }
    }
    for page in read { pages.insert(page, pinned: []) }
    var update = BatchUpdate()
    if start > 0 { update.insertRows(in: 0..<start, section: 0, with: .none) }
    if end < total { update.insertRows(in: end..<total, section: 0, with: .none) }
    guard !update.isEmpty else { return true }
    do {
      try tableView.apply(update)
    } catch {
      tableView.reloadData()
    }
    requestMissingVisiblePages()
    return true
  }

  /// The counts after the first screen: the matches beyond it inserted below the rows found (in
  /// the last section found, and the sections after it), nothing on screen moved. `false` when
  /// the counts do not extend what was shown (the database changed meanwhile): then reloaded.
  func extendFirstScreen(to counted: [RecordSection]) -> Bool {
    let shown = sections
    guard let tableView, counted.count >= shown.count, !shown.isEmpty else { return false }
    for (s, section) in shown.enumerated() {
      let last = s == shown.count - 1
      guard counted[s].value == section.value,
        last ? counted[s].count >= section.count : counted[s].count == section.count
      else { return false }
    }
    isOpening = false
    sections = counted
    let s = shown.count - 1
    let more = counted[s].count - shown[s].count
    var update = BatchUpdate()
    if more > 0 {
      // The last page found may be a part of a page now.
      let last = PageKey(section: s, index: (shown[s].count - 1) / pageSize)
      if let page = pages.peek(last), page.rows.count < min(pageSize, counted[s].count - last.index * pageSize) {
        pages.remove(last)
      }
      update.insertRows(in: shown[s].count..<counted[s].count, section: s, with: .none)
    }
    if counted.count > shown.count { update.insertSections(Array(shown.count..<counted.count), with: .none) }
    guard !update.isEmpty else { return true }
    do {
      try tableView.apply(update)
    } catch {
      tableView.reloadData()
    }
    return true
  }

  /// Reloads the placeholder rows of page `key`, which has just been cached; returns how many.
  /// - Complexity: O(page size).
  func resolvePlaceholders(of key: PageKey) -> Int {
    guard !placeholders.isEmpty, key.section < sections.count else { return 0 }
    let first = key.index * pageSize
    let end = min(first + pageSize, sections[key.section].count)
    guard first < end else { return 0 }
    let rows = (first..<end).map { IndexPath(row: $0, section: key.section) }
    return reload(rows.filter { placeholders.remove($0) != nil })
  }

  /// Reloads the placeholder rows whose pages arrived, and asks again for the pages of the others
  /// (unless their read failed); returns the rows reloaded.
  /// - Complexity: O(placeholders).
  func resolvePlaceholders() -> Int {
    guard !placeholders.isEmpty else { return 0 }
    var rows: [IndexPath] = []
    for path in placeholders {
      guard path.section < sections.count, path.row < sections[path.section].count else {
        placeholders.remove(path)
        continue
      }
      if pages.contains(pageKey(path)) {
        rows.append(path)
        placeholders.remove(path)
      } else {
        requestPage(pageKey(path))
      }
    }
    return reload(rows)
  }

  /// Reloads former placeholder rows (their pages are cached); returns how many.
  private func reload(_ rows: [IndexPath]) -> Int {
    guard !rows.isEmpty, let tableView else { return 0 }
    do {
      try tableView.reloadRows(at: rows.sorted())
    } catch {
      report(.queryFailed("", message: "reloading rows whose pages arrived failed: \(error)"))
    }
    return rows.count
  }
}
