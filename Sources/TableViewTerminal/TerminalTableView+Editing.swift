@_spi(Backend) import TableViewCore
import TerminalKit

// Edit mode on a terminal: each cell shows its row's editing control (⊖ or ⊕) in a column at its left; a click
// on the control (the engine's pointer router decides, from `TerminalTableViewCell.region(at:)`), or
// Delete/Backspace on the focused row, commits it (the data source's commit editingStyle).

extension TerminalTableView {
  /// Enters or leaves edit mode (see `TableView.setEditing(_:animated:)`: the table tells the cells their
  /// controls and measures the rows again, which glide to their new heights).
  public func setEditing(_ editing: Bool, animated: Bool) {
    guard editing != table.isEditing else { return }
    measuringLayout { table.setEditing(editing, animated: animated) }
  }
}
