import GRDB

/// Notices commits made by any other connection — this process's writer or another process —
/// by polling `PRAGMA data_version` on a connection of its own that never writes (SQLite changes
/// the value it reports whenever another connection committed). A poll is a few microseconds
/// and never waits for a writer (WAL).
final class DataVersionMonitor {
  private let connection: DatabaseQueue
  private var last: Int64?

  init(path: String) throws(PostStoreError) {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.label = "TableViewSQLite.monitor"
    do {
      connection = try DatabaseQueue(path: path, configuration: configuration)
      last = try connection.inDatabase { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") }
    } catch {
      throw PostStoreError.from(error, path: path, action: "opening the change monitor")
    }
  }

  /// Whether another connection committed since the last poll.
  func poll() throws(PostStoreError) -> Bool {
    let now: Int64?
    do {
      now = try connection.inDatabase { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") }
    } catch {
      throw PostStoreError.from(error, path: connection.path, action: "polling for changes")
    }
    defer { last = now }
    return now != last
  }
}
