import CGtk
@_spi(Backend) import TableViewCore

// Moving rows in GTK (the engine's reorder: `TableView.beginReorder(at:pointerY:)` and the rest). In edit mode
// each movable row shows a drag handle (≡) at its right: a drag on it picks the row up; outside edit mode a long
// press on a row does. The row follows the pointer, held near the top or bottom edge the table scrolls by itself
// (the engine's autoscroll, ticked on the frame clock: through rows never measured, across sections), and letting
// go drops it. From the keyboard, m picks up the selected row, ↑/↓ move it one place, Page Up/Page Down ten,
// Enter (or m) drops it and Escape puts it back. The held row is drawn over everything, lifted (the `lifted` CSS
// class: a shadow and a tinted background); the gap where it would drop stays empty.

extension GTKTableView {
  // MARK: The pointer

  /// A press at `point` (viewport coordinates) on a row's drag handle, in edit mode, picks the row up
  /// under the pointer. Returns whether it did.
  func beginReorderOnHandle(at point: Point) -> Bool {
    guard table.isEditing, table.reorderingRow == nil, let row = table.indexPathForTouch(at: point),
      let cell = table.cellForRow(at: row) as? GTKTableViewCell,
      gtk_widget_get_child_visible(cell.reorderControl) != 0
    else { return false }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(cell.reorderControl, viewport, &bounds) != 0 else { return false }
    // Single-precision bounds of a widget a few hundred pixels from the viewport's origin: exact enough.
    let left = Double(bounds.origin.x)
    let top = Double(bounds.origin.y)
    guard point.x >= left, point.x < left + Double(bounds.size.width), point.y >= top,
      point.y < top + Double(bounds.size.height)
    else { return false }
    return beginReorderDrag(at: row, pointerY: point.y)
  }

  /// A long press at `point` (viewport coordinates) picks up the row under it (outside edit mode too).
  func longPressed(at point: Point) {
    guard table.reorderingRow == nil, table.swipedRow == nil, swipeDrag == nil, press.phase != .dragging,
      let row = table.indexPathForTouch(at: point)
    else { return }
    guard beginReorderDrag(at: row, pointerY: point.y) else { return }
    // The press is the row's now: no tap, no scroll.
    table.touchCancelled()
    press.cancel()
  }

  /// Picks `row` up under the pointer at `pointerY`; the drag that follows moves it.
  func beginReorderDrag(at row: IndexPath, pointerY: Double) -> Bool {
    guard table.beginReorder(at: row, pointerY: pointerY) else { return false }
    reorderDragY = pointerY
    setNeedsLayout()
    return true
  }

  /// The pointer holding a row moved to `pointerY` (viewport coordinates, also beyond its edges).
  /// Returns whether a row is held by the pointer.
  func dragReorder(to pointerY: Double) -> Bool {
    guard reorderDragY != nil else { return false }
    guard table.reorderingRow != nil else {
      reorderDragY = nil
      return false
    }
    reorderDragY = pointerY
    table.updateReorder(pointerY: pointerY)
    setNeedsLayout()
    return true
  }

  /// The button was let go with a row held: it drops where the pointer is. Returns whether a row was held.
  func endReorderDrag(at pointerY: Double) -> Bool {
    guard reorderDragY != nil else { return false }
    reorderDragY = nil
    guard table.reorderingRow != nil else { return false }
    table.updateReorder(pointerY: pointerY)
    table.endReorder()
    setNeedsLayout()
    return true
  }

  /// GTK took the pointer away (a grab elsewhere): the held row goes back.
  func cancelReorderDrag() -> Bool {
    guard reorderDragY != nil else { return false }
    reorderDragY = nil
    table.cancelReorder()
    setNeedsLayout()
    return true
  }

  // MARK: Keys
}
