import Foundation
import TerminalKit
import TestSupport
import Testing

/// End-to-end: the chat page of the built demo in a real terminal (tmux, 100×30), on the run loop's real clock:
/// messages arriving from its timer, pages of history after its delay, keys typed into the composer. Screens are
/// polled with generous timeouts (a starved CI machine is slow), and compared with the same states drawn by
/// `--frames`, whose time is the script's.
@Suite("tableview-demo in tmux: the chat page", .enabled(if: which("tmux") != nil, "tmux is not installed"))
struct ChatTmuxTests {
  /// How long a step may take on a starved machine.
  let timeout: Double = 60

  /// Starts the demo on the chat page with `arguments`.
  func start(_ arguments: String) throws -> TmuxSession {
    let demo = try DemoBinary.terminalDemo.path()
    return try TmuxSession(
      tmux: which("tmux")!, command: "'\(demo)' --memory --demo chat \(arguments); echo \"demo exited $?\"; sleep 30")
  }

  /// Polls until the chat page's screen satisfies `condition`.
  @discardableResult
  func waitFor(
    _ session: TmuxSession, _ what: String, _ condition: (ChatScreenLines) -> Bool
  ) throws -> ChatScreenLines {
    ChatScreenLines(lines: try session.waitFor(what, timeout: timeout) { condition(ChatScreenLines(lines: $0)) })
  }

  /// The table's lines of the last frame `--frames` draws for `script` (no arrivals) at 100×30.
  func framesTable(_ script: String) throws -> [String] {
    let result = try run(
      try DemoBinary.terminalDemo.path(), ["--demo", "chat", "--arrivals", "0", "--frames", script, "--size", "100x30"])
    let output = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(output.lastIndex { $0.hasPrefix("── frame ") })
    return ChatScreenLines(lines: Array(output[(start + 1)...].prefix(30))).table
  }

  @Test("opens at the newest message; messages from the timer come into view at the bottom")
  func opensAndFollows() throws {
    let session = try start("--arrivals 1")
    defer { session.close() }
    let first = try waitFor(session, "the chat at the bottom") { $0.status.contains("messages loaded · following") }
    #expect(first.table.last == "" && first.table[first.table.count - 2] != "", "the newest message ends the screen")
    // At least two arrivals later, resting at the bottom again: the new messages end the screen.
    let later = try waitFor(session, "two arrivals, at the bottom") { screen in
      (screen.loadedCount ?? 0) >= (first.loadedCount ?? .max) + 2 && screen.status.contains("following")
    }
    #expect(later.table.last == "" && later.table[later.table.count - 2] != "")
    #expect(later.table != first.table)
    #expect(later.badgeCount == nil, "no badge while following")
  }

  @Test("scrolled up, arrivals leave the screen still and count in the badge; End returns to the newest exactly")
  func badgeAndBack() throws {
    let session = try start("--arrivals 0")
    defer { session.close() }
    try waitFor(session, "the chat") { $0.status.contains("following") }
    try session.send("PPage")
    let scrolled = try waitFor(session, "scrolled up") { !$0.status.contains("following") && $0.loadedCount == 60 }
    try session.send("C-n")
    try session.send("C-n")
    let counted = try waitFor(session, "the badge counting 2") { $0.badgeCount == 2 }
    #expect(counted.table == scrolled.table, "nothing on screen moved")
    #expect(counted.status.contains("62 of 1,000,002 messages loaded · 2 new below"))
    try session.send("End")
    let back = try waitFor(session, "back at the newest") {
      $0.status.contains("62 of 1,000,002 messages loaded · following")
    }
    #expect(back.badgeCount == nil)
    #expect(back.table == (try framesTable("ctrl-n,ctrl-n")), "the screen the two messages make at the bottom")
  }

  @Test("at the top the loading row shows; the page arrives after the delay and the messages on screen stay still")
  func pageAbove() throws {
    // A page that takes 2 s, so the loading row is surely seen by the polling.
    let session = try start("--arrivals 0 --page-delay 2")
    defer { session.close() }
    try waitFor(session, "the chat") { $0.status.contains("following") }
    try session.send("Home")
    let loading = try waitFor(session, "the loading row") { screen in
      screen.table.first?.contains("Loading older messages…") == true && screen.status.contains("loading older…")
    }
    #expect(loading.loadedCount == 60)
    let arrived = try waitFor(session, "the page") { $0.loadedCount == 110 }
    #expect(!arrived.status.contains("loading older"))
    #expect(arrived.table.first?.contains("Loading") == false, "the loading row went up above the page")
    #expect(Array(arrived.table.dropFirst()) == Array(loading.table.dropFirst()), "every message stayed in place")
  }

  @Test("Ctrl-G lands exactly on the first unread message, 50,000 up; a page loads above it without moving it")
  func jumpToUnread() throws {
    let session = try start("--arrivals 0")
    defer { session.close() }
    let first = try waitFor(session, "the chat") { $0.status.contains("following") }
    try session.send("C-g")
    let jumped = try waitFor(session, "the first unread at the top") { screen in
      screen.table.first?.contains("Unread messages") == true && screen.loadedCount == 50_000
    }
    #expect(jumped.table == (try framesTable("ctrl-g")), "the same screen as --frames draws")
    let paged = try waitFor(session, "the page above it") { $0.loadedCount == 50_050 }
    #expect(paged.table == jumped.table)
    try session.send("End")
    let back = try waitFor(session, "back at the newest") { $0.status.contains("following") }
    #expect(back.table == first.table, "the newest, exactly as at the start")
  }

  @Test("typing (CJK, q and digits too) and Enter send a message; it shows at the bottom")
  func sendMessage() throws {
    let session = try start("--arrivals 0")
    defer { session.close() }
    try waitFor(session, "the chat") { $0.status.contains("following") }
    try session.send("-l", "hello 你好 q1")
    try waitFor(session, "the text in the composer") { $0.composer.hasPrefix(" › hello 你好 q1") }
    try session.send("Enter")
    let sent = try waitFor(session, "the message at the bottom") { screen in
      screen.status.contains("61 of 1,000,001 messages loaded · following")
    }
    let body = try #require(sent.table.last { $0 != "" })
    #expect(body.hasSuffix("hello 你好 q1") && body.displayWidth == 98, "on the right")
    #expect(sent.composer.contains("Type a message"))
    #expect(sent.lines[0].contains("5 Chat"))
  }

  @Test("a paste with a Tab and a q is text in the composer: no page switch, no quit; Enter sends it")
  func pasteIsText() throws {
    let session = try start("--arrivals 0")
    defer { session.close() }
    try waitFor(session, "the chat") { $0.status.contains("following") }
    // tmux brackets the paste (-p) only when the demo turned bracketed paste on, as a terminal emulator does.
    _ = try run(session.tmux, ["-L", session.socket, "set-buffer", "see the table:\tq"])
    _ = try run(session.tmux, ["-L", session.socket, "paste-buffer", "-p", "-t", session.name])
    let pasted = try waitFor(session, "the paste in the composer") { $0.composer.hasPrefix(" › see the table: q") }
    #expect(pasted.lines[0].contains("5 Chat"), "still on the chat page")
    #expect(!pasted.lines.contains { $0.contains("demo exited") })
    try session.send("Enter")
    let sent = try waitFor(session, "the message at the bottom") { screen in
      screen.status.contains("61 of 1,000,001 messages loaded · following")
    }
    #expect(try #require(sent.table.last { $0 != "" }).hasSuffix("see the table: q"))
  }

  @Test("a 1 MB paste with line breaks and escape codes lands in the composer at once; the demo keeps responding")
  func megabytePaste() throws {
    let session = try start("--arrivals 0")
    defer { session.close() }
    try waitFor(session, "the chat") { $0.status.contains("following") }
    let line = "row\tq 1 2 \u{1B}[2J\u{1B}[31m世界\n"
    let text = String(repeating: line, count: (1 << 20) / line.utf8.count + 1) + "END-OF-PASTE"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(UUID().uuidString)")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try run(session.tmux, ["-L", session.socket, "load-buffer", file.path])
    _ = try run(session.tmux, ["-L", session.socket, "paste-buffer", "-p", "-t", session.name])
    let pasted = try waitFor(session, "the paste's end in the composer") { $0.composer.contains("世界 END-OF-PASTE") }
    #expect(
      pasted.composer.hasPrefix(" › …") && pasted.composer.contains("世界 row q 1 2 [2J[31m世界 "),
      "controls stripped, line breaks and Tabs spaces, the text's end shown")
    #expect(pasted.lines[0].contains("5 Chat"))
    try session.send("Escape")
    try waitFor(session, "the composer emptied") { $0.composer.contains("Type a message") }
  }
}
