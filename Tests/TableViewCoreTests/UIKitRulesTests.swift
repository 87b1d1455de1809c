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
}
