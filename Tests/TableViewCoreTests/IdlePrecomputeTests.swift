import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// One section of items (by identifier) whose heights the delegate gives, estimated at 50;
/// measuring a row advances the injected clock by its cost, as real measuring takes time.
final class CostlyModel: TableViewDataSource, TableViewDelegate {
  var ids: [Int]
  var heights: [Int: Double]
  /// 1/1024 s a row by default: a binary fraction, so sums on the clock are exact.
  var cost: (Int) -> Double = { _ in 1.0 / 1024 }
  let clock: ManualClock
  var header: Double = 0
  /// Every measurement: the item measured and the clock when it started.
  var measured: [(id: Int, row: Int, at: Double)] = []
  /// Measurements asked for rows the model does not have.
  var stale: [IndexPath] = []
  var onMeasure: ((IndexPath) -> Void)?

  init(rows: Int, seed: UInt64, clock: ManualClock) {
    var rng = SplitMix64(seed: seed)
    ids = Array(0..<rows)
    heights = Dictionary(uniqueKeysWithValues: ids.map { ($0, rng.double(25...75)) })
    self.clock = clock
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { ids.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    guard indexPath.section == 0, indexPath.row < ids.count else {
      stale.append(indexPath)
      return 50
    }
    let id = ids[indexPath.row]
    measured.append((id, indexPath.row, clock.now))
    onMeasure?(indexPath)
    clock.advance(by: cost(id))
    return heights[id]!
  }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { header }
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    header > 0 ? tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") : nil
  }

  /// The height the table must end up with for every row.
  var expectedHeights: [Double] { ids.map { heights[$0]! } }
}

func makeCostlyTable(rows: Int, seed: UInt64 = 1, header: Double = 0) -> (TableView, CostlyModel, ManualClock, TestHost)
{
  let clock = ManualClock()
  let model = CostlyModel(rows: rows, seed: seed, clock: clock)
  model.header = header
  let table = TableView(clock: clock)
  let host = TestHost()
  table.host = host
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.register({ TestCell() }, forHeaderFooterViewReuseIdentifier: "header")
  table.estimatedRowHeight = 50
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: 100, height: 400)
  table.reloadData()
  table.idlePrecompute.enable(budget: 4.0 / 1024)
  return (table, model, clock, host)
}

/// Runs slices until none is left (or `limit`), checking each against the budget; returns the
/// number of slices.
@discardableResult
func runToCompletion(_ table: TableView, _ clock: ManualClock, limit: Int = 100_000) -> Int {
  var slices = 0
  while slices < limit, table.runIdleSlice() { slices += 1 }
  return slices
}

@Suite("Idle-time precompute")
struct IdlePrecomputeTests {
  @Test("no slice exceeds its budget, every row is measured once, progress reaches 100%")
  func budgetAndProgress() throws {
    let (table, model, clock, _) = makeCostlyTable(rows: 2_000)
    let onScreen = model.measured.count
    #expect(onScreen > 0 && onScreen < 20, "reloadData measures only what shows")
    var reported: [PrecomputeProgress] = []
    table.idlePrecompute.onProgress = { reported.append($0) }
    let budget = table.idlePrecompute.budget
    #expect(budget == 4.0 / 1024)
    var slices = 0
    while true {
      let before = clock.now
      let rowsBefore = model.measured.count
      let more = table.runIdleSlice()
      let duration = clock.now - before
      #expect(duration <= budget + 1e-12, "slice \(slices) took \(duration) s")
      if model.measured.count > rowsBefore { slices += 1 }
      if !more { break }
      // 1/1024 s a row in a 4/1024 s budget: exactly four rows a slice.
      #expect(model.measured.count - rowsBefore == 4)
    }
    #expect(table.precomputeProgress.isComplete)
    #expect(table.precomputeProgress.fractionCompleted == 1)
    #expect(reported.last == PrecomputeProgress(measuredRows: 2_000, totalRows: 2_000))
    #expect(zip(reported, reported.dropFirst()).allSatisfy { $0.measuredRows < $1.measuredRows })
    #expect(Set(model.measured.map(\.id)).count == 2_000, "each row measured exactly once")
    #expect(model.measured.count == 2_000)
    #expect(slices == (2_000 - onScreen + 3) / 4)
    #expect(table.idlePrecompute.longestSliceDuration <= budget)
    for (row, expected) in model.expectedHeights.enumerated() {
      #expect(abs(try table.rectForRow(at: IndexPath(row: row, section: 0)).height - expected) <= 1.0 / 256)
    }
    #expect(table.runIdleSlice() == false, "nothing left")
  }

  @Test("with uneven costs no row starts after the budget is spent: at most one row of overrun")
  func unevenCosts() {
    let (table, model, clock, _) = makeCostlyTable(rows: 1_000, seed: 2)
    var rng = SplitMix64(seed: 9)
    let costs = (0..<1_000).map { _ in rng.double(0.0002...0.003) }
    model.cost = { costs[$0] }
    table.idlePrecompute.budget = 0.005
    var slices = 0
    while true {
      let start = clock.now
      let first = model.measured.count
      let more = table.runIdleSlice()
      let rows = model.measured[first...]
      if let last = rows.last {
        slices += 1
        // Every row after the first started within the budget, so only the last can overrun.
        #expect(rows.dropFirst().allSatisfy { $0.at - start <= 0.005 + 1e-12 })
        #expect(clock.now - start <= 0.005 + costs[last.id] + 1e-12)
      }
      if !more { break }
    }
    #expect(table.precomputeProgress.isComplete)
    #expect(slices > 100)
  }

  @Test("slices pause while the user drags or the content decelerates, and resume afterwards")
  func pausesWhileScrolling() {
    let (table, model, clock, _) = makeCostlyTable(rows: 1_000)
    table.runIdleSlice()
    let measured = table.idlePrecompute.rowsMeasured
    #expect(measured == 4)
    table.beginDragging(at: 200)
    #expect(table.idlePrecompute.isPaused)
    let t = clock.now
    #expect(table.runIdleSlice() == true, "work remains")
    #expect(table.idlePrecompute.rowsMeasured == measured)
    #expect(clock.now == t, "a paused slice costs nothing")
    table.drag(to: 100)
    #expect(table.runIdleSlice() == true)
    #expect(table.idlePrecompute.rowsMeasured == measured)
    table.endDragging(velocity: 2_000)
    #expect(table.isAnimating, "decelerating")
    #expect(table.runIdleSlice() == true)
    #expect(table.idlePrecompute.rowsMeasured == measured)
    while table.isAnimating {
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
    #expect(!table.idlePrecompute.isPaused)
    table.runIdleSlice()
    #expect(table.idlePrecompute.rowsMeasured > measured, "resumed")
    runToCompletion(table, clock)
    #expect(table.precomputeProgress.isComplete)
    _ = model
  }

  @Test("rows nearest to the viewport go first, alternating below and above")
  func nearestFirst() throws {
    let (table, model, clock, _) = makeCostlyTable(rows: 2_000, seed: 3)
    try table.scrollToRow(at: IndexPath(row: 1_000, section: 0), at: .top, animated: false)
    let visible = table.indexPathsForVisibleRows.map(\.row)
    let measuredBefore = Set(model.measured.map(\.row))
    model.measured.removeAll()
    for _ in 0..<50 { table.runIdleSlice() }
    let rows = model.measured.map(\.row)
    #expect(rows.count == 200)
    let below = rows.filter { $0 > visible.last! }
    let above = rows.filter { $0 < visible.first! }
    #expect(below.count + above.count == rows.count, "nothing on screen is measured again")
    #expect(below == below.sorted() && above == above.sorted(by: >))
    // Each side is measured outward without gaps (apart from rows measured before).
    let belowStart = ((visible.last! + 1)...).first { !measuredBefore.contains($0) }!
    let aboveStart = (0..<visible.first!).reversed().first { !measuredBefore.contains($0) }!
    #expect(below == Array(belowStart..<(belowStart + below.count)))
    #expect(above == Array(((aboveStart - above.count + 1)...aboveStart).reversed()))
    // By distance: the two sides reach equally far from the viewport, within one row (≤ 75).
    let top = table.contentOffset.y
    let belowReach = try table.rectForRow(at: IndexPath(row: below.last!, section: 0)).minY - (top + 400)
    let aboveReach = top - (try table.rectForRow(at: IndexPath(row: above.last!, section: 0)).maxY)
    #expect(abs(belowReach - aboveReach) <= 75, "below reached \(belowReach), above \(aboveReach)")
    runToCompletion(table, clock)
    #expect(table.precomputeProgress.isComplete)
  }

  @Test("nothing on screen moves while it works: cells and the floating header keep their place")
  func nothingOnScreenMoves() throws {
    let (table, model, clock, host) = makeCostlyTable(rows: 3_000, seed: 4, header: 20)
    try table.scrollToRow(at: IndexPath(row: 1_500, section: 0), at: .middle, animated: false)
    func screen() -> [(ObjectIdentifier, Double, Double)] {
      table.visibleCells.map { (ObjectIdentifier($0), $0.frame.minY - table.contentOffset.y, $0.frame.height) }
    }
    let before = screen()
    let headerBefore = table.visibleHeaderViews.map { $0.view.frame.minY - table.contentOffset.y }
    let offsetBefore = table.contentOffset.y
    #expect(headerBefore == [0], "the header floats at the top")
    var slices = 0
    while table.runIdleSlice() {
      slices += 1
      let now = screen()
      #expect(now.count == before.count)
      for (a, b) in zip(now, before) {
        #expect(a.0 == b.0 && a.1 == b.1 && a.2 == b.2)
      }
      #expect(table.visibleHeaderViews.map { $0.view.frame.minY - table.contentOffset.y } == headerBefore)
    }
    #expect(slices > 100)
    #expect(table.contentOffset.y != offsetBefore, "rows above were measured: the offset was anchored")
    #expect(host.doubleAttach == 0 && host.strayDetach == 0)
    let total = 20 + model.expectedHeights.reduce(0, +)
    #expect(abs(table.contentSize.height - total) < 3_000.0 / 256)
    _ = clock
  }

  @Test("the table going away mid-work stops the scheduler cleanly")
  func tableDeallocated() {
    let scheduler: IdlePrecompute
    weak var weakTable: TableView?
    var model: CostlyModel?
    do {
      let (table, m, _, _) = makeCostlyTable(rows: 1_000)
      model = m
      scheduler = table.idlePrecompute
      #expect(scheduler.runSlice())
      #expect(scheduler.runSlice())
      weakTable = table
    }
    #expect(weakTable == nil, "the scheduler does not keep the table alive")
    #expect(scheduler.table == nil)
    let measured = model!.measured.count
    #expect(scheduler.runSlice() == false)
    #expect(scheduler.makeBackgroundSlice() == nil)
    #expect(scheduler.progress == PrecomputeProgress(measuredRows: 0, totalRows: 0))
    #expect(model!.measured.count == measured)
  }

  @Test("the data source going away (between or during slices) stops the work cleanly")
  func dataSourceGone() {
    final class Holder { var model: CostlyModel? }
    let holder = Holder()
    let (table, clock) = {
      let (table, model, clock, _) = makeCostlyTable(rows: 1_000)
      holder.model = model
      return (table, clock)
    }()
    weak let weakModel = holder.model
    // During a slice: the second row measured releases the last reference to the model.
    var count = 0
    holder.model!.onMeasure = { [weak holder] _ in
      count += 1
      if count == 2 { holder?.model = nil }
    }
    #expect(table.runIdleSlice() == false, "finished: no data source")
    #expect(weakModel == nil)
    #expect(count == 2, "the row being measured completes; no other starts")
    #expect(table.idlePrecompute.rowsMeasured == 1, "and its height, measured for a data source now gone, is dropped")
    let t = clock.now
    #expect(table.runIdleSlice() == false)
    #expect(clock.now == t)
    #expect(table.idlePrecompute.rowsMeasured == 1)
  }

  @Test("a batch update mid-work restarts the work without measuring stale rows")
  func batchUpdateMidWork() throws {
    let (table, model, clock, _) = makeCostlyTable(rows: 500, seed: 5)
    for _ in 0..<5 { table.runIdleSlice() }
    let generation = table.idlePrecompute.generation
    let measuredBefore = Set(model.measured.map(\.id))
    // Delete 20 rows at the top (some measured), move old row 400 to 5, insert 30 at 100.
    var rng = SplitMix64(seed: 6)
    let old = model.ids
    let deleted = Array(old[0..<20])
    var next = old.enumerated().filter { $0.offset >= 20 && $0.offset != 400 }.map(\.element)
    next.insert(old[400], at: 5)
    let fresh = (1_000..<1_030).map { id in
      model.heights[id] = rng.double(25...75)
      return id
    }
    next.insert(contentsOf: fresh, at: 100)
    model.ids = next
    try table.performBatchUpdates { update in
      update.deleteRows(at: (0..<20).map { IndexPath(row: $0, section: 0) })
      update.insertRows(at: (100..<130).map { IndexPath(row: $0, section: 0) })
      update.moveRow(at: IndexPath(row: 400, section: 0), to: IndexPath(row: 5, section: 0))
    }
    #expect(table.idlePrecompute.generation > generation)
    runToCompletion(table, clock)
    #expect(table.precomputeProgress.isComplete)
    #expect(model.stale.isEmpty)
    let ids = model.measured.map(\.id)
    #expect(Set(ids).count == ids.count, "no item measured twice: measured heights moved with their rows")
    let after = model.measured.map(\.id).filter { !measuredBefore.contains($0) }
    #expect(Set(after).isDisjoint(with: deleted), "deleted rows are never measured after the update")
    for (row, expected) in model.expectedHeights.enumerated() {
      #expect(abs(try table.rectForRow(at: IndexPath(row: row, section: 0)).height - expected) <= 1.0 / 256)
    }
  }

  @Test("reloadData mid-work restarts from the new data")
  func reloadMidWork() throws {
    let (table, model, clock, _) = makeCostlyTable(rows: 300, seed: 7)
    for _ in 0..<5 { table.runIdleSlice() }
    for id in model.ids { model.heights[id]! += 10 }
    model.ids.reverse()
    table.reloadData()
    #expect(table.precomputeProgress.measuredRows < 20)
    runToCompletion(table, clock)
    for (row, expected) in model.expectedHeights.enumerated() {
      #expect(abs(try table.rectForRow(at: IndexPath(row: row, section: 0)).height - expected) <= 1.0 / 256)
    }
  }

  @Test("background slices: Sendable work off the owner, results published, stale ones discarded")
  func backgroundMode() async throws {
    let (table, model, clock, _) = makeCostlyTable(rows: 400, seed: 8)
    let scheduler = table.idlePrecompute
    func install() {
      let heights = model.expectedHeights
      scheduler.backgroundMeasure = { path, width in width == 100 ? heights[path.row] : .nan }
    }
    install()
    let onOwner = model.measured.count
    #expect(table.runIdleSlice() == false, "in background mode the owner measures nothing")
    let first = try #require(scheduler.makeBackgroundSlice(maxRows: 16))
    #expect(first.indexPaths.count == 16)
    #expect(scheduler.makeBackgroundSlice() == nil, "one slice out at a time")
    // An update lands while the slice runs: its result is stale.
    model.ids.insert(999, at: 0)
    model.heights[999] = 33
    try table.insertRows(at: [IndexPath(row: 0, section: 0)])
    install()
    let staleResult = await Task.detached { first.run() }.value
    #expect(table.publishMeasuredHeights(staleResult) == 0)
    #expect(scheduler.discardedResults == 1)
    // Budgeted runs stop once the budget is spent (after at least one row).
    let budgeted = try #require(scheduler.makeBackgroundSlice(maxRows: 64))
    var t = 0.0
    let partial = budgeted.run(now: {
      t += 0.001
      return t
    })
    #expect(partial.heights.count == 4)
    #expect(table.publishMeasuredHeights(partial) == 4)
    while let slice = scheduler.makeBackgroundSlice() {
      let result = await Task.detached { slice.run() }.value
      #expect(table.publishMeasuredHeights(result) == slice.indexPaths.count)
    }
    #expect(table.precomputeProgress.isComplete)
    #expect(
      model.measured.count == onOwner + 1, "only the inserted row, when it came on screen, was measured on the owner")
    for (row, expected) in model.expectedHeights.enumerated() {
      #expect(abs(try table.rectForRow(at: IndexPath(row: row, section: 0)).height - expected) <= 1.0 / 256)
    }
    _ = clock
  }

  @Test("a budget that is not a positive time is reported and ignored")
  func badBudget() {
    let (table, _, _, _) = makeCostlyTable(rows: 10)
    table.idlePrecompute.budget = -1
    #expect(table.idlePrecompute.budget == 4.0 / 1024)
    table.idlePrecompute.budget = .nan
    #expect(table.idlePrecompute.budget == 4.0 / 1024)
    #expect(table.reportedErrors.filter { $0.kind == .invalidArgument }.count == 2)
    #expect(TableView().idlePrecompute.budget == 0.004, "4 ms by default")
    #expect(!TableView().idlePrecompute.isEnabled, "off by default")
  }
}

@Suite("Idle-time precompute within a reach")
struct IdlePrecomputeReachTests {
  /// Whether every measured row lies within `reach` points of the viewport, and every row within it
  /// was measured.
  func check(_ table: TableView, _ model: CostlyModel, reach: Double) throws {
    let top = table.contentOffset.y
    let bottom = top + table.viewportSize.height
    let measuredRows = Set(model.measured.map(\.row))
    for row in 0..<model.ids.count {
      let rect = try table.rectForRow(at: IndexPath(row: row, section: 0))
      let distance = rect.minY >= bottom ? rect.minY - bottom : rect.maxY <= top ? top - rect.maxY : 0
      // The reach is measured from the row's edge nearest the viewport, in the geometry of the time.
      if distance < reach - 1 {
        #expect(measuredRows.contains(row), "row \(row) at \(distance) pt is within reach and measured")
      } else if distance > reach + 200 {
        #expect(!measuredRows.contains(row), "row \(row) at \(distance) pt is beyond reach")
      }
    }
  }

  @Test("only rows within the reach are measured; the work stops, and starts again where the user scrolls")
  func reachLimitsWork() throws {
    let (table, model, clock, _) = makeCostlyTable(rows: 5_000)
    table.idlePrecompute.reach = 2_000
    runToCompletion(table, clock)
    #expect(!table.runIdleSlice(), "nothing left within reach: no more slices")
    let first = Set(model.measured.map(\.row))
    #expect(first.count > 40 && first.count < 200, "\(first.count) rows around the top")
    try check(table, model, reach: 2_000)

    try table.scrollToRow(at: IndexPath(row: 3_000, section: 0), at: .top, animated: false)
    #expect(table.runIdleSlice(), "new rows within reach after the scroll")
    runToCompletion(table, clock)
    let rows = model.measured.map(\.row)
    #expect(rows.contains(2_990) && rows.contains(3_010))
    #expect(!rows.contains(1_500), "rows between the two places are left alone")
    #expect(table.precomputeProgress.measuredRows < 400)

    table.idlePrecompute.reach = nil
    runToCompletion(table, clock)
    #expect(table.precomputeProgress.isComplete, "without a reach every row is measured")
    table.idlePrecompute.reach = -.infinity
    #expect(table.idlePrecompute.reach == nil, "a negative or NaN reach means no limit")
  }
}
