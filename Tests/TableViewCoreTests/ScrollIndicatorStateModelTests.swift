import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// The overlay scroll indicator's rules against a reference model that polls: the model applies the rules every
// millisecond, written out the obvious way; the real state is told only the events and is updated only at the
// deadlines it names (as a backend's timer does). After every step they agree on whether the indicator is shown,
// hovering and how opaque it is, so a backend that sleeps until `nextDeadline(at:)` misses nothing.

@Suite("the overlay scroll indicator against a polling model")
struct ScrollIndicatorStateModelTests {
  /// The reference: the same rules, applied at every millisecond.
  struct Model {
    var shown = false
    var hovering = false
    var lastActivity = -Double.infinity
    var nearSince: Double?
    var fadeFrom = 0.0
    var fadeStart = -Double.infinity

    func opacity(at now: Double) -> Double {
      let target = shown ? 1.0 : 0.0
      let progress = (now - fadeStart) / ScrollIndicatorState.fadeDuration
      if progress >= 1 { return target }
      let eased = 1 - pow3(1 - max(0, progress))
      return fadeFrom + (target - fadeFrom) * eased
    }

    mutating func show(_ visible: Bool, at now: Double) {
      guard visible != shown else { return }
      fadeFrom = opacity(at: now)
      fadeStart = now
      shown = visible
    }

    /// What a millisecond's passing does.
    mutating func poll(at now: Double) {
      if let since = nearSince, now >= since + ScrollIndicatorState.hoverDelay {
        hovering = true
        nearSince = nil
      }
      if shown, !hovering, now >= lastActivity + ScrollIndicatorState.defaultFadeOutDelay { show(false, at: now) }
    }
  }

  enum Event {
    case scroll
    case move(distance: Double, held: Bool)
    case leave
  }

  @Test("random scrolls, pointer moves and leaves agree with the model", arguments: UInt64(1)...UInt64(16))
  func randomized(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var state = ScrollIndicatorState()
    var model = Model()
    var millisecond = 0
    for step in 0..<300 {
      // The next event, 0 ms to 3.5 s later (so fades start, end and are interrupted).
      let gap = rng.pick([0, 1, 10, 29, 30, 31, 200, 999, 1_999, 2_000, 2_001, 3_500, rng.int(0..<3_500)])
      let target = millisecond + gap
      // The model polls every millisecond; the state is woken only at its deadlines.
      while millisecond < target {
        millisecond += 1
        model.poll(at: seconds(millisecond))
      }
      let now = seconds(target)
      while let deadline = state.nextDeadline(at: now), deadline <= now {
        state.update(at: deadline)
        #expect(state.nextDeadline(at: deadline).map { $0 > deadline } ?? true, "a deadline that never passes")
      }
      #expect(
        abs(state.opacity(at: now) - model.opacity(at: now)) < 0.01 && state.isHovering == model.hovering,
        "seed \(seed) step \(step) before the event at \(now): \(state) against \(model)")

      let event: Event = rng.pick([
        .scroll, .leave,
        .move(distance: rng.pick([-3, 0, 2, 5, 6, 9, 10, 11, 40]), held: rng.int(0..<4) == 0),
      ])
      switch event {
      case .scroll:
        state.scrolled(at: now)
        model.lastActivity = now
        model.show(true, at: now)
      case .move(let distance, let held):
        state.pointerMoved(distance: distance, buttonHeld: held, at: now)
        if !model.shown { model.lastActivity = now }
        model.show(true, at: now)
        if held {
          model.nearSince = nil
        } else if distance <= 0 {
          model.nearSince = nil
          model.hovering = true
        } else if distance <= (model.hovering ? 10 : 5) {
          if !model.hovering && model.nearSince == nil { model.nearSince = now }
        } else {
          model.nearSince = nil
          model.hovering = false
        }
      case .leave:
        state.pointerLeft(at: now)
        model.nearSince = nil
        model.hovering = false
      }
      model.poll(at: now)
      let opacity = state.opacity(at: now)
      #expect(
        abs(opacity - model.opacity(at: now)) < 0.01 && state.isHovering == model.hovering
          && state.targetOpacity == (model.shown ? 1 : 0),
        "seed \(seed) step \(step) after \(event) at \(now): \(state) against \(model)")
      #expect((0...1).contains(opacity), "an opacity out of range: \(opacity)")
      // Hovering keeps it: no fade-out is due while the pointer is on it.
      if state.isHovering { #expect(state.targetOpacity == 1, "hovering but fading out: \(state)") }
    }
  }

  @Test("a scroll fades the indicator in; two seconds later it fades out over one; hovering keeps it")
  func fadeTimes() {
    var state = ScrollIndicatorState()
    #expect(state.opacity(at: 0) == 0, "invisible at rest")
    #expect(state.nextDeadline(at: 0) == nil, "nothing to wake for at rest")
    state.scrolled(at: 10)
    #expect(state.isFading(at: 10.2) && state.opacity(at: 10.2) > 0.4, "fading in")
    #expect(state.fadeEnd(at: 10.2) == 11 && state.fadeEnd(at: 11) == nil, "the fade in ends a second after the scroll")
    #expect(state.opacity(at: 11) == 1 && !state.isFading(at: 11))
    #expect(state.nextDeadline(at: 11) == 12)
    state.update(at: 12)
    #expect(state.targetOpacity == 0 && state.opacity(at: 12.5) < 1 && state.opacity(at: 13) == 0, "faded out")

    state.scrolled(at: 20)
    state.pointerMoved(distance: 0, buttonHeld: false, at: 20.5)
    state.update(at: 30)
    #expect(state.isHovering && state.opacity(at: 30) == 1, "kept while the pointer is on it")
    state.pointerMoved(distance: 30, buttonHeld: false, at: 30)
    #expect(!state.isHovering && state.targetOpacity == 0, "the fade-out, overdue, starts at once")
    #expect(state.opacity(at: 31) == 0)
  }

  @Test("a pointer that only passes near does not widen the indicator; one that stays does")
  func hoverDelay() {
    var state = ScrollIndicatorState()
    state.pointerMoved(distance: 4, buttonHeld: false, at: 1)
    state.pointerMoved(distance: 40, buttonHeld: false, at: 1.01)
    state.update(at: 1.1)
    #expect(!state.isHovering, "passed by")
    state.pointerMoved(distance: 4, buttonHeld: false, at: 2)
    let deadline = state.nextDeadline(at: 2)
    #expect(deadline == 2 + ScrollIndicatorState.hoverDelay)
    state.update(at: deadline ?? 0)
    #expect(state.isHovering, "stayed near")
    state.pointerMoved(distance: 8, buttonHeld: false, at: 2.1)
    #expect(state.isHovering, "wide, it stays wide a little farther out")
    state.pointerMoved(distance: 8, buttonHeld: true, at: 2.2)
    state.pointerMoved(distance: 300, buttonHeld: true, at: 2.3)
    #expect(state.isHovering, "dragging its thumb away keeps it")
  }

  @Test("a longer delay keeps the indicator longer; a hostile delay is the default")
  func delay() {
    var state = ScrollIndicatorState(fadeOutDelay: 8)
    state.scrolled(at: 0)
    #expect(state.nextDeadline(at: 1) == 8)
    state.update(at: 7.9)
    #expect(state.targetOpacity == 1)
    for hostile in [Double.nan, -1, .infinity] {
      #expect(ScrollIndicatorState(fadeOutDelay: hostile).fadeOutDelay == ScrollIndicatorState.defaultFadeOutDelay)
    }
  }

  @Test("hostile clock readings and distances neither crash nor stick")
  func hostileValues() {
    var state = ScrollIndicatorState()
    for value in [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude] {
      state.scrolled(at: value)
      state.pointerMoved(distance: value, buttonHeld: false, at: value)
      state.update(at: value)
      let opacity = state.opacity(at: value)
      #expect((0...1).contains(opacity), "\(value): \(opacity)")
      if let deadline = state.nextDeadline(at: value) { #expect(deadline.isFinite, "\(value): \(deadline)") }
      state.pointerLeft(at: value)
    }
  }

  func seconds(_ milliseconds: Int) -> Double { Double(milliseconds) / 1_000 }
}

private func pow3(_ x: Double) -> Double { x * x * x }
