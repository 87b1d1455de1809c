import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// End-to-end: the demo under an interactive shell with job control in tmux, stopped with Ctrl-Z or
/// `kill -TSTP` and continued with `fg`, and ended by signals. The shell's prompt must come back usable (the
/// terminal in line mode, the main screen, the cursor shown) and the demo must redraw itself after `fg`.
@Suite("tableview-demo suspend, resume and signals", .enabled(if: which("tmux") != nil, "tmux is not installed"))
struct DemoSignalTests {
  /// Generous: the 2-core CI machine runs the test suites in parallel.
  let timeout = 60.0

  /// An interactive `sh` (job control on) in tmux, running the demo.
  func start(width: Int = 100, height: Int = 30) throws -> TmuxSession {
    let demo = try DemoBinary.terminalDemo.path()
    let session = try TmuxSession(
      tmux: which("tmux")!, command: "PS1='prompt$ ' exec sh -i", width: width, height: height)
    try session.send("'\(demo)' --memory", "Enter")
    try firstFrame(session)
    return session
  }

  /// Waits for the demo's frame (the tab bar and the status line at the bottom of the window).
  @discardableResult
  func firstFrame(_ session: TmuxSession, rows: Int = 30) throws -> [String] {
    try session.waitFor("the demo's frame", timeout: timeout) { screen in
      screen.first?.contains("SwiftTableView") == true && screen.count >= rows
        && screen[rows - 1].contains("rows ·")
    }
  }

  /// The demo's process id: the shell's only child.
  func demoProcess(_ session: TmuxSession) throws -> pid_t {
    let shell = try session.display("#{pane_pid}")
    let children = try run(which("pgrep")!, ["-P", shell]).standardOutput.split(separator: "\n")
    let pid = try #require(children.count == 1 ? pid_t(children[0]) : nil, "children of the shell: \(children)")
    return pid
  }

  /// Waits until the shell shows its prompt on the main screen with the terminal back in line mode, the cursor
  /// shown and mouse reporting off; `stty` run at the prompt proves the shell can read a line.
  func expectShellIsUsable(_ session: TmuxSession) throws {
    try waitForPrompt(session)
    #expect(try session.display("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "0 1 0")
    try session.send("stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'; echo \"typed $((6 * 7))\"", "Enter")
    let screen = try session.waitFor("the shell to run stty", timeout: timeout) { $0.contains("typed 42") }
    #expect(screen.contains("icanon"), "canonical (line) mode, not raw: \(screen.joined(separator: "\n"))")
    #expect(
      !screen.contains { $0.contains("rows ·") || $0.contains("Section ") || $0.contains("SwiftTableView") },
      "no piece of a frame on the shell's screen: \(screen.joined(separator: "\n"))")
  }

  /// Waits for a fresh prompt: the last line is the prompt alone. (A line that starts with the prompt is not
  /// enough: `prompt$ fg` stays on the screen while the resumed demo runs, and under load a command sent then
  /// is typed ahead into the demo's terminal and its output lands after the next prompt.)
  func waitForPrompt(_ session: TmuxSession) throws {
    try session.waitFor("the prompt", timeout: timeout) {
      $0.last { !$0.isEmpty }?.trimmingCharacters(in: .whitespaces) == "prompt$"
    }
  }

  /// Once the demo has ended, waits for the prompt and has the shell print the demo's exit status.
  func expectExitStatus(_ status: Int32, _ session: TmuxSession) throws {
    try waitForPrompt(session)
    try session.send("echo \"demo status $?\"", "Enter")
    try session.waitFor("the demo's exit status", timeout: timeout) {
      $0.contains { $0.hasPrefix("demo status") || $0.hasPrefix("prompt$ demo status") }
    }
    #expect(try session.capture().contains("demo status \(status)"))
  }

  @Test("Ctrl-Z gives the shell back in line mode; fg brings the demo back at the window's new size")
  func controlZ() throws {
    let session = try start()
    defer { session.close() }
    let pid = try demoProcess(session)
    try session.send("Down")
    try session.send("C-z")
    try session.waitFor("the shell's job report", timeout: timeout) { $0.contains { $0.contains("Stopped") } }
    try expectShellIsUsable(session)
    // The window shrinks while the demo is stopped: on fg it must draw at the new size.
    _ = try run(session.tmux, ["-L", session.socket, "resize-window", "-t", session.name, "-x", "70", "-y", "20"])
    try session.send("fg", "Enter")
    let screen = try firstFrame(session, rows: 20)
    // The cursor is shown again on the selected row (it rests there for screen readers).
    try session.waitFor("the cursor on the selected row", timeout: timeout) { screen in
      guard let at = try? session.display("#{alternate_on} #{cursor_flag} #{cursor_y}").split(separator: " "),
        at.count == 3, at[0] == "1", at[1] == "1", let y = Int(at[2]), y < screen.count
      else { return false }
      return screen[y].hasPrefix("▌")
    }
    #expect(!screen.contains { $0.contains("prompt$") || $0.contains("typed 42") }, "the whole screen is redrawn")
    #expect(screen.allSatisfy { $0.count <= 70 })
    #expect(screen[1].hasPrefix(" Section 1 "))
    // Still alive and reading keys in raw mode: PgDn moves on, q quits with status 0.
    try session.send("NPage")
    try session.waitFor("the next page", timeout: timeout) { !$0.contains { $0.hasSuffix("· #1") } }
    try session.send("q")
    try expectExitStatus(0, session)
    #expect(kill(pid, 0) != 0)
  }

  @Test("kill -TSTP stops the demo like Ctrl-Z, and fg resumes it; Ctrl-Z again still works")
  func stopSignal() throws {
    let session = try start()
    defer { session.close() }
    let pid = try demoProcess(session)
    #expect(kill(pid, SIGTSTP) == 0)
    try session.waitFor("the shell's job report", timeout: timeout) { $0.contains { $0.contains("Stopped") } }
    try expectShellIsUsable(session)
    try session.send("fg", "Enter")
    try firstFrame(session)
    #expect(try session.display("#{alternate_on}") == "1")
    try session.send("C-z")
    try session.waitFor("the second stop", timeout: timeout) {
      $0.filter { $0.contains("Stopped") }.count >= 2
    }
    try expectShellIsUsable(session)
    try session.send("fg", "Enter")
    try firstFrame(session)
    try session.send("q")
    try expectExitStatus(0, session)
  }

  @Test(
    "a signal that ends the demo restores the terminal and ends it with status 128 + the signal",
    arguments: [SIGQUIT, SIGTERM, SIGHUP, SIGINT, SIGUSR1, SIGALRM])
  func terminatingSignal(_ signal: Int32) throws {
    let session = try start()
    defer { session.close() }
    let pid = try demoProcess(session)
    #expect(kill(pid, signal) == 0)
    try expectExitStatus(128 + signal, session)
    try expectShellIsUsable(session)
    #expect(kill(pid, 0) != 0, "the process is gone, not drawing over the shell")
    // Nothing draws over the shell afterwards.
    let before = try session.capture()
    usleep(300_000)
    #expect(try session.capture() == before)
  }
}
