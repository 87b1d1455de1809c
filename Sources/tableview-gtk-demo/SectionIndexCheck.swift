import CGtk
@_spi(Backend) import TableViewCore
@_spi(Testing) import TableViewGTK

/// `--self-test section-index`: a table of 26 sections, A to Z, with a section index, changed the ways an app changes
/// it, its bar read after each: the titles after a reload, fewer after a section is deleted in a batch update, the bar
/// hidden when the data source gives no titles or the table has fewer rows than `sectionIndexMinimumDisplayRowCount`,
/// and back. Prints `{"checks":N,"failures":[…]}` and exits 1 unless every check holds.
enum SectionIndexCheck {
  static func run(window: DemoWindow) {
    let source = Letters()
    let tableView = GTKTableView()
    tableView.table.register({ GTKTableViewCell(style: .default) }, forCellReuseIdentifier: "row")
    tableView.table.dataSource = source
    var checks = 0
    var failures: [String] = []
    func check(_ what: String, _ expected: [String]) {
      checks += 1
      let shown = tableView.sectionIndexBarTitles
      if shown != expected { failures.append("\(what): \(shown) shown, \(expected) expected") }
    }
    let letters = source.letters
    tableView.reloadData()
    check("after the first reload", letters)
    source.letters.removeLast()
    try? tableView.table.deleteSections([25], with: .none)
    tableView.setNeedsLayout()
    check("after a section deleted", Array(letters.dropLast()))
    source.titles = false
    tableView.reloadData()
    check("the data source gives none", [])
    source.titles = true
    tableView.table.sectionIndexMinimumDisplayRowCount = 1_000
    tableView.reloadData()
    check("fewer rows than the minimum", [])
    tableView.table.sectionIndexMinimumDisplayRowCount = 0
    source.letters = ["#", "A", "B"]
    tableView.reloadData()
    check("other titles after a reload", ["#", "A", "B"])
    let quoted = failures.map(FeedPage.jsonString)
    print("{\"checks\":\(checks),\"failures\":[\(quoted.joined(separator: ","))]}")
    window.quit(status: failures.isEmpty ? 0 : 1)
  }

  /// Sections of ten rows, one per letter, and the letters as the section index (or none).
  private final class Letters: TableViewDataSource {
    var letters = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }
    var titles = true
    func numberOfSections(in tableView: TableView) -> Int { letters.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath, as: GTKTableViewCell.self)
      cell.textLabel.text = "\(letters[indexPath.section]) \(indexPath.row + 1)"
      return cell
    }
    func sectionIndexTitles(for tableView: TableView) -> [String]? { titles ? letters : nil }
  }
}
