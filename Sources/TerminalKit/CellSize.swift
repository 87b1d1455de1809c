/// A size in character cells.
public struct CellSize: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Lines.
  public var height: Int

  /// A size of `width` columns by `height` lines.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
