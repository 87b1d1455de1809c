import Foundation
import TestSupport
import Testing

/// End-to-end accessibility of the demo in a real terminal (tmux, 100×30): the hardware cursor rests on the
/// focused row, where screen readers and braille displays follow it, and the plain interface (`--plain`,
/// `TABLEVIEW_PLAIN=1`, `TERM=dumb`) draws no box-drawing decoration and says where the user is, once per change.
@Suite("accessibility in tmux", .enabled(if: which("tmux") != nil, "tmux is not installed"))
struct AccessibilityTmuxTests {
  /// Starts the demo (the in-memory feed) in a shell that waits after it ends.
  func start(_ arguments: String = "", environment: String = "") throws -> TmuxSession {
    let demo = try DemoBinary.terminalDemo.path()
    let command = "\(environment) '\(demo)' --memory \(arguments); echo \"demo exited $?\"; sleep 30"
    return try TmuxSession(tmux: which("tmux")!, command: command)
  }

  /// The cursor's column, row and whether it is shown.
  func cursor(_ session: TmuxSession) throws -> (x: Int, y: Int, shown: Bool) {
    let parts = try session.display("#{cursor_x},#{cursor_y},#{cursor_flag}").split(separator: ",").map {
      Int($0) ?? -1
    }
    return (parts[0], parts[1], parts[2] == 1)
  }

  /// Waits until the cursor is shown at the start of a selected row's text (after the "▌" bar and its margin)
  /// on a line that contains `text`; returns the screen and the cursor.
  @discardableResult
  func waitForCursor(on text: String, _ session: TmuxSession, mark: String = "▌", line wanted: Int? = nil) throws -> (
    [String], (x: Int, y: Int, shown: Bool)
  ) {
    var found: (x: Int, y: Int, shown: Bool) = (0, 0, false)
    let screen = try session.waitFor("the cursor on the row with \(text)", timeout: 60) { screen in
      guard let at = try? cursor(session), at.shown, at.y < screen.count else { return false }
      found = at
      let line = screen[at.y]
      return at.x == 2 && line.hasPrefix(mark) && line.contains(text) && (wanted.map { $0 == at.y } ?? true)
    }
    return (screen, found)
  }

  /// Whether a line has box-drawing or block characters (U+2500–U+259F).
  func hasBoxDrawing(_ line: String) -> Bool {
    line.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) }
  }

  @Test("the cursor sits on the selected row's text after the arrows, after scrolling, and is shown")
  func cursorFollowsSelection() throws {
    let session = try start()
    defer { session.close() }
    try session.waitFor("the first frame", timeout: 60) { $0.contains { $0.contains("rows ·") } }
    try session.send("Down")
    try waitForCursor(on: "#1", session)
    try session.send("Down")
    let (_, before) = try waitForCursor(on: "#2", session)
    // Ctrl-E scrolls a line without moving the focus: the cursor goes up with its row.
    try session.send("C-e")
    try waitForCursor(on: "#2", session, line: before.y - 1)
    // A page further, the focus keeps its place on screen and the cursor is on the new row.
    try session.send("NPage")
    try session.waitFor("a later row selected", timeout: 60) { screen in
      screen.contains {
        $0.hasPrefix("▌") && !$0.contains("#2") && $0.range(of: #"· #\d+$"#, options: .regularExpression) != nil
      }
    }
    let (screen, paged) = try waitForCursor(on: "· #", session)
    #expect(!screen[paged.y].contains("#2"))
    // The End key animates; once it has settled the cursor is on the last row.
    try session.send("End")
    try waitForCursor(on: "#1,000,000", session)
  }

  @Test("in the date picker the cursor sits on the turning wheel's selected row, just after its ›")
  func pickerCursor() throws {
    let session = try start("--demo date")
    defer { session.close() }
    try session.waitFor("the picker", timeout: 60) { $0.contains { $0.contains("›") } }
    var columns: [Int] = []
    for key in ["Right", "Right"] {
      try session.send(key)
      try session.waitFor("the cursor after \(key)", timeout: 60) { screen in
        guard let at = try? cursor(session), at.shown, at.y < screen.count, at.x > 0,
          !columns.contains(at.x)
        else { return false }
        let line = Array(screen[at.y])
        guard at.x - 1 < line.count, line[at.x - 1] == "›" else { return false }
        columns.append(at.x)
        return true
      }
    }
    #expect(columns.count == 2 && columns[0] < columns[1], "the cursor moved right with the wheel: \(columns)")
  }

  @Test("--plain: no box-drawing characters, and the last lines say which row of how many, with its text")
  func plain() throws {
    let session = try start("--plain")
    defer { session.close() }
    try session.waitFor("the first frame", timeout: 60) { $0.contains { $0.contains("Section 1") } }
    try session.send("Down", "Down")
    let (screen, at) = try waitForCursor(on: "#2", session, mark: ">")
    #expect(at.x == 2)
    for line in screen { #expect(!hasBoxDrawing(line), "\(line)") }
    let bottom = screen.suffix(4).joined(separator: " ")
    #expect(bottom.contains("row 2 of 1,000,000, section 1: Alice Chen"), "\(bottom)")
    #expect(!screen.contains { $0.contains("rows ·") }, "no status line")
    try session.send("?")
    let help = try session.waitFor("the help", timeout: 60) { $0.contains { $0.contains("any key closes") } }
    for line in help { #expect(!hasBoxDrawing(line), "\(line)") }
    #expect(help.contains { $0.contains("Ctrl-Z") })
  }

  @Test("TERM=dumb and TABLEVIEW_PLAIN=1 choose the plain interface")
  func plainFromEnvironment() throws {
    for environment in ["TERM=dumb", "TABLEVIEW_PLAIN=1"] {
      let session = try start(environment: environment)
      defer { session.close() }
      // Keys sent before the demo has put the terminal in raw mode would be lost: wait for its first frame.
      try session.waitFor("the first frame with \(environment)", timeout: 60) {
        $0.contains { $0.contains("Section 1") }
      }
      try session.send("Down")
      let screen = try session.waitFor("the plain interface with \(environment)", timeout: 60) { screen in
        screen.contains { $0.contains("row 1 of 1,000,000, section 1") }
      }
      for line in screen { #expect(!hasBoxDrawing(line), "\(environment): \(line)") }
      try waitForCursor(on: "#1", session, mark: ">")
      try session.send("q")
      try session.waitFor("the demo to exit", timeout: 60) { $0.contains("demo exited 0") }
    }
  }

  @Test("plain: the announcement is written once per change, even through an animated scroll, and idle is silent")
  func announcedOncePerChange() throws {
    let session = try start("--plain --demo fixed")
    defer { session.close() }
    try session.waitFor("the first frame", timeout: 60) { $0.contains { $0.hasPrefix("  Row 1 ") } }
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-\(UUID().uuidString).out")
    defer { try? FileManager.default.removeItem(at: log) }
    _ = try run(session.tmux, ["-L", session.socket, "pipe-pane", "-o", "-t", session.name, "cat >> '\(log.path)'"])
    try session.send("Down")
    try waitForCursor(on: "Row 1 ", session, mark: ">")
    try session.send("End")
    try waitForCursor(on: "Row 10,000,000", session, mark: ">")
    // Idle: nothing more is written.
    usleep(300_000)
    let settled = (try? Data(contentsOf: log).count) ?? 0
    usleep(700_000)
    #expect(((try? Data(contentsOf: log).count) ?? 0) == settled, "output while idle")
    _ = try run(session.tmux, ["-L", session.socket, "pipe-pane", "-t", session.name])
    let output = String(decoding: try Data(contentsOf: log), as: UTF8.self)
    func count(_ text: String) -> Int { output.components(separatedBy: text).count - 1 }
    #expect(count("row 1 of 10,000,000, section 1: Row 1,") == 1, "\(output.count) bytes")
    #expect(count("row 10,000,000 of 10,000,000, section 100: Row 10,000,000") == 1)
  }
}
