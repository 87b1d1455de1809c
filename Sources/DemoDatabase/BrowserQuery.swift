import GRDB
import TableViewSQLite

/// The rows a browser shows: the request for a table, its sort and its filter, by one rule for both browsers.
public enum BrowserQuery {
  /// The columns a filter looks in: those declared as text (a type containing CHAR, CLOB or TEXT) or without a
  /// type; all of them when none is.
  public static func textColumns(of table: SQLiteTableDescription) -> [String] {
    let text = table.columns.filter {
      let type = $0.declaredType.uppercased()
      return type.isEmpty || type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
    }.map(\.name)
    return text.isEmpty ? table.columns.map(\.name) : text
  }

  /// The order of a sort by column `sort.column` (`nil`: by the table's key).
  public static func ordering(
    of table: SQLiteTableDescription, sort: (column: Int, ascending: Bool)?
  ) -> SQLiteRecordRequest.Ordering? {
    sort.map { sort in
      let name = table.columns[sort.column].name
      return sort.ascending ? .ascending(name) : .descending(name)
    }
  }

  /// The request for `table`'s rows in `ordering`, only those whose text columns contain `filter` when it is not
  /// empty — or, when the file has an FTS5 table of the table's rows (`fullTextTable`), those it finds for the
  /// filter's words (each a prefix: `blu gre` finds "blue green"); `nil` when the table has no key (a view). A column
  /// that may hold NULL sorts as SQLite sorts it (NULL first going up): the source's keyset says so.
  public static func request(
    for table: SQLiteTableDescription, ordering: SQLiteRecordRequest.Ordering?, filter: String,
    fullTextTable: String? = nil
  ) -> SQLiteRecordRequest? {
    guard var request = table.request(sortedBy: ordering) else { return nil }
    if let fullTextTable, let query = fullTextQuery(filter) {
      request = request.filtered(.matching(query, in: fullTextTable))
    } else if !filter.isEmpty {
      request = request.filtered(.contains(filter, in: textColumns(of: table)))
    }
    return request
  }

  /// An FTS5 query of what was typed: each word a quoted prefix (`"blu"* "gre"*`: the rows with words starting so,
  /// whatever else is in them or in the query's quotes); `nil` when nothing but spaces was typed.
  public static func fullTextQuery(_ typed: String) -> String? {
    let words = typed.split(whereSeparator: \.isWhitespace)
    guard !words.isEmpty else { return nil }
    return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
  }

  /// The side index to build for rows read by a scan for each page (`warnings`: the source's): when they are a
  /// table's, sorted (`ordering`), unfiltered, and no index of the file serves the order; else `nil`. Its first
  /// screen is the scan's (a top-N sort); the whole order is built meanwhile in a side file.
  public static func sortIndex(
    for table: SQLiteTableDescription, in file: BrowserFile, ordering: SQLiteRecordRequest.Ordering?,
    filter: String, warnings: [SQLiteRecordError]
  ) -> SQLiteSortIndex? {
    guard let ordering, filter.isEmpty, table.kind == .table, let key = table.key,
      let warning = warnings.first, case .orderNotIndexed = warning
    else { return nil }
    return SQLiteSortIndex(databasePath: file.path, table: table.name, key: key, ordering: ordering)
  }
}
