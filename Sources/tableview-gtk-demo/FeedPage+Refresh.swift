import CGtk
import TableViewCore
import TableViewGTK

// Pull to refresh in the feed: dragging the content down past the top and letting go refreshes; the
// indicator says "Refreshing…" and, 0.6 s later (the demo's stand-in for a network fetch), three new posts
// slide in at the top and the indicator goes.

extension FeedPage {
  /// How long a refresh takes, in milliseconds.
  static let refreshDelay: UInt32 = 600
  /// The posts a refresh brings.
  static let refreshCount = 3

  /// Gives the table its refresh control.
  func installRefreshControl() {
    gtkTableView.table.refreshControl = RefreshControl { [weak self] _ in self?.startRefresh() }
  }

  /// A refresh began: its posts arrive after `refreshDelay`.
  func startRefresh() {
    refreshArrival?.cancel()
    refreshArrival = GLibTimeout(milliseconds: Self.refreshDelay) { [weak self] in
      self?.finishRefresh()
      return false
    }
  }

  /// The refresh's posts arrive: new posts slide in at the top, and the indicator goes.
  func finishRefresh() {
    refreshArrival = nil
    let table = gtkTableView.table
    var paths: [IndexPath] = []
    for row in 0..<Self.refreshCount {
      let path = IndexPath(row: row, section: 0)
      feed.insertNewPost(at: path)
      paths.append(path)
    }
    added += paths.count
    refreshes += 1
    try? table.insertRows(at: paths, with: .top)
    refreshHeader(ofSection: 0)
    table.refreshControl?.endRefreshing()
    gtkTableView.setNeedsLayout()
  }
}
