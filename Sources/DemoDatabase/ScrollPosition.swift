import TableViewCore

/// Where the user was in a table served by ``SQLiteTableDataSource``: the row at the top of the
/// screen, its post, and how far the screen's top is into that row. Saved when a search begins and
/// put back when it ends (``SQLiteTableDataSource/setFilter(_:)``), so that clearing a search returns
/// to the same post even when rows were inserted or deleted above it meanwhile.
public struct ScrollPosition: Sendable, Equatable {
  /// The row at the top of the screen when the position was taken.
  public var indexPath: IndexPath
  /// Its post, when its section's rows were known (found again by id).
  public var postID: Int64?
  /// How far the screen's top was into the row, in points.
  public var offsetWithinRow: Double

  /// Creates a position.
  public init(indexPath: IndexPath, postID: Int64?, offsetWithinRow: Double) {
    self.indexPath = indexPath
    self.postID = postID
    self.offsetWithinRow = offsetWithinRow.isFinite ? offsetWithinRow : 0
  }
}

extension SQLiteTableDataSource {
  /// Where the table is scrolled to now: its first visible row (`nil` when no row is visible).
  /// - Complexity: O(visible rows).
  public func currentPosition() -> ScrollPosition? {
    guard let tableView, let path = tableView.indexPathsForVisibleRows.first,
      let rect = try? tableView.rectForRow(at: path)
    else { return nil }
    return ScrollPosition(
      indexPath: path, postID: postID(at: path), offsetWithinRow: tableView.contentOffset.y - rect.minY)
  }

  /// Scrolls the table so that `position`'s post (found by id, else its row) is at the top of the
  /// screen, as far into it as it was; nothing when neither exists any more.
  /// - Complexity: O(rows of the known sections) to find the post.
  public func restore(_ position: ScrollPosition) {
    guard let tableView else { return }
    var path = position.indexPath
    if let id = position.postID, postID(at: path) != id, let found = indexPath(ofPost: id) { path = found }
    guard path.section < tableView.numberOfSections, path.row < tableView.numberOfRows(inSection: path.section) else {
      return
    }
    try? tableView.scrollToRow(at: path, at: .top, animated: false)
    if let rect = try? tableView.rectForRow(at: path) {
      tableView.setContentOffset(
        Point(x: tableView.contentOffset.x, y: rect.minY + position.offsetWithinRow), animated: false)
    }
  }
}
