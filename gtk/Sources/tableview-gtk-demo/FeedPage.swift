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
    table.register({ FeedPage.makeCell() }, forCellReuseIdentifier: "post")
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

  /// A post's cell: an avatar, the author line, the text wrapping below.
  static func makeCell() -> GTKTableViewCell { GTKTableViewCell(style: .subtitle, imageSize: 36) }

  /// The avatars' colours.
  static let avatarColors = ["#e01b24", "#ff7800", "#e5a50a", "#26a269", "#1c71d8", "#813d9c", "#865e3c", "#2ec27e"]

  /// Shows `post` in `cell`: its author's initial on their colour, the author line and the text.
  static func show(_ post: FeedPost, in cell: GTKTableViewCell) {
    let seed = post.handle.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }
    cell.setImage(text: String(post.author.prefix(1)), color: avatarColors[abs(seed) % avatarColors.count])
    cell.textLabel.text = FeedDataSet.postTitle(post)
    cell.detailTextLabel?.text = post.text
  }

  /// The average height of a sample of posts at `width` (72 when there is nothing to sample).
  static func sampledHeight(rowCount: Int, width: Double) -> Double {
    guard rowCount > 0, width > 0 else { return 72 }
    let cell = makeCell()
    let samples = min(48, rowCount)
    var total = 0.0
    for i in 0..<samples {
      show(FeedPost(number: i * (rowCount / samples)), in: cell)
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
    Self.show(FeedDataSet.post(section: indexPath.section, row: indexPath.row), in: cell)
    cell.accessoryType = marked.contains(indexPath) ? .checkmark : .none
    return cell
  }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    guard
      let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
        as? GTKTableViewHeaderFooterView
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
    if let cell = tableView.cellForRow(at: indexPath) as? GTKTableViewCell {
      cell.accessoryType = isMarked ? .none : .checkmark
      try? tableView.setHeight(cell.sizeThatFits(width: tableView.viewportSize.width), forRowAt: indexPath)
    }
  }

  func status() -> String {
    let progress = gtkTableView.table.precomputeProgress
    return engineStatus(gtkTableView, extra: "\(progress.measuredRows.grouped) posts measured")
  }
}
