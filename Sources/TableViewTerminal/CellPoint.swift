/// A position on the screen, in cells: `x` is the column and `y` the row, both 0-based.
///
/// Views draw at a `CellPoint` origin (the screen position of their top-left cell), which may lie outside the
/// buffer: a row scrolled half out of the table starts above its top edge and is clipped.
public struct CellPoint: Hashable, Sendable {
  /// The column.
  public var x: Int
  /// The row.
  public var y: Int

  /// Creates a position.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// The top-left cell of the screen.
  public static let zero = CellPoint(x: 0, y: 0)

  /// This position moved by `dx` columns and `dy` rows.
  public func offsetBy(dx: Int, dy: Int) -> CellPoint {
    CellPoint(x: x + dx, y: y + dy)
  }
}
