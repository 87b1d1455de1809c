// The table's side of idle-time precompute (the scheduler is in IdlePrecompute.swift).

extension TableView {
  /// The idle-time precompute scheduler of this table, made on first use (off until enabled).
  ///
  ///     table.idlePrecompute.enable(budget: 0.004)
  ///     // from the backend's run loop, when it is about to wait:
  ///     let more = table.runIdleSlice()
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
  public func runIdleSlice() -> Bool {
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
  public func publishMeasuredHeights(_ result: IdlePrecompute.MeasuredHeights) -> Int {
    idleScheduler?.publish(result) ?? 0
  }

  /// The index path of item `k`, which must be a row.
  /// - Complexity: O(log n)
  func indexPath(ofItem k: Int) -> IndexPath {
    let section = heights.index.prefix(k).sections - 1
    return IndexPath(row: k - heights.index.itemIndex(ofHeader: section) - 1, section: section)
  }
}
