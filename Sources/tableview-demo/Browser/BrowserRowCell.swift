import GRDB
import TableViewCore
import TableViewTerminal
import TerminalKit

/// A row of the browsed table: its values drawn in the grid's columns (the cell asks the grid at each draw, so a
/// sideways scroll redraws without configuring the rows again). The focused row is drawn in reverse video.
final class BrowserRowCell: TerminalView, ReusableView {
  var reuseIdentifier: String?
  /// The row's values, in the table's column order (`nil`: its page is on its way).
  var values: [DatabaseValue]?
  /// The grid the values are drawn in.
  weak var grid: BrowserGrid?
  /// The columns as the row is measured (the table's `measuringColumnLayout`), when the grid wraps.
  var layout: ColumnLayout?
  private var isFocused = false
  private var isSelected = false

  init(grid: BrowserGrid) {
    self.grid = grid
    super.init()
  }

  func prepareForReuse() {
    values = nil
    layout = nil
    isSelected = false
  }

  /// One line, or when the grid wraps, as many as the row's tallest wrapped value.
  override func sizeThatFits(width: Double) -> Double {
    guard let grid else { return 1 }
    return Double(grid.lineCount(of: values, in: layout ?? grid.state.layout))
  }

  func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
  func setFocused(_ focused: Bool, animated: Bool) { isFocused = focused }

  override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    grid?.drawRow(values, into: &buffer, y: origin.y, height: cellSize.height, clip: clip)
    if isFocused || isSelected {
      let area = CellRect(x: origin.x, y: origin.y, width: cellSize.width, height: max(1, cellSize.height))
      buffer.updateStyle(in: area.intersection(clip)) {
        $0 = $0.adding(.reverse)
      }
    }
  }

  override var accessibilityLabel: String? {
    get {
      guard let grid, let values else { return "loading" }
      return zip(grid.description.columns, values).map { "\($0.name): \(BrowserGrid.text(of: $1))" }.joined(
        separator: ", ")
    }
    set {}
  }
}
