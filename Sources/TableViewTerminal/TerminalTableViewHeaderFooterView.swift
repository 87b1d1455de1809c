import TableViewCore
import TerminalKit

/// A section header or footer, as UIKit's `UITableViewHeaderFooterView`: a bold title followed by a rule, and an
/// optional detail line under it.
///
///     let header = TerminalTableViewHeaderFooterView(reuseIdentifier: "header")
///     header.textLabel.text = "Section 3 · 第三组"
///     header.detailTextLabel.text = "rows 2,000–2,999"
///     header.sizeThatFits(width: 80)   // 2
///
/// It fills its rectangle, so a floating header hides the rows scrolling under it.
open class TerminalTableViewHeaderFooterView: TerminalView, ReusableView {
  /// The identifier the engine pools the view under.
  public var reuseIdentifier: String?
  /// The title, on the first line.
  public let textLabel = TerminalLabel(style: Style(foreground: .cyan, attributes: .bold))
  /// A second line under the title; the view is one line tall while it is empty.
  public let detailTextLabel = TerminalLabel(style: Style(foreground: .brightBlack))
  /// Space around the content, in cells.
  public var layoutMargins = EdgeInsets(top: 0, left: 1, bottom: 0, right: 2) {
    didSet { if layoutMargins != oldValue { setNeedsLayout() } }
  }
  /// Whether a rule continues the title line to the right margin.
  public var showsRule = true
  /// The rule's style.
  public var ruleStyle = Style(foreground: .brightBlack)

  /// Creates a header or footer view.
  public init(reuseIdentifier: String? = nil) {
    self.reuseIdentifier = reuseIdentifier
    super.init()
    backgroundStyle = .plain
    addSubview(textLabel)
    addSubview(detailTextLabel)
  }

  /// One line, two with a detail, plus margins.
  open override func sizeThatFits(width: Double) -> Double {
    let lines = detailTextLabel.text.isEmpty ? 1 : 2
    return Double(lines + TerminalView.cells(layoutMargins.top) + TerminalView.cells(layoutMargins.bottom))
  }

  open override func layoutSubviews() {
    let width = cellSize.width
    let left = TerminalView.cells(layoutMargins.left)
    let top = TerminalView.cells(layoutMargins.top)
    let contentWidth = max(1, width - left - TerminalView.cells(layoutMargins.right))
    let titleWidth = min(contentWidth, textLabel.text.displayWidth)
    textLabel.frame = Rect(x: Double(left), y: Double(top), width: Double(titleWidth), height: 1)
    detailTextLabel.frame = Rect(x: Double(left), y: Double(top + 1), width: Double(contentWidth), height: 1)
  }

  open override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    guard showsRule, drawsDecorations else { return }
    let width = cellSize.width
    let gap = textLabel.text.isEmpty ? 0 : 1
    let x = origin.x + TerminalView.cells(layoutMargins.left) + TerminalView.cells(textLabel.frame.width) + gap
    let end = origin.x + width - TerminalView.cells(layoutMargins.right)
    guard end > x else { return }
    let rule = String(repeating: "─", count: end - x)
    buffer.write(rule, x: x, y: origin.y + TerminalView.cells(layoutMargins.top), style: ruleStyle, clip: clip)
  }
}
