import DemoData
import TableViewCore
import TableViewTerminal
import TerminalKit

/// The feed: a million posts of mixed Chinese and English in a thousand sections with sticky headers, each row
/// self-sized by wrapping its text, with estimated heights so the table opens instantly.
final class FeedScreen: TableScreen, TableViewDataSource, TableViewDelegate {
  static let catalogEntry = DemoCatalogEntry(
    name: "feed", aliases: ["posts", "1"], title: { _ in "Feed" }, make: { FeedScreen(context: $0) })

  /// The number of posts.
  let rowCount: Int
  /// Posts the user selected, shown with a check mark.
  private var marked: Set<IndexPath> = []

  init(context: DemoContext) {
    rowCount = max(0, context.rows ?? FeedDataSet.defaultRowCount)
    super.init(context: context)
    table.register(
      {
        let cell = TerminalTableViewCell(style: .subtitle)
        cell.textLabel.style = Style(foreground: .yellow, attributes: .bold)
        cell.detailTextLabel?.style = .plain
        cell.detailTextLabel?.numberOfLines = 0
        cell.showsSeparator = true
        return cell
      }, forCellReuseIdentifier: "post")
    table.register({ TerminalTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = 5
    table.sectionHeaderHeight = 2
    table.dataSource = self
    table.delegate = self
    // Rows not yet on screen are measured while the user does nothing, nearest first, 4 ms at a time.
    table.idlePrecompute.enable(budget: 0.004)
  }

  // MARK: Data source

  func numberOfSections(in tableView: TableView) -> Int {
    FeedDataSet.numberOfSections(rowCount: rowCount)
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    FeedDataSet.numberOfRows(inSection: section, rowCount: rowCount)
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath, as: TerminalTableViewCell.self)
    let post = FeedDataSet.post(section: indexPath.section, row: indexPath.row)
    cell.textLabel.text = FeedDataSet.postTitle(post)
    cell.detailTextLabel?.text = post.text
    cell.accessoryType = marked.contains(indexPath) ? .checkmark : .none
    return cell
  }

  // MARK: Delegate

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? TerminalTableViewHeaderFooterView
    else { return nil }
    header.textLabel.text = FeedDataSet.headerTitle(section: section)
    header.detailTextLabel.text = FeedDataSet.headerDetail(section: section, rowCount: rowCount)
    return header
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    lastSelected = indexPath
    let isMarked = marked.contains(indexPath)
    if isMarked { marked.remove(indexPath) } else { marked.insert(indexPath) }
    // The check mark narrows the text: measure the row again (the seed's row:changedHeight:).
    if let cell = tableView.cellForRow(at: indexPath) as? TerminalTableViewCell {
      cell.accessoryType = isMarked ? .none : .checkmark
      try? tableView.setHeight(cell.sizeThatFits(width: tableView.viewportSize.width), forRowAt: indexPath)
    }
  }

  // MARK: Status

  override func status() -> String {
    let progress = table.precomputeProgress
    let percent = progress.fractionCompleted * 100
    let figure =
      percent >= 10 || percent == 0 ? "\(Int(percent))%" : "\(Int(percent * 10) / 10).\(Int(percent * 10) % 10)%"
    return engineStatus(extra: "measured \(ProgressBar.text(progress.fractionCompleted, width: 8)) \(figure)")
  }
}
