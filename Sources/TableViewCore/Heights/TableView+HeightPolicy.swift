// The row height policy is decided here and nowhere else: `acceptRowHeights()` takes the table's
// settings at a reload, the first row the delegate is asked about settles it, and measuring asks
// one function where a row's height comes from.

extension TableView {
  /// Settles the row height policy by asking the delegate about `path` (the first row since the
  /// reload): a per-row estimate makes it `.estimatedPerRow`; otherwise, without estimates, a row
  /// height makes it `.delegateHeights`. Returns what the delegate answered, so the caller does
  /// not ask twice. Once settled (until the next reload) it asks nothing.
  @discardableResult
  func settleRowHeightPolicy(probing path: IndexPath) -> (estimate: Double?, height: Double?) {
    guard !heights.policySettled else { return (nil, nil) }
    heights.policySettled = true
    if let estimate = delegateEstimatedHeight(forRowAt: path) {
      heights.policy = .estimatedPerRow
      return (estimate, nil)
    }
    guard !heights.usesEstimates, let height = delegateHeight(forRowAt: path) else { return (nil, nil) }
    heights.policy = .delegateHeights
    return (nil, height)
  }

  /// A row's height as measuring finds it: the delegate's, else the cell's `sizeThatFits` for
  /// self-sizing rows (`selfSizing` gives it, or `nil` when there is no cell), else `rowHeight`.
  /// The one place that decides where a measured height comes from.
  func measuredHeight(forRowAt path: IndexPath, selfSizing: () -> Double?) -> Double? {
    if let height = delegateHeight(forRowAt: path) { return height }
    if rowHeight == Self.automaticDimension { return selfSizing() }
    return HeightIndex.points(heights.fixedRowUnits)
  }
}
