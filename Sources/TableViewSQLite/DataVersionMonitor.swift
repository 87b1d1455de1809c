import GRDB

/// Notices commits made by any other connection — this process's writer or another process —
/// by polling `PRAGMA data_version` on a connection of its own that never writes (SQLite changes
/// the value it reports whenever another connection committed). A poll is a few microseconds
/// and never waits for a writer (WAL).
package final class DataVersionMonitor {
  private let connection: DatabaseQueue
  private var last: Int64?

  /// Opens the monitor's read-only connection; throws GRDB's `DatabaseError` when it cannot.
  package init(path: String) throws {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.label = "TableViewSQLite.monitor"
    connection = try DatabaseQueue(path: path, configuration: configuration)
    last = try connection.inDatabase { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") }
  }

  /// The path the monitor's connection opened.
  package var path: String { connection.path }

  /// Whether another connection committed since the last poll.
  /// Throws GRDB's `DatabaseError` when the poll fails.
  package func poll() throws -> Bool {
    let now = try connection.inDatabase { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") }
    defer { last = now }
    return now != last
  }
}
