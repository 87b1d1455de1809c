import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// `ScrollState` driven alone, without a table: each transition of the state machine, and random
// sequences of ticks, drags, flings, smooth scrolls, animated scrolls and corrections checked
// against the same sequence run without corrections.

/// One frame, in seconds.
private let frame = 1.0 / 60

/// Content from 0 to 1 000 in a 200-point viewport that bounces.
private let standard = ScrollBounds(minimum: 0, maximum: 1_000, dimension: 200, bounces: true)

/// Records the calls of scroll-animation completions and the events a state machine reports.
private final class Recorder {
  /// Every completion call, in order: which completion and what it was given.
  var completions: [(id: Int, finished: Bool)] = []
  /// How many decelerations and bounces came to rest.
  var decelerationsEnded = 0
  /// How many animated scrolls arrived.
  var scrollAnimationsFinished = 0

  /// A completion that records its calls as `id`.
  func completion(_ id: Int) -> (Bool) -> Void {
    { [unowned self] finished in self.completions.append((id, finished)) }
  }

  /// Does what `TableView.deliver(_:)` does with `event`.
  func deliver(_ event: ScrollEvent?) {
    switch event {
    case .scrollAnimationEnded(let finished, let completion)?:
      completion?(finished)
      if finished { scrollAnimationsFinished += 1 }
    case .decelerationEnded?: decelerationsEnded += 1
    case nil: break
    }
  }
}

/// Advances `state` to `now` and applies what it answers, as `TableView.tick()` does (without the
/// layout): the offset, the animated scroll's refined target, the event.
@discardableResult
private func advance(
  _ state: inout ScrollState, to now: Double, bounds: ScrollBounds, recorder: Recorder? = nil
) -> ScrollState.Tick {
  let step = state.tick(now: now, bounds: bounds)
  if let y = step.offset { state.jumpY(to: y) }
  if let refine = step.refine {
    let refined = refine()
    if refined != state.offset.y { state.jumpY(to: refined) }
  }
  recorder?.deliver(step.event)
  return step
}

/// Ticks frame by frame from `now` until the animation ends (at most `limit` frames); returns the
/// offset after each frame and the time reached.
private func runToRest(
  _ state: inout ScrollState, from now: Double, bounds: ScrollBounds, recorder: Recorder? = nil,
  limit: Int = 100_000
) -> (offsets: [Double], now: Double) {
  var now = now
  var offsets: [Double] = []
  while state.animation != nil && offsets.count < limit {
    now += frame
    advance(&state, to: now, bounds: bounds, recorder: recorder)
    state._checkInvariants()
    offsets.append(state.offset.y)
  }
  return (offsets, now)
}

/// A state resting at `y`.
private func resting(at y: Double) -> ScrollState {
  var state = ScrollState()
  state.jumpY(to: y)
  return state
}

/// The kind of the running animation, to compare two states'.
private func kind(_ animation: ScrollAnimation?) -> String {
  switch animation {
  case .scroll?: "scroll"
  case .decelerate(_, _, _, _, let target)?: target == nil ? "fling" : "targeted"
  case .bounce?: "bounce"
  case nil: "none"
  }
}

@Suite("ScrollState transitions")
struct ScrollStateTransitionTests {
  @Test("a fling decelerates, slowing down every frame, and stops where the physics says")
  func flingDeceleratesAndStops() {
    var state = resting(at: 100)
    let rate = ScrollPhysics.normalDecelerationRate
    state.decelerate(velocity: 1_500, rate: rate, now: 0)
    state._checkInvariants()
    let recorder = Recorder()
    let (offsets, now) = runToRest(&state, from: 0, bounds: standard, recorder: recorder)
    #expect(state.animation == nil)
    #expect(recorder.decelerationsEnded == 1)
    let steps = zip([100] + offsets, offsets).map { $1 - $0 }
    #expect(steps.allSatisfy { $0 >= 0 }, "moves one way")
    #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 }, "slows down")
    let projected = 100 + ScrollPhysics.projectedDistance(velocity: 1_500, rate: rate)
    let tail = ScrollPhysics.projectedDistance(velocity: ScrollPhysics.stopVelocity, rate: rate)
    #expect(abs(state.offset.y - projected) <= tail + 1e-9)
    let duration = ScrollPhysics.decelerationDuration(velocity: 1_500, rate: rate)
    #expect(abs(now - duration) <= frame + 1e-9)
  }

  @Test("a velocity too slow to fling starts nothing")
  func slowFlingStartsNothing() {
    var state = resting(at: 100)
    state.decelerate(velocity: ScrollPhysics.stopVelocity, rate: ScrollPhysics.normalDecelerationRate, now: 0)
    #expect(state.animation == nil)
  }

  @Test("a fling past an edge overshoots it, never by a viewport, then springs back onto it exactly")
  func flingPastEdgeBouncesBack() {
    for (start, velocity, edge) in [(900.0, 4_000.0, 1_000.0), (100, -4_000, 0)] {
      var state = resting(at: start)
      state.decelerate(velocity: velocity, rate: ScrollPhysics.normalDecelerationRate, now: 0)
      let recorder = Recorder()
      var now = 0.0
      var sawBounce = false
      var farthest = 0.0
      while state.animation != nil {
        now += frame
        advance(&state, to: now, bounds: standard, recorder: recorder)
        state._checkInvariants()
        farthest = max(farthest, abs(state.offset.y - edge) * (standard.contains(state.offset.y) ? 0 : 1))
        if case .bounce(_, let to, _, _)? = state.animation {
          sawBounce = true
          #expect(to == edge, "springs back to the edge it passed")
        }
      }
      #expect(sawBounce)
      #expect(farthest > 0, "overshoots")
      #expect(farthest < standard.dimension, "by less than a viewport")
      #expect(state.offset.y == edge, "rests exactly on the edge")
      #expect(recorder.decelerationsEnded == 1, "one end, once the bounce is over")
    }
  }

  @Test("without bounce, a fling stops at the edge it reaches, without reporting an end")
  func flingWithoutBounceStopsAtEdge() {
    let stiff = ScrollBounds(minimum: 0, maximum: 1_000, dimension: 200, bounces: false)
    var state = resting(at: 900)
    state.decelerate(velocity: 4_000, rate: ScrollPhysics.normalDecelerationRate, now: 0)
    let recorder = Recorder()
    let (offsets, _) = runToRest(&state, from: 0, bounds: stiff, recorder: recorder)
    #expect(offsets.allSatisfy { stiff.contains($0) })
    #expect(state.offset.y == 1_000)
    #expect(recorder.decelerationsEnded == 0, "as before the state machine: no tableViewDidEndDecelerating")
  }

  @Test("without bounds a fling never meets an edge")
  func unboundedFling() {
    let loop = ScrollBounds.unbounded(dimension: 200, bounces: true)
    var state = resting(at: 0)
    state.decelerate(velocity: -8_000, rate: ScrollPhysics.normalDecelerationRate, now: 0)
    let (offsets, _) = runToRest(&state, from: 0, bounds: loop)
    #expect(zip([0] + offsets, offsets).allSatisfy { $1 <= $0 }, "never turns back")
    #expect(state.offset.y < -3_000)
  }

  @Test("an animated scroll eases to its target, lands on it exactly at its duration and completes with true")
  func scrollAnimationLands() {
    var state = resting(at: 0)
    let recorder = Recorder()
    state.animateScroll(to: { 700 }, now: 0, duration: 0.3, completion: recorder.completion(1))
    let midway = advance(&state, to: 0.15, bounds: standard, recorder: recorder)
    #expect(midway.event == nil && state.animation != nil)
    #expect(abs(state.offset.y - 350) < 1e-9, "halfway at half time (ease in-out is symmetric)")
    let early = advance(&state, to: 0.3 - 1e-6, bounds: standard, recorder: recorder)
    #expect(early.event == nil && state.offset.y < 700)
    advance(&state, to: 0.3, bounds: standard, recorder: recorder)
    #expect(state.offset.y == 700)
    #expect(state.animation == nil)
    #expect(recorder.completions.map(\.finished) == [true])
    #expect(recorder.scrollAnimationsFinished == 1)
    // A late frame lands on it just the same.
    state.animateScroll(to: { 10 }, now: 1, duration: 0.3, completion: recorder.completion(2))
    advance(&state, to: 5, bounds: standard, recorder: recorder)
    #expect(state.offset.y == 10)
    #expect(recorder.completions.map(\.id) == [1, 2])
  }

  @Test("a zero-length animated scroll lands at its first frame")
  func zeroDurationLands() {
    var state = resting(at: 0)
    state.animateScroll(to: { 42 }, now: 3, duration: 0, completion: nil)
    advance(&state, to: 3, bounds: standard)
    #expect(state.offset.y == 42 && state.animation == nil)
  }

  @Test("an animated scroll follows its target when it moves mid-flight, and a target refined on arrival is applied")
  func scrollAnimationFollowsTarget() {
    final class Target { var y = 500.0 }
    let target = Target()
    var state = resting(at: 0)
    state.animateScroll(to: { target.y }, now: 0, duration: 0.3, completion: nil)
    advance(&state, to: 0.1, bounds: standard)
    target.y = 800
    let step = state.tick(now: 0.3, bounds: standard)
    #expect(step.offset == 800)
    target.y = 810  // rows measured at the destination
    #expect(step.refine?() == 810)
  }

  @Test("interrupting an animated scroll completes it with false; interrupting anything else reports nothing")
  func interruptingCompletesWithFalse() {
    var state = resting(at: 0)
    let recorder = Recorder()
    state.animateScroll(to: { 700 }, now: 0, duration: 0.3, completion: recorder.completion(1))
    advance(&state, to: 0.1, bounds: standard, recorder: recorder)
    let held = state.offset.y
    recorder.deliver(state.stopAnimation())
    #expect(recorder.completions.map(\.finished) == [false])
    #expect(recorder.scrollAnimationsFinished == 0)
    #expect(state.animation == nil && state.offset.y == held, "stops where it is")
    #expect(state.tick(now: 1, bounds: standard).offset == nil, "nothing runs any more")
    state.decelerate(velocity: 900, rate: ScrollPhysics.normalDecelerationRate, now: 1)
    #expect(state.stopAnimation() == nil)
    state.jumpY(to: -30)
    state.settle(bounds: standard, now: 2)
    #expect(state.stopAnimation() == nil)
    #expect(state.stopAnimation() == nil, "nothing to stop")
    #expect(recorder.completions.count == 1)
  }

  @Test("a correction during any animation or drag moves it along: the next frame continues as if nothing happened")
  func correctionMovesAnimationsAlong() {
    /// Where the geometry puts an animated scroll's target: it moves with the content.
    final class Geometry { var shift = 0.0 }
    let starts: [(String, (Geometry) -> ScrollState)] = [
      (
        "scroll",
        { geometry in
          var state = resting(at: 0)
          state.animateScroll(to: { 600 + geometry.shift }, now: 0, duration: 0.3, completion: nil)
          return state
        }
      ),
      (
        "fling",
        { _ in
          var state = resting(at: 100)
          state.decelerate(velocity: 2_000, rate: ScrollPhysics.normalDecelerationRate, now: 0)
          return state
        }
      ),
      (
        "targeted",
        { _ in
          var state = resting(at: 100)
          state.decelerate(to: 400, rate: ScrollPhysics.fastDecelerationRate, now: 0)
          return state
        }
      ),
      (
        "bounce",
        { _ in
          var state = resting(at: -60)
          state.settle(bounds: standard, now: 0)
          return state
        }
      ),
    ]
    let delta = 37.0
    // The content moved by `delta` in the coordinate space: its edges moved with it.
    let moved = ScrollBounds(minimum: delta, maximum: 1_000 + delta, dimension: 200, bounces: true)
    for (name, make) in starts {
      var plain = make(Geometry())
      let geometry = Geometry()
      var corrected = make(geometry)
      advance(&plain, to: 0.1, bounds: standard)
      advance(&corrected, to: 0.1, bounds: standard)
      let visible = corrected.offset.y - corrected.correction
      corrected.correctY(to: corrected.offset.y + delta)
      geometry.shift = delta
      corrected._checkInvariants()
      #expect(abs(corrected.offset.y - corrected.correction - visible) < 1e-9, "\(name): nothing moves on screen")
      for t in stride(from: 0.1 + frame, through: 6, by: frame) {
        advance(&plain, to: t, bounds: standard)
        advance(&corrected, to: t, bounds: moved)
        #expect(abs(corrected.offset.y - (plain.offset.y + delta)) < 1e-9, "\(name) at \(t)")
        #expect(kind(corrected.animation) == kind(plain.animation), "\(name) at \(t)")
      }
      #expect(plain.animation == nil && corrected.animation == nil, "\(name) ended")
    }

    var dragging = resting(at: 300)
    dragging.beginDrag(touch: 50, bounds: standard)
    let before = dragging.drag(to: 20, bounds: standard)
    dragging.correctY(to: dragging.offset.y + delta)
    #expect(abs(dragging.drag(to: 20, bounds: moved) - (before + delta)) < 1e-9, "the finger keeps its row")
  }

  @Test("a drag follows the finger within the content and rubber-bands past an edge, never a viewport past it")
  func dragRubberBands() {
    var state = resting(at: 500)
    state.beginDrag(touch: 100, bounds: standard)
    #expect(state.drag(to: 40, bounds: standard) == 560, "follows the finger exactly within the content")
    var previous = 500.0
    for touch in stride(from: 100.0, through: 1e7, by: 997) {
      let y = state.drag(to: touch, bounds: standard)
      #expect(y <= previous, "moves with the finger")
      #expect(y > standard.minimum - standard.dimension, "less than a viewport past the top")
      if touch - 100 > 500 { #expect(y < 0 && y > 500 - (touch - 100), "stretches, with resistance") }
      previous = y
    }
    previous = 500
    for touch in stride(from: 100.0, through: -1e7, by: -997) {
      let y = state.drag(to: touch, bounds: standard)
      #expect(y >= previous)
      #expect(y < standard.maximum + standard.dimension, "less than a viewport past the bottom")
      previous = y
    }
    let stiff = ScrollBounds(minimum: 0, maximum: 1_000, dimension: 200, bounces: false)
    #expect(state.drag(to: 900, bounds: stiff) == 0, "held at the edge without bounce")
    #expect(state.drag(to: -900, bounds: stiff) == 1_000)
    let loop = ScrollBounds.unbounded(dimension: 200, bounces: true)
    #expect(state.drag(to: 1_100, bounds: loop) == -500, "without bounds it simply follows")
  }

  @Test("a drag begun on content resting past an edge picks it up where it shows: no jump")
  func dragPicksUpStretchedContent() {
    for y in [-150.0, -60, -0.5, 1_000.5, 1_120] {
      var state = resting(at: y)
      state.beginDrag(touch: 300, bounds: standard)
      #expect(abs(state.drag(to: 300, bounds: standard) - y) < 1e-6, "at \(y)")
      #expect(state.isDragging)
    }
  }

  @Test("lifting past an edge bounces back to it")
  func endDragPastEdgeBounces() {
    var state = resting(at: 500)
    state.beginDrag(touch: 0, bounds: standard)
    state.jumpY(to: state.drag(to: 600, bounds: standard))
    #expect(state.offset.y < 0)
    guard case .bounce = state.endDrag(velocity: 800, rate: 0.998, bounds: standard, now: 0) else {
      Issue.record("expected a bounce")
      return
    }
    #expect(!state.isDragging)
    guard case .bounce(_, let to, _, _)? = state.animation else {
      Issue.record("no bounce running")
      return
    }
    #expect(to == 0)
    let recorder = Recorder()
    _ = runToRest(&state, from: 0, bounds: standard, recorder: recorder)
    #expect(state.offset.y == 0 && recorder.decelerationsEnded == 1)
  }

  @Test("lifting within the content: stop, fling onto the projected offset, a chosen target, or past an edge")
  func endDragDecisions() {
    let rate = ScrollPhysics.normalDecelerationRate
    func lifted(velocity: Double) -> (ScrollState, ScrollState.DragRelease) {
      var state = resting(at: 400)
      state.beginDrag(touch: 0, bounds: standard)
      guard case .release(let release) = state.endDrag(velocity: velocity, rate: rate, bounds: standard, now: 0)
      else {
        Issue.record("within the content, a lift-off is a release")
        return (state, ScrollState.DragRelease(from: 0, velocity: 0, target: 0))
      }
      return (state, release)
    }
    // Too slow to fling: it stays.
    var (state, release) = lifted(velocity: 3)
    #expect(release.target == 400 && !release.isFling)
    #expect(state.release(release, target: release.target, rate: rate, bounds: standard, now: 0) == .stop)
    #expect(state.animation == nil)
    // A fling lands exactly on its projected offset.
    (state, release) = lifted(velocity: 300)
    #expect(release.target == 400 + ScrollPhysics.projectedDistance(velocity: 300, rate: rate))
    let decision = state.release(release, target: release.target, rate: rate, bounds: standard, now: 0)
    #expect(decision == .decelerate(to: release.target) && decision.willDecelerate)
    _ = runToRest(&state, from: 0, bounds: standard)
    #expect(state.offset.y == release.target)
    // A target chosen instead (a picker's row) is landed on, even one the finger did not head for.
    (state, release) = lifted(velocity: 300)
    #expect(state.release(release, target: 380, rate: rate, bounds: standard, now: 0) == .decelerate(to: 380))
    _ = runToRest(&state, from: 0, bounds: standard)
    #expect(state.offset.y == 380)
    // A target past an edge: a fling decelerates freely into the edge and bounces; a slow lift stops.
    (state, release) = lifted(velocity: 3_000)
    #expect(state.release(release, target: 5_000, rate: rate, bounds: standard, now: 0) == .fling)
    _ = runToRest(&state, from: 0, bounds: standard)
    #expect(state.offset.y == 1_000)
    (state, release) = lifted(velocity: 2)
    #expect(state.release(release, target: -50, rate: rate, bounds: standard, now: 0) == .stop)
    // A target that is not finite is never landed on, even without bounds.
    (state, release) = lifted(velocity: 3_000)
    let loop = ScrollBounds.unbounded(dimension: 200, bounces: true)
    #expect(state.release(release, target: .infinity, rate: rate, bounds: loop, now: 0) == .fling)
    state._checkInvariants()
    // Where it already is: nothing to do.
    (state, release) = lifted(velocity: 300)
    #expect(state.release(release, target: 400, rate: rate, bounds: standard, now: 0) == .stop)
    #expect(!ScrollState.DragDecision.stop.willDecelerate && ScrollState.DragDecision.fling.willDecelerate)
  }

  @Test("smooth scrolls add up: each lands its delta further than the previous one was going, within the bounds")
  func smoothScrollsAddUp() {
    var state = resting(at: 100)
    let rate = ScrollPhysics.fastDecelerationRate
    for (i, delta) in [40.0, 40, 40, -10].enumerated() {
      let target = state.smoothScrollTarget(by: delta, bounds: standard)
      _ = state.stopAnimation()
      state.decelerate(to: target, rate: rate, now: Double(i) * frame)
      advance(&state, to: Double(i + 1) * frame, bounds: standard)
    }
    _ = runToRest(&state, from: 4 * frame, bounds: standard)
    #expect(state.offset.y == 210)
    #expect(state.smoothScrollTarget(by: 5_000, bounds: standard) == 1_000, "clamped")
    let started = state.decelerate(to: 210, rate: rate, now: 0)
    #expect(!started, "already there: nothing starts")
    #expect(state.animation == nil)
  }

  @Test("content left past an edge springs back when nothing holds it, and only then")
  func settle() {
    var state = resting(at: -40)
    state.isDragging = true
    state.settle(bounds: standard, now: 0)
    #expect(state.animation == nil, "a finger holds it")
    state.isDragging = false
    state.settle(bounds: standard, now: 0)
    guard case .bounce(let from, let to, _, let duration)? = state.animation else {
      Issue.record("no bounce")
      return
    }
    #expect(from == -40 && to == 0 && duration == ScrollAnimation.bounceDuration)
    advance(&state, to: 0.1, bounds: standard)
    let running = state.offset.y
    state.settle(bounds: standard, now: 0.1)
    advance(&state, to: 0.1, bounds: standard)
    #expect(state.offset.y == running, "a running bounce is left alone")
    var within = resting(at: 500)
    within.settle(bounds: standard, now: 0)
    #expect(within.animation == nil)
    var looping = resting(at: -1e6)
    looping.settle(bounds: .unbounded(dimension: 200, bounces: true), now: 0)
    #expect(looping.animation == nil)
  }

  @Test("bounds: an inverted range is taken as its minimum; clamping, containing, stretching and unstretching")
  func bounds() {
    let inverted = ScrollBounds(minimum: 10, maximum: -5, dimension: 100, bounces: true)
    #expect(inverted.maximum == 10 && !inverted.isUnbounded)
    #expect(standard.clamp(-3) == 0 && standard.clamp(2_000) == 1_000 && standard.clamp(7) == 7)
    #expect(!standard.contains(.nan) && !standard.isPastEdge(.nan))
    let loop = ScrollBounds.unbounded(dimension: 100, bounces: false)
    #expect(loop.isUnbounded && loop.clamp(-1e300) == -1e300 && loop.contains(1e300))
    for raw in stride(from: -2_000.0, through: 3_000, by: 77) {
      let shown = standard.rubberBanded(raw)
      #expect(abs(standard.unstretched(shown) - raw) < 1e-6 * max(1, abs(raw)), "round trip at \(raw)")
    }
  }
}

/// `bounds` with both edges moved by `delta` (unbounded ones stay as they are).
private func shifted(_ bounds: ScrollBounds, by delta: Double) -> ScrollBounds {
  guard !bounds.isUnbounded else { return bounds }
  return ScrollBounds(
    minimum: bounds.minimum + delta, maximum: bounds.maximum + delta, dimension: bounds.dimension,
    bounces: bounds.bounces)
}

/// How far `y` is past the nearer edge of `bounds` (0 within them).
private func overshoot(_ y: Double, _ bounds: ScrollBounds) -> Double {
  max(bounds.minimum - y, y - bounds.maximum, 0)
}

@Suite("ScrollState, randomized against a run without corrections")
struct ScrollStateModelTests {
  /// Where the geometry puts an animated scroll's target: it moves with every correction.
  final class Geometry { var shift = 0.0 }

  /// Random sequences of frames, drags, lift-offs (with the delegate's target moved or not),
  /// flings, smooth scrolls, animated scrolls, presses and corrections, applied to two states: one
  /// gets the corrections (its content moves in the coordinate space: its bounds and animated
  /// targets move with it), the reference does not. After every step both satisfy their invariants,
  /// run the same kind of animation, and show the same thing: the corrected offset less the sum of
  /// corrections is the reference's offset (so a correction never changes the visible position,
  /// then or later). A bounce always heads for a point within the bounds; a drag never stretches a
  /// viewport past an edge; no completion is called twice. Once input stops and a last touch ends,
  /// both come to rest within their bounds with no animation running.
  @Test(
    "random operations: invariants, a correction never moves anything on screen, rest within bounds", arguments: 0..<12)
  func randomSequences(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 5)
    let dimension = Double(rng.int(50..<400))
    let base: ScrollBounds
    if rng.int(0..<4) == 0 {
      base = .unbounded(dimension: dimension, bounces: true)
    } else {
      let minimum = -Double(rng.int(0..<60))
      base = ScrollBounds(
        minimum: minimum, maximum: minimum + Double(rng.int(0..<4_000)), dimension: dimension,
        bounces: rng.int(0..<5) != 0)
    }
    let geometry = Geometry()
    var state = ScrollState()
    state.jumpY(to: base.clamp(Double(rng.int(-100..<4_000))))
    var twin = state
    let recorder = Recorder()
    let twinRecorder = Recorder()
    var now = 0.0
    var nextID = 0
    let rate = ScrollPhysics.normalDecelerationRate
    var log: [String] = []

    /// Both states, applied the same visible operation.
    func check(_ what: String) {
      log.append(what)
      let context = Comment(rawValue: "seed \(seed), after \(log.suffix(6))")
      state._checkInvariants()
      twin._checkInvariants()
      #expect(kind(state.animation) == kind(twin.animation), context)
      #expect(state.isDragging == twin.isDragging, context)
      let visible = state.offset.y - state.correction
      #expect(abs(visible - twin.offset.y) <= 1e-6 * max(1, abs(twin.offset.y)), context)
      let moved = shifted(base, by: state.correction)
      // The bounds moved by the sum of the corrections, the bounce's edge by each one: a rounding apart.
      if case .bounce(_, let to, _, _)? = state.animation {
        #expect(overshoot(to, moved) <= 1e-9 * max(1, abs(to)), context)
      }
      if case .bounce(_, let to, _, _)? = twin.animation { #expect(base.contains(to), context) }
      let calls = Dictionary(grouping: recorder.completions, by: \.id)
      #expect(calls.values.allSatisfy { $0.count == 1 }, context)
    }

    for _ in 0..<500 {
      let moved = shifted(base, by: state.correction)
      switch rng.int(0..<100) {
      case 0..<35:
        now += rng.int(0..<10) == 0 ? rng.double(0...2) : rng.double(0...(2 * frame))
        advance(&state, to: now, bounds: moved, recorder: recorder)
        advance(&twin, to: now, bounds: base, recorder: twinRecorder)
        check("tick to \(now)")
      case 35..<43:
        guard !state.isDragging else { continue }
        // As `TableView.beginDragging(at:)`: stop, cancel the touch (which settles), begin.
        let touch = rng.double(-500...500)
        recorder.deliver(state.stopAnimation())
        twinRecorder.deliver(twin.stopAnimation())
        state.settle(bounds: moved, now: now)
        twin.settle(bounds: base, now: now)
        state.beginDrag(touch: touch, bounds: moved)
        twin.beginDrag(touch: touch, bounds: base)
        check("begin drag at \(touch)")
      case 43..<60:
        guard state.isDragging else { continue }
        let touch = rng.double(-3_000...3_000)
        state.jumpY(to: state.drag(to: touch, bounds: moved))
        twin.jumpY(to: twin.drag(to: touch, bounds: base))
        let past = overshoot(state.offset.y, moved)
        if !moved.bounces {
          #expect(past == 0, "seed \(seed): held at the edge")
        } else {
          #expect(past == 0 || past < moved.dimension, "seed \(seed): stretched \(past)")
        }
        check("drag to \(touch)")
      case 60..<68:
        guard state.isDragging else { continue }
        let velocity = rng.int(0..<4) == 0 ? rng.double(-8...8) : rng.double(-6_000...6_000)
        let end = state.endDrag(velocity: velocity, rate: rate, bounds: moved, now: now)
        let twinEnd = twin.endDrag(velocity: velocity, rate: rate, bounds: base, now: now)
        switch (end, twinEnd) {
        case (.bounce, .bounce): break
        case (.release(let release), .release(let twinRelease)):
          // The delegate keeps the target, or moves it within the content, past an edge, or to nowhere.
          var target = release.target
          var twinTarget = twinRelease.target
          switch rng.int(0..<5) {
          case 0:
            let visible = base.clamp(rng.double(-1_000...5_000))
            (target, twinTarget) = (visible + state.correction, visible)
          case 1 where !base.isUnbounded:
            let visible = base.maximum + 1 + rng.double(0...500)
            (target, twinTarget) = (visible + state.correction, visible)
          case 2:
            (target, twinTarget) = (.nan, .nan)
          default: break
          }
          let decision = state.release(release, target: target, rate: rate, bounds: moved, now: now)
          let twinDecision = twin.release(twinRelease, target: twinTarget, rate: rate, bounds: base, now: now)
          #expect(decision.willDecelerate == twinDecision.willDecelerate, "seed \(seed)")
        default:
          Issue.record("seed \(seed): one bounced, the other did not")
        }
        check("end drag at \(velocity)")
      case 68..<74:
        let velocity = rng.double(-8_000...8_000)
        recorder.deliver(state.stopAnimation())
        twinRecorder.deliver(twin.stopAnimation())
        state.decelerate(velocity: velocity, rate: rate, now: now)
        twin.decelerate(velocity: velocity, rate: rate, now: now)
        check("fling at \(velocity)")
      case 74..<81:
        let delta = rng.double(-300...300)
        let target = state.smoothScrollTarget(by: delta, bounds: moved)
        let twinTarget = twin.smoothScrollTarget(by: delta, bounds: base)
        recorder.deliver(state.stopAnimation())
        twinRecorder.deliver(twin.stopAnimation())
        state.decelerate(to: target, rate: ScrollPhysics.fastDecelerationRate, now: now)
        twin.decelerate(to: twinTarget, rate: ScrollPhysics.fastDecelerationRate, now: now)
        check("smooth scroll by \(delta)")
      case 81..<87:
        let visible = base.clamp(rng.double(-1_000...5_000))
        let duration = [0, 0.3, 0.5][rng.int(0..<3)]
        recorder.deliver(state.stopAnimation())
        twinRecorder.deliver(twin.stopAnimation())
        nextID += 1
        state.animateScroll(
          to: { visible + geometry.shift }, now: now, duration: duration, completion: recorder.completion(nextID))
        twin.animateScroll(to: { visible }, now: now, duration: duration, completion: twinRecorder.completion(nextID))
        check("animated scroll to \(visible)")
      case 87..<91:
        // A press holds the content; half the time it lifts again without dragging.
        recorder.deliver(state.stopAnimation())
        twinRecorder.deliver(twin.stopAnimation())
        if rng.int(0..<2) == 0, !state.isDragging {
          state.settle(bounds: moved, now: now)
          twin.settle(bounds: base, now: now)
        }
        check("press")
      default:
        let delta = Double(rng.int(-500..<500))
        let visible = state.offset.y - state.correction
        state.correctY(to: state.offset.y + delta)
        geometry.shift = state.correction
        #expect(
          abs(state.offset.y - state.correction - visible) <= 1e-9 * max(1, abs(visible)),
          "seed \(seed): a correction moves nothing on screen")
        check("correct by \(delta)")
      }
    }

    // Input stops: the finger lifts (keeping its target), the animations run out, a last touch ends.
    let moved = shifted(base, by: state.correction)
    if case .release(let release) = state.endDrag(velocity: 0, rate: rate, bounds: moved, now: now) {
      _ = state.release(release, target: release.target, rate: rate, bounds: moved, now: now)
    }
    if case .release(let release) = twin.endDrag(velocity: 0, rate: rate, bounds: base, now: now) {
      _ = twin.release(release, target: release.target, rate: rate, bounds: base, now: now)
    }
    check("lift")
    for _ in 0..<2 {
      let end = runToRest(&state, from: now, bounds: moved, recorder: recorder).now
      #expect(runToRest(&twin, from: now, bounds: base, recorder: twinRecorder).now == end, "seed \(seed)")
      now = end
      state.settle(bounds: moved, now: now)
      twin.settle(bounds: base, now: now)
    }
    check("rest")
    #expect(state.animation == nil && twin.animation == nil, "seed \(seed): at rest")
    #expect(overshoot(state.offset.y, moved) <= 1e-9 * max(1, abs(state.offset.y)), "seed \(seed): within the bounds")
    #expect(base.contains(twin.offset.y), "seed \(seed): within the bounds")
    #expect(
      recorder.completions.map(\.finished) == twinRecorder.completions.map(\.finished), "seed \(seed): same completions"
    )
  }
}
