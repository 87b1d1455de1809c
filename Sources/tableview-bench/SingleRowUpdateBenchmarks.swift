// One-row updates in `tableview-bench`: an insert, a delete and a move of one row through the table's
// public API, a one-row animated append to a chat and the drop of a held row, each against the bare
// height-index edit beneath it measured in the same run (the ratio is the table's overhead above its
// index). `insert_row`, `delete_row` and `move_row` time the same table operations (see SingleRowUpdates).

// The benchmark drives tables as a backend does (frames with tick(), the reorder SPI): the engine's backend SPI.
@_spi(Backend) import TableViewCore
import TableViewTesting

/// One-row updates of a one-section table of the workload's rows (exact heights, from the
/// delegate), at random rows: the bodies of `insert_row`, `delete_row` and `move_row`, and of the
/// `single_*` rows.
final class SingleRowUpdates {
  let model: BenchModel
  let table: TableView
  let clock: ManualClock
  /// The row count the table is refilled to when deletes have halved it.
  let n: Int
  var random: BenchRandom

  init(model: BenchModel, table: TableView, clock: ManualClock, seed: UInt64) {
    (self.model, self.table, self.clock, n) = (model, table, clock, model.rows)
    random = BenchRandom(seed: seed)
  }

  /// Inserts one row at a random place, without animation.
  func insert() -> Int {
    let row = random.next(below: model.rows + 1)
    model.rows += 1
    try? table.insertRows(at: [IndexPath(row: row, section: 0)])
    return row
  }

  /// Deletes one random row, without animation.
  func delete() -> Int {
    let row = random.next(below: model.rows)
    model.rows -= 1
    try? table.deleteRows(at: [IndexPath(row: row, section: 0)])
    return row
  }

  /// Untimed, before a batch of deletes: without inserts before them (`--filter delete_row`) the
  /// table would run dry.
  func refill() {
    guard model.rows < n / 2 else { return }
    model.rows = n
    table.reloadData()
  }

  /// Moves a random row to a random place (it animates, as UIKit's `moveRow(at:to:)`).
  func move() -> Int {
    let from = random.next(below: model.rows)
    let to = random.next(below: model.rows)
    try? table.moveRow(at: IndexPath(row: from, section: 0), to: IndexPath(row: to, section: 0))
    return to
  }

  /// Untimed: the clock runs a second on and the table ticks, so every animation has ended.
  func endAnimations() {
    clock.advance(by: 1)
    table.tick()
  }
}

/// The same edits on a bare `HeightIndex` of one section of `n` rows with the workload's heights:
/// the floor a table's one-row update stands on.
final class SingleRowIndexEdits {
  var index = HeightIndex()
  let n: Int
  var random: BenchRandom

  init(rows n: Int, seed: UInt64) {
    self.n = n
    random = BenchRandom(seed: seed)
    build()
  }

  private func build() {
    index = HeightIndex()
    index.appendSection(
      header: 0, footer: 0, rowUnits: (0..<n).lazy.map { HeightIndex.units(BenchWorkload.rowHeight($0)) })
    index.rebalance()
  }

  /// Rows now (the section's header is item 0, row r is item r + 1).
  var rows: Int { index.rowCount }

  /// Inserts one measured row at a random place.
  func insert() -> Int {
    let row = random.next(below: rows + 1)
    index.insertRows(at: row + 1, count: 1, units: HeightIndex.units(BenchWorkload.rowHeight(row)), measured: true)
    return row
  }

  /// Inserts one estimated row after the last.
  func append(estimate: Double) -> Int {
    let row = rows
    index.insertRows(at: row + 1, count: 1, units: HeightIndex.units(estimate), measured: false)
    return row
  }

  /// Deletes one random row.
  func delete() -> Int {
    let row = random.next(below: rows)
    index.removeItems((row + 1)..<(row + 2))
    return row
  }

  /// Untimed, before a batch of deletes: rebuilds the index when deletes have halved it.
  func refill() {
    if rows < n / 2 { build() }
  }

  /// Moves a random row to a random place.
  func move() -> Int {
    let from = random.next(below: rows)
    let to = random.next(below: rows)
    let row = index.extractItems((from + 1)..<(from + 2))
    index.insert(row, at: to + 1)
    return to
  }
}

/// `single_insert`, `single_delete`, `single_move` (no animation frame: the animations end, untimed,
/// before each move), `chat_append` and `reorder_drop` at `n` rows, each against the bare index edit
/// of the same kind.
func measureSingleRowUpdates(n: Int, harness: Harness) -> [Measurement] {
  var results: [Measurement] = []
  let indexLabel = "HeightIndex edit"
  var indexEdits: SingleRowIndexEdits?
  func index() -> SingleRowIndexEdits {
    if let indexEdits { return indexEdits }
    let made = SingleRowIndexEdits(rows: n, seed: 0x51_1DE8 &+ UInt64(n))
    indexEdits = made
    return made
  }
  /// The table's row `name` with the index's figure as its baseline.
  func pair(_ name: String, _ ours: () -> Measurement?, baseline: () -> Measurement?) {
    guard var row = ours(), let theirs = baseline() else { return }
    row.baseline = theirs.baseline
    row.baselineNsPerOp = theirs.baselineNsPerOp
    results.append(row)
  }
  if harness.includesAny(["single_insert", "single_delete", "single_move"]) {
    let model = BenchModel(rows: n)
    let clock = ManualClock()
    let table = makeEngineTable(model, estimated: false, clock: clock)
    settleOnQuietOffset(table, near: max(0, (table.contentSize.height - BenchWorkload.viewportHeight) / 2))
    let updates = SingleRowUpdates(model: model, table: table, clock: clock, seed: 0x51_0000 &+ UInt64(n))
    let batch = max(1, n / 100)
    pair(
      "single_insert", { harness.measure("single_insert", n: n, maxBatch: batch, updates.insert) },
      baseline: { harness.measure("single_insert", n: n, baseline: indexLabel, maxBatch: batch, index().insert) })
    pair(
      "single_delete",
      { harness.measure("single_delete", n: n, maxBatch: batch, reset: updates.refill, updates.delete) },
      baseline: {
        harness.measure("single_delete", n: n, baseline: indexLabel, maxBatch: batch, reset: index().refill) {
          index().delete()
        }
      })
    // One move a batch: each move's animation ends before the next (a move captures the animations running).
    pair(
      "single_move", { harness.measure("single_move", n: n, maxBatch: 1, reset: updates.endAnimations, updates.move) },
      baseline: { harness.measure("single_move", n: n, baseline: indexLabel, index().move) })
  }
  if harness.includes("chat_append") {
    results += measureChatAppend(n: n, harness: harness) {
      harness.measure("chat_append", n: n, baseline: indexLabel, maxBatch: max(1, n / 100)) {
        index().append(estimate: 70)
      }
    }
  }
  if harness.includes("reorder_drop"), n >= 40 {
    pair(
      "reorder_drop", { measureReorderDrop(n: n, harness: harness) },
      baseline: {
        harness.measure("reorder_drop", n: n, baseline: indexLabel, index().move)
      })
  }
  return results
}

/// A chat of `n` messages with estimated heights, anchored at the bottom, read in the middle: one
/// message arrives below the screen, animated (`.fade`) as a chat inserts it; `baseline` times the
/// index's one-row append.
func measureChatAppend(n: Int, harness: Harness, baseline: () -> Measurement?) -> [Measurement] {
  let clock = ManualClock()
  let model = BenchModel(rows: n)
  let table = makeBenchTable(dataSource: model, delegate: model, clock: clock) { table in
    table.estimatedRowHeight = 70
    table.contentAnchor = .bottom
  }
  settleOnQuietOffset(table, near: max(0, (table.contentSize.height - BenchWorkload.viewportHeight) / 2))
  // Batches of a hundred arrivals, the animations ended (untimed) before each.
  guard
    var row = harness.measure(
      "chat_append", n: n, maxBatch: 100,
      reset: {
        clock.advance(by: 1)
        table.tick()
      },
      {
        model.rows += 1
        try? table.insertRows(at: [IndexPath(row: model.rows - 1, section: 0)], with: .fade)
        return model.rows
      })
  else { return [] }
  if let theirs = baseline() {
    row.baseline = theirs.baseline
    row.baselineNsPerOp = theirs.baselineNsPerOp
  }
  return [row]
}

/// The drop of a row held under a pointer (``TableView/endReorder()``: the data source hears the move,
/// the table applies one animated move), at `n` rows: before each drop, untimed, the row in the middle
/// of the screen is picked up, the pointer moves it two rows down and a 120 Hz frame passes.
func measureReorderDrop(n: Int, harness: Harness) -> Measurement? {
  let (table, clock, model) = makeReorderBenchTable(n: n)
  let middle = BenchWorkload.viewportHeight / 2
  func pickUp() {
    pickUpMiddleRow(table, clock)
    table.updateReorder(pointerY: middle + 100)
    clock.advance(by: 1.0 / 120)
    table.tick()
  }
  let result = harness.measure("reorder_drop", n: n, maxBatch: 1, reset: pickUp) { () -> Int in
    table.endReorder()
    return table.indexPathsForVisibleRows.count
  }
  table.cancelReorder()
  withExtendedLifetime(model) {}
  return result
}

/// For profiling one-row updates alone (e.g. under `perf record`): `count` updates of `kind`
/// (`insert`, `delete`, `move`: the animations ended every move, as in `single_move`) at `n` rows.
func updateProbe(kind: String, n: Int, count: Int) {
  let model = BenchModel(rows: n)
  let clock = ManualClock()
  let table = makeEngineTable(model, estimated: false, clock: clock)
  settleOnQuietOffset(table, near: max(0, (table.contentSize.height - BenchWorkload.viewportHeight) / 2))
  let updates = SingleRowUpdates(model: model, table: table, clock: clock, seed: 0x9B0BE)
  var sum = 0
  for i in 0..<count {
    switch kind {
    case "insert": sum &+= updates.insert()
    case "delete":
      if i % 100_000 == 0 { updates.refill() }
      sum &+= updates.delete()
    default:
      updates.endAnimations()
      sum &+= updates.move()
    }
  }
  blackHole(sum)
}
