import TableViewCore
import TerminalKit

// Keyboard navigation: the terminal's keys mapped to the engine's navigation (`TableView+KeyboardNavigation`,
// shared by every backend). The selection is the cursor, as in a Mac or iPad table: the arrows move it and keep it
// visible, a page key scrolls a page and keeps the selection at the same place on screen, Enter selects the row
// as a tap does (the delegate's will/didSelect are called). A row under a floating header counts as hidden.

extension TerminalTableView {
  /// Handles an input event: keys (see `handleKey(_:)`) and the mouse (see `handleMouse(_:)`).
  /// - Returns: Whether the table used the event.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(let key): return handleKey(key)
    case .mouse(let mouse): return handleMouse(mouse)
    }
  }

  /// Handles a key:
  ///
  /// - ↑/↓ or k/j: select the previous/next row (from the first or last row in view when the selection is not)
  /// - Page Up/Page Down, Ctrl-U/Ctrl-D: scroll a page/half a page; the selection keeps its place on screen
  /// - Ctrl-Y/Ctrl-E: scroll one line without moving the selection
  /// - Home/End: select the first/last row, scrolling there with an animation
  /// - [ and ]: select the first row of this (or the previous) section, or of the next section
  /// - Enter: select the selected row as a tap would (or the first row in view)
  /// - Escape: clear the selection
  /// - s or ←: open the selected row's trailing swipe actions; →: its leading ones; while a row is open, ←/→ or
  ///   Tab choose an action, Enter performs it, Escape closes the row
  /// - Delete or Backspace in edit mode: commit the selected row's editing control (⊖ deletes it)
  /// - m: pick up the selected row to move it (when the data source allows); then ↑/↓ (k/j) move it one place,
  ///   Page Up/Page Down ten, Enter or m drop it, Escape puts it back
  /// - c or Shift-F10: open the selected row's context menu; then ↑/↓ choose, Enter performs, Escape closes
  ///
  /// - Returns: Whether the key was used.
  @discardableResult
  public func handleKey(_ event: KeyEvent) -> Bool {
    let control = event.modifiers.contains(.control)
    if handleContextMenuKey(event) || handleReorderKey(event) || handleSwipeKey(event) { return true }
    if event.key == .delete || event.key == .backspace, table.isEditing { return commitSelectedRow() }
    switch event.key {
    case .up: moveSelection(.previous)
    case .down: moveSelection(.next)
    case .pageUp: page(.up, fraction: 1)
    case .pageDown: page(.down, fraction: 1)
    case .home: selectEdge(.first)
    case .end: selectEdge(.last)
    case .enter: activateSelection()
    case .escape: clearSelection()
    case .character("k") where !control: moveSelection(.previous)
    case .character("j") where !control: moveSelection(.next)
    case .character("u") where control: page(.up, fraction: 0.5)
    case .character("d") where control: page(.down, fraction: 0.5)
    case .character("y") where control: measuringLayout { table.scroll(by: -1) }
    case .character("e") where control: measuringLayout { table.scroll(by: 1) }
    case .character("[") where !control: jumpToSection(.previous)
    case .character("]") where !control: jumpToSection(.next)
    default: return false
    }
    return true
  }

  // MARK: The engine's navigation, timed

  /// Selects the row before or after the selection (see `TableView.selectAdjacentRow(_:)`).
  func moveSelection(_ direction: TableView.RowDirection) {
    measuringLayout { table.selectAdjacentRow(direction) }
  }

  /// Scrolls by `fraction` of a page in `direction`, two lines of the previous page staying in view; a selection
  /// on screen keeps its place (see `TableView.scrollPage(_:fraction:overlap:)`).
  func page(_ direction: TableView.ScrollDirection, fraction: Double) {
    measuringLayout { table.scrollPage(direction, fraction: fraction, overlap: 2) }
  }

  /// Selects the first or last row, scrolling there with an animation.
  func selectEdge(_ edge: TableView.Edge) {
    measuringLayout { table.selectEdgeRow(edge) }
  }

  /// Selects the first row of the next, this or the previous section (see
  /// `TableView.selectFirstRowOfSection(_:)`).
  func jumpToSection(_ direction: TableView.RowDirection) {
    measuringLayout { table.selectFirstRowOfSection(direction) }
  }

  /// Enter: the selected row (or the first fully visible row) is selected as by a tap.
  func activateSelection() {
    measuringLayout { table.activateSelectedRow() }
  }

  /// Deselects every row.
  func clearSelection() {
    measuringLayout { table.deselectAllRows() }
  }

  /// Whether all of `row` is on screen and not under its section's floating header.
  func isRowFullyVisible(at row: IndexPath) -> Bool { table.isRowFullyVisible(at: row) }
}
