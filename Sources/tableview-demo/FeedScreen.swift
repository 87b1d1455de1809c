import DemoData
import TableViewCore
import TableViewTerminal
import TerminalKit

/// The feed: a million posts of mixed Chinese and English in a thousand sections with sticky headers, each row
/// self-sized by wrapping its text, with estimated heights so the table opens instantly. The posts can be edited
/// (`EditableFeed`): swiped (Delete, Mark; Read from the other side), deleted in edit mode, a new post inserted at
/// the top, and a page appended when the user reaches the end.
final class FeedScreen: TableScreen, TableViewDataSource, TableViewDelegate {
  static let catalogEntry = DemoCatalogEntry(
    name: "feed", aliases: ["posts", "1"], title: { _ in "Feed" },
    make: { context in
      if let store = context.feedStore { return DatabaseFeedScreen(context: context, store: store) }
      return FeedScreen(context: context)
    })

  /// The posts, as the user changed them.
  private(set) var feed: EditableFeed
  /// Posts the user selected, shown with a check mark (by post number, so the mark stays with its post).
  private var checked: Set<Int> = []
  /// The posts a page of "load more" appends.
  static let pageSize = 20
  /// Pages appended at the end so far.
  private(set) var pagesLoaded = 0
  /// When a refresh in progress brings its posts (the demo's stand-in for a network fetch).
  private var refreshDue: Double?
  /// How long a refresh takes, in seconds.
  static let refreshDelay = 0.6
  /// The posts a refresh brings.
  static let refreshCount = 3
  private let clock: any TableViewClock

  /// What both feeds' tables share: the post cell (self-sized, subtitle style) and the header view, two-line
  /// headers, swipe action blocks ten columns wide, and load more told a screen before the end.
  static func setUpFeedTable(_ table: TableView) {
    table.register(
      {
        let cell = TerminalTableViewCell(style: .subtitle)
        cell.textLabel.style = Style(foreground: .yellow, attributes: .bold)
        cell.detailTextLabel?.style = .plain
        cell.detailTextLabel?.numberOfLines = 0
        cell.showsSeparator = true
        return cell
      }, forCellReuseIdentifier: "post")
    table.register({ TerminalTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
    table.rowHeight = TableView.automaticDimension
    table.sectionHeaderHeight = 2
    table.swipeActionWidth = 10
    table.edgeApproachDistance = 20
    // Edit mode's keys (Delete commits, m picks up) act on the row the selection bar is on, which the arrows
    // move: rows stay selectable in edit mode (UIKit's allowsSelectionDuringEditing, off by default).
    table.allowsSelectionDuringEditing = true
  }

  init(context: DemoContext) {
    feed = EditableFeed(rowCount: context.rows ?? FeedDataSet.defaultRowCount)
    clock = context.clock
    super.init(context: context)
    Self.setUpFeedTable(table)
    table.estimatedRowHeight = 5
    table.dataSource = self
    table.delegate = self
    // Pull to refresh: drag down past the top (or press r); a moment later a few new posts slide in.
    let refresh = RefreshControl { [weak self] _ in self?.startRefresh() }
    refresh.height = 2
    table.refreshControl = refresh
    // Rows not yet on screen are measured while the user does nothing, nearest first, 4 ms at a time.
    table.idlePrecompute.enable(budget: 0.004)
  }

  // MARK: Data source

  func numberOfSections(in tableView: TableView) -> Int { feed.numberOfSections }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    feed.numberOfRows(inSection: section)
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath, as: TerminalTableViewCell.self)
    guard let post = feed.post(at: indexPath) else { return cell }
    let star = feed.starred.contains(post.number) ? "★ " : ""
    // A read post's title is grey and says so; an unread one is bold yellow.
    let isRead = feed.read.contains(post.number)
    cell.textLabel.text = star + FeedDataSet.postTitle(post) + (isRead ? " · read" : "")
    cell.textLabel.style = isRead ? Style(foreground: .brightBlack) : Style(foreground: .yellow, attributes: .bold)
    cell.detailTextLabel?.text = post.text
    cell.accessoryType = checked.contains(post.number) ? .checkmark : .none
    cell.showsReorderControl = true
    return cell
  }

  /// ⊖ in edit mode (or Delete on the selected post) deletes the post, sliding it out to the left.
  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath) {
    guard editingStyle == .delete else { return }
    delete(indexPath, with: .left)
  }

  /// Every post can be moved: by its ≡ in edit mode, or m on the selected post.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

  func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    feed.movePost(from: sourceIndexPath, to: destinationIndexPath)
    for section in Set([sourceIndexPath.section, destinationIndexPath.section]) { refreshHeader(ofSection: section) }
  }

  // MARK: Delegate

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? TerminalTableViewHeaderFooterView
    else { return nil }
    header.textLabel.text = FeedDataSet.headerTitle(section: section)
    header.detailTextLabel.text = feed.headerDetail(section: section)
    return header
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    lastSelected = indexPath
    guard let number = feed.postNumber(at: indexPath) else { return }
    let isChecked = checked.contains(number)
    if isChecked { checked.remove(number) } else { checked.insert(number) }
    // The check mark narrows the text: measure the row again (the seed's row:changedHeight:).
    if let cell = tableView.cellForRow(at: indexPath) as? TerminalTableViewCell {
      cell.accessoryType = isChecked ? .none : .checkmark
      try? tableView.setHeight(cell.sizeThatFits(width: tableView.viewportSize.width), forRowAt: indexPath)
    }
  }

  /// Swiped left: Delete (slides the post out) and Mark (a star, the row cross-fading to it).
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let delete = ContextualAction(style: .destructive, title: "Delete") { [unowned self] _, done in
      self.delete(self.table.swipedRow ?? indexPath, with: .left)
      done(true)
    }
    let mark = ContextualAction(style: .normal, title: "Mark") { [unowned self] _, done in
      // The row may have moved since the swipe began (a post inserted above): the swipe follows it.
      let path = self.table.swipedRow ?? indexPath
      if let number = self.feed.postNumber(at: path) { self.feed.toggleStar(number) }
      try? self.table.reloadRows(at: [path], with: .fade)
      done(true)
    }
    return SwipeActionsConfiguration(actions: [delete, mark])
  }

  /// Swiped right: Read (the title greys and says "read", or turns bold again).
  func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let read = ContextualAction(style: .normal, title: "Read") { [unowned self] _, done in
      let path = self.table.swipedRow ?? indexPath
      if let number = self.feed.postNumber(at: path) { self.feed.toggleRead(number) }
      try? self.table.reloadRows(at: [path], with: .fade)
      done(true)
    }
    return SwipeActionsConfiguration(actions: [read])
  }

  /// The post's context menu (a right click, or c): Star, Read (checked when they apply), Move to top (of its
  /// section, gliding there), Share (disabled: a terminal has no share sheet), Delete.
  func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  {
    guard let number = feed.postNumber(at: indexPath) else { return nil }
    // Each action finds the post again: the menu may stay open while rows arrive above it.
    let find = { [unowned self] () -> IndexPath? in self.feed.indexPath(ofPost: number, near: indexPath) }
    return ContextMenuConfiguration(
      title: "Post #\((number + 1).grouped)",
      actions: [
        ContextMenuAction(title: "Star", isChecked: feed.starred.contains(number)) { [unowned self] _ in
          self.feed.toggleStar(number)
          if let path = find() { try? self.table.reloadRows(at: [path], with: .fade) }
        },
        ContextMenuAction(title: "Read", isChecked: feed.read.contains(number)) { [unowned self] _ in
          self.feed.toggleRead(number)
          if let path = find() { try? self.table.reloadRows(at: [path], with: .fade) }
        },
        ContextMenuAction(title: "Move to top", attributes: indexPath.row == 0 ? .disabled : []) { [unowned self] _ in
          guard let path = find(), path.row > 0 else { return }
          let top = IndexPath(row: 0, section: path.section)
          self.feed.movePost(from: path, to: top)
          try? self.table.performBatchUpdates { $0.moveRow(at: path, to: top, animated: true) }
          self.refreshHeader(ofSection: path.section)
        },
        ContextMenuAction(title: "Share", attributes: .disabled) { _ in },
        ContextMenuAction(title: "Delete", attributes: .destructive) { [unowned self] _ in
          if let path = find() { self.delete(path, with: .left) }
        },
      ])
  }

  /// Load more: near the end of the last section a page of posts arrives, fading in.
  func tableViewDidApproachBottom(_ tableView: TableView) {
    let added = feed.appendPage(count: Self.pageSize)
    guard !added.isEmpty else { return }
    pagesLoaded += 1
    try? tableView.insertRows(at: added, with: .fade)
    if let section = added.first?.section { refreshHeader(ofSection: section) }
  }

  // MARK: Editing

  /// Deletes the post at `indexPath` with `animation`.
  private func delete(_ indexPath: IndexPath, with animation: TableView.RowAnimation) {
    guard let number = feed.removePost(at: indexPath) else { return }
    checked.remove(number)
    if lastSelected == indexPath { lastSelected = nil }
    try? table.deleteRows(at: [indexPath], with: animation)
    refreshHeader(ofSection: indexPath.section)
  }

  /// Shows the section's new post count in its header, if the header is on screen.
  private func refreshHeader(ofSection section: Int) {
    for entry in table.visibleHeaderViews where entry.section == section {
      (entry.view as? TerminalTableViewHeaderFooterView)?.detailTextLabel.text = feed.headerDetail(section: section)
    }
  }

  /// A refresh began (a pull, or r): its posts arrive after `refreshDelay`.
  private func startRefresh() {
    refreshDue = clock.now + Self.refreshDelay
  }

  /// The refresh's posts arrive: new posts slide in at the top, and the indicator goes.
  private func finishRefresh() {
    refreshDue = nil
    let top = IndexPath(row: 0, section: 0)
    var added: [IndexPath] = []
    for _ in 0..<Self.refreshCount where feed.insertNewPost(at: top) != nil {
      added.append(IndexPath(row: added.count, section: 0))
    }
    if !added.isEmpty {
      try? table.insertRows(at: added, with: .top)
      refreshHeader(ofSection: 0)
    }
    table.refreshControl?.endRefreshing()
  }

  override var nextTimerDeadline: Double? { refreshDue }

  override func tick() {
    if let due = refreshDue, clock.now >= due { finishRefresh() }
    if tableView.isAnimating { super.tick() }
  }

  /// Inserts a new post at the top of the first section, sliding down from above, and shows it.
  private func insertNewPost() {
    let top = IndexPath(row: 0, section: 0)
    guard feed.insertNewPost(at: top) != nil else { return }
    try? table.insertRows(at: [top], with: .top)
    refreshHeader(ofSection: 0)
    try? table.scrollToRow(at: top, at: .top, animated: true)
  }

  /// The help line for moving posts (both feeds move them the same way).
  static let moveKeyHelp = (keys: "m, drag ≡", action: "move the post: ↑↓ PgUp PgDn, Enter drops, Esc")

  override var keyHelp: [(keys: String, action: String)] {
    super.keyHelp + [
      ("s ←, drag ←", "swipe the post: Delete, Mark"),
      ("→, drag →", "swipe the post: Read"),
      ("  ← → Tab", "choose an action; Enter does it, Esc closes"),
      ("e", "edit mode: ⊖ deletes (click, Delete)"),
      Self.moveKeyHelp,
      ("c, right click", "the post's menu: Star, Read, Move to top, Delete"),
      ("n", "a new post at the top"),
      ("r, drag ↓ at top", "refresh: new posts arrive"),
    ]
  }

  override func handle(_ event: InputEvent) -> Bool {
    if case .key(let key) = event, key.modifiers.isEmpty {
      switch key.key {
      case .character("e"):
        tableView.setEditing(!table.isEditing, animated: true)
        return true
      case .character("n"):
        insertNewPost()
        return true
      case .character("r"):
        guard let control = table.refreshControl, !control.isRefreshing else { return true }
        try? table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
        control.beginRefreshing()
        startRefresh()
        return true
      default: break
      }
    }
    return tableView.handle(event)
  }

  // MARK: Status

  override func status() -> String {
    var lead: [String] = []
    if table.refreshControl?.isRefreshing == true { lead.append("refreshing") }
    if table.isEditing { lead.append("editing") }
    if pagesLoaded > 0 { lead.append("\(pagesLoaded) more loaded") }
    // The heights measured at this width and at the widths the table expects (see TableScreen.noteWidth).
    lead.append(heightsStatus())
    return engineStatus(lead: lead.joined(separator: " · "))
  }
}
