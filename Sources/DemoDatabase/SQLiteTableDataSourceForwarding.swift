import TableViewCore

/// A table's data source and delegate that shows the rows of an ``SQLiteTableDataSource`` it gets only after the
/// table is on screen (a database opened in the background): until ``source`` is there the table has no sections;
/// from then on the counts, the cells and the row heights are the source's.
///
/// Adopting it is the forwarding written once: a page keeps its own delegate (selection, editing, its status)
/// and serves the rows through the source without restating each data-source call.
///
///     final class FeedPage: SQLiteTableDataSourceForwarding {
///       private(set) var source: SQLiteTableDataSource?
///       let rowReuseIdentifier = "post"
///       let heightWithoutSource = 72.0
///     }
public protocol SQLiteTableDataSourceForwarding: TableViewDataSource, TableViewDelegate {
  /// The data source, once the database is open; `nil` before.
  var source: SQLiteTableDataSource? { get }
  /// The reuse identifier of a row's cell, dequeued for a row asked for while there is no source.
  var rowReuseIdentifier: String { get }
  /// The height of a row asked for while there is no source, in points.
  var heightWithoutSource: Double { get }
}

extension SQLiteTableDataSourceForwarding {
  /// The source's sections; none while there is no source.
  public func numberOfSections(in tableView: TableView) -> Int { source?.numberOfSections(in: tableView) ?? 0 }

  /// The source's rows of `section`; none while there is no source.
  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    source?.tableView(tableView, numberOfRowsInSection: section) ?? 0
  }

  /// The source's cell for the row (its post, or a placeholder while the post's page is on its way); while there
  /// is no source, an unconfigured cell of ``rowReuseIdentifier``.
  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    guard let source else { return tableView.dequeueReusableCell(withIdentifier: rowReuseIdentifier, for: indexPath) }
    return source.tableView(tableView, cellForRowAt: indexPath)
  }

  /// The source's height for the row (stored for its post at this width, or measured); ``heightWithoutSource``
  /// while there is no source.
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    source?.tableView(tableView, heightForRowAt: indexPath) ?? heightWithoutSource
  }
}
