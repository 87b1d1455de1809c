/// One primitive step of a batch update's edit script (see ``BatchUpdatePlan/edits``).
///
/// Every index is the **current** index at the moment the step is applied, after all the steps
/// before it. Stash numbers pair an extraction with its re-insertion: each stash number is
/// extracted exactly once and inserted exactly once, later; rows and sections share one
/// numbering, dense from 0 up to ``BatchUpdatePlan/stashCount`` (excluded).
package enum BatchEdit: Hashable, Sendable, CustomStringConvertible {
  /// Removes the section at this index and all its rows, for good.
  case deleteSection(Int)
  /// Removes the section at this index with its rows and keeps it aside under `stash`,
  /// to be put back by ``insertStashedSection(_:stash:)``.
  case extractSection(Int, stash: Int)
  /// Removes the rows in `range` of `section`, for good.
  case deleteRows(section: Int, range: Range<Int>)
  /// Removes the row at this index path and keeps it aside under `stash`, to be put back by
  /// ``insertStashedRow(_:stash:)``. The row keeps its content and height.
  case extractRow(IndexPath, stash: Int)
  /// Inserts a new section at this index, holding `rowCount` new rows.
  case insertSection(Int, rowCount: Int)
  /// Inserts the section kept under `stash` at this index, with the rows it held when extracted.
  case insertStashedSection(Int, stash: Int)
  /// Inserts new rows at `range` of `section` (the first new row takes index `range.lowerBound`).
  case insertRows(section: Int, range: Range<Int>)
  /// Inserts the row kept under `stash` at this index path.
  case insertStashedRow(IndexPath, stash: Int)
  /// The row at this index path (final coordinates) stays, but its content and height are stale.
  case reloadRow(IndexPath)

  /// A compact description, such as `deleteRows(0, 2..<5)`.
  public var description: String {
    switch self {
    case .deleteSection(let section): "deleteSection(\(section))"
    case .extractSection(let section, let stash): "extractSection(\(section), stash: \(stash))"
    case .deleteRows(let section, let range): "deleteRows(\(section), \(range))"
    case .extractRow(let path, let stash): "extractRow(\(path), stash: \(stash))"
    case .insertSection(let section, let rowCount): "insertSection(\(section), rowCount: \(rowCount))"
    case .insertStashedSection(let section, let stash): "insertStashedSection(\(section), stash: \(stash))"
    case .insertRows(let section, let range): "insertRows(\(section), \(range))"
    case .insertStashedRow(let path, let stash): "insertStashedRow(\(path), stash: \(stash))"
    case .reloadRow(let path): "reloadRow(\(path))"
    }
  }
}
