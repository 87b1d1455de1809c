// The table's counters in one value, for a status line, a memory budget or a benchmark's report.

extension TableView {
  /// What the table holds and has done so far: views, reuse, height caches, layout time and idle
  /// precompute, read together through ``TableView/diagnostics``.
  ///
  ///     let d = table.diagnostics
  ///     status = "\(d.aliveViewCount) alive · \(d.cellsCreated) created · \(d.cellsReused) reused"
  ///
  /// A snapshot: it does not change when the table does; read ``TableView/diagnostics`` again.
  public struct Diagnostics: Hashable, Sendable {
    /// Cells made by the registered factories so far.
    public var cellsCreated = 0
    /// Cell dequeues served from the reuse pool so far.
    public var cellsReused = 0
    /// Cells waiting in the reuse pool.
    public var pooledCellCount = 0
    /// Views the table keeps alive: on screen, prepared, and pooled (cells and header/footer
    /// views). Scrolling through any number of rows leaves it bounded by what one screen needs
    /// plus the pools (``TableView/reusePoolFloor``).
    public var aliveViewCount = 0
    /// The bytes the height caches hold in use: the current width's geometry and that of every
    /// other width kept (``cachedWidths``). For memory budgets.
    public var heightCacheBytes = 0
    /// The widths whose height caches are kept, the current one last (at most
    /// ``TableView/widthCacheLimit``).
    public var cachedWidths: [Double] = []
    /// Heights in the keyed height cache (``TableViewHeightCacheKeys``), all widths together (at
    /// most ``TableView/keyedHeightCacheLimit`` per width).
    public var keyedHeightCount = 0
    /// How long the engine took for the last input, animation frame, reload or resize the backend
    /// timed, in seconds (layout, measuring and dequeuing included; drawing not); 0 until a
    /// backend times one. The table reads no clock of its own for it.
    public var lastLayoutDuration: Double = 0
    /// The longest of those durations since the table was made or
    /// ``TableView/resetLongestLayoutDuration()``: the worst frame, which the last one hides.
    public var longestLayoutDuration: Double = 0
    /// Idle-precompute slices that measured at least one row (``TableView/idlePrecompute``).
    public var precomputeSlicesRun = 0
    /// Rows the idle precompute measured, in slices or published from the background.
    public var precomputedRowCount = 0
    /// The duration of the most recent precompute slice that measured rows, in seconds on the
    /// table's clock (compare with the budget, ``IdlePrecompute/budget``).
    public var lastPrecomputeSliceDuration: Double = 0
    /// The rows the most recent precompute slice measured.
    public var lastPrecomputeSliceRowCount = 0
    /// The longest precompute slice so far, in seconds on the table's clock.
    public var longestPrecomputeSliceDuration: Double = 0
    /// Heights measured in the background and discarded because an update, a reload or a change
    /// of width came first.
    public var discardedPrecomputeResults = 0
  }

  /// The table's counters now: views alive and reused, the height caches' size, the last layout's
  /// duration, the idle precompute's work.
  /// - Complexity: O(visible views + identifiers registered + widths kept)
  public var diagnostics: Diagnostics {
    var d = Diagnostics()
    d.cellsCreated = cellsCreated
    d.cellsReused = cellsReused
    d.pooledCellCount = pooledCellCount
    d.aliveViewCount = aliveViewCount
    d.heightCacheBytes = heightCacheBytes
    d.cachedWidths = cachedWidths
    d.keyedHeightCount = keyedHeightCount
    d.lastLayoutDuration = lastLayoutDuration
    d.longestLayoutDuration = longestLayoutDuration
    if let scheduler = idleScheduler {
      d.precomputeSlicesRun = scheduler.slicesRun
      d.precomputedRowCount = scheduler.rowsMeasured
      d.lastPrecomputeSliceDuration = scheduler.lastSliceDuration
      d.lastPrecomputeSliceRowCount = scheduler.lastSliceRowCount
      d.longestPrecomputeSliceDuration = scheduler.longestSliceDuration
      d.discardedPrecomputeResults = scheduler.discardedResults
    }
    return d
  }

  /// Records how long the engine took for work the backend just timed (an input, a frame, a reload,
  /// a resize), in seconds: ``Diagnostics/lastLayoutDuration``. The engine reads no system clock; a
  /// backend that times its calls into the table reports them here. A value that is not finite
  /// or is negative is taken as 0.
  @_spi(Backend) public func recordLayoutDuration(_ seconds: Double) {
    lastLayoutDuration = seconds.isFinite ? max(0, seconds) : 0
    longestLayoutDuration = max(longestLayoutDuration, lastLayoutDuration)
  }

  /// Starts ``Diagnostics/longestLayoutDuration`` afresh (at 0), e.g. after a first frame that
  /// loaded the data, to watch the frames of a scroll.
  public func resetLongestLayoutDuration() {
    longestLayoutDuration = 0
  }
}
