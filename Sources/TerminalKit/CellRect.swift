/// An axis-aligned rectangle of terminal cells; `x` and `y` are 0-based, `maxX` and `maxY` exclusive.
public struct CellRect: Hashable, Sendable {
  /// The leftmost column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The number of columns; never negative.
  public var width: Int
  /// The number of rows; never negative.
  public var height: Int

  /// Creates a rectangle; negative sizes are treated as zero.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The column just right of the rectangle.
  public var maxX: Int { x + width }
  /// The row just below the rectangle.
  public var maxY: Int { y + height }
  /// Whether the rectangle holds no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// Whether the cell at (`x`, `y`) lies inside the rectangle.
  public func contains(x: Int, y: Int) -> Bool {
    x >= self.x && x < maxX && y >= self.y && y < maxY
  }

  /// The cells both rectangles hold; empty (at the origin of `self`) when they do not overlap.
  public func intersection(_ other: CellRect) -> CellRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    guard right > left, bottom > top else { return CellRect(x: x, y: y, width: 0, height: 0) }
    return CellRect(x: left, y: top, width: right - left, height: bottom - top)
  }
}
