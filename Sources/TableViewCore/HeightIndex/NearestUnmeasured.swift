/// The unmeasured rows nearest to the viewport, in order of distance: one candidate below the
/// top of the viewport (visible rows included, at distance 0) and one above it.
///
/// Distances are invariant under measuring: a row measured above the viewport moves the offset
/// (anchoring) and every row below by the same amount, so each side's candidate keeps its
/// distance. The next row outwards on the side just taken is then known without a search: its
/// distance is the last one's plus the height just measured. Each side therefore keeps the *run*
/// of unmeasured rows its candidate starts (the consecutive unmeasured rows of one node of the
/// index, outwards), and the heights measured along it, which the caller writes into the index in
/// one go (`takeMeasured`); a side is searched again (O(log n)) only when its run is used up. The
/// order is exactly the row-by-row order: nearest first, below before above at equal distances.
struct NearestUnmeasured {
  /// The viewport in the index's units: its top and bottom, within the first lap of a looping table.
  typealias Viewport = (top: Int64, bottom: Int64)

  /// One side's candidate and the rows measured before it on its run.
  struct Side {
    /// The candidate's item; once the run is used up, the item to search from.
    var item: Int
    /// Its distance from the viewport, in units: negative inside it.
    var distance: Int64
    /// Unmeasured rows left in the run, the candidate included (0: search again).
    var run: Int
    /// The run's rows' estimate when they share one (a span), else `nil` (a chunk: ask the index).
    var estimate: Int64?
    /// The candidate's section, and the item of its first row (a run stays in one section).
    var section: Int
    var firstRowItem: Int
  }

  private var below: Side?
  private var above: Side?
  /// Heights measured along each side's runs and not yet written, outwards (below: in item
  /// order), and the item of the first of them. (Kept apart from the sides, which are copied.)
  private var measuredBelow: [Int64] = []
  private var measuredAbove: [Int64] = []
  private var measuredBelowFrom = 0
  private var measuredAboveFrom = 0
  /// Whether runs are followed (false: every side is searched again after each row).
  private let followsRuns: Bool

  /// The candidates nearest to `viewport` in `index`; with `followsRuns` false, each row measured
  /// ends its run (a looping table, whose viewport moves in another way when rows are measured).
  /// - Complexity: O(log n)
  init(index: HeightIndex, viewport: Viewport, followsRuns: Bool = true) {
    self.followsRuns = followsRuns
    guard index.itemCount > 0 else { return }
    let first = index.item(containing: min(max(viewport.top, 0), max(index.totalUnits - 1, 0))) ?? 0
    below = Self.below(from: first, viewport: viewport, in: index, followsRuns: followsRuns)
    above = first > 0 ? Self.above(through: first - 1, viewport: viewport, in: index, followsRuns: followsRuns) : nil
  }

  /// The nearest candidate, and whether it is below (`true`) or above the viewport.
  func next() -> (Int, Bool)? {
    switch (below, above) {
    case (nil, nil): return nil
    case (let b?, nil): return (b.item, true)
    case (nil, let a?): return (a.item, false)
    case (let b?, let a?): return max(0, b.distance) <= max(0, a.distance) ? (b.item, true) : (a.item, false)
    }
  }

  /// The distance from the viewport (units, 0 inside it) of the candidate on one side.
  func distance(below isBelow: Bool) -> Int64 {
    (isBelow ? below?.distance : above?.distance).map { max(0, $0) } ?? .max
  }

  /// The candidate's index path on one side.
  func indexPath(below isBelow: Bool) -> IndexPath? {
    guard let side = isBelow ? below : above else { return nil }
    return IndexPath(row: side.item - side.firstRowItem, section: side.section)
  }

  /// The estimate of the candidate on one side, when its run's rows share one.
  func estimate(below isBelow: Bool) -> Int64? { isBelow ? below?.estimate : above?.estimate }

  /// The heights measured on both sides and not yet written, less the estimates they replace.
  private(set) var unwrittenChange: Int64 = 0

  /// The candidate on one side was measured at `units` (it was `estimate`): the next row outwards
  /// becomes the candidate when the run goes on. Returns whether it does; when not, write what
  /// was measured (`takeMeasured`) and search that side again (`searchAgain`).
  mutating func measured(below isBelow: Bool, units: Int64, estimate: Int64) -> Bool {
    unwrittenChange += units - estimate
    if isBelow {
      guard var side = below else { return false }
      if measuredBelow.isEmpty { measuredBelowFrom = side.item }
      measuredBelow.append(units)
      side.item += 1
      side.distance += units
      side.run -= 1
      below = side
      return side.run > 0
    }
    guard var side = above else { return false }
    if measuredAbove.isEmpty { measuredAboveFrom = side.item }
    measuredAbove.append(units)
    side.item -= 1
    side.distance += units
    side.run -= 1
    above = side
    return side.run > 0
  }

  /// Takes the heights measured on one side and not yet written: the first item and the heights
  /// in item order (`nil` when there are none).
  mutating func takeMeasured(below isBelow: Bool) -> (first: Int, units: ArraySlice<Int64>)? {
    if isBelow {
      guard !measuredBelow.isEmpty else { return nil }
      defer { measuredBelow.removeAll(keepingCapacity: true) }
      return (measuredBelowFrom, measuredBelow[...])
    }
    guard !measuredAbove.isEmpty else { return nil }
    defer { measuredAbove.removeAll(keepingCapacity: true) }
    return (measuredAboveFrom - measuredAbove.count + 1, ArraySlice(measuredAbove.reversed()))
  }

  /// Heights measured on one side and not yet written.
  func measuredCount(below isBelow: Bool) -> Int { isBelow ? measuredBelow.count : measuredAbove.count }

  /// Everything measured was written (`takeMeasured` on both sides).
  mutating func written() { unwrittenChange = 0 }

  /// Whether one side's run is used up: write its heights, then `searchAgain`.
  func isUsedUp(below isBelow: Bool) -> Bool { ((isBelow ? below : above)?.run ?? 1) == 0 }

  /// Finds the next candidate on one side with today's geometry, after its run is used up and its
  /// heights written.
  /// - Complexity: O(log n)
  mutating func searchAgain(below isBelow: Bool, index: HeightIndex, viewport: Viewport) {
    if isBelow {
      guard let from = below?.item else { return }
      below = Self.below(from: from, viewport: viewport, in: index, followsRuns: followsRuns)
    } else {
      guard let through = above?.item else { return }
      above =
        through >= 0
        ? Self.above(through: through, viewport: viewport, in: index, followsRuns: followsRuns) : nil
    }
  }

  /// Item `k`, the candidate on one side, was taken but not measured (a background slice): move
  /// past it.
  /// - Complexity: O(log n)
  mutating func skip(_ k: Int, below isBelow: Bool, index: HeightIndex, viewport: Viewport) {
    if isBelow {
      below = Self.below(from: k + 1, viewport: viewport, in: index, followsRuns: false)
    } else {
      above = k > 0 ? Self.above(through: k - 1, viewport: viewport, in: index, followsRuns: false) : nil
    }
  }

  private static func below(from k: Int, viewport: Viewport, in index: HeightIndex, followsRuns: Bool) -> Side? {
    guard let item = index.firstUnmeasuredItem(from: k) else { return nil }
    return side(item, distance: index.offset(ofItem: item) - viewport.bottom, forward: true, index, followsRuns)
  }

  private static func above(through k: Int, viewport: Viewport, in index: HeightIndex, followsRuns: Bool) -> Side? {
    guard let item = index.lastUnmeasuredItem(through: k) else { return nil }
    return side(item, distance: viewport.top - index.offset(ofItem: item + 1), forward: false, index, followsRuns)
  }

  private static func side(
    _ item: Int, distance: Int64, forward: Bool, _ index: HeightIndex, _ followsRuns: Bool
  ) -> Side {
    let run = index.unmeasuredRun(from: item, forward: forward, limit: followsRuns ? .max : 1)
    let section = index.prefix(item).sections - 1
    return Side(
      item: item, distance: distance, run: max(1, run.rows),
      estimate: run.units ?? (run.rows <= 1 ? index.height(ofItem: item) : nil), section: section,
      firstRowItem: index.itemIndex(ofHeader: section) + 1)
  }
}
