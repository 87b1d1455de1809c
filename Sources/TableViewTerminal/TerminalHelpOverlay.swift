import TableViewCore
import TerminalKit

/// The keys an app understands, in a box centred over its frame (usually the whole screen, shown on `?`): each key
/// in bold beside what it does, a title in the top edge and "any key closes" in the bottom one. With
/// `drawsDecorations` off (a screen reader's plain interface) it has no box-drawing border.
///
///     let help = TerminalHelpOverlay(entries: [("↑ ↓", "move"), ("Enter", "open"), ("q", "quit")])
///     help.frame = root.frame
///     help.isHidden = true
///     root.addSubview(help)                  // last: drawn over the rest
///     // on "?": help.isHidden = false; on any key while shown: help.isHidden = true
open class TerminalHelpOverlay: TerminalView {
  /// The keys and what they do, in order.
  public var entries: [(keys: String, action: String)]
  /// The title in the top edge.
  public var title = "Keys"
  /// The line in the bottom edge.
  public var footer = "any key closes"
  /// The border's style.
  public var borderStyle = Style(foreground: .cyan)

  /// An overlay listing `entries`.
  public init(entries: [(keys: String, action: String)], frame: Rect = .zero) {
    self.entries = entries
    super.init(frame: frame)
  }

  /// The box's rectangle in the overlay's own cells, `nil` when the frame is too small for a box.
  public var boxRect: CellRect? {
    let keysWidth = entries.map(\.keys.displayWidth).max() ?? 0
    let actionWidth = entries.map(\.action.displayWidth).max() ?? 0
    let size = cellSize
    let inner = min(
      size.width - 4, max(keysWidth + 3 + actionWidth, title.displayWidth + 4, footer.displayWidth + 4))
    let height = min(size.height, entries.count + 2)
    guard inner > 4, height > 2 else { return nil }
    return CellRect(x: (size.width - inner - 2) / 2, y: (size.height - height) / 2, width: inner + 2, height: height)
  }

  open override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    guard let box = boxRect else { return }
    let x = origin.x + box.x
    let y = origin.y + box.y
    let inner = box.width - 2
    let height = box.height
    buffer.fill(CellRect(x: x, y: y, width: box.width, height: height).intersection(clip), style: .plain)
    let top = " \(title) "
    let bottom = " \(footer) "
    if drawsDecorations {
      let rule = { (count: Int) in String(repeating: "─", count: max(0, count)) }
      buffer.write("┌" + top + rule(inner - top.displayWidth) + "┐", x: x, y: y, style: borderStyle, clip: clip)
      buffer.write(
        "└" + rule(inner - bottom.displayWidth) + bottom + "┘", x: x, y: y + height - 1, style: borderStyle, clip: clip)
      for line in (y + 1)..<(y + height - 1) {
        buffer.write("│", x: x, y: line, style: borderStyle, clip: clip)
        buffer.write("│", x: x + inner + 1, y: line, style: borderStyle, clip: clip)
      }
    } else {
      buffer.write(top, x: x + 1, y: y, style: Style(attributes: .bold), maxWidth: inner, clip: clip)
      buffer.write(bottom, x: x + 1, y: y + height - 1, style: .plain, maxWidth: inner, clip: clip)
    }
    let keysWidth = entries.map(\.keys.displayWidth).max() ?? 0
    for (row, entry) in entries.prefix(height - 2).enumerated() {
      let line = y + 1 + row
      buffer.write(" " + entry.keys, x: x + 1, y: line, style: Style(attributes: .bold), maxWidth: inner, clip: clip)
      buffer.write(
        entry.action, x: x + 3 + keysWidth, y: line, style: .plain, maxWidth: max(0, inner - keysWidth - 2),
        clip: clip)
    }
  }
}
