import TableViewCore
import TerminalKit

/// A scroll indicator: a thumb in one column whose length is the visible fraction of the content and whose
/// position is the scroll position, as UIScrollView's.
///
///     indicator.update(contentHeight: 5_000_000, offset: 2_500_000, viewportHeight: 28)
///     // a one-cell thumb half way down the column
///
/// Nothing is drawn when all the content fits.
public final class TerminalScrollIndicator: TerminalView {
  /// The thumb's character.
  public var thumbCharacter: Character = "┃"
  /// The thumb's style.
  public var thumbStyle = Style(foreground: .brightBlack)
  /// The rows of the column the thumb covers, relative to the view; empty when it is not shown.
  public private(set) var thumbRows: Range<Int> = 0..<0

  /// Creates an indicator; give it a frame one column wide.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  /// Places the thumb for a scroll state, all in points.
  ///
  /// - Parameters:
  ///   - contentHeight: The height of everything that scrolls.
  ///   - offset: The top of the visible area in the content.
  ///   - viewportHeight: The height of the visible area.
  public func update(contentHeight: Double, offset: Double, viewportHeight: Double) {
    thumbRows = Self.thumb(
      track: cellSize.height, contentHeight: contentHeight, offset: offset, viewportHeight: viewportHeight)
  }

  /// The rows of a track `track` cells long that the thumb covers: at least one cell, proportional to the visible
  /// fraction, placed by the offset (clamped: a bounce past an edge keeps the thumb at that edge).
  static func thumb(track: Int, contentHeight: Double, offset: Double, viewportHeight: Double) -> Range<Int> {
    guard track > 0, viewportHeight > 0, contentHeight > viewportHeight else { return 0..<0 }
    let length = min(track, max(1, Int((Double(track) * viewportHeight / contentHeight).rounded())))
    let fraction = min(1, max(0, offset / (contentHeight - viewportHeight)))
    let start = Int((Double(track - length) * fraction).rounded())
    return start..<(start + length)
  }

  public override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    for row in thumbRows {
      buffer.write(String(thumbCharacter), x: origin.x, y: origin.y + row, style: thumbStyle, clip: clip)
    }
  }
}
