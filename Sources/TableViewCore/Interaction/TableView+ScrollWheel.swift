// The wheel and the touchpad: a backend translates its platform's scroll events into `ScrollWheelEvent`s and
// hands them to `handleScrollWheel(_:)`; the gesture (ScrollGesture.swift) decides what each means — a glide, the
// content following the fingers, a row swiped sideways, a fling — and this file carries it out through the
// table's own entry points.

extension TableView {
  /// Handles one wheel notch or touchpad delta: the gesture decides what it means (see ``ScrollGesture``) and
  /// the table does it — glides, follows the fingers, swipes the row under them, flings or bounces back on
  /// lift-off. A row that refuses the swipe (no actions) leaves the gesture to scroll the content.
  ///
  ///     // GTK's "scroll" signal: a touchpad delta at the pointer, then draw
  ///     let used = table.handleScrollWheel(
  ///       ScrollWheelEvent(.changed, delta: Point(x: dx, y: dy), hasPreciseScrollingDeltas: true, at: pointer,
  ///                        time: clock.now))
  ///
  /// - Parameter event: The event, its location in the table's own coordinates.
  /// - Returns: Whether the table used the event (`false`: a wheel's sideways notch, a lift-off with no gesture
  ///   under way; the backend lets it go on to its parent).
  /// - Complexity: O(log n) when a gesture begins (the row under the fingers), O(1) amortized after.
  @discardableResult
  @_spi(Backend) public func handleScrollWheel(_ event: ScrollWheelEvent) -> Bool {
    // A wheel's notch ends a touchpad gesture under way first: it lets go where the fingers left it.
    if !event.hasPreciseScrollingDeltas, scrollGesture.isActive {
      _ = carryOut(
        scrollGesture.handle(ScrollWheelEvent(.ended, hasPreciseScrollingDeltas: true, time: event.time), in: .init()))
    }
    var context = ScrollGesture.Context()
    if event.hasPreciseScrollingDeltas, event.phase == .changed, !scrollGesture.isActive, !isEditing,
      let location = event.location, location.x.isFinite, location.y.isFinite
    {
      context.row = indexPathForTouch(at: location)
    }
    let action = scrollGesture.handle(event, in: context)
    if !carryOut(action) { _ = carryOut(scrollGesture.refuse(event)) }
    return action != .none
  }

  /// When the touchpad gesture under way ends by itself, if no delta comes before (table clock seconds): a
  /// backend whose platform may never say that the fingers lifted sends an `.ended` ``ScrollWheelEvent`` then.
  /// `nil` while no gesture is under way.
  @_spi(Backend) public var scrollGestureEndDeadline: Double? { scrollGesture.endDeadline }

  /// Carries `action` out. Returns `false` when the table refuses it (a row with nothing to swipe).
  private func carryOut(_ action: ScrollGestureAction) -> Bool {
    switch action {
    case .none:
      break
    case .glide(let delta):
      scrollSmoothly(by: delta)
    case .beginDragging(let y):
      beginDragging(at: 0)
      drag(to: y)
    case .drag(let y):
      drag(to: y)
    case .endDragging(let velocity):
      endDragging(velocity: velocity)
    case .beginSwipe(let row, let translation):
      guard beginSwipe(at: row) else { return false }
      updateSwipe(translation: translation)
    case .updateSwipe(let translation):
      updateSwipe(translation: translation)
    case .endSwipe(let velocity):
      endSwipe(velocity: velocity)
    }
    return true
  }
}
