@_spi(Backend) import TableViewCore
import TerminalKit

// What a screen reader or a braille display needs from a terminal table: the hardware cursor on the row the user
// is on (they follow it), and that row's text with its place in the whole table ("row 41 of 1,000,000,
// section 1"), not among the dozen reused cells on screen. The position comes from the engine
// (`TableView.accessibilityDescription(of:)`), the text from the row's cell (`TerminalView.accessibilityLabel`).

extension TerminalTableView {
  /// The row the user is on: the focused one, else the first selected one.
  public var currentRow: IndexPath? { table.commandRow }

  /// The screen cell where the terminal's cursor belongs: the first column of the current row's text (see
  /// `currentRow`), on the row's first line in view, or, while a context menu is open, of its chosen action;
  /// `nil` when that row is not on screen. A run loop shows the cursor there while nothing animates
  /// (`TerminalApplication.cursorPosition`).
  /// - Complexity: O(visible)
  public var cursorPosition: CellPoint? {
    if let menu = contextMenu {
      let box = menuBox(menu)
      let origin = screenOrigin
      return CellPoint(x: origin.x + box.x + 2, y: origin.y + box.y + 1 + menu.focused)
    }
    guard let row = currentRow, let view = table.cellForRow(at: row) as? TerminalView else { return nil }
    let offset = table.contentOffset
    let top = TerminalView.cells(view.frame.minY - offset.y)
    let bottom = TerminalView.cells(view.frame.maxY - offset.y)
    var column = TerminalView.cells(view.frame.minX - offset.x)
    var line = top
    if let cell = view as? TerminalTableViewCell {
      cell.layoutIfNeeded()
      column += TerminalView.cells(cell.textLabel.frame.minX)
      line += TerminalView.cells(cell.textLabel.frame.minY)
    }
    let height = cellSize.height
    line = max(line, 0)
    guard line < min(bottom, height), column >= 0, column < cellSize.width else { return nil }
    let origin = screenOrigin
    return CellPoint(x: origin.x + column, y: origin.y + line)
  }

  /// What a screen reader should say about the current row (see `currentRow`): its place in the whole table
  /// and its cell's text, "row 41 of 1,000,000, section 1: Alice, Hello" (the text only while its cell is on
  /// screen); while a context menu is open, its chosen action, "menu Post #12: Star, 1 of 5"; `nil` without a
  /// current row.
  /// - Complexity: O(log n + visible)
  public var currentRowAnnouncement: String? {
    if let menu = contextMenu {
      let actions = menu.configuration.actions
      guard actions.indices.contains(menu.focused) else { return "menu " + menu.configuration.title }
      let action = actions[menu.focused]
      var text = "menu"
      if !menu.configuration.title.isEmpty { text += " " + menu.configuration.title }
      text += ": \(action.title), \(menu.focused + 1) of \(actions.count)"
      if action.isChecked { text += ", checked" }
      return text
    }
    guard let row = currentRow, let position = table.accessibilityDescription(of: row) else { return nil }
    guard let label = (table.cellForRow(at: row) as? TerminalView)?.accessibilityLabel, !label.isEmpty else {
      return position
    }
    return position + ": " + label
  }
}
