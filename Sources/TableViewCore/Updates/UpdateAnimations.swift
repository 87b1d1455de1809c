// Animated updates, as UIKit's additive animations: after an update the table's geometry is final
// at once (every view's `frame` is where it ends), and each view that must not jump carries a
// difference from its frame and opacity that shrinks to nothing over the animation. A new update,
// a scroll or a measured row changes frames, never the differences: whatever interrupts an
// animation continues from where every view is drawn now. Views that leave (deleted rows, the old
// cell of a reloaded row, rows pushed off screen) stay attached until their animation ends.
// The logic that decides the differences is in TableView+UpdateAnimations.swift.

/// The running update animations: differences of the views on screen, the views on their way out,
/// and the completions to call as each update's animations end.
@usableFromInline struct UpdateAnimations {
  /// A difference from a frame and an opacity.
  @usableFromInline struct Delta: Equatable, Sendable {
    @usableFromInline var x = 0.0
    @usableFromInline var y = 0.0
    @usableFromInline var width = 0.0
    @usableFromInline var height = 0.0
    @usableFromInline var alpha = 0.0

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
    @inlinable func applied(to target: Rect, alpha targetAlpha: Double, remaining: Double) -> CellPresentation {
      CellPresentation(
        frame: Rect(
          x: target.minX + x * remaining, y: target.minY + y * remaining,
          width: max(0, target.width + width * remaining), height: max(0, target.height + height * remaining)),
        alpha: min(1, max(0, targetAlpha + alpha * remaining)))
    }
  }

  /// A difference that runs from `start` for `duration` seconds.
  @usableFromInline struct Motion: Sendable {
    @usableFromInline var delta: Delta
    @usableFromInline var start: Double
    @usableFromInline let duration: Double
    /// Whether it starts slowly: a view at rest eases in; one already moving when a later update
    /// takes it on does not, or every update would stop it (under an update a frame, rows would
    /// hardly move and fall ever further behind where they belong).
    @usableFromInline var easesIn: Bool
    /// `1 / duration` (0 without a duration): a frame multiplies by it for every view drawn (a
    /// division is several times slower, and on the way of every view's presentation).
    @usableFromInline let rate: Double

    init(delta: Delta, start: Double, duration: Double, easesIn: Bool = true) {
      (self.delta, self.start, self.duration, self.easesIn) = (delta, start, duration, easesIn)
      rate = duration > 0 ? 1 / duration : 0
    }

    /// The fraction of the difference still to go at `now`: 1 at the start, 0 from the end on,
    /// eased in and out (UIKit's ease-in-ease-out), or only out.
    @inlinable
    func remaining(at now: Double) -> Double {
      guard duration > 0 else { return 0 }
      let t = min(1, max(0, (now - start) * rate))
      let u = 1 - t
      return easesIn ? 1 - ScrollPhysics.easeInOut(t) : u * u
    }

    var end: Double { start + duration }
  }

  /// What a view on screen or on its way out is doing: a motion towards `frame` (opaque to
  /// `targetAlpha`), which is the view's frame, or, for a leaving view, where it ends (content
  /// coordinates).
  @usableFromInline struct Entry: Sendable {
    @usableFromInline var motion: Motion
    /// The view's frame, kept in step with it by the table (``TableView/place(_:at:)``), so that
    /// drawing a moving view reads nothing but its entry; a leaving view's end.
    @usableFromInline var frame: Rect
    @usableFromInline var targetAlpha = 1.0
    /// Whether the view is on its way out (`frame` is then where it ends, not the view's frame).
    @usableFromInline var isLeaving = false

    /// Where the view is drawn at `now`.
    @inlinable
    func presentation(at now: Double) -> CellPresentation {
      motion.delta.applied(to: frame, alpha: targetAlpha, remaining: motion.remaining(at: now))
    }

    /// Where the view is drawn at `now` if its frame were `viewFrame` (a leaving view: where its
    /// way out has it, whatever its frame).
    @inline(__always)
    func presentation(frame viewFrame: Rect, at now: Double) -> CellPresentation {
      motion.delta.applied(
        to: isLeaving ? frame : viewFrame, alpha: targetAlpha, remaining: motion.remaining(at: now))
    }
  }

  /// Which pool a leaving view goes back to.
  enum Pool {
    case cell, headerFooter
  }

  /// A view on its way out (its motion is its entry).
  struct Departure {
    var view: any ReusableView
    var pool: Pool
  }

  /// The motions of the views that move, by view: one lookup per view drawn.
  @usableFromInline private(set) var entries = IdentityTable<Entry>()
  /// The time views are drawn at: the last frame's (`advanceFrame(to:)`), or the time a motion
  /// last started if later. Every view of a frame is drawn at the same time, the one the scroll
  /// position was computed at, whatever the clock says while the backend draws.
  @usableFromInline private(set) var frameTime = 0.0
  /// The views on their way out, oldest first (drawn behind the views on screen).
  private(set) var departures: [Departure] = []
  /// An update's completion and when that update's own animations end.
  struct Completion {
    /// When the update's animations end (its start plus the duration): a later update that moves
    /// the same views on does not make it wait longer, as UIKit's additive animations do not.
    var due: Double
    var body: (Bool) -> Void
  }

  /// What to call, with `true`, once each update's animations have ended (or with `false` when a
  /// reload ends them all early), in the order the updates came.
  private var completions: [Completion] = []
  /// The earliest time a motion ends (nothing expires before it).
  private var nextExpiry = Double.infinity

  /// Whether anything is animating, or completions wait for their updates' animations to end (the
  /// views they waited for may have scrolled away).
  var isActive: Bool { !entries.isEmpty || !completions.isEmpty }

  /// Whether any view still moves.
  var isMoving: Bool { !entries.isEmpty }

  /// Whether `view` is on its way out.
  /// - Complexity: O(1)
  func isLeaving(_ view: any ReusableView) -> Bool {
    guard !departures.isEmpty else { return false }
    return entries.withValue(for: ObjectIdentifier(view)) { $0.isLeaving } ?? false
  }

  /// Where `view`, whose frame is `frame`, is drawn at `now` (a leaving view where its way out has
  /// it).
  @inline(__always)
  func presentation(of view: any ReusableView, frame: Rect, at now: Double) -> CellPresentation {
    entries[ObjectIdentifier(view)]?.presentation(frame: frame, at: now) ?? CellPresentation(frame: frame)
  }

  /// Where `view`, whose frame is `frame`, is drawn in the current frame (at `frameTime`).
  /// - Complexity: O(1): nothing when nothing moves, else one probe of the motions' table.
  @inline(__always)
  func presentation(of view: any ReusableView, frame: Rect) -> CellPresentation {
    guard !entries.isEmpty, let entry = entries[ObjectIdentifier(view)] else { return CellPresentation(frame: frame) }
    return entry.presentation(frame: frame, at: frameTime)
  }

  /// Where `view` is drawn in the current frame (at `frameTime`): a moving view from its entry
  /// alone, any other at its frame (the only case that reads the view).
  /// - Complexity: O(1): one probe of the motions' table while anything moves.
  @inlinable
  func presentation(of view: any ReusableView) -> CellPresentation {
    let time = frameTime
    return entries.withValue(for: ObjectIdentifier(view)) { $0.presentation(at: time) }
      ?? CellPresentation(frame: view.frame)
  }

  /// `view`'s frame is now `frame`: its entry's copy follows.
  /// - Complexity: O(1)
  @inline(__always)
  mutating func viewMoved(_ view: any ReusableView, to frame: Rect) {
    guard !entries.isEmpty else { return }
    let id = ObjectIdentifier(view)
    guard var entry = entries[id], !entry.isLeaving, entry.frame != frame else { return }
    entry.frame = frame
    entries[id] = entry
  }

  /// A new frame at `now`: views are drawn at that time from now on.
  mutating func advanceFrame(to now: Double) { frameTime = now }

  /// Starts (or restarts) `view`'s difference; a negligible one ends it. A view still moving at
  /// `now` goes on at speed (its new motion eases out only).
  mutating func setMotion(_ view: any ReusableView, _ delta: Delta, now: Double, duration: Double) {
    let id = ObjectIdentifier(view)
    if delta.isNegligible || duration <= 0 {
      entries[id] = nil
    } else {
      let moving = entries.withValue(for: id) { now < $0.motion.end } ?? false
      entries[id] = Entry(
        motion: Motion(delta: delta, start: now, duration: duration, easesIn: !moving), frame: view.frame)
      nextExpiry = min(nextExpiry, now + duration)
      frameTime = now
    }
  }

  /// Drops `view`'s difference (it left the screen, or goes back to a pool).
  mutating func forget(_ view: any ReusableView) {
    if !entries.isEmpty { entries[ObjectIdentifier(view)] = nil }
  }

  /// Sends `view` on its way out: from `delta` away, to `target` with opacity `alpha`.
  mutating func addDeparture(
    _ view: any ReusableView, pool: Pool, target: Rect, alpha: Double, motion: Motion
  ) {
    entries[ObjectIdentifier(view)] = Entry(motion: motion, frame: target, targetAlpha: alpha, isLeaving: true)
    departures.append(Departure(view: view, pool: pool))
    nextExpiry = min(nextExpiry, motion.end)
    frameTime = motion.start
  }

  /// The leaving view at `i`: where it ends, how opaque, and when it is gone.
  func departureTarget(at i: Int) -> (frame: Rect, alpha: Double, end: Double) {
    let entry = entries[ObjectIdentifier(departures[i].view)]!
    return (entry.frame, entry.targetAlpha, entry.motion.end)
  }

  /// Restarts the leaving view at `i`: moved by `dy` (content coordinates), with `motion`.
  mutating func restartDeparture(at i: Int, shiftedBy dy: Double, motion: Motion) {
    let id = ObjectIdentifier(departures[i].view)
    entries[id]!.frame.origin.y += dy
    entries[id]!.motion = motion
    nextExpiry = min(nextExpiry, motion.end)
    frameTime = motion.start
  }

  /// Moves every leaving view by `dy` (content coordinates shifted under a still screen).
  mutating func shiftDepartures(by dy: Double) {
    guard dy != 0 else { return }
    for departure in departures { entries[ObjectIdentifier(departure.view)]!.frame.origin.y += dy }
  }

  /// Adds an update's completion, due when that update's animations end.
  mutating func addCompletion(due: Double, _ body: @escaping (Bool) -> Void) {
    completions.append(Completion(due: due, body: body))
  }

  /// Takes the completions due by `now` (all of them once nothing moves), oldest first.
  /// - Complexity: O(completions taken)
  mutating func takeCompletions(dueBy now: Double) -> [Completion] {
    let limit = isMoving ? now : .infinity
    let count = completions.prefix { $0.due <= limit }.count
    guard count > 0 else { return [] }
    defer { completions.removeFirst(count) }
    return Array(completions.prefix(count))
  }

  /// Ends everything at once; returns the leaving views (the caller pools them).
  mutating func removeAll() -> [Departure] {
    let leaving = departures
    departures = []
    entries.removeAll()
    nextExpiry = .infinity
    return leaving
  }

  /// Ends what has finished by `now`: drops finished differences, and returns the leaving views
  /// whose animation is over (the caller detaches them and pools them).
  /// - Complexity: O(1) before the earliest end; O(moving and leaving views) from it on.
  mutating func expire(at now: Double) -> [Departure] {
    guard !(now < nextExpiry) else { return [] }
    entries.filter { now < $0.motion.end }
    var done: [Departure] = []
    if !departures.isEmpty {
      departures.removeAll { departure in
        guard entries[ObjectIdentifier(departure.view)] == nil else { return false }
        done.append(departure)
        return true
      }
    }
    nextExpiry = entries.allValues.lazy.map(\.motion.end).min() ?? .infinity
    return done
  }

  func _checkInvariants() {
    var seen = Set<ObjectIdentifier>()
    for departure in departures {
      let id = ObjectIdentifier(departure.view)
      precondition(seen.insert(id).inserted, "a view leaves twice")
      precondition(entries[id]?.isLeaving == true, "a leaving view has no way out")
    }
    entries._checkInvariants()
    let all = entries.allValues
    precondition(all.filter(\.isLeaving).count == departures.count, "a way out without its view")
    for entry in all { precondition(entry.motion.duration > 0, "a motion of no duration") }
  }
}
