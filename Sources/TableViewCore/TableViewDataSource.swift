/// Supplies the table's structure and cells, as `UITableViewDataSource`.
///
///     final class Feed: TableViewDataSource {
///       func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { 1_000_000 }
///       func tableView(_ t: TableView, cellForRowAt p: IndexPath) -> any ReusableView {
///         t.dequeueReusableCell(withIdentifier: "post", for: p)
///       }
///     }
public protocol TableViewDataSource: AnyObject {
  /// The number of sections (default 1).
  func numberOfSections(in tableView: TableView) -> Int
  /// The number of rows in `section`.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
  /// A configured cell for the row, usually from `dequeueReusableCell(withIdentifier:for:)`.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView
}

extension TableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
}

/// Optional: rows about to come on screen, for fetching their data early (`UITableViewDataSourcePrefetching`).
public protocol TableViewDataSourcePrefetching: AnyObject {
  /// Rows that will probably be displayed soon, nearest first, in the scroll direction.
  func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
  /// Rows announced by `prefetchRowsAt` that are no longer expected (the scroll reversed).
  func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
  /// Does nothing.
  public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}
