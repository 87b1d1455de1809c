import TableViewTerminal
import TerminalKit

/// The `?` box: every key the current screen and the app understand, centred over the screen. Plain (for
/// screen readers), it has no box-drawing border: a title line, the keys, and a closing line.
struct HelpOverlay {
  /// (keys, what they do), in order.
  let entries: [(keys: String, action: String)]
  /// Whether to draw without box-drawing characters.
  var plain = false

  /// Draws the box centred in `rect`.
  func draw(into buffer: inout ScreenBuffer, in rect: CellRect) {
    let keysWidth = entries.map(\.keys.displayWidth).max() ?? 0
    let actionWidth = entries.map(\.action.displayWidth).max() ?? 0
    let title = " Keys "
    let footer = " any key closes "
    let inner = min(rect.width - 4, max(keysWidth + 3 + actionWidth, title.displayWidth + 2, footer.displayWidth + 2))
    let height = min(rect.height, entries.count + 2)
    guard inner > 4, height > 2 else { return }
    let x = rect.x + (rect.width - inner - 2) / 2
    let y = rect.y + (rect.height - height) / 2
    let box = CellRect(x: x, y: y, width: inner + 2, height: height)
    buffer.fill(box, style: .plain)
    if plain {
      buffer.write(title, x: x + 1, y: y, style: Style(attributes: .bold), maxWidth: inner)
      buffer.write(footer, x: x + 1, y: y + height - 1, style: .plain, maxWidth: inner)
    } else {
      drawBorder(into: &buffer, x: x, y: y, inner: inner, height: height, title: title, footer: footer)
    }
    for (row, entry) in entries.prefix(height - 2).enumerated() {
      let line = y + 1 + row
      buffer.write(" " + entry.keys, x: x + 1, y: line, style: Style(attributes: .bold), maxWidth: inner)
      buffer.write(entry.action, x: x + 3 + keysWidth, y: line, style: .plain, maxWidth: max(0, inner - keysWidth - 2))
    }
  }

  /// The box's border, the title in its top edge and the footer in its bottom edge.
  private func drawBorder(
    into buffer: inout ScreenBuffer, x: Int, y: Int, inner: Int, height: Int, title: String, footer: String
  ) {
    let border = Style(foreground: .cyan)
    buffer.write(
      "┌" + title + String(repeating: "─", count: max(0, inner - title.displayWidth)) + "┐", x: x, y: y, style: border)
    let bottom = String(repeating: "─", count: max(0, inner - footer.displayWidth)) + footer
    buffer.write("└" + bottom + "┘", x: x, y: y + height - 1, style: border)
    for line in (y + 1)..<(y + height - 1) {
      buffer.write("│", x: x, y: line, style: border)
      buffer.write("│", x: x + inner + 1, y: line, style: border)
    }
  }
}
