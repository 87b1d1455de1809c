import DemoDatabase
import Foundation
import TableViewCore
import TableViewSQLite
import TestSupport
import Testing

/// End-to-end: the demo's feed on an SQLite database it builds in a temporary folder (2,000 posts, to stay
/// fast), in tmux; the database is read and written by the test and by a second process beside it.
@Suite("tableview-demo on a database, in tmux", .enabled(if: which("tmux") != nil, "tmux is not installed"))
final class DatabaseFeedTmuxTests {
  let folder: URL
  let path: String
  /// Generous: the 2-core CI machine runs many tests at once.
  let timeout = 60.0

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvdemo-db-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("feed.sqlite").path
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Starts the demo on the test's database in a shell that reports its exit status and then waits.
  func start(database: String? = nil, width: Int = 100) throws -> TmuxSession {
    let demo = try DemoBinary.terminalDemo.path()
    let command =
      "printf 'shell before\\n'; '\(demo)' --db '\(database ?? path)' --chat-db '\(folder.path)/chat.sqlite' --rows 2000; "
      + "echo \"demo exited $?\"; sleep 30"
    return try TmuxSession(tmux: which("tmux")!, command: command, width: width)
  }

  /// Waits until the status line counts `count` posts and the rows on screen have their text (no placeholder).
  @discardableResult
  func waitForPosts(_ session: TmuxSession, _ count: Int, _ what: String) throws -> [String] {
    try session.waitFor(what, timeout: timeout) { screen in
      screen[29].hasPrefix(" \(grouped(count)) posts") && !screen.contains { $0.hasPrefix("  loading") }
    }
  }

  /// The post ids whose titles are on screen ("author · #1,234").
  func idsOnScreen(_ screen: [String]) -> [Int64] {
    screen.compactMap { line in
      guard line.hasPrefix("  "), let range = line.range(of: #" · #[\d,]+"#, options: .regularExpression) else {
        return nil
      }
      return Int64(line[range].dropFirst(4).filter(\.isNumber))
    }
  }

  /// "2,000".
  func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }

  @Test("the first run builds the database, then shows its posts under sticky headers; q leaves it intact")
  func buildsAndShows() throws {
    let session = try start()
    defer { session.close() }
    let screen = try waitForPosts(session, 2_000, "the feed from the database")
    #expect(screen[1].hasPrefix(" Section 1 · 第 1 组"))
    #expect(screen[2].hasPrefix(" 1,000 条 posts"))
    #expect(idsOnScreen(screen).prefix(3) == [1, 2, 3])
    try session.send("q")
    let after = try session.waitFor("the shell", timeout: timeout) { $0.contains("demo exited 0") }
    #expect(after.contains { $0.contains("Building the feed (2,000 posts): done in") })
    let store = try PostStore(path: path)
    #expect(try store.sectionStates().map(\.count) == [1_000, 1_000])
  }

  @Test("a second process (tableview-demo --writer) changes the database and the screen follows")
  func writerProcess() async throws {
    let session = try start()
    defer { session.close() }
    try waitForPosts(session, 2_000, "the feed")
    let writer = try BackgroundProcess(try DemoBinary.terminalDemo.path(), ["--db", path, "--writer"])
    defer { writer.stop() }
    // Its writes are each in one transaction; let it make a few, then stop it with SIGTERM.
    let deadline = Date().addingTimeInterval(timeout)
    while writer.standardOutput.split(separator: "\n").count < 4, writer.isRunning, Date() < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    kill(writer.pid, SIGTERM)
    #expect(await writer.waitForExit(timeout: timeout) == 0, "\(writer.standardError)")
    #expect(writer.standardOutput.contains("stopped after"))
    let lines = writer.standardOutput.split(separator: "\n")
    #expect(lines.contains { $0.contains("insert ") || $0.contains("edit ") || $0.contains("delete ") })
    // The screen now shows what the database holds: its count, and rows in the database's order (a deleted
    // post gone, an inserted one in its place).
    let store = try PostStore(path: path)
    let total = try store.sectionStates().reduce(0) { $0 + $1.count }
    let order = try store.postIDs(inSection: 0) + store.postIDs(inSection: 1)
    let screen = try session.waitFor("the writer's changes", timeout: timeout) { screen in
      let shown = idsOnScreen(screen)
      guard screen[29].hasPrefix(" \(grouped(total)) posts"), shown.count >= 2,
        let start = order.firstIndex(of: shown[0]), start + shown.count <= order.count
      else { return false }
      return Array(order[start..<start + shown.count]) == shown
    }
    #expect(screen[1].hasPrefix(" Section 1"))
  }

  @Test("Delete on a swiped post deletes it from the database; the table follows the database")
  func deleteWrites() throws {
    let session = try start()
    defer { session.close() }
    let before = try waitForPosts(session, 2_000, "the feed")
    let shown = idsOnScreen(before)
    try session.send("Down")
    try session.send("s")
    try session.waitFor("the swipe actions", timeout: timeout) { $0.contains { $0.contains("Delete") } }
    try session.send("Enter")
    let store = try PostStore(path: path)
    let deadline = Date().addingTimeInterval(timeout)
    while try store.sectionStates().reduce(0, { $0 + $1.count }) != 1_999, Date() < deadline { usleep(20_000) }
    let remaining = Set(try store.postIDs(inSection: 0))
    let deleted = shown.filter { !remaining.contains($0) }
    #expect(deleted.count == 1, "deleted \(deleted) of \(shown)")
    let after = try waitForPosts(session, 1_999, "the table after the delete")
    #expect(!idsOnScreen(after).contains(deleted.first ?? -1))
    #expect(after[2].hasPrefix(" 999 条 posts"))
  }

  @Test("/ searches the posts (FTS5): the matches replace the rows; Esc returns to the same row")
  func search() throws {
    let session = try start()
    defer { session.close() }
    try waitForPosts(session, 2_000, "the feed")
    let store = try PostStore(path: path)
    let quokka = try store.insert(section: 1, author: "tester", body: "a quokka smiles", at: .top)
    try waitForPosts(session, 2_001, "the inserted post counted")
    try session.send("NPage")
    try session.send("NPage")
    // PgDn scrolls with an animation: the position is the screen once it has stopped moving.
    var last: [String] = []
    let position = try session.waitFor("two pages down, still", timeout: timeout) { screen in
      defer { last = screen }
      usleep(200_000)
      return screen == last && !idsOnScreen(screen).contains(1) && !screen.contains { $0.hasPrefix("  loading") }
    }
    let top = idsOnScreen(position).first
    try session.send("/", "q", "u", "o", "k")
    let found = try session.waitFor("the search's result", timeout: timeout) { screen in
      screen[29].hasPrefix(#" "quok": 1 match "#) && idsOnScreen(screen) == [quokka.id]
    }
    #expect(found.contains { $0.contains("a quokka smiles") })
    #expect(found.contains { $0.hasPrefix("/ quok") })
    #expect(!found.contains { $0.contains("to refresh") }, "\(found.joined(separator: "\n"))")
    // Only the match's section has a header: no empty "0 matches" lines (the status line aside).
    let headers = found.prefix(29).filter { $0.contains(" match") }
    #expect(headers.count == 1 && headers[0].contains("1 match"), "\(found.joined(separator: "\n"))")
    // A search that finds nothing says so, over no header at all.
    try session.send("z", "z")
    let none = try session.waitFor("no match, said so", timeout: timeout) { screen in
      screen.contains { $0.contains("No posts match “quokzz”") }
    }
    #expect(
      !none.prefix(29).contains { $0.contains(" match") && !$0.contains("No posts match") },
      "\(none.joined(separator: "\n"))")
    try session.send("BSpace", "BSpace")
    try session.waitFor("the match again", timeout: timeout) { screen in
      idsOnScreen(screen) == [quokka.id] && !screen.contains { $0.contains("No posts match") }
    }
    try session.send("Escape")
    let back = try session.waitFor("the feed again, where it was", timeout: timeout) { screen in
      screen[29].hasPrefix(" 2,001 posts") && idsOnScreen(screen).first == top
    }
    #expect(!back.contains { $0.hasPrefix("/ ") })
  }

  @Test("another process holds the write lock: a delete fails clearly (no hang), reads go on, the retry deletes")
  func lockedByAnotherProcess() async throws {
    let session = try start()
    defer { session.close() }
    let top = idsOnScreen(try waitForPosts(session, 2_000, "the feed")).first
    // The holder keeps the lock until the test stops it (BEGIN IMMEDIATE in another process).
    let holder = try await BackgroundProcess.holdingWriteLock(
      writer: try DemoBinary.sqliteWriter.path(), database: path)
    defer { holder.stop() }
    try session.send("Down")
    try session.send("s")
    try session.waitFor("the swipe actions", timeout: timeout) { $0.contains { $0.contains("Delete") } }
    try session.send("Enter")
    // The write waits for the lock off the main thread: the table scrolls meanwhile and its rows load.
    try session.send("NPage")
    try session.waitFor("a page down while the file is locked", timeout: timeout) { screen in
      let shown = idsOnScreen(screen)
      return !shown.isEmpty && shown.first != top && !screen.contains { $0.hasPrefix("  loading") }
    }
    // After the busy timeout, a line above the table says what failed; nothing was changed.
    let failed = try session.waitFor("the write's error", timeout: timeout) { screen in
      screen.contains { $0.contains("✗ deleting post") && $0.contains("locked") }
    }
    #expect(failed[29].contains("2,000 posts"), "\(failed.joined(separator: "\n"))")
    let store = try PostStore(path: path)
    #expect(try store.sectionStates().map(\.count) == [1_000, 1_000])
    // Reads go on under the lock: another page down loads.
    let before = idsOnScreen(try session.capture())
    try session.send("NPage")
    try session.waitFor("another page down, loaded", timeout: timeout) { screen in
      let shown = idsOnScreen(screen)
      return !shown.isEmpty && shown.first != before.first && !screen.contains { $0.hasPrefix("  loading") }
    }

    // The lock released, the same action again deletes the post; the error line goes.
    holder.stop()
    try session.send("s")
    try session.waitFor("the swipe actions", timeout: timeout) { $0.contains { $0.contains("Delete") } }
    try session.send("Enter")
    let after = try waitForPosts(session, 1_999, "the table after the retried delete")
    #expect(!after.contains { $0.contains("✗") }, "\(after.joined(separator: "\n"))")
    #expect(!after[29].contains("error"), "the status line no longer reports the failure: \(after[29])")
    #expect(try store.sectionStates().reduce(0) { $0 + $1.count } == 1_999)
  }

  @Test(
    "a file and folder this user cannot write: opened read-only with a notice, a new post refused, nothing written",
    .enabled(if: getuid() != 0 || which("setpriv") != nil, "root needs setpriv to run the demo as another user"))
  func cannotWrite() throws {
    // Built while writable and closed (no `-wal` or `-shm` left), then given to a user who cannot write them.
    try FeedDatabase.build(path: path, posts: 2_000, sections: 2)
    let chat = folder.appendingPathComponent("chat.sqlite").path
    try ChatDatabase.build(path: chat, messages: 100)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let demo = try DemoBinary.terminalDemo.path()
    var command = "'\(demo)' --db '\(path)' --chat-db '\(chat)' --rows 2000; echo \"demo exited $?\"; sleep 30"
    if getuid() == 0 {
      // Root writes whatever the permissions say: the demo runs as nobody (the files and folder stay root's, 0644
      // and 0755).
      command = "setpriv --reuid=65534 --regid=65534 --clear-groups " + command
    } else {
      for file in [path, chat] { #expect(chmod(file, 0o444) == 0) }
      #expect(chmod(folder.path, 0o555) == 0)
    }
    defer { chmod(folder.path, 0o755) }
    let session = try TmuxSession(tmux: which("tmux")!, command: command, width: 160)
    defer { session.close() }
    let opened = try session.waitFor("the feed, read-only", timeout: timeout) { screen in
      screen[29].hasPrefix(" 2,000 posts") && screen[29].contains("read-only: changes are refused")
    }
    #expect(!opened.contains { $0.contains("demo exited") })
    try session.send("n")
    let refused = try session.waitFor("the new post refused", timeout: timeout) { screen in
      screen.contains { $0.contains("✗ inserting 1 posts in section 0 failed: the store was opened read-only") }
    }
    #expect(refused[29].hasPrefix(" 2,000 posts"), "\(refused.joined(separator: "\n"))")
    try session.send("q")
    try session.waitFor("the demo ended", timeout: timeout) { $0.contains { $0.contains("demo exited 0") } }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file is as it was")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["chat.sqlite", "feed.sqlite"])
  }

  @Test("--read-only on a file that could be written: browsed, every change refused, the file unchanged")
  func readOnlyOption() throws {
    try FeedDatabase.build(path: path, posts: 2_000, sections: 2)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let demo = try DemoBinary.terminalDemo.path()
    let session = try TmuxSession(
      tmux: which("tmux")!,
      command: "'\(demo)' --read-only --db '\(path)' --chat-db '\(folder.path)/chat.sqlite' --rows 2000; "
        + "echo \"demo exited $?\"; sleep 30", width: 160)
    defer { session.close() }
    // The chat's file does not exist: read-only, nothing is built; the demo says so and ends.
    let missing = try session.waitFor("the missing chat refused", timeout: timeout) { screen in
      screen.contains { $0.contains("demo exited") }
    }
    #expect(missing.joined().contains("cannot open read-only: the file does not exist"), "\(missing)")
    #expect(missing.contains { $0.contains("demo exited 1") })
    try ChatDatabase.build(path: folder.appendingPathComponent("chat.sqlite").path, messages: 100)
    let second = try TmuxSession(
      tmux: which("tmux")!,
      command: "'\(demo)' --read-only --db '\(path)' --chat-db '\(folder.path)/chat.sqlite' --rows 2000; "
        + "echo \"demo exited $?\"; sleep 30", width: 160)
    defer { second.close() }
    try second.waitFor("the feed, read-only", timeout: timeout) { screen in
      screen[29].hasPrefix(" 2,000 posts") && screen[29].contains("read-only: changes are refused")
    }
    try second.send("Down")
    try second.send("s")
    try second.waitFor("the swipe actions", timeout: timeout) { $0.contains { $0.contains("Delete") } }
    try second.send("Enter")
    try second.waitFor("the delete refused", timeout: timeout) { screen in
      screen.contains { $0.contains("✗ deleting post") && $0.contains("the store was opened read-only") }
    }
    try second.send("q")
    try second.waitFor("the demo ended", timeout: timeout) { $0.contains { $0.contains("demo exited 0") } }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file is as it was")
  }

  @Test("a corrupt file or a missing folder: a clear message, exit status 1, the terminal restored, the file kept")
  func badFiles() throws {
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: URL(fileURLWithPath: path))
    let session = try start()
    defer { session.close() }
    let screen = try session.waitFor("the error", timeout: timeout) { $0.contains { $0.contains("demo exited") } }
    #expect(screen.contains { $0.contains("demo exited 1") })
    #expect(screen.joined().contains("not a database"))
    #expect(try session.display("#{alternate_on}") == "0")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    let missing = folder.appendingPathComponent("no/such/folder/feed.sqlite").path
    let second = try start(database: missing)
    defer { second.close() }
    let refused = try second.waitFor("the error", timeout: timeout) { $0.contains { $0.contains("demo exited") } }
    #expect(refused.contains { $0.contains("demo exited 1") })
    #expect(refused.joined().contains("does not exist"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
  }

  @Test("the file deleted under the demo: the status line says so, a new post is refused with a plain message")
  func fileDeleted() throws {
    let session = try start(width: 160)
    defer { session.close() }
    let before = idsOnScreen(try waitForPosts(session, 2_000, "the feed"))
    #expect(unlink(path) == 0)
    try session.waitFor("the status line's message", timeout: timeout) { screen in
      screen[29].contains("error: feed.sqlite was deleted by another program; no more changes are saved")
    }
    try session.send("n")
    let refused = try session.waitFor("the new post refused", timeout: timeout) { screen in
      screen.contains { $0.contains("✗ feed.sqlite was deleted by another program; your last change was not saved") }
    }
    #expect(refused[29].hasPrefix(" 2,000 posts"), "the table keeps what it showed")
    #expect(idsOnScreen(refused) == before)
    #expect(!refused.contains { $0.contains("demo exited") })
    #expect(!FileManager.default.fileExists(atPath: path), "nothing written under the name")
  }
}
