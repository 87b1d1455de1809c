import Testing

@_spi(Backend) @testable import TableViewCore

/// Sections of rows at one height (a million of them are cheap: no per-row arrays).
private final class UniformSections: TableViewDataSource {
  var counts: [Int]
  init(_ counts: [Int]) { self.counts = counts }
  func numberOfSections(in tableView: TableView) -> Int { counts.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
}

@Suite("Keyboard focus")
struct FocusTests {
  /// Rows of 10 points.
  func rows(_ count: Int) -> [Double] { Array(repeating: 10, count: count) }

  /// The rows whose cells on screen show the focus.
  func focusedCells(_ table: TableView) -> [IndexPath] {
    table.visible.rows.filter { ($0.view as? TestCell)?.isFocused == true }.map(\.indexPath)
  }

  @Test("in multiple selection mode the arrows move the focus alone; Space toggles the focused row, as a tap")
  func multipleModeFocusMovesAlone() {
    let model = TestModel(sections: [rows(30)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100)) { $0.selectionMode = .multiple }
    table.moveFocus(.next)
    table.moveFocus(.next)
    #expect(table.focusedIndexPath == IndexPath(row: 1, section: 0))
    #expect(table.indexPathsForSelectedRows.isEmpty, "the focus is not the selection")
    #expect(focusedCells(table) == [IndexPath(row: 1, section: 0)], "the focused row's cell shows it")
    table.activateFocusedRow()
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    #expect(model.selected == [IndexPath(row: 1, section: 0)], "the delegate hears it, as for a tap")
    table.moveFocus(.next)
    table.activateFocusedRow()
    table.moveFocus(.previous)
    table.activateFocusedRow()
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)], "Space again deselects")
    #expect(model.deselected == [IndexPath(row: 1, section: 0)])
  }

  @Test("in single selection mode the selection follows the focus, unless selectionFollowsFocus is off")
  func selectionFollowsFocus() throws {
    let model = TestModel(sections: [rows(30)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100))
    table.moveFocus(.next)
    table.moveFocus(.next)
    #expect(table.focusedIndexPath == IndexPath(row: 1, section: 0))
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    try table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
    #expect(table.focusedIndexPath == IndexPath(row: 5, section: 0), "selecting moves the focus too")

    table.selectionFollowsFocus = false
    table.moveFocus(.next)
    #expect(table.focusedIndexPath == IndexPath(row: 6, section: 0))
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)], "the selection stays")
    try table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    #expect(table.focusedIndexPath == IndexPath(row: 6, section: 0), "selecting does not move the focus")
    table.activateFocusedRow()
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 6, section: 0)])
  }

  @Test("Shift and the arrows extend the selection from where it began, and shrink it on the way back")
  func shiftExtends() {
    let model = TestModel(sections: [rows(3), rows(3)], header: 10)
    let (table, _) = makeTable(model, style: .grouped, size: Size(width: 100, height: 300)) {
      $0.selectionMode = .multiple
    }
    table.moveFocus(.next)  // row 0
    table.moveFocus(.next)  // row 1
    for _ in 0..<3 { table.moveFocus(.next, extendingSelection: true) }
    let s0 = (1...2).map { IndexPath(row: $0, section: 0) }
    #expect(table.indexPathsForSelectedRows == s0 + [IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1)])
    #expect(table.focusedIndexPath == IndexPath(row: 1, section: 1))
    table.moveFocus(.previous, extendingSelection: true)
    table.moveFocus(.previous, extendingSelection: true)
    #expect(table.indexPathsForSelectedRows == s0, "going back deselects what the extension selected")
    for _ in 0..<2 { table.moveFocus(.previous, extendingSelection: true) }
    #expect(
      table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)],
      "past the anchor the extension turns round")
    // A plain arrow ends the extension; a new one starts from the focus.
    table.moveFocus(.next)
    table.moveFocus(.next)
    table.moveFocus(.next, extendingSelection: true)
    #expect(
      table.indexPathsForSelectedRows == (0...2).map { IndexPath(row: $0, section: 0) } + [
        IndexPath(row: 0, section: 1)
      ])
    // Extension in single mode is a plain move.
    table.selectionMode = .single
    table.deselectAllRows()
    table.moveFocus(.next, extendingSelection: true)
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 1)])
  }

  @Test("Shift and Page Down extend the selection over a page")
  func shiftPageExtends() {
    let model = TestModel(sections: [rows(100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100)) { $0.selectionMode = .multiple }
    table.moveFocus(.next)
    table.scrollPage(.down, fraction: 1, overlap: 20, extendingSelection: true)
    let focused = table.focusedIndexPath!
    #expect(focused.row == 8, "the focus keeps its place on screen a page further")
    #expect(table.indexPathsForSelectedRows == (0...8).map { IndexPath(row: $0, section: 0) })
  }

  @Test("the focus is a row, not a cell: scrolled away its cell is reused unfocused; back, its new cell is focused")
  func survivesReuse() throws {
    let model = TestModel(sections: [rows(1_000)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100)) { $0.selectionMode = .multiple }
    try table.focusRow(at: IndexPath(row: 3, section: 0))
    let cell = try #require(table.cellForRow(at: IndexPath(row: 3, section: 0)) as? TestCell)
    #expect(cell.isFocused)
    table.contentOffset.y = 5_000
    #expect(table.focusedIndexPath == IndexPath(row: 3, section: 0), "scrolling does not move the focus")
    #expect(focusedCells(table).isEmpty)
    #expect(table.visible.rows.contains { $0.view === cell }, "the cell was reused for another row")
    #expect(!cell.isFocused, "a reused cell does not show the focus of the row it showed before")
    table.contentOffset.y = 0
    #expect(focusedCells(table) == [IndexPath(row: 3, section: 0)])
    // Away from the focus, the arrows start from what is on screen, as before.
    table.contentOffset.y = 5_000
    table.moveFocus(.next)
    #expect(table.focusedIndexPath == IndexPath(row: 500, section: 0))
  }

  @Test("a tap moves the focus to the tapped row")
  func tapFocuses() {
    let model = TestModel(sections: [rows(30)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100)) { $0.selectionMode = .multiple }
    table.tap(at: Point(x: 5, y: 45))
    #expect(table.focusedIndexPath == IndexPath(row: 4, section: 0))
    table.moveFocus(.next)
    #expect(table.focusedIndexPath == IndexPath(row: 5, section: 0))
  }

  @Test("rows inserted, deleted or moved above the focus move it with its row; a moved row takes it along")
  func followsItsRow() throws {
    let model = TestModel(sections: [rows(10), rows(10)])
    let (table, host) = makeTable(model, style: .grouped) { $0.selectionMode = .multiple }
    try table.focusRow(at: IndexPath(row: 5, section: 1))
    model.sections[0].insert(10, at: 0)
    model.sections[1].insert(10, at: 0)
    try table.performBatchUpdates { u in
      u.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 0, section: 1)])
    }
    #expect(table.focusedIndexPath == IndexPath(row: 6, section: 1))
    model.sections[1].removeFirst(3)
    try table.performBatchUpdates { u in u.deleteRows(at: (0..<3).map { IndexPath(row: $0, section: 1) }) }
    #expect(table.focusedIndexPath == IndexPath(row: 3, section: 1))
    model.sections.insert(rows(4), at: 0)
    try table.performBatchUpdates { u in u.insertSections([0]) }
    #expect(table.focusedIndexPath == IndexPath(row: 3, section: 2))
    let moved = model.sections[2].remove(at: 3)
    model.sections[0].append(moved)
    try table.performBatchUpdates { u in u.moveRow(at: IndexPath(row: 3, section: 2), to: IndexPath(row: 4, section: 0))
    }
    #expect(table.focusedIndexPath == IndexPath(row: 4, section: 0), "the focus goes with its row")
    try table.performBatchUpdates { u in u.reloadRows(at: [IndexPath(row: 4, section: 0)]) }
    #expect(table.focusedIndexPath == IndexPath(row: 4, section: 0), "a reloaded row keeps the focus")
    #expect(focusedCells(table) == [IndexPath(row: 4, section: 0)])
    checkInvariants(table, host: host)
  }

  @Test("the focused row deleted: the next surviving row, else the previous one, else the first row")
  func deletedRowGoesToNearest() throws {
    let model = TestModel(sections: [rows(5), [], rows(3)])
    let (table, _) = makeTable(model, style: .grouped) { $0.selectionMode = .multiple }
    try table.focusRow(at: IndexPath(row: 2, section: 0))
    model.sections[0].removeSubrange(2...3)
    try table.performBatchUpdates { u in
      u.deleteRows(at: [IndexPath(row: 2, section: 0), IndexPath(row: 3, section: 0)])
    }
    #expect(table.focusedIndexPath == IndexPath(row: 2, section: 0), "the row after the deleted ones")
    // The last row of a section goes: the next survivor is in the next section with rows.
    model.sections[0].removeLast()
    try table.performBatchUpdates { u in u.deleteRows(at: [IndexPath(row: 2, section: 0)]) }
    #expect(table.focusedIndexPath == IndexPath(row: 0, section: 2), "over the empty section")
    // The whole last section goes: the row before it.
    try table.focusRow(at: IndexPath(row: 1, section: 2))
    model.sections.remove(at: 2)
    try table.performBatchUpdates { u in u.deleteSections([2]) }
    #expect(table.focusedIndexPath == IndexPath(row: 1, section: 0), "no row follows: the last one before")
    // Everything goes and new rows come: the first row.
    model.sections = [rows(2)]
    try table.performBatchUpdates { u in
      u.deleteSections([0, 1])
      u.insertSections([0])
    }
    #expect(table.focusedIndexPath == IndexPath(row: 0, section: 0))
    #expect(focusedCells(table) == [IndexPath(row: 0, section: 0)])
    model.sections = []
    try table.performBatchUpdates { u in u.deleteSections([0]) }
    #expect(table.focusedIndexPath == nil, "an empty table has no focus")
  }

  @Test("the focused row's section reloaded: the row at the same index, or the section's last")
  func reloadedSection() throws {
    let model = TestModel(sections: [rows(3), rows(6)])
    let (table, _) = makeTable(model, style: .grouped) { $0.selectionMode = .multiple }
    try table.focusRow(at: IndexPath(row: 4, section: 1))
    try table.performBatchUpdates { u in u.reloadSections([1]) }
    #expect(table.focusedIndexPath == IndexPath(row: 4, section: 1))
    model.sections[1] = rows(2)
    try table.performBatchUpdates { u in u.reloadSections([1]) }
    #expect(table.focusedIndexPath == IndexPath(row: 1, section: 1))
  }

  @Test("reloadData keeps the focus (remembersLastFocusedIndexPath), at the same place when its row is gone")
  func reloadKeepsFocus() throws {
    let model = TestModel(sections: [rows(5), rows(5)])
    let (table, _) = makeTable(model, style: .grouped) { $0.selectionMode = .multiple }
    try table.focusRow(at: IndexPath(row: 3, section: 1))
    table.reloadData()
    #expect(table.focusedIndexPath == IndexPath(row: 3, section: 1))
    #expect(focusedCells(table) == [IndexPath(row: 3, section: 1)])
    model.sections = [rows(7), rows(2)]
    table.reloadData()
    #expect(
      table.focusedIndexPath == IndexPath(row: 1, section: 1), "its row is gone: the 9th row of the table, as before")
    model.sections = [rows(3)]
    table.reloadData()
    #expect(table.focusedIndexPath == IndexPath(row: 2, section: 0), "the table got shorter: its last row")
    model.sections = [[]]
    table.reloadData()
    #expect(table.focusedIndexPath == nil)
    model.sections = [rows(3)]
    table.reloadData()
    try table.focusRow(at: IndexPath(row: 1, section: 0))
    table.remembersLastFocusedIndexPath = false
    table.reloadData()
    #expect(table.focusedIndexPath == nil, "UIKit's default: a reload forgets the focus")
  }

  @Test("focusRow(at:) refuses a row that does not exist, and nil clears the focus")
  func focusRowBadInput() throws {
    let model = TestModel(sections: [rows(5)])
    let (table, _) = makeTable(model)
    try table.focusRow(at: IndexPath(row: 2, section: 0))
    for bad in [
      IndexPath(row: 5, section: 0), IndexPath(row: -1, section: 0), IndexPath(row: 0, section: 1),
      IndexPath(row: Int.max, section: Int.max), IndexPath(row: Int.min, section: 0),
    ] {
      #expect(throws: TableViewError.self) { try table.focusRow(at: bad) }
    }
    #expect(table.focusedIndexPath == IndexPath(row: 2, section: 0))
    try table.focusRow(at: nil)
    #expect(table.focusedIndexPath == nil)
    #expect(focusedCells(table).isEmpty)
  }

  @Test("Home and End move the focus to the ends; the empty table has nowhere to go")
  func edges() {
    let model = TestModel(sections: [[], rows(50), []])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100)) { $0.selectionMode = .multiple }
    table.moveFocus(to: .last)
    #expect(table.focusedIndexPath == IndexPath(row: 49, section: 1))
    table.moveFocus(to: .first)
    #expect(table.focusedIndexPath == IndexPath(row: 0, section: 1))
    let (empty, _) = makeTable(TestModel(sections: []))
    empty.moveFocus(.next)
    empty.moveFocus(to: .last)
    empty.activateFocusedRow()
    empty.scrollPage(.down, fraction: 1, overlap: 0, extendingSelection: true)
    #expect(empty.focusedIndexPath == nil)
  }

  // MARK: Accessibility position

  @Test("a row's position counts every section's rows, from 1; the set is every row")
  func accessibilityPosition() {
    let model = TestModel(sections: [rows(3), [], rows(40)])
    let (table, _) = makeTable(model)
    let position = table.accessibilityPosition(of: IndexPath(row: 37, section: 2))
    #expect(position == TableView.AccessibilityPosition(positionInSet: 41, setSize: 43))
    #expect(table.accessibilityPosition(of: IndexPath(row: 0, section: 0))?.positionInSet == 1)
    #expect(table.accessibilityDescription(of: IndexPath(row: 37, section: 2)) == "row 41 of 43, section 3")
    for bad in [IndexPath(row: 0, section: 1), IndexPath(row: -1, section: 0), IndexPath(row: Int.max, section: 2)] {
      #expect(table.accessibilityPosition(of: bad) == nil)
      #expect(table.accessibilityDescription(of: bad) == nil)
    }
    let (one, _) = makeTable(TestModel(sections: [rows(3)]))
    #expect(one.accessibilityDescription(of: IndexPath(row: 2, section: 0)) == "row 3 of 3", "one section: no section")
  }

  @Test("at 200,000 sections a row's position is found through the index, and numbers are grouped")
  func accessibilityPositionManySections() {
    let model = UniformSections(Array(repeating: 2, count: 200_000))
    model.counts[0] = 41
    let table = TableView()
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.rowHeight = 20
    table.dataSource = model
    table.viewportSize = Size(width: 100, height: 200)
    table.reloadData()
    let size = 41 + 2 * 199_999
    #expect(table.accessibilityDescription(of: IndexPath(row: 40, section: 0)) == "row 41 of 400,039, section 1")
    let last = table.accessibilityPosition(of: IndexPath(row: 1, section: 199_999))
    #expect(last == TableView.AccessibilityPosition(positionInSet: size, setSize: size))
    #expect(
      table.accessibilityDescription(of: IndexPath(row: 0, section: 100_000))
        == "row 200,040 of 400,039, section 100,001")
  }

  @Test("numbers are grouped by thousands")
  func grouping() {
    #expect(TableView.grouped(0) == "0")
    #expect(TableView.grouped(999) == "999")
    #expect(TableView.grouped(1_000) == "1,000")
    #expect(TableView.grouped(1_000_000) == "1,000,000")
    #expect(TableView.grouped(-12_345) == "-12,345")
    #expect(TableView.grouped(Int.min) == "-9,223,372,036,854,775,808")
  }
}
