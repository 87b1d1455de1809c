import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// The chat: a conversation of a million messages of mixed Chinese and English and very different
/// lengths, opened at the newest (a bottom-anchored table). New messages arrive from a timer while
/// the user reads: at the bottom they come into view (follow mode); scrolled up, nothing moves and
/// a "N new ↓" badge counts them (clicking it returns to the newest). Near the top, older messages
/// load a page at a time after a short delay (the loading row shows meanwhile) and arrive above
/// without moving anything on screen. "Jump to first unread" lands exactly on a message 50,000 up;
/// the entry at the bottom sends (Enter).
final class ChatPage: DemoPage, TableViewDataSource, TableViewDelegate {
  let title = "Chat"
  let gtkTableView = GTKTableView()
  var tableView: GTKTableView? { gtkTableView }
  /// The page: the bar of buttons, the table with the badge over it, the composer.
  let widget: UnsafeMutablePointer<GtkWidget>
  var lastSelected: IndexPath? { nil }
  /// The conversation shown.
  private(set) var chat: ChatConversation
  /// The first message the user has not read: 50,000 above the newest when the page opened.
  let unreadNumber: Int
  /// How far the first unread message is above the newest when the page opens.
  static let unreadDistance = 50_000
  /// How near the top (points) the user comes before an older page is asked for.
  static let pagingDistance = 800.0

  /// "N new ↓" over the table while messages wait below.
  let badge: ChatBadge
  let jumpButton: UnsafeMutablePointer<GtkWidget>
  let newestButton: UnsafeMutablePointer<GtkWidget>
  let entry: UnsafeMutablePointer<GtkWidget>
  let sendButton: UnsafeMutablePointer<GtkWidget>

  /// The artificial delay of an older page, in milliseconds.
  let pageDelay: UInt32
  private var arrivals: GLibTimeout?
  private var pageLoad: GLibTimeout?
  /// The interval between arrivals, in milliseconds (0: none).
  private(set) var arrivalInterval: UInt32 = 0
  /// Older pages loaded since the page opened.
  private(set) var pagesLoaded = 0
  /// Messages received from the timer.
  private(set) var received = 0
  /// Messages the user sent.
  private(set) var sent = 0

  /// A chat of `history` messages (the default million), new ones arriving every
  /// `arrivalInterval` seconds (0: none), older pages `pageDelay` milliseconds after they are asked.
  init(history: Int?, width: Int, arrivalInterval: Double, pageDelay: Int) {
    ChatStyle.install()
    chat = ChatConversation(historyCount: history ?? ChatConversation.defaultHistoryCount)
    unreadNumber = max(0, chat.historyCount - Self.unreadDistance)
    self.pageDelay = UInt32(min(max(pageDelay, 0), 600_000))

    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    g_object_ref_sink(gpointerOf(column))  // the page keeps its widgets while another page shows
    widget = column
    let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    gtk_widget_add_css_class(bar, "chat-bar")
    jumpButton = gtk_button_new_with_label("Jump to first unread (\(Self.unreadDistance.grouped) up)")
    newestButton = gtk_button_new_with_label("Back to the newest ↓")
    let overlay = gtk_overlay_new()!
    gtk_widget_set_vexpand(overlay, 1)
    badge = ChatBadge(over: gtkTableView)
    let composer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    gtk_widget_add_css_class(composer, "chat-composer")
    entry = gtk_entry_new()
    gtk_widget_set_hexpand(entry, 1)
    gtk_entry_set_placeholder_text(
      UnsafeMutableRawPointer(entry).assumingMemoryBound(to: GtkEntry.self), "Write a message (Enter sends)")
    sendButton = gtk_button_new_with_label("Send")
    // Tab reaches the buttons; a click leaves the keyboard with the table (or the entry).
    for button in [jumpButton, newestButton, sendButton] { DemoButtons.reachableByKeyboard(button) }

    let box = { (w: UnsafeMutablePointer<GtkWidget>) in UnsafeMutableRawPointer(w).assumingMemoryBound(to: GtkBox.self)
    }
    let overlayPointer = OpaquePointer(overlay)
    gtk_box_append(box(bar), jumpButton)
    gtk_box_append(box(bar), newestButton)
    gtk_overlay_set_child(overlayPointer, gtkTableView.widget)
    gtk_overlay_add_overlay(overlayPointer, badge.widget)
    gtk_box_append(box(composer), entry)
    gtk_box_append(box(composer), sendButton)
    gtk_box_append(box(column), bar)
    gtk_box_append(box(column), overlay)
    gtk_box_append(box(column), composer)

    gtkTableView.accessibilityLabel = title
    GTKAccessible.setAccessibilityLabel("Message", on: entry)
    let table = gtkTableView.table
    table.register({ ChatMessageCell() }, forCellReuseIdentifier: "message")
    table.register({ ChatLoadingCell() }, forCellReuseIdentifier: "loading")
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = Self.sampledHeight(chat, width: Double(width - 14))
    // A chat: opens at the newest, keeps what is on screen still when rows change above it, and
    // follows arrivals while the user is at the bottom.
    table.contentAnchor = .bottom
    table.edgeApproachDistance = Self.pagingDistance
    table.dataSource = self
    table.delegate = self
    // The rows near the user are measured in idle time (nearest first), so that the scroll range
    // is exact where the user is.
    table.idlePrecompute.enable(budget: 0.004)
    table.idlePrecompute.reach = 20_000

    Signals.connect(gpointerOf(jumpButton), "clicked") { [weak self] in self?.jumpToUnread() }
    Signals.connect(gpointerOf(newestButton), "clicked") { [weak self] in self?.scrollToNewest() }
    badge.onClick = { [weak self] in self?.scrollToNewest() }
    Signals.connect(gpointerOf(entry), "activate") { [weak self] in self?.sendFromEntry() }
    Signals.connect(gpointerOf(sendButton), "clicked") { [weak self] in self?.sendFromEntry() }
    startArrivals(every: arrivalInterval)
  }

  deinit {
    arrivals?.cancel()
    pageLoad?.cancel()
    badge.cancel()
    g_object_unref(gpointerOf(widget))
  }

  /// The average height of messages near the newest at `width` (60 when there are none).
  static func sampledHeight(_ chat: ChatConversation, width: Double) -> Double {
    guard chat.historyCount > 0, width > 0 else { return 60 }
    let cell = ChatMessageCell()
    let samples = min(48, chat.historyCount)
    var total = 0.0
    for i in 0..<samples {
      cell.show(ChatMessage(number: chat.historyCount - 1 - i * 7 % chat.historyCount), isFirstUnread: false)
      total += cell.sizeThatFits(width: width)
    }
    return total > 0 ? (total / Double(samples)).rounded() : 60
  }

  // MARK: Arrivals, paging, sending

  /// New messages arrive every `seconds` from now on (0 or less: none).
  func startArrivals(every seconds: Double) {
    arrivals?.cancel()
    arrivals = nil
    guard seconds > 0, seconds.isFinite else {
      arrivalInterval = 0
      return
    }
    arrivalInterval = UInt32(min(max(seconds * 1000, 1), 3_600_000))
    arrivals = GLibTimeout(milliseconds: arrivalInterval) { [weak self] in
      self?.receive()
      return self != nil
    }
  }

  /// A message from someone else arrives at the bottom.
  func receive() {
    received += 1
    apply(chat.receive())
    // Told to a screen reader while the user types (GTK 4.8 cannot announce; see docs/ACCESSIBILITY.md).
    if let last = chat.message(atRow: chat.rowCount - 1), !last.isMine {
      GTKAccessible.setAccessibilityDescription("New message from \(last.author): \(last.text)", on: entry)
    }
  }

  /// Applies a change of the conversation to the table as one batch update.
  func apply(_ update: ChatUpdate) {
    do {
      try gtkTableView.table.performBatchUpdates { batch in
        batch.deleteRows(at: update.deletedRows.map { IndexPath(row: $0, section: 0) })
        batch.insertRows(at: update.insertedRows.map { IndexPath(row: $0, section: 0) })
      }
    } catch {
      printError("chat: \(error)")
      gtkTableView.reloadData()
    }
    gtkTableView.setNeedsLayout()
  }

  /// The user came near the top: an older page is asked for, and arrives after the delay.
  func tableViewDidApproachTop(_ tableView: TableView) {
    guard chat.beginLoadingOlder() else { return }
    pageLoad = GLibTimeout(milliseconds: pageDelay) { [weak self] in
      self?.finishPage()
      return false
    }
  }

  /// The older page arrives above (nothing on screen moves).
  func finishPage() {
    pageLoad = nil
    guard chat.isLoadingOlder else { return }
    pagesLoaded += 1
    apply(chat.finishLoadingOlder())
  }

  /// Loads every message down from the first unread one (as one page) and shows it at the top.
  func jumpToUnread() {
    if chat.row(ofMessage: unreadNumber) == nil, chat.firstLoaded > unreadNumber {
      pageLoad?.cancel()
      pageLoad = nil
      apply(chat.finishLoadingOlder(count: chat.firstLoaded - unreadNumber))
    }
    guard let row = chat.row(ofMessage: unreadNumber) else { return }
    do {
      try gtkTableView.table.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: false)
    } catch {
      printError("chat: \(error)")
    }
    gtkTableView.setNeedsLayout()
  }

  /// Scrolls (animated) to the newest message.
  func scrollToNewest() {
    gtkTableView.table.scrollToBottom(animated: true)
    gtkTableView.setNeedsLayout()
  }

  /// Sends the entry's text as the user's message (nothing when it is blank) and shows it.
  func sendFromEntry() {
    let editable = OpaquePointer(entry)
    let text = gtk_editable_get_text(editable).map { String(cString: $0) } ?? ""
    guard !text.allSatisfy(\.isWhitespace) else { return }
    send(text)
    gtk_editable_set_text(editable, "")
  }

  /// The user sends `text`: it arrives at the bottom, and the table goes there.
  func send(_ text: String) {
    sent += 1
    apply(chat.send(text))
    scrollToNewest()
  }

  // MARK: The badge

  /// Rows arrived below while the user was scrolled up (or 0: the user is back at the bottom).
  func tableView(_ tableView: TableView, didReceiveRowsBelowVisibleArea count: Int) {
    badge.tell(count: count)
  }

  // MARK: Data source and delegate

  func numberOfSections(in tableView: TableView) -> Int { 1 }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { chat.rowCount }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    guard let message = chat.message(atRow: indexPath.row) else {
      return tableView.dequeueReusableCell(withIdentifier: "loading", for: indexPath, as: ChatLoadingCell.self)
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath, as: ChatMessageCell.self)
    cell.show(message, isFirstUnread: message.number == unreadNumber)
    return cell
  }

  /// Messages are read, not selected.
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { nil }
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { false }

  func status() -> String {
    let arrivalsText = arrivalInterval > 0 ? "a message every \(Double(arrivalInterval) / 1000) s" : "no arrivals"
    return engineStatus(
      gtkTableView,
      extra: "\(chat.loadedCount.grouped) of \(chat.historyCount.grouped) messages loaded · "
        + "\(pagesLoaded) older pages · \(arrivalsText)")
  }
}
