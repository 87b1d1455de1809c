import Foundation
import GRDB

/// Row heights per width, kept in a database of their own so that the next launch shows
/// measured rows at their height at once, and the app's database is never written.
///
/// Give one to a ``SQLiteRecordDataSource`` (its `rowHeights`) and forward the table's height
/// question to the source:
///
///     let heights = try SQLiteRowHeightStore()  // ~/.cache/SwiftTableView/row-heights.sqlite
///     let source = try SQLiteRecordDataSource<Issue>(
///       database: database, request: request, tableView: table, reuseIdentifier: "issue",
///       rowHeights: heights) { cell, issue in … }
///     // In the table's delegate:
///     func tableView(_ t: TableView, heightForRowAt p: IndexPath) -> Double { source.height(forRowAt: p) }
///
/// A height is stored for a row's key at a width, with a fingerprint of the row's values: a row
/// edited since (by any program, while the app was closed too) is measured again, never shown at
/// an old height. Heights are kept apart per database file (its path and inode: a file replaced
/// by another starts afresh), per source (table or query, and key), per reuse identifier, and per
/// ``layoutVersion``: change the version when the cells' layout changes (a new font, a new
/// design), and every row is measured again.
///
/// The store's own file is in WAL mode; reads and writes run on the source's background queues.
public final class SQLiteRowHeightStore: Sendable {
  /// The store's file.
  public let path: String
  /// The version of the cells' layout the heights belong to.
  public let layoutVersion: String
  let database: DatabaseQueue

  /// The folder a store goes in by default: `$XDG_CACHE_HOME/SwiftTableView`, else
  /// `~/.cache/SwiftTableView` (the user's caches folder on macOS).
  public static var defaultDirectory: String {
    let environment = ProcessInfo.processInfo.environment
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return (cache as NSString).appendingPathComponent("SwiftTableView")
    }
    let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
    let base = caches?.path ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
    return (base as NSString).appendingPathComponent("SwiftTableView")
  }

  /// Opens (or creates) `row-heights.sqlite` in `directory` (created if missing).
  /// - Parameters:
  ///   - directory: the folder of the store's file (``defaultDirectory`` by default).
  ///   - layoutVersion: the version of the cells' layout: heights stored under another version
  ///     are not used.
  /// - Throws: ``SQLiteRecordError/cannotOpen(path:message:)`` when the folder or the file
  ///   cannot be created or opened, or the file is not a store.
  public init(directory: String? = nil, layoutVersion: String = "") throws(SQLiteRecordError) {
    let folder = directory ?? Self.defaultDirectory
    let path = (folder as NSString).appendingPathComponent("row-heights.sqlite")
    self.path = path
    self.layoutVersion = layoutVersion
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      var configuration = Configuration()
      configuration.label = "TableViewSQLite.heights"
      configuration.busyMode = .timeout(5)
      database = try DatabaseQueue(path: path, configuration: configuration)
      try database.writeWithoutTransaction { db in
        _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        try db.execute(
          sql: """
            CREATE TABLE IF NOT EXISTS tableview_scope(id INTEGER PRIMARY KEY, identity TEXT NOT NULL UNIQUE);
            CREATE TABLE IF NOT EXISTS tableview_height(
              scope INTEGER NOT NULL, key NOT NULL, width REAL NOT NULL, height REAL NOT NULL,
              fingerprint INTEGER NOT NULL, PRIMARY KEY (scope, key, width)) WITHOUT ROWID;
            """)
      }
    } catch {
      throw SQLiteRecordError.cannotOpen(path: path, message: "the row height store: \(error)")
    }
  }

  /// The number of heights stored, for every database and source.
  public func count() throws(SQLiteRecordError) -> Int {
    do {
      return try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tableview_height") ?? 0 }
    } catch {
      throw SQLiteRecordError(error, source: "the row height store")
    }
  }

  /// Forgets every height stored.
  public func removeAll() throws(SQLiteRecordError) {
    do {
      try database.write { db in try db.execute(sql: "DELETE FROM tableview_height; DELETE FROM tableview_scope") }
    } catch {
      throw SQLiteRecordError(error, source: "the row height store")
    }
  }

  /// The id of the heights of `identity` (created on first use).
  func scope(_ identity: String) throws -> Int64 {
    try database.write { db in
      try db.execute(sql: "INSERT OR IGNORE INTO tableview_scope(identity) VALUES (?)", arguments: [identity])
      return try Int64.fetchOne(db, sql: "SELECT id FROM tableview_scope WHERE identity = ?", arguments: [identity])
        ?? 0
    }
  }

  /// The heights stored for `keys` in `scope`, each with the fingerprint it was measured with.
  func heights(scope: Int64, keys: [DatabaseValue]) throws -> [DatabaseValue: [(
    width: Double, height: Double, fingerprint: Int64
  )]] {
    guard !keys.isEmpty else { return [:] }
    return try database.read { db in
      var result: [DatabaseValue: [(width: Double, height: Double, fingerprint: Int64)]] = [:]
      let marks = Array(repeating: "?", count: keys.count).joined(separator: ",")
      let rows = try Row.fetchCursor(
        db, sql: "SELECT key, width, height, fingerprint FROM tableview_height WHERE scope = ? AND key IN (\(marks))",
        arguments: StatementArguments([scope.databaseValue] + keys))
      while let row = try rows.next() {
        result[row[0], default: []].append((row[1], row[2], row[3]))
      }
      return result
    }
  }

  /// Stores measured heights in `scope`, in one transaction.
  func store(_ heights: [RecordHeight], scope: Int64) throws {
    try database.write { db in
      let statement = try db.cachedStatement(
        sql: "INSERT OR REPLACE INTO tableview_height(scope, key, width, height, fingerprint) VALUES (?, ?, ?, ?, ?)")
      for height in heights {
        try statement.execute(arguments: [scope, height.key, height.width, height.height, height.fingerprint])
      }
    }
  }
}

/// A row's height measured at a width, to store.
struct RecordHeight: Sendable {
  var key: DatabaseValue
  var width: Double
  var height: Double
  var fingerprint: Int64
}
