import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// The feed: a million posts of mixed Chinese and English in a thousand sections with sticky
/// headers, each row self-sized by GTK (Pango wraps the text at the row's width), measured in idle
/// time nearest-first while nobody scrolls.
final class FeedPage: DemoPage, TableViewDataSource, TableViewDelegate {
  let title = "Feed"
  let gtkTableView = GTKTableView()
  var tableView: GTKTableView? { gtkTableView }
  var widget: UnsafeMutablePointer<GtkWidget> { gtkTableView.widget }
  var lastSelected: IndexPath?
  let rowCount: Int
  private var marked: Set<IndexPath> = []

  init(rows: Int?, width: Int) {
    rowCount = max(0, rows ?? FeedDataSet.defaultRowCount)
    let table = gtkTableView.table
    table.register({ GTKTableViewCell(style: .subtitle) }, forCellReuseIdentifier: "post")
    table.register({ GTKTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
    table.rowHeight = TableView.automaticDimension
    // The estimate is the average of a sample measured now (48 posts spread over the feed, about
    // 40 ms): the scroll range starts within a few percent of the truth, and the idle precompute
    // makes it exact.
    table.estimatedRowHeight = Self.sampledHeight(rowCount: rowCount, width: Double(width - 14))
    table.sectionHeaderHeight = 46
    table.dataSource = self
    table.delegate = self
    // Pango measures a post in about a millisecond: measuring all million would keep a core busy for
    // a quarter of an hour. Idle time measures the rows within 100,000 points (about 1,600 posts) of
    // wherever the user is, nearest first, and then the demo idles at 0% CPU.
    table.idlePrecompute.enable(budget: 0.004)
    table.idlePrecompute.reach = 100_000
  }

  /// The average height of a sample of posts at `width` (72 when there is nothing to sample).
  static func sampledHeight(rowCount: Int, width: Double) -> Double {
    guard rowCount > 0, width > 0 else { return 72 }
    let cell = GTKTableViewCell(style: .subtitle)
    let samples = min(48, rowCount)
    var total = 0.0
    for i in 0..<samples {
      let post = FeedPost(number: i * (rowCount / samples))
      cell.text = FeedDataSet.postTitle(post)
      cell.detailText = post.text
      total += cell.sizeThatFits(width: width)
    }
    return total > 0 ? (total / Double(samples)).rounded() : 72
  }

  func numberOfSections(in tableView: TableView) -> Int { FeedDataSet.numberOfSections(rowCount: rowCount) }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    FeedDataSet.numberOfRows(inSection: section, rowCount: rowCount)
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath, as: GTKTableViewCell.self)
    let post = FeedDataSet.post(section: indexPath.section, row: indexPath.row)
    cell.text = FeedDataSet.postTitle(post)
    cell.detailText = post.text
    cell.accessory = marked.contains(indexPath) ? .checkmark : .none
    return cell
  }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? GTKTableViewHeaderFooterView
    else { return nil }
    header.text = FeedDataSet.headerTitle(section: section)
    header.detailText = FeedDataSet.headerDetail(section: section, rowCount: rowCount)
    return header
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    lastSelected = indexPath
    let isMarked = marked.contains(indexPath)
    if isMarked { marked.remove(indexPath) } else { marked.insert(indexPath) }
    // The check mark narrows the text: measure the row again (the seed's row:changedHeight:).
    if let cell = tableView.cellForRow(at: indexPath) as? GTKTableViewCell {
      cell.accessory = isMarked ? .none : .checkmark
      try? tableView.setHeight(cell.sizeThatFits(width: tableView.viewportSize.width), forRowAt: indexPath)
    }
  }

  func status() -> String {
    let progress = gtkTableView.table.precomputeProgress
    return engineStatus(gtkTableView, extra: "\(progress.measuredRows.grouped) posts measured")
  }
}
