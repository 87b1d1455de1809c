import Foundation
import GRDB
import TableViewCore
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

@Suite("Post ids are never reused")
struct ReusedIDTests {
  // Found by Fuzz/SQLiteSource (Fuzz/SQLiteSource/corpus/rowid-reuse): with `id INTEGER PRIMARY KEY` and no
  // AUTOINCREMENT, SQLite gives a post inserted after the newest one was deleted that post's id, and revision 0
  // again. A table that had the deleted post on screen saw the same (id, revision) where it was and kept its old
  // text where the new post went.
  @Test("a post inserted after the newest was deleted gets a new id, and the table shows its text")
  func newestDeletedThenInserted() throws {
    let fixture = try Fixture(posts: 6, sections: 1)
    try fixture.settle()
    let newest = try #require(try fixture.store.posts(inSection: 0).max { $0.id < $1.id })
    #expect(try fixture.store.delete(id: newest.id))
    let inserted = try fixture.store.insert(
      section: 0, author: "writer", body: "a post written after the deletion, at the top", at: .top)
    #expect(inserted.id > newest.id)
    try fixture.settle()
    #expect(try fixture.mismatches() == [])
  }

  @Test("a database of schema v4 is upgraded: posts, marks, heights and search kept; ids no longer reused")
  func upgradeFromV4() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("v4.sqlite").path
    do {
      let queue = try DatabaseQueue(path: path)
      try PostSchema.migrator().migrate(queue, upTo: "v4-marks")
      try queue.write { db in
        for i in 0..<20 {
          try db.execute(
            sql: "INSERT INTO post(section, position, author, body, created) VALUES (?, ?, 'old', ?, 0)",
            arguments: [i % 2, i, "old post \(i) aardvark"])
        }
        try db.execute(sql: "INSERT INTO row_height(post_id, width, height) VALUES (3, 320, 77)")
        try db.execute(sql: "UPDATE post SET is_starred = 1 WHERE id = 5")
      }
    }
    var reports: [FeedDatabase.Progress] = []
    let (store, created) = try FeedDatabase.openOrCreate(path: path, posts: 5, createsFolder: false) {
      reports.append($0)
    }
    #expect(!created)
    #expect(reports.map(\.isUpgrading) == [true], "the upgrade is announced once, before it runs")
    #expect(try store.sectionStates().map(\.count) == [10, 10])
    #expect(try store.posts(inSection: 0).map(\.body).first == "old post 0 aardvark")
    #expect(try store.posts(inSection: 0).first { $0.id == 5 }?.isStarred == true)
    #expect(try store.heights(ofPost: 3) == [320: 77])
    #expect(try store.search("aardvark").count == 20)
    // The triggers are back: an edit bumps the revision, drops the heights and reaches the search index.
    #expect(try store.edit(id: 3, body: "now about a zebra"))
    #expect(try store.heights(ofPost: 3).isEmpty)
    #expect(try store.search("zebra") == [3])
    #expect(try store.posts(inSection: 0).first { $0.id == 3 }?.revision == 1)
    // And the newest id is not given again.
    #expect(try store.delete(id: 20))
    #expect(try store.sectionStates().map(\.count) == [10, 9])
    #expect(try store.insert(section: 1, author: "new", body: "new").id == 21)
    #expect(try store.integrityCheck() == ["ok"])
    // Opened again: nothing to upgrade, nothing announced.
    reports = []
    _ = try FeedDatabase.openOrCreate(path: path, posts: 5, createsFolder: false) { reports.append($0) }
    #expect(reports.isEmpty)
  }
}
