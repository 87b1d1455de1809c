import TableViewCore
import TableViewTerminal
import TerminalKit

/// The table's data source and delegate: every line of the index, or only a filter's matches, in sections by hour.
/// A row's text is read from the file when the row is shown.
final class LogDataSource: TableViewDataSource, TableViewDelegate {
  /// The lines known.
  var index: LogIndex
  /// The filter shown, or `nil` for every line.
  var filter: FilterResults?
  /// The columns of the line numbers' gutter.
  var gutterDigits = 4
  /// Called with a line's number when its context menu's "Copy line to file…" is chosen.
  var copyLine: (Int) -> Void = { _ in }

  init(index: LogIndex) {
    self.index = index
  }

  /// The number of the line at `indexPath`.
  func line(at indexPath: IndexPath) -> Int {
    guard let filter else { return index.sections[indexPath.section].firstLine + indexPath.row }
    return filter.lines[filter.sections[indexPath.section].firstMatch + indexPath.row]
  }

  /// Where line `line` is shown (in a filtered view: the first match at or after it), `nil` when it is not there.
  func indexPath(forLine line: Int) -> IndexPath? {
    guard let filter else {
      guard line >= 0, line < index.lineCount else { return nil }
      let section = index.section(containingLine: line)
      return IndexPath(row: line - index.sections[section].firstLine, section: section)
    }
    let match = filter.firstMatch(atOrAfter: line)
    guard match < filter.lines.count else { return nil }
    let section = filter.section(containingMatch: match)
    return IndexPath(row: match - filter.sections[section].firstMatch, section: section)
  }

  /// The index's section shown as section `section`.
  func indexSection(_ section: Int) -> Int { filter?.sections[section].indexSection ?? section }

  // MARK: TableViewDataSource

  func numberOfSections(in tableView: TableView) -> Int { filter?.sections.count ?? index.sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    filter?.matches(inSection: section).count ?? index.lines(inSection: section).count
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "line", for: indexPath, as: LogLineCell.self)
    let line = line(at: indexPath)
    cell.gutterDigits = gutterDigits
    cell.show(index.text(ofLine: line), line: line, highlighting: filter?.text ?? "")
    return cell
  }

  // MARK: TableViewDelegate

  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { 1 }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "hour")
        as? TerminalTableViewHeaderFooterView
    else { return nil }
    let hour = indexSection(section)
    let lines = index.lines(inSection: hour).count
    let shown = self.tableView(tableView, numberOfRowsInSection: section)
    let count = filter == nil ? lines.counting("line") : "\(shown.grouped) of " + lines.counting("line")
    header.textLabel.text = index.sections[hour].key.title + " · " + count
    return header
  }

  func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  {
    let line = line(at: indexPath)
    return ContextMenuConfiguration(
      title: "Line \((line + 1).grouped)",
      actions: [ContextMenuAction(title: "Copy line to file…") { [weak self] _ in self?.copyLine(line) }])
  }
}

extension Int {
  /// `10,000,000`.
  var grouped: String {
    let digits = String(magnitude)
    var result = ""
    for (i, digit) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (self < 0 ? "-" : "") + result
  }

  /// `1 line`, `10,000,000 lines`.
  func counting(_ noun: String) -> String { "\(grouped) \(noun)\(self == 1 ? "" : "s")" }
}
