import GRDB

/// An opt-in log of the changes to one of the app's tables, kept by triggers the library installs,
/// so that a ``SQLiteRecordDataSource`` over the table keeps its sections' counts current from what
/// changed instead of counting every row again (a `GROUP BY` over the whole table) after each
/// commit. Install it once, in a database the app may write to:
///
///     try SQLiteChangeLog.install(on: "track", sectionColumn: "album_id", in: database)
///     // … sources over `track` in sections by `album_id` now read the log …
///     try SQLiteChangeLog.remove(from: "track", in: database)  // triggers and log gone
///
/// The log is a table beside the app's (`tableview_changes_TABLE`): one row per row inserted,
/// deleted or updated, with its section's value before and after. The triggers drop entries
/// older than the latest 10,000, and a source that fell behind further counts again. A source
/// uses the log when its request is the whole table (no filter) and it has the log's section
/// column; otherwise (a read-only file, a query, a filter) it counts again after each commit.
public enum SQLiteChangeLog {
  /// The log's table for `table`.
  public static func logTable(for table: String) -> String { "tableview_changes_\(table)" }

  /// Entries the triggers keep (older ones are dropped as new ones come).
  public static let keptEntries = 10_000

  /// Creates the log and its triggers on `table` (replacing a log installed before), recording
  /// the value of `sectionColumn` (if any) before and after each change.
  /// - Throws: ``SQLiteRecordError/noSuchTable(_:)``, ``SQLiteRecordError/noSuchColumn(_:source:)``,
  ///   or ``SQLiteRecordError/writeFailed(_:message:)`` when the database refuses (read-only).
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
        let log = logTable(for: table).quotedDatabaseIdentifier
        let name = table.quotedDatabaseIdentifier
        let old = sectionColumn.map { "old.\($0.quotedDatabaseIdentifier)" } ?? "NULL"
        let new = sectionColumn.map { "new.\($0.quotedDatabaseIdentifier)" } ?? "NULL"
        let trigger = { (what: String) in "tableview_\(what)_\(table)".quotedDatabaseIdentifier }
        try db.execute(
          sql: """
            CREATE TABLE IF NOT EXISTS tableview_change_logs(
              table_name TEXT PRIMARY KEY NOT NULL, section_column TEXT);
            INSERT OR REPLACE INTO tableview_change_logs(table_name, section_column) VALUES (?, ?);
            CREATE TABLE \(log)(seq INTEGER PRIMARY KEY AUTOINCREMENT, old_section, new_section, inserted, deleted);
            CREATE TRIGGER \(trigger("insert")) AFTER INSERT ON \(name) BEGIN
              INSERT INTO \(log)(old_section, new_section, inserted, deleted) VALUES (NULL, \(new), 1, 0);
            END;
            CREATE TRIGGER \(trigger("delete")) AFTER DELETE ON \(name) BEGIN
              INSERT INTO \(log)(old_section, new_section, inserted, deleted) VALUES (\(old), NULL, 0, 1);
            END;
            CREATE TRIGGER \(trigger("update")) AFTER UPDATE ON \(name) BEGIN
              INSERT INTO \(log)(old_section, new_section, inserted, deleted) VALUES (\(old), \(new), 1, 1);
            END;
            CREATE TRIGGER \(trigger("prune")) AFTER INSERT ON \(log) WHEN new.seq % 1000 = 0 BEGIN
              DELETE FROM \(log) WHERE seq <= new.seq - \(keptEntries);
            END;
            """, arguments: [table, sectionColumn])
      }
    } catch let error as SQLiteRecordError {
      throw error
    } catch {
      throw .writeFailed("installing the change log on \"\(table)\"", message: "\(error)")
    }
  }

  /// Removes the log and the triggers from `table` (nothing if none is installed).
  /// - Throws: ``SQLiteRecordError/writeFailed(_:message:)`` when the database refuses.
  public static func remove(from table: String, in writer: some DatabaseWriter) throws(SQLiteRecordError) {
    do {
      try writer.write { db in try drop(table, db) }
    } catch {
      throw .writeFailed("removing the change log from \"\(table)\"", message: "\(error)")
    }
  }

  private static func drop(_ table: String, _ db: Database) throws {
    for what in ["insert", "delete", "update", "prune"] {
      try db.execute(sql: "DROP TRIGGER IF EXISTS \("tableview_\(what)_\(table)".quotedDatabaseIdentifier)")
    }
    try db.execute(sql: "DROP TABLE IF EXISTS \(logTable(for: table).quotedDatabaseIdentifier)")
    if try db.tableExists("tableview_change_logs") {
      try db.execute(sql: "DELETE FROM tableview_change_logs WHERE table_name = ?", arguments: [table])
    }
  }

  /// The log a request can use: the whole table, no filter, the log's section column.
  static func log(for request: SQLiteRecordRequest, _ db: Database) throws -> String? {
    guard case .table(let table) = request.source, request.filter == nil,
      try db.tableExists("tableview_change_logs"), try db.tableExists(logTable(for: table)),
      let row = try Row.fetchOne(
        db, sql: "SELECT section_column FROM tableview_change_logs WHERE table_name = ?", arguments: [table])
    else { return nil }
    let column: String? = row[0]
    return column?.lowercased() == request.sectionColumn?.lowercased() ? logTable(for: table) : nil
  }
}
