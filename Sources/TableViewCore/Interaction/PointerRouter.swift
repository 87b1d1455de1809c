/// The one set of rules that decides what a pointer press means, for every backend: a value that
/// takes platform-free ``PointerEvent``s and returns the ``PointerAction`` each one means. It
/// calls nobody: ``TableView/handlePointer(_:)`` hands it what the table knows about the press
/// (a ``Context``) and carries the action out through the table's own entry points.
///
/// A primary press is arbitrated once, in this order:
/// 1. an open context menu takes it (the menu performs or closes);
/// 2. while a row is swiped open, a press on one of its revealed actions performs it (a press
///    elsewhere goes on below, but never highlights: its tap closes the row);
/// 3. in edit mode, a press on a row's editing control commits it;
/// 4. in edit mode, a press on a row's reorder control picks the row up;
/// 5. a press that moves sideways (`|dx| ≥ swipeSlop` and `|dx| > |dy|`) over a row, outside
///    edit mode, swipes it;
/// 6. a press held still for `longPressDuration` on a row picks it up;
/// 7. otherwise it is a tap or a drag (``TapOrDrag``): a press on moving content only stops it.
///
/// A secondary press opens the context menu of the row under it. Floating headers and footers
/// are hit first: the ``Context``'s row is `nil` over them, and nothing happens there.
///
/// When the table refuses an action (a row with no swipe actions, a row that cannot move, a
/// control with no editing style), the adapter calls ``refuse(_:in:)``, which decides the same
/// event again without that rule.
///
///     var router = PointerRouter()
///     router.handle(PointerEvent(.began, at: p, time: 0), in: context)  // .press(at: p, highlights: true)
///     router.handle(PointerEvent(.ended, at: p, time: 0.1), in: context)  // .tap(at: p)
@_spi(Backend) public struct PointerRouter: Sendable {
  /// The backend's measures: its slops in its own units, and what its platform does.
  public struct Configuration: Hashable, Sendable {
    /// How far (points) a press must move sideways, more than up or down, to swipe its row.
    public var swipeSlop: Double
    /// How long (seconds) a still press lasts before it picks its row up; `nil`: never (a
    /// backend that cannot send `.stationary` events).
    public var longPressDuration: Double?
    /// Whether a vertical drag scrolls the content (a finger's drag does; a terminal scrolls with
    /// the wheel and keys only, its rows a whole line high).
    public var dragScrolls: Bool

    /// A configuration; a slop or duration that is negative or not finite takes its default.
    public init(swipeSlop: Double = 10, longPressDuration: Double? = 0.5, dragScrolls: Bool = true) {
      self.swipeSlop = swipeSlop.isFinite && swipeSlop >= 0 ? swipeSlop : 10
      if let longPressDuration, !(longPressDuration.isFinite && longPressDuration >= 0) {
        self.longPressDuration = 0.5
      } else {
        self.longPressDuration = longPressDuration
      }
      self.dragScrolls = dragScrolls
    }
  }

  /// What the table knows when an event comes. The hit fields (`row`, `region`, `swipeAction`)
  /// are read on `.began` only.
  public struct Context: Hashable, Sendable {
    /// The row under the point (``TableView/indexPathForTouch(at:)``): `nil` over a floating
    /// header or footer, or over nothing.
    public var row: IndexPath?
    /// The part of that row's cell under the point (``ReusableView/region(at:)``).
    public var region: CellRegion
    /// The revealed swipe action under the point, if a row is swiped open.
    public var swipeAction: Int?
    /// Whether the table is in edit mode.
    public var isEditing: Bool
    /// Whether a row is swiped open (or swiping).
    public var isSwipeOpen: Bool
    /// Whether the content is gliding or animating.
    public var isContentMoving: Bool
    /// Whether a row is held for moving (by the pointer or the keys).
    public var isReordering: Bool
    /// How far (points) a press may move and still be a tap (``TableView/tapMoveThreshold``).
    public var tapSlop: Double

    /// A context.
    public init(
      row: IndexPath? = nil, region: CellRegion = .content, swipeAction: Int? = nil, isEditing: Bool = false,
      isSwipeOpen: Bool = false, isContentMoving: Bool = false, isReordering: Bool = false, tapSlop: Double = 10
    ) {
      self.row = row
      self.region = region
      self.swipeAction = swipeAction
      self.isEditing = isEditing
      self.isSwipeOpen = isSwipeOpen
      self.isContentMoving = isContentMoving
      self.isReordering = isReordering
      self.tapSlop = tapSlop
    }
  }

  /// What the primary press under way is.
  public enum Gesture: Hashable, Sendable {
    /// No press.
    case idle
    /// The press did its one thing when it went down (a menu, a swipe action, an editing
    /// control): the rest of it does nothing.
    case taken
    /// A tap or a drag (``TapOrDrag``), until it moves sideways or is held still.
    case tapOrDrag
    /// The press swipes its row.
    case swiping
    /// The press holds a row.
    case reordering
  }

  /// The rule the router tried last, that the table may refuse.
  enum Attempt: UInt8, Hashable, Sendable {
    case editingControl = 1
    case reorderControl = 2
    case swipe = 4
    case longPress = 8
  }

  /// Rules refused for the press under way, as bits (no allocation on the pointer's path).
  struct Refusals: Hashable, Sendable {
    var bits: UInt8 = 0
    var isEmpty: Bool { bits == 0 }
    func contains(_ attempt: Attempt) -> Bool { bits & attempt.rawValue != 0 }
    mutating func insert(_ attempt: Attempt) { bits |= attempt.rawValue }
  }

  /// The backend's measures.
  public var configuration: Configuration
  /// Whether the backend shows a context menu: the next press is the menu's. The backend sets it
  /// when the menu opens and closes; a press in the menu clears it.
  public var isShowingContextMenu = false
  /// What the primary press under way is.
  public private(set) var gesture: Gesture = .idle
  /// The tap-or-drag rule of the press.
  public private(set) var press = TapOrDrag()
  /// The row the press went down on.
  public private(set) var pressRow: IndexPath?
  /// When the press went down.
  public private(set) var pressTime: Double = 0
  /// Whether a row was swiped open when the press went down (its tap closes it).
  public private(set) var pressedWhileSwipeOpen = false
  /// Where the swipe started (x), and how far it has gone.
  var swipeStartX: Double = 0
  var swipeTranslation: Double = 0
  /// The pointer's recent positions (y while dragging, x while swiping).
  var tracker = VelocityTracker()
  /// The rules the table refused for this press.
  var refused = Refusals()
  /// The rule tried by the last event.
  var attempt: Attempt?

  /// A router with no press on.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// When a press held still becomes a long press (table clock seconds), if the press under way
  /// can be one: a backend sends a `.stationary` event then.
  public var longPressDeadline: Double? {
    guard let duration = configuration.longPressDuration, gesture == .tapOrDrag, press.phase == .pressed,
      !press.caughtMovingContent, !pressedWhileSwipeOpen, pressRow != nil, !refused.contains(.longPress)
    else { return nil }
    return pressTime + duration
  }

  /// Decides what `event` means.
  /// - Complexity: O(1)
  public mutating func handle(_ event: PointerEvent, in context: Context) -> PointerAction {
    attempt = nil
    switch event.button {
    case .secondary:
      guard event.phase == .began else { return .none }
      if isShowingContextMenu {
        isShowingContextMenu = false
        return .pressInContextMenu(at: event.location)
      }
      guard gesture == .idle, !context.isReordering, let row = context.row else { return .none }
      return .openContextMenu(row, at: event.location)
    case .primary:
      switch event.phase {
      case .began:
        refused = Refusals()
        return began(event, context)
      case .moved, .stationary: return moved(event, context)
      case .ended: return ended(event, context)
      case .cancelled: return cancelled(context)
      }
    }
  }

  /// The table refused the action the router just returned for `event` (a row with no swipe
  /// actions, one that cannot move, a control with no style): decides `event` again without that
  /// rule, for the rest of the press.
  public mutating func refuse(_ event: PointerEvent, in context: Context) -> PointerAction {
    guard let tried = attempt else { return .none }
    attempt = nil
    refused.insert(tried)
    switch tried {
    case .editingControl, .reorderControl:
      gesture = .idle
      return began(event, context)
    case .swipe, .longPress:
      gesture = .tapOrDrag
      return moved(event, context)
    }
  }

  // MARK: The phases

  mutating func began(_ event: PointerEvent, _ context: Context) -> PointerAction {
    press.cancel()
    pressRow = nil
    let point = event.location
    if isShowingContextMenu {
      isShowingContextMenu = false
      gesture = .taken
      return .pressInContextMenu(at: point)
    }
    if context.isSwipeOpen, let index = context.swipeAction {
      gesture = .taken
      return .performSwipeAction(index)
    }
    if context.isEditing, !context.isReordering, let row = context.row {
      if context.region == .editingControl, !refused.contains(.editingControl) {
        gesture = .taken
        attempt = .editingControl
        return .commitEditingControl(row)
      }
      if context.region == .reorderControl, !refused.contains(.reorderControl) {
        gesture = .reordering
        attempt = .reorderControl
        return .beginReorder(row, pointerY: point.y)
      }
    }
    gesture = .tapOrDrag
    press.slop = context.tapSlop
    let mayTap = press.press(at: point, contentIsMoving: context.isContentMoving)
    pressRow = context.row
    pressTime = event.time
    pressedWhileSwipeOpen = context.isSwipeOpen
    tracker.reset()
    tracker.add(position: point.y, at: event.time)
    return .press(at: point, highlights: mayTap && !context.isSwipeOpen)
  }

  mutating func moved(_ event: PointerEvent, _ context: Context) -> PointerAction {
    let point = event.location
    switch gesture {
    case .idle, .taken:
      return .none
    case .reordering:
      // The keys may have dropped or put back the row: the rest of the press does nothing.
      guard context.isReordering else {
        gesture = .taken
        return .none
      }
      return .moveReorder(pointerY: point.y)
    case .swiping:
      tracker.add(position: point.x, at: event.time)
      swipeTranslation = point.x - swipeStartX
      return .updateSwipe(translation: swipeTranslation)
    case .tapOrDrag:
      if let deadline = longPressDeadline, event.time >= deadline, !context.isReordering, let row = pressRow,
        (point.x - press.start.x) * (point.x - press.start.x) + (point.y - press.start.y) * (point.y - press.start.y)
          <= press.slop * press.slop
      {
        gesture = .reordering
        attempt = .longPress
        return .longPress(row, pointerY: point.y)
      }
      guard event.phase == .moved else { return .none }
      let dx = point.x - press.start.x
      let dy = point.y - press.start.y
      if !context.isEditing, !refused.contains(.swipe), press.phase == .pressed || press.phase == .movedAway,
        abs(dx) >= configuration.swipeSlop, abs(dx) > abs(dy), let row = pressRow
      {
        gesture = .swiping
        attempt = .swipe
        swipeStartX = press.start.x
        swipeTranslation = dx
        tracker.reset()
        tracker.add(position: press.start.x, at: pressTime)
        tracker.add(position: point.x, at: event.time)
        return .beginSwipe(row, translation: dx)
      }
      switch press.move(to: point) {
      case .dragBegan(let anchorY):
        tracker.add(position: point.y, at: event.time)
        return configuration.dragScrolls ? .beginDragScroll(anchorY: anchorY, y: point.y) : .cancelTap
      case .dragged:
        tracker.add(position: point.y, at: event.time)
        return configuration.dragScrolls ? .dragScroll(y: point.y) : .none
      case .tapCancelled:
        return .cancelTap
      case .unchanged:
        tracker.add(position: point.y, at: event.time)
        return .none
      }
    }
  }

  mutating func ended(_ event: PointerEvent, _ context: Context) -> PointerAction {
    defer { finish() }
    let point = event.location
    switch gesture {
    case .idle, .taken:
      return .none
    case .reordering:
      return context.isReordering ? .dropReorder(pointerY: point.y) : .none
    case .swiping:
      tracker.add(position: point.x, at: event.time)
      return .endSwipe(translation: point.x - swipeStartX, velocity: tracker.velocity(at: event.time))
    case .tapOrDrag:
      tracker.add(position: point.y, at: event.time)
      switch press.release(at: point) {
      case .tap(let at):
        return pressedWhileSwipeOpen ? .closeSwipe : .tap(at: at)
      case .drag where configuration.dragScrolls:
        // The finger's velocity is the opposite of the content offset's.
        return .endDragScroll(velocity: -tracker.velocity(at: event.time))
      case .drag, .nothing:
        return pressedWhileSwipeOpen ? .closeSwipe : .cancelTap
      }
    }
  }

  mutating func cancelled(_ context: Context) -> PointerAction {
    defer { finish() }
    switch gesture {
    case .idle, .taken:
      return .none
    case .reordering:
      return context.isReordering ? .cancelReorder : .none
    case .swiping:
      return .endSwipe(translation: swipeTranslation, velocity: 0)
    case .tapOrDrag:
      return press.phase == .dragging && configuration.dragScrolls ? .endDragScroll(velocity: 0) : .cancelTap
    }
  }

  /// The press is over: the router is ready for the next.
  mutating func finish() {
    gesture = .idle
    press.cancel()
    pressRow = nil
    pressedWhileSwipeOpen = false
    refused = Refusals()
  }
}
