// Heights for the widths the table is not showing (the seeds' orientation advice): seed 000 ends
// by computing the heights for the orientation the device is not in, in the background, so that
// the work is done when the rotation comes; seed 001 keeps a portrait and a landscape dictionary.
// Here the table is told the widths it expects (or keeps the ones it has seen), and the idle
// precompute fills their height caches after the current width's, nearest to the user first.
// A switch to such a width then measures nothing on screen and its scroll range is exact.

extension TableView {
  /// The most widths ``expectedWidths`` keeps (16).
  public static let maximumExpectedWidths = 16

  /// The widths the table expects to show besides the current one, most likely first: the other
  /// orientation, the width a window had before it was resized. The idle precompute
  /// (``idlePrecompute``) measures rows for them after the current width's, within the same
  /// budget, nearest to the user first, so that a switch to one of them finds its heights
  /// measured. `nil` (the default): the widths whose height caches the table already keeps (see
  /// ``Diagnostics/cachedWidths``), most recently used first.
  ///
  ///     table.expectedWidths = [landscapeWidth]
  ///     // on a resize: expect the width it came from
  ///     table.expectedWidths = [oldWidth]
  ///
  /// The rules:
  /// - A width that is NaN, infinite, zero or negative is reported (`.invalidArgument`) and
  ///   left out. A width above ``maximumContentHeight`` is taken as that, as ``viewportSize``
  ///   takes it. Repeated widths are kept once.
  /// - At most ``maximumExpectedWidths`` widths are kept; the rest of a longer list is reported
  ///   and left out.
  /// - The current width may be listed: it is measured first anyway, and when the table switches
  ///   to another listed width, the one it left is precomputed in turn.
  /// - The table keeps at most ``widthCacheLimit`` height caches, the current one included, so
  ///   only the first `widthCacheLimit − 1` widths besides the current one are precomputed (see
  ///   ``precomputedWidths``); raise the limit to precompute more. Their caches are the last the
  ///   limit forgets: resizing through other widths (a window dragged wider) does not lose them.
  /// - Only tables with estimated heights keep other widths (exact heights are asked again at
  ///   each width): without estimates nothing is precomputed.
  ///
  /// Measuring for another width calls the same data source and delegate methods as measuring a
  /// row coming on screen, with ``measuringWidth`` set to that width: a data source or delegate
  /// whose cells or heights depend on the width must read ``measuringWidth``, not
  /// `viewportSize.width`. Nothing on screen is touched.
  /// - Complexity: setting it is O(l) for the l entries read (at most the first
  ///   ``maximumExpectedWidths`` distinct valid ones, plus the invalid ones before them).
  public var expectedWidths: [Double]? {
    get { heights.expected }
    set {
      guard let newValue else {
        heights.expected = nil
        return
      }
      var kept: [Double] = []
      var refused: [Double] = []
      var read = 0
      for width in newValue {
        if kept.count == Self.maximumExpectedWidths { break }
        read += 1
        guard width.isFinite, width > 0 else {
          refused.append(width)
          continue
        }
        let taken = min(width, Self.maximumContentHeight)
        if !kept.contains(taken) { kept.append(taken) }
      }
      if !refused.isEmpty {
        let shown = refused.prefix(3).map { "\($0)" }.joined(separator: ", ")
        report(
          TableViewError(
            .invalidArgument,
            "expected widths \(shown)\(refused.count > 3 ? " and \(refused.count - 3) more" : "") are not positive finite widths; left out"
          ))
      }
      if read < newValue.count {
        report(
          TableViewError(
            .invalidArgument,
            "\(newValue.count) expected widths: the first \(Self.maximumExpectedWidths) distinct ones are kept, the other \(newValue.count - read) entries are left out"
          ))
      }
      heights.expected = kept
    }
  }

  /// The widths the idle precompute measures rows for after the current width, in that order:
  /// the ``expectedWidths`` (or by default the widths whose caches are kept, most recently used
  /// first) but the current one, at most ``widthCacheLimit`` − 1 of them; none for a table without
  /// estimated heights.
  /// - Complexity: O(w) for the widths kept and expected.
  public var precomputedWidths: [Double] {
    heights.precomputedWidths(current: viewportSize.width, limit: widthCacheLimit)
  }

  /// The width rows are measured at right now: `viewportSize.width`, except while the idle
  /// precompute measures a row for another width (see ``expectedWidths``), when it is that width.
  /// A data source or delegate whose cells or heights depend on the width reads this one;
  /// template cells (``height(forCellWithReuseIdentifier:at:configuration:)``) and self-sizing
  /// cells (`sizeThatFits(width:)`) are given it already.
  /// - Complexity: O(1)
  public var measuringWidth: Double { heights.measuringWidth ?? viewportSize.width }

  /// How far the heights of `width` are measured: for the current width, ``precomputeProgress``;
  /// for another width whose cache is kept, its measured rows out of all rows; for a width the
  /// idle precompute will measure but has not started (see ``precomputedWidths``), none of all
  /// rows. `nil` for any other width (NaN included): nothing is kept or planned for it.
  ///
  ///     let other = table.precomputeProgress(forWidth: 80).map { "\(Int($0.fractionCompleted * 100))%" }
  /// - Complexity: O(1), or O(w) for the w widths precomputed when `width` has no cache.
  public func precomputeProgress(forWidth width: Double) -> PrecomputeProgress? {
    if width == viewportSize.width { return precomputeProgress }
    if let index = heights.otherWidths[width] {
      return PrecomputeProgress(measuredRows: index.rowCount - index.unmeasuredRowCount, totalRows: index.rowCount)
    }
    guard precomputedWidths.contains(width) else { return nil }
    return PrecomputeProgress(measuredRows: 0, totalRows: pass.needsReload ? 0 : heights.index.rowCount)
  }
}

// MARK: - What the scheduler may ask and do for other widths

extension TableView {
  /// The precomputed widths that still have rows to measure (or a cache still to build), in order;
  /// none while a reload is pending or the table is not laid out at its current width.
  /// - Complexity: O(w) for the widths kept and expected.
  var widthsAwaitingMeasurement: [Double] {
    guard !pass.needsReload, heights.widthOrder.last == viewportSize.width else { return [] }
    return precomputedWidths.filter { width in
      if let index = heights.otherWidths[width] { return index.unmeasuredRowCount > 0 }
      return heights.index.rowCount > 0 && !heights.unbuildableWidths.contains(width)
    }
  }

  /// Makes sure a height cache is kept for `width` (one of ``precomputedWidths``), building it
  /// when there is none (every row at its estimate, as a switch to a new width would), with room
  /// for measuring its rows. Returns whether there is one.
  /// - Complexity: O(1) when kept; else as a switch to a new width: O(sections), or O(rows) with
  ///   per-row estimates.
  func prepareCache(forWidth width: Double) -> Bool {
    guard !pass.needsReload, width != viewportSize.width, heights.widthOrder.last == viewportSize.width else {
      return false
    }
    if var index = heights.otherWidths.removeValue(forKey: width) {
      index.reserveRoomForMeasuring(rows: index.unmeasuredRowCount)
      heights.otherWidths[width] = index
      return true
    }
    guard !heights.unbuildableWidths.contains(width) else { return false }
    let saved = heights.measuringWidth
    heights.measuringWidth = width
    let fresh = rebuiltIndex()
    heights.measuringWidth = saved
    guard var index = fresh, !pass.needsReload, index.rowCount == heights.index.rowCount else {
      heights.unbuildableWidths.insert(width)
      return false
    }
    index.reserveRoomForMeasuring(rows: index.unmeasuredRowCount)
    heights.keep(index, forWidth: width, limit: widthCacheLimit)
    return heights.otherWidths[width] != nil
  }

  /// Runs `body` with the cache of `width` (the current one for `nil`) and the viewport the user
  /// would see at that width, in its units: the row at the top of the visible area at the same
  /// place on screen (as a switch keeps the reading position). `nil` when no cache is kept for it.
  func withUnmeasuredRowSearch<R>(
    forWidth width: Double?, _ body: (HeightIndex, NearestUnmeasured.Viewport) -> R
  ) -> R? {
    guard let width else { return withUnmeasuredRowSearch(body) }
    guard let index = heights.otherWidths[width] else { return nil }
    return withUnmeasuredRowSearch { current, viewport in
      let top = current.item(containing: min(max(viewport.top, 0), max(current.totalUnits - 1, 0))) ?? 0
      let screen = current.itemCount > 0 ? current.offset(ofItem: top) - viewport.top : 0
      let otherTop = (index.itemCount > 0 ? index.offset(ofItem: top) : 0) - screen
      return body(index, (otherTop, otherTop + viewport.bottom - viewport.top))
    }
  }

  /// Measures the row at `path` for `width` (the current width for `nil`), as it would be measured
  /// coming on screen at that width, without keeping the cell; `current` is its height now and
  /// `unwritten` the change measured and not yet written (see `measuredUnits(at:)`). `nil` when no
  /// cache is kept for `width`. The height is not applied (see `applyMeasuredRun`).
  /// - Complexity: the measuring, plus O(1).
  func measureRowForPrecompute(at path: IndexPath, current: Int64, unwritten: Int64, width: Double?) -> Int64? {
    guard let width else { return measuredUnits(at: path, current: current, keepCell: false, unwritten: unwritten) }
    guard heights.otherWidths[width] != nil else { return nil }
    let saved = heights.measuringWidth
    heights.measuringWidth = width
    defer { heights.measuringWidth = saved }
    return measuredUnits(at: path, current: current, keepCell: false, unwritten: unwritten)
  }

  /// The height of item `k` in the cache of `width` (the current one for `nil`); `nil` when no
  /// cache is kept for it.
  /// - Complexity: O(log n)
  func units(ofItem k: Int, width: Double?) -> Int64? {
    guard let width else { return heights.index.height(ofItem: k) }
    return heights.otherWidths[width]?.height(ofItem: k)
  }

  /// Writes heights measured for the consecutive rows from item `first` into the cache of `width`
  /// (the current width for `nil`: see `applyMeasuredRun(first:units:)`); for another width nothing
  /// on screen moves. Returns `false` when no cache is kept for `width` any more.
  /// - Complexity: O(log n + r) for r rows of one run of the index.
  func applyMeasuredRun(first: Int, units: ArraySlice<Int64>, width: Double?) -> Bool {
    guard let width else {
      applyMeasuredRun(first: first, units: units)
      return true
    }
    guard var index = heights.otherWidths.removeValue(forKey: width) else { return false }
    index.setMeasuredRun(at: first, units: units)
    heights.otherWidths[width] = index
    return true
  }

  /// Stores a height measured for another width in that width's cache (nothing on screen moves:
  /// it is not shown). Returns `false` when no cache is kept for `width` any more.
  /// - Complexity: O(log n)
  func applyHeight(_ units: Int64, toItem k: Int, width: Double) -> Bool {
    guard var index = heights.otherWidths.removeValue(forKey: width) else { return false }
    index.setHeight(ofItem: k, units: units, measured: true)
    heights.otherWidths[width] = index
    return true
  }

  /// The total height (units) of the cache being measured: the current width's, or while
  /// measuring for another width, that width's.
  var measuringTotalUnits: Int64 {
    if let width = heights.measuringWidth, let index = heights.otherWidths[width] { return index.totalUnits }
    return heights.index.totalUnits
  }

  /// Applies a height measured elsewhere (a background slice) for another width to that width's
  /// cache: a bad height is reported and the row keeps its estimate there (marked measured); a good
  /// one is also kept under the row's height-cache key for that width. Returns whether a height was
  /// applied (`false` for a width no longer kept, a row that no longer exists or was measured).
  /// - Complexity: O(log n)
  func applyMeasuredHeight(_ height: Double, forRowAt path: IndexPath, width: Double) -> Bool {
    guard isValid(path) else { return false }
    // Read in a scope of its own: a copy of the index alive while it is written would be copied.
    let row: (item: Int, units: Int64)? = heights.otherWidths[width].flatMap { index in
      let k = index.itemIndex(of: path)
      return index.isMeasured(item: k) ? nil : (k, index.height(ofItem: k))
    }
    guard let row else { return false }
    let saved = heights.measuringWidth
    heights.measuringWidth = width
    defer { heights.measuringWidth = saved }
    let units = acceptedUnits(measuring: height, for: path, keeping: row.units)
    if height.isFinite, height > 0, units == HeightIndex.units(height), let key = heightCacheKey(forRowAt: path) {
      rememberKeyedUnits(units, for: key)
    }
    return applyHeight(units, toItem: row.item, width: width)
  }
}
