import DemoData
import DemoDatabase
import TableViewCore
import TableViewSQLite
import TableViewTerminal
import TerminalKit

/// The chat served from an SQLite database (`ChatDatabase`: a million messages, a day per section, under sticky
/// day headings), in a bottom-anchored table opened at the newest message. Older messages are read in pages off
/// the main thread as the user scrolls up (a row whose page has not arrived is a placeholder until it does, and
/// nothing on screen moves when it is replaced above). Every message — the composer's, the arrivals' timer's,
/// another process's (`tableview-demo --chat-db PATH --writer`) — is written to the database first; the table
/// shows it when the data source notices the commit: at the bottom it comes into view, scrolled up it is counted
/// in the "N new ↓" badge.
final class DatabaseChatScreen: ChatComposerScreen, SQLiteTableDataSourceForwarding {
  /// The database.
  let store: PostStore
  /// The table's data source over the database (also its height delegate: this screen forwards to it).
  private(set) var source: SQLiteTableDataSource?
  /// Writes go here, off the main thread; the table changes when the database has.
  let writes: PostWriteQueue
  /// Seconds between arriving messages; 0 for none.
  let arrivalInterval: Double
  /// The number of the first unread message: `ChatScreen.unreadDistance` above the newest when the chat opened.
  let firstUnread: Int
  private let clock: any TableViewClock
  /// When the next message arrives (is written).
  private var nextArrival: Double?
  /// Messages sent from the composer that the table has not shown yet: it goes to the bottom when they arrive.
  private var sending = 0
  /// The texts of those messages: put back into the composer if their write fails (the file deleted or replaced,
  /// locked), so nothing the user typed is lost.
  private var unsaved: [String] = []
  /// The last failure, shown on the status line.
  private var lastError: String?
  /// The clock time of the last poll of the database.
  private var lastPoll = -Double.infinity

  init(context: DemoContext, store: PostStore) {
    self.store = store
    writes = PostWriteQueue(store: store)
    // A read-only file takes no messages: none arrive (the composer's are refused with a message).
    arrivalInterval = store.isReadOnly ? 0 : context.arrivalInterval
    clock = context.clock
    let messages = (try? store.sectionStates().reduce(0) { $0 + $1.count }) ?? 0
    firstUnread = max(0, messages - ChatScreen.unreadDistance)
    super.init(context: context)
    table.register({ ChatMessageCell() }, forCellReuseIdentifier: rowReuseIdentifier)
    table.register({ TerminalTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "day")
    table.rowHeight = TableView.automaticDimension
    table.sectionHeaderHeight = 1
    table.contentAnchor = .bottom
    table.maintainsVisibleContentPosition = true
    table.followsAppendedRows = true
    do {
      source = try SQLiteTableDataSource(
        store: store, tableView: table, reuseIdentifier: rowReuseIdentifier, pageSize: 50, cachedPages: 32,
        placeholderHeight: heightWithoutSource
      ) { [weak self] cell, post in self?.configure(cell, post) }
    } catch {
      lastError = error.statusText
    }
    source?.onError = { [weak self] error in self?.lastError = error.statusText }
    // This screen answers the table (headers, the badge) and forwards rows and heights to the source.
    table.dataSource = self
    table.delegate = self
    if arrivalInterval > 0 { nextArrival = clock.now + arrivalInterval }
  }

  private func configure(_ view: any ReusableView, _ post: Post?) {
    guard let cell = view as? ChatMessageCell else { return }
    guard let post else { return cell.configureAsPlaceholder() }
    let message = ChatDatabase.message(post)
    cell.configure(with: message, banner: message.number == firstUnread ? ChatScreen.unreadBanner : nil)
  }

  // MARK: Data source

  // The counts, cells and heights are the source's (`SQLiteTableDataSourceForwarding`). The rows' cells and the height
  // of a row whose page has not arrived (also the table's estimate), given to the source and used until it opens:
  let rowReuseIdentifier = "message"
  let heightWithoutSource = 3.0

  // MARK: Delegate

  /// The day's heading, sticky while its messages are on screen.
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "day")
        as? TerminalTableViewHeaderFooterView
    else { return nil }
    header.textLabel.text = ChatMessage.dayTitle(day: section)
    return header
  }

  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { false }

  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { nil }

  func tableView(_ tableView: TableView, didReceiveRowsBelowVisibleArea count: Int) {
    newBelow = count
  }

  // MARK: Writes

  /// The composer's text is written to the database; the table shows it, and goes to it, when it arrives.
  override func send() {
    guard let text = composer.takeMessage() else { return }
    sending += 1
    unsaved.append(text)
    writes.submit { store throws(PostStoreError) in try ChatDatabase.send(text, to: store) }
  }

  /// A message from someone else is written to the database.
  override func receive() {
    writes.submit { store throws(PostStoreError) in try ChatDatabase.receive(in: store) }
  }

  /// Ctrl-G: the first unread message (50,000 up) at the top of the screen; its page is read on the way.
  override func jumpToFirstUnread() {
    let path = ChatDatabase.indexPath(ofMessage: firstUnread)
    guard path.section < table.numberOfSections, path.row < table.numberOfRows(inSection: path.section) else { return }
    try? table.scrollToRow(at: path, at: .top, animated: false)
  }

  // MARK: The run loop

  override var nextTimerDeadline: Double? {
    let busy = (source?.hasWorkInProgress ?? false) || sending > 0
    let poll = lastPoll + (busy ? DatabaseFeedScreen.busyPollInterval : DatabaseFeedScreen.pollInterval)
    return min(poll, nextArrival ?? poll)
  }

  override func tick() {
    let now = clock.now
    if let due = nextArrival, now >= due {
      nextArrival = now + arrivalInterval
      receive()
    }
    let busy = (source?.hasWorkInProgress ?? false) || sending > 0
    if now >= lastPoll + (busy ? DatabaseFeedScreen.busyPollInterval : DatabaseFeedScreen.pollInterval)
      || tableView.isAnimating
    {
      lastPoll = now
      applyDatabaseChanges()
    }
    if tableView.isAnimating { tableView.tick() }
  }

  /// Takes what the database did: pages that arrived, messages written by anyone.
  func applyDatabaseChanges() {
    for outcome in writes.takeOutcomes() {
      switch outcome {
      case .saved:
        lastError = nil
      case .failed(let error):
        lastError = error.statusText
        sending = 0
        composer.restore(unsaved)
        unsaved = []
      }
    }
    guard let source else { return }
    let summary = source.processUpdates()
    if summary.updatesApplied > 0, sending > 0, writes.waitUntilIdle(timeout: 0) {
      // The user's own message is in: the table goes to it, as a chat does after sending.
      sending = 0
      unsaved = []
      table.scrollToBottom(animated: true)
    }
  }

  // MARK: Help and status

  override var keyHelp: [(keys: String, action: String)] {
    [
      ("typing", "the composer (q ? digits too); Enter writes it to the database"),
      ("Backspace Esc", "delete a character / clear the composer"),
      ("↑ ↓", "scroll one line"),
      ("PgUp PgDn", "scroll a page (Ctrl-U/D: half); older pages are read as you go"),
      ("Home", "the oldest message (day 1)"),
      ("End, badge", "back to the newest"),
      ("Ctrl-G", "jump to the first unread, 50,000 up"),
      ("Ctrl-N", "a message arrives now (written to the database)"),
      ("wheel", "scroll"),
    ]
  }

  override func status() -> String {
    var parts = ["\(table.totalRowCount.grouped) messages"]
    if let following = followingStatus { parts.append(following) }
    if let source {
      parts.append(String(source.store.path.split(separator: "/").last ?? ""))
      if source.store.isReadOnly { parts.append("read-only") }
      parts.append("\(source.cachedPageCount) pages cached")
      if source.pagesInFlight > 0 { parts.append("\(source.pagesInFlight) reading") }
    }
    parts.append(arrivalInterval > 0 ? "a message every \(arrivalInterval.formatted) s" : "no arrivals")
    if let lastError { parts.append("error: \(lastError)") }
    let diagnostics = table.diagnostics
    parts.append("\(diagnostics.aliveViewCount) alive")
    parts.append("layout \(diagnostics.lastLayoutDuration.milliseconds)")
    return parts.joined(separator: " · ")
  }
}

extension Double {
  /// "2", "0.5".
  fileprivate var formatted: String { self == rounded() && self < 1e9 ? "\(Int(self))" : "\(self)" }
}
