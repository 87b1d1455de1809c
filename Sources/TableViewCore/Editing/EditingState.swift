// Edit mode, the swiped row with its actions, and the row held to be moved, as a value with its own
// transitions: the swipe's (SwipeState) with the actions kept beside it, so that a row with actions
// is always the swiped one. The table (TableView+Editing.swift, TableView+Reordering.swift) asks the
// delegate for the actions and tells the views.

/// Edit mode, the row swiped open and its actions, and the row picked up to be moved.
@usableFromInline struct EditingState {
  /// Whether the table is in edit mode.
  var isEditing = false
  /// The swiped row.
  @usableFromInline private(set) var swipe = SwipeState()
  /// The swiped row's actions, nearest its edge first.
  private(set) var leadingActions: [ContextualAction] = []
  private(set) var trailingActions: [ContextualAction] = []
  /// The row picked up to be moved.
  var reorder: ReorderState? { didSet { isReordering = reorder != nil } }
  /// Whether a row is picked up (`reorder` is not nil), read without looking into it.
  @usableFromInline private(set) var isReordering = false

  // MARK: Swipe transitions

  /// A finger starts dragging `row` sideways at `now`, revealing `leading` or `trailing` actions
  /// (`width` says how wide each is), whose first performs on a full swipe as said.
  mutating func beginSwipe(
    row: IndexPath, leading: [ContextualAction], trailing: [ContextualAction], leadingFullSwipe: Bool,
    trailingFullSwipe: Bool, width: (ContextualAction) -> Double, now: Double
  ) {
    leadingActions = leading
    trailingActions = trailing
    swipe.begin(
      row: row, leadingWidth: leading.reduce(0) { $0 + width($1) },
      trailingWidth: trailing.reduce(0) { $0 + width($1) },
      leadingFullSwipe: leadingFullSwipe, trailingFullSwipe: trailingFullSwipe, now: now)
  }

  /// A key opens `row` on `edge`'s actions, `leading` or `trailing` (see `SwipeState.open`); returns `false`,
  /// changing nothing, when that side has none.
  mutating func openSwipe(
    row: IndexPath, edge: SwipeState.Edge, leading: [ContextualAction], trailing: [ContextualAction],
    leadingFullSwipe: Bool, trailingFullSwipe: Bool, width: (ContextualAction) -> Double, now: Double
  ) -> Bool {
    guard
      swipe.open(
        row: row, edge: edge, leadingWidth: leading.reduce(0) { $0 + width($1) },
        trailingWidth: trailing.reduce(0) { $0 + width($1) }, leadingFullSwipe: leadingFullSwipe,
        trailingFullSwipe: trailingFullSwipe, now: now)
    else { return false }
    leadingActions = leading
    trailingActions = trailing
    return true
  }

  /// The keys choose action `index` of the open side, clamped to its actions.
  mutating func focusSwipeAction(_ index: Int) {
    guard let edge = swipe.openEdge else { return }
    swipe.focusAction(min(max(0, index), max(0, actions(edge).count - 1)))
  }

  /// The finger moved (see `SwipeState.drag(translation:rowWidth:)`).
  mutating func dragSwipe(translation: Double, rowWidth: Double) {
    swipe.drag(translation: translation, rowWidth: rowWidth)
  }

  /// The finger lifted (see `SwipeState.release(velocity:rowWidth:now:)`).
  mutating func releaseSwipe(velocity: Double, rowWidth: Double, now: Double) -> SwipeState.Outcome? {
    defer { forgetActionsIfClosed() }
    return swipe.release(velocity: velocity, rowWidth: rowWidth, now: now)
  }

  /// Closes the swiped row (see `SwipeState.close(animated:now:)`); returns whether it settles.
  mutating func closeSwipe(animated: Bool, now: Double) -> Bool {
    defer { forgetActionsIfClosed() }
    return swipe.close(animated: animated, now: now)
  }

  /// Advances a settling swipe to `now`; returns whether it still runs.
  mutating func tickSwipe(now: Double) -> Bool {
    guard swipe.settle != nil else { return false }
    defer { forgetActionsIfClosed() }
    return swipe.tick(now: now)
  }

  /// A batch update: the swiped row follows its row, or, when the row went, is closed at once.
  mutating func remapSwipe(through plan: BatchUpdatePlan) {
    if !swipe.follow(through: plan) { _ = closeSwipe(animated: false, now: 0) }
  }

  /// The actions of the revealed side (`edge`).
  func actions(_ edge: SwipeState.Edge) -> [ContextualAction] {
    edge == .leading ? leadingActions : trailingActions
  }

  private mutating func forgetActionsIfClosed() {
    guard swipe.row == nil, !(leadingActions.isEmpty && trailingActions.isEmpty) else { return }
    leadingActions = []
    trailingActions = []
  }

  func _checkInvariants() {
    swipe._checkInvariants()
    reorder?._checkInvariants()
    precondition(swipe.row != nil || (leadingActions.isEmpty && trailingActions.isEmpty), "actions of no row")
    if let chosen = swipe.focusedAction, let edge = swipe.openEdge {
      precondition(chosen < actions(edge).count, "a chosen action past the open side's actions")
    }
    precondition(isReordering == (reorder != nil), "the reordering flag is off")
  }
}
