/// The unmeasured rows nearest to the viewport, in order of distance: one candidate below the
/// top of the viewport (visible rows included, at distance 0) and one above it. It reads the
/// geometry it is given at each step and keeps only the two candidates.
///
/// Distances are invariant under measuring: a row measured above the viewport moves the offset
/// (anchoring) and every row below by the same amount, so each side's candidate keeps its
/// distance and only the side just taken is searched again. Each step is O(log n).
struct NearestUnmeasured {
  /// The viewport in the index's units: its top and bottom, within the first lap of a looping table.
  typealias Viewport = (top: Int64, bottom: Int64)

  private var below: (item: Int, distance: Int64)?
  private var above: (item: Int, distance: Int64)?

  /// The candidates nearest to `viewport` in `index`.
  /// - Complexity: O(log n)
  init(index: HeightIndex, viewport: Viewport) {
    guard index.itemCount > 0 else { return }
    let first = index.item(containing: min(max(viewport.top, 0), max(index.totalUnits - 1, 0))) ?? 0
    below = Self.below(from: first, bottom: viewport.bottom, in: index)
    above = first > 0 ? Self.above(through: first - 1, top: viewport.top, in: index) : nil
  }

  /// The nearest candidate, and whether it is below (`true`) or above the viewport.
  func next() -> (Int, Bool)? {
    switch (below, above) {
    case (nil, nil): return nil
    case (let b?, nil): return (b.item, true)
    case (nil, let a?): return (a.item, false)
    case (let b?, let a?): return b.distance <= a.distance ? (b.item, true) : (a.item, false)
    }
  }

  /// The distance from the viewport (units) of the candidate on one side.
  func distance(below isBelow: Bool) -> Int64 {
    (isBelow ? below?.distance : above?.distance) ?? .max
  }

  /// Item `k` was just measured: find the next candidate on its side with today's geometry.
  /// - Complexity: O(log n)
  mutating func measured(_ k: Int, below isBelow: Bool, index: HeightIndex, viewport: Viewport) {
    if isBelow {
      below = Self.below(from: k + 1, bottom: viewport.bottom, in: index)
    } else {
      above = k > 0 ? Self.above(through: k - 1, top: viewport.top, in: index) : nil
    }
  }

  /// Item `k` was taken but not measured (a background slice): move past it.
  /// - Complexity: O(log n)
  mutating func skip(_ k: Int, below isBelow: Bool, index: HeightIndex, viewport: Viewport) {
    measured(k, below: isBelow, index: index, viewport: viewport)
  }

  private static func below(from k: Int, bottom: Int64, in index: HeightIndex) -> (Int, Int64)? {
    guard let item = index.firstUnmeasuredItem(from: k) else { return nil }
    return (item, max(0, index.offset(ofItem: item) - bottom))
  }

  private static func above(through k: Int, top: Int64, in index: HeightIndex) -> (Int, Int64)? {
    guard let item = index.lastUnmeasuredItem(through: k) else { return nil }
    return (item, max(0, top - index.offset(ofItem: item + 1)))
  }
}
