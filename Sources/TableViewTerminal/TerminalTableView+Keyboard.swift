import TableViewCore
import TerminalKit

// Keyboard navigation: the terminal's keys mapped to the engine's navigation (`TableView+KeyboardNavigation`,
// shared by every backend). The arrows move the engine's focus and keep it visible (the selection follows it in
// single selection mode), a page key scrolls a page and keeps the focus at the same place on screen, Space or Enter
// selects the focused row as a tap does (the delegate's will/didSelect are called), Shift extends the selection in
// multiple selection mode. A row under a floating header counts as hidden. The terminal's cursor sits on the
// focused row (see `cursorPosition`), where screen readers and braille displays follow it.

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
  /// - ↑/↓ or k/j: focus the previous/next row (from the first or last row in view when the focus is not); in
  ///   single selection mode the selection follows; Shift-↑/↓ (or K/J) extends the selection in multiple
  ///   selection mode
  /// - Page Up/Page Down, Ctrl-U/Ctrl-D: scroll a page/half a page; the focus keeps its place on screen
  ///   (Shift-Page Up/Down extends the selection in multiple selection mode)
  /// - Ctrl-Y/Ctrl-E: scroll one line without moving the focus
  /// - Home/End: focus the first/last row, scrolling there with an animation
  /// - [ and ]: focus the first row of this (or the previous) section, or of the next section
  /// - Space or Enter: select the focused row as a tap would (or the first row in view); toggles it in multiple
  ///   selection mode
  /// - Escape: clear the selection
  /// - s or ←: open the focused row's trailing swipe actions; →: its leading ones; while a row is open, ←/→ or
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
    let shift = event.modifiers.contains(.shift)
    if handleContextMenuKey(event) || handleReorderKey(event) || handleSwipeKey(event) { return true }
    if event.key == .delete || event.key == .backspace, table.isEditing { return commitSelectedRow() }
    switch event.key {
    case .up: moveFocus(.previous, extendingSelection: shift)
    case .down: moveFocus(.next, extendingSelection: shift)
    case .pageUp: page(.up, fraction: 1, extendingSelection: shift)
    case .pageDown: page(.down, fraction: 1, extendingSelection: shift)
    case .home: focusEdge(.first)
    case .end: focusEdge(.last)
    case .enter, .character(" "): activateFocus()
    case .escape: clearSelection()
    case .character("k") where !control: moveFocus(.previous)
    case .character("j") where !control: moveFocus(.next)
    case .character("K"): moveFocus(.previous, extendingSelection: true)
    case .character("J"): moveFocus(.next, extendingSelection: true)
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

  /// Focuses the row before or after the focused one (see `TableView.moveFocus(_:extendingSelection:)`).
  func moveFocus(_ direction: TableView.RowDirection, extendingSelection: Bool = false) {
    measuringLayout { table.moveFocus(direction, extendingSelection: extendingSelection) }
  }

  /// Scrolls by `fraction` of a page in `direction`, two lines of the previous page staying in view; a focused row
  /// on screen keeps its place (see `TableView.scrollPage(_:fraction:overlap:extendingSelection:)`).
  func page(_ direction: TableView.ScrollDirection, fraction: Double, extendingSelection: Bool = false) {
    measuringLayout {
      table.scrollPage(direction, fraction: fraction, overlap: 2, extendingSelection: extendingSelection)
    }
  }

  /// Focuses the first or last row, scrolling there with an animation.
  func focusEdge(_ edge: TableView.Edge) {
    measuringLayout { table.moveFocus(to: edge) }
  }

  /// Focuses the first row of the next, this or the previous section (see
  /// `TableView.moveFocusToFirstRowOfSection(_:)`).
  func jumpToSection(_ direction: TableView.RowDirection) {
    measuringLayout { table.moveFocusToFirstRowOfSection(direction) }
  }

  /// Space or Enter: the focused row (or the first fully visible row) is selected as by a tap.
  func activateFocus() {
    measuringLayout { table.activateFocusedRow() }
  }

  /// Deselects every row.
  func clearSelection() {
    measuringLayout { table.deselectAllRows() }
  }

  /// Whether all of `row` is on screen and not under its section's floating header.
  func isRowFullyVisible(at row: IndexPath) -> Bool { table.isRowFullyVisible(at: row) }
}
