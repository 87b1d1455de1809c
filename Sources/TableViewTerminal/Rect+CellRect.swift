import TableViewCore
import TerminalKit

// The engine measures in points and the terminal in cells; one point is one cell.

extension Rect {
  /// A rectangle of cells, in points.
  public init(_ cells: CellRect) {
    self.init(x: Double(cells.x), y: Double(cells.y), width: Double(cells.width), height: Double(cells.height))
  }
}

extension CellRect {
  /// The cells a rectangle in points covers, each edge rounded to the nearest cell.
  public init(_ rect: Rect) {
    let x = TerminalView.cells(rect.minX)
    let y = TerminalView.cells(rect.minY)
    self.init(x: x, y: y, width: TerminalView.cells(rect.maxX) - x, height: TerminalView.cells(rect.maxY) - y)
  }
}
