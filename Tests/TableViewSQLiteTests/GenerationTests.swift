import Foundation
import GRDB
import TableViewCore
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

@Suite("Generation") struct GenerationTests {
  /// FTS5's own check that the search index holds exactly the posts' words (it throws otherwise).
  func searchIndexMatchesPosts(_ store: PostStore) throws {
    try store.pool.write { db in try db.execute(sql: "INSERT INTO post_fts(post_fts) VALUES ('integrity-check')") }
  }

  /// The counts stored per section against a count of the posts.
  func countedSections(_ store: PostStore) throws -> [Int] {
    try store.pool.read { db in
      try Int.fetchAll(
        db, sql: "SELECT (SELECT count(*) FROM post WHERE post.section = s.id) FROM section s ORDER BY s.id")
    }
  }

  @Test("a built file: counts, search index and triggers right; later edits keep counts and search in step")
  func builtFile() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("feed.sqlite").path
    var reports: [FeedDatabase.Progress] = []
    try FeedDatabase.build(path: path, posts: 2_503, sections: 3) { reports.append($0) }
    #expect(reports.last?.isFinished == true)
    #expect(reports.contains { $0.isIndexing })
    #expect(reports.map(\.fraction) == reports.map(\.fraction).sorted())
    // Nothing but the file and its WAL companions is left.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.allSatisfy { $0.hasPrefix("feed.sqlite") && !$0.contains("partial") }, "\(names)")
    let store = try PostStore(path: path)
    #expect(try store.sectionStates().map(\.count) == [835, 834, 834])
    #expect(try countedSections(store) == [835, 834, 834])
    #expect(try store.integrityCheck() == ["ok"])
    try searchIndexMatchesPosts(store)
    let journal = try store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    #expect(journal == "wal")
    // Every trigger is back: an insert counts and is found, an edit is found by its new words only, a
    // delete uncounts and is gone from the search.
    let triggers = try store.pool.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    }
    #expect(triggers.contains("post_inserted") && triggers.contains("post_fts_inserted"))
    let post = try store.insert(section: 1, author: "tester", body: "a zebrafish swims", at: .top)
    #expect(try store.sectionStates()[1].count == 835)
    #expect(try store.search("zebrafi") == [post.id])
    #expect(try store.postIDs(inSection: 1).first == post.id)
    try store.edit(id: post.id, body: "a yak grazes")
    #expect(try store.search("zebrafish").isEmpty)
    #expect(try store.search("yak") == [post.id])
    try store.delete(id: post.id)
    #expect(try store.search("yak").isEmpty)
    #expect(try store.sectionStates().map(\.count) == [835, 834, 834])
    try searchIndexMatchesPosts(store)
  }

  @Test("filling a database that already has posts appends: counts and search stay exact")
  func fillAppends() throws {
    let fixture = try Fixture(posts: 300, sections: 2)
    let before = try fixture.store.sectionStates()
    try PostGenerator.fill(fixture.store, posts: 101, sections: 3)
    let after = try fixture.store.sectionStates()
    #expect(after.map(\.count) == [150 + 34, 150 + 34, 33])
    #expect(zip(before, after).allSatisfy { $0.version < $1.version })
    #expect(try countedSections(fixture.store) == after.map(\.count))
    try searchIndexMatchesPosts(fixture.store)
    #expect(try fixture.store.integrityCheck() == ["ok"])
  }

  @Test("a partial file of a build that died is removed; an existing file is opened, never built over")
  func partialsAndExistingFiles() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("feed.sqlite").path
    // A pid that cannot be running (above the kernel's maximum).
    let dead = folder.appendingPathComponent("feed.sqlite.partial-2147483646").path
    try Data("half a build".utf8).write(to: URL(fileURLWithPath: dead))
    let (store, created) = try FeedDatabase.openOrCreate(path: path, posts: 40, createsFolder: false)
    #expect(created)
    #expect(!FileManager.default.fileExists(atPath: dead))
    try store.delete(id: 1)
    let (again, createdAgain) = try FeedDatabase.openOrCreate(path: path, posts: 40, createsFolder: false)
    #expect(!createdAgain)
    #expect(try again.sectionStates().map(\.count) == [39])
  }

  @Test("opening: a missing folder is an error unless it may be created; a corrupt file is refused and kept")
  func openingErrors() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let nowhere = folder.appendingPathComponent("no/such/feed.sqlite").path
    let error = #expect(throws: PostStoreError.self) {
      try FeedDatabase.openOrCreate(path: nowhere, posts: 10, createsFolder: false)
    }
    #expect(error?.kind == .cannotOpen)
    #expect(error?.description.contains("does not exist") == true)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
    let (_, created) = try FeedDatabase.openOrCreate(path: nowhere, posts: 10, createsFolder: true)
    #expect(created)
    let corrupt = folder.appendingPathComponent("corrupt.sqlite").path
    let garbage = Data(repeating: 0x5A, count: 4096)
    try garbage.write(to: URL(fileURLWithPath: corrupt))
    let refused = #expect(throws: PostStoreError.self) {
      try FeedDatabase.openOrCreate(path: corrupt, posts: 10, createsFolder: false)
    }
    #expect(refused?.kind == .corrupt)
    #expect(try Data(contentsOf: URL(fileURLWithPath: corrupt)) == garbage)
    #expect(throws: PostStoreError.self) { try FeedDatabase.build(path: corrupt, posts: -1, sections: 1) }
  }

  @Test("the cache folder: XDG_CACHE_HOME when absolute, else ~/.cache; none without either")
  func cacheFolder() throws {
    #expect(
      FeedDatabase.cacheFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]) == "/x/cache/swifttableview")
    #expect(
      FeedDatabase.cacheFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/swifttableview")
    #expect(FeedDatabase.cacheFolder(environment: ["HOME": "/h"]) == "/h/.cache/swifttableview")
    #expect(FeedDatabase.cacheFolder(environment: [:]) == nil)
    #expect(
      try FeedDatabase.defaultPath(posts: 1_000_000, environment: ["HOME": "/h"])
        == "/h/.cache/swifttableview/feed-1000000.sqlite")
    #expect(throws: PostStoreError.self) { try FeedDatabase.defaultPath(posts: 5, environment: [:]) }
    #expect(FeedDatabase.sections(forPosts: 1_000_000) == 1_000)
    #expect(FeedDatabase.sections(forPosts: 0) == 1)
  }
}

@Suite("Writes for the demos") struct DemoWriteTests {
  @Test("marks, a batch insert in order, and writes queued off the owner's thread reach the table")
  func writes() throws {
    let fixture = try Fixture(posts: 30, sections: 1)
    try fixture.settle()
    let first = try #require(fixture.source.postID(at: IndexPath(row: 0, section: 0)))
    let queue = PostWriteQueue(store: fixture.store)
    queue.submit { store throws(PostStoreError) in try store.toggle(.starred, id: first) }
    queue.submit { store throws(PostStoreError) in
      try store.insert(section: 0, contents: [("a", "one"), ("b", "two"), ("c", "three")], at: .top)
    }
    queue.submit { store throws(PostStoreError) in try store.delete(id: -5) }
    #expect(queue.waitUntilIdle(timeout: 60))
    #expect(queue.takeErrors().isEmpty)
    try fixture.settle()
    #expect(fixture.table.numberOfRows(inSection: 0) == 33)
    let bodies = (0..<4).compactMap { fixture.source.post(at: IndexPath(row: $0, section: 0))?.body }
    #expect(bodies.prefix(3) == ["one", "two", "three"])
    let starred = try #require(fixture.source.post(at: IndexPath(row: 3, section: 0)))
    #expect(starred.id == first && starred.isStarred && !starred.isRead && starred.revision == 1)
    #expect(fixture.source.indexPath(ofPost: first) == IndexPath(row: 3, section: 0))
    #expect(fixture.source.indexPath(ofPost: -1) == nil)
    #expect(try fixture.mismatches() == [])
    // A failing write is kept for the owner.
    queue.submit { _ throws(PostStoreError) in throw PostStoreError(.locked, path: "x", message: "busy") }
    #expect(queue.waitUntilIdle(timeout: 60))
    #expect(queue.takeErrors().map(\.kind) == [.locked])
    // Outcomes in order, so that an app clears its error line once a later write is saved.
    let busy = PostStoreError(.locked, path: "x", message: "busy")
    queue.submit { _ throws(PostStoreError) in throw busy }
    queue.submit { store throws(PostStoreError) in try store.toggle(.read, id: first) }
    #expect(queue.waitUntilIdle(timeout: 60))
    #expect(queue.takeOutcomes() == [.failed(busy), .saved])
    #expect(queue.takeOutcomes().isEmpty, "taken once")
  }

  @Test("the random writer: the same seed makes the same changes; the table follows them")
  func randomWriter() throws {
    let one = try Fixture(posts: 60, sections: 2)
    let two = try Fixture(posts: 60, sections: 2)
    var a = RandomPostWriter(seed: 3)
    var b = RandomPostWriter(seed: 3)
    var changes: [RandomPostWriter.Change] = []
    for _ in 0..<20 {
      let change = try a.step(one.store)
      changes.append(change)
      #expect(try b.step(two.store) == change)
    }
    #expect(changes.contains { if case .inserted = $0 { true } else { false } })
    #expect(changes.contains { if case .deleted = $0 { true } else { false } })
    #expect(a.steps == 20)
    try one.settle()
    #expect(try one.mismatches() == [])
  }
}
