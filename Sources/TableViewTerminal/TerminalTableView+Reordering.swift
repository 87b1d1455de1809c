@_spi(Backend) import TableViewCore
import TerminalKit

// Moving rows on a terminal (the engine's reorder: `TableView.beginReorder(at:pointerY:)` and the rest). In edit
// mode each movable row shows a reorder control (≡) at its right: a press on it picks the row up, the row follows
// the mouse, held near the top or bottom edge the table scrolls by itself (through rows never measured, across
// sections), and letting go drops it. From the keyboard (TableCommand), m picks up the focused row, ↑/↓ (k/j) move it one
// place, Page Up/Page Down ten, Enter (or m) drops it and Esc puts it back. The held row is drawn over the others,
// bold on a dark background; the gap where it would drop stays empty.

extension TerminalTableView {
  /// The held row's look, laid over its cell's own styles.
  static func liftStyle(_ style: inout Style) {
    style.attributes.formUnion(.bold)
    if style.background == .default { style.background = .brightBlack }
  }

  // MARK: The mouse

  /// A press at `point` (the table's coordinates) on a row's reorder control picks the row up under the pointer.
  /// - Returns: Whether the press was on a control.
  func beginReorderControl(at point: Point) -> Bool {
    guard table.isEditing, table.reorderingRow == nil else { return false }
    let offset = table.contentOffset
    let content = Point(x: point.x + offset.x, y: point.y + offset.y)
    guard let row = table.indexPathForTouch(at: point),
      let cell = table.cellForRow(at: row) as? TerminalTableViewCell,
      cell.reorderControlColumns.contains(TerminalView.cells(content.x - cell.frame.minX))
    else { return false }
    var picked = false
    measuringLayout { picked = table.beginReorder(at: row, pointerY: point.y) }
    reorderDrag = picked
    return picked
  }

  /// The mouse moved while a row is held under it: the row follows (`point` in the table's coordinates, also
  /// outside the table: above or below it the table scrolls faster).
  /// - Returns: Whether a row is held.
  func dragReorder(to point: Point) -> Bool {
    guard reorderDrag else { return false }
    guard table.reorderingRow != nil else {
      reorderDrag = false
      return false
    }
    measuringLayout { table.updateReorder(pointerY: point.y) }
    return true
  }

  /// The button was let go while a row is held: it drops.
  /// - Returns: Whether a row was held.
  func endReorderDrag(at point: Point) -> Bool {
    guard reorderDrag else { return false }
    reorderDrag = false
    guard table.reorderingRow != nil else { return false }
    measuringLayout {
      table.updateReorder(pointerY: point.y)
      table.endReorder()
    }
    return true
  }
}
