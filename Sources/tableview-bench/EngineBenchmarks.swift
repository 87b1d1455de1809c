// The engine side of `tableview-bench`: the same workload as the baselines (BenchWorkload), run
// through TableViewCore's TableView, so rows pair up by (name, N).

// The benchmark drives tables as a backend does (frames with tick(), views at presentation(of:), idle slices):
// the engine's backend SPI.
@_spi(Backend) import TableViewCore
import TableViewTesting

/// A one-section table model of `rows` rows with the workload's heights; its count follows
/// inserts and deletes, and the width rows are measured at chooses portrait or landscape heights.
final class BenchModel: TableViewDataSource, TableViewDelegate {
  var rows: Int
  /// Row heights asked so far (each one is a measurement).
  var heightsAsked = 0
  init(rows: Int) { self.rows = rows }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    // The cheapest cell there is (TableViewTesting's): the engine's cost is what is measured, not drawing.
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath, as: TestCell.self)
    cell.item = indexPath.row
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    heightsAsked &+= 1
    return tableView.measuringWidth > BenchWorkload.viewportWidth
      ? BenchWorkload.landscapeRowHeight(indexPath.row) : BenchWorkload.rowHeight(indexPath.row)
  }
}

/// A table over `model`, in the workload's viewport. With `estimated`, rows start at an estimate
/// and are measured (through the delegate) when they show; otherwise every height is asked upfront.
func makeEngineTable(_ model: BenchModel, estimated: Bool, clock: any TableViewClock = ManualClock()) -> TableView {
  makeBenchTable(dataSource: model, delegate: model, clock: clock) { table in
    if estimated { table.estimatedRowHeight = 70 }
  }
}

/// A loaded table in the workload's viewport over `dataSource` (and `delegate`), set up by
/// `configure` before the load, its "row" cells made by `cell`.
func makeBenchTable(
  dataSource: (any TableViewDataSource)?, delegate: (any TableViewDelegate)? = nil,
  clock: any TableViewClock = ManualClock(),
  configure: (TableView) -> Void = { _ in }, cell: @escaping () -> any ReusableView = { TestCell() }
) -> TableView {
  let table = TableView(style: .plain, clock: clock)
  table.register(cell, forCellReuseIdentifier: "row")
  configure(table)
  table.dataSource = dataSource
  table.delegate = delegate
  table.viewportSize = Size(width: BenchWorkload.viewportWidth, height: BenchWorkload.viewportHeight)
  table.reloadData()
  return table
}

/// Puts `table` near `y`, at an offset where a ±0.5 pt step brings no row in or out.
func settleOnQuietOffset(_ table: TableView, near y: Double) {
  var y = y
  for _ in 0..<200 {
    table.contentOffset = Point(x: 0, y: y - BenchWorkload.smallScrollDelta)
    let rows = table.indexPathsForVisibleRows
    table.contentOffset = Point(x: 0, y: y + BenchWorkload.smallScrollDelta)
    if rows == table.indexPathsForVisibleRows { break }
    y += 3
  }
  table.contentOffset = Point(x: 0, y: y)
}

/// Measures the engine at `n` rows.
func measureEngine(n: Int, harness: Harness) -> [Measurement] {
  var results: [Measurement] = []
  var random = BenchRandom(seed: 0xE9_0000 &+ UInt64(n))
  let exactNames = ["scroll_step", "offset_lookup", "height_change", "insert_row", "delete_row", "move_row"]
  if harness.includesAny(exactNames) {
    let model = BenchModel(rows: n)
    // The table's clock is the benchmark's: a move animates, and an app draws a frame between moves.
    let clock = ManualClock()
    let table = makeEngineTable(model, estimated: false, clock: clock)
    // Start near the middle, where a ±0.5 pt step brings no row in or out.
    settleOnQuietOffset(table, near: max(0, (table.contentSize.height - BenchWorkload.viewportHeight) / 2))
    var flip = false
    results.add(
      harness.measure("scroll_step", n: n) {
        flip.toggle()
        table.contentOffset.y += flip ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta
        return table.contentOffset.y
      })
    let height = table.contentSize.height
    results.add(
      harness.measure("offset_lookup", n: n) {
        table.indexPathForRow(at: Point(x: 1, y: random.nextDouble(below: height)))
      })
    results.add(
      harness.measure("height_change", n: n) {
        let row = random.next(below: model.rows)
        try? table.setHeight(20 + Double(random.next(below: 101)), forRowAt: IndexPath(row: row, section: 0))
        return row
      })
    // The same one-row updates as the single_* rows (SingleRowUpdateBenchmarks.swift).
    let updates = SingleRowUpdates(model: model, table: table, clock: clock, seed: 0x1D_0000 &+ UInt64(n))
    results.add(harness.measure("insert_row", n: n, maxBatch: max(1, n / 100), updates.insert))
    results.add(harness.measure("delete_row", n: n, maxBatch: max(1, n / 100), reset: updates.refill, updates.delete))
    results.add(
      harness.measure("move_row", n: n) {
        let to = updates.move()
        // A move animates, as UIKit's does: one 60 Hz frame passes before the next move, as when a user moves rows
        // (without it the animations of every move so far would still run, and each move would capture them all).
        clock.advance(by: 1.0 / 60)
        table.tick()
        return to
      })
  }
  if harness.includes("loop_scroll_step") {
    // The same step in a looping table: the offset sits in a lap and never reaches an edge.
    let model = BenchModel(rows: n)
    let table = makeBenchTable(dataSource: model, delegate: model) { $0.loops = true }
    settleOnQuietOffset(table, near: table.loopPeriod / 2)
    var flip = false
    results.add(
      harness.measure("loop_scroll_step", n: n) {
        flip.toggle()
        table.contentOffset.y += flip ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta
        return table.contentOffset.y
      })
  }
  results.add(
    harness.count("cells_created", n: n) {
      let model = BenchModel(rows: n)
      let table = makeEngineTable(model, estimated: false)
      let end = table.maximumContentOffsetY
      var y = 0.0
      while y < end {
        y = min(end, y + BenchWorkload.scrollStep)
        table.contentOffset.y = y
      }
      return table.diagnostics.cellsCreated
    })
  if harness.includesAny(["reload_estimated", "width_switch", "width_switch_precomputed"]) {
    let model = BenchModel(rows: n)
    let table = makeEngineTable(model, estimated: true)
    table.contentOffset.y = Double(n) * 35
    results.add(harness.measure("reload_estimated", n: n) { table.reloadData() })
    var landscape = false
    let widthSwitch = {
      landscape.toggle()
      table.viewportSize.width = landscape ? BenchWorkload.landscapeWidth : BenchWorkload.viewportWidth
      return table.contentSize.height
    }
    let plain = harness.measure("width_switch", n: n, widthSwitch)
    results.add(plain)
    if harness.includes("width_switch_precomputed") {
      // The baseline is the plain switch of this run (timed here when the filter left it out).
      let baseline = plain?.nsPerOp ?? harness.nanosecondsPerOperation(widthSwitch)
      results.add(measurePrecomputedWidthSwitch(n: n, harness: harness, baselineNs: baseline))
    }
  }
  return results
}

/// For counting allocations from outside (e.g. `perf stat -e probe_libc:malloc`): builds a table
/// of `n` rows, then takes `steps` scroll steps that bring no new row. Run it with 0 and with a
/// million steps: the difference is what the steps allocate.
func allocationProbe(n: Int, steps: Int, looping: Bool) {
  let model = BenchModel(rows: n)
  let table = makeBenchTable(dataSource: model, delegate: model) { $0.loops = looping }
  settleOnQuietOffset(table, near: looping ? table.loopPeriod / 2 : table.contentSize.height / 2)
  for step in 0..<steps {
    table.contentOffset.y += step % 2 == 0 ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta
  }
  blackHole(table.contentOffset.y)
}
