import TableViewCore
import Testing

@Suite("A press on content springing back from an edge")
struct PressDuringBounceTests {
  /// A table pulled 60 points past its top and let go, a tenth of a second into the spring back.
  func bouncingTable() -> (TableView, ManualClock) {
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

  func runAnimations(_ table: TableView, _ clock: ManualClock) {
    var frames = 0
    while table.isAnimating && frames < 1_000 {
      clock.advance(by: 1.0 / 60)
      table.tick()
      frames += 1
    }
  }

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
