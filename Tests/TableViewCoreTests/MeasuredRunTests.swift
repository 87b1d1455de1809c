import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// The idle precompute's bulk write (`HeightIndex.setMeasuredRun`) against row-by-row writing, and
/// the precompute's runs in real tables against a reference array of heights.
@Suite("Measured runs")
struct MeasuredRunTests {
  /// Every item's height, offset and measured state, and the index's totals, are the same.
  private func expectSame(_ a: HeightIndex, _ b: HeightIndex, _ context: String) {
    #expect(a.itemCount == b.itemCount, "\(context)")
    #expect(a.totalUnits == b.totalUnits, "\(context)")
    #expect(a.unmeasuredRowCount == b.unmeasuredRowCount, "\(context)")
    #expect(a.rowCount == b.rowCount && a.sectionCount == b.sectionCount, "\(context)")
    for k in 0..<a.itemCount {
      guard a.height(ofItem: k) == b.height(ofItem: k), a.offset(ofItem: k) == b.offset(ofItem: k),
        a.isMeasured(item: k) == b.isMeasured(item: k)
      else {
        Issue.record("\(context): item \(k) differs")
        return
      }
    }
  }

  /// A random section: runs of estimates of one height, rows with their own estimates, measured rows.
  private func randomRows(_ rng: inout SplitMix64) -> [(units: Int64, measured: Bool)] {
    var rows: [(units: Int64, measured: Bool)] = []
    for _ in 0..<rng.int(0...6) {
      let count = rng.int(1...300)
      switch rng.int(0...2) {
      case 0: rows += repeatElement((units: Int64(rng.int(1...80) * 64), measured: false), count: count)
      case 1: rows += (0..<count).map { _ in (units: Int64(rng.int(1...20_000)), measured: false) }
      default: rows += (0..<count).map { _ in (units: Int64(rng.int(1...20_000)), measured: true) }
      }
    }
    return rows
  }

  @Test("a bulk write gives exactly the heights and offsets row-by-row writing gives, on random indexes and edits")
  func bulkWriteMatchesRowByRow() {
    var rng = SplitMix64(seed: 0x52_0411)
    for round in 0..<12 {
      var bulk = HeightIndex()
      if round % 3 == 0 { bulk.beginBulkLoad(expectingSections: 8) }
      for _ in 0..<rng.int(1...6) {
        let header = Int64(rng.int(0...3) * 256)
        if rng.int(0...2) == 0 {
          bulk.appendSection(
            header: header, footer: 128, rows: rng.int(0...5_000), rowUnits: Int64(rng.int(1...80) * 64),
            measured: false)
        } else {
          bulk.appendSection(header: header, footer: 128, rows: randomRows(&rng))
        }
      }
      if round % 3 == 0 { bulk.rebalance() }
      var single = bulk
      for step in 0..<60 {
        let context = "round \(round), step \(step)"
        if rng.int(0...4) == 0, let s = (0..<bulk.sectionCount).first(where: { bulk.rowCount(inSection: $0) > 0 }) {
          // An edit between runs: a row set, rows inserted, a section reset to an estimate.
          let k = bulk.itemIndex(of: IndexPath(row: rng.int(0...(bulk.rowCount(inSection: s) - 1)), section: s))
          switch rng.int(0...3) {
          case 0:
            let measured = rng.int(0...1) == 0
            let units = Int64(rng.int(1...9_000))
            bulk.setHeight(ofItem: k, units: units, measured: measured)
            single.setHeight(ofItem: k, units: units, measured: measured)
          case 1:
            let count = rng.int(1...400)
            let units = Int64(rng.int(1...80) * 64)
            bulk.insertRows(at: k, count: count, units: units, measured: false)
            single.insertRows(at: k, count: count, units: units, measured: false)
          case 2:
            let s = rng.int(0...(bulk.sectionCount - 1))
            let units = Int64(rng.int(1...80) * 64)
            bulk.resetRows(inSection: s, units: units)
            single.resetRows(inSection: s, units: units)
          default:
            break
          }
        }
        // A run from a random unmeasured row, downwards or upwards, of a random length.
        guard bulk.unmeasuredRowCount > 0 else { break }
        let from = rng.int(0...(bulk.itemCount - 1))
        guard let start = bulk.firstUnmeasuredItem(from: from) ?? bulk.lastUnmeasuredItem(through: from) else {
          continue
        }
        let forward = rng.int(0...1) == 0
        let available = bulk.unmeasuredRun(from: start, forward: forward, limit: .max).rows
        #expect(available >= 1, "\(context)")
        let length = rng.int(1...max(1, min(available, 1_500)))
        let first = forward ? start : start - length + 1
        let units = (0..<length).map { _ in Int64(rng.int(1...30_000)) }
        let change = bulk.setMeasuredRun(at: first, units: units[...])
        var expectedChange: Int64 = 0
        for (i, h) in units.enumerated() {
          expectedChange += h - single.updateHeight(ofItem: first + i, units: h, measured: true).oldUnits
        }
        #expect(change == expectedChange, "\(context)")
        bulk._checkInvariants()
        expectSame(bulk, single, context)
      }
      // Rows that are not one run (measured ones among them, several nodes): written row by row.
      if bulk.rowCount > 10 {
        let first = bulk.itemIndex(of: IndexPath(row: 0, section: 0))
        let rows = min(bulk.rowCount(inSection: 0), 50)
        let units = (0..<rows).map { _ in Int64(rng.int(1...30_000)) }
        bulk.setMeasuredRun(at: first, units: units[...])
        for (i, h) in units.enumerated() { single.updateHeight(ofItem: first + i, units: h, measured: true) }
        bulk._checkInvariants()
        expectSame(bulk, single, "round \(round), mixed rows")
      }
    }
  }

  @Test("measuring a table run by run packs the rows into full chunks, as row by row does")
  func runsPackIntoChunks() {
    var index = HeightIndex()
    index.appendSection(header: 0, footer: 0, rows: 100_000, rowUnits: 24 * 256, measured: false)
    var k = 50_001
    // Downwards, in runs of 300 rows (what slices leave behind).
    while k < 80_001 {
      index.setMeasuredRun(at: k, units: (0..<300).map { Int64(5_000 + $0) }[...])
      k += 300
    }
    index._checkInvariants()
    // 30,000 measured rows: about 118 chunks of 256, plus the spans around them.
    #expect(index.storedNodeCount < 130, "\(index.storedNodeCount) nodes")
    #expect(index.unmeasuredRowCount == 70_000)
  }
}

/// A table of several sections whose rows have per-row estimates, with a delegate height per row
/// (an id's height never changes): the reference is the array of heights by id.
private final class RunModel: TableViewDataSource, TableViewDelegate {
  var sections: [[Int]]
  var heights: [Int: Double] = [:]
  var estimates: [Int: Double] = [:]
  var nextID = 0
  var measuredIDs: [Int] = []
  let clock: ManualClock
  let perRowEstimates: Bool

  init(sections: Int, rng: inout SplitMix64, clock: ManualClock, perRowEstimates: Bool) {
    self.clock = clock
    self.perRowEstimates = perRowEstimates
    self.sections = []
    for _ in 0..<sections { self.sections.append((0..<rng.int(0...400)).map { _ in make(&rng) }) }
  }

  func make(_ rng: inout SplitMix64) -> Int {
    let id = nextID
    nextID += 1
    heights[id] = Double(rng.int(20...90)) + Double(rng.int(0...3)) / 4
    estimates[id] = Double(rng.int(30...60))
    return id
  }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    let id = sections[indexPath.section][indexPath.row]
    measuredIDs.append(id)
    clock.advance(by: 1.0 / 4096)
    return heights[id]!
  }
  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double {
    perRowEstimates ? estimates[sections[indexPath.section][indexPath.row]]! : 44
  }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { 18 }
  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double { 6 }
}

@Suite("Idle precompute by runs")
struct IdlePrecomputeRunTests {
  /// Every row's rect against the reference heights (and so every offset), and the table's invariants.
  private func expectExact(_ table: TableView, _ model: RunModel, _ context: String) throws {
    table._checkInvariants()
    var y = 0.0
    for (s, ids) in model.sections.enumerated() {
      y += 18
      for (r, id) in ids.enumerated() {
        let rect = try table.rectForRow(at: IndexPath(row: r, section: s))
        guard rect.minY == y, rect.height == model.heights[id]! else {
          Issue.record(
            "\(context): row \(r) of section \(s) at \(rect.minY) × \(rect.height), expected \(y) × \(model.heights[id]!)"
          )
          return
        }
        y += rect.height
      }
      y += 6
    }
    #expect(table.contentSize.height == y, "\(context)")
  }

  @Test(
    "random tables, slices and edits between them: every row ends at its exact height and offset, nothing on screen moves",
    arguments: [false, true])
  func randomTablesMatchReference(perRowEstimates: Bool) throws {
    var rng = SplitMix64(seed: perRowEstimates ? 77 : 78)
    for round in 0..<6 {
      let clock = ManualClock()
      let model = RunModel(sections: rng.int(1...5), rng: &rng, clock: clock, perRowEstimates: perRowEstimates)
      let table = TableView(clock: clock)
      let host = TestHost()
      table.host = host
      table.register({ TestCell() }, forCellReuseIdentifier: "cell")
      table.estimatedRowHeight = 44
      table.dataSource = model
      table.delegate = model
      table.viewportSize = Size(width: 100, height: 300)
      table.reloadData()
      table.idlePrecompute.enable(budget: Double(rng.int(1...40)) / 4096)
      table.contentOffset.y = Double(rng.int(0...Int(max(0, table.contentSize.height - 300))))
      var slices = 0
      while slices < 10_000 {
        slices += 1
        // Nothing on screen moves while a slice measures rows above and below it.
        let before = table.visibleCells.map { ($0.frame.minY - table.contentOffset.y, $0.frame.height) }
        let more = table.runIdleSlice()
        let after = table.visibleCells.map { ($0.frame.minY - table.contentOffset.y, $0.frame.height) }
        #expect(before.count == after.count && zip(before, after).allSatisfy { $0 == $1 }, "round \(round)")
        table._checkInvariants()
        if !more { break }
        if rng.int(0...5) == 0 {
          // An edit between slices: rows inserted and deleted in a section.
          let s = rng.int(0...(model.sections.count - 1))
          let count = model.sections[s].count
          let at = rng.int(0...count)
          let inserted = (0..<rng.int(1...30)).map { _ in model.make(&rng) }
          model.sections[s].insert(contentsOf: inserted, at: at)
          var deleted: [IndexPath] = []
          if count > 0, rng.int(0...1) == 0 {
            let row = rng.int(0...(count - 1))
            deleted = [IndexPath(row: row, section: s)]
          }
          let removedRow = deleted.first.map { $0.row < at ? $0.row : $0.row + inserted.count }
          if let removedRow { model.sections[s].remove(at: removedRow) }
          // Inserted rows at their index paths after the update.
          let insertedAt = at - (deleted.first.map { $0.row < at ? 1 : 0 } ?? 0)
          try table.performBatchUpdates { update in
            update.deleteRows(at: deleted)
            update.insertRows(at: (insertedAt..<(insertedAt + inserted.count)).map { IndexPath(row: $0, section: s) })
          }
        }
      }
      #expect(table.precomputeProgress.isComplete, "round \(round)")
      #expect(host.doubleAttach == 0 && host.strayDetach == 0)
      try expectExact(table, model, "round \(round)")
    }
  }

  /// The table's clock, counting its readings.
  private final class CountingClock: TableViewClock {
    let clock: ManualClock
    var readings = 0
    init(_ clock: ManualClock) { self.clock = clock }
    var now: Double {
      readings += 1
      return clock.now
    }
  }

  @Test("a slice reads the clock less than once a row when rows are fast, and still stops within its budget")
  func clockStride() {
    let manual = ManualClock()
    let clock = CountingClock(manual)
    let model = CostlyModel(rows: 20_000, seed: 11, clock: manual)
    model.cost = { _ in 1.0 / 1_048_576 }  // about a microsecond a row
    let table = TableView(clock: clock)
    let host = TestHost()
    table.host = host
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.estimatedRowHeight = 50
    table.dataSource = model
    table.delegate = model
    table.viewportSize = Size(width: 100, height: 400)
    table.reloadData()
    table.idlePrecompute.enable(budget: 1.0 / 1024)
    var slices = 0
    let readingsBefore = clock.readings
    while true {
      let start = manual.now
      let rows = model.measured.count
      let more = table.runIdleSlice()
      if model.measured.count > rows {
        slices += 1
        // At most a stride of rows (10 here, each 1/1024 of the budget) past the budget.
        #expect(manual.now - start <= table.idlePrecompute.budget * 1.05, "slice \(slices)")
      }
      if !more { break }
    }
    #expect(table.precomputeProgress.isComplete)
    #expect(slices >= 19 && slices <= 22, "\(slices) slices of about 1,000 rows")
    let perRow = Double(clock.readings - readingsBefore) / Double(table.idlePrecompute.rowsMeasured)
    #expect(perRow < 0.2, "\(perRow) readings of the clock a row")
    _ = host
  }
}
