@_spi(Backend) import TableViewCore
import TerminalKit

// Swipe actions on a terminal: the swiped row's cell is drawn pulled aside (its presentation), and the revealed
// actions fill the strip it leaves, each a block with its title centred (destructive ones red, the others blue).
// A horizontal mouse drag on a row swipes it (the engine decides on letting go: open, close, or a full swipe);
// a key opens the selected row's actions, then the keys choose one and perform it. A click on an action performs
// it; a click anywhere else closes the row.

/// A horizontal mouse drag that swipes a row: where it started, and the pointer's recent positions for the
/// speed it is let go at.
struct SwipeDrag {
  /// The column (the table's coordinates) the drag started from.
  var startX: Double
  /// The pointer's speed.
  var tracker = VelocityTracker()
}

extension TerminalTableView {
  /// How far (columns) a press must move sideways, staying on its line, to swipe its row.
  static let swipeSlop = 2.0

  /// A destructive action's block.
  public static let destructiveActionStyle = Style(foreground: .brightWhite, background: .red, attributes: .bold)
  /// An ordinary action's block.
  public static let normalActionStyle = Style(foreground: .brightWhite, background: .blue, attributes: .bold)

  // MARK: Drawing

  /// Draws one revealed action of the swiped row (an item of the draw list): a block filling `frame`, its
  /// title centred on the row's middle line; the action the keys chose is underlined and reversed.
  func drawSwipeAction(
    _ action: ContextualAction, index: Int, frame: Rect, into buffer: inout ScreenBuffer, origin: CellPoint,
    clip: CellRect
  ) {
    let offset = table.contentOffset
    let minX = TerminalView.cells(frame.minX - offset.x)
    let maxX = TerminalView.cells(frame.maxX - offset.x)
    let minY = TerminalView.cells(frame.minY - offset.y)
    let maxY = TerminalView.cells(frame.maxY - offset.y)
    let block = CellRect(x: origin.x + minX, y: origin.y + minY, width: maxX - minX, height: maxY - minY)
    guard block.width > 0, block.height > 0 else { return }
    var style = action.style == .destructive ? Self.destructiveActionStyle : Self.normalActionStyle
    if index == focusedSwipeAction { style = style.adding([.reverse, .underline]) }
    buffer.fill(block, style: style, clip: clip)
    let title = TextWrap.truncate(action.title ?? "", width: max(0, block.width - 2))
    let x = block.x + (block.width - title.displayWidth) / 2
    buffer.write(title, x: x, y: block.y + (block.height - 1) / 2, style: style, maxWidth: block.maxX - x, clip: clip)
  }

  // MARK: Keys

  /// The keys of a row swiped open, and the keys that open one:
  ///
  /// - s or ←: open the selected row's trailing actions; →: its leading actions
  /// - while a row is open: ←/→ or Tab/Shift-Tab choose an action, Enter performs it, Esc closes the row
  ///
  /// - Returns: Whether the key was used.
  func handleSwipeKey(_ event: KeyEvent) -> Bool {
    guard event.modifiers.isEmpty || event.key == .backTab else { return false }
    guard table.swipedRow != nil, table.swipeOffset != 0 else {
      switch event.key {
      case .character("s"), .left: return openSelectedRow(trailing: true)
      case .right: return openSelectedRow(trailing: false)
      default: return false
      }
    }
    let count = table.revealedSwipeActions.count
    let trailing = table.swipeOffset < 0
    let current = focusedSwipeAction ?? 0
    switch event.key {
    // Trailing actions run from the right edge leftwards, leading ones from the left edge rightwards.
    case .left, .right:
      let outward = (event.key == .left) == trailing
      focusedSwipeAction = min(max(0, current + (outward ? 1 : -1)), max(0, count - 1))
    case .tab: focusedSwipeAction = count > 0 ? (current + 1) % count : nil
    case .backTab: focusedSwipeAction = count > 0 ? (current + count - 1) % count : nil
    case .enter: measuringLayout { table.performSwipeAction(current) }
    case .escape: closeSwipe()
    case .character("s"): closeSwipe()
    default: return false
    }
    return true
  }

  /// Opens the focused (else the selected) row on its trailing (or leading) actions, as a swipe that stops there, the first action
  /// chosen.
  func openSelectedRow(trailing: Bool) -> Bool {
    guard let row = table.commandRow, !table.isEditing else { return false }
    var opened = false
    measuringLayout {
      guard table.beginSwipe(at: row) else { return }
      // A point's pull shows which actions the side has, and so how wide they are together.
      let sign = trailing ? -1.0 : 1.0
      table.updateSwipe(translation: sign)
      let width = table.revealedSwipeActions.reduce(0) { $0 + ($1.action.preferredWidth ?? table.swipeActionWidth) }
      guard width > 0 else {
        table.updateSwipe(translation: 0)
        table.endSwipe(velocity: 0)
        return
      }
      // Pulled by the actions' width (never as far as a full swipe): letting go opens the row on them.
      table.updateSwipe(translation: sign * min(width, 0.55 * table.viewportSize.width))
      table.endSwipe(velocity: 0)
      opened = true
    }
    focusedSwipeAction = opened ? 0 : nil
    return opened
  }

  /// Closes the swiped row, sliding back.
  func closeSwipe() {
    focusedSwipeAction = nil
    measuringLayout { table.closeSwipe(animated: true) }
  }

  // MARK: The mouse

  /// A press while a row is swiped open: on one of its actions it performs it; anywhere else it closes the row.
  /// - Returns: Whether the press was taken (a row was open).
  func pressWhileSwiped(at point: Point) -> Bool {
    guard table.swipedRow != nil else { return false }
    let offset = table.contentOffset
    let content = Point(x: point.x + offset.x, y: point.y + offset.y)
    let hit = table.revealedSwipeActions.firstIndex { revealed in
      let frame = revealed.frame
      return content.x >= frame.minX && content.x < frame.maxX && content.y >= frame.minY && content.y < frame.maxY
    }
    if let hit {
      measuringLayout { table.performSwipeAction(hit) }
    } else {
      closeSwipe()
    }
    return true
  }

  /// The pointer moved to `point` with the left button held: a drag that left its press sideways, on its own
  /// line, swipes the row it started on; a swipe under way follows the pointer.
  /// - Returns: Whether the drag is a swipe.
  func dragSwipe(to point: Point) -> Bool {
    let now = table.clock.now
    if var drag = swipeDrag {
      drag.tracker.add(position: point.x, at: now)
      swipeDrag = drag
      measuringLayout { table.updateSwipe(translation: point.x - drag.startX) }
      return true
    }
    guard let start = pressStart, abs(point.x - start.x) >= Self.swipeSlop, abs(point.y - start.y) < 1 else {
      return false
    }
    guard let row = table.indexPathForTouch(at: start) else { return false }
    var began = false
    measuringLayout {
      guard table.beginSwipe(at: row) else { return }
      table.touchCancelled()
      table.updateSwipe(translation: point.x - start.x)
      began = true
    }
    guard began else { return false }
    press.cancel()
    focusedSwipeAction = nil
    var drag = SwipeDrag(startX: start.x)
    drag.tracker.add(position: start.x, at: now)
    drag.tracker.add(position: point.x, at: now)
    swipeDrag = drag
    return true
  }

  /// The button went up: a swipe under way ends at the pointer's speed.
  /// - Returns: Whether a swipe was under way.
  func endDragSwipe(at point: Point) -> Bool {
    guard var drag = swipeDrag else { return false }
    swipeDrag = nil
    let now = table.clock.now
    drag.tracker.add(position: point.x, at: now)
    measuringLayout {
      table.updateSwipe(translation: point.x - drag.startX)
      table.endSwipe(velocity: drag.tracker.velocity(at: now))
    }
    return true
  }
}
