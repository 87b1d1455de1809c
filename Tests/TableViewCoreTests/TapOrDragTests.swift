@_spi(Backend) import TableViewCore
import Testing

/// A press is a tap or a drag by how far it moves; a press that catches moving content never
/// selects.
@Suite("TapOrDrag")
struct TapOrDragTests {
  /// What one press said at each step: whether it may be a tap, what each move changed, and what the
  /// release means.
  struct Played {
    var mayTap: Bool
    var moves: [TapOrDrag.Move]
    var release: TapOrDrag.Release
  }

  /// Plays a press with `rule`: down at the first point, moved through the others, released at the
  /// last one.
  func play(_ points: [(Double, Double)], onMovingContent: Bool = false, rule: inout TapOrDrag) -> Played {
    let path = points.map { Point(x: $0.0, y: $0.1) }
    let mayTap = rule.press(at: path[0], contentIsMoving: onMovingContent)
    let moves = path.dropFirst().map { rule.move(to: $0) }
    return Played(mayTap: mayTap, moves: moves, release: rule.release(at: path[path.count - 1]))
  }

  /// Plays a press with a fresh rule whose slop is 10.
  func play(_ points: [(Double, Double)], onMovingContent: Bool = false) -> Played {
    var rule = TapOrDrag(slop: 10)
    return play(points, onMovingContent: onMovingContent, rule: &rule)
  }

  @Test("a press released where it went down is a tap at the release point")
  func tap() {
    let press = play([(5, 40)])
    #expect(press.mayTap)
    #expect(press.release == .tap(Point(x: 5, y: 40)))
  }

  @Test("a wobble within the slop is still a tap, at the release point")
  func wobble() {
    let press = play([(5, 40), (9, 46), (3, 33)])
    #expect(press.moves == [.unchanged, .unchanged])
    #expect(press.release == .tap(Point(x: 3, y: 33)))
  }

  @Test("moving the slop down starts a drag from where it crossed the slop, so nothing jumps")
  func dragDown() {
    let press = play([(5, 40), (5, 55), (5, 90), (5, 40)])
    #expect(press.moves == [.dragBegan(anchorY: 50), .dragged, .dragged], "back within the slop: still a drag")
    #expect(press.release == .drag)
  }

  @Test("a drag upwards anchors above the press")
  func dragUp() {
    let press = play([(5, 40), (5, 12)])
    #expect(press.moves == [.dragBegan(anchorY: 30)])
  }

  @Test("moving sideways beyond the slop ends the tap without a drag, even back over the row")
  func sideways() {
    let press = play([(5, 40), (20, 42), (30, 44), (5, 40)])
    #expect(press.moves == [.tapCancelled, .unchanged, .unchanged])
    #expect(press.release == .nothing)
  }

  @Test("a press that moved sideways still becomes a drag when it moves the slop vertically")
  func sidewaysThenDrag() {
    let press = play([(5, 40), (20, 42), (20, 60)])
    #expect(press.moves == [.tapCancelled, .dragBegan(anchorY: 50)])
    #expect(press.release == .drag)
  }

  @Test("a press on gliding content highlights nothing and its release selects nothing")
  func caughtMovingContent() {
    var rule = TapOrDrag(slop: 10)
    let caught = play([(5, 40)], onMovingContent: true, rule: &rule)
    #expect(!caught.mayTap)
    #expect(caught.release == .nothing)
    let next = play([(5, 40)], rule: &rule)
    #expect(next.release == .tap(Point(x: 5, y: 40)), "on content at rest the next press is a tap again")
  }

  @Test("a press that caught gliding content can still drag it")
  func caughtThenDragged() {
    let press = play([(5, 40), (5, 70)], onMovingContent: true)
    #expect(press.moves == [.dragBegan(anchorY: 50)])
    #expect(press.release == .drag)
  }

  @Test("a cancelled press, or moves and a release with no press, do nothing")
  func cancelled() {
    var rule = TapOrDrag(slop: 10)
    let stray = rule.move(to: Point(x: 5, y: 400))
    #expect(stray == .unchanged)
    rule.press(at: Point(x: 5, y: 40), contentIsMoving: false)
    rule.cancel()
    #expect(rule.phase == .idle)
    let release = rule.release(at: Point(x: 5, y: 40))
    #expect(release == .nothing)
  }
}
