import Foundation
import GRDB
@_spi(Backend) import TableViewCore
import TestSupport
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

/// Another program deletes or replaces the open database file, or deletes its write-ahead log: the store writes no
/// more (nothing into a deleted file, nothing into the file that took its place), says so plainly, and the table keeps
/// what it shows.
@Suite("The file deleted or replaced while open") struct FileReplacedTests {
  /// The rows the table shows, by id.
  func shownIDs(_ fixture: Fixture) -> [Int64?] {
    (0..<fixture.table.numberOfRows(inSection: 0)).map { fixture.source.postID(at: IndexPath(row: $0, section: 0)) }
  }

  /// Expects `write` to be refused with `.fileDeletedOrReplaced` and `message`.
  func expectRefused(_ message: String, _ write: () throws(PostStoreError) -> Void) {
    do {
      try write()
      Issue.record("the write was not refused")
    } catch {
      #expect(error.kind == .fileDeletedOrReplaced)
      #expect(error.message == message)
    }
  }

  /// Runs the owner's hook a few times; the file errors it reported.
  func fileErrors(_ fixture: Fixture) -> [PostStoreError] {
    for _ in 0..<3 {
      _ = fixture.source.waitForBackgroundWork(timeout: 60)
      fixture.source.processUpdates()
    }
    return fixture.source.reportedErrors.filter { $0.kind == .fileDeletedOrReplaced }
  }

  @Test("deleted (rm): the next write is refused, not written into the unlinked file; the table keeps its rows")
  func deleted() throws {
    let fixture = try Fixture(posts: 60, sections: 1)
    try fixture.settle()
    let before = shownIDs(fixture)
    #expect(unlink(fixture.path) == 0)
    expectRefused("posts.sqlite was deleted by another program; your last change was not saved") {
      () throws(PostStoreError) in
      try fixture.store.insert(section: 0, author: "ours", body: "lost with the file", at: .top)
    }
    let errors = fileErrors(fixture)
    #expect(errors.count == 1, "said once: \(errors)")
    #expect(errors.first?.message == "posts.sqlite was deleted by another program; no more changes are saved")
    #expect(shownIDs(fixture) == before)
    // Still refused later, whatever comes back at the path.
    expectRefused("posts.sqlite was deleted by another program; your last change was not saved") {
      () throws(PostStoreError) in try fixture.store.edit(id: 1, body: "edited")
    }
  }

  @Test("replaced (rename over it), then written by another process: ours are refused and the new file stays sound")
  func replaced() throws {
    let fixture = try Fixture(posts: 60, sections: 1)
    try fixture.settle()
    let before = shownIDs(fixture)
    // Another program builds a file of its own and moves it over ours (`mv new.sqlite posts.sqlite`).
    let other = fixture.folder.appendingPathComponent("other.sqlite").path
    do {
      let store = try PostStore(path: other)
      try PostGenerator.fill(store, posts: 30, sections: 1)
    }
    #expect(rename(other, fixture.path) == 0)
    let result = try run(try writerBinary.path(), ["write", fixture.path, "20", "7"], timeout: 60)
    #expect(result.status == 0, "\(result.standardError)")
    expectRefused("posts.sqlite was replaced by another program; your last change was not saved") {
      () throws(PostStoreError) in
      try fixture.store.insert(section: 0, author: "ours", body: "not for the new file", at: .top)
    }
    #expect(fileErrors(fixture).count == 1)
    #expect(shownIDs(fixture) == before, "the table keeps what it showed, no rows of the other file")
    // Another process's writes go on into the new file, which stays sound and has nothing of ours.
    let again = try run(try writerBinary.path(), ["write", fixture.path, "20", "8"], timeout: 60)
    #expect(again.status == 0, "\(again.standardError)")
    let check = try DatabaseQueue(path: fixture.path)
    let (integrity, ours) = try check.read { db in
      (
        try String.fetchAll(db, sql: "PRAGMA integrity_check"),
        try Int.fetchOne(db, sql: "SELECT count(*) FROM post WHERE author = 'ours'")
      )
    }
    #expect(integrity == ["ok"])
    #expect(ours == 0)
  }

  @Test("its write-ahead log deleted: writes are refused (their commits would never reach the file)")
  func logDeleted() throws {
    let fixture = try Fixture(posts: 60, sections: 1)
    try fixture.settle()
    let before = shownIDs(fixture)
    #expect(unlink(fixture.path + "-wal") == 0)
    let message =
      "posts.sqlite-wal (its write-ahead log) was deleted by another program; your last change was not saved"
    expectRefused(message) { () throws(PostStoreError) in
      try fixture.store.insert(section: 0, author: "ours", body: "into a deleted log", at: .top)
    }
    // A second connection opening the file makes a new log, or fails ("disk I/O error": SQLite's shared memory
    // still counts the deleted log's frames); either way ours stays refused.
    _ = try? PostStore(path: fixture.path).sectionStates()
    expectRefused(message) { () throws(PostStoreError) in try fixture.store.delete(id: 1) }
    #expect(fileErrors(fixture).count == 1)
    #expect(shownIDs(fixture) == before)
  }

  @Test("untouched, the check passes: writes, checkpoints and other connections are not mistaken for a change")
  func untouched() throws {
    let fixture = try Fixture(posts: 60, sections: 1)
    try fixture.settle()
    let other = try PostStore(path: fixture.path)
    for round in 0..<20 {
      try fixture.store.insert(section: 0, author: "ours", body: "post \(round)", at: .top)
      try other.insert(section: 0, author: "theirs", body: "post \(round)", at: .bottom)
      if round == 10 {
        try fixture.store.pool.writeWithoutTransaction { db in
          _ = try db.checkpoint(.truncate)
        }
      }
    }
    try fixture.store.checkFile()
    try fixture.settle()
    #expect(fixture.source.reportedErrors.isEmpty)
    #expect(try fixture.mismatches() == [])
  }
}
