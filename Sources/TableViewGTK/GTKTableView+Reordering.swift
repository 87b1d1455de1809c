import CGtk
@_spi(Backend) import TableViewCore

// Moving rows in GTK (the engine's reorder: `TableView.beginReorder(at:pointerY:)` and the rest). In edit mode
// each movable row shows a drag handle (≡) at its right (`GTKTableViewCell.region(at:)` tells the engine where): a
// drag on it picks the row up; outside edit mode a long press on a row does (the engine's pointer router decides). The row follows the pointer, held near the top or bottom edge the table scrolls by itself
// (the engine's autoscroll, ticked on the frame clock: through rows never measured, across sections), and letting
// go drops it. From the keyboard, m picks up the focused row, ↑/↓ move it one place, Page Up/Page Down ten,
// Enter (or m) drops it and Escape puts it back. The held row is drawn over everything, lifted (the `lifted` CSS
// class: a shadow and a tinted background); the gap where it would drop stays empty.

extension GTKTableView {
  // MARK: Drawing

  /// In the allocation: the held row's widget is the viewport's last child (drawn over every other
  /// view), with the lifted look; a row put down loses it.
  func updateLiftedView() {
    let held = table.reorderingView as? GTKView
    if liftedView !== held {
      liftedView?.setCSSClass("lifted", enabled: false)
      held?.setCSSClass("lifted", enabled: true)
      liftedView = held
    }
    if let held, gtk_widget_get_parent(held.widget) == viewport, gtk_widget_get_last_child(viewport) != held.widget {
      gtk_widget_insert_before(held.widget, viewport, nil)
    }
  }
}
