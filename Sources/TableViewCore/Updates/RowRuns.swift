// The rows a batch update removes from, or adds to, one section, kept as runs: an update that
// inserts 10⁵ rows with one range costs one run here, not 10⁵ entries, and every question the
// mapping asks is a binary search over the runs.

/// Ascending, disjoint, non-empty runs of row indexes of one section, with the number of rows
/// before each run.
struct RowRuns: Sendable {
  /// The runs, ascending and disjoint; none is empty.
  let runs: [Range<Int>]
  /// `before[i]`: the number of rows in `runs[0..<i]`.
  private let before: [Int]
  /// The number of rows in all the runs.
  let count: Int

  /// No rows.
  static let empty = RowRuns(sorted: [])

  /// Runs that must be ascending, disjoint and non-empty (adjacent runs may touch).
  init(sorted runs: [Range<Int>]) {
    self.runs = runs
    var before: [Int] = []
    before.reserveCapacity(runs.count)
    var total = 0
    for run in runs {
      before.append(total)
      total += run.count
    }
    self.before = before
    count = total
  }

  /// Whether there are no rows.
  var isEmpty: Bool { runs.isEmpty }

  /// The number of runs for which `isBefore` holds: a prefix of the runs.
  /// - Complexity: O(log r) for r runs.
  private func prefixCount(where isBefore: (Int) -> Bool) -> Int {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(middle) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether `row` is in a run.
  /// - Complexity: O(log r) for r runs.
  func contains(_ row: Int) -> Bool {
    let j = prefixCount { runs[$0].lowerBound <= row }
    return j > 0 && runs[j - 1].contains(row)
  }

  /// The number of rows in the runs that are less than `row`.
  /// - Complexity: O(log r) for r runs.
  func countLess(than row: Int) -> Int {
    let j = prefixCount { runs[$0].lowerBound < row }
    guard j > 0 else { return 0 }
    let run = runs[j - 1]
    return before[j - 1] + min(row, run.upperBound) - run.lowerBound
  }

  /// The `rank`-th (from 0) non-negative integer in no run.
  /// - Complexity: O(log r) for r runs.
  func nthAbsent(_ rank: Int) -> Int {
    // `runs[i].lowerBound - before[i]` (the absent integers before run i) is non-decreasing:
    // the runs wholly before the answer are those with at most `rank` absent integers before them.
    let low = prefixCount { runs[$0].lowerBound - before[$0] <= rank }
    return low == 0 ? rank : rank + before[low - 1] + runs[low - 1].count
  }
}
