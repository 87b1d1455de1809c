// The table's side of idle-time precompute (the scheduler is in IdlePrecompute.swift).

extension TableView {
  /// The idle-time precompute scheduler of this table, made on first use (off until enabled).
  ///
  ///     table.idlePrecompute.enable(budget: 0.004)
  ///     // the backend's run loop then runs a slice whenever it is about to wait
  public var idlePrecompute: IdlePrecompute {
    if let scheduler = idleScheduler { return scheduler }
    let scheduler = IdlePrecompute(table: self)
    idleScheduler = scheduler
    return scheduler
  }

  /// Runs one idle slice (see ``IdlePrecompute/runSlice()``): measures the unmeasured rows
  /// nearest to the viewport within the budget.
  /// - Returns: whether rows remain to be measured (call again when idle); `false` when the
  ///   scheduler is off or there is nothing to do until the next event.
  /// - Complexity: as ``IdlePrecompute/runSlice()``.
  @discardableResult
  @_spi(Backend) public func runIdleSlice() -> Bool {
    idleScheduler?.runSlice() ?? false
  }

  /// Rows measured so far out of all rows (`rowCount - unmeasuredRowCount`).
  /// - Complexity: O(1)
  public var precomputeProgress: PrecomputeProgress {
    PrecomputeProgress(
      measuredRows: heights.index.rowCount - heights.index.unmeasuredRowCount, totalRows: heights.index.rowCount)
  }

  /// Applies heights measured off the owner thread by a background slice (see
  /// ``IdlePrecompute/publish(_:)``). Call on the owner thread; it never waits.
  /// - Returns: the number of rows whose height was applied (0 for stale results).
  /// - Complexity: as ``IdlePrecompute/publish(_:)``.
  @discardableResult
  @_spi(Backend) public func publishMeasuredHeights(_ result: IdlePrecompute.MeasuredHeights) -> Int {
    idleScheduler?.publish(result) ?? 0
  }

  /// The index path of item `k`, which must be a row.
  /// - Complexity: O(log n)
  func indexPath(ofItem k: Int) -> IndexPath {
    let section = heights.index.prefix(k).sections - 1
    return IndexPath(row: k - heights.index.itemIndex(ofHeader: section) - 1, section: section)
  }
}

// MARK: - What the scheduler may ask and do: its only ways into the table

extension TableView {
  /// Rows still at an estimate (0 while a reload is pending: nothing is known yet).
  var rowsAwaitingMeasurement: Int { pass.needsReload ? 0 : heights.index.unmeasuredRowCount }

  /// Whether a reload is pending (the data source changed; nothing measured now would be right).
  var reloadPending: Bool { pass.needsReload }

  /// Whether the table is busy with something idle work must not interrupt: a touch, an
  /// animation, a layout pass, or a call to its data source or delegate.
  var isBusyForIdleWork: Bool { isTracking || isAnimating || pass.inLayout || pass.dataSourceCallDepth > 0 }

  /// Whether the table can take measured heights now: loaded, not laying out, not asking its
  /// data source.
  var acceptsMeasuredHeights: Bool { !pass.needsReload && !pass.inLayout && pass.dataSourceCallDepth == 0 }

  /// Whether the delegate may give row heights (a measurement taken with another answer is stale).
  var delegateMayGiveRowHeights: Bool { rowHeights != nil }

  /// Makes room in the geometry for `rows` more measured rows, once, so that measuring never grows
  /// (and copies) the storage in the middle of a slice.
  /// - Complexity: O(n) when the storage grows, else O(1).
  func prepareToMeasure(rows: Int) { heights.index.reserveRoomForMeasuring(rows: rows) }

  /// Whether the idle precompute measures one row at a time, searching its next rows again after
  /// each (a looping table: measuring moves its viewport in another way than anchoring does),
  /// rather than run after run.
  var measuresOneRowAtATime: Bool { rowSpace.keepsFirstVisibleRowInPlace }

  /// Writes heights the idle precompute measured for the consecutive rows from item `first` at
  /// the current width, anchored as `applyHeight` anchors them one by one: the rows above the
  /// first visible one move the offset by their change, so nothing on screen moves. The cells on
  /// screen are placed by the layout pass that ends the slice.
  /// - Complexity: O(log n + r) for r rows of one run of the index (see
  ///   `HeightIndex.setMeasuredRun`).
  func applyMeasuredRun(first: Int, units: ArraySlice<Int64>) {
    // Mid-layout or with nothing on screen the visible range says nothing: row by row, as before.
    guard !pass.inLayout, !visible.rows.isEmpty, !rowSpace.keepsFirstVisibleRowInPlace else {
      for (i, h) in units.enumerated() { applyHeight(h, toItem: first + i, measured: true, placesCells: false) }
      return
    }
    // The run's rows are consecutive: those before the first visible row are above the visible area.
    let rowsBefore = heights.index.prefix(first).rows
    let above = min(units.count, max(0, visible.rowRange.lowerBound - rowsBefore))
    if above > 0 {
      let change = heights.index.setMeasuredRun(at: first, units: units.prefix(above))
      if change != 0 { correctContentOffsetY(to: scroll.offset.y + HeightIndex.points(change)) }
    }
    if above < units.count { heights.index.setMeasuredRun(at: first + above, units: units.dropFirst(above)) }
    pass.framesDirty = true
  }

  /// Runs `body` with the geometry and the viewport in the geometry's units (the top within the
  /// first lap of a looping table), for the search of the unmeasured rows nearest to it.
  func withUnmeasuredRowSearch<R>(_ body: (HeightIndex, NearestUnmeasured.Viewport) -> R) -> R {
    var top = HeightIndex.units(scroll.offset.y) - heights.tableHeaderUnits
    // A looping table's viewport, brought into the first lap (distances do not wrap round).
    top = rowSpace.wrappedIntoFirstLap(top)
    return body(heights.index, (top, top + HeightIndex.units(viewportSize.height)))
  }

  /// Applies a height measured elsewhere (a background slice) to the row at `path`, anchored: a bad
  /// height is reported and the row keeps its estimate (marked measured, so it is not retried); a
  /// good one is also kept under the row's height-cache key. Returns whether a height was applied
  /// (`false` for a row that no longer exists or was measured meanwhile).
  /// - Complexity: O(log n)
  func applyMeasuredHeight(_ height: Double, forRowAt path: IndexPath) -> Bool {
    guard isValid(path) else { return false }
    let k = heights.index.itemIndex(of: path)
    guard !heights.index.isMeasured(item: k) else { return false }
    let units: Int64
    if height.isFinite, height > 0, height <= HeightIndex.maximumHeight {
      units = HeightIndex.units(height)
      if let key = heightCacheKey(forRowAt: path) { rememberKeyedUnits(units, for: key) }
    } else {
      units = heights.index.height(ofItem: k)
      report(
        TableViewError(
          .invalidHeight,
          "background measurement \(height) for row \(path) is not a positive finite number; it is not cached, the row keeps its estimate \(HeightIndex.points(units))"
        ))
    }
    applyHeight(units, toItem: k, measured: true)
    return true
  }
}
