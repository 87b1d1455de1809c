// `IndexPath` is Foundation's own type, as in UIKit: a file that imports Foundation and TableViewCore
// names one type, and an index path from the table is the one an app keeps in its own models. The
// table re-exports just that declaration, so an app that imports only TableViewCore can name it too.
@_exported public import struct FoundationEssentials.IndexPath

extension IndexPath {
  /// Creates an index path for `row` in `section`, as UIKit's `IndexPath(row:section:)`.
  ///
  ///     let path = IndexPath(row: 3, section: 0)
  ///     path < IndexPath(row: 0, section: 1)  // true: index paths order by section, then row
  @inlinable
  public init(row: Int, section: Int) {
    // Two appends, not `init(indexes: [section, row])`: no array is allocated for the pair.
    self.init(index: section)
    append(row)
  }

  /// The section index: the first of the index path's two indexes, as in UIKit.
  ///
  /// An index path of the table has exactly two indexes. Asking another one for its section
  /// traps with a message in a debug build, as UIKit does; a release build reads the first index
  /// without checking the count (the check cost 6% of a one-row insert: this is read in the
  /// engine's every loop over rows).
  @inlinable
  public var section: Int {
    get {
      assert(
        count == 2, "IndexPath.section: a table's index path has two indexes (section, row), this has \(count)")
      return self[0]
    }
    set {
      assert(
        count == 2, "IndexPath.section: a table's index path has two indexes (section, row), this has \(count)")
      self[0] = newValue
    }
  }

  /// The row index within the section: the second of the index path's two indexes, as in UIKit.
  @inlinable
  public var row: Int {
    get {
      assert(count == 2, "IndexPath.row: a table's index path has two indexes (section, row), this has \(count)")
      return self[1]
    }
    set {
      assert(count == 2, "IndexPath.row: a table's index path has two indexes (section, row), this has \(count)")
      self[1] = newValue
    }
  }
}
