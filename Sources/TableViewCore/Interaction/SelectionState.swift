/// The rows a user selected, the row a touch highlights, and where that touch began.
struct SelectionState {
  /// The selected rows.
  var rows: Set<IndexPath> = []
  /// The row under a touch that has not yet become a tap or a drag.
  var highlighted: IndexPath?
  /// Where the current touch began.
  var touchStart: Point?
}

extension SelectionState {
  /// Checks what the selection can check alone: no negative index path, a finite touch start.
  /// - Complexity: O(selected rows)
  func _checkInvariants() {
    for path in rows { precondition(path.row >= 0 && path.section >= 0, "selected row \(path) is negative") }
    if let path = highlighted {
      precondition(path.row >= 0 && path.section >= 0, "highlighted row \(path) is negative")
    }
    if let start = touchStart {
      precondition(start.x.isFinite && start.y.isFinite, "touch start \(start) is not finite")
    }
  }
}
