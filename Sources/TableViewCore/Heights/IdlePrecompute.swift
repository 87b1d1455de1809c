// Idle-time precompute: the seed article's run-loop observer, done right. The backend calls
// `runSlice()` when its run loop is about to wait; each slice measures the unmeasured rows
// nearest to the viewport until its time budget (on the table's injected clock) is spent.
//
// What the seed got wrong, and what this does instead:
// - it held the table through a raw pointer and crashed when the table went away: the
//   scheduler holds the table weakly, and a slice without a table or a data source is a no-op
//   that reports "finished";
// - it walked index paths it had saved before an update, measuring rows that no longer were
//   what it thought: no cursor outlives a slice; within one, rows are found in the height index
//   (`firstUnmeasuredItem(from:)`/`lastUnmeasuredItem(through:)`, then the run of unmeasured rows
//   that follows), and a data source or delegate call that changes the table ends the slice;
//   updates and reloads bump a generation that discards anything computed before them;
// - it measured one row per wake-up with no notion of time and stuttered: slices measure as many
//   rows as fit in the budget, and nothing runs while the user drags or an animation runs.

/// Measures not-yet-measured rows while the app is idle, nearest to the viewport first, in
/// slices that each fit a time budget. Get it from ``TableView/idlePrecompute``; the app turns it
/// on, the backend's run loop runs its slices when it is about to wait (`runIdleSlice()`, in the
/// backend interface: <doc:WritingABackend>).
///
///     table.idlePrecompute.enable(budget: 0.004)
///     table.idlePrecompute.reach = 100_000   // optional: only near the user
///
/// The scheduler holds its table weakly: an idle hook that keeps the scheduler never keeps the
/// table alive, and once the table is gone every slice returns `false`. How much it has measured
/// is ``TableView/precomputeProgress``; how many slices ran and how long they took,
/// ``TableView/diagnostics``.
///
/// Measuring a row is what the table does when the row comes on screen (the delegate's height,
/// or the cell's `sizeThatFits`); each measured height is stored with the offset anchored, so
/// nothing on screen moves while the scheduler works.
///
/// ## The budget
/// A slice measures at least one row, then goes on only when the time spent so far plus the
/// predicted cost of the rows until the next reading of the clock (the larger of the latest and
/// the running average cost of a row) and of the layout pass that ends the slice (the last one's
/// cost) fits the budget. The clock is read after every row, or, when rows are fast, after as
/// many rows as are predicted to take 1% of the budget (at most 32): reading it costs as much as
/// the engine's own work for such a row. A slice therefore overruns its budget only when rows
/// cost more than predicted, and by at most the rows measured since the clock was last read.
///
/// ## Runs
/// Rows are measured one after another, each asked of the data source (or delegate) as when it
/// comes on screen, in order of distance from the viewport. On each side of the viewport the
/// consecutive unmeasured rows are a *run*: the next row's place and distance follow from the
/// height just measured, so the height index is searched once a run, not once a row, and each
/// run's heights are written into it in one go (a few hundred rows a chunk), with the offset
/// anchored as for rows written one by one.
///
/// ## Background measuring (Texture's idea)
/// A backend that owns threads can have rows measured off the owner thread (the backend
/// interface's `backgroundMeasure`, `makeBackgroundSlice(maxRows:)` and `publish(_:)`): a slice is
/// a `Sendable` batch of rows, run on any thread, whose result is published on the owner thread,
/// which never waits. Results computed before an update or a reload, or for a width whose height
/// cache is no longer kept, are discarded. Neither shipped backend does yet.
///
/// ## Other widths
/// After the current width's rows, the scheduler measures rows for the widths the table expects
/// to show (``TableView/expectedWidths``, by default the widths whose caches it keeps), in both
/// modes, within the same budget, nearest to the user first: a switch to such a width then
/// measures nothing on screen.
public final class IdlePrecompute {
  // Stored properties unchecked for exclusivity: read in every idle slice (see TableView).
  /// The table measured; `nil` once it is gone.
  @exclusivity(unchecked)
  private(set) weak var table: TableView?

  /// Whether slices do any work. Off until enabled.
  @exclusivity(unchecked)
  public var isEnabled = false

  /// The most time (seconds, on the table's clock) one slice should take. Default 4 ms.
  /// Values that are not positive and finite are reported and ignored.
  @exclusivity(unchecked)
  public var budget: Double = 0.004 {
    didSet {
      guard budget.isFinite, budget > 0 else {
        table?.report(
          TableViewError(.invalidArgument, "idle precompute budget \(budget) is not a positive time; kept \(oldValue)"))
        budget = oldValue
        return
      }
    }
  }

  /// A measuring function that may run on any thread: the height of the row at an index path
  /// for a width, from the model alone (no views). Setting it switches the scheduler to
  /// background mode: `runSlice()` then measures nothing itself and the work goes through
  /// ``makeBackgroundSlice(maxRows:)`` and ``publish(_:)``.
  @exclusivity(unchecked)
  @_spi(Backend) public var backgroundMeasure: (@Sendable (IndexPath, Double) -> Double)? {
    didSet { backgroundInFlight = nil }
  }

  /// Called on the owner thread after every slice or publish that measured rows.
  /// Capture the table weakly in it.
  @exclusivity(unchecked)
  public var onProgress: ((PrecomputeProgress) -> Void)?

  /// Bumped by every batch update and reload: work computed under an older generation is never
  /// applied. (Background results also carry their width: they go to that width's height cache,
  /// and are discarded when it is no longer kept.)
  @exclusivity(unchecked)
  private(set) var generation = 0

  // MARK: Statistics

  /// Slices that measured at least one row.
  @exclusivity(unchecked)
  private(set) var slicesRun = 0
  /// Rows measured by this scheduler (on the owner thread or published).
  @exclusivity(unchecked)
  private(set) var rowsMeasured = 0
  /// The duration of the most recent slice that measured rows (seconds, on the table's clock).
  @exclusivity(unchecked)
  private(set) var lastSliceDuration: Double = 0
  /// The rows the most recent slice measured.
  @exclusivity(unchecked)
  private(set) var lastSliceRowCount = 0
  /// The longest slice so far (seconds).
  @exclusivity(unchecked)
  private(set) var longestSliceDuration: Double = 0
  /// Background results discarded because an update, reload or width change came first.
  @exclusivity(unchecked)
  private(set) var discardedResults = 0

  /// The running average cost of one row (seconds), for deciding whether another row fits.
  @exclusivity(unchecked)
  private var averageRowCost: Double = 0
  /// What the layout pass at the end of the last slice cost (seconds): kept free in the budget.
  @exclusivity(unchecked)
  private var layoutCost: Double = 0
  /// The background slice handed out and not yet published, if any: its generation, the width
  /// shown when it was made, and the width it measures at.
  @exclusivity(unchecked)
  private var backgroundInFlight: (generation: Int, shown: Double, measured: Double)?

  init(table: TableView) {
    self.table = table
  }

  /// How far from the viewport rows are measured, in points (`nil`, the default: every row).
  ///
  /// With a reach, a table of a million rows whose rows cost a millisecond each to measure (text
  /// laid out by a real text engine) measures the few thousand rows around the user, and again
  /// around wherever they scroll, instead of keeping a core busy for a quarter of an hour.
  public var reach: Double? {
    didSet { if let reach, !(reach >= 0) { self.reach = nil } }
  }

  /// Turns the scheduler on with a budget per slice (seconds; default 4 ms).
  public func enable(budget: Double = 0.004) {
    self.budget = budget
    isEnabled = true
  }

  /// Whether slices are held back right now: the user is dragging or an animation (a scroll, a
  /// deceleration, a bounce) is running. They resume by themselves afterwards.
  var isPaused: Bool {
    guard let table else { return false }
    return table.isTracking || table.isAnimating
  }

  /// Rows measured so far out of all rows.
  var progress: PrecomputeProgress {
    table?.precomputeProgress ?? PrecomputeProgress(measuredRows: 0, totalRows: 0)
  }

  /// The table changed under the scheduler (a batch update or a reload): nothing computed before
  /// may be applied.
  func tableDidChange() {
    generation &+= 1
    backgroundInFlight = nil
  }

  // MARK: Slices on the owner thread

  /// Runs one slice: measures the unmeasured rows nearest to the viewport, alternating below and
  /// above it by distance, until the budget is spent; then lays the table out once. Once the
  /// current width's rows (within ``reach``) are measured, the slice goes on with the widths the
  /// table expects to show (``TableView/precomputedWidths``), one after the other, each nearest to
  /// where the user would be at that width first; those rows are stored in that width's height
  /// cache and nothing on screen changes.
  ///
  /// Does nothing while ``isPaused``, while the table is laying out or asking its data source,
  /// or before its first load.
  ///
  /// - Returns: whether rows remain to be measured (within `reach`, at any precomputed width) —
  ///   `true` also while paused, so the backend calls again once idle. `false` when everything is
  ///   measured, when the scheduler is off or in background mode, or when the table or its data
  ///   source is gone: then there is nothing to do until the next event.
  /// - Complexity: O(r + u · log n) for the r rows measured in u runs of consecutive unmeasured
  ///   rows, plus their measuring cost and one
  ///   layout pass (when rows of the current width were measured); building the cache of a
  ///   precomputed width the first time costs as a switch to a new width (see
  ///   ``TableView/viewportSize``).
  @discardableResult
  @_spi(Backend) public func runSlice() -> Bool {
    guard isEnabled, let table, table.dataSource != nil, backgroundMeasure == nil else { return false }
    guard table.rowsAwaitingMeasurement > 0 || !table.widthsAwaitingMeasurement.isEmpty else { return false }
    if table.isBusyForIdleWork { return true }

    var slice = SliceState(start: table.clock.now)
    var outcome = SliceOutcome.done
    if table.rowsAwaitingMeasurement > 0 {
      // Room for every row still to measure, made once: growing the chunk storage mid-slice copied
      // megabytes and overran the budget.
      table.prepareToMeasure(rows: table.rowsAwaitingMeasurement)
      outcome = measureNearest(forWidth: nil, in: table, &slice)
    }
    if outcome == .done {
      for width in table.widthsAwaitingMeasurement where table.prepareCache(forWidth: width) {
        outcome = measureNearest(forWidth: width, in: table, &slice)
        if outcome != .done { break }
      }
    }
    let clock = table.clock
    if slice.rows > 0 {
      if slice.currentRows > 0, !table.reloadPending {
        let layoutStart = clock.now
        table.layoutIfNeeded()
        layoutCost = max(0, clock.now - layoutStart)
      }
      record(rows: slice.rows, duration: clock.now - slice.start)
    }
    switch outcome {
    case .done: return false
    case .outOfBudget: return true
    case .stopped:
      return table.dataSource != nil
        && (table.rowsAwaitingMeasurement > 0 || !table.widthsAwaitingMeasurement.isEmpty)
    }
  }

  /// What one slice has done so far.
  private struct SliceState {
    /// When the slice started (the table's clock).
    var start: Double
    /// Rows measured and written, of any width.
    var rows = 0
    /// Rows measured, written or not yet.
    var measured = 0
    /// Rows of the current width written (the slice then ends with a layout pass).
    var currentRows = 0
    /// What a row measured cost lately (seconds): the rows since the last reading of the clock,
    /// on average.
    var lastRowCost: Double = 0
  }

  /// How measuring the rows of one width ended.
  private enum SliceOutcome {
    /// No unmeasured row is left within reach.
    case done
    /// The next row does not fit the budget.
    case outOfBudget
    /// The table changed while a row was measured (an update, a reload, a new data source or
    /// delegate, a new width, the width's cache dropped): that row is not applied.
    case stopped
  }

  /// The most heights measured on one side before they are written into the index.
  static let unwrittenRowLimit = 1_024

  /// Rows measured between two readings of the clock: as many as are predicted to take 1% of the
  /// budget, from 1 to 32. Reading the clock costs as much as the engine's own work for a fast
  /// row; a slice whose rows turn out far slower than predicted overruns by a few rows at most.
  private func readingStride(_ slice: SliceState) -> Int {
    let predicted = max(slice.lastRowCost, averageRowCost)
    guard predicted > 0 else { return rowsMeasured > 0 || slice.measured > 0 ? 32 : 1 }
    return Int(max(1, min(32, (budget * 0.01 / predicted).rounded(.down))))
  }

  /// Measures the unmeasured rows of `width` (the current width for `nil`) nearest to the user
  /// while the budget lasts. The rows are measured one after another, as the data source must be
  /// asked for each; the heights of each side's run of consecutive rows are written into the
  /// index in one go (see `NearestUnmeasured`).
  private func measureNearest(forWidth width: Double?, in table: TableView, _ slice: inout SliceState)
    -> SliceOutcome
  {
    let clock = table.clock
    let sliceGeneration = generation
    let gaveRowHeights = table.delegateMayGiveRowHeights
    let shown = table.viewportSize.width
    let followsRuns = !table.measuresOneRowAtATime
    guard
      var cursor = table.withUnmeasuredRowSearch(
        forWidth: width, { NearestUnmeasured(index: $0, viewport: $1, followsRuns: followsRuns) })
    else { return .stopped }
    let limit = reach.map { HeightIndex.units(min($0, 1e15)) } ?? .max
    // Measuring the current width's rows ends the slice with a layout pass: keep room for it.
    let layoutRoom = width == nil || slice.currentRows > 0 ? layoutCost : 0

    // Writes the heights measured on both sides; `false` when the width's cache is gone.
    func write() -> Bool {
      for isBelow in [true, false] {
        guard let (first, units) = cursor.takeMeasured(below: isBelow) else { continue }
        guard table.applyMeasuredRun(first: first, units: units, width: width) else { return false }
        slice.rows += units.count
        if width == nil { slice.currentRows += units.count }
      }
      cursor.written()
      return true
    }

    var now = clock.now
    var sinceReading = 0
    var stride = readingStride(slice)
    while let (k, below) = cursor.next() {
      guard cursor.distance(below: below) <= limit else { return write() ? .done : .stopped }
      // Another stride of rows fits when it and the layout pass that ends the slice both do.
      if sinceReading == 0, slice.measured > 0,
        now - slice.start + Double(stride) * max(slice.lastRowCost, averageRowCost) + layoutRoom > budget
      {
        return write() ? .outOfBudget : .stopped
      }
      guard let path = cursor.indexPath(below: below),
        let estimate = cursor.estimate(below: below) ?? table.units(ofItem: k, width: width)
      else { return .stopped }
      // The data source or delegate may have reloaded, gone, been replaced or changed the width
      // while measuring: the row is then not what was measured, and nothing more is done (the
      // rows measured before it are written while the index is still theirs).
      guard
        let units = table.measureRowForPrecompute(
          at: path, current: estimate, unwritten: cursor.unwrittenChange, width: width),
        generation == sliceGeneration, !table.reloadPending, table.dataSource != nil,
        table.delegateMayGiveRowHeights == gaveRowHeights, table.viewportSize.width == shown
      else {
        if generation == sliceGeneration, !table.reloadPending, table.viewportSize.width == shown { _ = write() }
        return .stopped
      }
      slice.measured += 1
      let runGoesOn = cursor.measured(below: below, units: units, estimate: estimate)
      if !runGoesOn || cursor.measuredCount(below: below) >= Self.unwrittenRowLimit {
        guard write() else { return .stopped }
        if !runGoesOn {
          let found: Void? = table.withUnmeasuredRowSearch(forWidth: width) {
            cursor.searchAgain(below: below, index: $0, viewport: $1)
          }
          guard found != nil else { return .stopped }
        }
      }
      sinceReading += 1
      if sinceReading >= stride {
        let read = clock.now
        slice.lastRowCost = max(0, read - now) / Double(sinceReading)
        now = read
        sinceReading = 0
        averageRowCost =
          averageRowCost == 0 ? slice.lastRowCost : 0.75 * averageRowCost + 0.25 * slice.lastRowCost
        stride = readingStride(slice)
      }
    }
    return write() ? .done : .stopped
  }

  private func record(rows: Int, duration: Double) {
    slicesRun += 1
    rowsMeasured += rows
    lastSliceRowCount = rows
    lastSliceDuration = duration
    longestSliceDuration = max(longestSliceDuration, duration)
    if let onProgress, let table { onProgress(table.precomputeProgress) }
  }

  // MARK: Background mode

  /// Rows to measure off the owner thread, nearest to the viewport first, or `nil` when there is
  /// nothing to hand out: not in background mode, disabled, paused, a slice already out for the
  /// current generation, nothing left, or the table or its data source gone.
  ///
  /// The rows are the current width's while it has unmeasured rows within ``reach``; then those
  /// of the widths the table expects to show (``TableView/precomputedWidths``), one width per
  /// slice, nearest first to where the user would be at that width. The slice's `width` says
  /// which.
  ///
  /// Only one slice is out at a time per generation and current width; an update, a reload or a
  /// width change makes a new one available at once (the old one's result will be discarded, or,
  /// after a width change, stored in the cache kept for its width). Publish every slice handed
  /// out, even late: until then no other is made.
  /// - Complexity: O(maxRows · log n), plus building the cache of a precomputed width the first
  ///   time (as a switch to a new width).
  @_spi(Backend) public func makeBackgroundSlice(maxRows: Int = 64) -> BackgroundSlice? {
    guard isEnabled, let measure = backgroundMeasure, let table, table.dataSource != nil, !isPaused else {
      return nil
    }
    let shown = table.viewportSize.width
    if let out = backgroundInFlight, out.generation == generation, out.shown == shown { return nil }
    var widths: [Double?] = table.rowsAwaitingMeasurement > 0 ? [nil] : []
    widths += table.widthsAwaitingMeasurement.map { $0 }
    let limit = reach.map { HeightIndex.units(min($0, 1e15)) } ?? .max
    for width in widths {
      if let width, !table.prepareCache(forWidth: width) { continue }
      var paths: [IndexPath] = []
      paths.reserveCapacity(min(max(1, maxRows), 4_096))
      guard
        var cursor = table.withUnmeasuredRowSearch(forWidth: width, { NearestUnmeasured(index: $0, viewport: $1) })
      else { continue }
      // Nothing is measured here: each side's candidate simply advances past the one taken.
      while paths.count < max(1, maxRows), let (k, below) = cursor.next(), cursor.distance(below: below) <= limit {
        paths.append(table.indexPath(ofItem: k))
        _ = table.withUnmeasuredRowSearch(forWidth: width) { cursor.skip(k, below: below, index: $0, viewport: $1) }
      }
      guard !paths.isEmpty else { continue }
      let measured = width ?? shown
      backgroundInFlight = (generation, shown, measured)
      return BackgroundSlice(
        generation: generation, width: measured, indexPaths: paths, budget: budget, measure: measure)
    }
    return nil
  }

  /// Applies heights measured off the owner thread. Results from an older generation (an update,
  /// a reload came first) or for a width whose height cache is no longer kept are discarded; rows
  /// measured meanwhile (they came on screen) keep their height; bad heights are reported and not
  /// cached. Heights for the current width are applied with the offset anchored and the table
  /// laid out once; heights for another width go to that width's cache, and nothing on screen
  /// changes.
  /// - Returns: the number of rows whose height was applied.
  /// - Complexity: O(r · log n) for r results.
  @discardableResult
  @_spi(Backend) public func publish(_ result: MeasuredHeights) -> Int {
    guard let table else { return 0 }
    if let out = backgroundInFlight, out.generation == result.generation, out.measured == result.width {
      backgroundInFlight = nil
    }
    let current = result.width == table.viewportSize.width
    guard result.generation == generation, current || table.heights.hasCache(forWidth: result.width),
      table.acceptsMeasuredHeights, table.dataSource != nil
    else {
      discardedResults += 1
      return 0
    }
    var applied = 0
    if current {
      for (path, height) in result.heights where table.applyMeasuredHeight(height, forRowAt: path) {
        applied += 1
      }
    } else {
      for (path, height) in result.heights
      where table.applyMeasuredHeight(height, forRowAt: path, width: result.width) {
        applied += 1
      }
    }
    if applied > 0 {
      if current { table.layoutIfNeeded() }
      rowsMeasured += applied
      if let onProgress { onProgress(table.precomputeProgress) }
    }
    return applied
  }

  /// Rows to measure on any thread, made by ``IdlePrecompute/makeBackgroundSlice(maxRows:)``.
  @_spi(Backend) public struct BackgroundSlice: Sendable {
    /// The scheduler's generation when the slice was made.
    public let generation: Int
    /// The width to measure at: the table's width when the slice was made, or one of the widths
    /// it expects to show (``TableView/precomputedWidths``).
    public let width: Double
    /// The rows, nearest to the viewport first.
    public let indexPaths: [IndexPath]
    /// The scheduler's budget when the slice was made (seconds).
    public let budget: Double
    let measure: @Sendable (IndexPath, Double) -> Double

    /// Measures the rows in order, on the calling thread. With a time source (`now`, seconds),
    /// stops once the budget is spent (after at least one row; at most one row of overrun);
    /// without one, measures every row of the slice.
    /// - Complexity: O(rows) plus the measuring cost.
    public func run(now: (() -> Double)? = nil) -> MeasuredHeights {
      let start = now?() ?? 0
      var heights: [(IndexPath, Double)] = []
      heights.reserveCapacity(indexPaths.count)
      var elapsed: Double = 0
      for path in indexPaths {
        if let now, !heights.isEmpty {
          elapsed = now() - start
          if elapsed >= budget { break }
        }
        heights.append((path, measure(path, width)))
      }
      if let now { elapsed = now() - start }
      return MeasuredHeights(generation: generation, width: width, heights: heights, elapsed: elapsed)
    }
  }

  /// The result of a ``BackgroundSlice``, to publish on the owner thread.
  @_spi(Backend) public struct MeasuredHeights: Sendable {
    /// The generation the rows were chosen in.
    public let generation: Int
    /// The width they were measured at.
    public let width: Double
    /// Each row with its measured height (points).
    public var heights: [(IndexPath, Double)]
    /// The time the slice took, when it had a time source (seconds).
    public var elapsed: Double
  }
}

/// How far idle precompute has come: rows with a measured height out of all rows.
public struct PrecomputeProgress: Hashable, Sendable, CustomStringConvertible {
  /// Rows whose height is measured (or known exactly).
  public var measuredRows: Int
  /// All rows.
  public var totalRows: Int
  /// `measuredRows / totalRows`, 1 for an empty table.
  public var fractionCompleted: Double { totalRows == 0 ? 1 : Double(measuredRows) / Double(totalRows) }
  /// Whether every row is measured.
  public var isComplete: Bool { measuredRows == totalRows }
  /// "measured/total".
  public var description: String { "\(measuredRows)/\(totalRows)" }
}
