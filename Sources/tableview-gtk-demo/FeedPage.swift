import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// The feed: a million posts of mixed Chinese and English in a thousand sections with sticky
/// headers, each row self-sized by GTK (Pango wraps the text at the row's width), measured in idle
/// time nearest-first while nobody scrolls. The posts can be changed as in a UIKit app: swipe a row
/// left for Delete and Mark, right for Read; Edit shows ⊖ on every row; New post inserts one at the
/// top; reaching the end loads another page — each with its row animation.
final class FeedPage: DemoPage, TableViewDataSource, TableViewDelegate {
  let title = "Feed"
  let gtkTableView = GTKTableView()
  var tableView: GTKTableView? { gtkTableView }
  /// The page: a bar (Edit, New post) over the table.
  let widget: UnsafeMutablePointer<GtkWidget>
  let editButton: UnsafeMutablePointer<GtkWidget>
  let newPostButton: UnsafeMutablePointer<GtkWidget>
  var lastSelected: IndexPath?
  /// The posts, with the user's changes.
  var feed: EditableFeed
  /// Pages loaded at the end, and posts the user deleted and added.
  private(set) var pagesLoaded = 0
  private(set) var deleted = 0
  var added = 0
  /// Posts a page loaded at the end brings.
  static let pageSize = 20
  /// The widths the window stayed at (FeedPage+Widths.swift).
  var widths = WidthHistory()
  /// Posts measured at the expected widths when the status line last looked.
  var otherWidthsMeasured = 0
  /// The last post moved (by hand or Move to top): its number and where it went.
  var lastMove: (number: Int, to: IndexPath)?
  /// A refresh in progress: its posts arrive when it fires.
  var refreshArrival: GLibTimeout?
  /// Refreshes finished so far, and the title the context menu's Copy title last copied.
  var refreshes = 0
  var copiedTitle: String?

  init(rows: Int?, width: Int) {
    feed = EditableFeed(rowCount: rows ?? FeedDataSet.defaultRowCount)
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    g_object_ref_sink(gpointerOf(column))  // the page keeps its widgets while another page shows
    widget = column
    let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    for side in [gtk_widget_set_margin_bottom, gtk_widget_set_margin_start] { side(bar, 6) }
    editButton = gtk_toggle_button_new_with_label("Edit")
    newPostButton = gtk_button_new_with_label("New post")
    for button in [editButton, newPostButton] {
      DemoButtons.reachableByKeyboard(button)
      gtk_box_append(UnsafeMutableRawPointer(bar).assumingMemoryBound(to: GtkBox.self), button)
    }
    gtk_widget_set_vexpand(gtkTableView.widget, 1)
    gtk_box_append(UnsafeMutableRawPointer(column).assumingMemoryBound(to: GtkBox.self), bar)
    gtk_box_append(UnsafeMutableRawPointer(column).assumingMemoryBound(to: GtkBox.self), gtkTableView.widget)

    gtkTableView.accessibilityLabel = title
    let table = gtkTableView.table
    table.register({ FeedPage.makeCell() }, forCellReuseIdentifier: "post")
    table.register({ GTKTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
    table.rowHeight = TableView.automaticDimension
    // The estimate is the average of a sample measured now (48 posts spread over the feed, about
    // 40 ms): the scroll range starts within a few percent of the truth, and the idle precompute
    // makes it exact.
    table.estimatedRowHeight = Self.sampledHeight(rowCount: feed.initialRowCount, width: Double(width - 14))
    table.sectionHeaderHeight = 46
    table.dataSource = self
    table.delegate = self
    // Pango measures a post in about a millisecond: measuring all million would keep a core busy for
    // a quarter of an hour. Idle time measures the rows within 100,000 points (about 1,600 posts) of
    // wherever the user is, nearest first, and then the demo idles at 0% CPU.
    table.idlePrecompute.enable(budget: 0.004)
    table.idlePrecompute.reach = 100_000
    // Within a screen of the end, another page loads.
    table.edgeApproachDistance = 600
    installRefreshControl()

    Signals.connect(gpointerOf(editButton), "toggled") { [weak self] in self?.editToggled() }
    Signals.connect(gpointerOf(newPostButton), "clicked") { [weak self] in self?.newPost() }
  }

  deinit {
    g_object_unref(gpointerOf(widget))
  }

  /// The post count shown in the status line and the state file.
  var rowCount: Int { feed.totalRowCount }

  /// The number of the post at `path` (-1 for a place outside the feed: no post has it).
  func number(at path: IndexPath) -> Int { feed.postNumber(at: path) ?? -1 }

  /// A post's cell: an avatar, the author line, the text wrapping below.
  static func makeCell() -> GTKTableViewCell { GTKTableViewCell(style: .subtitle, imageSize: 36) }

  /// The avatars' colours: libadwaita's palette (red, orange, yellow, green, blue, purple, brown, green).
  static let avatarColors = [
    "@red_3", "@orange_3", "@yellow_5", "@green_5", "@blue_4", "@purple_4", "@brown_4", "@green_4",
  ]

  /// Shows `post` in `cell`: its author's initial on their colour, the author line and the text.
  static func show(
    _ post: FeedPost, in cell: GTKTableViewCell, isNew: Bool = false, isRead: Bool = false, isStarred: Bool = false
  ) {
    let seed = post.handle.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }
    cell.setImage(text: String(post.author.prefix(1)), color: avatarColors[abs(seed) % avatarColors.count])
    var title = isNew ? "\(post.author) @\(post.handle) · now · new" : FeedDataSet.postTitle(post)
    if isStarred { title = "★ " + title }
    if isRead { title += " · read" }
    cell.textLabel.text = title
    cell.detailTextLabel?.text = post.text
  }

  /// The average height of a sample of posts at `width` (72 when there is nothing to sample).
  static func sampledHeight(rowCount: Int, width: Double) -> Double {
    guard rowCount > 0, width > 0 else { return 72 }
    let cell = makeCell()
    let samples = min(48, rowCount)
    var total = 0.0
    for i in 0..<samples {
      show(FeedPost(number: i * (rowCount / samples)), in: cell)
      total += cell.sizeThatFits(width: width)
    }
    return total > 0 ? (total / Double(samples)).rounded() : 72
  }

  func numberOfSections(in tableView: TableView) -> Int { feed.numberOfSections }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    feed.numberOfRows(inSection: section)
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath, as: GTKTableViewCell.self)
    let number = number(at: indexPath)
    Self.show(
      FeedPost(number: number), in: cell, isNew: feed.isNew(number), isRead: feed.read.contains(number),
      isStarred: feed.starred.contains(number))
    cell.accessoryType = feed.marked.contains(number) ? .checkmark : .none
    // Every post can move: by its ≡ in edit mode, a long press, or m.
    cell.showsReorderControl = true
    // Measured before the table shows it: in edit mode at the narrower width.
    cell.setEditing(tableView.isEditing, animated: false)
    return cell
  }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? GTKTableViewHeaderFooterView
    else { return nil }
    header.textLabel.text = FeedDataSet.headerTitle(section: section)
    header.detailTextLabel.text = headerDetail(section: section)
    return header
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    lastSelected = indexPath
    let number = number(at: indexPath)
    let isMarked = feed.marked.contains(number)
    feed.toggleMark(number)
    // The check mark narrows the text: measure the row again (the seed's row:changedHeight:).
    if let cell = tableView.cellForRow(at: indexPath) as? GTKTableViewCell {
      cell.accessoryType = isMarked ? .none : .checkmark
      try? tableView.setHeight(cell.sizeThatFits(width: tableView.viewportSize.width), forRowAt: indexPath)
    }
  }

  // MARK: Editing

  /// ⊖ in edit mode, or a swipe's Delete: the post goes, its row leaves with `animation`.
  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath) {
    guard editingStyle == .delete else { return }
    delete(indexPath, with: .fade)
  }

  func delete(_ indexPath: IndexPath, with animation: TableView.RowAnimation) {
    feed.removePost(at: indexPath)
    deleted += 1
    if lastSelected == indexPath { lastSelected = nil }
    try? gtkTableView.table.deleteRows(at: [indexPath], with: animation)
    gtkTableView.setNeedsLayout()
  }

  /// Swiping left: Delete (the row slides out left) and Mark (the row cross-fades to its new look).
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let number = number(at: indexPath)
    let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, done in
      guard let self, let path = self.indexPath(ofPost: number) else { return done(false) }
      self.delete(path, with: .left)
      done(true)
    }
    let mark = ContextualAction(style: .normal, title: feed.marked.contains(number) ? "Unmark" : "Mark") {
      [weak self] _, done in
      guard let self, let path = self.indexPath(ofPost: number) else { return done(false) }
      self.feed.toggleMark(number)
      try? self.gtkTableView.table.reloadRows(at: [path], with: .fade)
      self.gtkTableView.setNeedsLayout()
      done(true)
    }
    return SwipeActionsConfiguration(actions: [delete, mark])
  }

  /// Swiping right: Read (or Unread).
  func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let number = number(at: indexPath)
    let read = ContextualAction(style: .normal, title: feed.read.contains(number) ? "Unread" : "Read") {
      [weak self] _, done in
      guard let self, let path = self.indexPath(ofPost: number) else { return done(false) }
      self.feed.toggleRead(number)
      try? self.gtkTableView.table.reloadRows(at: [path], with: .fade)
      self.gtkTableView.setNeedsLayout()
      done(true)
    }
    return SwipeActionsConfiguration(actions: [read])
  }

  /// Where post `number` is now, if it is still the swiped row (actions run on the swiped row).
  func indexPath(ofPost number: Int) -> IndexPath? {
    guard let path = gtkTableView.table.swipedRow, self.number(at: path) == number else { return nil }
    return path
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

  /// New post: a post at the top of the feed, arriving from the top.
  func newPost() {
    let path = IndexPath(row: 0, section: 0)
    feed.insertNewPost(at: path)
    added += 1
    try? gtkTableView.table.insertRows(at: [path], with: .top)
    gtkTableView.setNeedsLayout()
  }

  /// The benchmark's animated batch: `count` posts in the middle of the screen deleted (fading) and
  /// as many new posts inserted in their place (from the top), as one update.
  func benchmarkBatch(count: Int) {
    let table = gtkTableView.table
    let visible = table.indexPathsForVisibleRows
    guard !visible.isEmpty else { return }
    let middle = visible[visible.count / 2]
    let rows = visible.filter { $0.section == middle.section && $0.row >= middle.row }.prefix(count)
    let deleted = Array(rows)
    for path in deleted.reversed() { feed.removePost(at: path) }
    let inserted = deleted.map { path in
      feed.insertNewPost(at: path)
      return path
    }
    self.deleted += deleted.count
    added += inserted.count
    try? table.performBatchUpdates { update in
      update.deleteRows(at: deleted, with: .fade)
      update.insertRows(at: inserted, with: .top)
    }
    gtkTableView.setNeedsLayout()
  }

  /// The user came within a screen of the end: another page of posts arrives there.
  func tableViewDidApproachBottom(_ tableView: TableView) {
    let paths = feed.appendPage(count: Self.pageSize)
    pagesLoaded += 1
    added += paths.count
    try? tableView.insertRows(at: paths, with: .fade)
    gtkTableView.setNeedsLayout()
  }

  func status() -> String {
    // A few times a second: a new width the window settled at makes the one before it expected.
    noteWidth()
    var extra = heightsStatus()
    if deleted + added > 0 { extra += " · \(deleted.grouped) deleted, \(added.grouped) added" }
    return engineStatus(gtkTableView, extra: extra)
  }
}
