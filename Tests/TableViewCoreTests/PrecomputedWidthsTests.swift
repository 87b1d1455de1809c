import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// Heights for the widths the table is not showing: the idle precompute measures the widths it
// expects after the current one, and a switch to such a width measures nothing on screen.

/// Every `sizeThatFits` call: the row, the width it was asked at, and the clock when it started.
private final class FitLog {
  var calls: [(row: Int, width: Double, at: Double)] = []
}

/// A cell whose text wraps: its height depends on the width it is given, as a label's does.
/// Each measurement costs 1/1024 s on the injected clock.
private final class WrapCell: ReusableView {
  var reuseIdentifier: String?
  var frame: Rect = .zero
  var row = 0
  var length = 0
  let log: FitLog
  let clock: ManualClock
  init(log: FitLog, clock: ManualClock) {
    self.log = log
    self.clock = clock
  }
  func sizeThatFits(width: Double) -> Double {
    log.calls.append((row, width, clock.now))
    clock.advance(by: 1.0 / 1024)
    return WrapModel.height(length: length, width: width)
  }
}

/// Self-sizing rows of random text lengths.
private final class WrapModel: TableViewDataSource {
  let lengths: [Int]
  /// Every cell asked for: the table's measuring width and its viewport's width then.
  var configured: [(measuring: Double, shown: Double)] = []
  init(rows: Int, seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    lengths = (0..<rows).map { _ in rng.int(10..<400) }
  }
  static func height(length: Int, width: Double) -> Double { 20 + 10 * (Double(length) / max(1, width)).rounded(.up) }
  func height(row: Int, width: Double) -> Double { Self.height(length: lengths[row], width: width) }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lengths.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: WrapCell.self)
    cell.row = indexPath.row
    cell.length = lengths[indexPath.row]
    configured.append((tableView.measuringWidth, tableView.viewportSize.width))
    return cell
  }
}

private struct Fixture {
  let table: TableView
  let model: WrapModel
  let clock: ManualClock
  let log: FitLog
  let host: TestHost
}

private func makeFixture(rows: Int = 600, seed: UInt64 = 1, width: Double = 100) -> Fixture {
  let clock = ManualClock()
  let log = FitLog()
  let model = WrapModel(rows: rows, seed: seed)
  let table = TableView(clock: clock)
  let host = TestHost()
  table.host = host
  table.register({ WrapCell(log: log, clock: clock) }, forCellReuseIdentifier: "cell")
  table.rowHeight = TableView.automaticDimension
  table.estimatedRowHeight = 40
  table.dataSource = model
  table.viewportSize = Size(width: width, height: 400)
  table.reloadData()
  table.idlePrecompute.enable(budget: 4.0 / 1024)
  return Fixture(table: table, model: model, clock: clock, log: log, host: host)
}

/// The first row reaching below the top of the visible area, and where its top is on screen.
private func reading(_ table: TableView) -> (row: Int, screen: Double) {
  let top = table.contentOffset.y
  for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) where cell.frame.maxY > top {
    return (path.row, cell.frame.minY - top)
  }
  return (-1, 0)
}

@Suite("Heights for the widths the table is not showing")
struct PrecomputedWidthsTests {
  @Test("order: the current width's rows first, then each expected width in turn, nearest to the user first")
  func order() throws {
    let f = makeFixture()
    f.table.widthCacheLimit = 3
    f.table.expectedWidths = [60, 100, 140]
    #expect(f.table.precomputedWidths == [60, 140], "the current width is measured anyway")
    try f.table.scrollToRow(at: IndexPath(row: 300, section: 0), at: .top, animated: false)
    let reader = reading(f.table).row
    let start = f.log.calls.count
    while f.table.runIdleSlice() {}
    let calls = f.log.calls[start...]
    #expect(calls.count == 3 * 600 - start, "every row measured once per width")
    let widths = calls.map(\.width)
    let firstAt60 = try #require(widths.firstIndex(of: 60))
    let firstAt140 = try #require(widths.firstIndex(of: 140))
    #expect(widths[..<firstAt60].allSatisfy { $0 == 100 }, "the current width first")
    #expect(widths[firstAt60..<firstAt140].allSatisfy { $0 == 60 }, "then the first expected width")
    #expect(widths[firstAt140...].allSatisfy { $0 == 140 }, "then the next")
    for width in [60.0, 140] {
      let rows = calls.filter { $0.width == width }.map(\.row)
      // Nearest to where the user would be at that width: it starts where the reader is, and
      // each side goes outwards.
      #expect(abs(rows[0] - reader) <= 12, "width \(width) starts at row \(rows[0]), the reader is at \(reader)")
      let below = rows.filter { $0 >= rows[0] }
      let above = rows.filter { $0 < rows[0] }
      #expect(below == below.sorted() && above == above.sorted(by: >), "width \(width) goes outwards")
      #expect(rows.prefix(100).allSatisfy { abs($0 - reader) <= 100 }, "width \(width): the nearest hundred first")
      #expect(f.table.precomputeProgress(forWidth: width) == PrecomputeProgress(measuredRows: 600, totalRows: 600))
    }
    checkInvariants(f.table, host: f.host)
  }

  @Test("budgets are kept across the widths: four rows of 1/1024 s a slice, and nothing on screen moves")
  func budgets() throws {
    let f = makeFixture()
    f.table.expectedWidths = [60]
    try f.table.scrollToRow(at: IndexPath(row: 200, section: 0), at: .top, animated: false)
    f.table.scroll(by: 7)
    var onScreen: [(IndexPath, Rect)] = []
    var slices = 0
    var more = true
    while more {
      let before = f.clock.now
      let calls = f.log.calls.count
      let offset = f.table.contentOffset.y
      more = f.table.runIdleSlice()
      #expect(f.clock.now - before <= f.table.idlePrecompute.budget + 1e-12)
      if more { #expect(f.log.calls.count - calls == 4, "slice \(slices)") }
      if f.log.calls[calls...].allSatisfy({ $0.width == 60 }) {
        // A slice for the other width leaves the screen alone.
        #expect(f.table.contentOffset.y == offset)
        let now = zip(f.table.indexPathsForVisibleRows, f.table.visibleCells.map(\.frame)).map { ($0, $1) }
        if !onScreen.isEmpty {
          #expect(now.map(\.0) == onScreen.map(\.0) && now.map(\.1) == onScreen.map(\.1))
        }
        onScreen = now
      }
      slices += 1
    }
    #expect(f.table.precomputeProgress.isComplete)
    #expect(f.table.precomputeProgress(forWidth: 60)?.isComplete == true)
    #expect(f.table.runIdleSlice() == false, "nothing left at either width")
    #expect(f.table.idlePrecompute.longestSliceDuration <= f.table.idlePrecompute.budget)
    checkInvariants(f.table, host: f.host)
  }

  @Test(
    "a switch to a precomputed width measures nothing on screen, its scroll range is exact, the reading row stays",
    arguments: [UInt64(1), 2, 3])
  func switchMeasuresNothing(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let f = makeFixture(seed: seed)
    f.table.expectedWidths = [100, 60]
    for _ in 0..<6 {
      try f.table.scrollToRow(at: IndexPath(row: rng.int(50..<550), section: 0), at: .top, animated: false)
      f.table.scroll(by: Double(rng.int(1..<30)))
      while f.table.runIdleSlice() {}
      let before = reading(f.table)
      let calls = f.log.calls.count
      let width = f.table.viewportSize.width == 100 ? 60.0 : 100
      #expect(f.table.precomputeProgress(forWidth: width)?.isComplete == true)
      f.table.viewportSize = Size(width: width, height: 400)
      #expect(f.log.calls.count == calls, "a row was measured again: \(f.log.calls[calls...].map(\.row))")
      let exact = (0..<600).reduce(0.0) { $0 + f.model.height(row: $1, width: width) }
      #expect(f.table.contentSize.height == exact, "the scroll range is exact")
      // The reading row stays: the same fraction of it above the top, or its top at the same place.
      let after = reading(f.table)
      let oldWidth = width == 60 ? 100.0 : 60
      let expected =
        before.screen < 0
        ? before.screen / f.model.height(row: before.row, width: oldWidth)
          * f.model.height(row: before.row, width: width)
        : before.screen
      #expect(after.row == before.row && abs(after.screen - expected) < 1e-6, "\(before) → \(after)")
      for (path, cell) in zip(f.table.indexPathsForVisibleRows, f.table.visibleCells) {
        #expect(cell.frame.height == f.model.height(row: path.row, width: width))
      }
      checkInvariants(f.table, host: f.host)
    }
  }

  @Test("resizing through other widths (a window dragged) keeps the expected width's cache")
  func dragThroughWidths() throws {
    let f = makeFixture()
    f.table.expectedWidths = [60]
    try f.table.scrollToRow(at: IndexPath(row: 250, section: 0), at: .top, animated: false)
    while f.table.runIdleSlice() {}
    for width in stride(from: 99.0, to: 60, by: -3) {
      f.table.viewportSize = Size(width: width, height: 400)
      #expect(f.table.cachedWidths.contains(60), "at \(width)")
      checkInvariants(f.table, host: f.host)
    }
    let before = reading(f.table)
    let calls = f.log.calls.count
    f.table.viewportSize = Size(width: 60, height: 400)
    #expect(f.log.calls.count == calls)
    #expect(reading(f.table).row == before.row)
  }

  @Test("by default the widths whose caches are kept are precomputed")
  func defaultWidths() {
    let f = makeFixture()
    #expect(f.table.expectedWidths == nil)
    #expect(f.table.precomputedWidths.isEmpty)
    f.table.viewportSize = Size(width: 60, height: 400)
    f.table.viewportSize = Size(width: 100, height: 400)
    #expect(f.table.precomputedWidths == [60])
    while f.table.runIdleSlice() {}
    #expect(f.table.precomputeProgress(forWidth: 60)?.isComplete == true)
    #expect(f.table.precomputeProgress(forWidth: 80) == nil, "nothing kept or planned")
    let calls = f.log.calls.count
    f.table.viewportSize = Size(width: 60, height: 400)
    #expect(f.log.calls.count == calls)
  }

  @Test(
    "background mode: the current width's slices first, then the other width's; a dropped width's result is discarded")
  func background() throws {
    let f = makeFixture()
    f.table.expectedWidths = [60]
    let lengths = f.model.lengths
    f.table.idlePrecompute.backgroundMeasure = { path, width in
      WrapModel.height(length: lengths[path.row], width: width)
    }
    var widths: [Double] = []
    while let slice = f.table.idlePrecompute.makeBackgroundSlice(maxRows: 50) {
      widths.append(slice.width)
      let offset = f.table.contentOffset.y
      let applied = f.table.publishMeasuredHeights(slice.run())
      #expect(applied == slice.indexPaths.count)
      if slice.width == 60 { #expect(f.table.contentOffset.y == offset) }
      if widths.count > 100 { break }
    }
    let firstOther = try #require(widths.firstIndex(of: 60))
    #expect(widths[..<firstOther].allSatisfy { $0 == 100 } && widths[firstOther...].allSatisfy { $0 == 60 })
    #expect(f.table.precomputeProgress(forWidth: 60)?.isComplete == true)

    // A width whose cache is dropped while its slice is out: the result is discarded.
    let g = makeFixture()
    g.table.expectedWidths = [60]
    g.table.idlePrecompute.backgroundMeasure = { path, width in
      WrapModel.height(length: lengths[path.row], width: width)
    }
    var slice = try #require(g.table.idlePrecompute.makeBackgroundSlice(maxRows: 1_000))
    while slice.width == 100 {
      g.table.publishMeasuredHeights(slice.run())
      slice = try #require(g.table.idlePrecompute.makeBackgroundSlice(maxRows: 10))
    }
    #expect(slice.width == 60)
    g.table.widthCacheLimit = 1
    #expect(!g.table.cachedWidths.contains(60))
    let result = slice.run()
    #expect(g.table.publishMeasuredHeights(result) == 0)
    #expect(g.table.idlePrecompute.discardedResults == 1)
    checkInvariants(g.table, host: g.host)

    // A width change while a slice for another width is out: the result goes to that width's cache.
    let h = makeFixture()
    h.table.expectedWidths = [60]
    h.table.idlePrecompute.backgroundMeasure = { path, width in
      WrapModel.height(length: lengths[path.row], width: width)
    }
    let first = try #require(h.table.idlePrecompute.makeBackgroundSlice(maxRows: 10))
    #expect(first.width == 100)
    h.table.viewportSize = Size(width: 60, height: 400)
    #expect(h.table.publishMeasuredHeights(first.run()) == 10, "kept for width 100, which the table keeps")
    #expect(h.table.precomputeProgress(forWidth: 100)?.measuredRows ?? 0 >= 10)
    checkInvariants(h.table, host: h.host)
  }

  @Test("measuring for another width: cells are made and sized at measuringWidth, the screen is left alone")
  func measuringWidthDuringPrecompute() {
    let f = makeFixture()
    f.table.expectedWidths = [60]
    let attached = f.host.attached.count
    let start = f.model.configured.count
    while f.table.runIdleSlice() {
      #expect(f.table.measuringWidth == 100, "between slices the measuring width is the current one")
    }
    let configured = f.model.configured[start...]
    #expect(configured.contains { $0 == (60, 100) }, "cells for width 60 configured while 100 is shown")
    #expect(configured.allSatisfy { $0.shown == 100 }, "the viewport stays")
    #expect(f.log.calls.filter { $0.width == 60 }.count == 600)
    #expect(f.host.attached.count == attached && f.host.doubleAttach == 0 && f.host.strayDetach == 0)
    checkInvariants(f.table, host: f.host)
  }

  @Test("bad widths are refused with a clear error: NaN, ±∞, zero, negative; 1e300 is taken as the largest width")
  func extremeWidths() {
    let f = makeFixture()
    f.table.expectedWidths = [.nan, .infinity, -.infinity, 0, -0.0, -5, 1e300, 60, 60, -.nan]
    #expect(f.table.expectedWidths == [TableView.maximumContentHeight, 60])
    #expect(f.table.reportedErrors.contains { $0.kind == .invalidArgument && $0.message.contains("nan") })
    #expect(f.table.precomputedWidths == [TableView.maximumContentHeight], "one other width fits the limit of 2")
    #expect(f.table.precomputeProgress(forWidth: .nan) == nil)
    #expect(f.table.precomputeProgress(forWidth: .infinity) == nil)
    #expect(f.table.precomputeProgress(forWidth: -1) == nil)
    while f.table.runIdleSlice() {}
    #expect(f.table.precomputeProgress(forWidth: TableView.maximumContentHeight)?.isComplete == true)
    // The viewport takes 1e300 as the same largest width: the switch finds it measured.
    let calls = f.log.calls.count
    f.table.viewportSize = Size(width: 1e300, height: 400)
    #expect(f.log.calls.count == calls)
    #expect(f.table.contentSize.height == 600 * 30)
    checkInvariants(f.table, host: f.host)

    // A huge list: the first distinct widths are kept, the rest reported.
    let errors = f.table.reportedErrors.count
    f.table.expectedWidths = (1...1_000_000).map(Double.init)
    #expect(f.table.expectedWidths == (1...TableView.maximumExpectedWidths).map(Double.init))
    #expect(f.table.reportedErrors.count == errors + 1)
    f.table.widthCacheLimit = 1_000
    #expect(f.table.precomputedWidths.count == TableView.maximumExpectedWidths)
    f.table.widthCacheLimit = 3
    #expect(f.table.precomputedWidths == [1, 2])
    f.table.expectedWidths = Array(repeating: .nan, count: 100_000)
    #expect(f.table.expectedWidths == [])
    #expect(f.table.precomputedWidths.isEmpty)
    #expect(f.table.runIdleSlice() == false)
    f.table.expectedWidths = nil
    #expect(f.table.expectedWidths == nil)
    checkInvariants(f.table, host: f.host)
  }

  @Test("exact heights keep no other width: nothing is precomputed")
  func exactHeights() {
    let table = TableView()
    let source = TestModel(sections: [Array(repeating: 30, count: 100)])
    table.dataSource = source
    table.delegate = source
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.viewportSize = Size(width: 100, height: 300)
    table.reloadData()
    table.expectedWidths = [60]
    table.idlePrecompute.enable()
    #expect(table.precomputedWidths.isEmpty)
    #expect(table.runIdleSlice() == false)
    #expect(table.precomputeProgress(forWidth: 60) == nil)
  }

  @Test("a reload or an update while the other width is measured: nothing stale is kept")
  func updatesDuringPrecompute() throws {
    let f = makeFixture()
    f.table.expectedWidths = [60]
    while f.table.runIdleSlice() {}
    f.table.reloadData()
    #expect(!f.table.cachedWidths.contains(60), "a reload forgets the other widths")
    #expect(f.table.precomputeProgress(forWidth: 60) == PrecomputeProgress(measuredRows: 0, totalRows: 600))
    while f.table.runIdleSlice() {}
    #expect(f.table.precomputeProgress(forWidth: 60)?.isComplete == true, "and measures them again")
    checkInvariants(f.table, host: f.host)
  }
}
