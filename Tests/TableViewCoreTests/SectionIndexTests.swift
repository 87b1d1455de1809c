import Testing

@_spi(Backend) @testable import TableViewCore

/// 26 sections of 10 rows, A to Z, with a section index; counts how often it is asked for the titles.
private final class Contacts: TableViewDataSource, TableViewDelegate {
  var letters = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }
  var titlesAsked = 0
  var mapping: ((String, Int) -> Int)?
  func numberOfSections(in tableView: TableView) -> Int { letters.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { 20 }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { 10 }
  func sectionIndexTitles(for tableView: TableView) -> [String]? {
    titlesAsked += 1
    return letters
  }
  func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
    mapping?(title, index) ?? index
  }
}

@Suite("The section index")
struct SectionIndexTests {
  private func table() -> (TableView, Contacts) {
    let model = Contacts()
    let table = TableView(style: .plain)
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.dataSource = model
    table.delegate = model
    table.viewportSize = Size(width: 200, height: 300)
    table.reloadData()
    return (table, model)
  }

  @Test("the titles are asked once a reload or update, however often a backend reads them")
  func cached() throws {
    let (table, model) = table()
    for _ in 0..<100 { _ = table.sectionIndexTitles }
    #expect(table.sectionIndexTitles.count == 26 && model.titlesAsked == 1)
    #expect(table.showsSectionIndex)
    model.letters.removeLast()
    try table.deleteSections([25])
    #expect(table.sectionIndexTitles.last == "Y" && model.titlesAsked == 2)
    table.reloadSectionIndexTitles()
    _ = table.sectionIndexTitles
    #expect(model.titlesAsked == 3)
  }

  @Test("a title jumps to its section: the header at the top, as far as the content allows; out of range clamps")
  func jump() throws {
    let (table, model) = table()
    #expect(table.scrollToSectionIndexTitle(at: 3) == 3)
    #expect(table.contentOffset.y == 3 * 210)
    #expect(table.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 3))
    #expect(table.scrollToSectionIndexTitle(at: 25) == 25)
    #expect(table.contentOffset.y == table.maximumContentOffsetY, "the last section cannot reach the top")
    #expect(table.scrollToSectionIndexTitle(at: -5) == 0 && table.contentOffset.y == 0)
    #expect(table.scrollToSectionIndexTitle(at: Int.max) == 25)
    model.mapping = { _, index in index * 2 }
    #expect(table.scrollToSectionIndexTitle(at: 2) == 4 && table.contentOffset.y == 4 * 210)
    model.mapping = { _, _ in 1_000 }
    #expect(table.scrollToSectionIndexTitle(at: 0) == 25, "a section out of range is clamped")
  }

  @Test("no titles, or fewer rows than the minimum: no index, and a jump does nothing")
  func hidden() {
    let (table, model) = table()
    table.sectionIndexMinimumDisplayRowCount = 261
    #expect(!table.showsSectionIndex)
    table.sectionIndexMinimumDisplayRowCount = 260
    #expect(table.showsSectionIndex)
    model.letters = []
    table.reloadData()
    #expect(table.sectionIndexTitles.isEmpty && !table.showsSectionIndex)
    #expect(table.scrollToSectionIndexTitle(at: 0) == nil)
  }
}
