/// One press of a finger or a mouse button on scrolling content, from press to release: a tap
/// (it selects the row under it) or a drag (the content follows), told apart by how far it moves,
/// as UIKit's touch slop.
///
/// A press on content that is still moving (a fling gliding, an animated scroll) only catches it:
/// the backend stops the content, and the release selects nothing, as on iOS, where the first touch
/// on a gliding list never opens a row the user could not aim at. That press may still become a
/// drag.
///
///     var press = TapOrDrag(slop: table.tapMoveThreshold)
///     if press.press(at: point, contentIsMoving: table.isAnimating) { table.touchBegan(at: point) }
///     table.stopScrolling()
///     switch press.move(to: next) {
///     case .dragBegan(let y): table.touchCancelled(); table.beginDragging(at: y); table.drag(to: next.y)
///     case .dragged: table.drag(to: next.y)
///     case .tapCancelled: table.touchCancelled()
///     case .unchanged: break
///     }
///     switch press.release(at: end) {
///     case .tap(let point): table.touchEnded(at: point)
///     case .drag: table.endDragging(velocity: -tracker.velocity(at: now))
///     case .nothing: table.touchCancelled()
///     }
///
/// Vertical movement decides the drag (the table scrolls vertically); movement in any direction
/// beyond the slop ends the tap.
@_spi(Backend) public struct TapOrDrag: Sendable, Equatable {
  /// Where the press is between press and release.
  public enum Phase: Sendable, Equatable {
    /// No press.
    case idle
    /// Down, within the slop of where it went down.
    case pressed
    /// Moved beyond the slop, but not vertically: no tap, no drag.
    case movedAway
    /// Moved vertically beyond the slop: the content follows.
    case dragging
  }

  /// What a move changed.
  public enum Move: Sendable, Equatable {
    /// Nothing changed: still within the slop, already moved away sideways, or no press is on.
    case unchanged
    /// The press just left the slop sideways: it is no longer a tap (the row's highlight goes).
    case tapCancelled
    /// The press just became a drag. The content follows from `anchorY`, the point where the press
    /// crossed the slop, so the slop itself is not a jump (UIKit subtracts its hysteresis the same
    /// way); the movement beyond it is followed at once.
    case dragBegan(anchorY: Double)
    /// A drag goes on.
    case dragged
  }

  /// What the release means.
  public enum Release: Sendable, Equatable {
    /// A tap at this point: select the row under it.
    case tap(Point)
    /// The end of a drag: the content glides on at the pointer's speed.
    case drag
    /// Nothing: the press caught moving content, moved away, or there was no press.
    case nothing
  }

  /// How far (points) a press may move and still be a tap.
  public var slop: Double
  /// Where the press is.
  public private(set) var phase: Phase = .idle
  /// Where it went down.
  public private(set) var start: Point = .zero
  /// Whether the press went down on moving content (and so is never a tap).
  public private(set) var caughtMovingContent = false

  /// A rule with no press on.
  ///
  /// - Parameter slop: How far (points) a press may move and still be a tap.
  public init(slop: Double = 10) {
    self.slop = slop
  }

  /// The button or finger went down at `point`.
  ///
  /// - Parameters:
  ///   - point: Where, in the table's own coordinates.
  ///   - contentIsMoving: Whether the content was gliding or animating (the backend stops it).
  /// - Returns: Whether the press may be a tap, so that its row is highlighted: `false` on moving
  ///   content.
  @discardableResult
  public mutating func press(at point: Point, contentIsMoving: Bool) -> Bool {
    phase = .pressed
    start = point
    caughtMovingContent = contentIsMoving
    return !contentIsMoving
  }

  /// The press moved to `point`.
  public mutating func move(to point: Point) -> Move {
    let dx = point.x - start.x
    let dy = point.y - start.y
    switch phase {
    case .idle:
      return .unchanged
    case .dragging:
      return .dragged
    case .pressed, .movedAway:
      if abs(dy) >= slop {
        phase = .dragging
        return .dragBegan(anchorY: start.y + (dy < 0 ? -slop : slop))
      }
      if phase == .pressed, dx * dx + dy * dy > slop * slop {
        phase = .movedAway
        return .tapCancelled
      }
      return .unchanged
    }
  }

  /// The press ended at `point`; the rule is ready for the next press.
  public mutating func release(at point: Point) -> Release {
    defer { cancel() }
    switch phase {
    case .dragging: return .drag
    case .pressed where !caughtMovingContent: return .tap(point)
    default: return .nothing
    }
  }

  /// The press was taken away (a grab elsewhere): nothing happens on release.
  public mutating func cancel() {
    phase = .idle
    caughtMovingContent = false
  }
}
