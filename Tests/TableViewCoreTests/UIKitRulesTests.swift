import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// A cell whose lifetime the test can watch: every one made is remembered weakly.
final class CountedCells {
  private var made: [Weak] = []
  private struct Weak { weak var cell: TestCell? }

  func make() -> TestCell {
    let cell = TestCell()
    made.append(Weak(cell: cell))
    return cell
  }

  /// Cells still alive: whatever the table keeps (on screen, prepared or pooled).
  var alive: Int { made.count(where: { $0.cell != nil }) }
}

@Suite("UIKit's rules")
struct UIKitRulesTests {
  // MARK: reloadData

  @Test("reloadData clears the selection, as UIKit does")
  func reloadClearsSelection() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 20)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    table.selectionMode = .multiple
    try table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    try table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    table.reloadData()
    #expect(table.indexPathsForSelectedRows.isEmpty)
    #expect(table.indexPathForSelectedRow == nil)
    #expect(table.visibleCells.allSatisfy { !($0 as! TestCell).isSelected }, "no cell on screen shows a selection")
    #expect(model.deselected.isEmpty, "UIKit calls no delegate method when reloadData clears the selection")
  }

  @Test("a batch update keeps the selection on its rows (only reloadData clears it)")
  func batchKeepsSelection() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 20)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    try table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    model.sections[0].insert(40, at: 0)
    try table.insertRows(at: [IndexPath(row: 0, section: 0)])
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
  }

  // MARK: An empty batch update asks for the heights again

  @Test("an empty performBatchUpdates asks the delegate again: the row on screen takes its new height")
  func emptyBatchReasksDelegateHeights() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    table.contentOffset.y = 20
    let rowAbove = table.cellForRow(at: IndexPath(row: 1, section: 0))!
    let aboveOnScreen = rowAbove.frame.minY - table.contentOffset.y
    model.sections[0][2] = 90
    try table.performBatchUpdates { _ in }
    #expect(try table.rectForRow(at: IndexPath(row: 2, section: 0)).height == 90)
    #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))!.frame.height == 90)
    #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))!.frame.minY == 3 * 40 + 50)
    #expect(rowAbove.frame.minY - table.contentOffset.y == aboveOnScreen, "nothing above the changed row moves")
    #expect(table.contentSize.height == 100 * 40 + 50)
  }

  @Test("an empty batch that shrinks what is above the first row at the top leaves the offset at the top, not past it")
  func emptyBatchKeepsOffsetWithinContent() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 3), Array(repeating: 40, count: 20)], header: 30)
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    table.contentOffset.y = 10
    // The first section's header goes (a search found nothing there) and its rows shrink.
    model.headerHeights[0] = 0
    model.sections[0] = [5, 5, 5]
    try table.performBatchUpdates { _ in }
    #expect(table.contentOffset.y == 0, "at the top: a refresh control would read a pull")
    #expect(try table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 0)
    #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 0))
  }

  @Test("an empty batch re-asks off-screen rows too: a row above the screen changes without moving the screen")
  func emptyBatchOffScreenDelegateRows() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 200))
    table.contentOffset.y = 2000
    let first = table.indexPathsForVisibleRows[0]
    let onScreen = try table.rectForRow(at: first).minY - table.contentOffset.y
    model.sections[0][3] = 10
    model.sections[0][90] = 100
    try table.performBatchUpdates { _ in }
    #expect(try table.rectForRow(at: first).minY - table.contentOffset.y == onScreen)
    #expect(try table.rectForRow(at: IndexPath(row: 3, section: 0)).height == 10)
    #expect(try table.rectForRow(at: IndexPath(row: 90, section: 0)).height == 100)
    #expect(table.contentSize.height == 100 * 40 - 30 + 60)
  }

  @Test("an empty batch re-measures self-sized rows on screen whose content changed, and no row above moves")
  func emptyBatchRemeasuresSelfSizedRows() throws {
    let model = SelfSizingModel([Array(repeating: 30, count: 1_000)])
    let table = makeSelfSizingTable(model, estimate: 30, size: Size(width: 100, height: 300))
    table.contentOffset.y = 15
    let path = IndexPath(row: 3, section: 0)
    let row2 = try table.rectForRow(at: IndexPath(row: 2, section: 0)).minY - table.contentOffset.y
    // UIKit's idiom: change the cell's content in place, then an empty update.
    (table.cellForRow(at: path) as! TestCell).fittingHeight = 75
    model.heights[0][3] = 75
    try table.performBatchUpdates { _ in }
    #expect(try table.rectForRow(at: path).height == 75)
    #expect(table.cellForRow(at: path)!.frame.height == 75)
    #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))!.frame.minY == 4 * 30 + 45)
    #expect(try table.rectForRow(at: IndexPath(row: 2, section: 0)).minY - table.contentOffset.y == row2)
  }

  @Test("after an empty batch, self-sized rows measured earlier are measured again when they show")
  func emptyBatchInvalidatesOffScreenSelfSizedRows() throws {
    let model = SelfSizingModel([Array(repeating: 30, count: 1_000)])
    let table = makeSelfSizingTable(model, estimate: 30, size: Size(width: 100, height: 300))
    table.contentOffset.y = 3_000
    let first = table.indexPathsForVisibleRows[0]
    let onScreen = try table.rectForRow(at: first).minY - table.contentOffset.y
    model.heights[0][2] = 60  // measured before, now off screen
    try table.performBatchUpdates { _ in }
    #expect(
      try table.rectForRow(at: first).minY - table.contentOffset.y == onScreen,
      "the empty batch moves nothing on screen")
    table.contentOffset.y = 0
    #expect(try table.rectForRow(at: IndexPath(row: 2, section: 0)).height == 60)
    #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))!.frame.minY == 3 * 30 + 30)
  }

  // MARK: Estimated heights at the end

  /// A self-sizing table whose estimate (50) is larger than every real height (20…30).
  func overestimated(rows: Int = 2_000) -> (TableView, SelfSizingModel) {
    var rng = SplitMix64(seed: 11)
    let model = SelfSizingModel([(0..<rows).map { _ in rng.double(20...30).rounded() }])
    let table = makeSelfSizingTable(model, estimate: 50, size: Size(width: 100, height: 300))
    table.contentInset = EdgeInsets(top: 5, bottom: 7)
    return (table, model)
  }

  func expectRestsWithinContent(_ table: TableView, _ how: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let max = table.contentSize.height + table.contentInset.bottom - table.viewportSize.height
    #expect(
      table.contentOffset.y <= max + 1e-9,
      "\(how): offset \(table.contentOffset.y) rests past the largest offset \(max)", sourceLocation: sourceLocation)
    #expect(table.contentOffset.y == table.maximumContentOffsetY, "\(how): at the end", sourceLocation: sourceLocation)
    let last = table.indexPathsForVisibleRows.last
    #expect(last == IndexPath(row: table.totalRowCount - 1, section: 0), sourceLocation: sourceLocation)
  }

  @Test("estimates larger than the rows: setting the offset to the end rests within the content once rows are measured")
  func overestimatedEndByOffset() {
    let (table, model) = overestimated()
    table.contentOffset.y = table.maximumContentOffsetY
    expectRestsWithinContent(table, "contentOffset = max")
    withExtendedLifetime(model) {}
  }

  @Test("estimates larger than the rows: scrollToRow(last) rests within the content, animated or not")
  func overestimatedEndByScrollToRow() throws {
    let (table, model) = overestimated()
    try table.scrollToRow(at: IndexPath(row: 1_999, section: 0), at: .bottom, animated: false)
    expectRestsWithinContent(table, "scrollToRow")
    let (animated, model2) = overestimated()
    let clock = animated.clock as! ManualClock
    try animated.scrollToRow(at: IndexPath(row: 1_999, section: 0), at: .bottom, animated: true)
    while animated.isAnimating {
      clock.advance(by: 1.0 / 60)
      animated.tick()
    }
    expectRestsWithinContent(animated, "scrollToRow animated")
    withExtendedLifetime((model, model2)) {}
  }

  @Test("estimates larger than the rows: the End key rests within the content")
  func overestimatedEndKey() {
    let (table, model) = overestimated()
    let clock = table.clock as! ManualClock
    table.moveFocus(to: .last)
    while table.isAnimating {
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
    expectRestsWithinContent(table, "End")
    withExtendedLifetime(model) {}
  }

  @Test("estimates larger than the rows: a fling to the end comes to rest within the content")
  func overestimatedFling() {
    let (table, model) = overestimated(rows: 300)
    defer { withExtendedLifetime(model) {} }
    let clock = table.clock as! ManualClock
    table.decelerate(velocity: 40_000)
    var frames = 0
    while table.isAnimating && frames < 10_000 {
      clock.advance(by: 1.0 / 60)
      table.tick()
      frames += 1
    }
    expectRestsWithinContent(table, "fling")
  }

  // MARK: Cells on a long jump

  @Test("on long jumps, cells leaving go back to the pool before new ones are made: alive ≤ visible + the pool's bound")
  func jumpsReuseLeavingCells() {
    var rng = SplitMix64(seed: 21)
    let model = SelfSizingModel([(0..<100_000).map { _ in rng.double(20...60).rounded() }])
    let counted = CountedCells()
    let table = TableView()
    table.register({ counted.make() }, forCellReuseIdentifier: "cell")
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = 40
    table.dataSource = model
    table.delegate = model
    table.viewportSize = Size(width: 100, height: 400)
    table.reloadData()
    var mostVisible = table.visibleCells.count
    for _ in 0..<300 {
      if rng.int(0..<3) == 0 {
        try? table.scrollToRow(
          at: IndexPath(row: rng.int(0..<100_000), section: 0), at: [.top, .middle, .bottom][rng.int(0..<3)],
          animated: false)
      } else {
        table.contentOffset.y = rng.double(0...table.maximumContentOffsetY)
      }
      checkInvariants(table)
      mostVisible = max(mostVisible, table.visibleCells.count)
      let bound = table.visibleCells.count + max(table.reusePoolFloor, mostVisible)
      #expect(counted.alive <= bound, "\(counted.alive) cells alive with \(table.visibleCells.count) visible")
      if counted.alive > bound { break }
    }
  }
}
