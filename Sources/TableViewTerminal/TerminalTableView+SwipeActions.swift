@_spi(Backend) import TableViewCore
import TerminalKit

// Swipe actions on a terminal: the swiped row's cell is drawn pulled aside (its presentation), and the revealed
// actions fill the strip it leaves, each a block with its title centred (destructive ones red, the others blue).
// A horizontal mouse drag on a row swipes it and a click on an action performs it (the engine's pointer router
// decides: TerminalTableView+Mouse.swift translates); a key opens the focused row's actions, then the keys choose
// one and perform it.

extension TerminalTableView {
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
}
