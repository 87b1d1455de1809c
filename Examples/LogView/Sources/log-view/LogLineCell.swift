import TableViewCore
import TableViewTerminal
import TerminalKit

/// A line of the log: its number in a gutter on the left (dim), its text wrapped in the rest, the filter's matches
/// highlighted.
final class LogLineCell: TerminalTableViewCell {
  /// The line's number, 1-based, as shown.
  var lineNumber = 0
  /// The columns the number takes (right-aligned in them).
  var gutterDigits = 4 {
    didSet {
      if gutterDigits != oldValue { layoutMargins.left = Double(Self.gutterWidth(digits: gutterDigits)) }
    }
  }
  static let gutterStyle = Style(foreground: .brightBlack)
  static let matchStyle = Style(foreground: .black, background: .yellow)

  init() {
    super.init(style: .default, reuseIdentifier: "line")
    textLabel.numberOfLines = 0
    layoutMargins = EdgeInsets(top: 0, left: Double(Self.gutterWidth(digits: gutterDigits)), bottom: 0, right: 1)
  }

  /// The selection mark's column, the digits, and a space.
  static func gutterWidth(digits: Int) -> Int { digits + 2 }

  /// Shows `text`, its occurrences of `highlight` (when not empty) in the match style.
  func show(_ text: String, line: Int, highlighting highlight: String) {
    lineNumber = line + 1
    guard !highlight.isEmpty, text.contains(highlight) else {
      textLabel.attributedText = nil
      textLabel.text = text
      return
    }
    var styled = StyledText()
    var rest = Substring(text)
    while let range = rest.firstRange(of: highlight) {
      styled.append(String(rest[..<range.lowerBound]))
      styled.append(String(rest[range]), style: Self.matchStyle)
      rest = rest[range.upperBound...]
    }
    styled.append(String(rest))
    textLabel.attributedText = styled
  }

  override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    super.draw(into: &buffer, origin: origin, clip: clip)
    let number = "\(lineNumber)"
    let x = origin.x + 1 + max(0, gutterDigits - number.count)
    buffer.write(number, x: x, y: origin.y, style: Self.gutterStyle, maxWidth: gutterDigits, clip: clip)
  }
}
