import TableViewCore
import TableViewTerminal
import TerminalKit

/// The demo's shell: a tab bar on the first line, the current screen, a status line on the last line, and the
/// `?` help over it all. Tab, Shift-Tab and the digits switch screens; `q` quits.
///
/// The terminal's cursor rests on the focused row (or in the chat's composer) while nothing moves, where screen
/// readers and braille displays follow it. The plain interface (`--plain`, `TABLEVIEW_PLAIN=1`, `TERM=dumb`)
/// draws no box-drawing decoration and no status line (its figures change on every frame); its last
/// `announcementLines` lines say where the user is, "row 41 of 1,000,000, section 1: " and the row's text,
/// written again whole only when that changes.
final class DemoApp: TerminalApplication {
  private let context: DemoContext
  private var screens: [(any DemoScreen)?]
  private(set) var current: Int
  private var showsHelp = false
  /// The status line and the `?` box, kept from frame to frame (their text is set as they are drawn).
  private let statusBar = TerminalStatusBar()
  private let helpOverlay = TerminalHelpOverlay(entries: [])
  private var size = TerminalSize(columns: 80, rows: 24)
  /// The columns of each tab on the tab bar, for clicks.
  private var tabColumns: [Range<Int>] = []
  /// The lines at the bottom of the plain interface that say where the user is.
  static let announcementLines = 3

  /// Creates the app showing the screen at `initial` in `DemoCatalog.entries`; screens are made on first use,
  /// after the first `resize(to:)`.
  init(context: DemoContext, initial: Int) {
    self.context = context
    screens = Array(repeating: nil, count: DemoCatalog.entries.count)
    current = min(max(0, initial), DemoCatalog.entries.count - 1)
  }

  /// The screen at `index`, created on first use.
  private func screen(_ index: Int) -> any DemoScreen {
    if let screen = screens[index] { return screen }
    let screen = DemoCatalog.entries[index].make(context)
    screen.layout(in: contentRect)
    screens[index] = screen
    return screen
  }

  /// Where screens go: between the tab bar and the status line (the announcement lines, plain).
  private var contentRect: CellRect {
    CellRect(x: 0, y: 1, width: size.columns, height: max(0, size.rows - 1 - bottomLines))
  }

  /// The lines below the screen: the status line, or the announcement lines of the plain interface.
  private var bottomLines: Int { context.plain ? Self.announcementLines : 1 }

  /// The rows of the screen the announcement takes (plain), from the bottom.
  private var announcementRows: Range<Int> {
    max(1, size.rows - Self.announcementLines)..<max(1, size.rows)
  }

  private func show(_ index: Int) {
    current = (index + screens.count) % screens.count
    screen(current).layout(in: contentRect)
  }

  // MARK: TerminalApplication

  func resize(to size: TerminalSize) {
    self.size = size
    for screen in screens { screen?.layout(in: contentRect) }
  }

  func handle(_ event: InputEvent) -> Bool {
    if case .paste = event {
      // A paste is text for the page's text input (the composer, the search field), never keys: a Tab or a q in
      // it neither switches the page nor quits; a page that types nothing ignores it.
      if screen(current).takesTypedText && !showsHelp { _ = screen(current).handle(event) }
      return true
    }
    if case .key(let key) = event {
      let typing = screen(current).takesTypedText
      if key == .controlC || (key.key == .character("q") && key.modifiers.isEmpty && !typing) { return false }
      if showsHelp {
        showsHelp = false
        return true
      }
      switch key.key {
      case .character where typing && key.modifiers.isEmpty:
        _ = screen(current).handle(event)
        return true
      case .character("?"), .function(1):
        showsHelp = true
        return true
      case .tab:
        show(current + 1)
        return true
      case .backTab:
        show(current - 1)
        return true
      case .character(let c) where key.modifiers.isEmpty:
        if let digit = c.wholeNumberValue, digit >= 1, digit <= screens.count {
          show(digit - 1)
          return true
        }
      default: break
      }
    }
    if case .mouse(let mouse) = event, mouse.y == 0 {
      if case .press(.left) = mouse.kind, let tab = tabColumns.firstIndex(where: { $0.contains(mouse.x) }) {
        show(tab)
      }
      return true
    }
    _ = screen(current).handle(event)
    return true
  }

  var isAnimating: Bool { screen(current).isAnimating }
  var isAutoscrolling: Bool { screen(current).isAutoscrolling }

  func tick() { screen(current).tick() }

  func runIdleWork() -> Bool { screen(current).runIdleWork() }

  var nextTimerDeadline: Double? { screen(current).nextTimerDeadline }

  /// The current screen's cursor (the focused row), none while the help is up.
  var cursorPosition: CellPoint? { showsHelp ? nil : screen(current).cursorPosition }

  /// The plain interface's announcement: where the user is, on the last lines.
  var announcement: (text: String, rows: Range<Int>)? {
    guard context.plain, size.rows >= 2 else { return nil }
    return (announcementText, announcementRows)
  }

  /// What the announcement lines say: the current screen's announcement, or the screen's name.
  private var announcementText: String {
    if showsHelp { return "Keys: any key closes" }
    return screen(current).announcement ?? DemoCatalog.entries[current].title(context)
  }

  func draw(into buffer: inout ScreenBuffer) {
    drawTabBar(into: &buffer)
    let screen = screen(current)
    screen.draw(into: &buffer)
    if context.plain {
      drawAnnouncement(into: &buffer)
    } else if size.rows >= 2 {
      statusBar.items = [screen.status()]
      statusBar.frame = Rect(x: 0, y: Double(size.rows - 1), width: Double(size.columns), height: 1)
      statusBar.render(into: &buffer, origin: CellPoint(x: 0, y: size.rows - 1))
    }
    if showsHelp {
      helpOverlay.entries = helpEntries
      helpOverlay.frame = Rect(contentRect)
      helpOverlay.drawsDecorations = !context.plain
      helpOverlay.render(into: &buffer, origin: CellPoint(x: contentRect.x, y: contentRect.y))
    }
  }

  private var helpEntries: [(keys: String, action: String)] {
    // A screen that takes typed text keeps the digits, ? and q for itself.
    let typing = screen(current).takesTypedText
    return screen(current).keyHelp + [
      (typing ? "Tab" : "Tab 1–\(screens.count)", "switch screens (Shift-Tab: back)"),
      (typing ? "F1" : "? F1", "this help"),
      ("Ctrl-Z", "suspend (fg resumes)"),
      (typing ? "Ctrl-C" : "q Ctrl-C", "quit"),
    ]
  }

  /// The plain interface's last lines: the announcement, wrapped, cut to the lines there are.
  private func drawAnnouncement(into buffer: inout ScreenBuffer) {
    let rows = announcementRows
    guard !rows.isEmpty, size.columns > 0 else { return }
    let lines = TextWrap.wrap(announcementText, width: size.columns, maxLines: rows.count)
    for (row, line) in zip(rows, lines) { buffer.write(line, x: 0, y: row) }
  }

  private func drawTabBar(into buffer: inout ScreenBuffer) {
    var x = buffer.write(" SwiftTableView ", x: 0, y: 0, style: Style(attributes: .bold))
    tabColumns = []
    for (index, entry) in DemoCatalog.entries.enumerated() {
      let label = " \(index + 1) \(entry.title(context)) "
      let style = index == current ? Style(attributes: [.bold, .reverse]) : Style(foreground: .brightBlack)
      let start = x
      x += buffer.write(label, x: x, y: 0, style: style)
      tabColumns.append(start..<x)
      x += buffer.write(" ", x: x, y: 0)
    }
    let hint = screen(current).takesTypedText ? "Tab switch · F1 keys · Ctrl-C quit " : "Tab switch · ? keys · q quit "
    let hintX = size.columns - hint.displayWidth
    if hintX > x { buffer.write(hint, x: hintX, y: 0, style: Style(foreground: .brightBlack)) }
  }
}
