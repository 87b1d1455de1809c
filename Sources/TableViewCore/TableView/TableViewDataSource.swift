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
  /// The user asked to delete or insert at the row (its editing control, or the default Delete
  /// swipe action): change the data, then tell the table (`deleteRows(at:with:)`,
  /// `insertRows(at:with:)`). Default: nothing. A data source that implements it also says so
  /// with ``commitsEditingStyle`` to get UIKit's swipe to delete.
  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath)
  /// Whether this data source commits editing styles (implements
  /// `tableView(_:commit:forRowAt:)`). Default `false`.
  ///
  /// UIKit offers swipe to delete when the data source implements `commit`: a row that can be
  /// edited, whose editing style is `.delete`, and for which the delegate gives no trailing swipe
  /// configuration (`nil`, or no delegate) reveals a destructive "Delete" action that commits
  /// `.delete`. A Swift protocol cannot tell an implementation from its default, so a data source
  /// that commits says so here (`var commitsEditingStyle: Bool { true }`), as one that moves rows
  /// does with `canMoveRowAt`. Without it, edit mode's controls still commit; only the default
  /// swipe action is not offered.
  var commitsEditingStyle: Bool { get }
  /// Whether the row can be picked up and moved (in edit mode, by its reorder control or keys).
  /// Default false: UIKit allows it when the data source implements `moveRowAt`, which a Swift
  /// protocol cannot tell, so a data source that moves rows says so here.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// The user dropped the row at `sourceIndexPath` at `destinationIndexPath` (UIKit's index spaces:
  /// the destination is where the row is after the move). Move it in the data; the table has
  /// already moved it on screen and applies the move itself (do not call `moveRow` or reload).
  /// Default: nothing.
  func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
  /// The titles of the section index (the A–Z bar of a contacts list, UIKit's `sectionIndexTitles(for:)`), or
  /// `nil` (the default) for none. Asked once after each reload and batch update, and by
  /// `reloadSectionIndexTitles()`.
  func sectionIndexTitles(for tableView: TableView) -> [String]?
  /// The section the user jumps to by the index title `title` at `index` (default: section `index`).
  func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
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
  /// `false`: the data source does not say it commits (no default Delete swipe action).
  public var commitsEditingStyle: Bool { false }
  /// No row can be moved.
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
  /// No section index.
  public func sectionIndexTitles(for tableView: TableView) -> [String]? { nil }
  /// Section `index`.
  public func tableView(_ tableView: TableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
    index
  }
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
