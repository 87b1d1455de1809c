import Testing

@_spi(Backend) @testable import TableViewCore

@Suite("Sections and floating headers")
struct SectionTests {
  @Test("a header sticks at the top until the end of its section pushes it up")
  func stickyHeader() throws {
    // Sections: header 20, 5 rows of 40, footer 0 → 220 points each.
    let model = TestModel(sections: [[40, 40, 40, 40, 40], [40, 40, 40, 40, 40], [40]], header: 20)
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100))
    table.contentOffset.y = 50
    #expect(try table.rectForHeader(inSection: 0).minY == 50, "floats at the top edge")
    #expect(table.visibleHeaderViews.first?.view.frame.minY == 50)
    table.contentOffset.y = 190
    #expect(try table.rectForHeader(inSection: 0).minY == 190)
    table.contentOffset.y = 210
    #expect(try table.rectForHeader(inSection: 0).minY == 200, "pushed: its bottom meets the end of section 0")
    #expect(try table.rectForHeader(inSection: 1).minY == 220)
    table.contentOffset.y = 230
    #expect(try table.rectForHeader(inSection: 1).minY == 230)
    #expect(table.visibleHeaderViews.map(\.section) == [1])
  }

  @Test("with a top inset the header sticks below the inset")
  func stickyHeaderWithInset() throws {
    let model = TestModel(sections: [[40, 40, 40, 40, 40]], header: 20)
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100))
    table.contentInset = EdgeInsets(top: 30)
    table.contentOffset.y = 10
    #expect(try table.rectForHeader(inSection: 0).minY == 40)
  }

  @Test("in the grouped style nothing floats")
  func groupedDoesNotFloat() throws {
    let model = TestModel(sections: [[40, 40, 40, 40, 40], [40]], header: 20, footer: 10)
    let (table, _) = makeTable(model, style: .grouped, size: Size(width: 100, height: 100))
    table.contentOffset.y = 50
    #expect(try table.rectForHeader(inSection: 0).minY == 0)
    #expect(try table.rectForFooter(inSection: 0).minY == 220)
  }

  @Test("a footer floats at the bottom edge while its section is on screen")
  func stickyFooter() throws {
    let model = TestModel(sections: [[40, 40, 40, 40, 40], [40]], header: 20, footer: 10)
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100))
    table.contentOffset.y = 0
    #expect(try table.rectForFooter(inSection: 0).minY == 90)
    table.contentOffset.y = 200
    #expect(try table.rectForFooter(inSection: 0).minY == 220, "back at its natural place")
  }

  @Test("section, header, footer and row rects add up")
  func rects() throws {
    let model = TestModel(sections: [[10, 20], [30]], header: 5, footer: 3)
    let (table, _) = makeTable(model, style: .grouped)
    #expect(try table.rect(forSection: 0) == Rect(x: 0, y: 0, width: 100, height: 38))
    #expect(try table.rect(forSection: 1) == Rect(x: 0, y: 38, width: 100, height: 38))
    #expect(try table.rectForRow(at: IndexPath(row: 1, section: 0)) == Rect(x: 0, y: 15, width: 100, height: 20))
    #expect(try table.rectForFooter(inSection: 1) == Rect(x: 0, y: 73, width: 100, height: 3))
    #expect(table.indexPathForRow(at: Point(x: 5, y: 16)) == IndexPath(row: 1, section: 0))
    #expect(table.indexPathForRow(at: Point(x: 5, y: 2)) == nil, "over a header")
    #expect(table.contentSize.height == 76)
  }
}

@Suite("Scrolling")
struct ScrollingTests {
  func table(inset: EdgeInsets = .zero) -> (TableView, TestModel) {
    let model = TestModel(sections: [Array(repeating: 40, count: 50)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200)) { $0.contentInset = inset }
    return (table, model)
  }

  @Test(
    "scrollToRow follows UIKit's formulas for top, middle, bottom and none",
    arguments: [
      EdgeInsets.zero, EdgeInsets(top: 30, bottom: 20),
    ])
  func scrollPositions(inset: EdgeInsets) throws {
    let (table, _) = table(inset: inset)
    let path = IndexPath(row: 20, section: 0)  // y 800…840
    let visible = 200 - inset.top - inset.bottom
    try table.scrollToRow(at: path, at: .top, animated: false)
    #expect(table.contentOffset.y == 800 - inset.top)
    try table.scrollToRow(at: path, at: .middle, animated: false)
    #expect(table.contentOffset.y == 820 - inset.top - visible / 2)
    try table.scrollToRow(at: path, at: .bottom, animated: false)
    #expect(table.contentOffset.y == 840 - 200 + inset.bottom)
    // .none: already fully visible → no movement; above → to the top; below → to the bottom.
    let current = table.contentOffset.y
    try table.scrollToRow(at: IndexPath(row: 19, section: 0), at: .none, animated: false)
    #expect(table.contentOffset.y == current)
    try table.scrollToRow(at: IndexPath(row: 2, section: 0), at: .none, animated: false)
    #expect(table.contentOffset.y == 80 - inset.top)
    try table.scrollToRow(at: IndexPath(row: 30, section: 0), at: .none, animated: false)
    #expect(table.contentOffset.y == 1240 - 200 + inset.bottom)
  }

  @Test("scrolling to the first and last rows is clamped to the content")
  func clampedAtEnds() throws {
    let (table, _) = table(inset: EdgeInsets(top: 10, bottom: 10))
    try table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .bottom, animated: false)
    #expect(table.contentOffset.y == -10)
    try table.scrollToRow(at: IndexPath(row: 49, section: 0), at: .top, animated: false)
    #expect(table.contentOffset.y == 2000 + 10 - 200)
  }

  @Test("an animated scroll advances with the clock and calls its completion once it arrives")
  func animatedScroll() throws {
    let clock = ManualClock()
    let (table, _) = table()
    table.clock = clock
    var finished: [Bool] = []
    try table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: true) { finished.append($0) }
    #expect(table.contentOffset.y == 0)
    clock.advance(by: 0.15)
    table.tick()
    #expect(table.contentOffset.y > 0 && table.contentOffset.y < 400)
    clock.advance(by: 0.2)
    #expect(table.tick() == false)
    #expect(table.contentOffset.y == 400)
    #expect(finished == [true])
    // Interrupting reports false.
    try table.scrollToRow(at: IndexPath(row: 30, section: 0), at: .top, animated: true) { finished.append($0) }
    table.scroll(by: 5)
    #expect(finished == [true, false])
  }

  @Test("a fling decelerates to rest where the projection says, and bounces at an edge")
  func flingAndBounce() {
    let clock = ManualClock()
    let (table, _) = table()
    table.clock = clock
    table.beginDragging(at: 100)
    table.drag(to: 50)
    #expect(table.contentOffset.y == 50)
    let projected = table.contentOffset.y + ScrollPhysics.projectedDistance(velocity: 500, rate: table.decelerationRate)
    table.endDragging(velocity: 500)
    var frames = 0
    while table.isAnimating && frames < 10_000 {
      clock.advance(by: 1.0 / 60)
      table.tick()
      frames += 1
    }
    #expect(abs(table.contentOffset.y - projected) < 3)
    // Past the top edge the drag resists, then springs back.
    table.contentOffset.y = 0
    table.beginDragging(at: 0)
    table.drag(to: 100)
    #expect(table.contentOffset.y < 0 && table.contentOffset.y > -100)
    table.endDragging(velocity: 0)
    while table.isAnimating {
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
    #expect(table.contentOffset.y == 0)
  }

  @Test("a deceleration rate of fast travels less")
  func decelerationRate() {
    let slow = ScrollPhysics.projectedDistance(velocity: 1000, rate: ScrollPhysics.normalDecelerationRate)
    let fast = ScrollPhysics.projectedDistance(velocity: 1000, rate: ScrollPhysics.fastDecelerationRate)
    #expect(fast < slow)
    #expect(abs(ScrollPhysics.velocity(forDistance: slow, rate: ScrollPhysics.normalDecelerationRate) - 1000) < 1e-6)
  }
}

@Suite("Selection")
struct SelectionTests {
  @Test("selection is kept by index path and survives its cell being reused")
  func survivesReuse() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 200)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    table.tap(at: Point(x: 10, y: 50))  // row 1
    #expect(model.selected == [IndexPath(row: 1, section: 0)])
    let cell = table.cellForRow(at: IndexPath(row: 1, section: 0)) as! TestCell
    #expect(cell.isSelected)
    table.contentOffset.y = 4000
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) == nil)
    #expect(table.visibleCells.allSatisfy { !($0 as! TestCell).isSelected }, "reused cells do not carry the selection")
    table.contentOffset.y = 0
    #expect((table.cellForRow(at: IndexPath(row: 1, section: 0)) as! TestCell).isSelected)
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
  }

  @Test("single mode replaces the selection; multiple mode toggles")
  func modes() {
    let model = TestModel(sections: [Array(repeating: 40, count: 20)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    table.tap(at: Point(x: 1, y: 10))
    table.tap(at: Point(x: 1, y: 50))
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    #expect(model.deselected == [IndexPath(row: 0, section: 0)])
    table.selectionMode = .multiple
    table.tap(at: Point(x: 1, y: 90))
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
    table.tap(at: Point(x: 1, y: 50))
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
  }

  @Test("willSelect may redirect or refuse a selection")
  func redirect() {
    let model = TestModel(sections: [Array(repeating: 40, count: 20)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    model.redirectSelection = { $0.row == 0 ? nil : IndexPath(row: 5, section: 0) }
    table.tap(at: Point(x: 1, y: 10))
    #expect(table.indexPathsForSelectedRows.isEmpty)
    table.tap(at: Point(x: 1, y: 50))
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)])
  }

  @Test("touch-down highlights; moving beyond the threshold cancels the tap")
  func highlightAndCancel() {
    let model = TestModel(sections: [Array(repeating: 40, count: 20)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    table.touchBegan(at: Point(x: 5, y: 45))
    let cell = table.cellForRow(at: IndexPath(row: 1, section: 0)) as! TestCell
    #expect(cell.isHighlighted)
    table.touchMoved(to: Point(x: 5, y: 70))
    #expect(!cell.isHighlighted)
    table.touchEnded(at: Point(x: 5, y: 70))
    #expect(table.indexPathsForSelectedRows.isEmpty)
  }

  @Test("a tap on a floating header selects nothing")
  func tapOnHeader() {
    let model = TestModel(sections: [Array(repeating: 40, count: 20)], header: 30)
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    table.contentOffset.y = 100
    table.tap(at: Point(x: 5, y: 10))
    #expect(table.indexPathsForSelectedRows.isEmpty)
  }
}

@Suite("Bad input")
struct BadInputTests {
  @Test("a negative row count is reported and treated as zero")
  func negativeCount() {
    let model = TestModel(sections: [[40, 40]])
    final class Negative: TableViewDataSource {
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { -3 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView { TestCell() }
    }
    let source = Negative()
    let (table, _) = makeTable(model)
    table.dataSource = source
    table.reloadData()
    #expect(table.numberOfRows(inSection: 0) == 0)
    #expect(table.reportedErrors.last?.kind == .invalidDataSource)
    #expect(table.reportedErrors.last?.message.contains("-3") == true)
  }

  @Test(
    "NaN, negative and infinite heights are reported, named, and not used",
    arguments: [
      Double.nan, -5, Double.infinity,
    ])
  func badHeights(height: Double) throws {
    let model = TestModel(sections: [[40, height, 40]])
    let (table, _) = makeTable(model)
    #expect(table.reportedErrors.contains { $0.kind == .invalidHeight && $0.message.contains("[0, 1]") })
    #expect(try table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 40)
    #expect(throws: TableViewError.self) { try table.setHeight(height, forRowAt: IndexPath(row: 0, section: 0)) }
    #expect(try table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 40, "a refused change changes nothing")
  }

  @Test("an index path out of range throws an error naming it")
  func outOfRange() {
    let model = TestModel(sections: [[40, 40]])
    let (table, _) = makeTable(model)
    do {
      try table.scrollToRow(at: IndexPath(row: 7, section: 0), at: .top, animated: false)
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .indexOutOfRange)
      #expect(error.message.contains("[0, 7]") && error.message.contains("2 rows"))
    }
    #expect(throws: TableViewError.self) { try table.rectForRow(at: IndexPath(row: 0, section: 3)) }
    #expect(throws: TableViewError.self) {
      try table.selectRow(at: IndexPath(row: -1, section: 0), animated: false, scrollPosition: .none)
    }
    #expect(table.cellForRow(at: IndexPath(row: 9, section: 9)) == nil)
  }

  @Test("the out-of-range error reads as English: the index path, the section's row count or the section count")
  func outOfRangeMessage() {
    let model = TestModel(sections: [[40, 40], [40]])
    let (table, _) = makeTable(model)
    func message(_ body: () throws -> Void) -> String? {
      do {
        try body()
        return nil
      } catch {
        return (error as? TableViewError)?.message
      }
    }
    #expect(
      message { _ = try table.rectForRow(at: IndexPath(row: 7, section: 0)) }
        == "rectForRow(at:): index path [0, 7] is out of range: section 0 has 2 rows")
    #expect(
      message { _ = try table.rectForRow(at: IndexPath(row: 3, section: 1)) }
        == "rectForRow(at:): index path [1, 3] is out of range: section 1 has 1 row")
    #expect(
      message { _ = try table.rectForRow(at: IndexPath(row: 0, section: 5)) }
        == "rectForRow(at:): index path [5, 0] is out of range: the table has 2 sections")
    #expect(
      message { _ = try table.rectForHeader(inSection: 2) }
        == "rectForHeader(inSection:): section 2 is out of range: the table has 2 sections")
  }

  @Test("reloadData from inside cellForRowAt is deferred until the pass ends, and reported")
  func reentrantReload() {
    let model = TestModel(sections: [[40, 40, 40]])
    let (table, host) = makeTable(model)
    var reloads = 0
    model.onCellForRow = { _ in
      if reloads == 0 {
        reloads += 1
        table.reloadData()
      }
    }
    model.sections = [[40, 40, 40, 40]]
    table.reloadData()
    #expect(table.reportedErrors.contains { $0.kind == .reentrantUpdate })
    #expect(table.indexPathsForVisibleRows.count == 4)
    #expect(host.doubleAttach == 0 && host.strayDetach == 0)
  }

  @Test("a cell returned for two rows is refused: one row is left without a cell, reported")
  func sameCellTwice() {
    let model = TestModel(sections: [[40, 40, 40]])
    let shared = TestCell("cell")
    model.cellOverride = { _ in shared }
    let (table, _) = makeTable(model)
    #expect(table.visibleCells.count == 1)
    #expect(table.reportedErrors.contains { $0.kind == .invalidDataSource && $0.message.contains("already displayed") })
  }
}

@Suite("A data source that changes its counts without telling the table")
struct SilentCountChangeTests {
  @Test("rows it no longer has are never asked for: no crash, a clear report, the rest still shown")
  func shrunkSilently() {
    let model = TestModel(sections: [Array(repeating: 40, count: 30)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    model.sections[0].removeLast(20)  // 10 rows left; the table was not told
    var asked: [IndexPath] = []
    model.onCellForRow = { asked.append($0) }
    table.contentOffset.y = 300  // rows 7…12 would show
    #expect(asked.allSatisfy { $0.row < 10 }, "never asked for a row the data source no longer has")
    #expect(table.indexPathsForVisibleRows.map(\.row) == [7, 8, 9])
    #expect(
      table.reportedErrors.contains { $0.kind == .invalidDataSource && $0.message.contains("10 rows in section 0") })
    model.onCellForRow = nil
    table.reloadData()
    #expect(table.numberOfRows(inSection: 0) == 10)
  }

  // An empty batch update (UIKit's beginUpdates()/endUpdates()) checks the counts as any update does.

  @Test("a row added without telling the table: an empty batch update throws the count mismatch; nothing moves")
  func emptyUpdateRowAdded() {
    let model = CountingModel(rows: [30])
    let (table, _) = makeCountingTable(model)
    table.contentOffset.y = 300
    let visible = table.indexPathsForVisibleRows
    model.rows[0] += 1  // appended silently
    model.heightsAsked.removeAll()
    let error = emptyUpdateError(table)
    #expect(error?.kind == .invalidUpdate)
    #expect(
      error?.message.contains(
        "invalid number of rows in section 0. The number of rows contained in an existing section after the update (31)"
      )
        == true, "\(String(describing: error))")
    #expect(table.contentOffset.y == 300 && table.indexPathsForVisibleRows == visible)
    #expect(table.numberOfRows(inSection: 0) == 30 && model.heightsAsked.isEmpty, "unchanged, nothing asked")
  }

  @Test("a section dropped without telling the table: an empty batch update throws; no height of it is asked")
  func emptyUpdateSectionDropped() {
    let model = CountingModel(rows: [10, 10])
    let (table, _) = makeCountingTable(model)
    model.rows.removeLast()
    model.heightsAsked.removeAll()
    let error = emptyUpdateError(table)
    #expect(error?.kind == .invalidUpdate)
    #expect(error?.message.contains("invalid number of sections") == true, "\(String(describing: error))")
    #expect(model.heightsAsked.isEmpty, "asked \(model.heightsAsked.prefix(3)) of rows that are gone")
    #expect(table.numberOfSections == 2)
  }

  @Test("a negative count: an empty batch update reports it, naming the section and the count")
  func emptyUpdateNegativeCount() {
    let model = CountingModel(rows: [10, 10])
    let (table, _) = makeCountingTable(model)
    model.rows[1] = -3
    let error = emptyUpdateError(table)
    #expect(error?.kind == .invalidDataSource)
    #expect(error?.message == "numberOfRowsInSection(1) returned -3 after the update")
    model.rows[1] = 10
    #expect(emptyUpdateError(table) == nil, "counts back as they were: the update applies")
  }

  @Test("beyond sectionsCheckedInFull sections, without estimates (every height asked again), every count is checked")
  func emptyUpdateManySections() {
    let model = CountingModel(rows: Array(repeating: 2, count: TableView.sectionsCheckedInFull + 500))
    let (table, _) = makeCountingTable(model)
    model.rows[1_200] = 1  // a row of a section far below the screen gone, untold
    model.heightsAsked.removeAll()
    let error = emptyUpdateError(table)
    #expect(error?.kind == .invalidUpdate)
    #expect(error?.message.contains("invalid number of rows in section 1200") == true)
    let askedGoneRow = model.heightsAsked.contains(IndexPath(row: 1, section: 1_200))
    #expect(!askedGoneRow, "the height of a row that is gone was asked")
  }
}

/// Rows of one height, counted per section as the test says (negative ones too); records the rows whose
/// heights were asked and answers for any row, so that a row asked after it is gone is seen, not a crash.
private final class CountingModel: TableViewDataSource, TableViewDelegate {
  var rows: [Int]
  var heightsAsked: [IndexPath] = []
  init(rows: [Int]) { self.rows = rows }
  func numberOfSections(in tableView: TableView) -> Int { rows.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    section < rows.count ? rows[section] : 0
  }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    heightsAsked.append(indexPath)
    return 40
  }
}

private func makeCountingTable(_ model: CountingModel) -> (TableView, TestHost) {
  let table = TableView(style: .plain, clock: ManualClock())
  let host = TestHost()
  table.host = host
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: 100, height: 200)
  table.reloadData()
  return (table, host)
}

/// What an empty batch update threw (`nil`: it applied).
private func emptyUpdateError(_ table: TableView) -> TableViewError? {
  do {
    try table.performBatchUpdates { _ in }
    return nil
  } catch {
    return error
  }
}
