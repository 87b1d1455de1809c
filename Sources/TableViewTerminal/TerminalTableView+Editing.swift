@_spi(Backend) import TableViewCore
import TerminalKit

// Edit mode on a terminal: each cell shows its row's editing control (⊖ or ⊕) in a column at its left; a click
// on the control, or Delete/Backspace on the selected row, commits it (the data source's commit editingStyle).

extension TerminalTableView {
  /// Enters or leaves edit mode (see `TableView.setEditing(_:animated:)`: the table tells the cells their
  /// controls and measures the rows again, which glide to their new heights).
  public func setEditing(_ editing: Bool, animated: Bool) {
    guard editing != table.isEditing else { return }
    measuringLayout { table.setEditing(editing, animated: animated) }
  }

  /// A press at `point` (the table's coordinates) on a row's editing control commits it.
  /// - Returns: Whether the press was on a control.
  func commitEditingControl(at point: Point) -> Bool {
    guard table.isEditing else { return false }
    let offset = table.contentOffset
    let content = Point(x: point.x + offset.x, y: point.y + offset.y)
    guard let row = table.indexPathForTouch(at: point),
      let cell = table.cellForRow(at: row) as? TerminalTableViewCell
    else { return false }
    let column = TerminalView.cells(content.x - cell.frame.minX)
    guard cell.editingControlColumns.contains(column), table.editingStyle(forRowAt: row) != .none else { return false }
    measuringLayout { try? table.commitEditingStyle(forRowAt: row) }
    return true
  }
}
