// Swipe actions as a state machine on the table's clock: a row is dragged sideways (its content
// follows the finger, revealing its actions), then let go: it opens on its actions, closes, or,
// swiped far enough, performs its first action. The façade (TableView+Editing.swift) asks the
// delegate for the actions and draws nothing; backends draw the revealed actions.

/// The swiped row, how far its content is pulled aside, and where it is settling.
@usableFromInline struct SwipeState {
  /// Which side's actions a swipe reveals.
  enum Edge: Sendable, Hashable {
    /// The leading actions: the content moves right (positive offsets).
    case leading
    /// The trailing actions: the content moves left (negative offsets).
    case trailing
  }

  /// What letting go decided.
  enum Outcome: Equatable {
    case close
    case open(Edge)
    case fullSwipe(Edge)
  }

  /// A settling offset: from, to, over a duration.
  struct Settle {
    var from: Double
    var to: Double
    var start: Double
    var duration: Double
  }

  /// The swiped row.
  @usableFromInline private(set) var row: IndexPath?
  /// How far its content is pulled aside: positive reveals the leading actions.
  private(set) var offset = 0.0
  /// The offset when the current drag began.
  private(set) var base = 0.0
  /// The widths of the leading and trailing actions together (0 without actions on that side).
  private(set) var leadingWidth = 0.0
  private(set) var trailingWidth = 0.0
  /// Whether each side performs its first action on a full swipe.
  private(set) var leadingFullSwipe = false
  private(set) var trailingFullSwipe = false
  /// Whether a finger drags the row now.
  private(set) var isTracking = false
  /// Where the offset is settling, if it is.
  private(set) var settle: Settle?
  /// The action the keys have chosen on the open side (0 nearest the edge): the one Enter performs. A finger
  /// taking the row, or the row closing, clears it.
  private(set) var focusedAction: Int?

  /// How long a swiped row takes to settle, in seconds.
  static let settleDuration = 0.25
  /// The fraction of the row's width past which letting go performs the first action.
  static let fullSwipeFraction = 0.6

  /// Whether a row is open or moving.
  var isActive: Bool { row != nil }

  /// The side the offset reveals.
  var revealedEdge: Edge? { offset > 0 ? .leading : offset < 0 ? .trailing : nil }

  // MARK: Transitions

  /// A finger starts dragging `row` sideways at `now`, with actions `leadingWidth` and
  /// `trailingWidth` wide (0: none on that side) that perform their first action on a full swipe
  /// as said. Another row swiped before is forgotten (its owner closes it first); the same row is
  /// caught where it is, settling or not.
  mutating func begin(
    row: IndexPath, leadingWidth: Double, trailingWidth: Double, leadingFullSwipe: Bool, trailingFullSwipe: Bool,
    now: Double
  ) {
    if self.row != row { self = SwipeState(row: row) }
    self.leadingWidth = leadingWidth
    self.trailingWidth = trailingWidth
    self.leadingFullSwipe = leadingFullSwipe
    self.trailingFullSwipe = trailingFullSwipe
    offset = currentOffset(at: now)
    // Actions the row no longer has on the side it was open on: it starts closed on that side.
    if (offset > 0 && leadingWidth == 0) || (offset < 0 && trailingWidth == 0) { offset = 0 }
    settle = nil
    isTracking = true
    base = offset
    focusedAction = nil
  }

  /// A key opens `row` on `edge`'s actions (the other side's widths as said): it settles open there, as a
  /// swipe let go on them would, with the first action chosen. Returns `false`, changing nothing, when that
  /// side has no actions.
  mutating func open(
    row: IndexPath, edge: Edge, leadingWidth: Double, trailingWidth: Double, leadingFullSwipe: Bool,
    trailingFullSwipe: Bool, now: Double
  ) -> Bool {
    guard (edge == .leading ? leadingWidth : trailingWidth) > 0 else { return false }
    begin(
      row: row, leadingWidth: leadingWidth, trailingWidth: trailingWidth, leadingFullSwipe: leadingFullSwipe,
      trailingFullSwipe: trailingFullSwipe, now: now)
    isTracking = false
    settle(to: edge == .leading ? leadingWidth : -trailingWidth, now: now)
    focusedAction = 0
    return true
  }

  /// The keys choose action `index` of the open side (clamped by the caller to its actions); ignored while a
  /// finger drags the row or when no side is open.
  mutating func focusAction(_ index: Int) {
    guard row != nil, !isTracking, heading != 0 else { return }
    focusedAction = index
  }

  /// The side the row is open on or settling open towards (`nil`: closed or closing).
  var openEdge: Edge? { heading > 0 ? .leading : heading < 0 ? .trailing : nil }

  /// Where the row is heading: the settle's end, or where it is.
  private var heading: Double { settle?.to ?? offset }

  /// The finger moved `translation` points sideways since the drag began, on a row `rowWidth` wide;
  /// ignored when no finger drags the row.
  mutating func drag(translation: Double, rowWidth: Double) {
    guard isTracking else { return }
    offset = offset(forTranslation: translation, from: base, rowWidth: rowWidth)
  }

  /// The finger lifted at `velocity` (points a second, positive to the right) at `now`: the row
  /// settles open on its actions, closes, or, swiped far enough, moves out to the full swipe
  /// (`rowWidth`). Returns what letting go decided, `nil` when no finger dragged the row.
  mutating func release(velocity: Double, rowWidth: Double, now: Double) -> Outcome? {
    guard isTracking else { return nil }
    isTracking = false
    let decided = outcome(velocity: velocity.isFinite ? velocity : 0, rowWidth: rowWidth)
    switch decided {
    case .close: _ = close(animated: true, now: now)
    case .open(let edge): settle(to: edge == .leading ? leadingWidth : -trailingWidth, now: now)
    case .fullSwipe(let edge): settle(to: edge == .leading ? rowWidth : -rowWidth, now: now)
    }
    return decided
  }

  /// Closes the row: animated, it slides back from where it is (returns `true`: a settle runs);
  /// otherwise, or when it is not pulled aside, it is no longer swiped at once (`false`).
  mutating func close(animated: Bool, now: Double) -> Bool {
    guard row != nil else { return false }
    if animated, currentOffset(at: now) != 0 {
      isTracking = false
      focusedAction = nil
      settle(to: 0, now: now)
      return true
    }
    self = SwipeState()
    return false
  }

  /// A batch update: the swiped row follows its row. Returns `false`, changing nothing, when the
  /// row was deleted or reloaded (its owner closes it).
  mutating func follow(through plan: BatchUpdatePlan) -> Bool {
    guard let old = row else { return true }
    guard let new = plan.newIndexPath(forOld: old), !plan.isReloaded(old: old) else { return false }
    row = new
    return true
  }

  // MARK: Rules

  /// The offset `translation` from the open position asks for: limited to the sides with actions,
  /// and, beyond the actions, to the row's width (a full swipe) or, without one, with a rubber band.
  func offset(forTranslation translation: Double, from base: Double, rowWidth: Double) -> Double {
    let wanted = base + translation
    let width = wanted > 0 ? leadingWidth : trailingWidth
    guard width > 0 else { return 0 }
    let full = wanted > 0 ? leadingFullSwipe : trailingFullSwipe
    let limit = full ? max(width, rowWidth) : width
    let magnitude = abs(wanted)
    let kept = magnitude <= limit ? magnitude : limit + (magnitude - limit) / (1 + (magnitude - limit) / 40)
    return wanted > 0 ? min(kept, rowWidth) : -min(kept, rowWidth)
  }

  /// What letting go at `velocity` (points a second, positive to the right) decides.
  func outcome(velocity: Double, rowWidth: Double) -> Outcome {
    guard let edge = revealedEdge else { return .close }
    let width = edge == .leading ? leadingWidth : trailingWidth
    let full = edge == .leading ? leadingFullSwipe : trailingFullSwipe
    let magnitude = abs(offset)
    let outward = edge == .leading ? velocity : -velocity
    if full, magnitude >= Self.fullSwipeFraction * rowWidth || (magnitude > width && outward > 1_500) {
      return .fullSwipe(edge)
    }
    if outward < -300 { return .close }
    return magnitude >= width / 2 || outward > 300 ? .open(edge) : .close
  }

  /// The offset at `now`, settling or not.
  func currentOffset(at now: Double) -> Double {
    guard let settle else { return offset }
    let t = settle.duration > 0 ? min(1, max(0, (now - settle.start) / settle.duration)) : 1
    return settle.from + (settle.to - settle.from) * ScrollPhysics.easeInOut(t)
  }

  /// Starts settling towards `target` from where the row is now.
  private mutating func settle(to target: Double, now: Double) {
    let from = currentOffset(at: now)
    offset = from
    settle = Settle(from: from, to: target, start: now, duration: Self.settleDuration)
  }

  /// Advances a settle to `now`; returns whether it still runs. A row settled closed is no longer
  /// swiped.
  mutating func tick(now: Double) -> Bool {
    guard let current = settle else { return false }
    offset = currentOffset(at: now)
    guard now < current.start + current.duration, now.isFinite else {
      offset = current.to
      settle = nil
      if offset == 0 { self = SwipeState() }
      return false
    }
    return true
  }

  func _checkInvariants() {
    precondition(offset.isFinite && base.isFinite, "a swipe offset that is not finite")
    precondition(row != nil || (offset == 0 && settle == nil && !isTracking), "a swipe without a row")
    precondition(offset <= 0 || leadingWidth > 0, "leading actions revealed where there are none")
    precondition(offset >= 0 || trailingWidth > 0, "trailing actions revealed where there are none")
    precondition(focusedAction == nil || (!isTracking && openEdge != nil), "an action chosen on no open side")
    precondition((focusedAction ?? 0) >= 0, "a negative chosen action")
  }
}
