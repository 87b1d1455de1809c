// The last search of the viewport, kept so that a scroll step that brings no row in does not search again.
//
// A linear table's visible rows are found from the item at the viewport's top and the item at its
// bottom (two descents of the height index, and with estimated heights two more and a search for
// an unmeasured row). While the top stays within the first item's extent and the bottom within the
// last one's, and the index is not edited, the answer is the same: a ±0.5 pt step answers from
// here without descending the tree, however many nodes scattered measurements made it.

/// The visible ranges the last search found, the offsets they stay the answer for, and whether
/// their rows are known to be measured.
///
/// An entry holds while the height index's `generation` and the row space are the ones it was
/// found in. The table forgets it (`invalidate()`) whenever it replaces its index (a reload,
/// another width's index, a rebuilt one): another index may have reached the same generation.
struct VisibleRangeCache {
  /// One search's answer and what it holds for.
  struct Entry {
    /// The index's generation the search was made at.
    var generation: UInt64
    /// The row space it was made in (a linear one: its rows' top).
    var space: RowSpace
    /// The index's total height then, in units (the bottom is clamped to it).
    var total: Int64
    /// The extent of the first item found, in units below the rows' top: tops in it find it.
    var firstExtent: Range<Int64>
    /// The extent of the last item found: bottoms one unit below a point in it find it.
    var lastExtent: Range<Int64>
    /// The global rows and the sections found.
    var rows: Range<Int>
    var sections: Range<Int>
    /// Whether every row of `rows` was found measured at `generation`.
    var allMeasured = false
  }

  /// The kept entry, `nil` when there is none.
  private(set) var entry: Entry?

  /// Forgets the kept entry.
  mutating func invalidate() { entry = nil }

  /// Keeps `entry`, in place of the one kept before.
  mutating func keep(_ entry: Entry) { self.entry = entry }

  /// The ranges of the viewport `[top, bottom)` (points, content coordinates) when the kept entry
  /// answers for it in an index at `generation` and row space `space`; `nil` otherwise.
  /// - Complexity: O(1)
  @inline(__always) func ranges(
    top: Double, bottom: Double, generation: UInt64, space: RowSpace
  ) -> (rows: Range<Int>, sections: Range<Int>)? {
    guard let entry, entry.generation == generation, entry.space == space,
      case .linear(let rowsTop) = space
    else { return nil }
    // As `RowSpace.ranges(top:bottom:in:)` clamps them.
    let t = max(Sanitize.units(top) - rowsTop, 0)
    let b = min(Sanitize.units(bottom) - rowsTop, entry.total)
    guard t < b, entry.firstExtent.contains(t), entry.lastExtent.contains(b - 1) else { return nil }
    return (entry.rows, entry.sections)
  }

  /// Whether every row of `rows` is known to be measured in an index at `generation`.
  /// - Complexity: O(1)
  @inline(__always) func knowsMeasured(_ rows: Range<Int>, generation: UInt64) -> Bool {
    guard let entry, entry.allMeasured, entry.generation == generation else { return false }
    return entry.rows == rows
  }

  /// Notes that every row of `rows` is measured in an index at `generation` (kept only when the
  /// kept entry is for those rows at that generation).
  mutating func noteMeasured(_ rows: Range<Int>, generation: UInt64) {
    guard entry?.generation == generation, entry?.rows == rows else { return }
    entry?.allMeasured = true
  }
}
