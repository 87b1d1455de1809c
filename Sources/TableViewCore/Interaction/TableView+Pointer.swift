// The pointer: a backend translates its platform's events into `PointerEvent`s and hands them to
// `handlePointer(_:)`; the router (PointerRouter.swift) decides what each means, and this file
// carries the decision out through the table's own entry points (touches, swipe, reorder, editing,
// dragging), which call the app. Backends then draw, and show the context menu when told to.

extension TableView {
  /// The backend's pointer measures (its swipe slop in its own units, whether a drag scrolls,
  /// the long-press duration).
  @_spi(Backend) public var pointerConfiguration: PointerRouter.Configuration {
    get { pointer.configuration }
    set { pointer.configuration = newValue }
  }

  /// Whether the backend shows a context menu over the table: the next press is the menu's
  /// (``PointerAction/pressInContextMenu(at:)``). The backend sets it when its menu opens and
  /// closes.
  @_spi(Backend) public var isShowingContextMenu: Bool {
    get { pointer.isShowingContextMenu }
    set { pointer.isShowingContextMenu = newValue }
  }

  /// When the press under way becomes a long press, if it can (table clock seconds): a backend
  /// sends a `.stationary` event at that time.
  @_spi(Backend) public var pointerLongPressDeadline: Double? { pointer.longPressDeadline }

  /// Handles one pointer event: the router decides what it means (menu, swiped row, editing
  /// control, reorder control, swipe, long press, tap or drag, in that order, floating headers
  /// hit first), and the table does it — selects, swipes, commits, picks up, scrolls — calling
  /// the app as UIKit would. A rule the table refuses (a row with no swipe actions, one that
  /// cannot move) gives way to the next.
  ///
  ///     // a terminal's mouse: translate, then draw
  ///     let action = table.handlePointer(PointerEvent(.began, .secondary, at: point, time: clock.now))
  ///     if case .openContextMenu(let row, let at) = action { showContextMenu(forRowAt: row, at: at) }
  ///
  /// - Returns: What the event meant. The table carried it out, except opening the context menu
  ///   and a press in the open menu, which are the backend's to do.
  /// - Complexity: O(log n + visible sections) for a press, O(1) amortized for a move.
  @discardableResult
  @_spi(Backend) public func handlePointer(_ event: PointerEvent) -> PointerAction {
    let context = pointerContext(for: event)
    var action = pointer.handle(event, in: context)
    // Each refusal takes one rule away (four can be refused): the loop ends.
    var rounds = 0
    while !carryOut(action), rounds < 4 {
      action = pointer.refuse(event, in: context)
      rounds += 1
    }
    return action
  }

  /// What the router needs to know about `event`: the table's state, and on a press what is
  /// under the point.
  func pointerContext(for event: PointerEvent) -> PointerRouter.Context {
    var context = PointerRouter.Context(
      isEditing: isEditing, isSwipeOpen: swipedRow != nil, isContentMoving: isScrollAnimating,
      isReordering: reorderingRow != nil, tapSlop: tapMoveThreshold)
    guard event.phase == .began else { return context }
    let offset = contentOffset
    let content = Point(x: event.location.x + offset.x, y: event.location.y + offset.y)
    context.row = indexPathForTouch(at: event.location)
    if swipedRow != nil {
      context.swipeAction = revealedSwipeActions.firstIndex { $0.frame.contains(content) }
    }
    if isEditing, let row = context.row, let cell = cellForRow(at: row) {
      let frame = presentation(of: cell).frame
      context.region = cell.region(at: Point(x: content.x - frame.minX, y: content.y - frame.minY))
    }
    return context
  }

  /// Carries `action` out. Returns `false` when the table refuses it.
  func carryOut(_ action: PointerAction) -> Bool {
    switch action {
    case .none, .pressInContextMenu, .openContextMenu:
      break
    case .performSwipeAction(let index):
      performSwipeAction(index)
    case .closeSwipe:
      closeSwipe(animated: true)
    case .commitEditingControl(let row):
      guard editingStyle(forRowAt: row) != .none else { return false }
      do { try commitEditingStyle(forRowAt: row) } catch { return false }
    case .beginReorder(let row, let y):
      return beginReorder(at: row, pointerY: y)
    case .moveReorder(let y):
      updateReorder(pointerY: y)
    case .dropReorder(let y):
      updateReorder(pointerY: y)
      endReorder()
    case .cancelReorder:
      cancelReorder()
    case .beginSwipe(let row, let translation):
      // Another row swiped open closes (beginSwipe does it); the open row itself goes on from its place.
      guard beginSwipe(at: row) else { return false }
      touchCancelled()
      updateSwipe(translation: translation)
    case .updateSwipe(let translation):
      updateSwipe(translation: translation)
    case .endSwipe(let translation, let velocity):
      updateSwipe(translation: translation)
      endSwipe(velocity: velocity)
    case .longPress(let row, let y):
      guard beginReorder(at: row, pointerY: y) else { return false }
      // The press is the row's now: no tap.
      touchCancelled()
    case .press(let point, let highlights):
      // A press on moving content stops it and is not a tap (as on iOS).
      stopScrolling()
      if highlights { touchBegan(at: point) }
    case .cancelTap:
      touchCancelled()
    case .tap(let point):
      touchEnded(at: point)
    case .beginDragScroll(let anchorY, let y):
      touchCancelled()
      // Scrolling closes a swiped row.
      closeSwipe(animated: true)
      beginDragging(at: anchorY)
      drag(to: y)
    case .dragScroll(let y):
      drag(to: y)
    case .endDragScroll(let velocity):
      endDragging(velocity: velocity)
    }
    return true
  }
}
