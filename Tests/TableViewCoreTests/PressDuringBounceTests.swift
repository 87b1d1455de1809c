@_spi(Backend) import TableViewCore
import Testing

/// A table pulled 60 points past its top and let go, a tenth of a second into the spring back.
func makeBouncingTable() -> (TableView, ManualClock) {
  let clock = ManualClock()
  let model = TestModel(sections: [Array(repeating: 40, count: 50)])
  let (table, _) = makeTable(model, size: Size(width: 100, height: 200)) { $0.clock = clock }
  table.beginDragging(at: 0)
  table.drag(to: 150)
  table.endDragging(velocity: 0)
  clock.advance(by: 0.1)
  table.tick()
  return (table, clock)
}

/// Runs frames (60 a second) until nothing animates, at most a thousand.
func runAnimationsToRest(_ table: TableView, _ clock: ManualClock) {
  var frames = 0
  while table.isAnimating && frames < 1_000 {
    clock.advance(by: 1.0 / 60)
    table.tick()
    frames += 1
  }
}

@Suite("A press on content springing back from an edge")
struct PressDuringBounceTests {
  func bouncingTable() -> (TableView, ManualClock) { makeBouncingTable() }
  func runAnimations(_ table: TableView, _ clock: ManualClock) { runAnimationsToRest(table, clock) }

  @Test("holds the content where it is, and a release without a drag lets it settle at the top")
  func pressAndReleaseSettles() {
    let (table, clock) = bouncingTable()
    #expect(table.contentOffset.y < 0, "still past the top")
    // What both backends do on a press that catches moving content, then on its release.
    table.stopScrolling()
    let held = table.contentOffset.y
    clock.advance(by: 0.5)
    table.tick()
    #expect(table.contentOffset.y == held, "held while the finger is down")
    table.touchCancelled()
    runAnimations(table, clock)
    #expect(table.contentOffset.y == 0)
  }

  @Test("a release that is a tap also lets it settle at the top")
  func tapSettles() {
    let (table, clock) = bouncingTable()
    table.stopScrolling()
    table.touchBegan(at: Point(x: 10, y: 100))
    table.touchEnded(at: Point(x: 10, y: 100))
    runAnimations(table, clock)
    #expect(table.contentOffset.y == 0)
  }

  @Test("a press that becomes a drag follows the finger, and its release springs back")
  func pressThatDragsSpringsBack() {
    let (table, clock) = bouncingTable()
    table.stopScrolling()
    table.touchCancelled()  // the press left its slop: no tap
    table.beginDragging(at: 100)
    let held = table.contentOffset.y
    table.drag(to: 100)
    #expect(abs(table.contentOffset.y - held) < 1e-9, "the drag starts where the content was, no jump")
    table.endDragging(velocity: 0)
    runAnimations(table, clock)
    #expect(table.contentOffset.y == 0)
  }
}

@Suite("Touches and drags end animations the way UIScrollView does")
struct TouchEndsAnimationTests {
  @Test("a drag begun on content held past an edge is not pulled by a bounce while the finger is down")
  func dragPastEdgeHoldsStill() {
    let (table, clock) = makeBouncingTable()
    table.stopScrolling()  // a press catches the bounce
    table.beginDragging(at: 100)  // and becomes a drag
    let held = table.contentOffset.y
    #expect(held < 0, "held past the top")
    #expect(!table.isAnimating, "nothing moves the content but the finger")
    clock.advance(by: 0.3)
    table.tick()
    #expect(table.contentOffset.y == held, "no frame moves the content under the finger")
    table.endDragging(velocity: 0)
    runAnimationsToRest(table, clock)
    #expect(table.contentOffset.y == 0, "released, it springs back to the top")
  }

  @Test("a touch on an animated scroll ends it, and its completion hears false once")
  func touchInterruptsAnimatedScroll() {
    let clock = ManualClock()
    let model = TestModel(sections: [Array(repeating: 40, count: 100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200)) { $0.clock = clock }
    var heard: [Bool] = []
    table.setContentOffset(Point(x: 0, y: 1_000), animated: true) { heard.append($0) }
    clock.advance(by: 0.1)
    table.tick()
    table.touchBegan(at: Point(x: 10, y: 10))
    #expect(heard == [false])
    #expect(!table.isAnimating)
    table.touchEnded(at: Point(x: 10, y: 10))
    clock.advance(by: 1)
    table.tick()
    #expect(heard == [false])
  }

  @Test("an animated scroll asked during a drag completes with false when the drag ends")
  func dragEndInterruptsAnimation() {
    let clock = ManualClock()
    let model = TestModel(sections: [Array(repeating: 40, count: 100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200)) { $0.clock = clock }
    var heard: [Bool] = []
    table.beginDragging(at: 100)
    table.drag(to: 80)
    table.setContentOffset(Point(x: 0, y: 1_000), animated: true) { heard.append($0) }
    table.endDragging(velocity: 0)
    #expect(heard == [false], "the drag's release decides what moves next")
  }
}

@Suite("A clock that gives no finite time")
struct NonFiniteClockTests {
  final class BrokenClock: TableViewClock {
    var now: Double = 0
  }

  @Test("an animation on a clock that jumps to ∞ stops within the content, reported; ManualClock refuses the jump")
  func infiniteTimeStopsAnimation() {
    let clock = BrokenClock()
    let model = TestModel(sections: [Array(repeating: 40, count: 100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200)) { $0.clock = clock }
    var heard: [Bool] = []
    table.setContentOffset(Point(x: 0, y: 1_000), animated: true) { heard.append($0) }
    clock.now = .infinity
    #expect(table.tick() == false)
    #expect(!table.isAnimating)
    #expect(heard == [false])
    #expect(
      table.contentOffset.y >= table.minimumContentOffsetY && table.contentOffset.y <= table.maximumContentOffsetY)
    #expect(table.reportedErrors.contains { $0.kind == .invalidArgument })

    let manual = ManualClock(start: 5)
    manual.advance(by: .infinity)
    manual.advance(by: .nan)
    manual.advance(by: -3)
    #expect(manual.now == 5)
    manual.advance(by: 1e308)
    manual.advance(by: 1e308)
    #expect(manual.now == 1e308 + 5)
  }
}
