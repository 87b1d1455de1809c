import DemoDatabase
import Foundation
import TableViewSQLite
import TerminalKit
import TestSupport
import Testing

/// End-to-end: moving posts in the demo's feed on an SQLite database (2,000 posts in a temporary folder), in
/// tmux — by keys (m, arrows, Page Down, Enter) and by a real mouse drag on a post's ≡ held at the bottom edge,
/// which scrolls the table by itself through rows never loaded. Each drop is written to the database; the test
/// reads the file to check it, and the screen to check that the table shows the database's order.
@Suite(
  "tableview-demo on a database, in tmux: moving posts", .enabled(if: which("tmux") != nil, "tmux is not installed"))
final class DatabaseFeedReorderTmuxTests {
  let database: DatabaseFeedTmuxTests
  let timeout = 60.0

  init() throws { database = try DatabaseFeedTmuxTests() }

  /// Polls the file until `predicate` holds for it (the move is written off the demo's main thread).
  func waitForDatabase(_ what: String, _ predicate: (PostStore) throws -> Bool) throws {
    let store = try PostStore(path: database.path)
    let deadline = Date().addingTimeInterval(timeout)
    while try !predicate(store) {
      guard Date() < deadline else {
        throw SubprocessError(
          "timed out waiting for \(what): section 0 starts \(try store.postIDs(inSection: 0).prefix(8)), counts \(try store.sectionStates().map(\.count))"
        )
      }
      usleep(20_000)
    }
  }

  /// The post ids whose titles are on screen, the selected post's (marked ▌) included.
  func ids(_ screen: [String]) -> [Int64] {
    database.idsOnScreen(screen.map { $0.hasPrefix("▌") ? " " + $0.dropFirst() : $0 })
  }

  /// Whether a row on screen is a placeholder (its page still on its way): "loading", indented or not.
  func hasPlaceholder(_ screen: [String]) -> Bool {
    screen.contains { $0.trimmingCharacters(in: .whitespaces) == "loading" }
  }

  /// Whether the posts on screen are a run of consecutive posts of the database's order.
  func showsDatabaseOrder(_ screen: [String]) throws -> Bool {
    let store = try PostStore(path: database.path)
    let order = try store.postIDs(inSection: 0) + store.postIDs(inSection: 1)
    let shown = ids(screen)
    guard let first = shown.first, let start = order.firstIndex(of: first), start + shown.count <= order.count
    else { return false }
    return Array(order[start..<start + shown.count]) == shown
  }

  /// Edit mode on: every loaded post shows ≡ at the right end of its title line.
  func startEditing(_ session: TmuxSession) throws -> [String] {
    try session.send("e")
    return try session.waitFor("≡ on the posts", timeout: timeout) { screen in
      screen[29].contains("editing") && screen[3].hasSuffix("≡")
    }
  }

  @Test("m, ↓ ↓ and Enter move the selected post two places; 100 × Page Down carries one into the next section")
  func keys() throws {
    let session = try database.start()
    defer { session.close() }
    try database.waitForPosts(session, 2_000, "the feed")
    _ = try startEditing(session)
    try session.send("Down")
    try session.send("Down")
    try session.send("Enter")
    try session.waitFor("post 2 selected", timeout: timeout) { $0[29].contains("selected §1 #2") }
    try session.send("m")
    try session.send("Down")
    try session.send("Down")
    try session.send("Enter")
    try waitForDatabase("post 2 written after post 4") { try $0.postIDs(inSection: 0).prefix(5) == [1, 3, 4, 2, 5] }
    let moved = try session.waitForStill("the table in the database's order", timeout: timeout) { screen in
      screen[29].contains("selected §1 #4") && ids(screen).prefix(4) == [1, 3, 4, 2]
    }
    #expect(moved[2].hasPrefix(" 1,000 条 posts"), "\(moved.joined(separator: "\n"))")
    #expect(!moved[29].contains("error"), "\(moved[29])")

    // Page Down moves the held post ten places: 100 of them take it past the 996 posts below and 4 into section 2.
    try session.send("m")
    for _ in 0..<100 { try session.send("NPage") }
    try session.send("Enter")
    try waitForDatabase("post 2 in section 2") { store in
      try store.postIDs(inSection: 1).firstIndex(of: 2) == 3 && store.sectionStates().map(\.count) == [999, 1_001]
    }
    let across = try session.waitForStill("the post shown in section 2", timeout: timeout) { screen in
      screen[29].contains("selected §2 #4") && screen.contains { $0.hasPrefix(" 1,001 条 posts") }
        && ids(screen).contains(2) && !hasPlaceholder(screen)
    }
    #expect(try showsDatabaseOrder(across), "\(across.joined(separator: "\n"))")
    #expect(across[29].hasPrefix(" 2,000 posts"), "\(across[29])")
  }

  @Test("a mouse drag on ≡ held at the bottom edge scrolls through rows never loaded, and drops the post there")
  func mouseDragAutoscrolls() throws {
    let session = try database.start()
    defer { session.close() }
    try database.waitForPosts(session, 2_000, "the feed")
    let editing = try startEditing(session)
    // The title line of post 1 and the column of its ≡ (CJK names take two columns each).
    let line = try #require(editing.firstIndex { $0.contains("· #1 ") })
    let title = editing[line]
    let handle = DisplayWidth.of(title[..<title.lastIndex(of: "≡")!])
    try session.send("-l", TmuxSession.mouse(0, x: handle, y: line))
    for y in line + 1...27 { try session.send("-l", TmuxSession.mouse(32, x: handle, y: y)) }
    // Held on the table's last line: the table scrolls by itself, rows loading as they pass.
    try session.send("-l", TmuxSession.mouse(32, x: handle, y: 28))
    try session.waitFor("the table scrolled far down by itself", timeout: timeout) { screen in
      let shown = ids(screen)
      return shown.contains { $0 > 300 }
    }
    try session.send("-l", TmuxSession.mouse(32, x: handle, y: 20))
    try session.send("-l", TmuxSession.mouse(0, x: handle, y: 20, pressed: false))
    try waitForDatabase("post 1 written far down") { store in
      let row = try store.postIDs(inSection: 0).firstIndex(of: 1) ?? 0
      return try row > 200 || store.postIDs(inSection: 1).contains(1)
    }
    let dropped = try session.waitForStill("the post on screen where it dropped", timeout: timeout) { screen in
      ids(screen).contains(1) && !hasPlaceholder(screen)
        && (try? showsDatabaseOrder(screen)) == true
    }
    #expect(!dropped[29].contains("error"), "\(dropped[29])")
  }
}
