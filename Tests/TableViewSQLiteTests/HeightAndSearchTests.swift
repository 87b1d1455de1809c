import Foundation
import GRDB
import TableViewCore
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

@Suite("Heights and search") struct HeightAndSearchTests {
  @Test("measured heights are stored per width and known after a reopen: nothing measured again")
  func heightsPersist() throws {
    let fixture = try Fixture(posts: 200, sections: 2)
    try fixture.settle()
    fixture.table.scroll(by: 900)
    try fixture.settle()
    let seen = fixture.table.indexPathsForVisibleRows
    let ids = seen.compactMap { fixture.source.postID(at: $0) }
    #expect(fixture.measurements.value > 0)
    #expect(fixture.source.unsavedHeightCount == 0)
    for (path, id) in zip(seen, ids) {
      let stored = try fixture.store.heights(ofPost: id)
      #expect(stored[Fixture.width] == (try fixture.table.rectForRow(at: path).height), "\(path)")
    }
    try fixture.reopen()
    fixture.measurements.value = 0
    try fixture.settle()
    fixture.table.scroll(by: 900)
    try fixture.settle()
    #expect(fixture.table.indexPathsForVisibleRows == seen)
    #expect(fixture.measurements.value == 0, "heights came from the database")
    #expect(try fixture.mismatches() == [])
  }

  @Test("an edit drops the post's stored heights (a trigger); a delete drops them too")
  func heightsFollowEdits() throws {
    let fixture = try Fixture(posts: 10, sections: 1)
    try fixture.settle()
    let post = try #require(fixture.source.post(at: IndexPath(row: 0, section: 0)))
    #expect(try fixture.store.heights(ofPost: post.id)[Fixture.width] != nil)
    try fixture.store.edit(id: post.id, body: "short")
    #expect(try fixture.store.heights(ofPost: post.id).isEmpty)
    try fixture.settle()
    #expect(
      try fixture.store.heights(ofPost: post.id)[Fixture.width] == PostCell.height(body: "short", width: Fixture.width))
    try fixture.store.delete(id: post.id)
    #expect(try fixture.store.heights(ofPost: post.id).isEmpty)
    try fixture.settle()
    #expect(try fixture.mismatches() == [])
  }

  @Test("a search shows only the matching posts, applied as a diff; clearing it shows every post again")
  func search() throws {
    let fixture = try Fixture(posts: 300, sections: 3)
    try fixture.settle()
    try fixture.store.insert(section: 1, author: "zed", body: "the quokka smiled")
    try fixture.store.insert(section: 2, author: "quokkafan", body: "nothing here")
    try fixture.settle()
    fixture.source.setFilter("  quok ")
    let summaries = try fixture.settle()
    #expect(summaries.contains { $0.updatesApplied == 1 }, "\(summaries)")
    #expect(fixture.source.reportedErrors.isEmpty, "\(fixture.source.reportedErrors)")
    #expect(fixture.source.appliedFilter == "quok")
    #expect((0..<3).map { fixture.table.numberOfRows(inSection: $0) } == [0, 1, 1])
    let matches = try fixture.store.search("quok")
    #expect(matches.count == 2)
    #expect(fixture.table.indexPathsForVisibleRows.compactMap { fixture.source.post(at: $0)?.id } == matches)
    // A live insert that matches appears; one that does not, does not.
    try fixture.store.insert(section: 0, author: "x", body: "quokkas everywhere")
    try fixture.store.insert(section: 0, author: "x", body: "no match")
    try fixture.settle()
    #expect((0..<3).map { fixture.table.numberOfRows(inSection: $0) } == [1, 1, 1])
    fixture.source.setFilter(nil)
    try fixture.settle()
    #expect(fixture.source.appliedFilter == nil)
    #expect(try fixture.mismatches() == [])
    #expect(fixture.table.reportedErrors.isEmpty)
  }
}

@Suite("Schema") struct SchemaTests {
  @Test("a database of the first schema version migrates: posts kept, counts, heights and search added")
  func migratesOldSchema() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("old.sqlite").path
    do {
      let queue = try DatabaseQueue(path: path)
      try PostSchema.migrator().migrate(queue, upTo: PostSchema.versions[0])
      try queue.write { db in
        try db.execute(sql: "INSERT INTO section(id, title) VALUES (0, 'a'), (1, 'b')")
        for i in 0..<30 {
          try db.execute(
            sql: "INSERT INTO post(section, position, author, body, created) VALUES (?, ?, 'old', ?, 0)",
            arguments: [i % 2, i, "old post number \(i) aardvark"])
        }
      }
      #expect(try queue.read { db in try db.tableExists("row_height") } == false)
    }
    let store = try PostStore(path: path)
    #expect(try store.sectionStates().map(\.count) == [15, 15])
    #expect(try store.search("aardvark").count == 30)
    #expect(try store.posts(inSection: 1).map(\.body).first == "old post number 1 aardvark")
    #expect(try store.pool.read { db in try PostSchema.migrator().hasCompletedMigrations(db) })
    // And it serves a table.
    let table = TableView()
    table.viewportSize = Size(width: 100, height: 100)
    table.register({ PostCell(measurements: Counter()) }, forCellReuseIdentifier: "post")
    let source = try SQLiteTableDataSource(store: store, tableView: table, reuseIdentifier: "post") { cell, post in
      (cell as! PostCell).value = post
    }
    table.layoutIfNeeded()
    #expect(table.numberOfRows(inSection: 1) == 15)
    #expect(source.waitForBackgroundWork(timeout: 60))
  }
}
