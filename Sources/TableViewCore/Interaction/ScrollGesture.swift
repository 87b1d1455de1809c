/// The one set of rules that decides what a wheel or a touchpad scroll means, for every backend: a value that
/// takes ``ScrollWheelEvent``s and returns the ``ScrollGestureAction`` each one means. It calls nobody:
/// ``TableView/handleScrollWheel(_:)`` hands it what the table knows (a ``Context``) and carries the action out.
///
/// - A wheel's notch glides the content by its delta (a delta with nothing vertical is not the table's).
/// - A touchpad's first delta begins a gesture. More sideways than vertical (`|dx| > |dy|`) over a row that can
///   be swiped (outside edit mode, not over a floating header), it swipes that row; otherwise the content follows
///   the fingers, stretching past the edges. Later deltas move what the first one chose, along its axis only.
/// - `.ended` lets go with the fingers' speed: the content flings (or bounces back), the row opens or closes.
///   A gesture with no delta for ``quietInterval`` seconds ends the same way: ``endDeadline`` says when.
/// - A wheel's notch during a touchpad gesture ends the gesture first (the table does this: see
///   ``TableView/handleScrollWheel(_:)``).
///
///     var gesture = ScrollGesture()
///     gesture.handle(ScrollWheelEvent(.changed, delta: Point(x: 0, y: 12), hasPreciseScrollingDeltas: true, time: 0),
///                    in: .init())                                  // .beginDragging(to: -12)
///     gesture.handle(ScrollWheelEvent(.ended, hasPreciseScrollingDeltas: true, time: 0.02), in: .init())
///                                                                  // .endDragging(velocity: …)
@_spi(Backend) public struct ScrollGesture: Sendable {
  /// How long (seconds) a touchpad gesture with no delta lasts before it ends by itself: a device that never
  /// says that the fingers lifted must not leave the table dragging.
  public static let quietInterval = 0.25

  /// What the table knows when an event comes.
  public struct Context: Hashable, Sendable {
    /// The row under the event's location that a sideways gesture would swipe: `nil` over a floating header or
    /// footer, over nothing, in edit mode, or when the event has no location. Read when a gesture begins only.
    public var row: IndexPath?

    /// A context.
    public init(row: IndexPath? = nil) { self.row = row }
  }

  /// What a touchpad gesture under way moves.
  public enum Mode: Hashable, Sendable {
    /// No gesture.
    case idle
    /// The content follows the fingers up and down.
    case scrolling
    /// The row follows the fingers sideways.
    case swiping(IndexPath)
  }

  /// What the gesture under way moves.
  public private(set) var mode = Mode.idle
  /// How far the fingers have travelled since the gesture began, along its axis (against the content's
  /// direction: a positive delta moves them back).
  public private(set) var translation = 0.0
  /// When the last delta came (table clock seconds), while a gesture is under way.
  public private(set) var lastTime: Double?
  private var tracker = VelocityTracker()

  /// A gesture recognizer at rest.
  public init() {}

  /// Whether a touchpad gesture is under way.
  public var isActive: Bool { mode != .idle }

  /// When the gesture under way ends by itself if no delta comes ( ``quietInterval`` after the last one): a
  /// backend sends an `.ended` event then. `nil` while no gesture is under way.
  public var endDeadline: Double? {
    guard isActive, let lastTime else { return nil }
    return lastTime + Self.quietInterval
  }

  /// What `event` means, given what the table knows (`context`); the gesture moves on.
  /// - Complexity: O(1) amortized.
  public mutating func handle(_ event: ScrollWheelEvent, in context: Context) -> ScrollGestureAction {
    let dx = event.delta.x.isFinite ? event.delta.x : 0
    let dy = event.delta.y.isFinite ? event.delta.y : 0
    guard event.time.isFinite else { return .none }
    guard event.hasPreciseScrollingDeltas else {
      guard event.phase == .changed, dy != 0 else { return .none }
      return .glide(by: dy)
    }
    switch (event.phase, mode) {
    case (.ended, .idle):
      return .none
    case (.ended, .scrolling):
      let velocity = tracker.velocity(at: event.time)
      end()
      // The content moves against the fingers.
      return .endDragging(velocity: -velocity)
    case (.ended, .swiping):
      let velocity = tracker.velocity(at: event.time)
      end()
      return .endSwipe(velocity: velocity)
    case (.changed, .idle):
      if abs(dx) > abs(dy), let row = context.row {
        begin(.swiping(row), by: dx, at: event.time)
        return .beginSwipe(row, translation: translation)
      }
      begin(.scrolling, by: dy, at: event.time)
      return .beginDragging(to: translation)
    case (.changed, .scrolling):
      move(by: dy, at: event.time)
      return .drag(to: translation)
    case (.changed, .swiping):
      move(by: dx, at: event.time)
      return .updateSwipe(translation: translation)
    }
  }

  /// The table refused the swipe that `event` began (the row has no actions for that side, or cannot be
  /// swiped): the gesture scrolls the content instead.
  public mutating func refuse(_ event: ScrollWheelEvent) -> ScrollGestureAction {
    guard case .swiping = mode else { return .none }
    begin(.scrolling, by: event.delta.y.isFinite ? event.delta.y : 0, at: event.time)
    return .beginDragging(to: translation)
  }

  private mutating func begin(_ mode: Mode, by delta: Double, at time: Double) {
    self.mode = mode
    translation = 0
    tracker.reset()
    tracker.add(position: 0, at: time)
    move(by: delta, at: time)
  }

  private mutating func move(by delta: Double, at time: Double) {
    translation -= delta
    tracker.add(position: translation, at: time)
    lastTime = time
  }

  private mutating func end() {
    mode = .idle
    translation = 0
    lastTime = nil
    tracker.reset()
  }

  /// Checks that the gesture's parts agree (debug builds only).
  public func _checkInvariants() {
    #if DEBUG
      if mode == .idle {
        precondition(translation == 0 && lastTime == nil, "no gesture, yet one is left: \(translation)")
      } else {
        precondition(lastTime != nil, "a gesture with no time")
        precondition(translation.isFinite, "a translation that is not finite")
      }
    #endif
  }
}

/// What a scroll event means (``ScrollGesture``): the table carries it out.
@_spi(Backend) public enum ScrollGestureAction: Hashable, Sendable {
  /// Not the table's: the backend lets the event go on (a wheel's sideways notch, a finger that lifted with no
  /// gesture under way).
  case none
  /// A wheel's notch: the content glides by `by` points, adding to a glide under way.
  case glide(by: Double)
  /// A touchpad gesture began scrolling: the content stops, and follows the fingers to `to`.
  case beginDragging(to: Double)
  /// The fingers moved: the content follows them to `to` (as ``TableView/drag(to:)``).
  case drag(to: Double)
  /// The fingers lifted: the content flings at `velocity` points a second, or bounces back.
  case endDragging(velocity: Double)
  /// A touchpad gesture began swiping `row` sideways: it follows the fingers to `translation`.
  case beginSwipe(IndexPath, translation: Double)
  /// The fingers moved: the swiped row follows them to `translation`.
  case updateSwipe(translation: Double)
  /// The fingers lifted: the row opens on its actions or closes, at `velocity` points a second.
  case endSwipe(velocity: Double)
}
