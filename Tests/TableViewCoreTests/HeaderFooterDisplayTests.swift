import TableViewCore
import Testing

/// Sections with header and footer views, recording the delegate's display calls for them.
private final class SupplementModel: TableViewDataSource, TableViewDelegate {
  var sections = 20
  /// "h3" for the header of section 3, "f3" for its footer.
  var shown: Set<String> = []
  var log: [String] = []
  var unbalanced: [String] = []

  func numberOfSections(in tableView: TableView) -> Int { sections }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
  }
  func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> (any ReusableView)? {
    tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
  }
  func will(_ key: String) {
    if !shown.insert(key).inserted { unbalanced.append("twice " + key) }
    log.append("+" + key)
  }
  func did(_ key: String) {
    if shown.remove(key) == nil { unbalanced.append("ended unshown " + key) }
    log.append("-" + key)
  }
  func tableView(_ tableView: TableView, willDisplayHeaderView view: any ReusableView, forSection section: Int) {
    will("h\(section)")
  }
  func tableView(_ tableView: TableView, willDisplayFooterView view: any ReusableView, forSection section: Int) {
    will("f\(section)")
  }
  func tableView(_ tableView: TableView, didEndDisplayingHeaderView view: any ReusableView, forSection section: Int) {
    did("h\(section)")
  }
  func tableView(_ tableView: TableView, didEndDisplayingFooterView view: any ReusableView, forSection section: Int) {
    did("f\(section)")
  }
}

@Suite("The delegate hears about header and footer views as UIKit's does")
struct HeaderFooterDisplayTests {
  private func table(_ model: SupplementModel) -> TableView {
    let table = TableView(style: .grouped)
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.register({ TestCell() }, forHeaderFooterViewReuseIdentifier: "header")
    table.rowHeight = 20
    table.sectionHeaderHeight = 15
    table.sectionFooterHeight = 5
    table.dataSource = model
    table.delegate = model
    table.viewportSize = Size(width: 100, height: 120)
    table.reloadData()
    return table
  }

  /// The header and footer views the table shows, as the model names them.
  private func onScreen(_ table: TableView) -> Set<String> {
    Set(table.visibleHeaderViews.map { "h\($0.section)" } + table.visibleFooterViews.map { "f\($0.section)" })
  }

  @Test("while scrolling, the header and footer views the delegate was told are shown are exactly those on screen")
  func scrollingKeepsTheDelegateInStep() {
    let model = SupplementModel()
    let table = table(model)
    #expect(model.shown == onScreen(table) && !model.shown.isEmpty)
    for step in 0..<60 {
      table.contentOffset.y = Double(step * 17)
      #expect(model.shown == onScreen(table), "offset \(step * 17)")
    }
    while table.contentOffset.y > 0 {
      table.contentOffset.y = max(0, table.contentOffset.y - 23)
      #expect(model.shown == onScreen(table))
    }
    #expect(model.unbalanced.isEmpty)
  }

  @Test("a reload ends every view shown and shows them again; a deleted section's views end")
  func reloadsAndUpdatesEndDisplaying() throws {
    let model = SupplementModel()
    let table = table(model)
    let before = model.shown
    model.log = []
    table.reloadData()
    #expect(Set(model.log.filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) }) == before)
    #expect(model.shown == before)
    #expect(model.unbalanced.isEmpty)
    // As in UIKit, views that move with their section are not announced again; the deleted
    // section's views end.
    model.log = []
    model.sections -= 1
    try table.performBatchUpdates { $0.deleteSections([0]) }
    #expect(model.log.contains("-h0") && model.log.contains("-f0"))
  }
}
