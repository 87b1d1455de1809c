import TableViewCore
import TerminalKit

// The mouse: the wheel scrolls with acceleration, a click is a tap (the row highlights while the button is
// down and is selected when it is released over the same row), as a finger on UITableView.

extension TerminalTableView {
  /// Handles a mouse event at screen coordinates. Events outside the table are ignored, except a release that
  /// ends a click begun inside.
  /// - Returns: Whether the table used the event.
  @discardableResult
  public func handleMouse(_ event: MouseEvent) -> Bool {
    let point = point(fromScreen: event.x, event.y)
    switch event.kind {
    case .scrollDown, .scrollUp:
      guard point != nil else { return false }
      let direction = event.kind == .scrollDown ? 1 : -1
      let delta = wheelAcceleration.delta(direction: direction, at: table.clock.now)
      measuringLayout { table.scroll(by: delta) }
    case .press(.left):
      guard let point else { return false }
      measuringLayout { table.touchBegan(at: point) }
    case .drag(.left):
      let origin = screenOrigin
      let local = Point(x: Double(event.x - origin.x), y: Double(event.y - origin.y))
      measuringLayout { table.touchMoved(to: local) }
    case .release(.left), .release(nil):
      let origin = screenOrigin
      let local = Point(x: Double(event.x - origin.x), y: Double(event.y - origin.y))
      measuringLayout { table.touchEnded(at: local) }
    default:
      return false
    }
    return true
  }
}
