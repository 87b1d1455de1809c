import DemoData
import TableViewCore
import TableViewTerminal
import TerminalKit

/// Ten million rows of one fixed height: the engine's arithmetic path (no per-row memory at all), in sections of
/// a hundred thousand rows.
final class FixedRowsScreen: TableScreen, TableViewDataSource, TableViewDelegate {
  static let catalogEntry = DemoCatalogEntry(
    name: "fixed", aliases: ["ten-million", "10m", "big", "2"],
    title: { FixedRowsDataSet.title(rowCount: $0.rows ?? FixedRowsDataSet.defaultRowCount) },
    make: { FixedRowsScreen(context: $0) })

  /// The number of rows.
  let rowCount: Int

  init(context: DemoContext) {
    rowCount = max(0, context.rows ?? FixedRowsDataSet.defaultRowCount)
    super.init(context: context)
    table.register(
      {
        let cell = TerminalTableViewCell(style: .value1)
        cell.accessoryType = .disclosureIndicator
        return cell
      }, forCellReuseIdentifier: "row")
    table.register(
      {
        let header = TerminalTableViewHeaderFooterView()
        header.textLabel.style = Style(foreground: .magenta, attributes: .bold)
        return header
      }, forHeaderFooterViewReuseIdentifier: "header")
    table.rowHeight = 1
    table.sectionHeaderHeight = 1
    table.dataSource = self
    table.delegate = self
  }

  func numberOfSections(in tableView: TableView) -> Int {
    FixedRowsDataSet.numberOfSections(rowCount: rowCount)
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    FixedRowsDataSet.numberOfRows(inSection: section, rowCount: rowCount)
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath, as: TerminalTableViewCell.self)
    let number = FixedRowsDataSet.rowNumber(section: indexPath.section, row: indexPath.row)
    cell.textLabel.text = FixedRowsDataSet.rowTitle(number: number)
    cell.detailTextLabel?.text = FixedRowsDataSet.rowDetail(number: number)
    return cell
  }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? TerminalTableViewHeaderFooterView
    else { return nil }
    header.textLabel.text = FixedRowsDataSet.headerTitle(section: section, rowCount: rowCount)
    return header
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    lastSelected = indexPath
  }

  override func status() -> String {
    engineStatus(extra: "fixed height: no per-row memory")
  }
}
