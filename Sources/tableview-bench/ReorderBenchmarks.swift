// A held row's frames in `tableview-bench`: the engine's cost of one frame while a row is moved by
// a pointer, the rows making room for it as it passes them.

@_spi(Backend) import TableViewCore

/// A one-section model whose every row can be moved (the data is never changed: each pick-up is
/// put back).
final class ReorderBenchModel: TableViewDataSource, TableViewDelegate {
  let base: BenchModel
  init(rows: Int) { base = BenchModel(rows: rows) }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { base.rows }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    base.tableView(tableView, cellForRowAt: indexPath)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    base.tableView(tableView, heightForRowAt: indexPath)
  }
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
}

/// The engine's cost of one frame while a row is held under a pointer, at `n` rows: the pointer
/// moves (alternately down and up by two rows' worth, so the drop slot changes and the rows between
/// glide), the clock advances a 120 Hz frame, the table ticks, and every attached view's
/// presentation is read, the held one's included (what a backend does to draw). Every 30 frames
/// the row is put back and picked up again.
func measureReorderFrame(n: Int, harness: Harness) -> [Measurement] {
  let name = "reorder_frame"
  guard harness.includes(name), n >= 40 else { return [] }
  let (table, clock, model) = makeReorderBenchTable(n: n)
  let middle = BenchWorkload.viewportHeight / 2
  var down = false
  var views: [any ReusableView] = []
  func pickUp() {
    pickUpMiddleRow(table, clock)
    views = table.visibleCells + [table.reorderingView].compactMap(\.self)
  }
  let result = harness.measure(name, n: n, maxBatch: 30, reset: pickUp) { () -> Double in
    down.toggle()
    table.updateReorder(pointerY: middle + (down ? 60 : -60))
    clock.advance(by: 1.0 / 120)
    table.tick()
    var sum = 0.0
    for view in views { sum += table.presentation(of: view).frame.minY }
    return sum
  }
  table.cancelReorder()
  withExtendedLifetime(model) {}
  return result.map { [$0] } ?? []
}

/// A table of `n` rows that can be reordered, settled halfway down, with its clock and its model (the table holds
/// its data source weakly: keep the model).
func makeReorderBenchTable(n: Int) -> (TableView, ManualClock, ReorderBenchModel) {
  let clock = ManualClock()
  let model = ReorderBenchModel(rows: n)
  let table = makeBenchTable(dataSource: model, delegate: model, clock: clock)
  settleOnQuietOffset(table, near: max(0, (table.contentSize.height - BenchWorkload.viewportHeight) / 2))
  return (table, clock, model)
}

/// Puts back any held row (its animation ended) and picks up the row in the middle of the screen.
func pickUpMiddleRow(_ table: TableView, _ clock: ManualClock) {
  table.cancelReorder()
  clock.advance(by: 1)
  table.tick()
  let row = table.indexPathsForVisibleRows[table.indexPathsForVisibleRows.count / 2]
  let rect = (try? table.rectForRow(at: row)) ?? Rect(x: 0, y: 0, width: 0, height: 0)
  table.beginReorder(at: row, pointerY: rect.midY - table.contentOffset.y)
}
