import DemoData
import DemoDatabase
import TableViewCore
import TableViewSQLite
import TableViewTerminal
import TerminalKit

/// The feed served from an SQLite database (`TableViewSQLite`): rows are read in pages off the main thread, a row
/// whose page has not arrived is a placeholder until it does, and every change — a delete, a mark, a new post,
/// a refresh, a page of older posts, or a write by another process (`tableview-demo --db PATH --writer`) — is
/// written to the database first; the table follows the database (the data source notices each commit and
/// applies it as one animated batch update). Posts move as in the in-memory feed (≡ in edit mode, or m): the row
/// moves at once and the move is written in the background (undone, gliding back, if the file refuses it). `/`
/// searches the posts (SQLite FTS5); Esc returns to where the user was.
final class DatabaseFeedScreen: TableScreen, SQLiteTableDataSourceForwarding {
  /// The database.
  let store: PostStore
  /// The table's data source over the database (also its height delegate: this screen forwards to it).
  private(set) var source: SQLiteTableDataSource?
  /// Writes go here, off the main thread; the table changes when the database has.
  let writes: PostWriteQueue
  /// Posts the user selected, shown with a check mark (by id: the mark stays with its post).
  private var checked: Set<Int64> = []
  /// The posts a page of "load more" appends.
  static let pageSize = 20
  /// Pages of older posts asked for so far.
  private(set) var pagesLoaded = 0
  /// Whether a page of older posts was asked for and has not arrived.
  private var loadingMore = false
  /// When a refresh in progress writes its posts.
  private var refreshDue: Double?
  /// Whether the table goes to the top once the new post arrives.
  private var scrollsToTopOnUpdate = false
  /// The last failure, shown on the status line.
  private(set) var lastError: String?
  /// The last write that failed (a locked or read-only file), shown in a line above the table until the
  /// next write: nothing was changed, and the user can try again.
  private(set) var writeError: String?
  /// The search line (`/`) while open.
  private var search: ChatComposer?
  /// Whether the search line has the keyboard (Enter gives it back to the table, keeping the results).
  private var isTypingSearch = false
  private var rect = CellRect(x: 0, y: 0, width: 0, height: 0)
  private let clock: any TableViewClock
  private var newPosts = 0
  /// Moves the database refused so far (each put back and said in the error line).
  private var movesUndone = 0
  /// Whether the headers' heights were last asked under a search (its end asks them again).
  private var headersFollowSearch = false

  /// How often the database is polled for other processes' changes when nothing is being read.
  static let pollInterval = 0.1
  /// How often while pages are being read or written.
  static let busyPollInterval = 0.01
  /// How long a refresh takes, in seconds (as in the in-memory feed).
  static let refreshDelay = FeedScreen.refreshDelay

  init(context: DemoContext, store: PostStore) {
    self.store = store
    writes = PostWriteQueue(store: store)
    clock = context.clock
    super.init(context: context)
    FeedScreen.setUpFeedTable(table)
    let refresh = RefreshControl { [weak self] _ in self?.startRefresh() }
    refresh.height = 2
    table.refreshControl = refresh
    do {
      source = try SQLiteTableDataSource(
        store: store, tableView: table, reuseIdentifier: rowReuseIdentifier, pageSize: 50, cachedPages: 32,
        placeholderHeight: heightWithoutSource
      ) { [weak self] cell, post in self?.configure(cell, post) }
    } catch {
      // The store was opened a moment ago; should its sections be unreadable now, the feed is empty and says why.
      lastError = error.statusText
    }
    source?.onError = { [weak self] error in self?.lastError = error.statusText }
    // This screen answers the table (headers, swipes, editing) and forwards rows and heights to the source.
    table.dataSource = self
    table.delegate = self
  }

  // MARK: Cells

  private func configure(_ view: any ReusableView, _ post: Post?) {
    guard let cell = view as? TerminalTableViewCell else { return }
    guard let post else {
      cell.textLabel.text = "…"
      cell.textLabel.style = Style(foreground: .brightBlack)
      cell.detailTextLabel?.text = "loading"
      cell.accessoryType = .none
      return
    }
    var title = (post.isStarred ? "★ " : "") + "\(post.author) · #\(post.id.grouped)"
    if post.isRead { title += " · read" }
    cell.textLabel.text = title
    cell.textLabel.style = post.isRead ? Style(foreground: .brightBlack) : Style(foreground: .yellow, attributes: .bold)
    cell.detailTextLabel?.text = post.body
    cell.accessoryType = checked.contains(post.id) ? .checkmark : .none
    // Every post can move (not under a search): by its ≡ in edit mode, or m on the selected post.
    cell.showsReorderControl = true
  }

  // MARK: Data source

  // The counts, cells and heights are the source's (`SQLiteTableDataSourceForwarding`). The rows' cells and the height
  // of a row whose page has not arrived (also the table's estimate), given to the source and used until it opens:
  let rowReuseIdentifier = "post"
  let heightWithoutSource = 3.0

  /// ⊖ in edit mode (or Delete on the selected post) deletes the post from the database.
  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath) {
    guard editingStyle == .delete else { return }
    delete(indexPath)
  }

  /// A post can move unless a search is shown or its page is still on its way (the data source says).
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    source?.tableView(tableView, canMoveRowAt: indexPath) ?? false
  }

  /// A post dropped: the data source moves it at once and writes the move; the headers show their new counts.
  func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    source?.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
    if lastSelected == sourceIndexPath { lastSelected = destinationIndexPath }
    refreshHeaders()
  }

  // MARK: Delegate

  /// Under a search, a section without a match has no header (no empty "0 matches" line).
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
    isEmptySearchSection(section) ? 0 : tableView.sectionHeaderHeight
  }

  /// Whether a search is shown and `section` has no match in it.
  private func isEmptySearchSection(_ section: Int) -> Bool {
    guard let source, source.appliedFilter != nil else { return false }
    return source.tableView(table, numberOfRowsInSection: section) == 0
  }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard !isEmptySearchSection(section),
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? TerminalTableViewHeaderFooterView
    else { return nil }
    header.textLabel.text = FeedDataSet.headerTitle(section: section)
    header.detailTextLabel.text = headerDetail(section: section)
    return header
  }

  /// "1,000 条 posts", or "3 matches" under a search.
  private func headerDetail(section: Int) -> String {
    // The data source's count: during a move it is already the new one, the table's not yet.
    FeedDataSet.headerDetail(
      count: source?.tableView(table, numberOfRowsInSection: section) ?? 0,
      isSearchResult: source?.appliedFilter != nil)
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    lastSelected = indexPath
    guard let id = source?.postID(at: indexPath) else { return }
    let isChecked = checked.contains(id)
    if isChecked { checked.remove(id) } else { checked.insert(id) }
    if let cell = tableView.cellForRow(at: indexPath) as? TerminalTableViewCell {
      cell.accessoryType = isChecked ? .none : .checkmark
      try? tableView.setHeight(cell.sizeThatFits(width: tableView.viewportSize.width), forRowAt: indexPath)
    }
  }

  /// Swiped left: Delete and Mark, both written to the database.
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let delete = ContextualAction(style: .destructive, title: "Delete") { [unowned self] _, done in
      self.delete(self.table.swipedRow ?? indexPath)
      done(true)
    }
    let mark = ContextualAction(style: .normal, title: "Mark") { [unowned self] _, done in
      self.toggle(.starred, at: self.table.swipedRow ?? indexPath)
      done(true)
    }
    return SwipeActionsConfiguration(actions: [delete, mark])
  }

  /// Swiped right: Read, written to the database.
  func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let read = ContextualAction(style: .normal, title: "Read") { [unowned self] _, done in
      self.toggle(.read, at: self.table.swipedRow ?? indexPath)
      done(true)
    }
    return SwipeActionsConfiguration(actions: [read])
  }

  /// The post's context menu (a right click, or c): Star and Read (checked as the database has them), Delete —
  /// each written to the database, the table following it.
  func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  {
    guard let post = source?.post(at: indexPath) else { return nil }
    let id = post.id
    return ContextMenuConfiguration(
      title: "Post \(id)",
      actions: [
        ContextMenuAction(title: "Star", isChecked: post.isStarred) { [unowned self] _ in
          self.write { store throws(PostStoreError) in try store.toggle(.starred, id: id) }
        },
        ContextMenuAction(title: "Read", isChecked: post.isRead) { [unowned self] _ in
          self.write { store throws(PostStoreError) in try store.toggle(.read, id: id) }
        },
        ContextMenuAction(title: "Delete", attributes: .destructive) { [unowned self] _ in
          self.checked.remove(id)
          self.write { store throws(PostStoreError) in try store.delete(id: id) }
        },
      ])
  }

  /// Load more: near the end, a page of older posts is written at the bottom of the last section.
  func tableViewDidApproachBottom(_ tableView: TableView) {
    guard !loadingMore, source?.appliedFilter == nil, tableView.numberOfSections > 0 else { return }
    loadingMore = true
    pagesLoaded += 1
    let section = tableView.numberOfSections - 1
    let first = 5_000_000 + pagesLoaded * Self.pageSize
    write { store throws(PostStoreError) in
      try store.insertFeedPosts(numbers: first..<first + Self.pageSize, section: section, at: .bottom)
    }
  }

  // MARK: Writes

  /// Submits a write (off the main thread); the error line of a failed one before it stays until this one is saved.
  private func write(_ work: @escaping @Sendable (PostStore) throws(PostStoreError) -> Void) {
    writes.submit(work)
  }

  private func delete(_ indexPath: IndexPath) {
    guard let id = source?.postID(at: indexPath) else { return }
    checked.remove(id)
    if lastSelected == indexPath { lastSelected = nil }
    write { store throws(PostStoreError) in try store.delete(id: id) }
  }

  private func toggle(_ mark: PostStore.Mark, at indexPath: IndexPath) {
    guard let id = source?.postID(at: indexPath) else { return }
    write { store throws(PostStoreError) in try store.toggle(mark, id: id) }
  }

  /// Writes `count` new posts at the top of the first section (one transaction).
  private func writeNewPosts(_ count: Int) {
    let first = 9_000_000 + newPosts
    newPosts += count
    write { store throws(PostStoreError) in
      try store.insertFeedPosts(numbers: first..<first + count, section: 0, at: .top)
    }
  }

  private func insertNewPost() {
    guard source?.appliedFilter == nil else { return }
    scrollsToTopOnUpdate = true
    writeNewPosts(1)
  }

  private func startRefresh() {
    refreshDue = clock.now + Self.refreshDelay
  }

  private func finishRefresh() {
    refreshDue = nil
    if source?.appliedFilter == nil { writeNewPosts(FeedScreen.refreshCount) }
    table.refreshControl?.endRefreshing()
  }

  // MARK: The run loop

  /// Whether something is on its way from the database (pages, a write, a search): polled more often then.
  private var isWaitingForDatabase: Bool {
    guard let source else { return false }
    return source.hasWorkInProgress || loadingMore || scrollsToTopOnUpdate
  }

  /// The clock time of the last poll of the database.
  private var lastPoll = -Double.infinity

  override var nextTimerDeadline: Double? {
    let poll = lastPoll + (isWaitingForDatabase ? Self.busyPollInterval : Self.pollInterval)
    return min(poll, refreshDue ?? poll)
  }

  override func tick() {
    if let due = refreshDue, clock.now >= due { finishRefresh() }
    let now = clock.now
    if now >= lastPoll + (isWaitingForDatabase ? Self.busyPollInterval : Self.pollInterval) || tableView.isAnimating {
      lastPoll = now
      applyDatabaseChanges()
    }
    if tableView.isAnimating { tableView.tick() }
  }

  /// Takes what the database did: pages that arrived, commits by anyone, search results.
  func applyDatabaseChanges() {
    for outcome in writes.takeOutcomes() {
      switch outcome {
      case .saved:
        // A later write went in: the file takes changes again, and the error no longer says how things are.
        if lastError != nil || writeError != nil {
          lastError = nil
          writeError = nil
          layout(in: rect)
        }
      case .failed(let error):
        lastError = error.statusText
        writeError = error.message
        // The change it was for will not come: stop waiting for it.
        loadingMore = false
        scrollsToTopOnUpdate = false
        layout(in: rect)
      }
    }
    guard let source else { return }
    let summary = source.processUpdates()
    if source.movesUndone > movesUndone, let error = source.reportedErrors.last {
      // A move the file refused: the row glides back; the error line says why.
      movesUndone = source.movesUndone
      writeError = error.message
      layout(in: rect)
    }
    guard summary.updatesApplied > 0 else { return }
    loadingMore = false
    if source.appliedFilter != nil || headersFollowSearch {
      // Which sections have a header changed with the search (or its end): the table asks the heights again
      // (UIKit's empty update).
      try? table.performBatchUpdates { _ in }
      headersFollowSearch = source.appliedFilter != nil
    }
    refreshHeaders()
    if scrollsToTopOnUpdate, source.appliedFilter == nil, table.numberOfSections > 0,
      table.numberOfRows(inSection: 0) > 0
    {
      scrollsToTopOnUpdate = false
      try? table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: true)
    }
  }

  /// Shows every visible header's count again.
  private func refreshHeaders() {
    for entry in table.visibleHeaderViews {
      (entry.view as? TerminalTableViewHeaderFooterView)?.detailTextLabel.text = headerDetail(section: entry.section)
    }
  }

  // MARK: Search

  private func openSearch() {
    if search == nil {
      var line = ChatComposer()
      line.prompt = "/ "
      line.placeholder = "search posts: words are prefixes · Enter keeps the results · Esc returns"
      search = line
    }
    isTypingSearch = true
    layout(in: rect)
  }

  private func closeSearch() {
    search = nil
    isTypingSearch = false
    // The data source returns to where the user was when the search began.
    source?.setFilter(nil)
    layout(in: rect)
  }

  private func searchChanged() {
    source?.setFilter(search?.text)
  }

  override var takesTypedText: Bool { isTypingSearch || tableView.isShowingContextMenu }

  override var keyHelp: [(keys: String, action: String)] {
    super.keyHelp + [
      ("s ←, drag ←", "swipe the post: Delete, Mark (written to the database)"),
      ("→, drag →", "swipe the post: Read"),
      ("  ← → Tab", "choose an action; Enter does it, Esc closes"),
      ("e", "edit mode: ⊖ deletes (click, Delete)"),
      FeedScreen.moveKeyHelp,
      ("n", "a new post at the top"),
      ("r, drag ↓ at top", "refresh: new posts arrive"),
      ("/", "search (SQLite FTS5); Esc returns to where you were"),
      ("c, right click", "the post's menu: Star, Read, Delete"),
    ]
  }

  override func handle(_ event: InputEvent) -> Bool {
    if isTypingSearch, case .paste(let text) = event {
      search?.paste(text)
      searchChanged()
      return true
    }
    if isTypingSearch, case .key(let key) = event {
      switch key.key {
      case .character(let character) where key.modifiers.isEmpty:
        search?.type(character)
        searchChanged()
        return true
      case .backspace:
        search?.deleteBackward()
        searchChanged()
        return true
      case .escape:
        closeSearch()
        return true
      case .enter:
        isTypingSearch = false
        return true
      default: break
      }
    }
    if case .key(let key) = event, key.modifiers.isEmpty {
      switch key.key {
      case .character("/"):
        openSearch()
        return true
      case .escape where search != nil && !table.isEditing && table.swipedRow == nil && table.reorderingRow == nil:
        closeSearch()
        return true
      case .character("e"):
        tableView.setEditing(!table.isEditing, animated: true)
        return true
      case .character("n"):
        insertNewPost()
        return true
      case .character("r"):
        guard let control = table.refreshControl, !control.isRefreshing, source?.appliedFilter == nil,
          table.totalRowCount > 0
        else { return true }
        try? table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
        control.beginRefreshing()
        startRefresh()
        return true
      default: break
      }
    }
    return tableView.handle(event)
  }

  // MARK: Layout, drawing, status

  override func layout(in rect: CellRect) {
    self.rect = rect
    let line = search == nil ? 0 : min(1, rect.height)
    let banner = writeError == nil ? 0 : min(1, rect.height - line)
    tableView.frame = Rect(
      CellRect(x: rect.x, y: rect.y + banner, width: rect.width, height: rect.height - line - banner))
  }

  override func draw(into buffer: inout ScreenBuffer) {
    super.draw(into: &buffer)
    if let filter = source?.appliedFilter, table.totalRowCount == 0, tableView.frame.height >= 2 {
      // A search that finds nothing says so, where the rows would be.
      let frame = tableView.frame
      buffer.write(
        "No posts match “\(filter)”", x: TerminalView.cells(frame.minX) + 2, y: TerminalView.cells(frame.minY) + 1,
        style: Style(foreground: .brightBlack), maxWidth: TerminalView.cells(frame.width) - 2)
    }
    if let writeError, rect.height > 1 {
      buffer.write(
        "✗ " + writeError, x: rect.x, y: rect.y, style: Style(foreground: .brightWhite, background: .red),
        maxWidth: rect.width)
    }
    guard let search, rect.height > 0 else { return }
    let y = rect.y + rect.height - 1
    if isTypingSearch {
      search.draw(into: &buffer, x: rect.x, y: y, width: rect.width)
    } else {
      let text = "/ \(search.text)  (/ edits · Esc returns)"
      buffer.write(text, x: rect.x, y: y, style: Style(foreground: .cyan), maxWidth: rect.width)
    }
  }

  override func status() -> String {
    var parts: [String] = []
    if let source { parts += source.statusParts() }
    if store.isReadOnly { parts.append("read-only: changes are refused") }
    if loadingMore { parts.append("loading more…") }
    if table.isEditing { parts.append("editing") }
    if table.refreshControl?.isRefreshing == true { parts.append("refreshing") }
    if let lastError { parts.append("error: \(lastError)") }
    // The user's state before the diagnostics: a long layout figure must not push the selection off the line.
    if let lastSelected { parts.append(lastSelected.selectionStatus) }
    let diagnostics = table.diagnostics
    parts.append("\(diagnostics.aliveViewCount) alive")
    parts.append("layout \(diagnostics.lastLayoutDuration.milliseconds)")
    return parts.joined(separator: " · ")
  }
}
