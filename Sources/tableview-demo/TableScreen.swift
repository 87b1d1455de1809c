import DemoData
// SPI for `isAutoscrolling` alone: the scripted session (the end-to-end tests' driver) must not wait for a table
// scrolling by itself under a held row, an animation with no end.
@_spi(Backend) import TableViewCore
import TableViewTerminal
import TerminalKit

/// A screen that is one `TerminalTableView`: the table fills the screen, takes the keys and the mouse, and the
/// status line shows the engine's figures. Subclasses are the table's data source and delegate.
class TableScreen: DemoScreen {
  /// The terminal table view.
  let tableView: TerminalTableView
  /// The last row the user selected (Enter or a click).
  var lastSelected: IndexPath?

  init(context: DemoContext, style: TableView.Style = .plain) {
    tableView = TerminalTableView(style: style, clock: context.clock)
    tableView.drawsDecorations = !context.plain
  }

  /// The engine.
  var table: TableView { tableView.table }

  var keyHelp: [(keys: String, action: String)] {
    [
      ("↑ ↓  k j", "move the focus (the cursor; the selection follows)"),
      ("PgUp PgDn", "scroll a page (Ctrl-U/D: half)"),
      ("Ctrl-Y Ctrl-E", "scroll one line"),
      ("Home End", "first / last row (animated)"),
      ("[ ]", "previous / next section"),
      ("Enter Space, click", "select the row (✓)"),
      ("wheel", "scroll (faster when flicked)"),
      ("Esc", "clear the selection"),
    ]
  }

  /// Places the table, and tells it the widths to expect (see `noteWidth()`).
  func layout(in rect: CellRect) {
    tableView.frame = Rect(rect)
    noteWidth()
  }

  /// The widths the table stayed at: a terminal resized comes back to the width it left (a window maximized and
  /// restored, a split toggled), so the table expects it and its idle precompute measures the rows for it too.
  private var widths = WidthHistory()

  /// Notes the table's width; when the widths it stayed at change, the table expects them.
  func noteWidth() {
    if widths.note(table.viewportSize.width, now: table.clock.now) { table.expectedWidths = widths.expected }
  }

  func handle(_ event: InputEvent) -> Bool { tableView.handle(event) }

  var isAnimating: Bool { tableView.isAnimating }

  var isAutoscrolling: Bool { tableView.table.isAutoscrolling }

  func tick() { tableView.tick() }

  func runIdleWork() -> Bool { tableView.runIdleSlice() }

  /// Keys are shortcuts, except while the table's context menu is open (its keys, q included, are the menu's); a
  /// subclass with a composer says otherwise.
  var takesTypedText: Bool { tableView.isShowingContextMenu }

  /// No timers (a subclass with timers says when the next is due).
  var nextTimerDeadline: Double? { nil }

  /// The first column of the focused row's text.
  var cursorPosition: CellPoint? { tableView.cursorPosition }

  /// The focused row's place in the table and its text.
  var announcement: String? { tableView.currentRowAnnouncement }

  func draw(into buffer: inout ScreenBuffer) {
    let frame = tableView.frame
    tableView.render(
      into: &buffer, origin: CellPoint(x: TerminalView.cells(frame.minX), y: TerminalView.cells(frame.minY)))
  }

  func status() -> String { engineStatus() }

  /// Rows, then `lead`, then the last selected row, then cells alive, cells ever created, reuses and the last
  /// layout time, then `extra`. What the user did comes before the diagnostics, so a narrow terminal (or a slow
  /// layout's longer figure) cuts the diagnostics first.
  func engineStatus(lead: String? = nil, extra: String? = nil) -> String {
    var parts = [
      "\(table.totalRowCount.grouped) rows"
    ]
    if let lead { parts.append(lead) }
    if let lastSelected { parts.append(lastSelected.selectionStatus) }
    let diagnostics = table.diagnostics
    parts += [
      "\(diagnostics.aliveViewCount) alive",
      "\(diagnostics.cellsCreated.grouped) created",
      "\(diagnostics.cellsReused.grouped) reused",
      "layout \(diagnostics.lastLayoutDuration.milliseconds)",
    ]
    if let extra { parts.append(extra) }
    return parts.joined(separator: " · ")
  }

  /// How far the idle precompute has measured the heights at the current width and at the widths the table
  /// expects: "heights 100 cols 35% · 80 cols 12%".
  func heightsStatus() -> String {
    let widths = [table.viewportSize.width] + table.precomputedWidths
    let parts = widths.compactMap { width in
      table.precomputeProgress(forWidth: width).map { "\(Int(width)) cols \(Self.percent($0.fractionCompleted))" }
    }
    return "heights " + parts.joined(separator: " · ")
  }

  /// A fraction as a percentage: whole numbers, but one decimal below 10% (a million rows fill 1% slowly).
  static func percent(_ fraction: Double) -> String {
    let percent = min(100, max(0, fraction * 100))
    if percent >= 10 || percent == 0 { return "\(Int(percent))%" }
    let tenths = Int(percent * 10)
    return "\(tenths / 10).\(tenths % 10)%"
  }
}
