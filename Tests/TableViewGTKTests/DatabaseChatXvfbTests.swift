import DemoDatabase
import Foundation
import TableViewSQLite
import TestSupport
import Testing

/// End-to-end: the GTK demo's chat page on an SQLite database it builds in a temporary folder (3,000 messages, to
/// stay fast), under Xvfb, observed through its state file (the chat's fields, as the in-memory chat's, and the
/// database's); this test is also the second process that writes messages to the file.
@Suite(
  "tableview-gtk-demo: the chat from an SQLite database under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
final class DatabaseChatXvfbTests {
  let folder: URL
  let path: String

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-chat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("chat.sqlite").path
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Starts the chat page on the test's file (built first), no arrivals from the demo's timer, and waits until
  /// it shows the newest message at the bottom.
  func start() async throws -> (DemoSession, ChatState, ScreenRect) {
    let demo = try DemoSession(
      ["--demo", "chat", "--rows", "3000", "--chat-db", path, "--chat-interval", "0"],
      environment: ["XDG_CACHE_HOME": folder.path], feedInMemory: false)
    let first = try await demo.waitForChat("the chat from the database at the newest") {
      $0.state.raw.contains("\"databaseOpen\":true") && $0.showsNewestAtBottom
        && !$0.messages.contains { $0.number < 0 }
    }
    return (demo, first, try await demo.window())
  }

  /// Messages drawn in both states at different places.
  func moved(_ before: ChatState, _ after: ChatState) -> [Int] {
    let old = before.tops
    return after.tops.filter { number, top in old[number].map { $0 != top } ?? false }.map(\.key).sorted()
  }

  @Test("the first run builds the file; the chat opens at its newest message; a sent message is written, then shown")
  func opensAndSends() async throws {
    let (demo, first, window) = try await start()
    defer { demo.close() }
    #expect(first.chatRows == 3_000 && first.endNumber == 3_000, "\(first)")
    #expect(first.isAtBottom && first.rowsBelow == 0 && first.badge == nil, "\(first)")
    #expect(first.state.liveWidgets < 40, "widgets for the visible rows only: \(first)")
    let store = try PostStore(path: path)
    #expect(try store.sectionStates().map(\.count).reduce(0, +) == 3_000)
    #expect(first.lastMessageText == (try store.post(id: 3_000))?.body, "\(first)")

    let entry = try #require(first.entryRect)
    try demo.click(entry, in: window)
    let text = "hello q1 5 from the database"
    try demo.xdotool("type", "--delay", "40", text)
    try demo.xdotool("key", "Return")
    let sent = try await demo.waitForChat("the message written and shown at the bottom") {
      $0.sent == 1 && $0.lastMessageText == text && $0.showsNewestAtBottom
    }
    #expect(sent.lastMessageMine && sent.messages.last?.mine == true, "\(sent)")
    #expect(sent.composerText == "", "\(sent)")
    #expect(sent.endNumber == 3_001, "\(sent)")
    let stored = try #require(try store.post(id: 3_001))
    #expect(stored.body == text && stored.author == "me")
  }

  @Test("scrolled up, pages are read without moving the messages on screen; another process's messages are counted")
  func scrollUpAndArrivals() async throws {
    let (demo, _, window) = try await start()
    defer { demo.close() }
    try demo.movePointer(to: 400, 300, in: window)
    // Up several screens with the wheel: the rows there are read from the file as they come.
    try demo.xdotool("click", "--repeat", "12", "--delay", "40", "4")
    let up = try await demo.waitForChat("scrolled up, at rest, every row read") {
      !$0.isAtBottom && $0.state.isSettled && !$0.messages.isEmpty && !$0.messages.contains { $0.number < 0 }
        && $0.state.raw.contains("\"placeholders\":0")
    }
    let numbers = up.messages.map(\.number)
    #expect(numbers == Array(numbers[0]..<numbers[0] + numbers.count), "consecutive messages: \(up)")
    #expect(numbers.last.map { $0 < 2_990 } == true, "several screens up: \(up)")
    #expect(up.endNumber == 3_000, "\(up)")

    // Another process (this one) writes three messages at the bottom.
    let store = try PostStore(path: path)
    var written: [Post] = []
    for _ in 0..<3 { written.append(try ChatDatabase.receive(in: store)) }
    let counted = try await demo.waitForChat("three messages counted below") {
      $0.rowsBelow == 3 && $0.badge == "3 new ↓" && $0.state.isSettled
    }
    #expect(moved(up, counted).isEmpty, "arrivals below moved nothing on screen: \(up) → \(counted)")
    #expect(counted.endNumber == 3_003, "\(counted)")

    let rect = try #require(counted.badgeRect)
    try demo.click(rect, in: window)
    let back = try await demo.waitForChat("back at the newest") {
      $0.showsNewestAtBottom && $0.isAtBottom && $0.rowsBelow == 0 && $0.badge == nil
    }
    #expect(back.messages.last?.number == 3_002, "\(back)")
    #expect(back.lastMessageText == written.last?.body, "the other process's last message, read from the file: \(back)")
  }
}
