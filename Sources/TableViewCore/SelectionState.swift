/// The rows a user selected, the row a touch highlights, and where that touch began.
struct SelectionState {
  /// The selected rows.
  var rows: Set<IndexPath> = []
  /// The row under a touch that has not yet become a tap or a drag.
  var highlighted: IndexPath?
  /// Where the current touch began.
  var touchStart: Point?
}
