import SeededRandom
import Testing

@testable import TableViewCore

/// The plain model: sections of (header, rows, footer) heights in units.
private struct ModelSection {
  var header: Int64
  var rows: [(units: Int64, measured: Bool)]
  var footer: Int64
}

private struct Model {
  var sections: [ModelSection] = []

  var items: [(units: Int64, measured: Bool, item: HeightIndex.Item)] {
    var result: [(Int64, Bool, HeightIndex.Item)] = []
    for (s, section) in sections.enumerated() {
      result.append((section.header, true, .header(s)))
      for (r, row) in section.rows.enumerated() {
        result.append((row.units, row.measured, .row(IndexPath(row: r, section: s))))
      }
      result.append((section.footer, true, .footer(s)))
    }
    return result
  }
}

private func assertAgrees(_ index: HeightIndex, _ model: Model, rng: inout SplitMix64) {
  index._checkInvariants()
  let items = model.items
  #expect(index.itemCount == items.count)
  #expect(index.sectionCount == model.sections.count)
  #expect(index.rowCount == model.sections.reduce(0) { $0 + $1.rows.count })
  #expect(index.unmeasuredRowCount == items.filter { !$0.measured }.count)
  let total = items.reduce(Int64(0)) { $0 + $1.units }
  #expect(index.totalUnits == total)
  for (s, section) in model.sections.enumerated() {
    #expect(index.rowCount(inSection: s) == section.rows.count)
  }
  #expect(index.rowCounts == model.sections.map(\.rows.count))
  #expect(index.rowCountsInOneWalk() == model.sections.map(\.rows.count))
  // Probe a sample of items (all of them when small), against answers taken from the model in
  // one pass each.
  let probes =
    items.count <= 200 ? Array(0..<items.count) : (0..<200).map { _ in Int(rng.next() % UInt64(items.count)) }
  var prefix: [Int64] = [0]
  for item in items { prefix.append(prefix.last! + item.units) }
  let pending = items.map { !$0.measured && isRow($0.item) }
  var nextPending = [Int?](repeating: nil, count: items.count + 1)
  for k in items.indices.reversed() { nextPending[k] = pending[k] ? k : nextPending[k + 1] }
  var lastPending = [Int?](repeating: nil, count: items.count)
  for k in items.indices { lastPending[k] = pending[k] ? k : (k > 0 ? lastPending[k - 1] : nil) }
  for k in probes {
    #expect(index.offset(ofItem: k) == prefix[k])
    #expect(index.height(ofItem: k) == items[k].units)
    #expect(index.item(k) == items[k].item)
    #expect(index.isMeasured(item: k) == items[k].measured)
    #expect(index.firstUnmeasuredItem(from: k) == nextPending[k])
    #expect(index.lastUnmeasuredItem(through: k) == lastPending[k])
  }
  // Offsets → item: the first item that ends after y.
  for _ in 0..<50 where total > 0 {
    let y = Int64(rng.next() % UInt64(total))
    var lo = 0
    var hi = items.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if prefix[mid + 1] > y { hi = mid } else { lo = mid + 1 }
    }
    #expect(index.item(containing: y) == lo)
  }
  #expect(index.item(containing: total) == nil)
  #expect(index.item(containing: -1) == nil)
}

private func isRow(_ item: HeightIndex.Item) -> Bool {
  if case .row = item { return true }
  return false
}

@Suite("Height index")
struct HeightIndexTests {
  @Test("random edits agree exactly with a plain array model")
  func randomizedModel() {
    var rng = SplitMix64(seed: 42)
    var index = HeightIndex()
    var model = Model()
    func h() -> Int64 { Int64(rng.next() % 4) * 256 + Int64(rng.next() % 3) * 100 }
    for _ in 0..<2000 {
      let sections = model.sections.count
      switch rng.next() % 11 {
      case 0 where sections < 12:  // insert a section of estimated rows
        let s = Int(rng.next() % UInt64(sections + 1))
        let rows = Int(rng.next() % 6)
        let est = h()
        let header = h()
        index.insertSection(at: s, header: header, footer: 0, rows: rows, rowUnits: est, measured: false)
        model.sections.insert(
          ModelSection(header: header, rows: Array(repeating: (est, false), count: rows), footer: 0), at: s)
      case 1 where sections > 1:  // delete a section
        let s = Int(rng.next() % UInt64(sections))
        index.removeItems(index.itemRange(ofSection: s))
        model.sections.remove(at: s)
      case 2 where sections > 1:  // move a section
        let from = Int(rng.next() % UInt64(sections))
        let detached = index.extractItems(index.itemRange(ofSection: from))
        let moved = model.sections.remove(at: from)
        let to = Int(rng.next() % UInt64(sections))
        index.insert(detached, at: index.itemIndex(ofHeader: to))
        model.sections.insert(moved, at: to)
      case 3 where sections > 0, 4 where sections > 0:  // set a height (row, header or footer)
        let items = model.items
        let k = Int(rng.next() % UInt64(items.count))
        let value = h()
        let measured = rng.next() % 4 != 0
        switch items[k].item {
        case .header(let s):
          index.setHeight(ofItem: k, units: value)
          model.sections[s].header = value
        case .footer(let s):
          index.setHeight(ofItem: k, units: value)
          model.sections[s].footer = value
        case .row(let p):
          if rng.next() % 2 == 0 {
            index.setHeight(ofItem: k, units: value, measured: measured)
          } else {
            // The second pass follows the recorded descent, or part of it and descends again.
            let levels = [0, 1, 3, HeightIndex.recordedPathLength][Int(rng.next() % 4)]
            let change = index.updateHeight(ofItem: k, units: value, measured: measured, recordingAtMost: levels)
            #expect(change.oldUnits == items[k].units)
            #expect(change.start == items[..<k].reduce(0) { $0 + $1.units })
            #expect(change.rowsBefore == items[..<k].filter { isRow($0.item) }.count)
          }
          model.sections[p.section].rows[p.row] = (value, measured)
        }
      case 5 where sections > 0, 6 where sections > 0:  // insert rows
        let s = Int(rng.next() % UInt64(sections))
        let r = Int(rng.next() % UInt64(model.sections[s].rows.count + 1))
        let count = Int(rng.next() % 3) + 1
        let value = h()
        if rng.next() % 2 == 0 {
          index.insertRows(
            at: index.itemIndex(of: IndexPath(row: r, section: s)), count: count, units: value, measured: false)
          model.sections[s].rows.insert(contentsOf: repeatElement((units: value, measured: false), count: count), at: r)
        } else {
          let heights = (0..<count).map { _ in (units: h(), measured: rng.next() % 3 != 0) }
          index.insertRows(at: index.itemIndex(of: IndexPath(row: r, section: s)), heights: heights)
          model.sections[s].rows.insert(contentsOf: heights, at: r)
        }
      case 7 where sections > 0:  // delete rows
        let s = Int(rng.next() % UInt64(sections))
        let n = model.sections[s].rows.count
        guard n > 0 else { break }
        let r = Int(rng.next() % UInt64(n))
        let count = min(n - r, Int(rng.next() % 3) + 1)
        let k = index.itemIndex(of: IndexPath(row: r, section: s))
        index.removeItems(k..<(k + count))
        model.sections[s].rows.removeSubrange(r..<(r + count))
      case 8 where sections > 0:  // move a row across sections
        let s = Int(rng.next() % UInt64(sections))
        guard !model.sections[s].rows.isEmpty else { break }
        let r = Int(rng.next() % UInt64(model.sections[s].rows.count))
        let k = index.itemIndex(of: IndexPath(row: r, section: s))
        let detached = index.extractItems(k..<(k + 1))
        let row = model.sections[s].rows.remove(at: r)
        let t = Int(rng.next() % UInt64(sections))
        let tr = Int(rng.next() % UInt64(model.sections[t].rows.count + 1))
        index.insert(detached, at: index.itemIndex(of: IndexPath(row: tr, section: t)))
        model.sections[t].rows.insert(row, at: tr)
      case 9 where sections > 0:  // reset a section's rows to an estimate
        let s = Int(rng.next() % UInt64(sections))
        let value = h()
        index.resetRows(inSection: s, units: value)
        model.sections[s].rows = model.sections[s].rows.map { _ in (value, false) }
      case 10:
        index.rebalance()
      default:
        let est = h()
        let rows = Int(rng.next() % 5)
        let measured = rng.next() % 2 == 0
        index.appendSection(header: 256, footer: 128, rows: rows, rowUnits: est, measured: measured)
        model.sections.append(
          ModelSection(header: 256, rows: Array(repeating: (est, measured), count: rows), footer: 128))
      }
      assertAgrees(index, model, rng: &rng)
    }
  }

  @Test("ten million rows at one height cost a handful of nodes, and offsets stay exact at 10⁸ rows")
  func largeRunsAreCheapAndExact() {
    var index = HeightIndex()
    index.appendSection(header: 0, footer: 0, rows: 100_000_000, rowUnits: HeightIndex.units(44.5), measured: false)
    // One node: the header, the run and the footer.
    #expect(index.storedNodeCount == 1)
    #expect(index.nodeCount == 3)
    let k = index.itemIndex(of: IndexPath(row: 99_999_999, section: 0))
    #expect(HeightIndex.points(index.offset(ofItem: k)) == 99_999_999 * 44.5)
    // Measure one row in the middle: the run splits, the sum stays exact.
    index.setHeight(ofItem: 50_000_001, units: HeightIndex.units(100))
    #expect(HeightIndex.points(index.totalUnits) == 99_999_999 * 44.5 + 100)
    #expect(index.nodeCount <= 6)
    // Measuring neighbours one by one packs them into chunks, not one node each.
    for r in 50_000_001..<50_001_001 { index.setHeight(ofItem: r + 1, units: HeightIndex.units(30)) }
    #expect(index.nodeCount < 40)
    index._checkInvariants()
  }

  @Test("scattered one-row edits in one long run keep the tree balanced (fragments never share a priority)")
  func scatteredEditsStayBalanced() {
    // A fixed-height or still-estimated section is one run; a chat or a log tail cuts it at
    // thousands of places. Every cut must leave a treap, not a chain.
    for measured in [true, false] {
      var index = HeightIndex()
      let rows = 10_000_000
      index.appendSection(header: 0, footer: 0, rows: rows, rowUnits: 44 * 256, measured: measured)
      index.rebalance()
      var rng = SplitMix64(seed: 0xC4A1)
      for step in 0..<4_000 {
        let from = 1 + Int(rng.next() % UInt64(rows))
        index.removeItems(from..<(from + 1))
        let to = 1 + Int(rng.next() % UInt64(rows))
        index.insertRows(at: to, count: 1, units: (44 + Int64(step % 3)) * 256, measured: measured)
        if step % 500 == 0 { index._checkInvariants() }
      }
      index._checkInvariants()
      #expect(index.rowCount == rows)
      #expect(index.depth <= 4 * (Int.bitWidth - index.storedNodeCount.leadingZeroBitCount) + 4)
    }
  }

  @Test("rows moved about inside one run of equal rows leave it one node (a diffable apply of estimated rows)")
  func movesInsideOneRunCutNothing() {
    var index = HeightIndex()
    let rows = 1_000_000
    index.appendSection(header: 256, footer: 0, rows: rows, rowUnits: 44 * 256, measured: false)
    let total = index.totalUnits
    var rng = SplitMix64(seed: 0x30E5)
    for _ in 0..<3_000 {
      let from = 1 + Int(rng.next() % UInt64(rows))
      let detached = index.extractItems(from..<(from + 1))
      let to = 1 + Int(rng.next() % UInt64(rows))
      index.insert(detached, at: to)
    }
    index._checkInvariants()
    #expect(index.rowCount == rows && index.totalUnits == total && index.unmeasuredRowCount == rows)
    #expect(index.storedNodeCount == 1)
    // A moved row lands among rows of another height: it is cut in, and keeps its own height.
    index.setHeight(ofItem: 10, units: 30 * 256, measured: true)
    let detached = index.extractItems(10..<11)
    index.insert(detached, at: 500_000)
    index._checkInvariants()
    #expect(index.height(ofItem: 500_000) == 30 * 256 && index.isMeasured(item: 500_000))
    #expect(index.totalUnits == total - 14 * 256)
  }

  @Test("a bulk load answers exactly as sections appended one by one, balanced, and edits keep working")
  func bulkLoadMatchesAppends() {
    var rng = SplitMix64(seed: 0xB01C)
    var bulk = HeightIndex()
    var model = Model()
    bulk.beginBulkLoad()
    for _ in 0..<300 {
      let header = Int64(rng.next() % 3) * 256
      let footer = Int64(rng.next() % 2) * 128
      let rows = Int(rng.next() % 90)
      switch rng.next() % 3 {
      case 0:
        let h = Int64(1 + rng.next() % 40) * 256
        let measured = rng.next() % 2 == 0
        bulk.appendSection(header: header, footer: footer, rows: rows, rowUnits: h, measured: measured)
        model.sections.append(
          ModelSection(header: header, rows: Array(repeating: (h, measured), count: rows), footer: footer))
      case 1:
        let heights = (0..<rows).map { _ in Int64(1 + rng.next() % 40) * 256 }
        bulk.appendSection(header: header, footer: footer, rowUnits: heights)
        model.sections.append(ModelSection(header: header, rows: heights.map { ($0, true) }, footer: footer))
      default:
        // Per-row estimates and measured rows mixed, with repeats (runs) and changes (chunks).
        var rowsOut: [(units: Int64, measured: Bool)] = []
        for _ in 0..<rows {
          let repeatLast = !rowsOut.isEmpty && rng.next() % 2 == 0
          rowsOut.append(repeatLast ? rowsOut.last! : (Int64(1 + rng.next() % 5) * 256, rng.next() % 3 == 0))
        }
        bulk.appendSection(header: header, footer: footer, rows: rowsOut)
        model.sections.append(ModelSection(header: header, rows: rowsOut, footer: footer))
      }
    }
    bulk.rebalance()
    var probe = SplitMix64(seed: 7)
    assertAgrees(bulk, model, rng: &probe)
    #expect(bulk.depth <= Int.bitWidth - bulk.storedNodeCount.leadingZeroBitCount + 1)
    // Edits after the load see an ordinary treap.
    for _ in 0..<200 {
      let s = Int(rng.next() % UInt64(model.sections.count))
      let r = Int(rng.next() % UInt64(model.sections[s].rows.count + 1))
      bulk.insertRows(at: bulk.itemIndex(of: IndexPath(row: r, section: s)), count: 1, units: 512, measured: true)
      model.sections[s].rows.insert((512, true), at: r)
    }
    assertAgrees(bulk, model, rng: &probe)
  }

  @Test("measuring rows in order, down and up from a measured one, packs them into chunks in place")
  func measuringInOrderGrowsChunks() {
    var index = HeightIndex()
    index.appendSection(header: 256, footer: 256, rows: 2_000, rowUnits: 44 * 256, measured: false)
    var model = Model()
    model.sections = [ModelSection(header: 256, rows: Array(repeating: (44 * 256, false), count: 2_000), footer: 256)]
    var rng = SplitMix64(seed: 99)
    // The idle precompute's order: one row in the middle, then alternately below and above it.
    let middle = 1_000
    for step in 0..<600 {
      let row = step % 2 == 0 ? middle + step / 2 : middle - 1 - step / 2
      let h = Int64(20 + rng.next() % 50) * 256
      let measured = true
      let change = index.updateHeight(ofItem: row + 1, units: h, measured: measured)
      #expect(change.oldUnits == 44 * 256)
      #expect(change.rowsBefore == row)
      model.sections[0].rows[row] = (h, measured)
      if step % 50 == 0 { assertAgrees(index, model, rng: &rng) }
    }
    assertAgrees(index, model, rng: &rng)
    // 600 rows in chunks of up to 64, two estimated runs, the header and the footer.
    #expect(index.nodeCount <= 600 / 64 + 2 + 6)
  }

  @Test("inserting estimated rows into estimated rows grows the run instead of adding nodes")
  func insertIntoRunIsFree() {
    var index = HeightIndex()
    index.appendSection(header: 0, footer: 0, rows: 1000, rowUnits: 256, measured: false)
    for i in 0..<100 { index.insertRows(at: 1 + i * 7, count: 1, units: 256, measured: false) }
    #expect(index.storedNodeCount == 1)
    #expect(index.rowCount == 1100)
  }

  @Test("a section whose rows share one height is one node of under 100 bytes, cut only where an edit needs it")
  func sectionIsOneNode() {
    var index = HeightIndex()
    index.beginBulkLoad(expectingSections: 1_000)
    for s in 0..<1_000 {
      index.appendSection(header: 28 * 256, footer: Int64(s % 2) * 256, rows: 5, rowUnits: 44 * 256, measured: true)
    }
    index.rebalance()
    index._checkInvariants()
    #expect(index.storedNodeCount == 1_000)
    #expect(index.bytesInUse / 1_000 <= 100)
    // Measuring one row cuts its section into at most three nodes; the others stay whole.
    let k = index.itemIndex(of: IndexPath(row: 2, section: 500))
    index.updateHeight(ofItem: k, units: 50 * 256, measured: true)
    index._checkInvariants()
    #expect(index.storedNodeCount <= 1_002)
    #expect(index.height(ofItem: k) == 50 * 256)
    #expect(index.height(ofItem: k - 3) == 28 * 256)
    #expect(index.offset(ofItem: k) == 500 * (28 + 5 * 44) * 256 + 250 * 256 + (28 + 2 * 44) * 256)
    // Headers and footers change in place.
    index.setHeight(ofItem: index.itemIndex(ofFooter: 10), units: 7)
    index.setHeight(ofItem: index.itemIndex(ofHeader: 11), units: 9)
    #expect(index.storedNodeCount <= 1_002)
    #expect(index.height(ofItem: index.itemIndex(ofFooter: 10)) == 7)
    index._checkInvariants()
  }

  @Test(
    "one row inserted, removed, moved at each edge of chunks of 1 to 200 rows, in place: as the model, no node added")
  func chunkRowEditsInPlace() {
    var rng = SplitMix64(seed: 0xC4_0E)
    func h() -> Int64 { Int64(rng.next() % 90) * 256 + Int64(rng.next() % 4) * 64 }
    for rows in [1, 2, 63, 64, 65, 66, 127, 128, 129, 191, 192, 193, 200] {
      for place in Set([0, 1, rows / 2, rows - 2, rows - 1, rows, 63, 64, 65, 127, 128]).sorted()
      where place >= 0 && place <= rows {
        for (edit, mixed) in [(0, false), (1, false), (2, false), (0, true), (1, true), (2, true)] {
          var index = HeightIndex()
          // Mixed: some rows unmeasured, which a section's load may keep in spans of their own, where an edit
          // cuts; so the count of nodes is asserted only when every row is measured (one chunk).
          let heights = (0..<rows).map { _ in (units: h(), measured: !mixed || rng.next() % 5 != 0) }
          index.appendSection(header: 256, footer: 512, rows: heights)
          var model = Model(sections: [ModelSection(header: 256, rows: heights, footer: 512)])
          let nodes = index.nodeCount
          switch edit {
          case 0:  // insert before `place`
            let row = (units: h(), measured: rng.next() % 2 == 0)
            index.insertRows(at: 1 + place, heights: [row])
            model.sections[0].rows.insert(row, at: place)
          case 1:  // remove `place`
            guard place < rows else { continue }
            index.removeItems((1 + place)..<(2 + place))
            model.sections[0].rows.remove(at: place)
          default:  // move `place` to the middle
            guard place < rows else { continue }
            let detached = index.extractItems((1 + place)..<(2 + place))
            let row = model.sections[0].rows.remove(at: place)
            let to = (rows - 1) / 2
            index.insert(detached, at: 1 + to)
            model.sections[0].rows.insert(row, at: to)
          }
          assertAgrees(index, model, rng: &rng)
          if rows > 1, !mixed { #expect(index.nodeCount <= nodes, "\(rows) rows, place \(place), edit \(edit)") }
        }
      }
    }
  }

  @Test("big chunks (many blocks, grown, cut, measured in order both ways) agree exactly with a plain array model")
  func randomizedBigChunks() {
    var rng = SplitMix64(seed: 0xB16C)
    var index = HeightIndex()
    var model = Model()
    func h() -> Int64 { Int64(rng.next() % 90) * 256 + Int64(rng.next() % 4) * 64 }
    index.beginBulkLoad(expectingSections: 6)
    for rows in [5_000, 700, 64, 65, 130, 3] {
      if rng.next() % 2 == 0 {
        let heights = (0..<rows).map { _ in h() }
        index.appendSection(header: 256, footer: 512, rowUnits: heights)
        model.sections.append(ModelSection(header: 256, rows: heights.map { ($0, true) }, footer: 512))
      } else {
        let heights = (0..<rows).map { _ in (units: h(), measured: rng.next() % 5 != 0) }
        index.appendSection(header: 256, footer: 512, rows: heights)
        model.sections.append(ModelSection(header: 256, rows: heights, footer: 512))
      }
    }
    index.rebalance()
    // 5,962 rows in chunks of up to `maximumChunkRows`: a few nodes a section (a span for the
    // header, one for the footer, chunks between), not one a block of 64.
    #expect(index.storedNodeCount <= 6 * 2 + (5_962 / HeightIndex.maximumChunkRows + 6) * 2)
    assertAgrees(index, model, rng: &rng)
    // Measuring in order (rows appended to and put before chunks) from a row of each section.
    var cursors = model.sections.indices.map { s in
      (s, model.sections[s].rows.count / 2, model.sections[s].rows.count / 2 - 1)
    }
    for step in 0..<600 {
      let sections = model.sections.count
      switch rng.next() % 9 {
      case 0, 1:  // measure the next row below and above a cursor
        let c = Int(rng.next() % UInt64(cursors.count))
        var (s, down, up) = cursors[c]
        guard s < sections else { break }
        let rows = model.sections[s].rows.count
        for r in [down, up] where r >= 0 && r < rows {
          let value = h()
          let k = index.itemIndex(of: IndexPath(row: r, section: s))
          let change = index.updateHeight(ofItem: k, units: value, measured: true)
          #expect(change.oldUnits == model.sections[s].rows[r].units)
          model.sections[s].rows[r] = (value, true)
        }
        down += 1
        up -= 1
        cursors[c] = (s, down, up)
      case 2, 3:  // change a row's height, measured or not
        let s = Int(rng.next() % UInt64(sections))
        guard !model.sections[s].rows.isEmpty else { break }
        let r = Int(rng.next() % UInt64(model.sections[s].rows.count))
        let value = h()
        let measured = rng.next() % 4 != 0
        let k = index.itemIndex(of: IndexPath(row: r, section: s))
        if rng.next() % 2 == 0 {
          index.setHeight(ofItem: k, units: value, measured: measured)
        } else {
          let change = index.updateHeight(ofItem: k, units: value, measured: measured)
          #expect(change.oldUnits == model.sections[s].rows[r].units)
          #expect(change.start == index.offset(ofItem: k))
        }
        model.sections[s].rows[r] = (value, measured)
      case 4:  // insert explicit heights
        let s = Int(rng.next() % UInt64(sections))
        let r = Int(rng.next() % UInt64(model.sections[s].rows.count + 1))
        let heights = (0..<Int(1 + rng.next() % 80)).map { _ in (units: h(), measured: rng.next() % 6 != 0) }
        index.insertRows(at: index.itemIndex(of: IndexPath(row: r, section: s)), heights: heights)
        model.sections[s].rows.insert(contentsOf: heights, at: r)
      case 5:  // delete a range of rows
        let s = Int(rng.next() % UInt64(sections))
        let n = model.sections[s].rows.count
        guard n > 0 else { break }
        let r = Int(rng.next() % UInt64(n))
        let count = min(n - r, Int(1 + rng.next() % 150))
        let k = index.itemIndex(of: IndexPath(row: r, section: s))
        index.removeItems(k..<(k + count))
        model.sections[s].rows.removeSubrange(r..<(r + count))
      case 6:  // move a range of rows
        let s = Int(rng.next() % UInt64(sections))
        let n = model.sections[s].rows.count
        guard n > 0 else { break }
        let r = Int(rng.next() % UInt64(n))
        let count = min(n - r, Int(1 + rng.next() % 300))
        let k = index.itemIndex(of: IndexPath(row: r, section: s))
        let detached = index.extractItems(k..<(k + count))
        let moved = Array(model.sections[s].rows[r..<(r + count)])
        model.sections[s].rows.removeSubrange(r..<(r + count))
        let t = Int(rng.next() % UInt64(sections))
        let tr = Int(rng.next() % UInt64(model.sections[t].rows.count + 1))
        index.insert(detached, at: index.itemIndex(of: IndexPath(row: tr, section: t)))
        model.sections[t].rows.insert(contentsOf: moved, at: tr)
      case 7:  // estimated rows in one block
        let s = Int(rng.next() % UInt64(sections))
        let r = Int(rng.next() % UInt64(model.sections[s].rows.count + 1))
        let count = Int(1 + rng.next() % 50)
        let value = h()
        index.insertRows(
          at: index.itemIndex(of: IndexPath(row: r, section: s)), count: count, units: value, measured: false)
        model.sections[s].rows.insert(contentsOf: repeatElement((units: value, measured: false), count: count), at: r)
      default:
        if step % 3 == 0 {
          index.rebalance()
        } else {
          let s = Int(rng.next() % UInt64(sections))
          let value = h()
          index.resetRows(inSection: s, units: value)
          model.sections[s].rows = model.sections[s].rows.map { _ in (value, false) }
        }
      }
      assertAgrees(index, model, rng: &rng)
    }
  }
}
