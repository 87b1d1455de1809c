import TableViewCore
import TableViewTerminal
import TerminalKit

/// Ten million rows of one fixed height: the engine's arithmetic path (no per-row memory at all), in sections of
/// a hundred thousand rows.
final class FixedRowsScreen: TableScreen, TableViewDataSource, TableViewDelegate {
  static let catalogEntry = DemoCatalogEntry(
    name: "fixed", aliases: ["ten-million", "10m", "big", "2"],
    title: { "\(($0.rows ?? 10_000_000).grouped) rows" }, make: { FixedRowsScreen(context: $0) })

  /// Rows per section (the last one may have fewer).
  static let rowsPerSection = 100_000

  /// The number of rows.
  let rowCount: Int

  init(context: DemoContext) {
    rowCount = max(0, context.rows ?? 10_000_000)
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
    (rowCount + Self.rowsPerSection - 1) / Self.rowsPerSection
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    min(Self.rowsPerSection, rowCount - section * Self.rowsPerSection)
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath, as: TerminalTableViewCell.self)
    let number = indexPath.section * Self.rowsPerSection + indexPath.row
    cell.textLabel.text = "Row \((number + 1).grouped)"
    cell.detailTextLabel?.text = "0x\(String(number, radix: 16, uppercase: true))"
    return cell
  }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? TerminalTableViewHeaderFooterView
    else { return nil }
    let first = section * Self.rowsPerSection
    let count = self.tableView(tableView, numberOfRowsInSection: section)
    header.textLabel.text = "Rows \((first + 1).grouped)–\((first + count).grouped)"
    return header
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    lastSelected = indexPath
  }

  override func status() -> String {
    engineStatus(extra: "fixed height: no per-row memory")
  }
}
