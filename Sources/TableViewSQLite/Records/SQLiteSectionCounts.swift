import GRDB

/// Counts of one of the app's tables, kept per section by triggers the library installs, so that a
/// ``SQLiteRecordDataSource`` over the table reads its sections' counts (one row per section)
/// instead of counting every row (a `GROUP BY` over the whole table) when it opens and after each
/// commit. Install them once, in a database the app may write to:
///
///     try SQLiteSectionCounts.install(on: "track", sectionColumn: "album_id", in: database)
///     // … sources over `track` in sections by `album_id` now read the kept counts …
///     try SQLiteSectionCounts.remove(from: "track", in: database)  // triggers and counts gone
///
/// The counts are a table beside the app's (`tableview_counts_TABLE`): a section's value and its
/// rows, counted once at install (a `GROUP BY`) and then changed by the triggers with every row
/// inserted, deleted or moved to another section, in the same transaction. A source uses them when
/// its request is the whole table (no filter) in sections by the same column (or none); otherwise
/// (a query, a filter, a read-only file without them) it counts.
///
/// The kept counts are in the section column's own order only when the column compares with the
/// default `BINARY` collation (integers, and text compared byte by byte).
public enum SQLiteSectionCounts {
  /// The table of the counts of `table`.
  public static func countsTable(for table: String) -> String { "tableview_counts_\(table)" }

  /// Counts the rows of `table` per value of `sectionColumn` (one count without it) and creates
  /// the triggers that keep the counts current (replacing counts installed before).
  /// - Throws: ``SQLiteRecordError/noSuchTable(_:)``, ``SQLiteRecordError/noSuchColumn(_:source:)``,
  ///   or ``SQLiteRecordError/writeFailed(_:message:)`` when the database refuses (read-only).
  /// - Complexity: O(rows) once.
  public static func install(on table: String, sectionColumn: String? = nil, in writer: some DatabaseWriter)
    throws(SQLiteRecordError)
  {
    do {
      try writer.write { db in
        guard try db.tableExists(table) else { throw SQLiteRecordError.noSuchTable(table) }
        if let sectionColumn,
          try !db.columns(in: table).contains(where: { $0.name.lowercased() == sectionColumn.lowercased() })
        {
          throw SQLiteRecordError.noSuchColumn(sectionColumn, source: "table \"\(table)\"")
        }
        try drop(table, db)
        let counts = countsTable(for: table).quotedDatabaseIdentifier
        let name = table.quotedDatabaseIdentifier
        let column = sectionColumn?.quotedDatabaseIdentifier ?? "NULL"
        let old = sectionColumn.map { "old.\($0.quotedDatabaseIdentifier)" } ?? "NULL"
        let new = sectionColumn.map { "new.\($0.quotedDatabaseIdentifier)" } ?? "NULL"
        let trigger = { (what: String) in "tableview_\(what)_\(table)".quotedDatabaseIdentifier }
        // A section is a row of the counts; NULL is a section value too, so it is found with IS.
        let add = { (value: String) in
          """
          UPDATE \(counts) SET n = n + 1 WHERE section IS \(value);
          INSERT INTO \(counts)(section, n) SELECT \(value), 1
            WHERE NOT EXISTS (SELECT 1 FROM \(counts) WHERE section IS \(value));
          """
        }
        let subtract = { (value: String) in
          """
          UPDATE \(counts) SET n = n - 1 WHERE section IS \(value);
          DELETE FROM \(counts) WHERE section IS \(value) AND n <= 0;
          """
        }
        try db.execute(
          sql: """
            CREATE TABLE IF NOT EXISTS tableview_section_counts(
              table_name TEXT PRIMARY KEY NOT NULL, section_column TEXT);
            INSERT OR REPLACE INTO tableview_section_counts(table_name, section_column) VALUES (?, ?);
            CREATE TABLE \(counts)(section, n INTEGER NOT NULL);
            CREATE INDEX \("tableview_counts_order_\(table)".quotedDatabaseIdentifier) ON \(counts)(section);
            INSERT INTO \(counts)(section, n) SELECT \(column), COUNT(*) FROM \(name) GROUP BY \(column);
            CREATE TRIGGER \(trigger("insert")) AFTER INSERT ON \(name) BEGIN
              \(add(new))
            END;
            CREATE TRIGGER \(trigger("delete")) AFTER DELETE ON \(name) BEGIN
              \(subtract(old))
            END;
            CREATE TRIGGER \(trigger("update")) AFTER UPDATE ON \(name) WHEN \(old) IS NOT \(new) BEGIN
              \(subtract(old))
              \(add(new))
            END;
            """, arguments: [table, sectionColumn])
      }
    } catch let error as SQLiteRecordError {
      throw error
    } catch {
      throw .writeFailed("installing the section counts on \"\(table)\"", message: "\(error)")
    }
  }

  /// Removes the counts and the triggers from `table` (nothing if none are installed).
  /// - Throws: ``SQLiteRecordError/writeFailed(_:message:)`` when the database refuses.
  public static func remove(from table: String, in writer: some DatabaseWriter) throws(SQLiteRecordError) {
    do {
      try writer.write { db in try drop(table, db) }
    } catch {
      throw .writeFailed("removing the section counts from \"\(table)\"", message: "\(error)")
    }
  }

  private static func drop(_ table: String, _ db: Database) throws {
    for what in ["insert", "delete", "update"] {
      try db.execute(sql: "DROP TRIGGER IF EXISTS \("tableview_\(what)_\(table)".quotedDatabaseIdentifier)")
    }
    try db.execute(sql: "DROP TABLE IF EXISTS \(countsTable(for: table).quotedDatabaseIdentifier)")
    if try db.tableExists("tableview_section_counts") {
      try db.execute(sql: "DELETE FROM tableview_section_counts WHERE table_name = ?", arguments: [table])
    }
  }

  /// The kept counts a request can read: the whole table, no filter, the same section column.
  static func counts(for request: SQLiteRecordRequest, _ db: Database) throws -> String? {
    guard case .table(let table) = request.source, request.filter == nil,
      try db.tableExists("tableview_section_counts"), try db.tableExists(countsTable(for: table)),
      let row = try Row.fetchOne(
        db, sql: "SELECT section_column FROM tableview_section_counts WHERE table_name = ?", arguments: [table])
    else { return nil }
    let column: String? = row[0]
    return column?.lowercased() == request.sectionColumn?.lowercased() ? countsTable(for: table) : nil
  }
}
