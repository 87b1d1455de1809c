import SeededRandom
import Testing

@testable import TableViewCore

/// A table's shape as plain arrays: the reference the row space is checked against.
private struct ShapeModel {
  struct Row {
    var units: Int64
    var measured: Bool
  }
  struct Section {
    var header: Int64
    var footer: Int64
    var rows: [Row]
  }
  var sections: [Section]
  var loops: Bool
  var tableHeader: Int64

  /// One item of the flat sequence (header, rows…, footer per section), laid out in one lap.
  struct Item {
    var isRow: Bool
    var section: Int
    var row: Int
    var rowsBefore: Int
    var start: Int64
    var height: Int64
    var measured: Bool
  }

  var items: [Item] {
    var result: [Item] = []
    var y: Int64 = 0
    var rowsBefore = 0
    for (s, section) in sections.enumerated() {
      result.append(
        Item(
          isRow: false, section: s, row: -1, rowsBefore: rowsBefore, start: y, height: section.header, measured: true))
      y += section.header
      for (r, row) in section.rows.enumerated() {
        result.append(
          Item(
            isRow: true, section: s, row: r, rowsBefore: rowsBefore, start: y, height: row.units, measured: row.measured
          ))
        y += row.units
        rowsBefore += 1
      }
      result.append(
        Item(
          isRow: false, section: s, row: -1, rowsBefore: rowsBefore, start: y, height: section.footer, measured: true))
      y += section.footer
    }
    return result
  }

  var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }
  var total: Int64 { sections.reduce(0) { $0 + $1.header + $1.footer + $1.rows.reduce(0) { $0 + $1.units } } }
  var loopsNow: Bool { loops && sections.count == 1 && rowCount > 0 && total > 0 }

  /// The model as a height index.
  var index: HeightIndex {
    /// The model as a height index.
    var index = HeightIndex()
    for section in sections {
      index.appendSection(
        header: section.header, footer: section.footer,
        rows: section.rows.map { (units: $0.units, measured: $0.measured) })
    }
    return index
  }

  /// The model with its items laid out once, for the queries.
  var frozen: Frozen {
    Frozen(items: items, rowCount: rowCount, total: total, loopsNow: loopsNow, tableHeader: tableHeader)
  }
}

/// A model's items, row count, height and loopingness, computed once.
private struct Frozen {
  typealias Item = ShapeModel.Item
  var items: [Item]
  var rowCount: Int
  var total: Int64
  var loopsNow: Bool
  var tableHeader: Int64

  /// Every item of laps `laps` (one lap, at 0 and below the table header, when linear), with its
  /// global row count before it and its top in content coordinates.
  func laidOut(laps: ClosedRange<Int>) -> [(item: Item, lap: Int, rowsBefore: Int, top: Int64)] {
    guard loopsNow else { return items.map { ($0, 0, $0.rowsBefore, tableHeader + $0.start) } }
    return laps.flatMap { lap in
      items.map { ($0, lap, lap * rowCount + $0.rowsBefore, Int64(lap) * total + $0.start) }
    }
  }

  /// By brute force: the rows from the item containing `t` to the item containing `b − 1`, as the
  /// layout pass wants them, and the sections those items are in (none while looping).
  func ranges(t: Int64, b: Int64) -> (rows: Range<Int>, sections: Range<Int>) {
    var t = t
    var b = b
    if !loopsNow {
      t = max(t - tableHeader, 0) + tableHeader
      b = min(b - tableHeader, total) + tableHeader
    }
    guard t < b else { return (0..<0, 0..<0) }
    let lapOf = { (y: Int64) in loopsNow ? Int(RowSpace.floorDivide(y, total)) : 0 }
    let laid = laidOut(laps: (lapOf(t) - 1)...(lapOf(b - 1) + 1))
    guard let first = laid.first(where: { $0.top <= t && t < $0.top + $0.item.height }),
      let last = laid.first(where: { $0.top <= b - 1 && b - 1 < $0.top + $0.item.height })
    else { return (0..<0, 0..<0) }
    let end = min(last.rowsBefore + (last.item.isRow ? 1 : 0), first.rowsBefore + TableView.maximumVisibleRows)
    let rows = first.rowsBefore..<max(first.rowsBefore, end)
    return (rows, loopsNow ? 0..<0 : first.item.section..<(last.item.section + 1))
  }
}

private func randomShape(_ rng: inout SplitMix64) -> ShapeModel {
  let sectionCount = rng.int(0..<6) == 0 ? rng.int(0..<4) : 1
  let sections = (0..<sectionCount).map { _ in
    ShapeModel.Section(
      header: rng.int(0..<3) == 0 ? Int64(rng.int(0..<2_000)) : 0,
      footer: rng.int(0..<3) == 0 ? Int64(rng.int(0..<2_000)) : 0,
      rows: (0..<(rng.int(0..<8) == 0 ? 0 : rng.int(1..<30))).map { _ in
        ShapeModel.Row(units: rng.int(0..<8) == 0 ? 0 : Int64(rng.int(1..<20_000)), measured: rng.int(0..<3) != 0)
      })
  }
  return ShapeModel(
    sections: sections, loops: rng.int(0..<4) != 0, tableHeader: rng.int(0..<3) == 0 ? Int64(rng.int(0..<5_000)) : 0)
}

/// Checks the row space of `model` against the model, with a few random queries.
private func checkAgainstModel(_ shape: ShapeModel, _ rng: inout SplitMix64) {
  let index = shape.index
  let model = shape.frozen
  index._checkInvariants()
  let space = RowSpace(index: index, loops: shape.loops, tableHeaderUnits: shape.tableHeader)
  space._checkInvariants()
  space._checkInvariants(in: index)
  let looping = model.loopsNow
  #expect(space.isLooping == looping)
  #expect(space.isBounded == !looping)
  #expect(space.wrapsAround == looping)
  #expect(space.showsHeaderAndFooterViews == !looping)
  #expect(space.eachRowAppearsOnce == !looping)
  #expect(space.keepsFirstVisibleRowInPlace == looping)
  let period = model.total
  #expect(space.contentUnits(in: index, tableFooterUnits: 77) == (looping ? period : model.tableHeader + period + 77))

  // Every row of a few laps: global row → location → global row.
  let laps = looping ? -3...3 : 0...0
  let rowsPerLap = model.rowCount
  for entry in model.laidOut(laps: laps) where entry.item.isRow {
    let g = entry.rowsBefore
    let at = space.locate(globalRow: g, in: index)
    #expect(at.indexPath == IndexPath(row: entry.item.row, section: entry.item.section), "row \(g)")
    #expect(at.lap == entry.lap && at.top == entry.top && at.height == entry.item.height, "row \(g)")
    #expect(at.item == index.itemIndex(of: at.indexPath))
    #expect(space.lap(ofGlobalRow: g) == entry.lap)
    #expect(space.globalRow(lap: entry.lap, rowInLap: g - entry.lap * (looping ? rowsPerLap : 0)) == g)
  }

  // Positions: lap, wrapping, re-centring, the nearest offset.
  let span = looping ? 4 * period : model.tableHeader + period + 1
  for _ in 0..<8 {
    let y = Int64(rng.int(0..<Int(2 * span + 2))) - span - 1
    if looping {
      let lap = Int64(space.lap(containing: y))
      #expect(lap == RowSpace.floorDivide(y, period))
      #expect(lap * period <= y && y < (lap + 1) * period)
      let wrapped = space.wrappedIntoFirstLap(y)
      #expect(wrapped == y - lap * period && wrapped >= 0 && wrapped < period)
      if let shift = space.recentringShift(ofOffset: HeightIndex.points(y)) {
        #expect(y < -period || y > 2 * period)
        #expect(shift.units == lap * period && shift.rows == Int(lap) * rowsPerLap)
        #expect(y - shift.units >= 0 && y - shift.units < period)
      } else {
        #expect(y >= -period && y <= 2 * period)
      }
      let target = HeightIndex.points(y)
      let current = HeightIndex.points(Int64(rng.int(0..<Int(2 * span + 2))) - span - 1)
      let nearest = space.nearestOffset(to: target, from: current)
      let laps = (nearest - target) / HeightIndex.points(period)
      #expect(abs(laps - laps.rounded()) < 1e-9)
      #expect(abs(nearest - current) <= HeightIndex.points(period) / 2 + 1e-9)
    } else {
      #expect(space.lap(containing: y) == 0)
      #expect(space.wrappedIntoFirstLap(y) == y)
      #expect(space.recentringShift(ofOffset: HeightIndex.points(y)) == nil)
      #expect(space.nearestOffset(to: HeightIndex.points(y), from: 12.5) == HeightIndex.points(y))
    }
  }

  // Rows in a range: a brute-force scan over the laid-out items.
  for _ in 0..<8 {
    let t = Int64(rng.int(0..<Int(2 * span + 2))) - span - 1
    let b = t + Int64(rng.int(0..<Int(max(1, period) * 2 + 2)))
    let found = space.ranges(top: HeightIndex.points(t), bottom: HeightIndex.points(b), in: index)
    let expected = model.ranges(t: t, b: b)
    #expect(found.rows == expected.rows, "[\(t), \(b))")
    #expect(found.sections == expected.sections, "[\(t), \(b))")

    // The first unmeasured row of those rows (and of a range across laps).
    var rows = found.rows
    if looping, rng.int(0..<2) == 0 { rows = (rows.lowerBound - rng.int(0..<40))..<(rows.upperBound + rng.int(0..<40)) }
    let laid = model.laidOut(
      laps: (space.lap(ofGlobalRow: rows.lowerBound) - 1)...(space.lap(ofGlobalRow: rows.upperBound) + 1))
    let unmeasured = laid.first { $0.item.isRow && !$0.item.measured && rows.contains($0.rowsBefore) }
    let first = space.firstUnmeasuredRow(in: rows, of: index)
    #expect(first?.row == unmeasured?.rowsBefore, "first unmeasured of \(rows)")
    if let first, let unmeasured {
      #expect(first.item == index.itemIndex(of: IndexPath(row: unmeasured.item.row, section: unmeasured.item.section)))
    }
  }
}

@Suite("RowSpace")
struct RowSpaceTests {
  @Test("a table is looping only with loops set, one section, rows and height")
  func whenLooping() {
    func space(_ sections: [[Int64]], loops: Bool = true, header: Int64 = 0) -> RowSpace {
      var index = HeightIndex()
      for rows in sections { index.appendSection(header: 0, footer: 0, rowUnits: rows) }
      return RowSpace(index: index, loops: loops, tableHeaderUnits: header)
    }
    #expect(space([[10, 20, 30]]) == .looping(rowsPerLap: 3, period: 60))
    #expect(space([[10, 20, 30]], loops: false, header: 5) == .linear(rowsTop: 5))
    #expect(space([[10], [20]], header: 7) == .linear(rowsTop: 7))
    #expect(space([[]]) == .linear(rowsTop: 0))
    #expect(space([[0, 0]]) == .linear(rowsTop: 0))
    #expect(space([]) == .linear(rowsTop: 0))
  }

  @Test("a linear space: rows below the table header, once each")
  func linear() {
    var index = HeightIndex()
    index.appendSection(header: 4, footer: 6, rowUnits: [10, 20])
    index.appendSection(header: 0, footer: 0, rowUnits: [30])
    let space = RowSpace.linear(rowsTop: 100)
    space._checkInvariants(in: index)
    let at = space.locate(globalRow: 2, in: index)
    #expect(at == RowSpace.Location(section: 1, row: 0, lap: 0, item: 5, top: 140, height: 30))
    #expect(space.locate(globalRow: 1, in: index).top == 114)
    let all = space.ranges(top: 0, bottom: HeightIndex.points(1_000), in: index)
    #expect(all.rows == 0..<3 && all.sections == 0..<2)
    let middle = space.ranges(top: HeightIndex.points(115), bottom: HeightIndex.points(141), in: index)
    #expect(middle.rows == 1..<3 && middle.sections == 0..<2)
    #expect(space.contentUnits(in: index, tableFooterUnits: 8) == 178)
    #expect(space.offsetBounds(-3...40) == -3...40)
  }

  @Test("a looping space: global rows in every lap, negative ones too")
  func looping() {
    var index = HeightIndex()
    index.appendSection(header: 0, footer: 0, rowUnits: [10, 20, 30])
    let space = RowSpace(index: index, loops: true, tableHeaderUnits: 0)
    space._checkInvariants(in: index)
    let before = space.locate(globalRow: -1, in: index)
    #expect(
      before == RowSpace.Location(section: 0, row: 2, lap: -1, item: 3, top: -30, height: 30))
    #expect(space.locate(globalRow: 7, in: index).top == 2 * 60 + 10)
    #expect(space.ranges(top: HeightIndex.points(-35), bottom: HeightIndex.points(65), in: index).rows == -2..<4)
    #expect(space.ranges(top: HeightIndex.points(-35), bottom: HeightIndex.points(65), in: index).sections == 0..<0)
    #expect(space.wrappedIntoFirstLap(-35) == 25)
    #expect(space.recentringShift(ofOffset: HeightIndex.points(121))! == (units: 120, rows: 6))
    #expect(space.recentringShift(ofOffset: HeightIndex.points(120)) == nil)
    #expect(space.recentringShift(ofOffset: HeightIndex.points(-61))! == (units: -120, rows: -6))
    #expect(space.nearestOffset(to: HeightIndex.points(10), from: HeightIndex.points(200)) == HeightIndex.points(190))
    // Offsets are unbounded, and the bounds of a linear table are not even asked for.
    var asked = false
    func limits() -> ClosedRange<Double> {
      asked = true
      return -3...40
    }
    let bounds = space.offsetBounds(limits())
    #expect(bounds == -Double.infinity...Double.infinity && !asked)
    #expect(min(max(1e30, bounds.lowerBound), bounds.upperBound) == 1e30, "clamping changes nothing")
  }

  @Test("re-centring from so many laps away that the rows do not fit an Int")
  func recentringOverflow() {
    var index = HeightIndex()
    index.appendSection(header: 0, footer: 0, rows: 1 << 40, rowUnits: 0, measured: true)
    index.setHeight(ofItem: 1, units: 1)
    let space = RowSpace(index: index, loops: true, tableHeaderUnits: 0)
    #expect(space == .looping(rowsPerLap: 1 << 40, period: 1))
    // An offset as far as a table takes (it is saturated at twice the tallest content, 2⁵⁴ units).
    let shift = space.recentringShift(ofOffset: 2 * TableView.maximumContentHeight)
    #expect(shift?.units == 1 << 54)
    #expect(shift?.rows == nil)
  }

  @Test("randomized: shapes and edits, every answer against the reference model")
  func randomizedAgainstModel() {
    var rng = SplitMix64(seed: 0x2057_A0E5)
    var model = randomShape(&rng)
    for _ in 0..<1_500 {
      switch rng.int(0..<6) {
      case 0:
        model = randomShape(&rng)
      case 1:
        model.loops.toggle()
      case 2:
        model.tableHeader = rng.int(0..<2) == 0 ? 0 : Int64(rng.int(0..<5_000))
      default:
        // One row's height or measured flag changes.
        let withRows = model.sections.indices.filter { !model.sections[$0].rows.isEmpty }
        guard let s = withRows.isEmpty ? nil : withRows[rng.int(0..<withRows.count)] else { continue }
        let r = rng.int(0..<model.sections[s].rows.count)
        model.sections[s].rows[r] = ShapeModel.Row(
          units: rng.int(0..<6) == 0 ? 0 : Int64(rng.int(1..<20_000)), measured: rng.int(0..<2) == 0)
      }
      checkAgainstModel(model, &rng)
    }
  }
}
