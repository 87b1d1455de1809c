import CGtk
import DemoData
import DemoDatabase
import TableViewCore
import TableViewGTK
import TableViewSQLite

/// The chat served from an SQLite database (`ChatDatabase`, as the terminal demo's: a million messages, a day per
/// section under sticky day headings), in a bottom-anchored table opened at the newest message. Older messages
/// are read in pages off the main thread as the user scrolls up (a placeholder until a row's page arrives; the
/// messages on screen do not move when it is filled in above them). Every message — the entry's, the arrivals'
/// timer's, another process's (`tableview-demo --chat-db PATH --writer`) — is written to the database first;
/// the table shows it when the data source notices the commit: at the bottom it comes into view, scrolled up
/// the "N new ↓" badge counts it. The first run builds the file with a progress bar (`DatabaseFeedOpener`).
final class DatabaseChatPage: DemoPage, SQLiteTableDataSourceForwarding {
  let title = "Chat"
  let gtkTableView = GTKTableView()
  var tableView: GTKTableView? { gtkTableView }
  /// The page: the bar, the table with the badge over it (or the build's progress), the composer.
  let widget: UnsafeMutablePointer<GtkWidget>
  var lastSelected: IndexPath? { nil }
  /// "N new ↓" over the table while messages wait below.
  let badge: ChatBadge
  let newestButton: UnsafeMutablePointer<GtkWidget>
  let entry: UnsafeMutablePointer<GtkWidget>
  let sendButton: UnsafeMutablePointer<GtkWidget>
  /// The database and the table's data source over it, once open.
  private(set) var store: PostStore?
  private(set) var source: SQLiteTableDataSource?
  /// Writes go here, off the main thread; the table changes when the database has.
  private(set) var writes: PostWriteQueue?
  /// The build or opening of the file, until it is done.
  private var opener: DatabaseFeedOpener?
  /// The last failure (opening, reading or writing), on the status line.
  private(set) var lastError: String?
  /// Messages sent from the entry and written, not yet shown: the table goes to the bottom when they are.
  private var sending = 0
  /// Messages sent, and written by the arrivals' timer, since the page opened.
  private(set) var sent = 0
  private(set) var received = 0
  /// The number of the last message told to a screen reader (see `tellArrival()`).
  private var toldMessage: Int?
  /// Live updates (commits) applied to the table so far.
  private(set) var updatesApplied = 0
  /// The interval between arrivals, in milliseconds (0: none).
  let arrivalInterval: UInt32
  private var arrivals: GLibTimeout?
  /// Polls the data source (lazily made: its closures hold this page weakly).
  private lazy var poll = DatabasePoll(
    isWaiting: { [weak self] in self?.isWaitingForDatabase ?? false },
    poll: { [weak self] in self?.applyDatabaseChanges() })
  /// Told after every change the database made to the table (the window's state hook).
  var didChange: (() -> Void)?
  private let overlay: UnsafeMutablePointer<GtkWidget>

  /// The page for the chat's file at `path` (`nil`: the default file in the cache folder) of `history` messages,
  /// a message from someone else written every `arrivalInterval` seconds (0: none).
  init(path: String?, history: Int?, arrivalInterval: Double) {
    ChatStyle.install()
    if arrivalInterval.isFinite, arrivalInterval > 0 {
      self.arrivalInterval = UInt32(min(max(arrivalInterval * 1000, 1), 3_600_000))
    } else {
      self.arrivalInterval = 0
    }
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    g_object_ref_sink(gpointerOf(column))  // the page keeps its widgets while another page shows
    widget = column
    let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    gtk_widget_add_css_class(bar, "chat-bar")
    newestButton = gtk_button_new_with_label("Back to the newest ↓")
    overlay = gtk_overlay_new()!
    gtk_widget_set_vexpand(overlay, 1)
    badge = ChatBadge(over: gtkTableView)
    let composer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    gtk_widget_add_css_class(composer, "chat-composer")
    entry = gtk_entry_new()
    gtk_widget_set_hexpand(entry, 1)
    gtk_entry_set_placeholder_text(
      UnsafeMutableRawPointer(entry).assumingMemoryBound(to: GtkEntry.self),
      "Write a message (Enter writes it to the database)")
    sendButton = gtk_button_new_with_label("Send")
    for button in [newestButton, sendButton] { DemoButtons.reachableByKeyboard(button) }
    let box = DatabaseFeedPage.box
    gtk_box_append(box(bar), newestButton)
    gtk_overlay_add_overlay(OpaquePointer(overlay), badge.widget)
    gtk_box_append(box(composer), entry)
    gtk_box_append(box(composer), sendButton)
    gtk_box_append(box(column), bar)
    gtk_box_append(box(column), overlay)
    gtk_box_append(box(column), composer)

    gtkTableView.accessibilityLabel = title
    GTKAccessible.setAccessibilityLabel("Message", on: entry)
    let table = gtkTableView.table
    table.register({ ChatMessageCell() }, forCellReuseIdentifier: rowReuseIdentifier)
    table.register({ GTKTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "day")
    table.rowHeight = TableView.automaticDimension
    table.sectionHeaderHeight = 30
    // A chat: opens at the newest, keeps what is on screen still when rows change above it, and follows
    // arrivals while the user is at the bottom.
    table.contentAnchor = .bottom

    Signals.connect(gpointerOf(newestButton), "clicked") { [weak self] in self?.scrollToNewest() }
    badge.onClick = { [weak self] in self?.scrollToNewest() }
    Signals.connect(gpointerOf(entry), "activate") { [weak self] in self?.sendFromEntry() }
    Signals.connect(gpointerOf(sendButton), "clicked") { [weak self] in self?.sendFromEntry() }

    let opener = DatabaseFeedOpener(
      path: path, posts: history ?? ChatConversation.defaultHistoryCount, kind: .chat)
    self.opener = opener
    gtk_overlay_set_child(OpaquePointer(overlay), opener.widget)
    opener.start { [weak self] result in self?.opened(result) }
  }

  deinit {
    arrivals?.cancel()
    badge.cancel()
    g_object_unref(gpointerOf(widget))
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
        ) { cell, post in
          guard let cell = cell as? ChatMessageCell else { return }
          if let post { cell.show(ChatDatabase.message(post), isFirstUnread: false) } else { cell.showPlaceholder() }
        }
        source.onError = { [weak self] error in self?.lastError = error.description }
        self.store = store
        self.source = source
        writes = PostWriteQueue(store: store)
        // This page answers the table (headers, the badge) and forwards rows and heights to the source.
        gtkTableView.table.dataSource = self
        gtkTableView.table.delegate = self
        opener = nil
        gtk_overlay_set_child(OpaquePointer(overlay), gtkTableView.widget)
        // The table takes the keyboard focus, unless the user is typing (clicked the field while the file opened).
        if !isTyping(in: gtkTableView.viewport) { gtk_widget_grab_focus(gtkTableView.viewport) }
        startArrivals()
        schedulePoll()
        gtkTableView.setNeedsLayout()
      } catch {
        lastError = error.description
        printError("tableview-gtk-demo: \(error)")
      }
    }
    didChange?()
  }

  // MARK: Data source and delegate

  // The counts, cells and heights are the source's (`SQLiteTableDataSourceForwarding`). The rows' cells and the height
  // of a row whose page has not arrived (also the table's estimate: about a one-line message's), given to the source
  // and used until it opens:
  let rowReuseIdentifier = "message"
  let heightWithoutSource = 64.0

  /// The day's heading, sticky while its messages are on screen.
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "day") as? GTKTableViewHeaderFooterView
    else { return nil }
    header.textLabel.text = ChatMessage.dayTitle(day: section)
    return header
  }

  /// Messages are read, not selected.
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { nil }
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { false }

  /// Rows arrived below while the user was scrolled up (or 0: the user is back at the bottom).
  func tableView(_ tableView: TableView, didReceiveRowsBelowVisibleArea count: Int) {
    badge.tell(count: count)
  }

  // MARK: Writes

  /// A message from someone else is written every `arrivalInterval` milliseconds.
  private func startArrivals() {
    guard arrivalInterval > 0 else { return }
    arrivals = GLibTimeout(milliseconds: arrivalInterval) { [weak self] in
      guard let self else { return false }
      self.received += 1
      self.writes?.submit { store throws(PostStoreError) in try ChatDatabase.receive(in: store) }
      self.schedulePoll()
      return true
    }
  }

  /// Writes the entry's text to the database as the user's message (nothing when it is blank); the table shows
  /// it, and goes to it, when the data source notices the commit.
  func sendFromEntry() {
    let editable = OpaquePointer(entry)
    let text = gtk_editable_get_text(editable).map { String(cString: $0) } ?? ""
    guard !text.allSatisfy(\.isWhitespace), let writes else { return }
    sent += 1
    sending += 1
    writes.submit { store throws(PostStoreError) in try ChatDatabase.send(text, to: store) }
    gtk_editable_set_text(editable, "")
    schedulePoll()
  }

  /// Scrolls (animated) to the newest message.
  func scrollToNewest() {
    gtkTableView.table.scrollToBottom(animated: true)
    gtkTableView.setNeedsLayout()
  }

  // MARK: Polling the database

  /// Polls the database soon, at the pace of what is on its way (see `DatabasePoll`).
  private func schedulePoll() {
    guard source != nil else { return }
    poll.schedule()
  }

  private var isWaitingForDatabase: Bool {
    guard let source else { return false }
    return source.hasWorkInProgress || sending > 0
  }

  /// Takes what the database did: pages that arrived, messages written by anyone.
  func applyDatabaseChanges() {
    if let writes {
      for error in writes.takeErrors() {
        lastError = error.description
        sending = 0
      }
    }
    guard let source else { return }
    let summary = source.processUpdates()
    guard summary.updatesApplied > 0 || summary.placeholdersReloaded > 0 || summary.pagesLoaded > 0 else { return }
    if summary.updatesApplied > 0 {
      updatesApplied += summary.updatesApplied
      tellArrival()
      if sending > 0, writes?.waitUntilIdle(timeout: 0) == true {
        // The user's own message is in: the table goes to it, as a chat does after sending.
        sending = 0
        scrollToNewest()
      }
    }
    gtkTableView.setNeedsLayout()
    didChange?()
  }

  /// The newest message, someone else's and not told yet, becomes the composer's description: what a screen reader
  /// speaks while the user types (GTK 4.8 cannot announce; see docs/ACCESSIBILITY.md).
  private func tellArrival() {
    let table = gtkTableView.table
    guard let path = lastRow(of: table), let post = source?.post(at: path) else { return }
    let message = ChatDatabase.message(post)
    guard !message.isMine, message.number != toldMessage else { return }
    toldMessage = message.number
    GTKAccessible.setAccessibilityDescription("New message from \(message.author): \(message.text)", on: entry)
  }

  func status() -> String {
    let arrivalsText = arrivalInterval > 0 ? "a message every \(Double(arrivalInterval) / 1000) s" : "no arrivals"
    guard let source else { return opener?.status ?? lastError ?? "" }
    var extra = "\(gtkTableView.table.totalRowCount.grouped) messages · "
    extra += source.statusParts().dropFirst().joined(separator: " · ") + " · \(arrivalsText)"
    if let lastError { extra += " · error: \(lastError)" }
    return engineStatus(gtkTableView, extra: extra)
  }
}
