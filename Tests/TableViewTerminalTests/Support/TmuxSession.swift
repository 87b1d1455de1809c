import Foundation
import TestSupport

/// A detached tmux session on a server of its own (`-L`), so tests run in parallel and never touch the user's
/// tmux. The server is killed when the session is closed.
final class TmuxSession {
  let tmux: String
  let socket: String
  let name = "demo"
  /// The server's socket file, removed when the session is closed.
  private(set) var socketPath = ""

  /// Starts `command` (run by `sh -c`) in a `width`×`height` window.
  init(tmux: String, command: String, width: Int = 100, height: Int = 30) throws {
    self.tmux = tmux
    socket = "tvterm-\(getpid())-\(UUID().uuidString.prefix(8))"
    // -u: UTF-8 whatever the locale; -f /dev/null: no user configuration.
    let result = try run(
      tmux,
      [
        "-u", "-f", "/dev/null", "-L", socket, "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
        command,
      ],
      environment: ["LC_ALL": "C.UTF-8", "TERM": "xterm-256color"])
    guard result.status == 0 else { throw TmuxError("tmux new-session failed: \(result.standardError)") }
    _ = try run(tmux, ["-L", socket, "set-option", "-t", name, "remain-on-exit", "on"])
    socketPath = try display("#{socket_path}")
  }

  /// An SGR mouse report at a 0-based cell, as a terminal sends it (type it with `send("-l", …)`): `button` 0
  /// is the left button, 32 + 0 the left button moving; `pressed` false is a release.
  static func mouse(_ button: Int, x: Int, y: Int, pressed: Bool = true) -> String {
    "\u{1B}[<\(button);\(x + 1);\(y + 1)\(pressed ? "M" : "m")"
  }

  /// Sends keys in tmux's key names ("Down", "NPage", "Enter", "C-y", "q").
  func send(_ keys: String...) throws {
    _ = try run(tmux, ["-L", socket, "send-keys", "-t", name] + keys)
  }

  /// Appends everything the pane's program writes from now on to the file at `path` (tmux's `pipe-pane`): what
  /// was drawn, however briefly, whatever the polling saw.
  func recordOutput(to path: String) throws {
    let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    let result = try run(tmux, ["-L", socket, "pipe-pane", "-o", "-t", name, "cat >> \(quoted)"])
    guard result.status == 0 else { throw TmuxError("tmux pipe-pane failed: \(result.standardError)") }
  }

  /// The visible screen as lines; with `escapes`, including the SGR sequences of each cell's style.
  func capture(escapes: Bool = false) throws -> [String] {
    let result = try run(tmux, ["-L", socket, "capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", name])
    return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// A tmux format for the pane, such as `#{alternate_on}`.
  func display(_ format: String) throws -> String {
    let result = try run(tmux, ["-L", socket, "display-message", "-p", "-t", name, format])
    return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the screen until `condition` holds, or fails after `timeout` seconds with the last screen.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 10, _ condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    var screen: [String] = []
    repeat {
      screen = try capture()
      if condition(screen) { return screen }
      usleep(20_000)
    } while Date() < deadline
    throw TmuxError("timed out waiting for \(what); the screen was:\n" + screen.joined(separator: "\n"))
  }

  /// Polls the screen until `condition` holds on a screen that stays the same for `still` seconds — the table
  /// has finished animating (a frame mid-animation can draw gliding rows over each other) — or fails after
  /// `timeout` seconds with the last screen.
  @discardableResult
  func waitForStill(
    _ what: String, timeout: Double = 10, still: Double = 0.25, _ condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    var screen: [String] = []
    repeat {
      screen = try capture()
      if condition(screen) {
        usleep(useconds_t(still * 1_000_000))
        if try capture() == screen { return screen }
      } else {
        usleep(20_000)
      }
    } while Date() < deadline
    throw TmuxError("timed out waiting for \(what), still; the screen was:\n" + screen.joined(separator: "\n"))
  }

  /// Kills the server and removes its socket.
  func close() {
    _ = try? run(tmux, ["-L", socket, "kill-server"])
    if !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
  }

  deinit { close() }
}

/// A tmux step that failed, with what the screen showed.
struct TmuxError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
