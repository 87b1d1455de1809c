// Where a section index's titles go down a bar, and which title is under a point of it: one rule for every
// backend (a terminal's lines, GTK's pixels), so the title drawn at a place is the title a click there jumps to.
// The bar is divided into lines one title tall. When every title has a line, the titles are centred; when they do
// not fit, every line shows the title it stands for (line y of n stands for title y·count/n) and the others are
// skipped, as UIKit shows dots between some of them.

/// The lines of a section index bar and the title on each (see `TableView.sectionIndexTitles`).
///
///     let layout = SectionIndexLayout(titleCount: 26, height: 300, titleHeight: 14)
///     layout.title(atOffset: 150)   // 13: the title drawn across the middle
@_spi(Backend) public struct SectionIndexLayout: Equatable, Sendable {
  /// The number of titles.
  public let titleCount: Int
  /// The height of a line (a title's height).
  public let lineHeight: Double
  /// The number of lines drawn: every title, or as many as the bar holds.
  public let lineCount: Int
  /// The top of the first line (below the bar's top when the titles are centred).
  public let top: Double

  /// The layout of `titleCount` titles, each `titleHeight` tall, in a bar `height` tall. Bad input (a negative
  /// count, a non-finite or non-positive height) gives a layout with no lines.
  public init(titleCount: Int, height: Double, titleHeight: Double) {
    let count = max(0, titleCount)
    let valid = height.isFinite && titleHeight.isFinite && height > 0 && titleHeight > 0
    // A bar of more than Int32.max lines is not drawn; clamping keeps the arithmetic below in range.
    let capacity = valid ? Int(min((height / titleHeight).rounded(.down), Double(Int32.max))) : 0
    self.titleCount = count
    lineHeight = valid ? titleHeight : 0
    lineCount = min(count, capacity)
    // Centred on a whole unit (a terminal's line, a pixel), so that titles stay on the grid.
    top = count <= capacity ? ((height - Double(count) * titleHeight) / 2).rounded(.down) : 0
  }

  /// The title shown on `line` (0 at the top), or `nil` outside the lines.
  /// - Complexity: O(1)
  public func title(onLine line: Int) -> Int? {
    guard line >= 0, line < lineCount else { return nil }
    if lineCount == titleCount { return line }
    // line · count / lines, without overflow (the quotient is below the count).
    let product = line.multipliedFullWidth(by: titleCount)
    return lineCount.dividingFullWidth(product).quotient
  }

  /// The line (0 at the top) across `y` (from the bar's top), or `nil` outside the lines.
  public func line(atOffset y: Double) -> Int? {
    guard lineCount > 0, y.isFinite, y >= top else { return nil }
    let line = ((y - top) / lineHeight).rounded(.down)
    return line < Double(lineCount) ? Int(line) : nil
  }

  /// The title drawn across `y` (from the bar's top): what a click there jumps to; `nil` above or below the titles.
  public func title(atOffset y: Double) -> Int? {
    line(atOffset: y).flatMap(title(onLine:))
  }

  /// The title nearest `y`: the one across it, the first above the titles, the last below them (a drag that
  /// leaves the bar keeps jumping, as UIKit's index does); `nil` only when there are no lines. NaN counts as above.
  public func title(nearestOffset y: Double) -> Int? {
    guard lineCount > 0 else { return nil }
    if let title = title(atOffset: y) { return title }
    return y > top ? title(onLine: lineCount - 1) : title(onLine: 0)
  }

  /// The top of `line` (from the bar's top).
  public func top(ofLine line: Int) -> Double { top + Double(line) * lineHeight }
}
