import Foundation
import GRDB

/// A temporary index that sorts a table by a column no index of the app's file serves, built in a side file
/// (never in the app's file): each row's key at its place in the order, so that a ``SQLiteRecordDataSource`` pages
/// the whole sorted order by keyset instead of sorting every page by a scan.
///
///     let index = try SQLiteSortIndex(databasePath: path, table: "orders", ordering: .ascending("total"))
///     index.start()                      // off the caller's thread
///     // …poll index.state: .building(fraction:) for a progress bar, then .ready:
///     let reader = try index.makeReader() // the app's file, read-only, with the side file attached
///     let source = try SQLiteRecordDataSource<Row>(database: reader, request: index.request, …)
///
/// The side file holds one table, `sorted(position INTEGER PRIMARY KEY, key)`, filled by one
/// `INSERT … SELECT key FROM table ORDER BY column, key`: a row's position is its rank (from 1), so the sorted
/// rows are read by position from the side table, each joined to its row of the app's table by key. The order is
/// exactly the one a scan gives (``SQLiteRecordRequest`` with the same ordering): NULLs first going up and last
/// going down, the column's collation, ties broken by the key going up, in both directions.
///
/// The index is the table as it was when it was built: ``isCurrent`` says whether another connection has committed
/// to the app's file since. An app shows the rows through the index only while it is current and falls back to the
/// scan order (or builds it again) when it is not: the rows through a stale index may be missing, in a wrong place
/// or deleted.
///
/// The side file is removed when the index is cancelled, fails, or is released, and its name once a reader has it
/// open; a file left by an app killed while building is removed by the next index built in the same folder.
public final class SQLiteSortIndex: Sendable {
  /// Where the building is.
  public enum State: Sendable, Equatable {
    /// Being built: the fraction done so far (an estimate, from 0 to 1: the rows read, then the time the sort is
    /// expected to take).
    case building(fraction: Double)
    /// Built: ``request`` reads the sorted rows through ``makeReader()``.
    case ready
    /// Not built: the side folder cannot be written, the disk is full, the table cannot be read. The side file
    /// is removed; the scan order is unaffected.
    case failed(SQLiteRecordError)
    /// Cancelled (``cancel()``) before it was built; the side file is removed.
    case cancelled
  }

  /// The schema name the side file is attached under, on the builder's and the reader's connections.
  static let sideSchema = "tableview_sort"
  /// The schema name the app's file is attached under on the builder's connection.
  static let sourceSchema = "tableview_source"
  /// The column of each sorted row that holds the row's key in the app's table (its rowid, or its key column's value).
  public static let keyColumn = "tableview_sort_key"
  /// The column of each sorted row that holds its position (from 1), the key of ``request``.
  public static let positionColumn = "tableview_position"

  /// The app's database file.
  public let databasePath: String
  /// The table sorted.
  public let table: String
  /// What tells the table's rows apart (the rowid, or a unique column).
  public let key: SQLiteRecordRequest.Key
  /// The order: one column, a direction.
  public let ordering: SQLiteRecordRequest.Ordering
  /// The side file.
  public let path: String
  private let progress = Locked(Progress())
  private let builder = Locked<DatabaseQueue?>(nil)

  /// What the builder has done, guarded by `progress`.
  private struct Progress: Sendable {
    var state = State.building(fraction: 0)
    var isCancelled = false
    var rowCount = 0
    var rowsRead = 0
    var readStart: Date?
    /// When the last of the counted rows was read.
    var lastRead: Date?
    /// The app's file's `PRAGMA data_version` on the builder's connection when the rows were read.
    var dataVersion: Int?
  }

  /// An index of `table` in `ordering` (the key breaking ties), to be built in a new file in `folder` (by default
  /// the temporary folder). Nothing is read or written until ``start()`` or ``build()``.
  public init(
    databasePath: String, table: String, key: SQLiteRecordRequest.Key = .rowID,
    ordering: SQLiteRecordRequest.Ordering, folder: URL = FileManager.default.temporaryDirectory
  ) {
    self.databasePath = databasePath
    self.table = table
    self.key = key
    self.ordering = ordering
    path = folder.appendingPathComponent("\(Self.filePrefix)\(getpid())-\(UUID().uuidString).sqlite").path
  }

  /// The side files' names: the prefix, the process's id, a UUID.
  static let filePrefix = "tableview-sort-"

  /// Removes the side files in `folder` left by processes that no longer run (killed while building).
  static func removeLeftovers(in folder: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(filePrefix) {
      guard let pid = Int32(name.dropFirst(filePrefix.count).prefix { $0 != "-" }), pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
    }
  }

  deinit {
    cancel()
    removeFiles()
  }

  /// Where the building is.
  public var state: State { progress.withLock { Self.state(of: $0, now: Date()) } }

  /// The fraction built, from 0 to 1 (1 once ready; 0 when failed or cancelled).
  public var fractionCompleted: Double {
    switch state {
    case .building(let fraction): fraction
    case .ready: 1
    case .failed, .cancelled: 0
    }
  }

  /// Builds the index on a background queue; ``state`` follows it.
  public func start() {
    DispatchQueue.global(qos: .userInitiated).async { self.build() }
  }

  /// Builds the index on the caller's thread (it reads the whole table: seconds at 10⁷ rows), and returns its
  /// state: ``State/ready``, ``State/failed(_:)`` or ``State/cancelled``.
  @discardableResult
  public func build() -> State {
    do {
      try buildIndex()
      return progress.withLock { progress in
        if progress.isCancelled { progress.state = .cancelled } else { progress.state = .ready }
        return progress.state
      }
    } catch {
      builder.withLock { $0 = nil }
      removeFiles()
      return progress.withLock { progress in
        progress.state = progress.isCancelled ? .cancelled : .failed(error)
        return progress.state
      }
    }
  }

  /// Stops the building (a new sort, a closed table): the index is ``State/cancelled`` and its side file removed.
  /// A built index is released the same way.
  public func cancel() {
    let wasReady = progress.withLock { progress in
      let ready = progress.state == .ready
      progress.isCancelled = true
      if ready { progress.state = .cancelled }
      return ready
    }
    builder.withLock { $0?.interrupt() }
    if wasReady {
      builder.withLock { $0 = nil }
      removeFiles()
    }
  }

  /// Whether the index is built and no connection has committed to the app's file since its rows were read
  /// (`PRAGMA data_version`: any change, to any table). Cheap: a pragma on the builder's connection.
  public var isCurrent: Bool {
    guard state == .ready, let version = progress.withLock({ $0.dataVersion }) else { return false }
    let current = builder.withLock { builder in
      try? builder?.read { db in try Int.fetchOne(db, sql: "PRAGMA \(Self.sourceSchema).data_version") }
    }
    return current == version
  }

  /// The sorted rows, read through ``makeReader()``: the table's columns, then ``keyColumn`` (the row's key in the
  /// table) and ``positionColumn`` (the row's position from 1, the request's key: a source opened at
  /// `.key(position)` opens at that row).
  public var request: SQLiteRecordRequest {
    var request = SQLiteRecordRequest(
      sql: """
        SELECT t.*, s.key AS \(Self.keyColumn), s.position AS \(Self.positionColumn) \
        FROM \(Self.sideSchema).sorted AS s LEFT JOIN main.\(table.quotedDatabaseIdentifier) AS t \
        ON t.\(keyExpression) = s.key
        """,
      key: .column(Self.positionColumn))
    // The position is an INTEGER PRIMARY KEY: never NULL, and its keyset a range of the side table.
    request.notNullColumns = [Self.positionColumn]
    // Counts and positions from the side table alone: a range of its rowids, no row of the app's table read.
    request.keysSource = "SELECT position AS \(Self.positionColumn) FROM \(Self.sideSchema).sorted"
    return request
  }

  /// A new read-only connection to the app's file with the side file attached, to read ``request`` through (a
  /// records source over it notices the app's file's changes as over any connection). Once one is made, the side
  /// file's name is removed from its folder (the open connections keep reading it; the system frees it when the
  /// last is closed, even if the app is killed): make one per index.
  /// - Throws: ``SQLiteRecordError/cannotOpen(path:message:)`` when a file cannot be opened.
  public func makeReader() throws(SQLiteRecordError) -> DatabaseQueue {
    var configuration = Configuration()
    configuration.readonly = true
    let side = path
    configuration.prepareDatabase { db in
      try db.execute(sql: "ATTACH DATABASE ? AS \(Self.sideSchema)", arguments: [side])
    }
    let reader: DatabaseQueue
    do {
      reader = try DatabaseQueue(path: databasePath, configuration: configuration)
    } catch {
      throw .cannotOpen(path: databasePath, message: "\(error)")
    }
    // Its connections hold the side file open: its name goes now, so that an app killed later leaves nothing.
    removeFiles()
    return reader
  }

  // MARK: Building

  private var keyExpression: String {
    switch key {
    case .rowID: "rowid"
    case .column(let name): name.quotedDatabaseIdentifier
    }
  }

  private func buildIndex() throws(SQLiteRecordError) {
    Self.removeLeftovers(in: (path as NSString).deletingLastPathComponent)
    let queue: DatabaseQueue
    do {
      var configuration = Configuration()
      configuration.journalMode = .default
      queue = try DatabaseQueue(path: path, configuration: configuration)
    } catch {
      throw .cannotOpen(path: path, message: Self.message(error))
    }
    let cancelled = builder.withLock { builder in
      builder = queue
      return progress.withLock { $0.isCancelled }
    }
    if cancelled { throw .queryFailed("", message: "cancelled") }
    let source = Self.sourceSchema
    let name = table.quotedDatabaseIdentifier
    let key = keyExpression
    let order = "\(ordering.column.quotedDatabaseIdentifier) \(ordering.isDescending ? "DESC" : "ASC"), \(key) ASC"
    // Called for about one row in 4,096 (the keys whose low bits are 0; every row for a key that is not an
    // integer): counts the rows read, and stops the statement once cancelled.
    let counter = DatabaseFunction("tableview_sort_progress", argumentCount: 1, pure: false) {
      [progress] _ in
      try progress.withLock { progress in
        if progress.isCancelled { throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "cancelled") }
        progress.rowsRead += 4096
        progress.lastRead = Date()
        return true
      }
    }
    var sql = ""
    do {
      try queue.writeWithoutTransaction { db in
        // The side file is scratch: no journal, no syncing; a crash leaves a file the next index does not use.
        sql = "PRAGMA journal_mode = OFF"
        try db.execute(sql: sql)
        sql = "PRAGMA synchronous = OFF"
        try db.execute(sql: sql)
        sql = "ATTACH DATABASE ? AS \(source)"
        // Read-only: the URI's mode. Without URI support SQLite would name a file `file:…`: refused below.
        let uri = "file:" + databasePath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)! + "?mode=ro"
        try db.execute(sql: sql, arguments: [uri])
        let attached = try Row.fetchAll(db, sql: "PRAGMA database_list").first { $0["name"] == source }
        let file: String? = attached?["file"]
        guard let file, file.hasSuffix((databasePath as NSString).lastPathComponent), !file.contains("?mode") else {
          throw DatabaseError(message: "the file could not be attached read-only")
        }
        db.add(function: counter)
        sql = "CREATE TABLE sorted(position INTEGER PRIMARY KEY, key)"
        try db.execute(sql: sql)
        try db.inTransaction(.deferred) {
          // The count and the rows from one snapshot of the app's file, and its version then.
          sql = "SELECT COUNT(*) FROM \(source).\(name)"
          let count = try Int.fetchOne(db, sql: sql) ?? 0
          let version = try Int.fetchOne(db, sql: "PRAGMA \(source).data_version")
          progress.withLock { progress in
            progress.rowCount = count
            progress.dataVersion = version
            progress.readStart = Date()
          }
          sql = """
            INSERT INTO sorted(key) SELECT \(key) FROM \(source).\(name) \
            WHERE (\(key) & 4095) <> 0 OR tableview_sort_progress(\(key)) ORDER BY \(order)
            """
          try db.execute(sql: sql)
          return .commit
        }
      }
    } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
      throw .queryFailed("", message: "cancelled")
    } catch {
      throw .queryFailed(sql, message: Self.message(error))
    }
  }

  /// SQLite's message for a GRDB error, else the error's description.
  private static func message(_ error: any Error) -> String {
    (error as? DatabaseError)?.message ?? "\(error)"
  }

  /// The state, the building's fraction estimated from the rows read (the first half), then from the time the
  /// reading took (the sort and the writing take about as long).
  private static func state(of progress: Progress, now: Date) -> State {
    guard case .building = progress.state else { return progress.state }
    guard let start = progress.readStart, progress.rowCount > 0 else { return .building(fraction: 0) }
    let read = min(1, Double(progress.rowsRead) / Double(progress.rowCount))
    guard read >= 0.99, let end = progress.lastRead else { return .building(fraction: 0.5 * read) }
    let reading = max(0.001, end.timeIntervalSince(start))
    return .building(fraction: 0.5 + 0.5 * min(0.98, max(0, now.timeIntervalSince(end)) / reading))
  }

  private func removeFiles() {
    for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  }
}
