/// The keyboard focus: the row the arrows move from (not necessarily a selected one), and where a
/// selection extended with Shift began.
struct FocusState {
  /// The focused row (`TableView.focusedIndexPath`).
  var focused: IndexPath?
  /// Where the current Shift-extended selection began: the rows from here to the focused row are
  /// the ones the extension selected. `nil` when no extension runs.
  var anchor: IndexPath?
}

extension FocusState {
  /// Checks what the focus can check alone: no negative index path.
  /// - Complexity: O(1)
  func _checkInvariants() {
    for path in [focused, anchor].compactMap(\.self) {
      precondition(path.row >= 0 && path.section >= 0, "focus row \(path) is negative")
    }
  }
}
