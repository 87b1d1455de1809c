import Foundation
import TestSupport
import Testing

/// The terminal demo started where a full-screen interface cannot run, or should not use colour: each case has
/// one clear outcome. Run in tmux, so that whichever stream is not redirected is a real terminal.
@Suite("tableview-demo without a usable terminal", .enabled(if: which("tmux") != nil, "tmux is not installed"))
struct DemoEnvironmentTests {
  /// Runs `command` (with `DEMO` standing for the demo's path) in tmux, then prints its exit status.
  func start(_ command: String) throws -> TmuxSession {
    let demo = "'\(try DemoBinary.terminalDemo.path())' --memory"
    let line = command.replacingOccurrences(of: "DEMO", with: demo)
    return try TmuxSession(tmux: which("tmux")!, command: "\(line); echo \"demo exited $?\"; sleep 60")
  }

  /// Waits for the exit line and returns the screen.
  func finished(_ session: TmuxSession) throws -> [String] {
    try session.waitFor("the demo's exit", timeout: 60) { $0.contains { $0.hasPrefix("demo exited") } }
  }

  @Test(
    "standard output or input redirected: a message on standard error, status 2, no escape sequences",
    arguments: ["DEMO | cat", "DEMO < /dev/null", "DEMO >&-", "DEMO > /dev/null"])
  func redirected(_ command: String) throws {
    let session = try start(command)
    defer { session.close() }
    let screen = try finished(session)
    #expect(try session.display("#{alternate_on}") == "0")
    let text = screen.joined(separator: "\n")
    #expect(text.contains("must be a terminal (TTY)"), "\(text)")
    #expect(text.contains("Try --frames"), "\(text)")
    #expect(!text.contains("SwiftTableView"), "no frame drawn: \(text)")
  }

  @Test("TERM unset: a message saying what to set, status 2 (TERM=dumb gets the plain interface)")
  func term() throws {
    for (command, message) in [("env -u TERM DEMO", "TERM environment variable is not set")] {
      let session = try start(command)
      defer { session.close() }
      let screen = try finished(session)
      let text = screen.joined(separator: "\n")
      #expect(text.contains(message), "\(text)")
      #expect(screen.contains("demo exited 2"), "\(text)")
      #expect(try session.display("#{alternate_on}") == "0")
    }
  }

  @Test("NO_COLOR: the demo runs in bold and reverse only, with no colour in any cell")
  func noColor() throws {
    let session = try start("NO_COLOR=1 DEMO")
    defer { session.close() }
    try session.waitFor("the first frame", timeout: 60) { $0.contains { $0.contains("rows ·") } }
    let styled = try session.capture(escapes: true).joined(separator: "\n")
    #expect(styled.contains("\u{1B}[1m") || styled.contains("\u{1B}[7m"), "attributes are still drawn")
    // Any foreground or background colour: 30–37, 39 aside, 40–47, 90–97, 100–107, 38;… and 48;….
    let colour = #"\x1B\[[0-9;]*(?<![0-9])(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;|m)"#
    #expect(styled.range(of: colour, options: .regularExpression) == nil, "\(styled)")
    try session.send("q")
    #expect(try finished(session).contains("demo exited 0"))
    // Without NO_COLOR (which the test runner may pass on) the same screen has colours: the check can fail.
    let coloured = try start("env -u NO_COLOR DEMO")
    defer { coloured.close() }
    try coloured.waitFor("the first frame", timeout: 60) { $0.contains { $0.contains("rows ·") } }
    let colours = try coloured.capture(escapes: true).joined(separator: "\n")
    #expect(colours.range(of: colour, options: .regularExpression) != nil, "\(colours.debugDescription)")
  }
}
