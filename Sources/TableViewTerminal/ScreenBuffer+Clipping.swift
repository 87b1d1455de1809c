import TerminalKit

// Views draw through a clip rectangle (the visible part of their table) instead of a buffer of their own, so a
// frame is drawn in place with no copying. These variants of ScreenBuffer's drawing calls leave every cell
// outside `clip` untouched; wide characters cut by the clip's left or right edge show as spaces, as at the
// buffer's own edges.

extension ScreenBuffer {
  /// Writes text on one row like `write(_:x:y:style:maxWidth:)`, drawing only the cells inside `clip`.
  ///
  /// - Parameters:
  ///   - text: The text to write.
  ///   - x: The column of the first character; may lie left of `clip`.
  ///   - y: The row; nothing is drawn when it lies outside `clip`.
  ///   - style: The style of the written cells.
  ///   - maxWidth: If given, nothing is written at or after column `x + maxWidth`.
  ///   - clip: The cells that may change.
  /// - Returns: The number of columns written from `x`, as `write(_:x:y:style:maxWidth:)` counts them.
  @discardableResult
  public mutating func write<S: StringProtocol>(
    _ text: S, x: Int, y: Int, style: Style, maxWidth: Int? = nil, clip: CellRect
  ) -> Int {
    guard y >= clip.y, y < clip.maxY, x < clip.maxX else { return 0 }
    let limit = min(clip.maxX, maxWidth.map { x + max(0, $0) } ?? clip.maxX)
    guard x < clip.x else { return write(text, x: x, y: y, style: style, maxWidth: limit - x) }
    // Skip what falls left of the clip; a wide character straddling its edge leaves a space.
    var column = x
    var index = text.startIndex
    while index < text.endIndex, column < clip.x {
      let width = text[index].displayWidth
      index = text.index(after: index)
      if column + width > clip.x {
        for blank in clip.x..<min(column + width, limit) { write(" ", x: blank, y: y, style: style) }
      }
      column += width
    }
    guard column < limit else { return max(0, min(column, limit) - x) }
    let written = write(text[index...], x: column, y: y, style: style, maxWidth: limit - column)
    return column + written - x
  }

  /// Fills the part of `rect` inside `clip` with one character (see `fill(_:with:style:)`).
  public mutating func fill(_ rect: CellRect, with character: Character = " ", style: Style, clip: CellRect) {
    fill(rect.intersection(clip), with: character, style: style)
  }

  /// Restyles the part of `rect` inside `clip` (see `updateStyle(in:_:)`).
  public mutating func updateStyle(in rect: CellRect, clip: CellRect, _ transform: (inout Style) -> Void) {
    let area = rect.intersection(clip)
    guard !area.isEmpty else { return }
    updateStyle(in: area, transform)
  }
}
