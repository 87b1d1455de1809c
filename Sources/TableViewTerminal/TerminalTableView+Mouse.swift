@_spi(Backend) import TableViewCore
import TerminalKit

// The mouse: the wheel scrolls with acceleration (`WheelAcceleration`), a click is a tap (the row highlights
// while the button is down and is selected when it is released over the same row), as a finger on UITableView.
// A press on gliding content stops it and selects nothing (`TapOrDrag`, the rule the GTK backend follows too).
// A drag sideways along a row swipes it (TerminalTableView+SwipeActions.swift); in edit mode a press on a row's
// editing control commits it (TerminalTableView+Editing.swift).

extension TerminalTableView {
  /// Handles a mouse event at screen coordinates. Events outside the table are ignored, except a release that
  /// ends a click begun inside.
  /// - Returns: Whether the table used the event.
  @discardableResult
  public func handleMouse(_ event: MouseEvent) -> Bool {
    let point = point(fromScreen: CellPoint(x: event.x, y: event.y))
    if pressForContextMenu(event, at: point) { return true }
    switch event.kind {
    case .scrollDown, .scrollUp:
      guard point != nil else { return false }
      let direction = event.kind == .scrollDown ? 1 : -1
      let delta = wheelAcceleration.delta(direction: direction, at: table.clock.now)
      measuringLayout { table.scroll(by: delta) }
    case .press(.left):
      guard let point else { return false }
      pressStart = nil
      swipeDrag = nil
      if pressWhileSwiped(at: point) || commitEditingControl(at: point) || beginReorderControl(at: point) {
        press.cancel()
        return true
      }
      pressStart = point
      press.slop = table.tapMoveThreshold
      let mayTap = press.press(at: point, contentIsMoving: table.isScrollAnimating)
      measuringLayout {
        table.stopScrolling()
        if mayTap { table.touchBegan(at: point) }
      }
    case .drag(.left):
      // A drag sideways swipes its row; otherwise a drag only ends the tap: a terminal scrolls with the wheel and
      // the keys, and rows a whole cell high cannot follow a pointer smoothly.
      if dragReorder(to: local(event)) || dragSwipe(to: local(event)) { return true }
      switch press.move(to: local(event)) {
      case .tapCancelled, .dragBegan: measuringLayout { table.touchCancelled() }
      case .dragged, .unchanged: break
      }
    case .release(.left), .release(nil):
      pressStart = nil
      if endReorderDrag(at: local(event)) || endDragSwipe(at: local(event)) { return true }
      switch press.release(at: local(event)) {
      case .tap(let at): measuringLayout { table.touchEnded(at: at) }
      case .drag, .nothing: measuringLayout { table.touchCancelled() }
      }
    default:
      return false
    }
    return true
  }

  /// A screen position in the table's own coordinates, also outside the table (a drag may leave it).
  private func local(_ event: MouseEvent) -> Point {
    let origin = screenOrigin
    return Point(x: Double(event.x - origin.x), y: Double(event.y - origin.y))
  }
}
