/// Everything the table knows about heights: the geometry index for the current width, the ones
/// kept for other widths, the height policy the last reload decided, what the delegate implements,
/// and the template cells and keyed heights of self-sizing rows.
struct HeightCache {
  /// The geometry index for the current width. Whoever replaces it (rather than edits it) calls
  /// `visibleRanges.invalidate()`.
  var index = HeightIndex()
  /// The last search of the viewport in `index` (see `VisibleRangeCache`).
  var visibleRanges = VisibleRangeCache()
  /// Geometry indexes kept for other widths (the height cache per width class).
  var otherWidths: [Double: HeightIndex] = [:]
  /// Widths by last use, most recent last, for the cache limit.
  var widthOrder: [Double] = []
  /// The table header view's height, in units.
  var tableHeaderUnits: Int64 = 0
  /// The table footer view's height, in units.
  var tableFooterUnits: Int64 = 0
  /// How rows get their heights, as the last reload decided (see `policySettled`).
  var policy = RowHeightPolicy.fixed(HeightIndex.units(44))
  /// Whether the delegate has been asked about a row since the last reload, so `policy` is final. A
  /// table with no rows at its reload settles it at the first row it inserts.
  var policySettled = false
  /// Whether rows are measured lazily (estimated heights).
  var usesEstimates: Bool { policy.usesEstimates }
  /// The estimate, in units, as the last reload accepted it.
  var estimateUnits: Int64 = 0
  /// `rowHeight` in units as the last reload accepted it.
  var fixedRowUnits: Int64 = HeightIndex.units(44)
  /// Which height methods the delegate implements, as far as the table has learned since the last reload.
  var delegateMethods = DelegateHeightCapabilities()
  /// Template cells and keyed heights (TableView+TemplateCell.swift).
  var templates = TemplateCellState()
  /// The widths the table expects to show, as ``TableView/expectedWidths`` accepted them (valid,
  /// distinct, most likely first); `nil`: the widths whose caches are kept.
  var expected: [Double]?
  /// The width a row is being measured at for another width's cache, while the idle precompute
  /// measures it; `nil`: the current width (see ``TableView/measuringWidth``).
  var measuringWidth: Double?
  /// Widths whose cache could not be built (taller than a table holds there): not tried again
  /// until the next reload.
  var unbuildableWidths: Set<Double> = []
  /// The columns' configuration the rows are measured for (`nil`: the table has no columns).
  var columnConfiguration: ColumnConfiguration?
  /// The caches kept for the columns' configurations shown before, by configuration
  /// (HeightCache+ColumnConfigurations.swift).
  var otherColumnConfigurations: [ColumnConfiguration?: WidthCaches] = [:]
  /// The configurations in `otherColumnConfigurations` by last use, most recent last.
  var columnConfigurationOrder: [ColumnConfiguration?] = []
}

extension HeightCache {
  /// Whether a geometry index is kept for `width` (other than the current one).
  func hasCache(forWidth width: Double) -> Bool { otherWidths[width] != nil }

  /// Makes `newWidth` current: the current index is kept under `oldWidth`, the one kept for
  /// `newWidth` comes back, or `fresh` (the same structure with every row at its estimate) takes
  /// its place — or, when there is none (taller than a table holds at this width), the old width's
  /// heights stay. The least recently used widths beyond `limit` are forgotten; exact heights (no
  /// estimates) are asked again per width, so none is kept for other widths.
  /// - Complexity: O(1) plus dropping forgotten indexes.
  mutating func switchWidth(from oldWidth: Double, to newWidth: Double, fresh: HeightIndex?, limit: Int) {
    otherWidths[oldWidth] = index
    visibleRanges.invalidate()
    if let cached = otherWidths.removeValue(forKey: newWidth) {
      index = cached
    } else if let fresh {
      index = fresh
    }
    widthOrder.removeAll { $0 == newWidth }
    widthOrder.append(newWidth)
    keepWidths(atMost: limit)
    if !usesEstimates { otherWidths.removeAll() }
  }

  /// Forgets the least recently used widths beyond `limit`, those the idle precompute measures
  /// for (`precomputedWidths`) last; the current one (last in `widthOrder`) is always kept.
  /// - Complexity: O(widths kept · expected widths)
  mutating func keepWidths(atMost limit: Int) {
    guard widthOrder.count > max(1, limit), let current = widthOrder.last else { return }
    let kept = precomputedWidths(current: current, limit: limit)
    while widthOrder.count > max(1, limit) {
      let i = widthOrder.dropLast().firstIndex { !kept.contains($0) } ?? 0
      otherWidths.removeValue(forKey: widthOrder.remove(at: i))
    }
  }

  /// The widths the idle precompute measures after `current`, in order: the expected ones (all
  /// of them when `expected` is `nil`: the widths whose caches are kept, most recently used first)
  /// but the current one, as many as the limit leaves room for; none without estimates (exact
  /// heights are asked again per width).
  /// - Complexity: O(widths kept + expected widths)
  func precomputedWidths(current: Double, limit: Int) -> [Double] {
    guard usesEstimates else { return [] }
    let room = max(1, limit) - 1
    guard let expected else {
      return Array(widthOrder.reversed().lazy.filter { $0 != current && otherWidths[$0] != nil }.prefix(room))
    }
    return Array(expected.lazy.filter { $0 != current }.prefix(room))
  }

  /// Keeps `index` as the cache of `width` (another width than the current one), as the second most
  /// recently used, forgetting widths beyond `limit` (see `keepWidths`).
  /// - Complexity: O(widths kept · expected widths)
  mutating func keep(_ index: HeightIndex, forWidth width: Double, limit: Int) {
    otherWidths[width] = index
    widthOrder.removeAll { $0 == width }
    widthOrder.insert(width, at: max(0, widthOrder.count - 1))
    keepWidths(atMost: limit)
  }

  /// Checks the cache's invariants: every index consistent; the widths kept are distinct, at most
  /// `limit`, the current one (`currentWidth`) last and not among the other widths' indexes; every
  /// other width's index has the current one's structure (sections and rows per section); without
  /// estimates no other width is kept; the policy's estimate is the one in `estimateUnits`.
  /// - Complexity: O(n) per index.
  func _checkInvariants(currentWidth: Double, limit: Int) {
    index._checkInvariants()
    precondition(Set(widthOrder).count == widthOrder.count, "a width is listed twice: \(widthOrder)")
    precondition(widthOrder.count <= max(1, limit), "\(widthOrder.count) widths kept, the limit is \(limit)")
    precondition(otherWidths[currentWidth] == nil, "the current width is also kept as another width")
    precondition(usesEstimates || otherWidths.isEmpty, "exact heights kept for another width")
    if case .estimated(let units) = policy {
      precondition(units == estimateUnits, "the policy's estimate is not the accepted one")
    }
    _checkColumnConfigurations(limit: limit)
    for (width, other) in otherWidths {
      precondition(widthOrder.contains(width), "width \(width) is kept but not listed")
      other._checkInvariants()
      precondition(other.sectionCount == index.sectionCount, "width \(width) has another section count")
      for s in 0..<min(index.sectionCount, 4_096) {
        precondition(
          other.rowCount(inSection: s) == index.rowCount(inSection: s), "width \(width): section \(s) differs")
      }
    }
  }
}
