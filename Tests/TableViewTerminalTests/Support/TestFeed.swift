import TableViewCore
import TableViewTerminal
import TerminalKit

/// A small data source and delegate for drawing and key tests: sections of texts shown in default-style cells,
/// self-sized (or of a fixed height), with two-line headers "Section N" / "detail N".
final class TestFeed: TableViewDataSource, TableViewDelegate {
  var sections: [[String]]
  var selected: [IndexPath] = []
  /// Titles of the trailing swipe actions (the first destructive: it deletes its row sliding left); none by default.
  var trailingActions: [String] = []
  /// Titles of the leading swipe actions; none by default.
  var leadingActions: [String] = []
  /// The actions performed and editing controls committed, as "title row" / "delete row".
  var performed: [String] = []
  /// Editing styles other than `.delete`, by row.
  var editingStyles: [IndexPath: TableView.EditingStyle] = [:]
  /// Whether the feed says it commits editing styles (UIKit's swipe to delete, when it gives no trailing actions).
  var commits = false
  var commitsEditingStyle: Bool { commits }

  init(sections: [[String]]) {
    self.sections = sections
  }

  /// `sectionCount` sections of `rows` one-line rows "row S.R".
  convenience init(sectionCount: Int, rows: Int) {
    self.init(sections: (0..<sectionCount).map { s in (0..<rows).map { r in "row \(s).\(r)" } })
  }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TerminalTableViewCell.self)
    cell.textLabel.text = sections[indexPath.section][indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    let header =
      tableView.dequeueReusableHeaderFooterView(withIdentifier: "header", as: TerminalTableViewHeaderFooterView.self)
    header?.textLabel.text = "Section \(section)"
    header?.detailTextLabel.text = "detail \(section)"
    return header
  }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    selected.append(indexPath)
  }
  /// Whether rows have a context menu (one action, "Star").
  var hasMenus = false
  func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  {
    guard hasMenus else { return nil }
    return ContextMenuConfiguration(
      title: sections[indexPath.section][indexPath.row], actions: [ContextMenuAction(title: "Star") { _ in }])
  }
  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableView.EditingStyle {
    editingStyleQuestions += 1
    return editingStyles[indexPath] ?? .delete
  }
  /// How often the table asked for a row's editing style.
  var editingStyleQuestions = 0
  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath) {
    performed.append("\(editingStyle == .delete ? "delete" : "insert") \(indexPath.row)")
    guard editingStyle == .delete else { return }
    sections[indexPath.section].remove(at: indexPath.row)
    try? tableView.deleteRows(at: [indexPath], with: .fade)
  }
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    actions(trailingActions, at: indexPath, in: tableView, destructiveFirst: true)
  }
  func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    actions(leadingActions, at: indexPath, in: tableView, destructiveFirst: false)
  }
  private func actions(_ titles: [String], at indexPath: IndexPath, in table: TableView, destructiveFirst: Bool)
    -> SwipeActionsConfiguration?
  {
    guard !titles.isEmpty else { return nil }
    let actions = titles.enumerated().map { index, title in
      let destructive = destructiveFirst && index == 0
      return ContextualAction(style: destructive ? .destructive : .normal, title: title) { [unowned self] _, done in
        self.performed.append("\(title) \(indexPath.row)")
        if destructive {
          self.sections[indexPath.section].remove(at: indexPath.row)
          try? table.deleteRows(at: [indexPath], with: .left)
        }
        done(true)
      }
    }
    return SwipeActionsConfiguration(actions: actions)
  }
}

/// A terminal table view over `feed`, `width`×`height` cells at the origin, with a manual clock. Rows are
/// self-sized (wrapping, numberOfLines 0) unless `rowHeight` is given; headers are two lines. The scroll indicator
/// is off so that lines compare exactly.
func makeTableView(
  _ feed: TestFeed, width: Int = 40, height: Int = 10, rowHeight: Double? = nil, separators: Bool = false
) -> (TerminalTableView, ManualClock) {
  let clock = ManualClock()
  let view = TerminalTableView(clock: clock)
  view.showsScrollIndicator = false
  // The table holds its data source weakly: the cell factory keeps the feed alive as long as the table.
  view.table.register(
    { [feed] in
      _ = feed
      let cell = TerminalTableViewCell()
      cell.textLabel.numberOfLines = 0
      cell.showsSeparator = separators
      return cell
    }, forCellReuseIdentifier: "cell")
  view.table.register({ TerminalTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
  if let rowHeight {
    view.table.rowHeight = rowHeight
  } else {
    view.table.rowHeight = TableView.automaticDimension
    view.table.estimatedRowHeight = 2
  }
  view.table.sectionHeaderHeight = 2
  view.table.dataSource = feed
  view.table.delegate = feed
  view.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
  return (view, clock)
}

extension TerminalTableView {
  /// The table drawn into a fresh buffer of its size.
  func snapshot() -> ScreenBuffer {
    var buffer = ScreenBuffer(width: cellSize.width, height: cellSize.height)
    render(into: &buffer, origin: .zero)
    return buffer
  }

  /// The table drawn, as lines with trailing spaces removed.
  func lines() -> [String] {
    snapshot().lines.map { line in
      var trimmed = Substring(line)
      while trimmed.last == " " { trimmed.removeLast() }
      return String(trimmed)
    }
  }
}

extension ScreenBuffer {
  /// Whether every cell of row `y` in `columns` is drawn in reverse video.
  func isReversed(row y: Int, columns: Range<Int>) -> Bool {
    columns.allSatisfy { self[x: $0, y: y].style.attributes.contains(.reverse) }
  }
}
