// Idle-time precompute: the seed article's run-loop observer, done right. The backend calls
// `runSlice()` when its run loop is about to wait; each slice measures the unmeasured rows
// nearest to the viewport until its time budget (on the table's injected clock) is spent.
//
// What the seed got wrong, and what this does instead:
// - it held the table through a raw pointer and crashed when the table went away: the
//   scheduler holds the table weakly, and a slice without a table or a data source is a no-op
//   that reports "finished";
// - it walked heights.index paths it had saved before an update, measuring rows that no longer were
//   what it thought: a slice keeps no cursor; every row is found in the height heights.index at the
//   moment it is measured (`firstUnmeasuredItem(from:)`/`lastUnmeasuredItem(through:)`), and
//   updates and reloads bump a generation that discards anything computed before them;
// - it measured one row per wake-up with no notion of time and stuttered: slices measure as many
//   rows as fit in the budget, and nothing runs while the user drags or an scroll.animation runs.

/// Measures not-yet-measured rows while the app is idle, nearest to the viewport first, in
/// slices that each fit a time budget. Get it from ``TableView/idlePrecompute``.
///
///     table.idlePrecompute.enable(budget: 0.004)
///     runLoop.whenIdle { [scheduler = table.idlePrecompute] in
///       scheduler.runSlice()   // true: wake me again; false: nothing to do until the next event
///     }
///
/// The scheduler holds its table weakly: an idle hook that keeps the scheduler never keeps the
/// table alive, and once the table is gone every slice returns `false`.
///
/// Measuring a row is what the table does when the row comes on screen (the delegate's height,
/// or the cell's `sizeThatFits`); each measured height is stored with the offset anchored, so
/// nothing on screen moves while the scheduler works.
///
/// ## The budget
/// A slice measures at least one row, then starts another only when the time spent so far plus
/// the predicted cost of a row (the larger of the last row's cost and the running average) and
/// of the layout pass that ends the slice (the last one's cost) fits the budget. A slice therefore overruns its budget only when a row costs more than predicted,
/// and by at most that one row's cost.
///
/// ## Background measuring (Texture's idea)
/// With ``backgroundMeasure`` set, rows are measured off the owner thread: ``makeBackgroundSlice(maxRows:)``
/// hands out a `Sendable` batch of rows, the caller runs it on any thread and passes the result to
/// ``publish(_:)`` (or ``TableView/publishMeasuredHeights(_:)``) on the owner thread, which never
/// waits. Results computed before an update, a reload or a width change are discarded.
public final class IdlePrecompute {
  /// The table measured; `nil` once it is gone.
  public private(set) weak var table: TableView?

  /// Whether slices do any work. Off until enabled.
  public var isEnabled = false

  /// The most time (seconds, on the table's clock) one slice should take. Default 4 ms.
  /// Values that are not positive and finite are reported and ignored.
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
  public var backgroundMeasure: (@Sendable (IndexPath, Double) -> Double)? {
    didSet { backgroundInFlight = nil }
  }

  /// Called on the owner thread after every slice or publish that measured rows.
  /// Capture the table weakly in it.
  public var onProgress: ((PrecomputeProgress) -> Void)?

  /// Bumped by every batch update and reload: work computed under an older generation is never
  /// applied. (Background results also carry their width, so a width change discards them too.)
  public private(set) var generation = 0

  // MARK: Statistics

  /// Slices that measured at least one row.
  public private(set) var slicesRun = 0
  /// Rows measured by this scheduler (on the owner thread or published).
  public private(set) var rowsMeasured = 0
  /// The duration of the most recent slice that measured rows (seconds, on the table's clock).
  public private(set) var lastSliceDuration: Double = 0
  /// The rows the most recent slice measured.
  public private(set) var lastSliceRowCount = 0
  /// The longest slice so far (seconds).
  public private(set) var longestSliceDuration: Double = 0
  /// Background results discarded because an update, reload or width change came first.
  public private(set) var discardedResults = 0

  /// The running average cost of one row (seconds), for deciding whether another row fits.
  private var averageRowCost: Double = 0
  /// What the layout pass at the end of the last slice cost (seconds): kept free in the budget.
  private var layoutCost: Double = 0
  /// The generation and width of the background slice handed out and not yet published, if any.
  private var backgroundInFlight: (generation: Int, width: Double)?

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
  public var isPaused: Bool {
    guard let table else { return false }
    return table.isTracking || table.isAnimating
  }

  /// Rows measured so far out of all rows.
  public var progress: PrecomputeProgress {
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
  /// above it by distance, until the budget is spent; then lays the table out once.
  ///
  /// Does nothing while ``isPaused``, while the table is laying out or asking its data source,
  /// or before its first load.
  ///
  /// - Returns: whether rows remain to be measured (within `reach`) — `true` also while paused, so the backend
  ///   calls again once idle. `false` when everything is measured, when the scheduler is off or
  ///   in background mode, or when the table or its data source is gone: then there is nothing
  ///   to do until the next event.
  /// - Complexity: O(r · log n) for the r rows measured, plus their measuring cost and one
  ///   layout pass.
  @discardableResult
  public func runSlice() -> Bool {
    guard isEnabled, let table, table.dataSource != nil else { return false }
    guard backgroundMeasure == nil, !table.pass.needsReload, table.heights.index.unmeasuredRowCount > 0 else {
      return false
    }
    if table.isTracking || table.isAnimating || table.pass.inLayout || table.pass.dataSourceCallDepth > 0 {
      return true
    }

    let clock = table.clock
    let start = clock.now
    // Room for every row still to measure, made once: growing the chunk storage mid-slice copied
    // megabytes and overran the budget.
    table.heights.index.reserveRoomForMeasuring(rows: table.heights.index.unmeasuredRowCount)
    let sliceGeneration = generation
    let usedDelegateHeights = table.rowHeights != nil
    var lastRowCost: Double = 0
    var count = 0
    var cursor = NearestUnmeasured(table)
    let limit = reach.map { HeightIndex.units(min($0, 1e15)) } ?? .max
    var remaining = true
    while let (k, below) = cursor.next(table) {
      guard cursor.distance(below: below) <= limit else {
        remaining = false
        break
      }
      // Another row fits when it and the layout pass that ends the slice both do.
      if count > 0, clock.now - start + max(lastRowCost, averageRowCost) + layoutCost > budget { break }
      let info = table.heights.index.info(ofItem: k)
      let rowStart = clock.now
      let units = table.measuredUnits(forItem: k, info: info, keepCell: false)
      // The data source or delegate may have reloaded, gone, or been replaced while measuring:
      // the row is then not what was measured, and nothing more is done.
      guard generation == sliceGeneration, !table.pass.needsReload, table.dataSource != nil,
        (table.rowHeights != nil) == usedDelegateHeights
      else { break }
      table.applyHeight(units, toItem: k, measured: true)
      cursor.measured(k, below: below, in: table)
      lastRowCost = max(0, clock.now - rowStart)
      averageRowCost = averageRowCost == 0 ? lastRowCost : 0.75 * averageRowCost + 0.25 * lastRowCost
      count += 1
    }
    if count > 0 {
      if !table.pass.needsReload {
        let layoutStart = clock.now
        table.layoutIfNeeded()
        layoutCost = max(0, clock.now - layoutStart)
      }
      record(rows: count, duration: clock.now - start)
    }
    return remaining && table.dataSource != nil && !table.pass.needsReload && table.heights.index.unmeasuredRowCount > 0
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
  /// Only one slice is out at a time per generation and width; an update, a reload or a width
  /// change makes a new one available at once (the old one's result will be discarded). Publish
  /// every slice handed out, even late: until then no other is made.
  /// - Complexity: O(maxRows · log n)
  public func makeBackgroundSlice(maxRows: Int = 64) -> BackgroundSlice? {
    guard isEnabled, let measure = backgroundMeasure, let table, table.dataSource != nil, !table.pass.needsReload,
      !isPaused, table.heights.index.unmeasuredRowCount > 0
    else { return nil }
    if let out = backgroundInFlight, out.generation == generation, out.width == table.viewportSize.width { return nil }
    var paths: [IndexPath] = []
    paths.reserveCapacity(min(max(1, maxRows), table.heights.index.unmeasuredRowCount))
    var cursor = NearestUnmeasured(table)
    // Nothing is measured here: each side's candidate simply advances past the one taken.
    let limit = reach.map { HeightIndex.units(min($0, 1e15)) } ?? .max
    while paths.count < max(1, maxRows), let (k, below) = cursor.next(table), cursor.distance(below: below) <= limit {
      paths.append(table.indexPath(ofItem: k))
      cursor.skip(k, below: below, in: table)
    }
    guard !paths.isEmpty else { return nil }
    backgroundInFlight = (generation, table.viewportSize.width)
    return BackgroundSlice(
      generation: generation, width: table.viewportSize.width, indexPaths: paths, budget: budget, measure: measure)
  }

  /// Applies heights measured off the owner thread. Results from an older generation (an update,
  /// a reload came first) or another width are discarded; rows measured meanwhile (they came on
  /// screen) keep their height; bad heights are reported and not cached. The offset is anchored
  /// and the table laid out once.
  /// - Returns: the number of rows whose height was applied.
  /// - Complexity: O(r · log n) for r results.
  @discardableResult
  public func publish(_ result: MeasuredHeights) -> Int {
    guard let table else { return 0 }
    if let out = backgroundInFlight, out.generation == result.generation, out.width == result.width {
      backgroundInFlight = nil
    }
    guard result.generation == generation, result.width == table.viewportSize.width, !table.pass.needsReload,
      table.dataSource != nil, !table.pass.inLayout, table.pass.dataSourceCallDepth == 0
    else {
      discardedResults += 1
      return 0
    }
    var applied = 0
    for (path, height) in result.heights where table.isValid(path) {
      let k = table.heights.index.itemIndex(of: path)
      guard !table.heights.index.isMeasured(item: k) else { continue }
      let units: Int64
      if height.isFinite, height > 0, height <= HeightIndex.maximumHeight {
        units = HeightIndex.units(height)
        if let key = table.heightCacheKey(forRowAt: path) { table.rememberKeyedUnits(units, for: key) }
      } else {
        units = table.heights.index.height(ofItem: k)
        table.report(
          TableViewError(
            .invalidHeight,
            "background measurement \(height) for row \(path) is not a positive finite number; it is not cached, the row keeps its estimate \(HeightIndex.points(units))"
          ))
      }
      table.applyHeight(units, toItem: k, measured: true)
      applied += 1
    }
    if applied > 0 {
      table.layoutIfNeeded()
      rowsMeasured += applied
      if let onProgress { onProgress(table.precomputeProgress) }
    }
    return applied
  }

  /// Rows to measure on any thread, made by ``IdlePrecompute/makeBackgroundSlice(maxRows:)``.
  public struct BackgroundSlice: Sendable {
    /// The scheduler's generation when the slice was made.
    public let generation: Int
    /// The table's width when the slice was made: the width to measure at.
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
  public struct MeasuredHeights: Sendable {
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

/// The unmeasured rows nearest to the viewport, in order of distance: one candidate below the
/// top of the viewport (visible rows included, at distance 0) and one above it.
///
/// Distances are invariant under measuring: a row measured above the viewport moves the offset
/// (anchoring) and every row below by the same amount, so each side's candidate keeps its
/// distance and only the side just taken is searched again. Each step is O(log n).
struct NearestUnmeasured {
  private var below: (item: Int, distance: Int64)?
  private var above: (item: Int, distance: Int64)?

  init(_ table: TableView) {
    let (top, bottom) = Self.viewport(table)
    let idx = table.heights.index
    guard idx.itemCount > 0 else { return }
    let first = idx.item(containing: min(max(top, 0), max(idx.totalUnits - 1, 0))) ?? 0
    below = Self.below(from: first, bottom: bottom, in: table)
    above = first > 0 ? Self.above(through: first - 1, top: top, in: table) : nil
  }

  /// The nearest candidate, and whether it is below (`true`) or above the viewport.
  func next(_ table: TableView) -> (Int, Bool)? {
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
  mutating func measured(_ k: Int, below isBelow: Bool, in table: TableView) {
    let (top, bottom) = Self.viewport(table)
    if isBelow {
      below = Self.below(from: k + 1, bottom: bottom, in: table)
    } else {
      above = k > 0 ? Self.above(through: k - 1, top: top, in: table) : nil
    }
  }

  /// Item `k` was taken but not measured (a background slice): move past it.
  mutating func skip(_ k: Int, below isBelow: Bool, in table: TableView) {
    measured(k, below: isBelow, in: table)
  }

  private static func viewport(_ table: TableView) -> (top: Int64, bottom: Int64) {
    var top = HeightIndex.units(table.scroll.offset.y) - table.heights.tableHeaderUnits
    // A looping table's viewport, brought into the first lap (distances do not wrap round).
    top = table.rowSpace.wrappedIntoFirstLap(top)
    return (top, top + HeightIndex.units(table.viewportSize.height))
  }

  private static func below(from k: Int, bottom: Int64, in table: TableView) -> (Int, Int64)? {
    guard let item = table.heights.index.firstUnmeasuredItem(from: k) else { return nil }
    return (item, max(0, table.heights.index.offset(ofItem: item) - bottom))
  }

  private static func above(through k: Int, top: Int64, in table: TableView) -> (Int, Int64)? {
    guard let item = table.heights.index.lastUnmeasuredItem(through: k) else { return nil }
    return (item, max(0, top - table.heights.index.offset(ofItem: item + 1)))
  }
}
