import TableViewCore
import TerminalKit

/// A one-line bar (usually the screen's last line): items on the left joined with " · ", a text on the right, the
/// left cut with "…" where the two would meet — the right text is kept whole while there is room for it.
///
///     let status = TerminalStatusBar()
///     status.frame = Rect(x: 0, y: 23, width: 80, height: 1)
///     status.items = ["1,000,000 posts", "section 3", "error: the file is locked"]
///     status.trailingText = "? keys"
open class TerminalStatusBar: TerminalView {
  /// The left items, in order.
  public var items: [String] = []
  /// The right text (empty: none).
  public var trailingText = ""
  /// How the items are joined.
  public var separator = " · "
  /// The bar's style (a dim line by default).
  public var style = Style(foreground: .brightBlack)

  /// A bar with `items`.
  public init(items: [String] = [], trailingText: String = "", frame: Rect = .zero) {
    self.items = items
    self.trailingText = trailingText
    super.init(frame: frame)
  }

  /// The items as one line, before it is cut to the width.
  public var text: String { items.joined(separator: separator) }

  open override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    let width = cellSize.width
    guard width > 0, cellSize.height > 0 else { return }
    buffer.fill(CellRect(x: origin.x, y: origin.y, width: width, height: 1).intersection(clip), style: style)
    let trailing = TextWrap.truncate(trailingText, width: width)
    let trailingWidth = trailing.displayWidth
    // One space before the items, and one between them and the right text.
    let room = width - 1 - (trailingWidth > 0 ? trailingWidth + 1 : 0)
    if room > 0 {
      buffer.write(
        TextWrap.truncate(text, width: room), x: origin.x + 1, y: origin.y, style: style, maxWidth: room, clip: clip)
    }
    if trailingWidth > 0 {
      buffer.write(
        trailing, x: origin.x + width - trailingWidth, y: origin.y, style: style, maxWidth: trailingWidth, clip: clip)
    }
  }
}
