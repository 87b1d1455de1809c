import Testing

@_spi(Backend) @testable import TableViewCore

@Suite("Keyboard navigation")
struct KeyboardNavigationTests {
  /// Rows of 10 points in one section.
  func rows(_ count: Int) -> [Double] { Array(repeating: 10, count: count) }

  /// Where a row's top is in the visible area.
  func screenY(_ table: TableView, _ row: IndexPath) throws -> Double {
    try table.rectForRow(at: row).minY - table.contentOffset.y
  }

  /// Runs the animation to its end on the manual clock.
  func settle(_ table: TableView, _ clock: ManualClock) {
    var frames = 0
    while table.isAnimating && frames < 1000 {
      clock.advance(by: 1.0 / 60)
      table.tick()
      frames += 1
    }
  }

  @Test("Down without a selection selects the first row in view that is whole and not under the header")
  func downFromNoSelection() throws {
    // Header 20 floating over rows of 10: at offset 25, row 0 is partly off screen and rows 1-2 are under it.
    let model = TestModel(sections: [rows(30)], header: 20)
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100))
    table.contentOffset.y = 25
    table.moveFocus(.next)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    #expect(table.isRowFullyVisible(at: IndexPath(row: 3, section: 0)))
    #expect(table.contentOffset.y == 25, "already in view: no scroll")
    #expect(model.selected.isEmpty, "moving the selection is not a tap")
  }

  @Test("Up without a selection selects the last whole row in view")
  func upFromNoSelection() {
    let model = TestModel(sections: [rows(30)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 55))
    table.moveFocus(.previous)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 4, section: 0), "row 5 is cut at the bottom")
  }

  @Test("Down at the last row in view selects the next one and scrolls the least that shows it")
  func downScrollsIntoView() throws {
    let model = TestModel(sections: [rows(30)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 50))
    try table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
    table.moveFocus(.next)
    let selected = try #require(table.indexPathForSelectedRow)
    #expect(selected == IndexPath(row: 5, section: 0))
    #expect(table.contentOffset.y == 10)
    #expect(try table.rectForRow(at: selected).maxY == table.contentOffset.y + 50, "at the bottom edge")
    #expect(table.isRowFullyVisible(at: selected))
  }

  @Test("Down and Up cross sections and stop at the ends of a table that does not loop")
  func crossesSections() {
    let model = TestModel(sections: [rows(2), [], rows(2)], header: 10)
    let (table, _) = makeTable(model, style: .grouped, size: Size(width: 100, height: 300))
    table.moveFocus(.next)
    table.moveFocus(.next)
    table.moveFocus(.next)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 2), "the empty section is skipped")
    table.moveFocus(.next)
    table.moveFocus(.next)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 2), "stays at the last row")
    table.moveFocus(.previous)
    table.moveFocus(.previous)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
  }

  @Test("in a looping table Down goes on from the last row to the first, and Up back")
  func loopingWraps() throws {
    let model = TestModel(sections: [rows(5)])
    let (table, _) = makeTable(model, style: .grouped, size: Size(width: 100, height: 40)) { $0.loops = true }
    #expect(table.isLooping)
    try table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
    table.moveFocus(.next)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    table.moveFocus(.previous)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 4, section: 0))
    #expect(table.row(adjacentTo: IndexPath(row: 4, section: 0), direction: .next) == IndexPath(row: 0, section: 0))
  }

  @Test("a page down keeps the selected row at the same place on screen")
  func pageDownKeepsScreenPosition() throws {
    let model = TestModel(sections: [rows(100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100))
    try table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    table.scrollPage(.down, fraction: 1, overlap: 40)
    #expect(table.contentOffset.y == 60, "a page less the overlap")
    let selected = try #require(table.indexPathForSelectedRow)
    #expect(selected == IndexPath(row: 8, section: 0))
    #expect(try screenY(table, selected) == 20)
    table.scrollPage(.up, fraction: 0.5, overlap: 40)
    #expect(table.contentOffset.y == 30, "half a page")
    #expect(try screenY(table, try #require(table.indexPathForSelectedRow)) == 20)
  }

  @Test("paging rounds down to whole points, at least one; at the end it selects the last row")
  func pageToTheEnd() throws {
    let model = TestModel(sections: [rows(30)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100))
    table.scrollPage(.down, fraction: 0.5, overlap: 1)
    #expect(table.contentOffset.y == 49)
    table.scrollPage(.up, fraction: 0.1, overlap: 95)
    #expect(table.contentOffset.y == 48)
    #expect(table.indexPathForSelectedRow == nil, "without a selection it only scrolls")
    table.moveFocus(.next)
    for _ in 0..<10 { table.scrollPage(.down, fraction: 1, overlap: 40) }
    #expect(table.contentOffset.y == table.maximumContentOffsetY)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 29, section: 0))
  }

  @Test("End selects the last row and, once the animation is over, shows it; Home goes back")
  func endAndHome() throws {
    let clock = ManualClock()
    let model = TestModel(sections: [rows(500), rows(500)], header: 20)
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100)) { $0.clock = clock }
    let last = IndexPath(row: 499, section: 1)
    table.moveFocus(to: .last)
    #expect(table.indexPathForSelectedRow == last)
    #expect(table.isAnimating)
    settle(table, clock)
    #expect(table.contentOffset.y == table.maximumContentOffsetY)
    #expect(table.indexPathsForVisibleRows.last == last)
    #expect(table.isRowFullyVisible(at: last))
    table.moveFocus(to: .first)
    settle(table, clock)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    #expect(table.contentOffset.y == 0)
  }

  @Test("] selects the next section's first row at the top; [ goes to this section's start, then the previous")
  func sections() throws {
    let clock = ManualClock()
    let model = TestModel(sections: [rows(20), rows(20), [], rows(20)], header: 20)
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100)) { $0.clock = clock }
    table.moveFocusToFirstRowOfSection(.next)
    settle(table, clock)
    let first = IndexPath(row: 0, section: 1)
    #expect(table.indexPathForSelectedRow == first)
    #expect(try screenY(table, first) == 20, "just below its header")
    table.moveFocusToFirstRowOfSection(.next)
    settle(table, clock)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 3), "the empty section is skipped")
    table.moveFocus(.next)
    table.moveFocusToFirstRowOfSection(.previous)
    settle(table, clock)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 3))
    table.moveFocusToFirstRowOfSection(.previous)
    settle(table, clock)
    #expect(table.indexPathForSelectedRow == first)
  }

  @Test("Enter selects the selected row as a tap does: the delegate hears didSelect; Escape clears")
  func enterAndEscape() {
    let model = TestModel(sections: [rows(30)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100))
    table.activateFocusedRow()
    #expect(model.selected == [IndexPath(row: 0, section: 0)], "without a selection: the first row in view")
    table.moveFocus(.next)
    table.activateFocusedRow()
    #expect(model.selected.last == IndexPath(row: 1, section: 0))
    table.deselectAllRows()
    #expect(table.indexPathForSelectedRow == nil)
    #expect(model.deselected.isEmpty, "clearing is not a tap")
  }

  @Test("first and last rows skip empty sections; an empty table has none")
  func edges() {
    let (table, _) = makeTable(TestModel(sections: [[], rows(3), []]))
    #expect(table.firstRow == IndexPath(row: 0, section: 1))
    #expect(table.lastRow == IndexPath(row: 2, section: 1))
    let (empty, _) = makeTable(TestModel(sections: [[]]))
    #expect(empty.firstRow == nil)
    #expect(empty.lastRow == nil)
    empty.moveFocus(.next)
    empty.moveFocus(to: .last)
    empty.activateFocusedRow()
    #expect(empty.indexPathForSelectedRow == nil)
  }
}
