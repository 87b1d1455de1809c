/// Where the table is scrolled and what is moving it: the offset, the corrections the table made
/// to it without moving anything on screen, the running animation and the drag.
struct ScrollState {
  /// Where a drag began: the finger's position and the offset it started from.
  struct DragOrigin {
    var touch: Double = 0
    var offset: Double = 0
  }

  /// The top-left of the visible area in content coordinates.
  var offset: Point = .zero
  /// The sum of every correction (see `TableView.contentOffsetCorrection`).
  var correction: Double = 0
  /// The running animation, if any.
  var animation: ScrollAnimation?
  /// Whether a finger is dragging the content.
  var isDragging = false
  /// Where the current (or last) drag began.
  var dragOrigin = DragOrigin()

  /// Moves the offset to `y` as a correction: nothing on screen moves. A drag or an animation in
  /// progress moves with it, so the next frame does not undo it.
  mutating func correctY(to y: Double) {
    let delta = y - offset.y
    guard delta != 0 else { return }
    correction += delta
    offset.y = y
    dragOrigin.offset += delta
    guard let current = animation else { return }
    switch current {
    case .scroll(let from, let target, let start, let duration, let completion):
      // The target is computed from the geometry every frame: only the start moves.
      animation = .scroll(from: from + delta, target: target, start: start, duration: duration, completion: completion)
    case .decelerate(let from, let velocity, let rate, let start, let target):
      animation = .decelerate(
        from: from + delta, velocity: velocity, rate: rate, start: start, target: target.map { $0 + delta })
    case .bounce(let from, let to, let start, let duration):
      animation = .bounce(from: from + delta, to: to + delta, start: start, duration: duration)
    }
  }
}
