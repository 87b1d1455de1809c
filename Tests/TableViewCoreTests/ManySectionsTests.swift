import Testing

@testable import TableViewCore

/// Sections of rows at one height, counting the row counts asked.
private final class CountingSections: TableViewDataSource {
  var counts: [Int]
  var asked: [Int] = []
  init(_ counts: [Int]) { self.counts = counts }
  func numberOfSections(in tableView: TableView) -> Int { counts.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    asked.append(section)
    return counts[section]
  }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
}

@Suite("Tables of many sections")
struct ManySectionsTests {
  private func table(_ model: CountingSections) -> TableView {
    let table = TableView()
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.rowHeight = 20
    table.sectionHeaderHeight = 10
    table.dataSource = model
    table.viewportSize = Size(width: 100, height: 200)
    table.reloadData()
    return table
  }

  @Test("beyond the full-check limit, a one-row update asks only the sections it touches, and lands")
  func updatesAskTouchedSectionsOnly() throws {
    let model = CountingSections(Array(repeating: 3, count: 5_000))
    let table = table(model)
    table.contentOffset.y = 30 * 70 * 2  // around section 2,100
    let visible = table.indexPathsForVisibleRows
    model.asked = []
    model.counts[4_000] += 1
    try table.insertRows(at: [IndexPath(row: 0, section: 4_000)])
    #expect(model.asked == [4_000])
    #expect(table.indexPathsForVisibleRows == visible)
    #expect((try? table.rectForRow(at: IndexPath(row: 3, section: 4_000))) != nil)
    // Sections inserted and deleted: the inserted one is asked (and the layout that follows may
    // ask the sections on screen), not the thousands of others.
    model.asked = []
    model.counts.insert(2, at: 10)
    model.counts.remove(at: 4_500)
    try table.performBatchUpdates { update in
      update.insertSections([10])
      update.deleteSections([4_499])
    }
    #expect(model.asked.first == 10 && model.asked.count <= 3)
    #expect(table.numberOfRows(inSection: 4_001) == 4)
    // A wrong count in a touched section is still refused, and nothing changes.
    model.counts[7] += 2
    #expect(throws: TableViewError.self) { try table.insertRows(at: [IndexPath(row: 0, section: 7)]) }
    #expect(table.numberOfRows(inSection: 7) == 3)
  }

  @Test("up to the full-check limit, every section's count is checked, as UIKit does")
  func smallTablesCheckEverySection() {
    let model = CountingSections(Array(repeating: 3, count: 50))
    let table = table(model)
    model.counts[0] += 1
    model.counts[40] += 1  // changed without saying so
    #expect(throws: TableViewError.self) { try table.insertRows(at: [IndexPath(row: 0, section: 0)]) }
    #expect(table.numberOfRows(inSection: 40) == 3)
  }
}
