import DemoDatabase
import Foundation
import TableViewSQLite
import TestSupport
import Testing

/// End-to-end: the GTK demo's feed on an SQLite database it builds in a temporary folder (2,000 posts, to stay
/// fast), under Xvfb; this test is the second process that writes to the file while the window shows it.
@Suite(
  "tableview-gtk-demo: the feed from an SQLite database under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
final class DatabaseFeedXvfbTests {
  let folder: URL
  let path: String

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-db-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("feed.sqlite").path
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The ids of every post in the database in the feed's order.
  func order(_ store: PostStore) throws -> [Int64] {
    try (0..<store.sectionStates().count).flatMap { try store.postIDs(inSection: $0) }
  }

  /// Whether `shown` is a run of consecutive posts of `order`.
  func isRun(_ shown: [Int64], of order: [Int64]) -> Bool {
    guard let first = shown.first, let start = order.firstIndex(of: first), start + shown.count <= order.count
    else { return false }
    return Array(order[start..<start + shown.count]) == shown
  }

  @Test("the first run builds the file in the cache folder; the window shows it and follows another process")
  func firstFrameAndLiveWrites() async throws {
    // No --db: the default file, in $XDG_CACHE_HOME/swifttableview (here the test's folder).
    let demo = try DemoSession(
      ["--demo", "feed", "--rows", "2000"], environment: ["XDG_CACHE_HOME": folder.path], feedInMemory: false)
    defer { demo.close() }
    let path = folder.appendingPathComponent("swifttableview/feed-2000.sqlite").path
    let first = try await demo.waitForDatabaseFeed("the first frame from the database") {
      $0.isOpen && $0.posts == 2_000 && $0.loadedIDs != nil
    }
    #expect(first.loadedIDs?.prefix(3) == [1, 2, 3], "\(first)")
    #expect(first.lastError == nil, "\(first)")
    #expect(FileManager.default.fileExists(atPath: path))

    // Another process (this one) inserts at the top, edits and deletes: the window follows the file.
    let store = try PostStore(path: path)
    let inserted = try store.insert(section: 0, author: "tester", body: "written by another process", at: .top)
    try store.delete(id: 2)
    let after = try await demo.waitForDatabaseFeed("the other process's writes on screen") { state in
      state.posts == 2_000 && state.loadedIDs.map { !$0.contains(2) && $0.contains(3) } ?? false
    }
    let expected = try order(store)
    #expect(expected.first == inserted.id)
    #expect(isRun(try #require(after.loadedIDs), of: expected), "\(after)")
    #expect(after.databaseUpdates >= 1)
    // A burst of writes, each its own transaction: the window ends on the database's state.
    for i in 0..<10 {
      try store.insert(section: i % 2, author: "burst", body: "burst post \(i)", at: .top)
    }
    try store.delete(id: 1)
    let total = try store.sectionStates().reduce(0) { $0 + $1.count }
    let final = try order(store)
    let settled = try await demo.waitForDatabaseFeed("the burst on screen") { state in
      state.posts == total && state.loadedIDs.map { isRun($0, of: final) && !$0.contains(1) } ?? false
    }
    #expect(settled.lastError == nil, "\(settled)")
    #expect(!demo.standardError.contains("CRITICAL"), "\(demo.standardError)")
  }

  @Test(
    "the search entry runs an FTS5 search, headers only over matches, \"No posts match\" when none; Down goes into the results; one Esc returns to where the user was, the keyboard on the list; New post writes to the file"
  )
  func searchAndNewPost() async throws {
    let build = try FeedDatabase.openOrCreate(path: path, posts: 2_000, createsFolder: false)
    let quokka = try build.store.insert(section: 1, author: "tester", body: "a quokka smiles", at: .top)
    let demo = try DemoSession(["--demo", "feed", "--db", path])
    defer { demo.close() }
    let first = try await demo.waitForDatabaseFeed("the feed") { $0.isOpen && $0.posts == 2_001 && $0.loadedIDs != nil }
    let window = try await demo.window()
    // Down the feed a little, then search.
    try demo.movePointer(to: 450, 400, in: window)
    for _ in 0..<12 { try demo.xdotool("click", "5") }
    let scrolled = try await demo.waitForDatabaseFeed("scrolled down, still") { state in
      state.state.isSettled && state.loadedIDs.map { !$0.contains(1) } ?? false
    }
    let top = try #require(scrolled.loadedIDs?.first)
    try demo.click(first.searchRect, in: window)
    try demo.xdotool("type", "--delay", "40", "quok")
    let found = try await demo.waitForDatabaseFeed("the search's result") { state in
      state.appliedFilter == "quok" && state.loadedIDs == [quokka.id]
    }
    #expect(found.posts == 1, "\(found)")
    #expect(found.state.focus == "entry", "\(found)")
    #expect(found.headersShown == 1, "only the match's section has a header: \(found)")
    #expect(found.noMatches == nil, "\(found)")
    // The match is highlighted in the post, as drawn: GNOME's yellow at half opacity behind "quok" (over the
    // light style's white), right of the avatar.
    let row = try #require(found.rows.first, "\(found)")
    let viewport = try #require(found.state.viewportRect)
    let text = ScreenRect(
      x: window.x + Int(viewport[0]) + 60, y: window.y + Int(row.top), width: Int(viewport[2]) - 80,
      height: Int(row.height))
    var highlighted = 0
    let drawn = Date().addingTimeInterval(60)
    repeat {
      highlighted = try demo.screenshot().pixels(near: RGB(red: 248, green: 230, blue: 147), in: text)
    } while highlighted <= 40 && Date() < drawn
    #expect(highlighted > 40, "pixels of the highlight in the post: \(highlighted); \(found)")
    // A search that finds nothing says so, over no header at all.
    try demo.xdotool("type", "--delay", "40", "zz")
    let none = try await demo.waitForDatabaseFeed("no match") { $0.appliedFilter == "quokzz" && $0.state.isSettled }
    #expect(none.posts == 0 && none.headersShown == 0, "\(none)")
    #expect(none.noMatches != nil, "\(none)")
    try demo.xdotool("key", "BackSpace", "BackSpace")
    try await demo.waitForDatabaseFeed("the match again") { $0.appliedFilter == "quok" && $0.loadedIDs == [quokka.id] }
    // Down goes from the entry into the results, on the first; Up and / come back to the entry.
    try demo.xdotool("key", "Down")
    let into = try await demo.waitForDatabaseFeed("the focus on the first result") {
      $0.state.focus == "table" && $0.state.focusedRow != nil && $0.state.focusedRow == $0.state.firstVisibleRow
    }
    #expect(into.loadedIDs == [quokka.id], "\(into)")
    try demo.xdotool("key", "slash")
    try await demo.waitForDatabaseFeed("the entry again") { $0.state.focus == "entry" && $0.appliedFilter == "quok" }
    // One Esc ends the search and gives the keyboard back to the list.
    try demo.xdotool("key", "Escape")
    let back = try await demo.waitForDatabaseFeed("the feed again, where it was") { state in
      state.appliedFilter == nil && state.filter == nil && state.posts == 2_001 && state.loadedIDs?.first == top
    }
    #expect(back.lastError == nil, "\(back)")
    let focused = try await demo.waitForDatabaseFeed("the list with the keyboard") { $0.state.focus != nil }
    #expect(focused.state.focus == "table", "the first Esc leaves the entry: \(focused)")

    // New post: written to the file at the top of the first section; the table follows and goes there.
    try demo.click(first.newPostRect, in: window)
    let store = try PostStore(path: path)
    let added = try await demo.waitForDatabaseFeed("the new post") { $0.posts == 2_002 && $0.state.isSettled }
    let head = try store.postIDs(inSection: 0).prefix(2)
    #expect(try store.sectionStates().reduce(0) { $0 + $1.count } == 2_002)
    let shown = try await demo.waitForDatabaseFeed("the new post at the top") { $0.loadedIDs?.first == head.first }
    #expect(shown.loadedIDs?.prefix(2).elementsEqual(head) == true, "\(shown) \(added)")
  }

  @Test("another process holds the write lock: New post fails with a clear line, reads go on, the retry writes")
  func lockedByAnotherProcess() async throws {
    _ = try FeedDatabase.openOrCreate(path: path, posts: 2_000, createsFolder: false)
    let demo = try DemoSession(["--demo", "feed", "--db", path])
    defer { demo.close() }
    let first = try await demo.waitForDatabaseFeed("the feed") { $0.isOpen && $0.posts == 2_000 && $0.loadedIDs != nil }
    let window = try await demo.window()
    let holder = try await BackgroundProcess.holdingWriteLock(
      writer: try DemoBinary.sqliteWriter.path(), database: path)
    defer { holder.stop() }
    try demo.click(first.newPostRect, in: window)
    // The write waits for the lock off the main thread: the table scrolls meanwhile and its rows load.
    try demo.movePointer(to: 450, 400, in: window)
    for _ in 0..<12 { try demo.xdotool("click", "5") }
    try await demo.waitForDatabaseFeed("scrolled while the file is locked") { state in
      state.state.isSettled && state.loadedIDs.map { !$0.contains(1) } ?? false
    }
    let failed = try await demo.waitForDatabaseFeed("the write's error line") { $0.writeError != nil }
    #expect(failed.lastError?.contains("locked") == true, "\(failed)")
    #expect(failed.posts == 2_000)
    let store = try PostStore(path: path)
    #expect(try store.sectionStates().reduce(0) { $0 + $1.count } == 2_000)

    // The lock released, New post again writes; the error line goes.
    holder.stop()
    try demo.click(first.newPostRect, in: window)
    let written = try await demo.waitForDatabaseFeed("the new post") { $0.posts == 2_001 && $0.writeError == nil }
    #expect(written.isOpen)
    #expect(try store.sectionStates().reduce(0) { $0 + $1.count } == 2_001)
  }
}
