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
  private var isFocused = false
  private var isSelected = false

  init(grid: BrowserGrid) {
    self.grid = grid
    super.init()
  }

  func prepareForReuse() {
    values = nil
    isSelected = false
  }

  func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
  func setFocused(_ focused: Bool, animated: Bool) { isFocused = focused }

  override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    grid?.drawRow(values, into: &buffer, y: origin.y, clip: clip)
    if isFocused || isSelected {
      buffer.updateStyle(in: CellRect(x: origin.x, y: origin.y, width: cellSize.width, height: 1).intersection(clip)) {
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
