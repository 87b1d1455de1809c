import SeededRandom
@_spi(Backend) import TableViewCore
@_spi(Backend) import TableViewTesting
import Testing

// The wheel and the touchpad: the gesture's rules alone (cases and random events against a reference model), and
// the table carrying them out (a touchpad swipe opens a row, a row without actions scrolls, the wheel glides, a
// quiet gesture ends by itself).

private let row3 = IndexPath(row: 3, section: 0)

private func touchpad(_ dx: Double, _ dy: Double, at time: Double, over point: Point? = Point(x: 200, y: 70))
  -> ScrollWheelEvent
{
  ScrollWheelEvent(.changed, delta: Point(x: dx, y: dy), hasPreciseScrollingDeltas: true, at: point, time: time)
}

private func lift(at time: Double) -> ScrollWheelEvent {
  ScrollWheelEvent(.ended, hasPreciseScrollingDeltas: true, time: time)
}

private func wheel(_ dy: Double, at time: Double) -> ScrollWheelEvent {
  ScrollWheelEvent(.changed, delta: Point(x: 0, y: dy), hasPreciseScrollingDeltas: false, time: time)
}

@Suite("The wheel and the touchpad: one gesture for every backend")
struct ScrollGestureTests {
  @Test("a touchpad gesture more sideways than vertical over a row swipes it, along that axis only, until lift-off")
  func sidewaysSwipes() {
    var gesture = ScrollGesture()
    let over = ScrollGesture.Context(row: row3)
    #expect(gesture.handle(touchpad(10, 3, at: 0), in: over) == .beginSwipe(row3, translation: -10))
    #expect(gesture.handle(touchpad(10, 40, at: 0.02), in: over) == .updateSwipe(translation: -20))
    #expect(gesture.endDeadline == 0.02 + ScrollGesture.quietInterval)
    guard case .endSwipe(let velocity) = gesture.handle(lift(at: 0.03), in: over) else {
      Issue.record("lift-off ends the swipe")
      return
    }
    #expect(velocity < 0, "the fingers moved left: \(velocity)")
    #expect(!gesture.isActive && gesture.endDeadline == nil)
    gesture._checkInvariants()
  }

  @Test("a vertical gesture, or a sideways one over no row, scrolls the content against the fingers")
  func verticalScrolls() {
    var gesture = ScrollGesture()
    #expect(gesture.handle(touchpad(3, 10, at: 0), in: .init(row: row3)) == .beginDragging(to: -10))
    // Sideways deltas later move nothing sideways.
    #expect(gesture.handle(touchpad(30, 5, at: 0.02), in: .init(row: row3)) == .drag(to: -15))
    guard case .endDragging(let velocity) = gesture.handle(lift(at: 0.03), in: .init()) else {
      Issue.record("lift-off flings")
      return
    }
    #expect(velocity > 0, "the content moves down its length: \(velocity)")
    var sideways = ScrollGesture()
    #expect(sideways.handle(touchpad(20, 0, at: 0), in: .init(row: nil)) == .beginDragging(to: 0))
  }

  @Test("a refused swipe scrolls instead; a wheel notch glides; a sideways notch and a lone lift-off are not used")
  func refusalsAndWheel() {
    var gesture = ScrollGesture()
    let event = touchpad(10, 2, at: 0)
    #expect(gesture.handle(event, in: .init(row: row3)) == .beginSwipe(row3, translation: -10))
    #expect(gesture.refuse(event) == .beginDragging(to: -2))
    #expect(gesture.mode == .scrolling)
    var idle = ScrollGesture()
    #expect(idle.handle(wheel(64, at: 0), in: .init()) == .glide(by: 64))
    #expect(!idle.isActive, "a wheel's notch is no gesture")
    #expect(idle.handle(wheel(0, at: 0), in: .init()) == .none)
    #expect(idle.handle(lift(at: 0), in: .init()) == .none)
    #expect(idle.handle(touchpad(.nan, .infinity, at: 0), in: .init()) == .beginDragging(to: 0))
    #expect(idle.handle(touchpad(1, 1, at: .nan), in: .init()) == .none, "a time that is not finite is refused")
  }

  @Test("random wheel notches, touchpad deltas, lift-offs and refusals against a reference model", arguments: 0..<40)
  func randomized(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var gesture = ScrollGesture()
    var model = ScrollGestureModel()
    var time = 0.0
    for step in 0..<300 {
      time += rng.pick([0, 0.01, 0.02, 0.3])
      let event: ScrollWheelEvent
      switch rng.below(6) {
      case 0: event = wheel(rng.pick([0, 64, -64]), at: time)
      case 1: event = lift(at: time)
      default:
        event = touchpad(Double(rng.below(41) - 20), Double(rng.below(41) - 20), at: time)
      }
      let context = ScrollGesture.Context(row: rng.below(3) == 0 ? nil : IndexPath(row: rng.below(9), section: 0))
      // The table ends a gesture before a wheel's notch (TableView.handleScrollWheel).
      if !event.hasPreciseScrollingDeltas, gesture.isActive {
        _ = gesture.handle(lift(at: time), in: .init())
        model.end()
      }
      var action = gesture.handle(event, in: context)
      var expected = model.handle(event, context)
      #expect(ScrollGestureModel.kind(action) == expected.kind, "seed \(seed) step \(step): \(event)")
      #expect(ScrollGestureModel.amount(action) == expected.amount, "seed \(seed) step \(step): \(event)")
      if case .beginSwipe = action, rng.below(3) == 0 {
        action = gesture.refuse(event)
        expected = model.refuse(event)
        #expect(action == .beginDragging(to: expected.amount ?? .nan), "seed \(seed) step \(step), refused")
      }
      gesture._checkInvariants()
      #expect(gesture.isActive == (model.axis != nil), "seed \(seed) step \(step)")
      if gesture.isActive { #expect(gesture.endDeadline == model.lastTime + ScrollGesture.quietInterval) }
    }
  }

  // MARK: The table

  @Test("on the table: a sideways touchpad gesture opens a row on its actions; over the header it scrolls")
  @MainActor
  func tableSwipes() {
    let clock = ManualClock()
    let model = PointerModel(rowHeight: 20, width: 400)
    let table = TableView(clock: clock)
    table.register({ PointerTestCell() }, forCellReuseIdentifier: "cell")
    table.register({ PointerTestCell() }, forHeaderFooterViewReuseIdentifier: "header")
    table.dataSource = model
    table.delegate = model
    table.viewportSize = Size(width: 400, height: 200)
    table.layoutIfNeeded()
    // Row 2 is 50…70 under the 20-point header.
    for i in 0..<12 {
      clock.advance(by: 1.0 / 60)
      #expect(table.handleScrollWheel(touchpad(10, 0, at: clock.now, over: Point(x: 300, y: 65))))
      if i == 0 { #expect(table.swipedRow == IndexPath(row: 2, section: 0)) }
    }
    #expect(table.swipeOffset == -120)
    clock.advance(by: 0.3)
    #expect(table.handleScrollWheel(lift(at: clock.now)))
    for _ in 0..<120 where table.isAnimating {
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
    #expect(table.swipeOffset == -160, "open on both actions (2 × 80)")
    #expect(table.contentOffset.y == 0, "the content did not move")
    table.closeSwipe(animated: false)
    // Over the floating header nothing is swiped: the content follows the fingers.
    clock.advance(by: 1)
    table.handleScrollWheel(touchpad(10, 0, at: clock.now, over: Point(x: 300, y: 5)))
    #expect(table.swipedRow == nil)
    #expect(table.isTracking)
    // A wheel's notch ends the gesture and glides.
    clock.advance(by: 0.01)
    #expect(table.handleScrollWheel(wheel(40, at: clock.now)))
    #expect(!table.isTracking)
    for _ in 0..<240 where table.isAnimating {
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
    #expect(table.contentOffset.y == 40)
    #expect(!table.handleScrollWheel(wheel(0, at: clock.now)), "a sideways notch is not the table's")
  }

  @Test("on the table: a touchpad gesture follows the fingers and says when it ends if the device never does")
  @MainActor
  func tableFollowsAndEnds() {
    let clock = ManualClock()
    let (table, _) = makeTable(TestModel(sections: [Array(repeating: 20, count: 200)]), clock: clock)
    clock.advance(by: 1)
    for _ in 0..<10 {
      clock.advance(by: 1.0 / 60)
      table.handleScrollWheel(touchpad(0, 15, at: clock.now))
    }
    #expect(table.contentOffset.y == 150)
    #expect(table.isTracking)
    let deadline = try! #require(table.scrollGestureEndDeadline)
    #expect(abs(deadline - (clock.now + ScrollGesture.quietInterval)) < 1e-9)
    clock.advance(by: ScrollGesture.quietInterval)
    table.handleScrollWheel(lift(at: clock.now))
    #expect(!table.isTracking && table.scrollGestureEndDeadline == nil)
    for _ in 0..<240 where table.isAnimating {
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
    #expect(table.contentOffset.y == 150, "fingers quiet for a quarter second let go at rest: no fling")
  }
}

/// The gesture's rules written out plainly: which axis a gesture took, the deltas summed.
struct ScrollGestureModel {
  enum Kind { case none, glide, beginDragging, drag, endDragging, beginSwipe, updateSwipe, endSwipe }
  var axis: Character?
  var sum = 0.0
  var lastTime = 0.0

  mutating func end() {
    axis = nil
    sum = 0
  }

  mutating func handle(_ event: ScrollWheelEvent, _ context: ScrollGesture.Context) -> (kind: Kind, amount: Double?) {
    let dx = event.delta.x
    let dy = event.delta.y
    if !event.hasPreciseScrollingDeltas {
      return event.phase == .changed && dy != 0 ? (.glide, dy) : (.none, nil)
    }
    if event.phase == .ended {
      defer { end() }
      switch axis {
      case "y": return (.endDragging, nil)
      case "x": return (.endSwipe, nil)
      default: return (.none, nil)
      }
    }
    lastTime = event.time
    switch axis {
    case "y":
      sum += dy
      return (.drag, -sum)
    case "x":
      sum += dx
      return (.updateSwipe, -sum)
    default:
      if abs(dx) > abs(dy), context.row != nil {
        axis = "x"
        sum = dx
        return (.beginSwipe, -sum)
      }
      axis = "y"
      sum = dy
      return (.beginDragging, -sum)
    }
  }

  mutating func refuse(_ event: ScrollWheelEvent) -> (kind: Kind, amount: Double?) {
    axis = "y"
    sum = event.delta.y
    return (.beginDragging, -sum)
  }

  static func kind(_ action: ScrollGestureAction) -> Kind {
    switch action {
    case .none: .none
    case .glide: .glide
    case .beginDragging: .beginDragging
    case .drag: .drag
    case .endDragging: .endDragging
    case .beginSwipe: .beginSwipe
    case .updateSwipe: .updateSwipe
    case .endSwipe: .endSwipe
    }
  }

  /// The distance an action carries (`nil` for the velocities, which the tracker estimates).
  static func amount(_ action: ScrollGestureAction) -> Double? {
    switch action {
    case .glide(let by): by
    case .beginDragging(let to), .drag(let to): to
    case .beginSwipe(_, let translation), .updateSwipe(let translation): translation
    case .none, .endDragging, .endSwipe: nil
    }
  }
}
