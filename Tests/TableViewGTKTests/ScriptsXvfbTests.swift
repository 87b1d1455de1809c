import Foundation
import TableViewTesting
import TestSupport
import Testing

extension DemoBinary {
  /// The engine's pointer and keyboard scripts played with real X input on a GTKTableView.
  static let gtkScripts = DemoBinary(
    name: "tableview-gtk-scripts", packageRoot: DemoBinary.folder(above: #filePath, levels: 3))
}

/// The engine's pointer scripts and keyboard-command scripts, end to end in GTK: `tableview-gtk-scripts` plays each
/// with xdotool (the pointer moved, buttons pressed, held and released, keys typed) on a GTKTableView in a real
/// window, and reports what the user sees afterwards. The same tables run against the engine's router and through
/// the terminal's mouse and keys: one set of rules in both backends.
@Suite(
  "The engine's pointer and keyboard scripts through GTK under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct ScriptsXvfbTests {
  @Test("every pointer script and every keyboard script leaves what the engine's router leaves")
  func scripts() async throws {
    let server = try #require(XvfbServer.current)
    let runner = try BackgroundProcess(
      try DemoBinary.gtkScripts.path(), [], environment: DemoSession.environment(display: server.display))
    defer { runner.stop() }
    // Twenty scripts of a few fifths of a second each take about 15 s; the bound is for a loaded machine.
    let status = await runner.waitForExit(timeout: 600)
    let output = runner.standardOutput
    #expect(status == 0, "stdout: \(output)\nstderr: \(runner.standardError.suffix(2000))")
    var results: [String: [String: Any]] = [:]
    for line in output.split(separator: "\n") where line.hasPrefix("{") {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["error"] == nil, "\(line)")
      if let kind = object["kind"] as? String, let name = object["name"] as? String {
        results[kind + ": " + name] = object
      }
    }
    // The long-press script runs too: GTK's timer sends the stationary event.
    for script in pointerScripts {
      let result = try #require(results["pointer: " + script.name], "no result for \(script.name) in \(output)")
      #expect(result["ok"] as? Bool == true, "\(script.name): \(result["outcome"] ?? "") ≠ \(result["expected"] ?? "")")
    }
    for script in commandScripts {
      let result = try #require(results["command: " + script.name], "no result for \(script.name) in \(output)")
      #expect(result["ok"] as? Bool == true, "\(script.name): \(result["outcome"] ?? "") ≠ \(result["expected"] ?? "")")
    }
  }
}
