import Foundation
import GRDB
import TableViewCore
import TestSupport
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

@Suite("Bad input") struct BadInputTests {
  @Test("a missing file is created; a missing folder is a clear error naming the file")
  func missing() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("new.sqlite").path
    let store = try PostStore(path: path)
    #expect(try store.sectionStates().isEmpty)
    #expect(FileManager.default.fileExists(atPath: path))
    let nowhere = folder.appendingPathComponent("no/such/folder/db.sqlite").path
    let error = #expect(throws: PostStoreError.self) { try PostStore(path: nowhere) }
    #expect(error?.kind == .cannotOpen)
    #expect(error?.description.contains(nowhere) == true)
  }

  @Test("an empty (0-byte) file is refused as not a SQLite database, not opened as an empty feed, and left empty")
  func emptyFile() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("empty.sqlite").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    for readOnly in [false, true] {
      let error = #expect(throws: PostStoreError.self) { try PostStore(path: path, readOnly: readOnly) }
      #expect(error?.kind == .corrupt)
      #expect(error?.message == "not a SQLite database: the file is empty (0 bytes)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test("a corrupt file is refused with a clear error and left as it was")
  func corrupt() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("corrupt.sqlite").path
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
    try garbage.write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: PostStoreError.self) { try PostStore(path: path) }
    #expect(error?.kind == .corrupt)
    #expect(error?.description.contains(path) == true)
    #expect(error?.description.contains("not a database") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
  }

  @Test("a read-only store refuses writes clearly; a table still reads it; opening a missing file read-only fails")
  func readOnly() throws {
    let fixture = try Fixture(posts: 50, sections: 1)
    let store = try PostStore(path: fixture.path, readOnly: true)
    let error = #expect(throws: PostStoreError.self) { try store.insert(section: 0, author: "a", body: "b") }
    #expect(error?.kind == .readOnly)
    #expect(error?.description.contains(fixture.path) == true)
    #expect(try store.sectionStates().map(\.count) == [50])
    let missing = fixture.folder.appendingPathComponent("absent.sqlite").path
    #expect(throws: PostStoreError.self) { try PostStore(path: missing, readOnly: true) }
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test("the immutable URI of a read-only file in an unwritable folder names the file, whatever its characters")
  func immutableURI() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("my feed 100%?#ü.sqlite").path
    try FeedDatabase.build(path: path, posts: 30, sections: 1)
    let uri = PostStore.immutableURI(path)
    #expect(uri.hasPrefix("file:/") && uri.hasSuffix("?immutable=1"))
    #expect(uri.contains("my%20feed%20100%25%3F%23%C3%BC.sqlite"), "\(uri)")
    var configuration = GRDB.Configuration()
    configuration.readonly = true
    let pool = try DatabasePool(path: uri, configuration: configuration)
    #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM post") } == 30)
  }

  @Test("a column renamed by another program: named once at open; while open, reads and writes say the schema changed")
  func lostColumn() throws {
    let fixture = try Fixture(posts: 40, sections: 1, pageSize: 10, cachedPages: 2)
    try fixture.settle()
    // Another program renames the body column (SQLite rewrites the triggers and the index with it).
    let other = try DatabaseQueue(path: fixture.path)
    try other.write { db in try db.execute(sql: "ALTER TABLE post RENAME COLUMN body TO text") }
    let write = #expect(throws: PostStoreError.self) {
      try fixture.store.insert(section: 0, author: "a", body: "b")
    }
    #expect(write?.kind == .schemaMismatch, "\(String(describing: write))")
    #expect(write?.message.contains("the database's schema was changed by another program") == true)
    #expect(write?.message.contains("body") == true)
    for readOnly in [false, true] {
      let open = #expect(throws: PostStoreError.self) { try PostStore(path: fixture.path, readOnly: readOnly) }
      #expect(open?.kind == .schemaMismatch)
      #expect(open?.message.hasPrefix("the database lacks what the feed needs: post.body (another program") == true)
    }
    // Nothing was changed by the attempts: the other program's column is there, with its rows.
    #expect(try other.read { db in try Int.fetchOne(db, sql: "SELECT count(text) FROM post") } == 40)
  }

  @Test("a database locked by another process: writes wait the busy timeout, then fail clearly; reads go on")
  func locked() async throws {
    let fixture = try Fixture(posts: 50, sections: 1)
    try fixture.settle()
    // The holder keeps the lock until it is stopped (far longer than the test).
    let holder = try await BackgroundProcess.holdingWriteLock(writer: try writerBinary.path(), database: fixture.path)
    defer { holder.stop() }
    let store = try PostStore(path: fixture.path, busyTimeout: 0.2)
    let start = Date()
    let error = #expect(throws: PostStoreError.self) { try store.insert(section: 0, author: "a", body: "b") }
    #expect(Date().timeIntervalSince(start) >= 0.2)
    #expect(error?.kind == .locked)
    #expect(error?.description.contains(fixture.path) == true)
    // Reading is not blocked (WAL), and the table scrolls on.
    fixture.table.scroll(by: 300)
    try fixture.settle()
    #expect(try fixture.mismatches() == [])
    holder.stop()
  }

  @Test("a writer killed in the middle of a transaction leaves nothing of it: counts, contents, integrity")
  func writerDiesMidTransaction() throws {
    let fixture = try Fixture(posts: 80, sections: 1)
    try fixture.settle()
    let before = try fixture.store.posts(inSection: 0)
    let result = try run(try writerBinary.path(), ["crash", fixture.path, "500"], timeout: 60)
    #expect(result.standardOutput.contains("dying"))
    #expect(result.status != 0)
    try fixture.settle()
    #expect(fixture.table.numberOfRows(inSection: 0) == 80)
    #expect(try fixture.store.posts(inSection: 0) == before)
    let reopened = try PostStore(path: fixture.path)
    #expect(try reopened.posts(inSection: 0) == before)
    #expect(try reopened.integrityCheck() == ["ok"])
    #expect(try fixture.mismatches() == [])
  }
}
