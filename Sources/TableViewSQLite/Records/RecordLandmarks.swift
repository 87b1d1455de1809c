/// The sort keys of rows at known positions, per section: the first and last row of every page
/// read or walked past. A page is read by keyset from a neighbour's landmark; a page with none
/// near is reached by walking the keys from the nearest one. Shared by the owner and the reader's
/// queue (a generation tells a job that its landmarks were dropped by a change).
struct RecordLandmarks: Sendable {
  /// Bumped whenever the positions change (a live change): a job of an older generation drops
  /// its results.
  var generation = 0
  private var keys: [Int: [Int: SortKey]] = [:]

  /// The sort key of row `row` of `section`, if known.
  func key(section: Int, row: Int) -> SortKey? { keys[section]?[row] }

  /// Records the sort key of a row.
  mutating func set(_ key: SortKey, section: Int, row: Int) { keys[section, default: [:]][row] = key }

  /// The known row nearest below `row` (at most `row`) and nearest above (at least `row`).
  /// - Complexity: O(landmarks of the section).
  func nearest(section: Int, below: Int, above: Int) -> (below: Int?, above: Int?) {
    var low: Int?
    var high: Int?
    for row in keys[section]?.keys ?? [:].keys {
      if row <= below, row > (low ?? Int.min) { low = row }
      if row >= above, row < (high ?? Int.max) { high = row }
    }
    return (low, high)
  }

  /// Forgets every landmark and starts a new generation.
  mutating func reset() {
    keys.removeAll()
    generation += 1
  }

  /// The number of landmarks kept.
  var count: Int { keys.values.reduce(0) { $0 + $1.count } }
}
