import DemoDatabase
import Foundation
import TableViewCore
import TableViewSQLite
import TestSupport
import Testing

/// End-to-end: the demo's chat page on an SQLite database it builds in a temporary folder (3,000 messages, to stay
/// fast), in tmux (100×30); the database is read by the test and written by the demo's composer and by a second
/// process (`--chat-db PATH --writer`).
@Suite("tableview-demo's chat on a database, in tmux", .enabled(if: which("tmux") != nil, "tmux is not installed"))
final class DatabaseChatTmuxTests {
  let folder: URL
  let path: String
  /// Generous: the 2-core CI machine runs many tests at once.
  let timeout = 60.0

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvdemo-chat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("chat.sqlite").path
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Starts the demo on the chat page of the test's databases, no arrivals from its timer.
  func start() throws -> TmuxSession {
    let demo = try DemoBinary.terminalDemo.path()
    let command =
      "'\(demo)' --db '\(folder.path)/feed.sqlite' --chat-db '\(path)' --rows 3000 --demo chat --arrivals 0; "
      + "echo \"demo exited $?\"; sleep 30"
    return try TmuxSession(tmux: which("tmux")!, command: command)
  }

  /// Polls until the chat page's screen satisfies `condition`.
  @discardableResult
  func waitFor(_ session: TmuxSession, _ what: String, _ condition: (ChatScreenLines) -> Bool) throws
    -> ChatScreenLines
  {
    ChatScreenLines(lines: try session.waitFor(what, timeout: timeout) { condition(ChatScreenLines(lines: $0)) })
  }

  /// The newest post of the chat file.
  func newestPost() throws -> Post {
    let store = try PostStore(path: path)
    let last = try store.sectionStates().count - 1
    return try #require(try store.posts(inSection: last).last)
  }

  /// Whether the table's lines show the start of `text` (the first 12 characters: a line holds at least that many).
  func shows(_ screen: ChatScreenLines, _ text: String) -> Bool {
    let start = String(text.prefix(12))
    return screen.table.contains { $0.contains(start) }
  }

  @Test("the first run builds the chat file; it opens at the newest message; a sent message is written and shown")
  func buildsOpensAndSends() throws {
    let session = try start()
    defer { session.close() }
    let first = try waitFor(session, "the chat at the bottom") {
      $0.status.hasPrefix(" 3,000 messages · following") && !$0.lines.contains { $0.contains("loading") }
    }
    let newest = try newestPost()
    #expect(newest.id == 3_000)
    #expect(shows(first, newest.body), "the newest message ends the screen: \(first.table)")
    #expect(first.table.last == "" && first.table[first.table.count - 2] != "")
    #expect(first.lines[1].contains("Jan 2025"), "the day's heading sticks at the top: \(first.lines[1])")
    try session.send("hello from tmux 你好", "Enter")
    let sent = try waitFor(session, "the sent message from the database") { screen in
      screen.status.hasPrefix(" 3,001 messages · following")
        && screen.table.contains { $0.hasSuffix("hello from tmux 你好") }
    }
    let line = try #require(sent.table.firstIndex { $0.hasSuffix("hello from tmux 你好") })
    #expect(line > 0 && sent.table[line - 1].contains("me · "), "the user's own, on the right: \(sent.table)")
    let stored = try newestPost()
    #expect(stored.body == "hello from tmux 你好" && stored.author == "me")
    try session.send("C-c")
    try session.waitFor("the shell", timeout: timeout) { $0.contains { $0.contains("demo exited 0") } }
  }

  @Test("a second process writes messages: scrolled up nothing moves and the badge counts them; End shows them")
  func writerProcess() async throws {
    let session = try start()
    defer { session.close() }
    try waitFor(session, "the chat") { $0.status.hasPrefix(" 3,000 messages · following") }
    try session.send("PPage")
    try session.send("PPage")
    try waitFor(session, "scrolled up") { !$0.status.contains("following") }
    // At rest: the scroll's animation over, every page in (the same screen twice, half a second apart).
    var scrolled = ChatScreenLines(lines: try session.capture())
    let rest = Date().addingTimeInterval(timeout)
    while Date() < rest {
      try await Task.sleep(for: .milliseconds(500))
      let again = ChatScreenLines(lines: try session.capture())
      if again.table == scrolled.table, !again.lines.contains(where: { $0.contains("loading") }) { break }
      scrolled = again
    }
    let writer = try BackgroundProcess(try DemoBinary.terminalDemo.path(), ["--chat-db", path, "--writer"])
    defer { writer.stop() }
    let deadline = Date().addingTimeInterval(timeout)
    while writer.standardOutput.split(separator: "\n").count < 3, writer.isRunning, Date() < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    kill(writer.pid, SIGTERM)
    #expect(await writer.waitForExit(timeout: timeout) == 0, "\(writer.standardError)")
    #expect(writer.standardOutput.contains("message 3001 from"), "\(writer.standardOutput)")
    let total = try PostStore(path: path).sectionStates().reduce(0) { $0 + $1.count }
    #expect(total >= 3_002)
    let counted = try waitFor(session, "the badge counting the writer's messages") { $0.badgeCount == total - 3_000 }
    // The badge covers the end of the table's last line.
    #expect(counted.table.dropLast() == scrolled.table.dropLast(), "nothing on screen moved")
    #expect(counted.status.hasPrefix(" \(grouped(total)) messages · \(total - 3_000) new below"))
    try session.send("End")
    let newest = try newestPost()
    let back = try waitFor(session, "back at the newest") { screen in
      screen.status.hasPrefix(" \(grouped(total)) messages · following") && shows(screen, newest.body)
    }
    #expect(back.badgeCount == nil)
  }

  /// "3,002".
  func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }
}
