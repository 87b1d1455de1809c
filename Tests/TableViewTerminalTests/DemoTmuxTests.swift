import Foundation
import TestSupport
import Testing

/// End-to-end: the built demo in a real terminal (tmux, 100×30), driven with `send-keys` and read with
/// `capture-pane`. Skipped only when tmux is not installed (CI installs it).
@Suite("tableview-demo in tmux", .enabled(if: which("tmux") != nil, "tmux is not installed"))
struct DemoTmuxTests {
  /// Starts the demo in a shell that reports its exit status and then waits, so the screen after it quits can
  /// be read. The feed is the in-memory one (`--memory`): these tests check its exact posts.
  func start(_ arguments: String = "", environment: String = "") throws -> TmuxSession {
    let demo = try DemoBinary.terminalDemo.path()
    let command =
      "printf 'shell before\\n'; \(environment) '\(demo)' --memory \(arguments); echo \"demo exited $?\"; sleep 30"
    return try TmuxSession(tmux: which("tmux")!, command: command)
  }

  /// The screen once the demo has drawn its first frame.
  func firstFrame(_ session: TmuxSession) throws -> [String] {
    try session.waitFor("the first frame") { screen in screen.contains { $0.contains("rows ·") } }
  }

  @Test("the first frame shows rows and a sticky header")
  func firstFrameShowsRows() throws {
    let session = try start()
    defer { session.close() }
    let screen = try firstFrame(session)
    #expect(screen[0].contains("SwiftTableView"))
    #expect(screen[1].hasPrefix(" Section 1 · 第 1 组"))
    #expect(screen.contains { $0.hasSuffix("· #1") })
    #expect(screen[29].hasPrefix(" 1,000,000 rows"))
  }

  @Test("PgDn moves on while the header sticks")
  func pageDown() throws {
    let session = try start()
    defer { session.close() }
    let before = try firstFrame(session)
    try session.send("NPage")
    let after = try session.waitFor("the next page") { $0 != before && !$0.contains { $0.hasSuffix("· #1") } }
    #expect(after[1].hasPrefix(" Section 1 "))
    #expect(after.contains { $0.range(of: #"· #\d+$"#, options: .regularExpression) != nil })
  }

  @Test("a header sticks at the top and is pushed up by the next one")
  func headerPushed() throws {
    let session = try start()
    defer { session.close() }
    _ = try firstFrame(session)
    try session.send("]")
    try session.waitFor("section 2 at the top") { $0[1].hasPrefix(" Section 2 ") }
    try session.send("C-y")
    let screen = try session.waitFor("section 1's header pushed") { $0[2].hasPrefix(" Section 2 ") }
    #expect(screen[1].hasPrefix(" posts #1–#1,000"), "the last line of section 1's header, the rest pushed out")
  }

  @Test("the looping list wraps past its end: above 00:00 comes 23:00")
  func loopingWraps() throws {
    let session = try start("--demo loop")
    defer { session.close() }
    _ = try session.waitFor("the looping list") { $0.contains { $0.contains("00:00") } }
    try session.send("Down")
    try session.send("Up")
    try session.send("Up")
    let screen = try session.waitFor("23:00 above 00:00") { screen in
      guard let late = screen.firstIndex(where: { $0.contains("23:00") }),
        let midnight = screen.firstIndex(where: { $0.contains("00:00") })
      else { return false }
      return late < midnight && screen[late].hasPrefix("▌") == false && screen.contains { $0.hasPrefix("▌") }
    }
    #expect(screen.contains { $0.contains("22:00") && $0.hasPrefix("▌") }, "the selection went round too")
  }

  @Test("the date picker settles on a row centred in its band")
  func pickerSettles() throws {
    let session = try start("--demo date")
    defer { session.close() }
    _ = try session.waitFor("the picker") { $0.contains { $0.contains("2026") && $0.contains("›") } }
    try session.send("Down")
    try session.send("Down")
    let screen = try session.waitFor("2028 in the band and in the title") { screen in
      screen.contains { $0.contains("›") && $0.contains("2028") && $0.contains("‹") }
        && screen.contains { $0.hasSuffix(" 2028") }
    }
    let band = try #require(screen.firstIndex { $0.contains("›") && $0.contains("2028") })
    #expect(screen[band - 1].contains("2027") && screen[band + 1].contains("2029"), "a whole row, centred")
  }

  @Test("Enter marks the selected row")
  func enterSelects() throws {
    let session = try start()
    defer { session.close() }
    _ = try firstFrame(session)
    try session.send("Down")
    try session.send("Down")
    try session.send("Enter")
    let screen = try session.waitFor("a check mark on the second post") { screen in
      screen.contains { $0.contains("· #2") && $0.hasSuffix("✓") }
    }
    let row = try #require(screen.firstIndex { $0.contains("· #2") })
    #expect(screen[row].hasPrefix("▌"), "the selected row is marked in its first column")
    #expect(!screen.contains { $0.contains("· #1") && $0.hasSuffix("✓") }, "only that row")
  }

  @Test("with NO_COLOR no colour is sent, and the selection is still shown in reverse video")
  func noColor() throws {
    let session = try start(environment: "NO_COLOR=1")
    defer { session.close() }
    _ = try firstFrame(session)
    try session.send("Down")
    try session.waitFor("the selection") { $0.contains { $0.hasPrefix("▌") } }
    let styled = try session.capture(escapes: true).joined(separator: "\n")
    // Every SGR parameter list tmux reports for the cells: reverse (7) must be there, colours (30–37, 38, 40–47,
    // 48, 90–97, 100–107) must not; 39 and 49 are tmux's own "default colour".
    let parameters = styled.split(separator: "\u{1B}").compactMap { sequence -> [Int]? in
      guard sequence.hasPrefix("["), let end = sequence.firstIndex(of: "m") else { return nil }
      return sequence[sequence.index(after: sequence.startIndex)..<end].split(separator: ";").compactMap { Int($0) }
    }.joined()
    #expect(parameters.contains(7), "reverse video")
    let colours = Set(parameters).intersection(Set(Array(30...38) + Array(40...48) + Array(90...97) + Array(100...107)))
    #expect(colours.isEmpty, "colour parameters were sent: \(colours.sorted())")
  }

  @Test("q quits and leaves the terminal restored")
  func quitRestores() throws {
    let session = try start()
    defer { session.close() }
    _ = try firstFrame(session)
    #expect(try session.display("#{alternate_on}") == "1")
    try session.send("q")
    let screen = try session.waitFor("the shell again") { $0.contains("demo exited 0") }
    #expect(screen.contains("shell before"), "the main screen is back")
    #expect(!screen.contains { $0.contains("SwiftTableView") }, "the demo's screen is gone")
    #expect(try session.display("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0")
  }

  @Test("TERM=dumb gets the plain interface (no box drawing, no status line), and quits cleanly")
  func dumbTerminal() throws {
    let session = try start(environment: "TERM=dumb")
    defer { session.close() }
    let screen = try session.waitFor("the plain interface", timeout: 60) { $0.contains { $0.contains("Section 1") } }
    #expect(!screen.contains { $0.contains("rows ·") })
    #expect(!screen.contains { $0.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) } })
    try session.send("q")
    try session.waitFor("the demo to exit", timeout: 60) { $0.contains("demo exited 0") }
  }
}
