import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// No `--rows` fills a disk, and a first-run build shows its progress from the first row and leaves nothing behind
/// when it is stopped: the free space is checked before building (the figure injected, so the tests do not depend
/// on the machine's disk), and Ctrl-C or `SIGTERM` mid-build removes the partial file.
@Suite("tableview-demo building a database: disk space, progress, interruption")
final class DemoBuildSafetyTests {
  let folder: URL
  let timeout = 60.0

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvdemo-build-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The names in the test's folder.
  func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

  @Test("a feed or chat that would not fit on the disk is refused before anything is written, saying what fits")
  func refusedWithoutRoom() throws {
    let demo = try DemoBinary.terminalDemo.path()
    let feed = try run(
      demo, ["--writer", "--db", folder.appendingPathComponent("feed.sqlite").path, "--rows", "1000000000"],
      environment: ["TABLEVIEW_DEMO_FREE_BYTES": "20000000000"], timeout: timeout)
    #expect(feed.status == 1)
    #expect(
      feed.standardError.contains(
        "not enough free space to build the feed of 1,000,000,000 posts: it needs about 380 GB and 20.0 GB are free"),
      "\(feed.standardError)")
    #expect(feed.standardError.contains("--rows 41,540,135 fits"), "\(feed.standardError)")
    let chat = try run(
      demo, ["--writer", "--chat-db", folder.appendingPathComponent("chat.sqlite").path, "--rows", "5000000"],
      environment: ["TABLEVIEW_DEMO_FREE_BYTES": "1000000000"], timeout: timeout)
    #expect(chat.status == 1)
    #expect(chat.standardError.contains("not enough free space to build the chat of 5,000,000 messages"))
    #expect(try files() == [], "nothing written")
  }

  @Test(
    "tableview-demo --rows 1000000000 in a terminal: refused with the message, status 1, no file",
    .enabled(if: which("tmux") != nil, "tmux is not installed"))
  func refusedInTerminal() throws {
    let demo = try DemoBinary.terminalDemo.path()
    let session = try TmuxSession(
      tmux: which("tmux")!,
      command: "TABLEVIEW_DEMO_FREE_BYTES=20000000000 '\(demo)' --db '\(folder.path)/feed.sqlite' "
        + "--chat-db '\(folder.path)/chat.sqlite' --rows 1000000000; echo \"demo exited $?\"; sleep 30")
    defer { session.close() }
    let screen = try session.waitFor("the refusal", timeout: timeout) { $0.contains { $0.contains("demo exited") } }
    let text = screen.joined(separator: "\n")
    #expect(text.contains("not enough free space to build the feed of 1,000,000,000 posts"), "\(text)")
    #expect(text.contains("demo exited 1"))
    #expect(try files() == [])
  }

  /// Starts a build of 5,000,000 posts in tmux (`exec`: the pane's process is the demo), its output recorded from
  /// its first byte, and waits for its progress line; returns the session and the posts the first progress line
  /// drawn showed (from the recording: a busy machine may draw several lines between two looks at the screen).
  func startBuild() throws -> (TmuxSession, Int) {
    let demo = try DemoBinary.terminalDemo.path()
    // Beside the build's folder, which must hold nothing but the build's files.
    let go = folder.path + "-go"
    let output = folder.path + "-output"
    defer { try? FileManager.default.removeItem(atPath: output) }
    // The demo waits for the recording to start (the test creates `go`), so nothing it draws is missed.
    let session = try TmuxSession(
      tmux: which("tmux")!,
      command: "while [ ! -e '\(go)' ]; do sleep 0.02; done; rm '\(go)'; "
        + "exec '\(demo)' --db '\(folder.path)/feed.sqlite' --chat-db '\(folder.path)/chat.sqlite' --rows 5000000")
    try session.recordOutput(to: output)
    #expect(FileManager.default.createFile(atPath: go, contents: nil))
    try session.waitFor("the progress line", timeout: timeout) { screen in
      screen.contains { $0.hasPrefix("Building the feed (5,000,000 posts)") && $0.hasSuffix(" posts") }
    }
    let drawn = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
    // The first line drawn: "Building the feed (5,000,000 posts) ▕…▏ 0% 1,000 posts".
    guard let title = drawn.range(of: "Building the feed (5,000,000 posts)"),
      let percent = drawn.range(of: "% ", range: title.upperBound..<drawn.endIndex),
      let unit = drawn.range(of: " posts", range: percent.upperBound..<drawn.endIndex)
    else { return (session, -1) }
    return (session, Int(drawn[percent.upperBound..<unit.lowerBound].filter(\.isNumber)) ?? -1)
  }

  @Test(
    "a first-run build shows progress from the first rows; Ctrl-C ends it and removes the partial file",
    .enabled(if: which("tmux") != nil, "tmux is not installed"))
  func interruptedByControlC() throws {
    let (session, first) = try startBuild()
    defer { session.close() }
    // A bar redrawn per 0.5 % would show its first figure at 25,000 posts.
    #expect(first >= 0 && first < 25_000, "the first progress seen: \(first) posts")
    try session.waitFor("some posts in", timeout: timeout) { screen in
      screen.contains { $0.hasPrefix("Building the feed") && !$0.hasSuffix(" 0 posts") }
    }
    #expect(try files().contains { $0.hasPrefix("feed.sqlite.partial-") }, "the build writes a partial file")
    try session.send("C-c")
    try session.waitFor("the demo ended", timeout: timeout) { _ in (try? session.display("#{pane_dead}")) == "1" }
    #expect(try files() == [], "no partial file left")
  }

  @Test(
    "SIGTERM mid-build removes the partial file too", .enabled(if: which("tmux") != nil, "tmux is not installed"))
  func interruptedBySIGTERM() throws {
    let (session, _) = try startBuild()
    defer { session.close() }
    let pid = try #require(Int32(try session.display("#{pane_pid}")))
    #expect(kill(pid, SIGTERM) == 0)
    try session.waitFor("the demo ended", timeout: timeout) { _ in (try? session.display("#{pane_dead}")) == "1" }
    #expect(try files() == [], "no partial file left")
  }

  @Test("--db naming an empty file: \"not a SQLite database\", status 1, the file left as it was")
  func emptyFile() throws {
    let path = folder.appendingPathComponent("empty.sqlite").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let result = try run(
      try DemoBinary.terminalDemo.path(), ["--writer", "--db", path, "--rows", "1000"], timeout: timeout)
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("\(path): not a SQLite database: the file is empty (0 bytes)"),
      "\(result.standardError)")
    #expect(try files() == ["empty.sqlite"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
  }
}
