// The animations that move a table's offset with time: an animated scroll, a kinetic
// deceleration, a bounce back from past an edge. `ScrollState.tick(now:bounds:scrollTarget:)`
// advances them; this file only says what each one is and what makes one sane.

/// A running scroll animation.
enum ScrollAnimation {
  /// An animated `setContentOffset`/`scrollToRow`: eases from `from` to the target, which is
  /// recomputed every frame (so a row measured mid-flight is still landed on exactly).
  case scroll(from: Double, target: () -> Double, start: Double, duration: Double, completion: ((Bool) -> Void)?)
  /// Kinetic deceleration after a fling; with a `target`, the velocity was chosen to end exactly
  /// there (a picker row) and the last frame lands on it.
  /// `rate` is the deceleration rate (velocity multiplied by it every millisecond).
  case decelerate(from: Double, velocity: Double, rate: Double, start: Double, target: Double?)
  /// Springing back from past an edge to `to`.
  case bounce(from: Double, to: Double, start: Double, duration: Double)

  /// How long a bounce back to an edge takes, in seconds.
  static let bounceDuration = 0.4

  /// How far past an edge a deceleration that reaches it carries on, as the time (seconds) its
  /// speed there would take to cover it, before the rubber band's resistance.
  static let overshootTime = 0.05

  /// The target of an animated scroll (`nil` for the other animations): a closure that may read
  /// the table and measure rows, so its owner calls it outside any access to the `ScrollState`.
  var scrollTarget: (() -> Double)? {
    if case .scroll(_, let target, _, _, _) = self { return target }
    return nil
  }

  /// The same animation with every position in it moved by `delta` (a correction: nothing on screen
  /// moves). An animated scroll's target is computed from the geometry every frame, so only its
  /// start moves.
  func shifted(by delta: Double) -> ScrollAnimation {
    switch self {
    case .scroll(let from, let target, let start, let duration, let completion):
      return .scroll(from: from + delta, target: target, start: start, duration: duration, completion: completion)
    case .decelerate(let from, let velocity, let rate, let start, let target):
      return .decelerate(
        from: from + delta, velocity: velocity, rate: rate, start: start, target: target.map { $0 + delta })
    case .bounce(let from, let to, let start, let duration):
      return .bounce(from: from + delta, to: to + delta, start: start, duration: duration)
    }
  }

  /// Verifies that the animation can run and end: finite positions, velocities and times, a
  /// deceleration rate strictly between 0 and 1, a duration that is not negative (positive for a
  /// bounce, which divides by it). Compiled to nothing in release builds.
  func _checkInvariants() {
    #if DEBUG
      switch self {
      case .scroll(let from, _, let start, let duration, _):
        precondition(from.isFinite, "scroll animation from \(from)")
        precondition(start.isFinite, "scroll animation start \(start)")
        precondition(duration.isFinite && duration >= 0, "scroll animation duration \(duration)")
      case .decelerate(let from, let velocity, let rate, let start, let target):
        precondition(from.isFinite, "deceleration from \(from)")
        precondition(velocity.isFinite, "deceleration velocity \(velocity)")
        precondition(rate > 0 && rate < 1, "deceleration rate \(rate)")
        precondition(start.isFinite, "deceleration start \(start)")
        precondition(target?.isFinite ?? true, "deceleration target \(String(describing: target))")
      case .bounce(let from, let to, let start, let duration):
        precondition(from.isFinite && to.isFinite, "bounce from \(from) to \(to)")
        precondition(start.isFinite, "bounce start \(start)")
        precondition(duration.isFinite && duration > 0, "bounce duration \(duration)")
      }
    #endif
  }
}
