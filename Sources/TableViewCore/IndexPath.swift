/// The position of a row: its section and its row within that section, as in UIKit.
///
/// Index paths order by section, then row.
///
///     let path = IndexPath(row: 3, section: 0)
///     path < IndexPath(row: 0, section: 1)  // true
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section index.
  public var section: Int
  /// The row index within the section.
  public var row: Int

  /// Creates an index path for `row` in `section`.
  public init(row: Int, section: Int) {
    self.section = section
    self.row = row
  }

  /// Orders by section, then by row.
  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
  }

  /// `[section, row]`, as UIKit prints index paths.
  public var description: String { "[\(section), \(row)]" }
}
