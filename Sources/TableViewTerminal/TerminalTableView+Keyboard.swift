@_spi(Backend) import TableViewCore
import TerminalKit

// Keyboard navigation: the terminal's keys mapped to the engine's commands (`TableCommand`, `TableView.perform`,
// shared by every backend). The arrows move the engine's focus and keep it visible (the selection follows it in
// single selection mode), a page key scrolls a page and keeps the focus at the same place on screen, Space or Enter
// selects the focused row as a tap does (the delegate's will/didSelect are called), Shift extends the selection in
// multiple selection mode. A row under a floating header counts as hidden. The terminal's cursor sits on the
// focused row (see `cursorPosition`), where screen readers and braille displays follow it.

extension TerminalTableView {
  /// Handles an input event: keys (see `handleKey(_:)`) and the mouse (see `handleMouse(_:)`); a paste is text
  /// for a text input, never keys, so the table does not use it.
  /// - Returns: Whether the table used the event.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(let key): return handleKey(key)
    case .mouse(let mouse): return handleMouse(mouse)
    case .paste: return false
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
  /// - Delete or Backspace in edit mode: commit the focused row's editing control (⊖ deletes it)
  /// - m: pick up the focused row to move it (when the data source allows); then ↑/↓ (k/j) move it one place,
  ///   Page Up/Page Down ten, Enter or m drop it, Escape puts it back
  /// - c or Shift-F10: open the selected row's context menu; then ↑/↓ choose, Enter performs, Escape closes
  ///
  /// - Returns: Whether the key was used.
  @discardableResult
  public func handleKey(_ event: KeyEvent) -> Bool {
    if handleContextMenuKey(event) { return true }
    guard let command = Self.command(for: event) else { return table.takesEveryKey }
    var used = false
    measuringLayout { used = table.perform(command) }
    return used
  }

  /// The table command a key stands for (the keys listed at `handleKey(_:)`), if any.
  static func command(for event: KeyEvent) -> TableCommand? {
    let control = event.modifiers.contains(.control)
    let shift = event.modifiers.contains(.shift)
    switch event.key {
    case .up: return .moveFocus(.previous, extendingSelection: shift)
    case .down: return .moveFocus(.next, extendingSelection: shift)
    case .pageUp: return .scrollPage(.up, overlap: 2, extendingSelection: shift)
    case .pageDown: return .scrollPage(.down, overlap: 2, extendingSelection: shift)
    case .home: return .focusEdge(.first)
    case .end: return .focusEdge(.last)
    case .enter, .character(" "): return .activate
    case .escape: return .cancel
    case .delete, .backspace: return .commitEditingControl
    case .character("k") where !control: return .moveFocus(.previous)
    case .character("j") where !control: return .moveFocus(.next)
    case .character("K"): return .moveFocus(.previous, extendingSelection: true)
    case .character("J"): return .moveFocus(.next, extendingSelection: true)
    case .character("u") where control: return .scrollPage(.up, fraction: 0.5, overlap: 2)
    case .character("d") where control: return .scrollPage(.down, fraction: 0.5, overlap: 2)
    case .character("y") where control: return .scroll(by: -1)
    case .character("e") where control: return .scroll(by: 1)
    case .character("[") where !control: return .focusSection(.previous)
    case .character("]") where !control: return .focusSection(.next)
    case .character("m") where event.modifiers.isEmpty: return .pickUpRow
    case .character("s") where event.modifiers.isEmpty: return .toggleSwipeActions
    case .left where event.modifiers.isEmpty: return .swipe(.left)
    case .right where event.modifiers.isEmpty: return .swipe(.right)
    case .tab: return .focusSwipeAction(.next)
    case .backTab: return .focusSwipeAction(.previous)
    default: return nil
    }
  }

  /// Whether all of `row` is on screen and not under its section's floating header.
  func isRowFullyVisible(at row: IndexPath) -> Bool { table.isRowFullyVisible(at: row) }
}
