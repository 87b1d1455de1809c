import GRDB

/// A table or view of any database, as a browser shows it: its columns with their declared types, the key that
/// tells its rows apart, and the columns an index can sort by — what a ``SQLiteRecordRequest`` for it needs.
///
///     let tables = try database.read { db in try SQLiteTableDescription.all(in: db) }
///     for table in tables { print(table.name, table.columns.map(\.name), table.key as Any) }
///     let request = tables[0].request(sortedBy: .descending("total"))   // nil: the table has no key
public struct SQLiteTableDescription: Sendable, Equatable {
  /// A table or a view.
  public enum Kind: Sendable, Equatable {
    case table
    case view
  }

  /// A column, as declared.
  public struct Column: Sendable, Equatable {
    /// The column's name.
    public var name: String
    /// Its declared type (`INTEGER`, `TEXT`, `VARCHAR(20)`; empty when none): SQLite stores any value in any
    /// column, so a cell shows each value by its own type.
    public var declaredType: String
    /// Whether the column is declared `NOT NULL`.
    public var isNotNull: Bool
    /// Its place in the primary key (1 for the first column), 0 when not in it.
    public var primaryKeyIndex: Int
  }

  /// The table's or view's name.
  public var name: String
  /// A table or a view.
  public var kind: Kind
  /// The columns, in declaration order.
  public var columns: [Column]
  /// What tells the rows apart for paging: the rowid, or the one column of a single-column primary key of a
  /// `WITHOUT ROWID` table (an `INTEGER PRIMARY KEY` is the rowid itself); `nil` for a view, whose rows have no
  /// stable key.
  public var key: SQLiteRecordRequest.Key?
  /// The columns that lead an index (or are the rowid's alias): sorting by one reads pages from the index; another
  /// column sorts each page with a scan of the table.
  public var indexedColumns: Set<String>

  /// Whether sorting by `column` is served by an index (names compared case-insensitively, as SQLite does).
  public func isIndexed(_ column: String) -> Bool {
    indexedColumns.contains { $0.caseInsensitiveCompare(column) == .orderedSame }
  }

  /// The request that shows every row, by key, or sorted by one column (the key breaking ties); `nil` when the
  /// table has no key (a view).
  public func request(sortedBy ordering: SQLiteRecordRequest.Ordering? = nil) -> SQLiteRecordRequest? {
    guard let key else { return nil }
    return SQLiteRecordRequest(table: name, key: key, ordering: ordering.map { [$0] } ?? [])
  }

  /// The tables and views of `db` that an app made (not SQLite's own `sqlite_…` tables, nor the shadow tables of
  /// full-text indexes), by name.
  /// - Throws: ``SQLiteRecordError`` when the schema cannot be read (not a database, a corrupt file).
  public static func all(in db: Database) throws(SQLiteRecordError) -> [SQLiteTableDescription] {
    do {
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT name, type, sql FROM sqlite_master
          WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
          ORDER BY name COLLATE NOCASE
          """)
      // Full-text (virtual) tables: their shadow tables are their storage, not the app's tables.
      let virtualTables = Set(
        rows.filter { ($0["sql"] as String? ?? "").uppercased().hasPrefix("CREATE VIRTUAL TABLE") }.map {
          $0["name"] as String
        })
      var result: [SQLiteTableDescription] = []
      for row in rows {
        let name: String = row["name"]
        let kind: Kind = (row["type"] as String) == "view" ? .view : .table
        // An FTS5 or FTS4 table's shadow tables (`post_fts_data`, `post_fts_idx`, …) are its own storage.
        if isShadowTable(name, of: virtualTables) { continue }
        result.append(try describe(name, kind: kind, in: db))
      }
      return result
    } catch let error as SQLiteRecordError {
      throw error
    } catch {
      throw SQLiteRecordError(error, source: "the schema")
    }
  }

  /// The description of table or view `name`.
  /// - Throws: ``SQLiteRecordError/noSuchTable(_:)`` when there is none.
  public static func describe(_ name: String, in db: Database) throws(SQLiteRecordError) -> SQLiteTableDescription {
    do {
      if try db.tableExists(name) { return try describe(name, kind: .table, in: db) }
      if try db.viewExists(name) { return try describe(name, kind: .view, in: db) }
    } catch {
      throw SQLiteRecordError(error, source: "table \"\(name)\"")
    }
    throw SQLiteRecordError.noSuchTable(name)
  }

  private static func describe(_ name: String, kind: Kind, in db: Database) throws -> SQLiteTableDescription {
    let columns = try Row.fetchAll(db, sql: "SELECT * FROM pragma_table_info(?)", arguments: [name]).map { row in
      Column(
        name: row["name"], declaredType: row["type"] ?? "", isNotNull: (row["notnull"] as Int? ?? 0) != 0,
        primaryKeyIndex: row["pk"] ?? 0)
    }
    guard kind == .table else {
      return SQLiteTableDescription(name: name, kind: kind, columns: columns, key: nil, indexedColumns: [])
    }
    var indexed = Set<String>()
    for index in try db.indexes(on: name) {
      if let first = index.columns.first { indexed.insert(first) }
    }
    let hasRowID = (try? db.makeStatement(sql: "SELECT rowid FROM \(name.quotedDatabaseIdentifier) LIMIT 0")) != nil
    let primaryKey = columns.filter { $0.primaryKeyIndex > 0 }
    let key: SQLiteRecordRequest.Key?
    if hasRowID {
      key = .rowID
      // An INTEGER PRIMARY KEY is the rowid: sorting by it is sorting by the table itself.
      if primaryKey.count == 1, primaryKey[0].declaredType.uppercased() == "INTEGER" {
        indexed.insert(primaryKey[0].name)
      }
    } else if primaryKey.count == 1 {
      key = .column(primaryKey[0].name)
      indexed.insert(primaryKey[0].name)
    } else {
      key = nil
    }
    return SQLiteTableDescription(name: name, kind: kind, columns: columns, key: key, indexedColumns: indexed)
  }

  /// Whether `name` is a shadow table of one of the virtual tables `virtualTables` (`x_data`, `x_idx`,
  /// `x_content`, `x_docsize`, `x_config`, `x_segments`, `x_segdir`, `x_stat`).
  private static func isShadowTable(_ name: String, of virtualTables: Set<String>) -> Bool {
    for suffix in ["_data", "_idx", "_content", "_docsize", "_config", "_segments", "_segdir", "_stat"]
    where name.hasSuffix(suffix) {
      if virtualTables.contains(String(name.dropLast(suffix.count))) { return true }
    }
    return false
  }
}
