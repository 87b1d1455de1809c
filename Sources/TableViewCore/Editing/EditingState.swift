/// Edit mode, and the row swiped open (the logic is in TableView+Editing.swift).
@usableFromInline struct EditingState {
  /// Whether the table is in edit mode.
  var isEditing = false
  /// The swiped row.
  @usableFromInline var swipe = SwipeState()
  /// The swiped row's offset when the current drag began.
  var swipeBase = 0.0
  /// The swiped row's actions, nearest its edge first.
  var leadingActions: [ContextualAction] = []
  var trailingActions: [ContextualAction] = []
  /// The row picked up to be moved.
  var reorder: ReorderState? { didSet { isReordering = reorder != nil } }
  /// Whether a row is picked up (`reorder` is not nil), read without looking into it.
  @usableFromInline private(set) var isReordering = false

  func _checkInvariants() {
    swipe._checkInvariants()
    precondition(swipe.row != nil || (leadingActions.isEmpty && trailingActions.isEmpty), "actions of no row")
    precondition(isReordering == (reorder != nil), "the reordering flag is off")
  }
}
