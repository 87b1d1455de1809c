import Testing

@testable import TableViewCore

/// A delegate written as for UIKit: it adopts `TableViewDelegate` alone and implements the height
/// methods it needs, counting how often each is asked.
private final class UIKitStyleDelegate: TableViewDataSource, TableViewDelegate {
  var rows: [Double]
  var rowHeightCalls = 0
  init(rows: [Double]) { self.rows = rows }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    rowHeightCalls += 1
    return rows[indexPath.row]
  }
}

/// Two sections; the delegate gives header heights only.
private final class HeaderHeightsOnly: TableViewDataSource, TableViewDelegate {
  func numberOfSections(in tableView: TableView) -> Int { 2 }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { 30 + Double(section) }
}

/// Per-row estimates and nothing else.
private final class EstimatesOnly: TableViewDataSource, TableViewDelegate {
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double { 100 }
}

/// A million rows and no height method at all.
private final class NoHeights: TableViewDataSource, TableViewDelegate {
  var rows = 1_000_000
  func numberOfSections(in tableView: TableView) -> Int { 3 }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { section == 0 ? 0 : rows }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
}

private func makeTable(_ model: some TableViewDataSource & TableViewDelegate) -> TableView {
  let table = TableView()
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: 100, height: 200)
  table.reloadData()
  return table
}

@Suite("Heights from a delegate written as for UIKit")
struct DelegateHeightsTests {
  @Test("heightForRowAt written in a plain TableViewDelegate gives the rows their heights, asked once a row per reload")
  func rowHeightsAreUsed() throws {
    let model = UIKitStyleDelegate(rows: (0..<50).map { Double(10 + $0 % 7) })
    let table = makeTable(model)
    #expect(try table.rectForRow(at: IndexPath(row: 1, section: 0)) == Rect(x: 0, y: 10, width: 100, height: 11))
    #expect(table.contentSize.height == model.rows.reduce(0, +))
    #expect(model.rowHeightCalls == 50, "no extra call to learn that the delegate gives heights")
    table.reloadData()
    #expect(model.rowHeightCalls == 100)
  }

  @Test("heightForRowAt is used for rows inserted and reloaded by a batch update")
  func rowHeightsInBatchUpdates() throws {
    let model = UIKitStyleDelegate(rows: [10, 20])
    let table = makeTable(model)
    model.rows.insert(33, at: 1)
    try table.performBatchUpdates { $0.insertRows(at: [IndexPath(row: 1, section: 0)]) }
    #expect(try table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 33)
    model.rows[0] = 5
    try table.performBatchUpdates { $0.reloadRows(at: [IndexPath(row: 0, section: 0)]) }
    #expect(try table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 5)
  }

  @Test("a table that had no rows at its reload still asks heightForRowAt for rows inserted later")
  func rowHeightsAfterEmptyReload() throws {
    let model = UIKitStyleDelegate(rows: [])
    let table = makeTable(model)
    model.rows = [17, 18]
    try table.performBatchUpdates { $0.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)]) }
    #expect(table.contentSize.height == 35)
  }

  @Test("heightForHeaderInSection alone sizes the headers; footers keep sectionFooterHeight")
  func headerHeightsAreUsed() throws {
    let table = TableView()
    table.sectionFooterHeight = 7
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    let model = HeaderHeightsOnly()
    table.dataSource = model
    table.delegate = model
    table.rowHeight = 10
    table.viewportSize = Size(width: 100, height: 200)
    table.reloadData()
    #expect(try table.rectForHeader(inSection: 1).height == 31)
    #expect(try table.rectForFooter(inSection: 1).height == 7)
    let expected: Double = 30 + 31 + 2 * 7 + 6 * 10
    #expect(table.contentSize.height == expected)
  }

  @Test("estimatedHeightForRowAt alone makes rows estimated until they show")
  func estimatesAreUsed() {
    let model = EstimatesOnly()
    let table = makeTable(model)
    // The rows on screen are measured at rowHeight (44); the others keep their estimate of 100.
    let shown = table.indexPathsForVisibleRows.count
    #expect(shown > 0)
    let expected = Double(shown) * 44 + Double(1_000 - shown) * 100
    #expect(table.contentSize.height == expected)
  }

  @Test("without height methods, each default runs once per reload and rows stay one arithmetic run")
  func absentMethodsAreLearnedOncePerReload() throws {
    let model = NoHeights()
    let table = makeTable(model)
    #expect(table.contentSize.height == 2_000_000 * 44)
    #expect(table.heights.index.nodeCount < 16, "two million fixed rows are two runs, not a node a row")
    let afterReload = table.heights.delegateMethods.defaultCalls
    #expect(afterReload == 4, "row height, estimate, header and footer: one call each")
    for _ in 0..<100 { table.contentOffset.y += 1_000 }
    model.rows += 1
    try table.performBatchUpdates { $0.insertRows(at: [IndexPath(row: 0, section: 1), IndexPath(row: 0, section: 2)]) }
    #expect(table.heights.delegateMethods.defaultCalls == afterReload, "scrolling and updates ask nothing more")
    table.reloadData()
    #expect(table.heights.delegateMethods.defaultCalls == 2 * afterReload)
  }
}
