import DemoData
import TableViewCore
import TableViewTerminal
import TerminalKit

/// One message of the chat, self-sized: the author and time over the text wrapped to the width (CJK two cells a
/// character), a blank line below. Other people's messages sit on the left; the user's own sit on the right in
/// another colour, with the room on the left kept empty, as a chat app draws bubbles. A banner line ("Unread
/// messages") can go above the message.
final class ChatMessageCell: TerminalView, ReusableView {
  var reuseIdentifier: String?
  /// "李雷 · 09:41".
  let titleLabel = TerminalLabel()
  /// The message's text, wrapped.
  let bodyLabel = TerminalLabel(numberOfLines: 0)
  /// Whether the message is the user's own (drawn on the right).
  private(set) var isMine = false
  /// A line drawn above the message, centred between rules; `nil` for none.
  private(set) var banner: String?

  /// The columns kept clear at each side (the right one also keeps the table's scroll indicator off the text).
  static let margin = 2

  /// Shows `message`, with `banner` above it.
  func configure(with message: ChatMessage, banner: String? = nil) {
    isMine = message.isMine
    self.banner = banner
    titleLabel.text = message.title
    bodyLabel.text = message.text
    titleLabel.style = Style(foreground: isMine ? .green : .yellow, attributes: .bold)
    bodyLabel.style = isMine ? Style(foreground: .cyan) : .plain
    titleLabel.alignment = isMine ? .right : .left
    setNeedsLayout()
  }

  /// Shows a message still on its way from the database: a dim "…" over "loading".
  func configureAsPlaceholder() {
    isMine = false
    banner = nil
    titleLabel.text = "…"
    bodyLabel.text = "loading"
    titleLabel.style = Style(foreground: .brightBlack)
    bodyLabel.style = Style(foreground: .brightBlack, attributes: .italic)
    titleLabel.alignment = .left
    setNeedsLayout()
  }

  // MARK: Layout

  /// Where the labels go in a cell `width` cells wide, and the rows that takes.
  struct Layout: Equatable {
    var title: CellRect
    var body: CellRect
    var height: Int
  }

  /// The layout at `width`: the text wraps in the width less the margins and a quarter kept empty on the side
  /// away from the author; the user's own text starts where its widest line (or the title) ends at the right.
  func layout(forWidth width: Int) -> Layout {
    let inner = max(1, width - 2 * Self.margin)
    let room = max(1, inner - min(10, inner / 4))
    let lines = bodyLabel.lines(forWidth: room)
    let textWidth = min(room, max(titleLabel.text.displayWidth, lines.map(\.displayWidth).max() ?? 0))
    let top = banner == nil ? 0 : 1
    let left = Self.margin
    let right = Self.margin + inner
    let title = CellRect(x: isMine ? right - room : left, y: top, width: room, height: 1)
    let body = CellRect(x: isMine ? right - textWidth : left, y: top + 1, width: room, height: lines.count)
    return Layout(title: title, body: body, height: top + 1 + lines.count + 1)
  }

  override func sizeThatFits(width: Double) -> Double {
    Double(layout(forWidth: TerminalView.cells(width)).height)
  }

  override func layoutSubviews() {
    let layout = layout(forWidth: cellSize.width)
    titleLabel.frame = Rect(layout.title)
    bodyLabel.frame = Rect(layout.body)
  }

  // MARK: Drawing

  override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    guard let banner else { return }
    let width = cellSize.width
    let label = " \(banner) "
    let rule = max(0, width - 2 * Self.margin - label.displayWidth)
    let dash = drawsDecorations ? "─" : " "
    let line = String(repeating: dash, count: rule / 2) + label + String(repeating: dash, count: rule - rule / 2)
    buffer.write(
      line, x: origin.x + Self.margin, y: origin.y, style: Style(foreground: .red, attributes: .bold),
      maxWidth: width - 2 * Self.margin, clip: clip)
  }

  /// The sender and the message, for screen readers.
  override var accessibilityLabel: String? {
    get {
      super.accessibilityLabel ?? [titleLabel.text, bodyLabel.text].filter { !$0.isEmpty }.joined(separator: ": ")
    }
    set { super.accessibilityLabel = newValue }
  }

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    addSubview(titleLabel)
    addSubview(bodyLabel)
  }
}
