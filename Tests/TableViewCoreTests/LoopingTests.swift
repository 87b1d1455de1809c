import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// The modular model: appearances (row, lap) intersecting [top, bottom), with their tops, in
/// units so that everything is exact.
private func expectedAppearances(heights: [Int64], top: Int64, bottom: Int64) -> [(row: Int, lap: Int, top: Int64)] {
  let period = heights.reduce(0, +)
  var prefix: [Int64] = [0]
  for h in heights { prefix.append(prefix.last! + h) }
  var result: [(Int, Int, Int64)] = []
  var lap = TableView.floorDivide(top, period)
  while lap * period < bottom {
    for (r, h) in heights.enumerated() {
      let y = lap * period + prefix[r]
      if h > 0, y + h > top, y < bottom { result.append((r, Int(lap), y)) }
    }
    lap += 1
  }
  return result
}

private func loopingTable(_ heights: [Double], viewport: Double = 300) -> (TableView, TestModel, TestHost) {
  let model = TestModel(sections: [heights])
  let (table, host) = makeTable(model, style: .grouped, size: Size(width: 100, height: viewport)) { $0.loops = true }
  return (table, model, host)
}

private func assertMatchesModel(_ table: TableView, _ heights: [Double]) {
  let units = heights.map(HeightIndex.units)
  let top = HeightIndex.units(table.contentOffset.y)
  let bottom = HeightIndex.units(table.contentOffset.y + table.viewportSize.height)
  let expected = expectedAppearances(heights: units, top: top, bottom: bottom)
  let shown = table.visibleRowAppearances
  #expect(shown.map(\.indexPath.row) == expected.map(\.row))
  #expect(shown.map(\.lap) == expected.map(\.lap))
  for (appearance, model) in zip(shown, expected) {
    #expect(HeightIndex.units(appearance.view.frame.minY) == model.top, "row \(model.row) lap \(model.lap)")
  }
  #expect(Set(shown.map { ObjectIdentifier($0.view) }).count == shown.count, "each appearance has its own cell")
}

@Suite("Looping")
struct LoopingTests {
  @Test("a million random scroll steps show exactly the rows the modular model predicts")
  func millionSteps() {
    var rng = SplitMix64(seed: 11)
    let heights = (0..<37).map { _ in Double(rng.int(8..<60)) + 0.25 * Double(rng.int(0..<4)) }
    let (table, model, host) = loopingTable(heights)
    defer { withExtendedLifetime(model) {} }
    var maxAlive = 0
    for step in 0..<1_000_000 {
      let delta = rng.int(0..<10) == 0 ? rng.double(-5000...5000) : rng.double(-40...40)
      table.scroll(by: delta)
      if step % 1000 == 0 { assertMatchesModel(table, heights) }
      maxAlive = max(maxAlive, table.aliveViewCount)
    }
    assertMatchesModel(table, heights)
    #expect(maxAlive <= 2 * (table.visibleCells.count + table.reusePoolFloor) + 8)
    #expect(host.doubleAttach == 0 && host.strayDetach == 0)
    #expect(abs(table.contentOffset.y) <= 3 * table.loopPeriod, "the offset is re-centred")
  }

  @Test("after scrolling the equivalent of 10⁹ points, rows are still exact to the point")
  func billionPoints() {
    let heights = [33.0, 47.5, 12.25, 80, 19.75]
    let (table, model, _) = loopingTable(heights)
    defer { withExtendedLifetime(model) {} }
    var travelled = 0.0
    while travelled < 1e9 {
      table.scroll(by: 999_983.125)
      travelled += 999_983.125
      table.scroll(by: -0.125)
      travelled -= 0.125
    }
    // Where the model says the travel lands: exact modular arithmetic in units.
    let period = heights.map(HeightIndex.units).reduce(0, +)
    let expectedPhase = HeightIndex.units(travelled) % period
    let phase =
      HeightIndex.units(table.contentOffset.y) - TableView.floorDivide(HeightIndex.units(table.contentOffset.y), period)
      * period
    #expect(phase == expectedPhase)
    assertMatchesModel(table, heights)
  }

  @Test("content shorter than the viewport shows a row twice, each appearance with its own cell")
  func shortContent() {
    let (table, model, _) = loopingTable([40, 50], viewport: 300)
    let appearances = table.visibleRowAppearances
    #expect(appearances.count >= 6)
    let firstRow = appearances.filter { $0.indexPath.row == 0 }
    #expect(firstRow.count >= 3)
    #expect(Set(firstRow.map(\.lap)).count == firstRow.count, "each appearance names its lap")
    #expect(table.cells(forRowAt: IndexPath(row: 0, section: 0)).count == firstRow.count)
    // A tap names the appearance it hit.
    table.contentOffset.y = 0
    let tapped = table.appearanceForTouch(at: Point(x: 5, y: 95))  // second lap, row 0 (90…130)
    #expect(tapped == TableView.LoopedIndexPath(indexPath: IndexPath(row: 0, section: 0), lap: 1))
    table.tap(at: Point(x: 5, y: 95))
    #expect(model.selected == [IndexPath(row: 0, section: 0)])
    #expect(table.cells(forRowAt: IndexPath(row: 0, section: 0)).allSatisfy { ($0 as! TestCell).isSelected })
  }

  @Test("scrollToRow takes the shorter way round")
  func shorterWay() throws {
    let heights = Array(repeating: 30.0, count: 100)  // period 3000
    let (table, model, _) = loopingTable(heights)
    defer { withExtendedLifetime(model) {} }
    table.contentOffset.y = 30 * 2  // row 2 at the top
    try table.scrollToRow(at: IndexPath(row: 98, section: 0), at: .top, animated: false)
    #expect(table.contentOffset.y == -60, "four rows back, not 96 forward")
    try table.scrollToRow(at: IndexPath(row: 5, section: 0), at: .top, animated: false)
    #expect(table.contentOffset.y == 150)
    #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 5, section: 0))
  }

  @Test("rows can be inserted and deleted while looping; what is on screen stays put")
  func updatesWhileLooping() throws {
    let (table, model, _) = loopingTable(Array(repeating: 30.0, count: 20))
    table.scroll(by: 12_345)
    let first = table.visibleRowAppearances[0]
    let screen = first.view.frame.minY - table.contentOffset.y
    model.sections[0].insert(55, at: 0)
    try table.insertRows(at: [IndexPath(row: 0, section: 0)])
    let same = table.visibleRowAppearances.first { $0.view === first.view }
    #expect(same != nil)
    #expect(same.map { $0.view.frame.minY - table.contentOffset.y } == screen)
    assertMatchesModel(table, model.sections[0])
    model.sections[0].remove(at: 3)
    try table.deleteRows(at: [IndexPath(row: 3, section: 0)])
    assertMatchesModel(table, model.sections[0])
  }

  @Test(
    "a batch update keeping a looping table's first row in place is a correction: the backend is told, a drag does not jump"
  )
  func updateWhileLoopingIsACorrection() throws {
    let (table, model, _) = loopingTable(Array(repeating: 30.0, count: 20))
    table.scroll(by: 12_345)
    table.beginDragging(at: 100)
    table.drag(to: 90)
    let first = table.visibleRowAppearances[3]
    let screen = first.view.frame.minY - table.contentOffset.y
    let offset = table.contentOffset.y
    let correction = table.contentOffsetCorrection
    // A row inserted above what is on screen (in every lap): the offset moves by its height.
    model.sections[0].insert(55, at: 0)
    try table.insertRows(at: [IndexPath(row: 0, section: 0)])
    let moved = table.contentOffset.y - offset
    #expect(moved != 0)
    // The backend subtracting the correction sees no scroll: it was a correction, not a scroll.
    #expect(table.contentOffsetCorrection - correction == moved)
    // The finger goes on from where it was: the row under it stays under it.
    table.drag(to: 80)
    let same = try #require(table.visibleRowAppearances.first { $0.view === first.view })
    #expect(same.view.frame.minY - table.contentOffset.y == screen - 10)
    table.endDragging(velocity: 0)
  }

  @Test("estimated heights are measured as rows come on screen in a looping table")
  func estimatedWhileLooping() {
    var rng = SplitMix64(seed: 5)
    let model = SelfSizingModel([(0..<50).map { _ in Double(rng.int(20..<70)) }])
    let table = makeSelfSizingTable(model, estimate: 44, size: Size(width: 100, height: 300), loops: true)
    for _ in 0..<400 {
      let anchor = table.visibleRowAppearances[0]
      let before = anchor.view.frame.minY - table.contentOffset.y
      table.scroll(by: -37)
      checkInvariants(table)
      if let same = table.visibleRowAppearances.first(where: {
        $0.indexPath == anchor.indexPath && $0.lap == anchor.lap
      }) {
        #expect(abs(same.view.frame.minY - table.contentOffset.y - before - 37) < 1e-6)
      }
    }
    assertMatchesModel(table, model.heights[0])
  }
}
