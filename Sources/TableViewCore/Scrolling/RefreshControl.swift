/// Pull to refresh (UIKit's `UIRefreshControl`): dragging the content down past the top by the
/// control's `height` and letting go starts refreshing: the content comes to rest below the
/// indicator (the table's top inset grows by `height`) and `onRefresh` runs; the app calls
/// `endRefreshing()` when its data has arrived, and the content goes back up.
///
///     table.refreshControl = RefreshControl { control in
///       feed.fetchNewer { posts in
///         insert(posts)
///         control.endRefreshing()
///       }
///     }
public final class RefreshControl {
  // Stored properties unchecked for exclusivity: the table reads them on every scroll step (see TableView).
  /// The indicator's height, and how far past the top a drag must pull to refresh (points, at
  /// least 1; values that are not finite are refused).
  @exclusivity(unchecked)
  public var height: Double = 60 {
    didSet {
      if !height.isFinite { height = oldValue }
      height = min(max(height, 1), 10_000)
      table?.geometryChanged()
    }
  }
  /// Whether it is refreshing (the indicator shows, above the content).
  @exclusivity(unchecked)
  public private(set) var isRefreshing = false
  /// Called when a pull starts refreshing (UIKit's `.valueChanged`).
  @exclusivity(unchecked)
  public var onRefresh: ((RefreshControl) -> Void)?
  /// The table it belongs to.
  @exclusivity(unchecked)
  weak var table: TableView?

  /// A control that calls `onRefresh` when a pull starts refreshing.
  public init(onRefresh: ((RefreshControl) -> Void)? = nil) {
    self.onRefresh = onRefresh
  }

  /// Shows the indicator as refreshing without a pull (`onRefresh` is not called): the content
  /// makes room for it if it is at the top.
  public func beginRefreshing() {
    guard !isRefreshing else { return }
    let atTop = table.map { $0.contentOffset.y <= $0.minimumContentOffsetY } ?? false
    isRefreshing = true
    table?.geometryChanged()
    if atTop, let table { table.contentOffset.y = table.minimumContentOffsetY }
  }

  /// The refresh is over: the indicator goes, and content resting below it slides back up.
  public func endRefreshing() {
    guard isRefreshing else { return }
    isRefreshing = false
    table?.refreshEnded()
  }

  /// Starts refreshing from a pull.
  func pulled() {
    isRefreshing = true
    onRefresh?(self)
  }
}
