@_spi(Backend) import TableViewCore
import TerminalKit

/// A scroll indicator: a thumb in one column whose length is the visible fraction of the content and whose
/// position follows the scroll, as UIScrollView's.
///
///     indicator.follow(table)   // after every frame
///
/// The thumb moves by `ScrollbarMapping`'s rule (the same as the GTK backend's scrollbar): only when the content
/// visibly scrolls, only in that direction. Rows measured on the way (estimated heights) change the content's
/// height and correct the offset without anything on screen moving, and then the thumb stays where it is, where
/// `offset / range` would make it jump by itself or backwards. Nothing is drawn when all the content fits, or
/// for a looping table (it has no ends).
public final class TerminalScrollIndicator: TerminalView {
  /// The thumb's character.
  public var thumbCharacter: Character = "┃"
  /// The thumb's style.
  public var thumbStyle = Style(foreground: .brightBlack)
  /// The rows of the column the thumb covers, relative to the view; empty when it is not shown.
  public private(set) var thumbRows: Range<Int> = 0..<0
  /// Where the thumb is, as a fraction of the scroll range.
  private(set) var mapping = ScrollbarMapping()
  /// The offset and the table's own corrections at the last `follow`, to tell a scroll from a correction.
  private var last: (offset: Double, correction: Double)?

  /// Creates an indicator; give it a frame one column wide.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  /// Moves the thumb after a frame of `table`: by the content's visible scroll since the last call (the offset's
  /// change minus `contentOffsetCorrection`'s), sized by the visible fraction of the content.
  public func follow(_ table: TableView) {
    let offset = table.contentOffset.y
    let correction = table.contentOffsetCorrection
    let (minimum, maximum) = (table.minimumContentOffsetY, table.maximumContentOffsetY)
    if table.isLooping {
      last = (offset, correction)
      thumbRows = 0..<0
      return
    }
    if let last {
      mapping.follow(
        visualDelta: (offset - last.offset) - (correction - last.correction), offset: offset, minimum: minimum,
        maximum: maximum)
    } else if maximum > minimum {
      // The first frame is not a scroll: the thumb starts where the offset is.
      mapping.jump(to: (offset - minimum) / (maximum - minimum))
    }
    last = (offset, correction)
    thumbRows = Self.thumb(
      track: cellSize.height, contentHeight: table.contentSize.height, viewportHeight: table.viewportSize.height,
      fraction: mapping.fraction)
  }

  /// The rows of a track `track` cells long that the thumb covers: at least one cell, proportional to the visible
  /// fraction, placed at `fraction` (0 the top, 1 the bottom) of the track.
  static func thumb(track: Int, contentHeight: Double, viewportHeight: Double, fraction: Double) -> Range<Int> {
    guard track > 0, viewportHeight > 0, contentHeight > viewportHeight, fraction.isFinite else { return 0..<0 }
    let length = min(track, max(1, Int((Double(track) * viewportHeight / contentHeight).rounded())))
    let start = Int((Double(track - length) * min(1, max(0, fraction))).rounded())
    return start..<(start + length)
  }

  public override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    for row in thumbRows {
      buffer.write(String(thumbCharacter), x: origin.x, y: origin.y + row, style: thumbStyle, clip: clip)
    }
  }
}
