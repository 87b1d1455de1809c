import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// Ten million rows of one height: the engine's arithmetic path, no per-row memory; a section index by millions.
final class FixedRowsPage: DemoPage, TableViewDataSource, TableViewDelegate {
  let title: String
  let gtkTableView = GTKTableView()
  var tableView: GTKTableView? { gtkTableView }
  var widget: UnsafeMutablePointer<GtkWidget> { gtkTableView.widget }
  var lastSelected: IndexPath?
  let rowCount: Int
  /// The sections the section index jumps to (a title each, "0", "1M", … down the right edge).
  let indexSections: [Int]

  init(rows: Int?, multipleSelection: Bool = false) {
    rowCount = max(0, rows ?? FixedRowsDataSet.defaultRowCount)
    title = FixedRowsDataSet.title(rowCount: rowCount)
    indexSections = FixedRowsDataSet.sectionIndexSections(rowCount: rowCount)
    gtkTableView.accessibilityLabel = title
    let table = gtkTableView.table
    table.register(
      {
        let cell = GTKTableViewCell(style: .value1)
        cell.accessoryType = .disclosureIndicator
        return cell
      }, forCellReuseIdentifier: "row")
    table.register({ GTKTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
    if multipleSelection { table.selectionMode = .multiple }
    table.rowHeight = 36
    table.sectionHeaderHeight = 30
    table.dataSource = self
    table.delegate = self
  }

  func numberOfSections(in tableView: TableView) -> Int { FixedRowsDataSet.numberOfSections(rowCount: rowCount) }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    FixedRowsDataSet.numberOfRows(inSection: section, rowCount: rowCount)
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath, as: GTKTableViewCell.self)
    let number = FixedRowsDataSet.rowNumber(section: indexPath.section, row: indexPath.row)
    cell.textLabel.text = FixedRowsDataSet.rowTitle(number: number)
    cell.detailTextLabel?.text = FixedRowsDataSet.rowDetail(number: number)
    return cell
  }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? GTKTableViewHeaderFooterView
    else { return nil }
    header.textLabel.text = FixedRowsDataSet.headerTitle(section: section, rowCount: rowCount)
    return header
  }

  func sectionIndexTitles(for tableView: TableView) -> [String]? {
    FixedRowsDataSet.sectionIndexTitles(rowCount: rowCount)
  }

  func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
    indexSections[index]
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { lastSelected = indexPath }

  func status() -> String { engineStatus(gtkTableView, extra: "fixed height: no per-row memory") }
}
