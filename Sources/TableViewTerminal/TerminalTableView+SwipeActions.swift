@_spi(Backend) import TableViewCore
import TerminalKit

// Swipe actions on a terminal: the swiped row's cell is drawn pulled aside (its presentation), and the revealed
// actions fill the strip it leaves, each a block with its title centred (destructive ones red, the others blue).
// A horizontal mouse drag on a row swipes it and a click on an action performs it (the engine's pointer router
// decides: TerminalTableView+Mouse.swift translates); a key opens the focused row's actions, then the keys choose
// one and perform it (the engine's swipe commands: TerminalTableView+Keyboard.swift maps the keys).

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
    if index == table.focusedSwipeAction { style = style.adding([.reverse, .underline]) }
    buffer.fill(block, style: style, clip: clip)
    let title = TextWrap.truncate(action.title ?? "", width: max(0, block.width - 2))
    let x = block.x + (block.width - title.displayWidth) / 2
    buffer.write(title, x: x, y: block.y + (block.height - 1) / 2, style: style, maxWidth: block.maxX - x, clip: clip)
  }
}
