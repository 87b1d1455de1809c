import Foundation
import GRDB
import Testing

@testable import DemoDatabase

// The files both browsers (`--open FILE`) meet: one encrypted (random bytes to SQLite), one corrupt, one locked by
// another connection, one of 10 GB. Each a clear sentence naming the file, or opened at once; never written.

@Suite("The browsers' files") struct BrowserFileTests {
  /// A small orders table in a new file of `folder`.
  func ordersFile(in folder: URL, named name: String = "orders.sqlite") throws -> String {
    let path = folder.appendingPathComponent(name).path
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE orders(id INTEGER PRIMARY KEY, placed TEXT NOT NULL, total REAL, note TEXT);
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
          INSERT INTO orders SELECT i, printf('2026-01-%02d', 1 + i % 28), i * 1.5, 'note ' || i FROM n;
          """)
    }
    try queue.close()
    return path
  }

  /// Opening `path` is refused with a sentence that starts with the path and says one of `reasons`.
  func expectRefused(
    _ path: String, saying reasons: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = #expect(throws: BrowserFileError.self, sourceLocation: sourceLocation) { try BrowserFile(path: path) }
    let sentence = error?.description ?? ""
    #expect(sentence.hasPrefix(path), "\(sentence)", sourceLocation: sourceLocation)
    #expect(reasons.contains { sentence.contains($0) }, "\(sentence)", sourceLocation: sourceLocation)
  }

  @Test("an encrypted file (random bytes to SQLite) is refused as not a database, and left as it was")
  func encrypted() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("secret.sqlite").path
    // What SQLCipher leaves: no "SQLite format 3" header, pages of noise.
    var generator = SystemRandomNumberGenerator()
    let bytes = Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
    try bytes.write(to: URL(fileURLWithPath: path))
    expectRefused(path, saying: ["not a database"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "never written")
  }

  @Test("a corrupt file (its schema page overwritten) is refused with a sentence naming it, and left as it was")
  func corrupt() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try ordersFile(in: folder)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    // The header stays (it is still a SQLite file); the schema's page after it is noise.
    for i in 100..<min(4_096, bytes.count) { bytes[i] = UInt8(truncatingIfNeeded: i &* 131 &+ 7) }
    try bytes.write(to: URL(fileURLWithPath: path))
    expectRefused(path, saying: ["malformed", "not a database"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "never written")
  }

  @Test("a file another connection holds locked is refused saying so; once released it opens")
  func locked() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try ordersFile(in: folder)
    // Another program in the middle of a write, in the rollback journal's mode: readers are kept out.
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true  // the transaction stays open between the two accesses
    let writer = try DatabaseQueue(path: path, configuration: configuration)
    try writer.inDatabase { db in
      try db.execute(sql: "BEGIN EXCLUSIVE; UPDATE orders SET note = 'changing' WHERE id = 1")
    }
    expectRefused(path, saying: ["locked"])
    try writer.inDatabase { db in try db.execute(sql: "ROLLBACK") }
    let file = try BrowserFile(path: path)
    #expect(file.tables.map(\.name) == ["orders"])
  }

  @Test("a 10 GB file opens: its tables listed and its ends sampled by two short reads")
  func huge() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try ordersFile(in: folder, named: "huge.sqlite")
    // 10 GB on the disk's books, nothing written past the database (a sparse file: the test takes no space).
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 10 << 30)
    try handle.close()
    #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 10 << 30)
    let file = try BrowserFile(path: path)
    let table = try file.table(named: "orders")
    let sample = file.sample(of: table)
    // The first 30 rows and the last 30 by key: two short reads from the ends.
    #expect(sample.count == 60)
    #expect(sample.first?.first == 1.databaseValue && sample.last?.first == 1971.databaseValue)
  }

  @Test("a table with an FTS5 table of its rows is filtered through it, each typed word a prefix; others by LIKE")
  func fullTextFilter() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try ordersFile(in: folder)
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE other(id INTEGER PRIMARY KEY, note TEXT);
          CREATE VIRTUAL TABLE orders_fts USING fts5(note, content='orders', content_rowid='id');
          INSERT INTO orders_fts(orders_fts) VALUES('rebuild');
          CREATE VIRTUAL TABLE other_fts USING fts5(note, content="other");
          """)
    }
    try queue.close()
    let file = try BrowserFile(path: path)
    let orders = try file.table(named: "orders")
    #expect(file.fullTextTable(of: orders) == "orders_fts")
    #expect(file.fullTextTable(of: try file.table(named: "other")) == "other_fts", "content_rowid: the rowid")
    let request = try #require(
      BrowserQuery.request(for: orders, ordering: nil, filter: "note 12", fullTextTable: "orders_fts"))
    #expect(request.filter?.fullTextTable == "orders_fts")
    #expect(request.filter?.text == #""note"* "12"*"#)
    // The rows it keeps: "note 12", "note 120"…"note 129", "note 1200"…"note 1299".
    let found = try file.database.read { db in
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM orders_fts WHERE orders_fts MATCH ?", arguments: [request.filter?.text])
    }
    #expect(found == 111)
    // Quotes typed are the text's own; spaces alone filter nothing.
    #expect(BrowserQuery.fullTextQuery(#"say "hi""#) == #""say"* """hi"""*"#)
    #expect(BrowserQuery.fullTextQuery("  ") == nil)
    let plain = try #require(BrowserQuery.request(for: orders, ordering: nil, filter: "note 12"))
    #expect(plain.filter?.fullTextTable == nil && plain.filter?.columns == ["placed", "note"])
  }
}
