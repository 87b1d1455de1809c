@_spi(Backend) import TableViewCore
import TerminalKit

// The mouse, translated: the wheel scrolls with acceleration (`WheelAcceleration`); the buttons become the engine's
// pointer events (`TableView.handlePointer(_:)`), and the engine's pointer router decides what they mean — a tap
// selects (the row highlights while the button is down), a sideways drag swipes the row, in edit mode a press on a
// control commits it or picks the row up, a right click opens the row's menu, a press on gliding content only stops
// it — the same rules as every backend. This file only translates, and shows the menu when told to.

extension TerminalTableView {
  /// How far (columns) a press must move sideways, more than up or down, to swipe its row.
  static let swipeSlop = 2.0

  /// The engine's pointer measures on a terminal: a swipe starts two columns sideways, a drag does not scroll (the
  /// wheel and the keys do; rows a whole line high cannot follow a pointer smoothly), and no long press (a
  /// terminal reports no time passing with the button down).
  static let pointerConfiguration = PointerRouter.Configuration(
    swipeSlop: swipeSlop, longPressDuration: nil, dragScrolls: false)

  /// Handles a mouse event at screen coordinates. Events outside the table are ignored, except a release or a
  /// drag that goes on with a press begun inside.
  /// - Returns: Whether the table used the event.
  @discardableResult
  public func handleMouse(_ event: MouseEvent) -> Bool {
    let inside = point(fromScreen: CellPoint(x: event.x, y: event.y)) != nil
    let location = local(event)
    let phase: PointerEvent.Phase
    var button = PointerEvent.Button.primary
    switch event.kind {
    case .scrollDown, .scrollUp:
      guard inside else { return false }
      // An open menu keeps the content still.
      guard contextMenu == nil else { return true }
      let delta = wheelAcceleration.delta(direction: event.kind == .scrollDown ? 1 : -1, at: table.clock.now)
      measuringLayout { table.scroll(by: delta) }
      return true
    case .press(.left):
      guard inside else { return false }
      // The section index is drawn over the rows' right edge: a click on a title jumps to its section.
      if contextMenu == nil, let title = sectionIndexTitle(at: Int(location.x), Int(location.y)) {
        measuringLayout { table.scrollToSectionIndexTitle(at: title) }
        return true
      }
      phase = .began
    case .press(.right):
      guard inside || contextMenu != nil else { return false }
      (phase, button) = (.began, .secondary)
    case .drag(.left): phase = .moved
    case .release(.left), .release(nil): phase = .ended
    default: return contextMenu != nil
    }
    var action = PointerAction.none
    measuringLayout {
      action = table.handlePointer(PointerEvent(phase, button, at: location, time: table.clock.now))
    }
    switch action {
    case .pressInContextMenu(let at):
      pressInContextMenu(at: at)
    case .openContextMenu(let row, let at):
      showContextMenu(forRowAt: row, at: CellPoint(x: Int(at.x), y: Int(at.y) + 1))
    default:
      break
    }
    return true
  }

  /// A screen position in the table's own coordinates, also outside the table (a drag may leave it).
  private func local(_ event: MouseEvent) -> Point {
    let origin = screenOrigin
    return Point(x: Double(event.x - origin.x), y: Double(event.y - origin.y))
  }
}
