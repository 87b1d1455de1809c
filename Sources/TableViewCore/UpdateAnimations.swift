// Animated updates, as UIKit's additive animations: after an update the table's geometry is final
// at once (every view's `frame` is where it ends), and each view that must not jump carries a
// difference from its frame and opacity that shrinks to nothing over the animation. A new update,
// a scroll or a measured row changes frames, never the differences: whatever interrupts an
// animation continues from where every view is drawn now. Views that leave (deleted rows, the old
// cell of a reloaded row, rows pushed off screen) stay attached until their animation ends.
// The logic that decides the differences is in TableView+UpdateAnimations.swift.

/// The running update animations: differences of the views on screen, the views on their way out,
/// and the completions to call when everything has settled.
struct UpdateAnimations {
  /// A difference from a frame and an opacity.
  struct Delta: Equatable {
    var x = 0.0
    var y = 0.0
    var width = 0.0
    var height = 0.0
    var alpha = 0.0

    static let zero = Delta()

    /// The difference that takes `target` (opaque to `targetAlpha`) to `from`.
    init(from: CellPresentation, to target: Rect, targetAlpha: Double = 1) {
      x = from.frame.minX - target.minX
      y = from.frame.minY - target.minY
      width = from.frame.width - target.width
      height = from.frame.height - target.height
      alpha = from.alpha - targetAlpha
    }

    init(x: Double = 0, y: Double = 0, width: Double = 0, height: Double = 0, alpha: Double = 0) {
      (self.x, self.y, self.width, self.height, self.alpha) = (x, y, width, height, alpha)
    }

    /// Whether it moves nothing (to within a thousandth of a point).
    var isNegligible: Bool {
      abs(x) < 1e-3 && abs(y) < 1e-3 && abs(width) < 1e-3 && abs(height) < 1e-3 && abs(alpha) < 1e-3
    }

    /// `target` moved by the fraction `remaining` (1 at the start, 0 at the end) of the difference.
    func applied(to target: Rect, alpha targetAlpha: Double, remaining: Double) -> CellPresentation {
      CellPresentation(
        frame: Rect(
          x: target.minX + x * remaining, y: target.minY + y * remaining,
          width: max(0, target.width + width * remaining), height: max(0, target.height + height * remaining)),
        alpha: min(1, max(0, targetAlpha + alpha * remaining)))
    }
  }

  /// A difference that runs from `start` for `duration` seconds.
  struct Motion {
    var delta: Delta
    var start: Double
    var duration: Double

    /// The fraction of the difference still to go at `now`: 1 at the start, 0 from the end on,
    /// eased in and out.
    func remaining(at now: Double) -> Double {
      guard duration > 0 else { return 0 }
      let t = min(1, max(0, (now - start) / duration))
      return 1 - UpdateAnimations.ease(t)
    }

    func isFinished(at now: Double) -> Bool { !(now < start + duration) }
  }

  /// Which pool a leaving view goes back to.
  enum Pool {
    case cell, headerFooter
  }

  /// A view on its way out: it ends at `frame` with opacity `alpha` (content coordinates), then
  /// leaves the screen for its pool.
  struct Departure {
    var view: any ReusableView
    var pool: Pool
    var frame: Rect
    var alpha: Double
    var motion: Motion

    func presentation(at now: Double) -> CellPresentation {
      motion.delta.applied(to: frame, alpha: alpha, remaining: motion.remaining(at: now))
    }
  }

  /// The differences of the views on screen, by view.
  var motions: [ObjectIdentifier: Motion] = [:]
  /// The views on their way out, oldest first (drawn behind the views on screen).
  var departures: [Departure] = []
  /// What to call, with `true`, once nothing moves any more (or with `false` when a reload ends it
  /// all early).
  var completions: [(Bool) -> Void] = []

  /// Whether anything is animating, or completions wait for the next tick (the views they waited
  /// for may have scrolled away).
  var isActive: Bool { !motions.isEmpty || !departures.isEmpty || !completions.isEmpty }

  /// Whether any view still moves.
  var isMoving: Bool { !motions.isEmpty || !departures.isEmpty }

  /// UIKit's ease-in-ease-out timing, as a cubic: slow start, slow end, symmetric.
  static func ease(_ t: Double) -> Double { t * t * (3 - 2 * t) }

  /// Where `view`, whose frame is `frame`, is drawn at `now`.
  func presentation(of view: any ReusableView, frame: Rect, at now: Double) -> CellPresentation {
    guard let motion = motions[ObjectIdentifier(view)] else { return CellPresentation(frame: frame) }
    return motion.delta.applied(to: frame, alpha: 1, remaining: motion.remaining(at: now))
  }

  /// Starts (or restarts) `view`'s difference; a negligible one ends it.
  mutating func setMotion(_ view: any ReusableView, _ delta: Delta, now: Double, duration: Double) {
    if delta.isNegligible || duration <= 0 {
      motions[ObjectIdentifier(view)] = nil
    } else {
      motions[ObjectIdentifier(view)] = Motion(delta: delta, start: now, duration: duration)
    }
  }

  /// Drops `view`'s difference (it left the screen, or goes back to a pool).
  mutating func forget(_ view: any ReusableView) {
    if !motions.isEmpty { motions[ObjectIdentifier(view)] = nil }
  }

  /// Moves every leaving view by `dy` (content coordinates shifted under a still screen).
  mutating func shiftDepartures(by dy: Double) {
    guard dy != 0 else { return }
    for i in departures.indices { departures[i].frame.origin.y += dy }
  }

  /// Ends what has finished by `now`: drops finished differences, and returns the leaving views
  /// whose animation is over (the caller detaches them and pools them).
  mutating func expire(at now: Double) -> [Departure] {
    if !motions.isEmpty { motions = motions.filter { !$0.value.isFinished(at: now) } }
    guard !departures.isEmpty else { return [] }
    var done: [Departure] = []
    departures.removeAll { departure in
      guard departure.motion.isFinished(at: now) else { return false }
      done.append(departure)
      return true
    }
    return done
  }

  func _checkInvariants() {
    var seen = Set<ObjectIdentifier>()
    for departure in departures {
      precondition(seen.insert(ObjectIdentifier(departure.view)).inserted, "a view leaves twice")
      precondition(motions[ObjectIdentifier(departure.view)] == nil, "a leaving view also moves as a shown one")
      precondition(departure.motion.duration >= 0, "a negative duration")
    }
  }
}
