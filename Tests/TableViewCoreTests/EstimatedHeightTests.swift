import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// Self-sizing rows: the cell knows its height (`sizeThatFits`), the table only has an estimate.
final class SelfSizingModel: TableViewDataSource, TableViewDelegate {
  var heights: [[Double]]
  var cellRequests = 0
  init(_ heights: [[Double]]) { self.heights = heights }
  func numberOfSections(in tableView: TableView) -> Int { heights.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { heights[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    cellRequests += 1
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.configuredFor = indexPath
    cell.fittingHeight = heights[indexPath.section][indexPath.row]
    return cell
  }
}

/// A self-sizing table over `model`: cells measure themselves, the table has only `estimate`.
func makeSelfSizingTable(
  _ model: SelfSizingModel, estimate: Double, size: Size, loops: Bool = false
) -> TableView {
  let table = TableView()
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.rowHeight = TableView.automaticDimension
  table.estimatedRowHeight = estimate
  table.loops = loops
  table.dataSource = model
  table.delegate = model
  table.viewportSize = size
  table.reloadData()
  return table
}

@Suite("Estimated heights")
struct EstimatedHeightTests {
  func makeSelfSizing(rows: Int, seed: UInt64) -> (TableView, SelfSizingModel) {
    var rng = SplitMix64(seed: seed)
    let model = SelfSizingModel([(0..<rows).map { _ in rng.double(25...75) }])
    let table = makeSelfSizingTable(model, estimate: 50, size: Size(width: 100, height: 400))
    return (table, model)
  }

  @Test("reloadData with estimates measures only the rows on screen")
  func reloadIsLazy() {
    let (table, model) = makeSelfSizing(rows: 1_000_000, seed: 1)
    #expect(model.cellRequests < 30)
    #expect(table.heights.index.unmeasuredRowCount > 999_000)
    #expect(table.heights.index.nodeCount < 20)
  }

  @Test("scrolling up through 10,000 rows with estimates wrong by ±50% moves what is on screen by exactly the scroll")
  func anchoringScrollingUp() throws {
    let (table, model) = makeSelfSizing(rows: 10_000, seed: 2)
    try table.scrollToRow(at: IndexPath(row: 9_999, section: 0), at: .bottom, animated: false)
    #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 9_999, section: 0))
    var rng = SplitMix64(seed: 3)
    var steps = 0
    while table.indexPathsForVisibleRows.first != IndexPath(row: 0, section: 0) && steps < 100_000 {
      let anchor = table.indexPathsForVisibleRows[0]
      let before = try table.rectForRow(at: anchor).minY - table.contentOffset.y
      let delta = rng.double(1...120)
      table.contentOffset.y -= delta
      let after = try table.rectForRow(at: anchor).minY - table.contentOffset.y
      #expect(abs(after - (before + delta)) < 1e-6, "row \(anchor) moved by \(after - before), not \(delta)")
      steps += 1
      if table.contentOffset.y <= 0 { break }
    }
    // Every row shown was measured to its real height.
    for path in table.indexPathsForVisibleRows {
      let expected = model.heights[0][path.row]
      #expect(abs(try table.rectForRow(at: path).height - expected) <= 1.0 / 256)
    }
  }

  @Test("scrollToRow lands exactly on an unmeasured row")
  func scrollToUnmeasured() throws {
    let (table, _) = makeSelfSizing(rows: 100_000, seed: 4)
    for (row, position) in [(50_000, TableView.ScrollPosition.top), (70_000, .middle), (90_000, .bottom)] {
      let path = IndexPath(row: row, section: 0)
      try table.scrollToRow(at: path, at: position, animated: false)
      let rect = try table.rectForRow(at: path)
      switch position {
      case .top: #expect(rect.minY == table.contentOffset.y)
      case .middle: #expect(abs(rect.midY - (table.contentOffset.y + 200)) < 1e-9)
      default: #expect(rect.maxY == table.contentOffset.y + 400)
      }
    }
  }

  @Test("an animated scroll to an unmeasured row lands on it exactly")
  func animatedToUnmeasured() throws {
    let clock = ManualClock()
    let (table, _) = makeSelfSizing(rows: 100_000, seed: 5)
    table.clock = clock
    var done = false
    try table.scrollToRow(at: IndexPath(row: 40_000, section: 0), at: .top, animated: true) { done = $0 }
    while table.isAnimating {
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
    #expect(done)
    #expect(try table.rectForRow(at: IndexPath(row: 40_000, section: 0)).minY == table.contentOffset.y)
  }

  @Test("a zero or NaN measurement is reported and not cached")
  func badMeasurement() throws {
    let (table, model) = makeSelfSizing(rows: 10, seed: 6)
    model.heights[0][3] = 0
    model.heights[0][4] = .nan
    table.reloadData()
    #expect(table.reportedErrors.filter { $0.kind == .invalidHeight }.count == 2)
    #expect(try table.rectForRow(at: IndexPath(row: 3, section: 0)).height == 50, "keeps its estimate")
    #expect(try table.rectForRow(at: IndexPath(row: 4, section: 0)).height == 50)
  }
}

@Suite("Estimated heights, regressions found by the terminal demo")
struct EstimatedHeightRegressionTests {
  @Test("reloading the first self-sized row at the top keeps it at the top (no gap above)")
  func reloadTopRow() throws {
    let model = SelfSizingModel([Array(repeating: 2, count: 100)])
    let table = makeSelfSizingTable(model, estimate: 3, size: Size(width: 80, height: 20))
    #expect(table.contentOffset.y == 0)
    try table.reloadRows(at: [IndexPath(row: 0, section: 0)])
    #expect(table.contentOffset.y == 0)
    #expect(try table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 0)
  }

  @Test("page jumps through self-sized rows reuse cells instead of making new ones")
  func pageJumpsReuse() {
    var rng = SplitMix64(seed: 9)
    let model = SelfSizingModel([(0..<100_000).map { _ in Double(rng.int(1..<6)) }])
    let table = makeSelfSizingTable(model, estimate: 3, size: Size(width: 80, height: 24))
    for _ in 0..<200 { table.scroll(by: 24) }
    let afterWarmUp = table.cellsCreated
    for _ in 0..<1000 { table.scroll(by: 24) }
    #expect(table.cellsCreated - afterWarmUp <= 4)
    #expect(table.aliveViewCount <= 3 * 24)
  }
}

@Suite("Scroll position .none")
struct ScrollPositionNoneTests {
  @Test("a row under the floating header is not 'fully visible': selecting it scrolls it out from under")
  func rowUnderHeader() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 30)], header: 30)
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    table.contentOffset.y = 100  // row 2 (110…150) is under the header (100…130)
    try table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    #expect(try table.rectForRow(at: IndexPath(row: 2, section: 0)).minY >= table.rectForHeader(inSection: 0).maxY)
  }

  @Test("in a looping table, .none leaves a row that is already whole on screen where it is")
  func loopingNone() throws {
    let model = TestModel(sections: [Array(repeating: 30.0, count: 20)])
    let (table, _) = makeTable(model, style: .grouped, size: Size(width: 100, height: 200)) { $0.loops = true }
    table.contentOffset.y = 35
    try table.scrollToRow(at: IndexPath(row: 3, section: 0), at: .none, animated: false)
    #expect(table.contentOffset.y == 35)
    try table.scrollToRow(at: IndexPath(row: 19, section: 0), at: .none, animated: false)
    #expect(table.contentOffset.y == -30, "one row back round the loop, to the top")
  }
}
