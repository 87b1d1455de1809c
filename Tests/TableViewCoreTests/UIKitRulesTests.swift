import Testing

@testable import TableViewCore

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
}
