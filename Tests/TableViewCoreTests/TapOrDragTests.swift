import TableViewCore
import Testing

/// A press is a tap or a drag by how far it moves; a press that catches moving content never
/// selects.
@Suite("TapOrDrag")
struct TapOrDragTests {
  @Test("a press released where it went down is a tap at the release point")
  func tap() {
    var press = TapOrDrag(slop: 10)
    let result1 = press.press(at: Point(x: 5, y: 40), contentIsMoving: false)
    #expect(result1)
    let result2 = press.release(at: Point(x: 5, y: 40))
    #expect(result2 == .tap(Point(x: 5, y: 40)))
    #expect(press.phase == .idle)
  }

  @Test("a wobble within the slop is still a tap")
  func wobble() {
    var press = TapOrDrag(slop: 10)
    press.press(at: Point(x: 5, y: 40), contentIsMoving: false)
    let result3 = press.move(to: Point(x: 9, y: 46))
    #expect(result3 == .unchanged)
    let result4 = press.move(to: Point(x: 3, y: 33))
    #expect(result4 == .unchanged)
    let result5 = press.release(at: Point(x: 3, y: 33))
    #expect(result5 == .tap(Point(x: 3, y: 33)))
  }

  @Test("moving the slop vertically starts a drag from where it crossed the slop, so nothing jumps")
  func dragDown() {
    var press = TapOrDrag(slop: 10)
    press.press(at: Point(x: 5, y: 40), contentIsMoving: false)
    let result6 = press.move(to: Point(x: 5, y: 55))
    #expect(result6 == .dragBegan(anchorY: 50))
    let result7 = press.move(to: Point(x: 5, y: 90))
    #expect(result7 == .dragged)
    let result8 = press.move(to: Point(x: 5, y: 40))
    #expect(result8 == .dragged, "back within the slop: still a drag")
    let result9 = press.release(at: Point(x: 5, y: 40))
    #expect(result9 == .drag)
  }

  @Test("a drag upwards anchors above the press")
  func dragUp() {
    var press = TapOrDrag(slop: 10)
    press.press(at: Point(x: 5, y: 40), contentIsMoving: false)
    let result10 = press.move(to: Point(x: 5, y: 12))
    #expect(result10 == .dragBegan(anchorY: 30))
  }

  @Test("moving sideways beyond the slop ends the tap without a drag; moving on vertically then drags")
  func sideways() {
    var press = TapOrDrag(slop: 10)
    press.press(at: Point(x: 5, y: 40), contentIsMoving: false)
    let result11 = press.move(to: Point(x: 20, y: 42))
    #expect(result11 == .tapCancelled)
    #expect(press.phase == .movedAway)
    let result12 = press.move(to: Point(x: 30, y: 44))
    #expect(result12 == .unchanged)
    let result13 = press.release(at: Point(x: 5, y: 40))
    #expect(result13 == .nothing, "back over the row: no tap")

    press.press(at: Point(x: 5, y: 40), contentIsMoving: false)
    _ = press.move(to: Point(x: 20, y: 42))
    let result14 = press.move(to: Point(x: 20, y: 60))
    #expect(result14 == .dragBegan(anchorY: 50))
    let result15 = press.release(at: Point(x: 20, y: 60))
    #expect(result15 == .drag)
  }

  @Test("a press on gliding content highlights nothing and its release selects nothing")
  func caughtMovingContent() {
    var press = TapOrDrag(slop: 10)
    let result16 = press.press(at: Point(x: 5, y: 40), contentIsMoving: true)
    #expect(!result16)
    #expect(press.caughtMovingContent)
    let result17 = press.release(at: Point(x: 5, y: 40))
    #expect(result17 == .nothing)
    // The next press on resting content is a tap again.
    let result18 = press.press(at: Point(x: 5, y: 40), contentIsMoving: false)
    #expect(result18)
    let result19 = press.release(at: Point(x: 5, y: 40))
    #expect(result19 == .tap(Point(x: 5, y: 40)))
  }

  @Test("a press that caught gliding content can still drag it")
  func caughtThenDragged() {
    var press = TapOrDrag(slop: 10)
    press.press(at: Point(x: 5, y: 40), contentIsMoving: true)
    let result20 = press.move(to: Point(x: 5, y: 70))
    #expect(result20 == .dragBegan(anchorY: 50))
    let result21 = press.release(at: Point(x: 5, y: 70))
    #expect(result21 == .drag)
  }

  @Test("a cancelled press, or a release with no press, does nothing")
  func cancelled() {
    var press = TapOrDrag(slop: 10)
    let result22 = press.move(to: Point(x: 5, y: 400))
    #expect(result22 == .unchanged)
    let result23 = press.release(at: Point(x: 5, y: 40))
    #expect(result23 == .nothing)
    press.press(at: Point(x: 5, y: 40), contentIsMoving: false)
    press.cancel()
    #expect(press.phase == .idle)
    let result24 = press.release(at: Point(x: 5, y: 40))
    #expect(result24 == .nothing)
  }
}
