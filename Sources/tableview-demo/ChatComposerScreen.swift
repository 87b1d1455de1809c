import TableViewCore
import TableViewTerminal
import TerminalKit

/// What both chat pages (in memory, `ChatScreen`; from the database, `DatabaseChatScreen`) share: the composer
/// line under a bottom-anchored table, which has the keyboard (characters, q ? and the digits too, are text; the
/// commands are on keys that type nothing), the "N new ↓" badge, and the terminal's cursor on the composer's caret.
/// A subclass says what sending, an arriving message, the first unread and the oldest message are.
class ChatComposerScreen: TableScreen {
  /// The rows that arrived below the visible area, as the table last told (the badge counts them).
  var newBelow = 0
  /// The line being typed.
  var composer = ChatComposer()
  /// The screen's rectangle, the composer's lines at its bottom.
  private var rect = CellRect(x: 0, y: 0, width: 0, height: 0)
  /// Where the badge was last drawn (a click on it goes to the newest).
  private var badgeRect: CellRect?
  /// Where the composer's caret was last drawn.
  private var composerCaret: CellPoint?

  /// The composer's text is sent (Enter).
  func send() {}
  /// A message arrives now (Ctrl-N).
  func receive() {}
  /// Goes to the first unread message (Ctrl-G).
  func jumpToFirstUnread() {}
  /// Goes to the oldest message (Home).
  func scrollToOldest() {
    guard table.numberOfSections > 0, table.numberOfRows(inSection: 0) > 0 else { return }
    try? table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
  }

  /// "3 new below" while rows arrived below the visible area, "following" at the bottom: for the status line.
  var followingStatus: String? {
    if newBelow > 0 { return "\(newBelow.grouped) new below" }
    return table.isAtBottom ? "following" : nil
  }

  // MARK: Keys and the mouse

  override var takesTypedText: Bool { true }

  override func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(let key): return handleKey(key)
    case .paste(let text):
      composer.paste(text)
      return true
    case .mouse(let mouse):
      if case .press(.left) = mouse.kind, let badgeRect, badgeRect.contains(x: mouse.x, y: mouse.y) {
        table.scrollToBottom(animated: true)
        return true
      }
      return tableView.handle(event)
    }
  }

  private func handleKey(_ key: KeyEvent) -> Bool {
    let control = key.modifiers.contains(.control)
    switch key.key {
    case .character("g") where control: jumpToFirstUnread()
    case .character("n") where control: receive()
    case .character where control: return tableView.handleKey(key)
    case .character(let character) where key.modifiers.isEmpty: composer.type(character)
    case .backspace: composer.deleteBackward()
    case .escape: composer.clear()
    case .enter: send()
    case .up: tableView.handleKey(KeyEvent(.character("y"), modifiers: .control))
    case .down: tableView.handleKey(KeyEvent(.character("e"), modifiers: .control))
    case .pageUp, .pageDown: tableView.handleKey(key)
    case .home: scrollToOldest()
    case .end: table.scrollToBottom(animated: true)
    default: return false
    }
    return true
  }

  // MARK: Layout and drawing

  /// The composer's lines: a rule and the input line, only the input line when the screen is short.
  private var composerHeight: Int { rect.height >= 6 ? 2 : min(rect.height, 1) }

  override func layout(in rect: CellRect) {
    self.rect = rect
    tableView.frame = Rect(CellRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - composerHeight))
  }

  override func draw(into buffer: inout ScreenBuffer) {
    super.draw(into: &buffer)
    drawBadge(into: &buffer)
    guard composerHeight > 0 else { return }
    let y = rect.y + rect.height - 1
    if composerHeight > 1, tableView.drawsDecorations {
      buffer.write(
        String(repeating: "─", count: rect.width), x: rect.x, y: y - 1, style: Style(foreground: .brightBlack))
    }
    composerCaret = composer.draw(into: &buffer, x: rect.x + 1, y: y, width: rect.width - 1).map {
      CellPoint(x: $0, y: y)
    }
  }

  /// The terminal's cursor sits on the composer's caret, where typing goes.
  override var cursorPosition: CellPoint? { composerHeight > 0 ? composerCaret : super.cursorPosition }

  /// " 3 new ↓ " at the bottom right of the table while rows arrived below the visible area.
  private func drawBadge(into buffer: inout ScreenBuffer) {
    badgeRect = nil
    let tableHeight = rect.height - composerHeight
    guard newBelow > 0, tableHeight > 0 else { return }
    let text = " \(newBelow.grouped) new ↓ "
    let width = min(text.displayWidth, rect.width - 2)
    guard width > 0 else { return }
    let badge = CellRect(x: rect.x + rect.width - 2 - width, y: rect.y + tableHeight - 1, width: width, height: 1)
    buffer.write(
      text, x: badge.x, y: badge.y, style: Style(foreground: .yellow, attributes: [.bold, .reverse]), maxWidth: width)
    badgeRect = badge
  }
}
