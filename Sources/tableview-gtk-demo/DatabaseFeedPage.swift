import CGtk
import DemoData
import DemoDatabase
import TableViewCore
import TableViewGTK
import TableViewSQLite

/// The feed served from an SQLite database (`TableViewSQLite`), as the terminal demo's: rows are read in pages
/// off the main thread (a placeholder until a row's page arrives), and every change — New post, a delete (⊖ in
/// edit mode, or a swipe), Mark and Read, a page of older posts, or a write by another process
/// (`tableview-demo --db PATH --writer`) — is written to the database first; the table follows the database,
/// one animated batch update per commit. Posts move as in the in-memory feed (their ≡ in edit mode, a long press,
/// or m): the row moves at once and the move is written in the background (undone, gliding back, if the file
/// refuses it). The search entry runs an FTS5 search; clearing it (or Esc) returns to where the user was. The first run builds the file with a progress bar (`DatabaseFeedOpener`).
final class DatabaseFeedPage: DemoPage, SQLiteTableDataSourceForwarding {
  let title = "Feed"
  let gtkTableView = GTKTableView()
  var tableView: GTKTableView? { gtkTableView }
  /// The page: a bar (Edit, New post, the search entry) over the table (or the build's progress).
  let widget: UnsafeMutablePointer<GtkWidget>
  let editButton: UnsafeMutablePointer<GtkWidget>
  let newPostButton: UnsafeMutablePointer<GtkWidget>
  let searchEntry: UnsafeMutablePointer<GtkWidget>
  /// The last write that failed (a locked or read-only file), in red under the bar until the next write.
  let writeErrorLabel: UnsafeMutablePointer<GtkWidget>
  /// "No posts match “…”" under a search that found nothing (hidden otherwise): the table then shows no header.
  let noMatchesLabel: UnsafeMutablePointer<GtkWidget>
  var lastSelected: IndexPath?
  /// The database and the table's data source over it, once open.
  private(set) var store: PostStore?
  private(set) var source: SQLiteTableDataSource?
  /// Writes go here, off the main thread; the table changes when the database has.
  private(set) var writes: PostWriteQueue?
  /// The build or opening of the file, until it is done.
  private var opener: DatabaseFeedOpener?
  /// The last failure (opening, reading or writing), on the status line.
  private(set) var lastError: String?
  /// Posts the user selected, shown with a check mark (by id: the mark stays with its post).
  private var checked: Set<Int64> = []
  /// New posts written so far (their text is the in-memory feed's for 9,000,000 + n).
  private var newPosts = 0
  /// Pages of older posts asked for, and whether one is on its way.
  private(set) var pagesLoaded = 0
  private var loadingMore = false
  /// Whether the table goes to the top once the new post arrives.
  private var scrollsToTopOnUpdate = false
  /// Live updates (commits or searches) applied to the table so far.
  private(set) var updatesApplied = 0
  /// The last post moved by hand and where it dropped.
  private(set) var lastMove: (id: Int64, to: IndexPath)?
  /// Whether the headers' heights were last asked under a search (its end asks them again).
  private var headersFollowSearch = false
  /// Moves the database refused so far (each put back and said on the error line).
  private var movesUndone = 0
  /// The poll of the database: often while something is on its way, ten times a second otherwise.
  /// Polls the data source (lazily made: its closures hold this page weakly).
  private lazy var poll = DatabasePoll(
    isWaiting: { [weak self] in self?.isWaitingForDatabase ?? false },
    poll: { [weak self] in self?.applyDatabaseChanges() })
  /// Told after every change the database made to the table (the window's state hook).
  var didChange: (() -> Void)?
  private let column: UnsafeMutablePointer<GtkWidget>

  /// The posts a page of "load more" appends.
  static let pageSize = 20

  /// The page for the feed's file at `path` (`nil`: the default file in the cache folder) of `rows` posts.
  init(path: String?, rows: Int?) {
    column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    g_object_ref_sink(gpointerOf(column))  // the page keeps its widgets while another page shows
    widget = column
    let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    for side in [gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(bar, 6) }
    editButton = gtk_toggle_button_new_with_label("Edit")
    newPostButton = gtk_button_new_with_label("New post")
    searchEntry = gtk_search_entry_new()
    gtk_widget_set_hexpand(searchEntry, 1)
    Self.setString(searchEntry, "placeholder-text", "Search posts (SQLite FTS5) · Esc returns")
    GTKAccessible.setAccessibilityLabel("Search posts", on: searchEntry)
    gtkTableView.accessibilityLabel = title
    for button in [editButton, newPostButton] { DemoButtons.reachableByKeyboard(button) }
    for child in [editButton, newPostButton, searchEntry] { gtk_box_append(Self.box(bar), child) }
    gtk_box_append(Self.box(column), bar)
    writeErrorLabel = gtk_label_new(nil)
    gtk_label_set_xalign(OpaquePointer(writeErrorLabel), 0)
    gtk_label_set_wrap(OpaquePointer(writeErrorLabel), 1)
    gtk_widget_add_css_class(writeErrorLabel, "error")
    for side in [gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
      side(writeErrorLabel, 6)
    }
    gtk_widget_set_visible(writeErrorLabel, 0)
    gtk_box_append(Self.box(column), writeErrorLabel)
    noMatchesLabel = gtk_label_new(nil)
    gtk_widget_add_css_class(noMatchesLabel, "dim-label")
    gtk_widget_add_css_class(noMatchesLabel, "title-4")
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(noMatchesLabel, 24) }
    gtk_widget_set_visible(noMatchesLabel, 0)
    gtk_box_append(Self.box(column), noMatchesLabel)
    gtk_widget_set_vexpand(gtkTableView.widget, 1)

    let table = gtkTableView.table
    table.register({ FeedPage.makeCell() }, forCellReuseIdentifier: rowReuseIdentifier)
    table.register({ GTKTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
    table.rowHeight = TableView.automaticDimension
    table.sectionHeaderHeight = 46
    table.edgeApproachDistance = 600

    Signals.connect(gpointerOf(editButton), "toggled") { [weak self] in self?.editToggled() }
    Signals.connect(gpointerOf(newPostButton), "clicked") { [weak self] in self?.newPost() }
    Signals.connect(gpointerOf(searchEntry), "search-changed") { [weak self] in self?.searchChanged() }
    Signals.connect(gpointerOf(searchEntry), "stop-search") { [weak self] in self?.clearSearch() }
    // Esc on the table ends a search too; / starts typing one.
    let keys = gtk_event_controller_key_new()!
    Signals.connectKey(gpointerOf(keys), "key-pressed") { [weak self] keyval, state in
      self?.tableKey(keyval, state: state) ?? false
    }
    gtk_widget_add_controller(gtkTableView.viewport, keys)
    // Down in the search entry goes into the results (the first one focused), as in GNOME's lists with a search.
    let entryKeys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(entryKeys, GTK_PHASE_CAPTURE)
    Signals.connectKey(gpointerOf(entryKeys), "key-pressed") { [weak self] keyval, state in
      self?.searchEntryKey(keyval, state: state) ?? false
    }
    gtk_widget_add_controller(searchEntry, entryKeys)

    let opener = DatabaseFeedOpener(path: path, posts: rows ?? FeedDataSet.defaultRowCount)
    self.opener = opener
    gtk_box_append(Self.box(column), opener.widget)
    opener.start { [weak self] result in self?.opened(result) }
  }

  deinit {
    g_object_unref(gpointerOf(widget))
  }

  /// Sets a string property of a GObject (`g_object_set` is variadic: not callable from Swift).
  static func setString(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
    g_value_set_string(&value, text)
    g_object_set_property(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), property, &value)
    g_value_unset(&value)
  }

  static func box(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
  }

  // MARK: Opening

  /// The file is open (or could not be): the table replaces the progress bar (or the error stays).
  private func opened(_ result: Result<PostStore, PostStoreError>) {
    switch result {
    case .failure(let error):
      lastError = error.description
      printError("tableview-gtk-demo: \(error)")
    case .success(let store):
      do {
        let source = try SQLiteTableDataSource(
          store: store, tableView: gtkTableView.table, reuseIdentifier: rowReuseIdentifier, pageSize: 50,
          cachedPages: 32,
          placeholderHeight: heightWithoutSource
        ) { [weak self] cell, post in self?.configure(cell, post) }
        source.onError = { [weak self] error in self?.lastError = error.description }
        self.store = store
        self.source = source
        writes = PostWriteQueue(store: store)
        // This page answers the table (headers, swipes, editing) and forwards rows and heights to the source.
        gtkTableView.table.dataSource = self
        gtkTableView.table.delegate = self
        if let opener { gtk_box_remove(Self.box(column), opener.widget) }
        opener = nil
        gtk_box_append(Self.box(column), gtkTableView.widget)
        // The table takes the keyboard focus, unless the user is typing (clicked the field while the file opened).
        if !isTyping(in: gtkTableView.viewport) { gtk_widget_grab_focus(gtkTableView.viewport) }
        schedulePoll()
        gtkTableView.setNeedsLayout()
      } catch {
        lastError = error.description
        printError("tableview-gtk-demo: \(error)")
      }
    }
    didChange?()
  }

  // MARK: Cells

  private func configure(_ view: any ReusableView, _ post: Post?) {
    guard let cell = view as? GTKTableViewCell else { return }
    guard let post else {
      cell.setImage(text: "…", color: "@light_5")
      cell.textLabel.text = "…"
      cell.detailTextLabel?.text = "loading"
      cell.accessoryType = .none
      return
    }
    let seed = post.author.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }
    cell.setImage(
      text: String(post.author.prefix(1)), color: FeedPage.avatarColors[abs(seed) % FeedPage.avatarColors.count])
    var title = (post.isStarred ? "★ " : "") + "\(post.author) · #\(post.id.grouped)"
    if post.isRead { title += " · read" }
    cell.textLabel.text = title
    cell.detailTextLabel?.text = post.body
    // Under a search, its words are highlighted where they occur (none without one: a reused cell's go).
    cell.detailTextLabel?.highlightedRanges = searchHighlights(in: post.body)
    cell.accessoryType = checked.contains(post.id) ? .checkmark : .none
    // Every post can move (not under a search): by its ≡ in edit mode, a long press, or m.
    cell.showsReorderControl = true
    cell.setEditing(gtkTableView.table.isEditing, animated: false)
  }

  // MARK: Data source

  // The counts, cells and heights are the source's (`SQLiteTableDataSourceForwarding`). The rows' cells and the height
  // of a row whose page has not arrived (also the table's estimate), given to the source and used until it opens:
  let rowReuseIdentifier = "post"
  let heightWithoutSource = 72.0

  /// ⊖ in edit mode deletes the post from the database.
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
    guard let source else { return }
    let id = source.postID(at: sourceIndexPath)
    source.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
    if let id { lastMove = (id, destinationIndexPath) }
    if lastSelected == sourceIndexPath { lastSelected = destinationIndexPath }
    refreshHeaders()
    schedulePoll()
  }

  // MARK: Delegate

  /// Under a search, a section without a match has no header (a search that found two posts shows two sections,
  /// not a thousand "0 matches").
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
    isEmptySearchSection(section) ? 0 : tableView.sectionHeaderHeight
  }

  /// Whether a search is shown and `section` has no match in it.
  private func isEmptySearchSection(_ section: Int) -> Bool {
    guard let source, source.appliedFilter != nil else { return false }
    return source.tableView(gtkTableView.table, numberOfRowsInSection: section) == 0
  }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard !isEmptySearchSection(section),
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? GTKTableViewHeaderFooterView
    else { return nil }
    header.textLabel.text = FeedDataSet.headerTitle(section: section)
    header.detailTextLabel.text = headerDetail(section: section)
    return header
  }

  /// "1,000 条 posts", or "3 matches" under a search.
  private func headerDetail(section: Int) -> String {
    // The data source's count: during a move it is already the new one, the table's not yet.
    FeedDataSet.headerDetail(
      count: source?.tableView(gtkTableView.table, numberOfRowsInSection: section) ?? 0,
      isSearchResult: source?.appliedFilter != nil)
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    lastSelected = indexPath
    guard let id = source?.postID(at: indexPath) else { return }
    let isChecked = checked.contains(id)
    if isChecked { checked.remove(id) } else { checked.insert(id) }
    if let cell = tableView.cellForRow(at: indexPath) as? GTKTableViewCell {
      cell.accessoryType = isChecked ? .none : .checkmark
      try? tableView.setHeight(cell.sizeThatFits(width: tableView.viewportSize.width), forRowAt: indexPath)
    }
  }

  /// Swiped left: Delete and Mark (a star), both written to the database.
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, done in
      guard let self else { return done(false) }
      self.delete(self.gtkTableView.table.swipedRow ?? indexPath)
      done(true)
    }
    let mark = ContextualAction(style: .normal, title: "Mark") { [weak self] _, done in
      guard let self else { return done(false) }
      self.toggle(.starred, at: self.gtkTableView.table.swipedRow ?? indexPath)
      done(true)
    }
    return SwipeActionsConfiguration(actions: [delete, mark])
  }

  /// Swiped right: Read, written to the database.
  func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let read = ContextualAction(style: .normal, title: "Read") { [weak self] _, done in
      guard let self else { return done(false) }
      self.toggle(.read, at: self.gtkTableView.table.swipedRow ?? indexPath)
      done(true)
    }
    return SwipeActionsConfiguration(actions: [read])
  }

  /// Load more: near the end, a page of older posts is written at the bottom of the last section.
  func tableViewDidApproachBottom(_ tableView: TableView) {
    guard writes != nil, !loadingMore, source?.appliedFilter == nil, tableView.numberOfSections > 0 else { return }
    loadingMore = true
    pagesLoaded += 1
    let section = tableView.numberOfSections - 1
    let first = 5_000_000 + pagesLoaded * Self.pageSize
    write { store throws(PostStoreError) in
      try store.insertFeedPosts(numbers: first..<first + Self.pageSize, section: section, at: .bottom)
    }
    schedulePoll()
  }

  // MARK: Writes

  /// Submits a write (off the main thread); the error line of a failed one before it goes.
  private func write(_ work: @escaping @Sendable (PostStore) throws(PostStoreError) -> Void) {
    guard let writes else { return }
    gtk_widget_set_visible(writeErrorLabel, 0)
    writes.submit(work)
    schedulePoll()
  }

  /// A write failed: nothing changed; the line under the bar says why, and what it was waiting for stops.
  private func writeFailed(_ error: PostStoreError) {
    lastError = error.description
    loadingMore = false
    scrollsToTopOnUpdate = false
    gtk_label_set_text(OpaquePointer(writeErrorLabel), "✗ \(error.message) — nothing was changed; try again.")
    gtk_widget_set_visible(writeErrorLabel, 1)
    didChange?()
  }

  private func delete(_ indexPath: IndexPath) {
    guard let id = source?.postID(at: indexPath) else { return }
    checked.remove(id)
    if lastSelected == indexPath { lastSelected = nil }
    write { store throws(PostStoreError) in try store.delete(id: id) }
    schedulePoll()
  }

  private func toggle(_ mark: PostStore.Mark, at indexPath: IndexPath) {
    guard let id = source?.postID(at: indexPath) else { return }
    write { store throws(PostStoreError) in try store.toggle(mark, id: id) }
    schedulePoll()
  }

  /// New post: written at the top of the first section; the table scrolls there when it arrives.
  func newPost() {
    guard writes != nil, source?.appliedFilter == nil else { return }
    let number = 9_000_000 + newPosts
    newPosts += 1
    scrollsToTopOnUpdate = true
    write { store throws(PostStoreError) in
      try store.insertFeedPosts(numbers: number..<number + 1, section: 0, at: .top)
    }
    schedulePoll()
  }

  /// Ctrl-E (Edit) and Ctrl-N (New post).
  func handleShortcut(_ keyval: UInt32) -> Bool {
    DemoButtons.feedShortcut(keyval, edit: editButton) { newPost() }
  }

  /// The Edit button: edit mode on or off, the ⊖ controls sliding in or out.
  func editToggled() {
    let on =
      gtk_toggle_button_get_active(UnsafeMutableRawPointer(editButton).assumingMemoryBound(to: GtkToggleButton.self))
      != 0
    gtk_button_set_label(
      UnsafeMutableRawPointer(editButton).assumingMemoryBound(to: GtkButton.self), on ? "Done" : "Edit")
    gtkTableView.setEditing(on, animated: true)
  }

  // MARK: Search

  /// The entry's text changed (GtkSearchEntry waits for a pause in the typing): the search runs.
  private func searchChanged() {
    guard let source else { return }
    let text = String(cString: gtk_editable_get_text(OpaquePointer(searchEntry)))
    source.setFilter(text)
    schedulePoll()
  }

  /// Esc in the entry (or on the table during a search): the entry empties, the feed returns where it was.
  private func clearSearch() {
    gtk_editable_set_text(OpaquePointer(searchEntry), "")
    source?.setFilter(nil)
    gtk_widget_grab_focus(gtkTableView.viewport)
    schedulePoll()
  }

  /// Down (or the keypad's) in the search entry: the focus into the list — on the first result during a search, else
  /// as Down moves it in the list.
  private func searchEntryKey(_ keyval: UInt32, state: GdkModifierType) -> Bool {
    guard Int32(keyval) == GDK_KEY_Down || Int32(keyval) == GDK_KEY_KP_Down,
      state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0
    else { return false }
    gtk_widget_grab_focus(gtkTableView.viewport)
    if source?.filter != nil {
      gtkTableView.table.moveFocus(to: .first)
    } else {
      gtkTableView.table.moveFocus(.next)
    }
    gtkTableView.setNeedsLayout()
    return true
  }

  private func tableKey(_ keyval: UInt32, state: GdkModifierType) -> Bool {
    let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue)
    switch Int32(keyval) {
    case GDK_KEY_slash where modifiers == 0, GDK_KEY_f where modifiers == GDK_CONTROL_MASK.rawValue:
      gtk_widget_grab_focus(searchEntry)
      return true
    case GDK_KEY_Escape
    where source?.filter != nil && gtkTableView.table.swipedRow == nil && gtkTableView.table.reorderingRow == nil:
      clearSearch()
      return true
    default:
      return false
    }
  }

  // MARK: Following the database

  /// Polls the database soon, at the pace of what is on its way (see `DatabasePoll`).
  private func schedulePoll() {
    guard source != nil else { return }
    poll.schedule()
  }

  private var isWaitingForDatabase: Bool {
    guard let source else { return false }
    return source.hasWorkInProgress || loadingMore || scrollsToTopOnUpdate
  }

  /// Takes what the database did: pages that arrived, commits by anyone, search results.
  func applyDatabaseChanges() {
    if let writes { for error in writes.takeErrors() { writeFailed(error) } }
    guard let source else { return }
    let summary = source.processUpdates()
    if source.movesUndone > movesUndone, let error = source.reportedErrors.last {
      // A move the file refused: the row glides back; the error line says why.
      movesUndone = source.movesUndone
      writeFailed(error)
    }
    guard summary.updatesApplied > 0 || summary.placeholdersReloaded > 0 || summary.pagesLoaded > 0 else { return }
    if summary.updatesApplied > 0 {
      updatesApplied += summary.updatesApplied
      loadingMore = false
      if source.appliedFilter != nil || headersFollowSearch {
        // Which sections have a header changed with the search (or its end): the table asks the heights again
        // (UIKit's empty update).
        try? gtkTableView.table.performBatchUpdates { _ in }
        headersFollowSearch = source.appliedFilter != nil
      }
      refreshHeaders()
      showNoMatches()
      refreshHighlights()
      let table = gtkTableView.table
      if scrollsToTopOnUpdate, source.appliedFilter == nil, table.numberOfSections > 0,
        table.numberOfRows(inSection: 0) > 0
      {
        scrollsToTopOnUpdate = false
        try? table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: true)
      }
    }
    gtkTableView.setNeedsLayout()
    didChange?()
  }

  /// The highlights of the posts on screen for the search now shown: a post that stays on screen through a new
  /// search (or its end) is not configured again.
  private func refreshHighlights() {
    let table = gtkTableView.table
    for path in table.indexPathsForVisibleRows {
      guard let label = (table.cellForRow(at: path) as? GTKTableViewCell)?.detailTextLabel else { continue }
      label.highlightedRanges = searchHighlights(in: label.text)
    }
  }

  /// Where the words of the search shown occur in `text` (none without a search).
  private func searchHighlights(in text: String) -> [Range<String.Index>] {
    source?.appliedFilter.map { SearchHighlight.ranges(of: $0, in: text) } ?? []
  }

  /// "No posts match “…”" when the search shown found nothing, else nothing.
  private func showNoMatches() {
    let table = gtkTableView.table
    let none = source?.appliedFilter != nil && table.totalRowCount == 0
    if none, let filter = source?.appliedFilter {
      gtk_label_set_text(OpaquePointer(noMatchesLabel), "No posts match “\(filter)”")
    }
    gtk_widget_set_visible(noMatchesLabel, none ? 1 : 0)
  }

  /// Shows every visible header's count again.
  private func refreshHeaders() {
    for entry in gtkTableView.table.visibleHeaderViews {
      (entry.view as? GTKTableViewHeaderFooterView)?.detailTextLabel.text = headerDetail(section: entry.section)
    }
  }

  // MARK: Status

  func status() -> String {
    if let opener { return opener.status }
    var parts: [String] = []
    if let source { parts += source.statusParts() }
    if loadingMore { parts.append("loading more…") }
    if let lastError { parts.append("error: \(lastError)") }
    if EngineStatistics.isShown { parts.append("\(LiveWidgets.count) widgets alive") }
    if let lastSelected { parts.append(lastSelected.selectionStatus) }
    return parts.joined(separator: " · ")
  }

  /// The database feed's part of the end-to-end tests' state line: the file, the posts counted, the search
  /// asked for and shown, the ids of the visible posts in order (`null` for a placeholder), updates applied,
  /// the last error, where each visible row is drawn, the last move (post id, section, row), the moves undone,
  /// and the reorder's fields (`StateHook.reorderFields`).
  func stateFields(_ hook: StateHook) -> [(String, String)] {
    let table = gtkTableView.table
    let ids = table.indexPathsForVisibleRows.map { path -> String in
      guard source?.post(at: path) != nil, let id = source?.postID(at: path) else { return "null" }
      return "\(id)"
    }
    // Where each visible row is drawn: section, row, top and height on the window's surface.
    let rows = table.indexPathsForVisibleRows.compactMap { path -> String? in
      guard let cell = table.cellForRow(at: path) as? GTKTableViewCell, let b = hook.bounds(of: cell.widget) else {
        return nil
      }
      return "[\(path.section),\(path.row),\(b.y),\(b.height)]"
    }
    return [
      ("database", store.map { FeedPage.jsonString($0.path) } ?? "null"),
      ("databaseOpen", source != nil ? "true" : "false"),
      ("buildFraction", opener.map { "\($0.fraction)" } ?? "1"),
      ("posts", "\(table.totalRowCount)"),
      ("filter", source?.filter.map(FeedPage.jsonString) ?? "null"),
      ("appliedFilter", source?.appliedFilter.map(FeedPage.jsonString) ?? "null"),
      ("postIDs", "[" + ids.joined(separator: ",") + "]"),
      ("placeholders", "\(source?.placeholderCount ?? 0)"),
      ("databaseUpdates", "\(updatesApplied)"),
      ("isEditing", table.isEditing ? "true" : "false"),
      ("searchRect", hook.rect(of: searchEntry)),
      ("newPostRect", hook.rect(of: newPostButton)),
      ("editRect", hook.rect(of: editButton)),
      ("lastError", lastError.map(FeedPage.jsonString) ?? "null"),
      ("writeError", gtk_widget_get_visible(writeErrorLabel) != 0 ? hook.rect(of: writeErrorLabel) : "null"),
      ("noMatches", gtk_widget_get_visible(noMatchesLabel) != 0 ? hook.rect(of: noMatchesLabel) : "null"),
      ("headersShown", "\(table.visibleHeaderViews.count)"),
      ("rows", "[" + rows.joined(separator: ",") + "]"),
      ("lastMove", lastMove.map { "[\($0.id),\($0.to.section),\($0.to.row)]" } ?? "null"),
      ("movesUndone", "\(source?.movesUndone ?? 0)"),
    ] + hook.reorderFields(of: gtkTableView)
  }
}
