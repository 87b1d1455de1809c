import Foundation
import TestSupport

/// A point or rectangle on the X screen.
struct ScreenRect: Sendable, CustomStringConvertible {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
  var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// The built demo running on a private X server, with its state file (the test hook): started with
/// `--state-file`, driven with xdotool, read through the state file and screenshots.
final class DemoSession {
  let server: XvfbServer
  let process: BackgroundProcess
  let stateFile: String
  private let folder: URL

  /// The environment the demo runs in: the private display, the cairo renderer (no GL under Xvfb), no
  /// accessibility bus, X11 even when a Wayland socket is around.
  static func environment(display: String) -> [String: String] {
    ["DISPLAY": display, "GSK_RENDERER": "cairo", "GTK_A11Y": "none", "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1"]
  }

  /// Starts the demo with `arguments` (a state file is added) on the suite's X server, with `extra` in its
  /// environment: the feed computed in memory (`--memory`) unless `arguments` name a database (`--db`) or
  /// `feedInMemory` is false (then give `XDG_CACHE_HOME` in `extra`), so that no test builds the demo's file in
  /// the user's cache folder. With `accessibility`, the usual environment's accessibility settings are replaced
  /// by that bus's (see `AccessibilityBus`).
  init(
    _ arguments: [String] = [], environment extra: [String: String] = [:], feedInMemory: Bool = true,
    accessibility: AccessibilityBus? = nil
  ) throws {
    guard let server = XvfbServer.current else {
      throw SubprocessError("no X server: the suite needs the .xvfb trait")
    }
    self.server = server
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    stateFile = folder.appendingPathComponent("state.json").path
    let feed = !feedInMemory || arguments.contains("--db") || arguments.contains("--memory") ? [] : ["--memory"]
    process = try BackgroundProcess(
      try DemoBinary.gtkDemo.path(), arguments + feed + ["--state-file", stateFile],
      environment: (accessibility?.environment(display: server.display) ?? Self.environment(display: server.display))
        .merging(extra) { _, new in new })
  }

  deinit { close() }

  /// Stops the demo if it still runs and removes its files.
  func close() {
    process.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// What a failure message should tell: whether the demo runs, its last state and its last errors.
  var diagnostics: String {
    let status = process.exitStatusIfExited().map { "exited with \($0)" } ?? "running"
    return "demo \(status) on \(server.display); last state: \(state()?.raw ?? "none"); stderr: "
      + String(process.standardError.suffix(1500))
  }

  /// What the demo wrote to standard error so far (GTK's warnings and criticals land there).
  var standardError: String { process.standardError }

  /// The last state the demo wrote, if any.
  func state() -> DemoState? {
    guard let data = FileManager.default.contents(atPath: stateFile) else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    guard let line = text.split(separator: "\n").first else { return nil }
    return DemoState(line: String(line))
  }

  /// Polls the state file every 50 ms until `predicate` holds, up to `timeout` seconds.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 15, _ predicate: (DemoState) -> Bool
  ) async throws -> DemoState {
    let deadline = Date().addingTimeInterval(timeout)
    var last: DemoState?
    while true {
      if let state = state() {
        last = state
        if predicate(state) { return state }
      }
      if let status = process.exitStatusIfExited() {
        throw SubprocessError(
          "the demo exited (\(status)) while waiting for \(what); last state: \(last?.raw ?? "none")\n"
            + process.standardError.suffix(2000))
      }
      if Date() > deadline {
        throw SubprocessError("timed out after \(timeout) s waiting for \(what); \(diagnostics)")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Polls until nothing on the table has changed (same number of layouts) for `quiet` seconds, handing
  /// every state seen to `observe`.
  @discardableResult
  func waitUntilQuiet(
    _ what: String, quiet: Double = 0.6, timeout: Double = 15, observe: (DemoState) -> Void = { _ in }
  ) async throws -> DemoState {
    let deadline = Date().addingTimeInterval(timeout)
    var last: DemoState?
    var since = Date()
    while true {
      if let state = state() {
        observe(state)
        if state.layouts != last?.layouts || state.page != last?.page { since = Date() }
        last = state
        if let last, Date().timeIntervalSince(since) >= quiet { return last }
      }
      if Date() > deadline {
        throw SubprocessError("timed out after \(timeout) s waiting for \(what); \(diagnostics)")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Runs xdotool on the demo's display.
  func xdotool(_ arguments: String...) throws { try xdotool(arguments) }

  /// Runs xdotool on the demo's display with `arguments` (commands may be chained in one run).
  func xdotool(_ arguments: [String]) throws {
    guard let xdotool = which("xdotool") else { throw SubprocessError("xdotool is not installed") }
    let result = try run(xdotool, arguments, environment: ["DISPLAY": server.display], timeout: 30)
    guard result.status == 0 else {
      throw SubprocessError("xdotool \(arguments.joined(separator: " ")) failed: \(result.standardError)")
    }
  }

  /// The demo's window on the screen (found by its title: `name`, a regular expression, the main window's by
  /// default), once it is mapped.
  func window(named name: String = "SwiftTableView", timeout: Double = 10) async throws -> ScreenRect {
    guard let xdotool = which("xdotool") else { throw SubprocessError("xdotool is not installed") }
    let environment = ["DISPLAY": server.display]
    let deadline = Date().addingTimeInterval(timeout)
    var seen = ""
    while Date() < deadline {
      let search = try run(
        xdotool, ["search", "--onlyvisible", "--name", name], environment: environment, timeout: 10)
      for id in search.standardOutput.split(separator: "\n") {
        let geometry = try run(
          xdotool, ["getwindowgeometry", "--shell", String(id)], environment: environment, timeout: 10)
        seen = geometry.standardOutput
        var values: [String: Int] = [:]
        for line in geometry.standardOutput.split(separator: "\n") {
          let parts = line.split(separator: "=", maxSplits: 1)
          if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        if let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"],
          width > 100, height > 100
        {
          return ScreenRect(x: x, y: y, width: width, height: height)
        }
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw SubprocessError("the demo's window did not appear; last geometry: \(seen)")
  }

  /// The X window id of the demo's window (for `xdotool windowsize` and the like).
  func windowID() throws -> String {
    guard let xdotool = which("xdotool") else { throw SubprocessError("xdotool is not installed") }
    let search = try run(
      xdotool, ["search", "--onlyvisible", "--name", "SwiftTableView"], environment: ["DISPLAY": server.display],
      timeout: 10)
    guard let id = search.standardOutput.split(separator: "\n").first else {
      throw SubprocessError("the demo's window is not on the display")
    }
    return String(id)
  }

  /// Moves the pointer to `(x, y)` in the window (keys go to the window under the pointer: no window
  /// manager gives focus).
  func movePointer(to x: Int, _ y: Int, in window: ScreenRect) throws {
    try xdotool("mousemove", "--sync", String(window.x + x), String(window.y + y))
  }

  /// A screenshot of the whole screen.
  func screenshot() throws -> Screenshot {
    guard let importer = which("import") else { throw SubprocessError("imagemagick's import is not installed") }
    let path = folder.appendingPathComponent("shot-\(UUID().uuidString).png").path
    let result = try run(
      importer, ["-window", "root", "png:\(path)"], environment: ["DISPLAY": server.display], timeout: 30)
    guard result.status == 0, FileManager.default.fileExists(atPath: path) else {
      throw SubprocessError("import failed: \(result.standardError)")
    }
    return Screenshot(path: path)
  }
}

/// A PNG on disk, read with ImageMagick's `convert`.
struct Screenshot {
  let path: String

  /// The colour of the pixel at `(x, y)`.
  func pixel(x: Int, y: Int) throws -> RGB {
    let text = try convert([path, "-crop", "1x1+\(x)+\(y)", "+repage", "txt:-"])
    // "0,0: (53,132,228)  #3584E4  srgb(53,132,228)"
    guard let hash = text.range(of: #"#[0-9A-Fa-f]{6}"#, options: .regularExpression) else {
      throw SubprocessError("no colour in convert's output: \(text)")
    }
    let hex = text[hash].dropFirst()
    let value = Int(hex, radix: 16) ?? 0
    return RGB(red: (value >> 16) & 0xFF, green: (value >> 8) & 0xFF, blue: value & 0xFF)
  }

  /// The number of distinct colours and the standard deviation (0…1) in `rect`.
  func statistics(of rect: ScreenRect) throws -> (colors: Int, standardDeviation: Double) {
    let text = try convert([
      path, "-crop", rect.description, "+repage", "-format", "%k %[fx:standard_deviation]", "info:",
    ])
    let parts = text.split(separator: " ")
    guard parts.count == 2, let colors = Int(parts[0]), let deviation = Double(parts[1]) else {
      throw SubprocessError("unexpected statistics from convert: \(text)")
    }
    return (colors, deviation)
  }

  private func convert(_ arguments: [String]) throws -> String {
    guard let convert = which("convert") else { throw SubprocessError("imagemagick's convert is not installed") }
    let result = try run(convert, arguments, timeout: 30)
    guard result.status == 0 else { throw SubprocessError("convert failed: \(result.standardError)") }
    return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// A colour, 0…255 a channel.
struct RGB: Equatable, CustomStringConvertible {
  var red: Int
  var green: Int
  var blue: Int

  init(red: Int, green: Int, blue: Int) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// A colour from "#rrggbb".
  init(hex: String) {
    let value = Int(hex.drop { $0 == "#" }, radix: 16) ?? 0
    self.init(red: (value >> 16) & 0xFF, green: (value >> 8) & 0xFF, blue: value & 0xFF)
  }

  /// Whether every channel is within `tolerance` of `other`'s.
  func isClose(to other: RGB, tolerance: Int = 10) -> Bool {
    abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance && abs(blue - other.blue) <= tolerance
  }

  var description: String {
    "#"
      + [red, green, blue].map {
        String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
      }
      .joined()
  }
}
