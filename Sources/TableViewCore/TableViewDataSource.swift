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
  /// Whether the row can be edited: shows its editing control in edit mode and can be swiped
  /// (default true, as UIKit's).
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// The user asked to delete or insert at the row (its editing control): change the data, then
  /// tell the table (`deleteRows(at:with:)`, `insertRows(at:with:)`). Default: nothing.
  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath)
}

extension TableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  /// Every row can be edited.
  public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {}
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
