import DemoData
import TableViewCore
import TableViewTerminal
import TerminalKit

/// The chat: a conversation of a million messages of mixed Chinese and English (`ChatConversation`), opened at the
/// newest in a bottom-anchored table. Messages arrive from a timer while you read: at the bottom they come into
/// view (follow mode), scrolled up they are counted in a "N new ↓" badge. Older history loads a page at a time
/// when you come near the top, after a short delay that shows the loading row, and nothing on screen moves when
/// it arrives. The composer line at the bottom takes what you type; Enter sends it.
///
/// The composer always has the keyboard on this page: characters (q, ? and the digits too) are text, and the
/// commands are on keys that type nothing (arrows, PgUp/PgDn, Home/End, control keys, F1).
final class ChatScreen: ChatComposerScreen, TableViewDataSource, TableViewDelegate {
  static let catalogEntry = DemoCatalogEntry(
    name: "chat", aliases: ["messages"], title: { _ in "Chat" },
    make: { context in
      if let store = context.chatStore { return DatabaseChatScreen(context: context, store: store) }
      return ChatScreen(context: context)
    })

  /// Seconds between arriving messages when `--arrivals` does not say.
  static let defaultArrivalInterval: Double = 2
  /// The artificial delay of a page of older messages when `--page-delay` does not say, in seconds: long enough
  /// for the loading row to show.
  static let defaultPageDelay = 0.3
  /// How far above the newest message the first unread one is (Ctrl-G jumps there).
  static let unreadDistance = 50_000
  /// How near the top (cells) the visible area comes before the next page is asked for.
  static let edgeDistance: Double = 20
  /// The banner over the first unread message.
  static let unreadBanner = "Unread messages"

  /// The conversation.
  private(set) var chat: ChatConversation
  /// Seconds between arriving messages; 0 for none.
  let arrivalInterval: Double
  /// Seconds a page of older messages takes to arrive.
  let pageDelay: Double
  /// The number of the first unread message: `unreadDistance` above the newest when the chat opened.
  let firstUnread: Int
  private let clock: any TableViewClock
  /// When the next message arrives.
  private var nextArrival: Double?
  /// When the page of older messages on its way arrives.
  private var pageDue: Double?
  /// The last error a batch update reported (shown on the status line; the table was reloaded).
  private var lastError: String?

  init(context: DemoContext) {
    chat = ChatConversation(historyCount: context.rows ?? ChatConversation.defaultHistoryCount)
    arrivalInterval = context.arrivalInterval
    pageDelay = context.pageDelay
    firstUnread = max(0, chat.historyCount - Self.unreadDistance)
    clock = context.clock
    super.init(context: context)
    table.register(
      {
        let cell = TerminalTableViewCell()
        cell.textLabel.numberOfLines = 0
        cell.textLabel.alignment = .center
        cell.textLabel.style = Style(foreground: .brightBlack, attributes: .italic)
        return cell
      }, forCellReuseIdentifier: "loading")
    table.register({ ChatMessageCell() }, forCellReuseIdentifier: "message")
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = 4
    table.contentAnchor = .bottom
    table.maintainsVisibleContentPosition = true
    table.followsAppendedRows = true
    table.edgeApproachDistance = Self.edgeDistance
    table.dataSource = self
    table.delegate = self
    if arrivalInterval > 0 { nextArrival = clock.now + arrivalInterval }
  }

  // MARK: Data source

  func numberOfSections(in tableView: TableView) -> Int { 1 }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { chat.rowCount }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    guard let message = chat.message(atRow: indexPath.row) else {
      let cell = tableView.dequeueReusableCell(
        withIdentifier: "loading", for: indexPath, as: TerminalTableViewCell.self)
      cell.textLabel.text = ChatConversation.loadingTitle
      return cell
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath, as: ChatMessageCell.self)
    cell.configure(with: message, banner: message.number == firstUnread ? Self.unreadBanner : nil)
    return cell
  }

  // MARK: Delegate

  /// Messages are read, not selected: no highlight, no selection (so nothing but the rows decides what stays on
  /// screen through an update).
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { false }

  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { nil }

  func tableView(_ tableView: TableView, didReceiveRowsBelowVisibleArea count: Int) {
    newBelow = count
  }

  func tableViewDidApproachTop(_ tableView: TableView) {
    guard chat.beginLoadingOlder() else { return }
    pageDue = clock.now + pageDelay
  }

  // MARK: Changes

  /// A message from someone else arrives at the bottom.
  override func receive() {
    apply(chat.receive())
  }

  /// The composer's text is sent: it arrives at the bottom and the table goes there.
  override func send() {
    guard let text = composer.takeMessage() else { return }
    apply(chat.send(text))
    table.scrollToBottom(animated: true)
  }

  /// The page of older messages arrives (all of them down to `number` when given) as one batch update.
  func deliverOlder(downTo number: Int? = nil) {
    pageDue = nil
    let count = number.map { chat.firstLoaded - $0 } ?? ChatConversation.pageSize
    guard count > 0 else { return }
    // The page takes the loading row's place (see finishLoadingOlder): the messages on screen keep theirs.
    apply(chat.finishLoadingOlder(count: count))
  }

  /// Ctrl-G: loads the history down to the first unread message in one batch (tens of thousands of rows never
  /// measured) and puts that message at the top of the screen.
  override func jumpToFirstUnread() {
    if chat.row(ofMessage: firstUnread) == nil { deliverOlder(downTo: firstUnread) }
    guard let row = chat.row(ofMessage: firstUnread) else { return }
    try? table.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: false)
  }

  /// Applies a change of the conversation to the table as one batch update.
  private func apply(_ update: ChatUpdate) {
    do {
      try table.performBatchUpdates { batch in
        batch.deleteRows(at: update.deletedRows.map { IndexPath(row: $0, section: 0) })
        batch.insertRows(at: update.insertedRows.map { IndexPath(row: $0, section: 0) })
      }
    } catch {
      lastError = "\(error)"
      tableView.reloadData()
    }
  }

  // MARK: Timers

  override var nextTimerDeadline: Double? {
    switch (nextArrival, pageDue) {
    case (let a?, let p?): min(a, p)
    case (let a?, nil): a
    case (nil, let p?): p
    case (nil, nil): nil
    }
  }

  /// Runs the timers that are due, then the table's animation.
  override func tick() {
    let now = clock.now
    if let due = pageDue, now >= due { deliverOlder() }
    if let due = nextArrival, now >= due {
      nextArrival = now + arrivalInterval
      receive()
    }
    if tableView.isAnimating { super.tick() }
  }

  // MARK: Help and status

  override var keyHelp: [(keys: String, action: String)] {
    [
      ("typing", "the composer (q ? digits too); Enter sends"),
      ("Backspace Esc", "delete a character / clear the composer"),
      ("↑ ↓", "scroll one line"),
      ("PgUp PgDn", "scroll a page (Ctrl-U/D: half)"),
      ("Home", "the oldest loaded (the next page loads)"),
      ("End, badge", "back to the newest"),
      ("Ctrl-G", "jump to the first unread, 50,000 up"),
      ("Ctrl-N", "a message arrives now"),
      ("wheel", "scroll"),
    ]
  }

  override func status() -> String {
    var parts = ["\(chat.loadedCount.grouped) of \(chat.endNumber.grouped) messages loaded"]
    if chat.isLoadingOlder {
      parts.append("loading older…")
    } else if !chat.hasOlder {
      parts.append("all loaded")
    }
    if let following = followingStatus { parts.append(following) }
    parts.append(arrivalInterval > 0 ? "a message every \(Self.seconds(arrivalInterval))" : "no arrivals")
    if let lastError { parts.append("error: \(lastError)") }
    let diagnostics = table.diagnostics
    parts.append("\(diagnostics.aliveViewCount) alive")
    parts.append("layout \(diagnostics.lastLayoutDuration.milliseconds)")
    return parts.joined(separator: " · ")
  }

  /// "2 s", "0.5 s".
  private static func seconds(_ value: Double) -> String {
    value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
  }
}
