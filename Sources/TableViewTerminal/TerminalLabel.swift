import TableViewCore
import TerminalKit

/// A view that shows text on one or more lines, wrapped to its width by `TextWrap` (CJK-aware: wide characters
/// take two cells and may break anywhere, Latin text breaks at spaces).
///
///     let label = TerminalLabel(text: "今天我们发布了 a new table view。")
///     label.numberOfLines = 0
///     label.sizeThatFits(width: 12)   // 3 lines
///
/// The wrapped lines are cached for the last width, so measuring a cell and then drawing it wraps once.
open class TerminalLabel: TerminalView {
  /// How lines sit between the label's edges.
  public enum Alignment: Hashable, Sendable {
    /// Against the left edge.
    case left
    /// Centred (an odd leftover cell goes to the right).
    case center
    /// Against the right edge.
    case right
  }

  /// The text; `\n` starts a new line. Setting it drops ``attributedText``'s styles.
  public var text: String {
    didSet {
      guard text != oldValue else { return }
      if attributedText?.string != text { attributedText = nil }
      cachedWidth = nil
      superview?.setNeedsLayout()
    }
  }
  /// The text with styled ranges (UIKit's `attributedText`): runs without a style of their own are drawn in
  /// ``style``. Setting it sets ``text`` to its characters; it wraps as the text does, each character in its
  /// run's style. `nil`: the whole text in ``style``.
  public var attributedText: StyledText? {
    didSet {
      guard attributedText != oldValue else { return }
      if let attributedText, attributedText.string != text { text = attributedText.string }
      cachedWidth = nil
      superview?.setNeedsLayout()
    }
  }
  /// How the text is drawn.
  public var style: Style
  /// The most lines shown, 0 for as many as the text takes up to ``maximumNumberOfLines`` (UIKit's default is 1).
  /// Text cut off ends with "…".
  public var numberOfLines: Int {
    didSet {
      guard numberOfLines != oldValue else { return }
      cachedWidth = nil
      superview?.setNeedsLayout()
    }
  }
  /// Where each line sits horizontally.
  public var alignment: Alignment = .left

  /// The most lines a label wraps when ``numberOfLines`` is 0: a row can never freeze the screen, whatever the
  /// size of its text (a 10 MB text would be 100,000 lines at 100 columns, and seconds of wrapping). A longer text
  /// ends with "…" on the last of these lines; an app shows the whole of it elsewhere (a detail view, a pager).
  public static let maximumNumberOfLines = 2_000

  /// The line limit wrapping uses.
  private var lineLimit: Int { numberOfLines > 0 ? numberOfLines : Self.maximumNumberOfLines }

  private var cachedWidth: Int?
  private var cachedLines: [String] = []
  private var cachedStyledWidth: Int?
  private var cachedStyledLines: [StyledText] = []

  /// Creates a label showing styled text.
  ///
  /// - Parameters:
  ///   - attributedText: The text and its styled ranges.
  ///   - style: The style of the runs without one.
  ///   - numberOfLines: The most lines shown; 0 for no limit.
  public convenience init(attributedText: StyledText, style: Style = .plain, numberOfLines: Int = 1) {
    self.init(text: attributedText.string, style: style, numberOfLines: numberOfLines)
    self.attributedText = attributedText
  }

  /// Creates a label.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: How it is drawn.
  ///   - numberOfLines: The most lines shown; 0 for no limit.
  public init(text: String = "", style: Style = .plain, numberOfLines: Int = 1) {
    self.text = text
    self.style = style
    self.numberOfLines = numberOfLines
    super.init()
  }

  /// The text wrapped to `width` cells (at most `numberOfLines` lines, or ``maximumNumberOfLines``); empty when the
  /// text is.
  /// - Complexity: O(the lines kept) on the first call for a width, O(1) after.
  public func lines(forWidth width: Int) -> [String] {
    if cachedWidth == width { return cachedLines }
    cachedWidth = width
    cachedStyledWidth = nil
    if text.isEmpty {
      cachedLines = []
    } else {
      cachedLines = TextWrap.wrap(text, width: width, maxLines: lineLimit)
    }
    return cachedLines
  }

  /// The number of lines the text takes at `width` cells.
  public func lineCount(forWidth width: Int) -> Int { lines(forWidth: width).count }

  /// The number of lines the text takes at `width`.
  open override func sizeThatFits(width: Double) -> Double {
    Double(lineCount(forWidth: TerminalView.cells(width)))
  }

  /// ``attributedText`` wrapped to `width` cells, as ``lines(forWidth:)`` wraps the text.
  func styledLines(forWidth width: Int) -> [StyledText] {
    if cachedStyledWidth == width, cachedWidth == width { return cachedStyledLines }
    _ = lines(forWidth: width)
    cachedStyledWidth = width
    cachedStyledLines =
      text.isEmpty
      ? [] : (attributedText?.wrapped(width: width, maxLines: lineLimit) ?? [])
    return cachedStyledLines
  }

  open override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    let (width, height) = (cellSize.width, cellSize.height)
    let styled = attributedText == nil ? nil : styledLines(forWidth: width)
    for (row, line) in lines(forWidth: width).prefix(height).enumerated() {
      let y = origin.y + row
      guard y >= clip.y, y < clip.maxY else { continue }
      var x = origin.x
      if alignment != .left {
        let room = width - line.displayWidth
        x += alignment == .right ? room : room / 2
      }
      guard let styled, row < styled.count else {
        buffer.write(line, x: x, y: y, style: style, maxWidth: origin.x + width - x, clip: clip)
        continue
      }
      for run in styled[row].runs {
        x += buffer.write(run.text, x: x, y: y, style: run.style ?? style, maxWidth: origin.x + width - x, clip: clip)
      }
    }
  }
}
