import SeededRandom
import Testing

@testable import TableViewCore

@Suite("Layout pass")
struct LayoutTests {
  /// Asserts that the visible rows are exactly the rows intersecting the viewport, each shown by
  /// one distinct, attached cell at the model's frame.
  func assertVisibleSetMatches(_ table: TableView, _ model: TestModel, _ host: TestHost, tableHeader: Double = 0) {
    let top = table.contentOffset.y
    let bottom = top + table.viewportSize.height
    let expected = model.frames(tableHeader: tableHeader).filter {
      $0.1.height > 0 && $0.1.maxY > top && $0.1.minY < bottom
    }
    #expect(table.indexPathsForVisibleRows == expected.map(\.0))
    let cells = table.visibleCells
    #expect(Set(cells.map { ObjectIdentifier($0) }).count == cells.count, "a row is never shown by two cells")
    for ((path, rect), cell) in zip(expected, cells) {
      #expect(cell.frame.minY == rect.minY && cell.frame.height == rect.height, "frame of \(path)")
      #expect((cell as! TestCell).configuredFor == path)
      #expect(host.attached[ObjectIdentifier(cell)] != nil)
    }
  }

  @Test("after random scrolls the visible set is exactly the rows intersecting the viewport")
  func randomScrolls() {
    var rng = SplitMix64(seed: 7)
    let model = TestModel(
      sections: (0..<20).map { _ in (0..<rng.int(0..<40)).map { _ in Double(rng.int(5..<80)) } }, header: 12, footer: 4)
    let (table, host) = makeTable(model)
    for _ in 0..<2000 {
      switch rng.int(0..<4) {
      case 0: table.contentOffset.y = rng.double(-50...(table.contentSize.height + 50))
      case 1: table.scroll(by: rng.double(-40...40))
      case 2: table.viewportSize = Size(width: 100, height: rng.double(0...600))
      default: table.contentOffset.y += rng.double(-5...5)
      }
      assertVisibleSetMatches(table, model, host)
      checkInvariants(table, host: host)
      #expect(
        table.aliveViewCount <= table.visibleCells.count + 2 * max(table.reusePoolFloor, table.visibleCells.count) + 40)
      #expect(host.doubleAttach == 0 && host.strayDetach == 0)
    }
  }

  @Test("cells alive stay bounded by the screen, whatever the number of rows")
  func cellsBounded() {
    let model = TestModel(sections: [Array(repeating: 30, count: 100_000)])
    let (table, _) = makeTable(model)
    for _ in 0..<2000 { table.contentOffset.y += 97 }
    #expect(table.cellsCreated <= 12 + table.reusePoolFloor)
    #expect(table.cellsReused > 1000)
    // A shrinking viewport does not hoard cells.
    table.viewportSize = Size(width: 100, height: 900)
    table.viewportSize = Size(width: 100, height: 30)
    #expect(table.pooledCellCount <= table.reusePoolFloor)
  }

  @Test("a scroll step that brings no new row asks the data source nothing")
  func quietScrollStep() {
    let model = TestModel(sections: [Array(repeating: 50, count: 1000)])
    let (table, _) = makeTable(model)
    table.contentOffset.y = 1010  // rows 20…26 intersect; ±1 point brings none in or out
    let asked = model.willDisplay.count
    table.contentOffset.y += 1
    table.contentOffset.y -= 1
    #expect(model.willDisplay.count == asked)
  }

  @Test("dequeue without an index path returns nil when nothing is pooled, then reuses")
  func dequeueOrCreate() {
    let table = TableView()
    table.register({ TestCell() }, forCellReuseIdentifier: "a")
    #expect(table.dequeueReusableCell(withIdentifier: "a") == nil)
    let made = table.dequeueReusableCell(withIdentifier: "a", for: IndexPath(row: 0, section: 0))
    #expect(made.reuseIdentifier == "a")
    var pool = ReusePool()
    pool.enqueue(made)
    let again = pool.dequeue("a")
    #expect(again === made)
    #expect((made as! TestCell).prepareCount == 1)
  }

  @Test("with a fixed row height the table keeps no per-row memory")
  func fixedHeightIsArithmetic() {
    final class Big: TableViewDataSource {
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10_000_000 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
    }
    let source = Big()
    let table = TableView()
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.dataSource = source
    table.rowHeight = 20
    table.viewportSize = Size(width: 80, height: 200)
    table.reloadData()
    #expect(table.heights.index.nodeCount == 3)
    #expect(table.contentSize.height == 200_000_000)
    try? table.scrollToRow(at: IndexPath(row: 9_999_999, section: 0), at: .bottom, animated: false)
    #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 9_999_999, section: 0))
    #expect(table.contentOffset.y == 200_000_000 - 200)
  }

  @Test("changing one row's height moves only the cells below it")
  func rowChangedHeight() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 100)])
    let (table, host) = makeTable(model)
    table.contentOffset.y = 400
    let before = table.visibleCells.map(\.frame)
    let paths = table.indexPathsForVisibleRows
    let target = paths[3]
    model.sections[0][target.row] = 65
    try table.setHeight(65, forRowAt: target)
    for (i, cell) in table.visibleCells.enumerated()
    where i < paths.count && table.indexPathsForVisibleRows[i] == paths[i] {
      if i < 3 { #expect(cell.frame == before[i]) }
      if i > 3 { #expect(cell.frame.minY == before[i].minY + 25) }
    }
    assertVisibleSetMatches(table, model, host)
    // A row above the screen: the offset follows, nothing on screen moves.
    let firstFrame = table.visibleCells[0].frame.minY - table.contentOffset.y
    model.sections[0][2] = 10
    try table.setHeight(10, forRowAt: IndexPath(row: 2, section: 0))
    #expect(table.visibleCells[0].frame.minY - table.contentOffset.y == firstFrame)
    assertVisibleSetMatches(table, model, host)
  }

  @Test("a table header and footer view shift the sections and show at the ends")
  func tableHeaderFooter() {
    let model = TestModel(sections: [Array(repeating: 40, count: 20)])
    let (table, host) = makeTable(model)
    let header = TestCell()
    header.frame = Rect(x: 0, y: 0, width: 100, height: 70)
    table.tableHeaderView = header
    let footer = TestCell()
    footer.frame = Rect(x: 0, y: 0, width: 100, height: 30)
    table.tableFooterView = footer
    #expect(table.contentSize.height == 70 + 800 + 30)
    #expect(host.attached[ObjectIdentifier(header)] != nil)
    assertVisibleSetMatches(table, model, host, tableHeader: 70)
    table.contentOffset.y = table.maximumContentOffsetY
    #expect(host.attached[ObjectIdentifier(header)] == nil)
    #expect(host.attached[ObjectIdentifier(footer)] != nil)
    #expect(footer.frame.minY == 870)
  }
}
