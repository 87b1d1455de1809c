// UIScrollView's state machine, headless and platform-free: where the table is scrolled, what is
// moving it (an animated scroll, a deceleration, a bounce, a finger) and the rules that move it.
// Every method is given what it needs (the time, the `ScrollBounds`) and answers with what its
// owner has to do: an offset to apply (`TableView.setContentOffsetNow`, which lays out), and
// events to report (a completion to call, a delegate to tell). It never lays out, calls a
// completion or tells a delegate.

/// Where the table is scrolled and what is moving it: the offset, the corrections the table made
/// to it without moving anything on screen, the running animation and the drag.
///
/// Dragging and animating at once is a legal state: a public call may start an animation during a
/// drag (`setContentOffset(_:animated:)`, `scrollSmoothly(by:)`, `decelerate(velocity:)`), and a drag
/// begun on content a press holds past an edge starts while the touch's cancellation springs it
/// back (see `TableView.beginDragging(at:)`).
struct ScrollState {
  /// Where a drag began: the finger's position and the offset it started from.
  struct DragOrigin {
    /// The finger's position when the drag began.
    var touch: Double = 0
    /// The offset the drag starts from (unstretched: see `ScrollBounds.unstretched(_:)`).
    var offset: Double = 0
  }

  /// What one frame of the running animation did (see `tick(now:bounds:scrollTarget:)`).
  struct Tick {
    /// The offset to apply, or `nil` when nothing moves (no animation was running).
    var offset: Double?
    /// After an animated scroll arrived: its target, to read once more when `offset` has been
    /// applied (rows measured there may have moved it), and to apply if it moved.
    var refine: (() -> Double)?
    /// What to report once the offset is applied (and refined).
    var event: ScrollEvent?
  }

  /// How a drag ends (see `endDrag(velocity:rate:bounds:now:)`).
  enum DragEnd {
    /// The content was past an edge: it springs back (the bounce has started).
    case bounce
    /// The content was within the bounds: it is released as described, once its owner has had
    /// the chance to move the target (UIScrollView's `scrollViewWillEndDragging`).
    case release(DragRelease)
  }

  /// A lift-off within the bounds, before its target is final.
  struct DragRelease {
    /// The offset when the finger lifted.
    var from: Double
    /// The finger's velocity (points per second, positive towards larger offsets).
    var velocity: Double
    /// Where a fling at `velocity` comes to rest (before clamping); `from` when it is too slow to fling.
    var target: Double
    /// Whether `velocity` is fast enough to fling (above `ScrollPhysics.stopVelocity`).
    var isFling: Bool { abs(velocity) > ScrollPhysics.stopVelocity }
  }

  /// What a released drag does (see `release(_:target:rate:bounds:now:)`).
  enum DragDecision: Equatable {
    /// Decelerates onto `target`, landing exactly on it.
    case decelerate(to: Double)
    /// Decelerates freely at the finger's velocity (the target lay past an edge: the content
    /// overshoots the edge and bounces back, when the bounds bounce).
    case fling
    /// Stays where it is.
    case stop

    /// Whether the content goes on moving after the finger lifted.
    var willDecelerate: Bool { self != .stop }
  }

  /// The top-left of the visible area in content coordinates.
  private(set) var offset: Point = .zero
  /// The sum of every correction (see `TableView.contentOffsetCorrection`).
  var correction: Double = 0
  /// The running animation, if any.
  var animation: ScrollAnimation?
  /// Whether a finger is dragging the content.
  var isDragging = false
  /// Where the current (or last) drag began.
  var dragOrigin = DragOrigin()

  // MARK: Corrections

  /// Moves the offset to `y` as a correction: nothing on screen moves. A drag or an animation in
  /// progress moves with it, so the next frame does not undo it.
  mutating func correctY(to y: Double) {
    let delta = y - offset.y
    guard delta != 0 else { return }
    correction += delta
    offset.y = y
    dragOrigin.offset += delta
    if let current = animation { animation = current.shifted(by: delta) }
  }

  // MARK: Scrolls that are not corrections

  /// Scrolls to `point` at once (`contentOffset` set): the content moves on screen. A drag or an
  /// animation in progress is not moved with it.
  mutating func jump(to point: Point) { offset = point }

  /// Scrolls to `y` at once, as `jump(to:)` does (an anchored table opened at its bottom, an offset
  /// brought back within the content).
  mutating func jumpY(to y: Double) { offset.y = y }

  /// Brings an offset left past `maximum` back to it (the content got shorter under it): a scroll,
  /// not a correction, as UIScrollView's when its content shrinks. Returns whether it moved.
  @discardableResult
  mutating func limitY(to maximum: Double) -> Bool {
    guard offset.y > maximum else { return false }
    offset.y = maximum
    return true
  }

  // MARK: Animations

  /// Stops the running animation where it is. Returns what to report: an animated scroll's
  /// completion, called with `false`; `nil` for a deceleration or a bounce (UIScrollView says
  /// nothing when one is stopped) or when nothing ran.
  mutating func stopAnimation() -> ScrollEvent? {
    guard let current = animation else { return nil }
    animation = nil
    guard case .scroll(_, _, _, _, let completion) = current else { return nil }
    return .scrollAnimationEnded(finished: false, completion: completion)
  }

  /// Starts an animated scroll from the offset to `target` (read every frame), lasting `duration`
  /// seconds from `now`, replacing any running animation (stop it first to report it).
  mutating func animateScroll(
    to target: @escaping () -> Double, now: Double, duration: Double, completion: ((Bool) -> Void)?
  ) {
    animation = .scroll(from: offset.y, target: target, start: now, duration: duration, completion: completion)
  }

  /// Starts a free deceleration from the offset at `velocity` (points per second) and `rate`, as
  /// after a fling, replacing any running animation; nothing starts for a velocity not above
  /// `ScrollPhysics.stopVelocity`.
  mutating func decelerate(velocity: Double, rate: Double, now: Double) {
    guard abs(velocity) > ScrollPhysics.stopVelocity else { return }
    animation = .decelerate(from: offset.y, velocity: velocity, rate: rate, start: now, target: nil)
  }

  /// Starts a deceleration from `from` (the offset unless said) at `rate` whose velocity is chosen
  /// to land exactly on `target`, replacing any running animation. Returns `false`, starting
  /// nothing, when `target` is already (within 10⁻⁹ points) where it starts.
  @discardableResult
  mutating func decelerate(to target: Double, from: Double? = nil, rate: Double, now: Double) -> Bool {
    let from = from ?? offset.y
    let distance = target - from
    guard abs(distance) > 1e-9 else { return false }
    let velocity = ScrollPhysics.velocity(forDistance: distance, rate: rate)
    animation = .decelerate(from: from, velocity: velocity, rate: rate, start: now, target: target)
    return true
  }

  /// Where a smooth scroll by `delta` lands: `delta` further than where the running targeted
  /// deceleration was going (so that a mouse wheel's notches add up), or than the offset; within
  /// the bounds.
  func smoothScrollTarget(by delta: Double, bounds: ScrollBounds) -> Double {
    var from = offset.y
    if case .decelerate(_, _, _, _, let target?) = animation { from = target }
    return bounds.clamp(from + delta)
  }

  /// Starts a spring back from past an edge to the nearest edge when nothing holds or moves the
  /// content (a press caught a bounce and lifted without dragging); nothing otherwise.
  mutating func settle(bounds: ScrollBounds, now: Double) {
    guard !isDragging, animation == nil else { return }
    let y = offset.y
    let edge = bounds.clamp(y)
    guard y != edge else { return }
    animation = .bounce(from: y, to: edge, start: now, duration: ScrollAnimation.bounceDuration)
  }

  /// Advances the running animation to `now`. Returns the offset its owner applies (`nil` when
  /// no animation runs), and, when it ended, what to report. An animated scroll eases to its target,
  /// reached exactly once `duration` has passed; a deceleration slows down until it stops, lands on
  /// its target, or, without a target, reaches an edge (then it overshoots and springs back when
  /// the bounds bounce, and stops at the edge otherwise); a bounce eases to its edge.
  ///
  /// `scrollTarget` is the animated scroll's target as its closure gives it now: a table reads it
  /// before this call, outside any access to its `ScrollState` (the closure reads the table and may
  /// measure rows); `nil` calls the closure here.
  /// - Complexity: O(1), plus the animated scroll's target closure when `scrollTarget` is `nil`.
  mutating func tick(now: Double, bounds: ScrollBounds, scrollTarget: Double? = nil) -> Tick {
    guard let current = animation else { return Tick() }
    switch current {
    case .scroll(let from, let target, let start, let duration, let completion):
      let t = duration > 0 ? (now - start) / duration : 1
      let to = scrollTarget ?? target()
      guard t < 1 else {
        animation = nil
        return Tick(
          offset: to, refine: target, event: .scrollAnimationEnded(finished: true, completion: completion))
      }
      return Tick(offset: from + (to - from) * ScrollPhysics.easeInOut(t))
    case .decelerate(let from, let velocity, let rate, let start, let target):
      let t = now - start
      let y = from + ScrollPhysics.decelerationDistance(velocity: velocity, rate: rate, at: t)
      let v = ScrollPhysics.decelerationVelocity(velocity: velocity, rate: rate, at: t)
      if let target, abs(v) <= ScrollPhysics.stopVelocity {
        // The remaining distance is under UIKit's stop threshold: land exactly on the target
        // (or on the edge, when rows measured on the way shortened the content below it).
        animation = nil
        return Tick(offset: bounds.clamp(target), event: .decelerationEnded)
      }
      if target == nil, bounds.isPastEdge(y) {
        let edge = bounds.clamp(y)
        guard bounds.bounces else {
          animation = nil
          return Tick(offset: edge)
        }
        // Overshoot a little with the remaining speed, then spring back.
        let overshoot = ScrollPhysics.rubberBand(
          overshoot: v * ScrollAnimation.overshootTime, dimension: bounds.dimension)
        animation = .bounce(from: edge + overshoot, to: edge, start: now, duration: ScrollAnimation.bounceDuration)
        return Tick(offset: edge + overshoot)
      }
      if abs(v) <= ScrollPhysics.stopVelocity {
        animation = nil
        return Tick(offset: y, event: .decelerationEnded)
      }
      return Tick(offset: y)
    case .bounce(let from, let to, let start, let duration):
      let t = (now - start) / duration
      guard t < 1 else {
        // The edge may have moved since the bounce began (rows measured on the way).
        animation = nil
        return Tick(offset: bounds.clamp(to), event: .decelerationEnded)
      }
      return Tick(offset: from + (to - from) * ScrollPhysics.easeOut(t))
    }
  }

  // MARK: Dragging

  /// A drag began with the finger at `touch`: the content follows it from where it shows (see
  /// `ScrollBounds.unstretched(_:)`). A running animation is its owner's to stop first.
  mutating func beginDrag(touch: Double, bounds: ScrollBounds) {
    isDragging = true
    dragOrigin = DragOrigin(touch: touch, offset: bounds.unstretched(offset.y))
  }

  /// Where the content shows with the finger at `touch` during a drag: it follows the finger,
  /// stretching with resistance past an edge (see `ScrollBounds.rubberBanded(_:)`). Its owner
  /// applies the offset.
  func drag(to touch: Double, bounds: ScrollBounds) -> Double {
    bounds.rubberBanded(dragOrigin.offset - (touch - dragOrigin.touch))
  }

  /// The finger lifted with `velocity` (points per second, positive towards larger offsets): the
  /// drag ends. Past an edge the content springs back to it; otherwise the release is returned,
  /// with where a fling at `velocity` and `rate` would come to rest, for
  /// `release(_:target:rate:bounds:now:)`.
  mutating func endDrag(velocity: Double, rate: Double, bounds: ScrollBounds, now: Double) -> DragEnd {
    isDragging = false
    let y = offset.y
    if bounds.isPastEdge(y) {
      animation = .bounce(from: y, to: bounds.clamp(y), start: now, duration: ScrollAnimation.bounceDuration)
      return .bounce
    }
    var release = DragRelease(from: y, velocity: velocity, target: y)
    if release.isFling { release.target = y + ScrollPhysics.projectedDistance(velocity: velocity, rate: rate) }
    return .release(release)
  }

  /// Releases a drag ended within the bounds towards `target` (the release's own, or one its
  /// owner chose instead). A target within the bounds is reached exactly; one past an edge (or
  /// not finite) makes a fast enough release a free fling, and a slow one stop.
  mutating func release(_ release: DragRelease, target: Double, rate: Double, bounds: ScrollBounds, now: Double)
    -> DragDecision
  {
    if target.isFinite && bounds.contains(target) {
      return decelerate(to: target, from: release.from, rate: rate, now: now) ? .decelerate(to: target) : .stop
    }
    guard release.isFling else { return .stop }
    animation = .decelerate(from: release.from, velocity: release.velocity, rate: rate, start: now, target: nil)
    return .fling
  }

  // MARK: Invariants

  /// Verifies that every position is finite and the running animation can run and end (see
  /// `ScrollAnimation._checkInvariants()`). Compiled to nothing in release builds.
  func _checkInvariants() {
    #if DEBUG
      precondition(offset.x.isFinite && offset.y.isFinite, "offset \(offset)")
      precondition(correction.isFinite, "correction \(correction)")
      precondition(dragOrigin.touch.isFinite && dragOrigin.offset.isFinite, "drag origin \(dragOrigin)")
      animation?._checkInvariants()
    #endif
  }
}
