import GRDB

/// What a ``SQLiteRecordDataSource`` shows: the rows of a table, a view or a read-only query of
/// the app's own database, in an order, each known by a unique key, optionally grouped in
/// sections by the value of a column.
///
///     // Tracks by album (a section per album), then by track number:
///     let request = SQLiteRecordRequest(
///       table: "track", key: .column("id"), ordering: [.ascending("number")], sectionColumn: "album_id")
///     // The index that serves it, checked at open with EXPLAIN QUERY PLAN:
///     // CREATE INDEX track_by_album ON track(album_id, number, id)
///
/// Rows are read a page at a time by keyset (`WHERE (number, id) > (?, ?) ORDER BY number, id
/// LIMIT 50`), never by `OFFSET`: the order is made total by the key (appended to the ordering
/// unless it is in it already), and it should be served by an index whose columns are the
/// section column, the ordering's columns and the key, in that order. Sections are ordered by
/// their value, ascending. The ordering's and the section's columns should be `NOT NULL`: a row
/// whose order value is `NULL` is never reached by a keyset.
public struct SQLiteRecordRequest: Sendable {
  /// Where the rows come from.
  public enum Source: Sendable {
    /// A table or a view, by name.
    case table(String)
    /// A read-only `SELECT` with its arguments (a GRDB request is turned into one at open).
    case sql(String, arguments: StatementArguments)
  }

  /// What tells one row from every other, for as long as it exists.
  public enum Key: Sendable, Equatable {
    /// The table's `rowid` (a table source only, not a view nor a `WITHOUT ROWID` table).
    case rowID
    /// A column with a unique value per row: the primary key or a column of a unique index.
    case column(String)
  }

  /// One column of the order of the rows.
  public struct Ordering: Sendable, Equatable {
    /// The column's name.
    public var column: String
    /// Whether larger values come first.
    public var isDescending: Bool

    /// Smaller values first.
    public static func ascending(_ column: String) -> Ordering { Ordering(column: column, isDescending: false) }
    /// Larger values first.
    public static func descending(_ column: String) -> Ordering { Ordering(column: column, isDescending: true) }
  }

  /// Which rows a request keeps: the rows whose text contains a string in any of some columns
  /// (`LIKE`), or the rows an FTS5 table finds.
  public struct Filter: Sendable, Equatable {
    /// The text looked for: with ``contains(_:in:)`` case-insensitive for ASCII letters, as
    /// SQLite's `LIKE` (`%` and `_` are plain characters here); with ``matching(_:in:)`` an FTS5
    /// query.
    public var text: String
    /// The columns looked in (``contains(_:in:)``; empty for an FTS5 search).
    public var columns: [String]
    /// The FTS5 table searched (``matching(_:in:)``), or `nil`.
    public var fullTextTable: String?

    /// The rows whose value in any of `columns` contains `text`. Every row is read (`LIKE` uses
    /// no index): the source shows the first screen of matches as soon as it is found, and counts
    /// the rest after it.
    public static func contains(_ text: String, in columns: [String]) -> Filter {
      Filter(text: text, columns: columns, fullTextTable: nil)
    }

    /// The rows whose key is the `rowid` of a row of FTS5 table `table` that matches `query`
    /// (`table MATCH query`: words, prefixes `word*`, phrases, `AND`/`OR`/`NOT`). The FTS table
    /// indexes the app's rows under their rowid (an external-content table, or one the app keeps
    /// in step); the request's key is that rowid (``SQLiteRecordRequest/Key/rowID``, or the
    /// column that aliases it).
    ///
    ///     // CREATE VIRTUAL TABLE track_fts USING fts5(title, content='track', content_rowid='id')
    ///     let matches = request.filtered(.matching("blue*", in: "track_fts"))
    public static func matching(_ query: String, in table: String) -> Filter {
      Filter(text: query, columns: [], fullTextTable: table)
    }
  }

  /// Where the rows come from.
  public var source: Source
  /// What tells the rows apart.
  public var key: Key
  /// The order of the rows (of each section): the key breaks ties. Empty: by the key alone.
  public var ordering: [Ordering]
  /// The column whose value groups the rows in sections (ascending), or `nil` for one section.
  public var sectionColumn: String?
  /// The rows kept (`nil`: all). A `LIKE` filter reads every row its pages and counts pass over
  /// (it uses no index): the counts of a filtered request scan the whole table once, off the main
  /// thread, after the first screen of matches is shown.
  public var filter: Filter?
  /// The query's columns (lowercased) known never to hold NULL (a query's columns may, as far as the schema says):
  /// their keysets are plain comparisons, which SQLite serves from an index.
  var notNullColumns: Set<String> = []
  /// A cheaper source of the order's columns and the key alone (no filter), for the counts and the keys-only reads
  /// (a ``SQLiteSortIndex``'s side table without the join to the rows), or `nil`: the rows' source.
  var keysSource: String?

  /// This request with only the rows `filter` keeps (`nil`, an empty text, or no columns and no
  /// FTS table: all of them).
  ///
  ///     let matches = request.filtered(.contains("blue", in: ["title", "artist"]))
  public func filtered(_ filter: Filter?) -> SQLiteRecordRequest {
    var copy = self
    copy.filter = filter.flatMap { $0.text.isEmpty || ($0.columns.isEmpty && $0.fullTextTable == nil) ? nil : $0 }
    if copy.filter != nil { copy.keysSource = nil }  // The filter's columns are the rows'.
    return copy
  }

  /// The rows of table or view `table`.
  public init(table: String, key: Key = .rowID, ordering: [Ordering] = [], sectionColumn: String? = nil) {
    self.source = .table(table)
    self.key = key
    self.ordering = ordering
    self.sectionColumn = sectionColumn
  }

  /// The rows of a read-only `SELECT` (`sql` with `arguments`); `key`, `ordering` and
  /// `sectionColumn` name columns of its result.
  public init(
    sql: String, arguments: StatementArguments = StatementArguments(), key: Key, ordering: [Ordering] = [],
    sectionColumn: String? = nil
  ) {
    self.source = .sql(sql, arguments: arguments)
    self.key = key
    self.ordering = ordering
    self.sectionColumn = sectionColumn
  }

  /// The rows of a GRDB request (a `QueryInterfaceRequest` such as `Track.filter(…)`, or an
  /// `SQLRequest`), turned into its SQL and arguments with `database`'s schema.
  /// - Throws: ``SQLiteRecordError`` when the request cannot be prepared.
  public init(
    _ request: some FetchRequest, in database: some DatabaseReader, key: Key, ordering: [Ordering] = [],
    sectionColumn: String? = nil
  ) throws(SQLiteRecordError) {
    let statement: (String, StatementArguments)
    do {
      statement = try database.read { db in
        let prepared = try request.makePreparedRequest(db, forSingleResult: false).statement
        return (prepared.sql, prepared.arguments)
      }
    } catch {
      throw SQLiteRecordError(error, source: "the request")
    }
    self.init(
      sql: statement.0, arguments: statement.1, key: key, ordering: ordering, sectionColumn: sectionColumn)
  }

  /// How errors name the rows' source: `table "track"` or `the query`.
  var sourceDescription: String {
    switch source {
    case .table(let name): "table \"\(name)\""
    case .sql: "the query"
    }
  }
}
