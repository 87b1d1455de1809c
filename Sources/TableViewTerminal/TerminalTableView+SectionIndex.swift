@_spi(Backend) import TableViewCore
import TerminalKit

// The section index in a terminal (UIKit's A–Z bar): the titles down the table's right edge, left of the scroll
// indicator, over the rows; a click on a title jumps to its section (`TableView.scrollToSectionIndexTitle(at:)`).
// With more titles than lines, every line shows the title it stands for (some are skipped, as UIKit shows dots).

extension TerminalTableView {
  /// The section index's colours.
  public static let sectionIndexStyle = Style(foreground: .cyan, attributes: .bold)

  /// The columns the index takes (its widest title, 1 or 2 cells), or 0 when it is not shown.
  var sectionIndexWidth: Int {
    guard table.showsSectionIndex else { return 0 }
    return min(2, max(1, table.sectionIndexTitles.map { DisplayWidth.of($0.prefix(1)) }.max() ?? 1))
  }

  /// The index's lines down the table's height (a title a line; the rule is the core's).
  var sectionIndexLayout: SectionIndexLayout {
    SectionIndexLayout(titleCount: table.sectionIndexTitles.count, height: Double(cellSize.height), titleHeight: 1)
  }

  /// The index title under the table's cell (`x`, `y`) (the table's own cells, 0 at its top left), if the
  /// index is shown there.
  public func sectionIndexTitle(at x: Int, _ y: Int) -> Int? {
    let width = sectionIndexWidth
    guard width > 0 else { return nil }
    let left = cellSize.width - 1 - width
    guard x >= left, x < left + width else { return nil }
    return sectionIndexLayout.title(atOffset: Double(y))
  }

  /// Draws the index titles down the right edge, left of the scroll indicator.
  func drawSectionIndex(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    let width = sectionIndexWidth
    guard width > 0 else { return }
    let titles = table.sectionIndexTitles
    let layout = sectionIndexLayout
    let x = origin.x + cellSize.width - 1 - width
    for line in 0..<layout.lineCount {
      guard let index = layout.title(onLine: line) else { continue }
      let y = Int(layout.top) + line
      let title = String(titles[index].prefix(1))
      let cell = CellRect(x: x, y: origin.y + y, width: width, height: 1)
      buffer.fill(cell, style: Self.sectionIndexStyle, clip: clip)
      buffer.write(title, x: x, y: origin.y + y, style: Self.sectionIndexStyle, maxWidth: width, clip: clip)
    }
  }
}
