/// What a key means to a table, the same in every backend: a backend maps its keys to commands and
/// hands them to ``TableView/perform(_:)``, which decides what they do now (a row held for moving
/// takes the movement keys, for instance).
///
/// Every command acts on the focused row (``TableView/focusedIndexPath``), or on the selected row
/// when nothing is focused: the keyboard has one row it works on.
///
///     // the terminal's ↓, the GTK backend's Down
///     table.perform(.moveFocus(.next))
///     // m, then ↓ ↓ and Enter: the focused row moves two places down
///     table.perform(.pickUpRow)
public enum TableCommand: Hashable, Sendable {
  /// Focus the previous or next row (the selection follows in single selection mode); extending
  /// the selection in multiple selection mode. While a row is held, move it one place.
  case moveFocus(TableView.RowDirection, extendingSelection: Bool = false)
  /// Scroll by `fraction` of a page, `overlap` points of the previous page staying in view; the
  /// focus keeps its place on screen. While a row is held, move it ten places.
  case scrollPage(
    TableView.ScrollDirection, fraction: Double = 1, overlap: Double = 0, extendingSelection: Bool = false)
  /// Scroll by `points` (negative: up) without moving the focus.
  case scroll(by: Double)
  /// Focus the first or last row, scrolling there with an animation.
  case focusEdge(TableView.Edge)
  /// Focus the first row of this (or the previous) section, or of the next one.
  case focusSection(TableView.RowDirection)
  /// Select the focused row as a tap would (Space, Enter). While a row is held, drop it.
  case activate
  /// Put a held row back where it was, else close a swiped row, else clear the selection (Escape).
  case cancel
  /// In edit mode, commit the focused row's editing control (⊖ deletes it: Delete, Backspace).
  case commitEditingControl
  /// Pick up the focused row to move it with the keys (when the data source allows), or drop a row
  /// held by the keys.
  case pickUpRow
  /// The swipe actions by the keys, as a finger pulling the focused row one step sideways: a closed row
  /// opens on its trailing actions (`.left`) or its leading ones (`.right`), the first chosen; on a row
  /// open on its actions, the step chooses the next action that way (clamped). ``activate`` performs the
  /// chosen action, ``cancel`` closes the row.
  case swipe(TableView.SwipeDirection)
  /// Open the focused row's trailing actions, or close the row open on its actions (a key that toggles
  /// them, as the terminal's and the GTK backend's s).
  case toggleSwipeActions
  /// While a row is open on its actions: choose the next (Tab) or previous (Shift-Tab) action, going round.
  case focusSwipeAction(TableView.RowDirection)
}
