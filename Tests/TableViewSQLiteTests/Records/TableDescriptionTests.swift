import Foundation
import GRDB
import TableViewCore
import TableViewTesting
import Testing

@testable import TableViewSQLite

@Suite("Records: describing any database")
struct TableDescriptionTests {
  /// A database of the shapes a browser meets: a rowid table with an INTEGER PRIMARY KEY and an index, a
  /// WITHOUT ROWID table, a table with a two-column key, a view, a full-text table (with its shadow tables), and a
  /// table whose name merely ends like a shadow table's.
  func makeDatabase() throws -> (DatabaseQueue, URL) {
    let folder = try Fixture.temporaryFolder()
    let database = try DatabaseQueue(path: folder.appendingPathComponent("any.sqlite").path)
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE orders(id INTEGER PRIMARY KEY, placed TEXT NOT NULL, total REAL, note);
          CREATE INDEX orders_by_placed ON orders(placed, id);
          CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
          CREATE TABLE line(order_id INTEGER, n INTEGER, item TEXT, PRIMARY KEY (order_id, n)) WITHOUT ROWID;
          CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100;
          CREATE VIRTUAL TABLE notes USING fts5(body);
          CREATE TABLE orders_data(x);
          INSERT INTO orders(placed, total, note) VALUES ('2026-01-01', 150, NULL), ('2026-01-02', 5, 'gift');
          """)
    }
    return (database, folder)
  }

  @Test("tables and views by name, each with its columns, its key and the columns an index sorts by")
  func describesEverything() throws {
    let (database, folder) = try makeDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tables = try database.read { db in try SQLiteTableDescription.all(in: db) }
    #expect(tables.map(\.name) == ["big_orders", "country", "line", "notes", "orders", "orders_data"])
    let orders = try #require(tables.first { $0.name == "orders" })
    #expect(orders.kind == .table && orders.key == .rowID)
    #expect(orders.columns.map(\.name) == ["id", "placed", "total", "note"])
    #expect(orders.columns.map(\.declaredType) == ["INTEGER", "TEXT", "REAL", ""])
    #expect(orders.columns.map(\.isNotNull) == [false, true, false, false])
    #expect(orders.isIndexed("placed") && orders.isIndexed("ID") && !orders.isIndexed("total"))
    let country = try #require(tables.first { $0.name == "country" })
    #expect(country.key == .column("code") && country.isIndexed("code"))
    #expect(tables.first { $0.name == "line" }?.key == nil, "a two-column key without a rowid: no single key")
    let view = try #require(tables.first { $0.name == "big_orders" })
    #expect(view.kind == .view && view.key == nil && view.request() == nil)
    #expect(view.columns.count == 4)
  }

  @Test("a described table's request opens in a records source: sorted by an index, or by a scan with a warning")
  func requestOpens() throws {
    let (database, folder) = try makeDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let orders = try database.read { db in try SQLiteTableDescription.describe("orders", in: db) }
    for (ordering, warns) in [(SQLiteRecordRequest.Ordering.ascending("placed"), false), (.ascending("total"), true)] {
      let table = TableView()
      table.register({ ValueCell<[DatabaseValue]> { _, _ in 1 } }, forCellReuseIdentifier: "row")
      table.viewportSize = Size(width: 80, height: 10)
      table.rowHeight = 1
      // Any table's rows, as their values (a browser's record).
      let source = try SQLiteRecordDataSource<[DatabaseValue]>(
        database: database, request: try #require(orders.request(sortedBy: ordering)), tableView: table,
        reuseIdentifier: "row", placeholderHeight: 1, record: { Array($0.databaseValues) },
        configure: { cell, values in (cell as? ValueCell<[DatabaseValue]>)?.value = values })
      while source.hasWorkInProgress {
        _ = source.waitForBackgroundWork(timeout: 60)
        source.processUpdates()
        table.layoutIfNeeded()
      }
      #expect(source.warnings.isEmpty == !warns, "\(ordering)")
      let shown = table.indexPathsForVisibleRows.compactMap { source.record(at: $0)?.first }
      // By date: order 1 first; by total (5 before 150): order 2 first.
      #expect(shown == (warns ? [2.databaseValue, 1.databaseValue] : [1.databaseValue, 2.databaseValue]))
    }
    let missing = #expect(throws: SQLiteRecordError.self) {
      try database.read { db in try SQLiteTableDescription.describe("nothing", in: db) }
    }
    #expect(missing == .noSuchTable("nothing"))
  }
}
