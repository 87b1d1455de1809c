import Foundation
import TestSupport
import Testing

/// The GTK demo given input a user should not give it: numbers too large for its data, a window shrunk to a
/// single pixel, the close shortcut. A clear message or a clean outcome, never a trap and never a GTK critical.
@Suite(
  "tableview-gtk-demo reliability", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct DemoReliabilityTests {
  @Test("--rows and --size outside their ranges are refused with a message and status 2, not a trap")
  func badOptions() throws {
    let demo = try DemoBinary.gtkDemo.path()
    for rows in ["9223372036854775807", "1000000000000", "1000000001", "0", "-1", "x"] {
      let result = try run(demo, ["--rows", rows], environment: ["DISPLAY": ""])
      #expect(result.status == 2, "--rows \(rows): \(result.standardError)")
      #expect(result.standardError.contains("--rows needs a number from 1 to 1,000,000,000"), "\(result.standardError)")
    }
    for size in ["0x0", "199x200", "100000x100000", "axb"] {
      let result = try run(demo, ["--size", size], environment: ["DISPLAY": ""])
      #expect(result.status == 2, "--size \(size): \(result.standardError)")
      #expect(result.standardError.contains("from 200x200 to 8192x8192"), "\(result.standardError)")
    }
  }

  @Test("a billion rows, the most --rows allows, open and reach their end")
  func billionRows() async throws {
    let demo = try DemoSession(["--demo", "fixed", "--rows", "1000000000"])
    defer { demo.close() }
    _ = try await demo.waitFor("the first state", timeout: 60) { $0.page != nil && ($0.visibleRows ?? 0) > 0 }
    try demo.xdotool("key", "End")
    let end = try await demo.waitFor("the last row", timeout: 60) { $0.isSettled && $0.selectedRow?.last != nil }
    #expect(end.selectedRow?.first == 9_999, "the last of 10,000 sections of 100,000: \(end)")
    #expect(!demo.standardError.contains("Fatal error"), "\(demo.diagnostics)")
  }

  @Test("Ctrl-W closes the window and the demo exits with status 0")
  func controlW() async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    _ = try await demo.waitFor("the first state", timeout: 60) { $0.page != nil && $0.writes >= 1 }
    _ = try await demo.window()
    try demo.xdotool("key", "ctrl+w")
    let status = await demo.process.waitForExit(timeout: 60)
    #expect(status == 0, "\(demo.diagnostics)")
  }

  @Test("a window shrunk to 1×1 and back logs no GTK warning or critical, and the table works again")
  func onePixelWindow() async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    _ = try await demo.waitFor("rows on screen", timeout: 60) { ($0.visibleRows ?? 0) > 0 }
    let window = try await demo.window()
    let windowID = try demo.windowID()
    for (width, height) in [(1, 1), (900, 700), (1, 700), (900, 1), (2, 2), (900, 700)] {
      try demo.xdotool("windowsize", "--sync", windowID, "\(width)", "\(height)")
      _ = try await demo.waitUntilQuiet("the window at \(width)x\(height)", timeout: 60)
    }
    for page in ["2", "3", "4"] {
      try demo.xdotool("key", page)
      try demo.xdotool("windowsize", "--sync", windowID, "1", "1")
      _ = try await demo.waitUntilQuiet("page \(page) at 1x1", timeout: 60)
      try demo.xdotool("windowsize", "--sync", windowID, "\(window.width)", "\(window.height)")
      _ = try await demo.waitUntilQuiet("page \(page) at full size", timeout: 60)
    }
    try demo.xdotool("key", "1")
    let back = try await demo.waitFor("rows on screen again", timeout: 60) {
      $0.page == "feed" && ($0.visibleRows ?? 0) > 3 && ($0.viewportRect?[2] ?? 0) > 800 && $0.isSettled
    }
    #expect(back.firstVisibleRow == [0, 0], "\(back)")
    let errors = demo.standardError
    #expect(!errors.contains("CRITICAL") && !errors.contains("WARNING") && !errors.contains("assertion"), "\(errors)")
    #expect(demo.process.isRunning, "\(demo.diagnostics)")
  }
}
