import Foundation
import TestSupport
import Testing

/// End-to-end: the demo as a GNOME application (libadwaita) — the header bar's view switcher changes pages, Ctrl-?
/// opens the keyboard-shortcuts window and Escape closes it.
@Suite(
  "tableview-gtk-demo as a GNOME application under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct GNOMEWindowXvfbTests {
  @Test("a click on a page's button in the header bar's view switcher shows that page")
  func viewSwitcher() async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    let first = try await demo.waitFor("the feed with the switcher") { $0.page == "feed" && $0.switcherRect != nil }
    let window = try await demo.window()
    let switcher = try #require(first.switcherRect)
    #expect(switcher[2] > 300 && switcher[1] < 40, "the switcher in the header bar, at the top: \(first)")
    // Five buttons of equal width: Feed, Fixed, Looping, Date, Chat.
    func click(_ index: Int) throws {
      let x = Int(switcher[0] + switcher[2] * (Double(index) + 0.5) / 5)
      try demo.movePointer(to: x, Int(switcher[1] + switcher[3] / 2), in: window)
      try demo.xdotool("click", "1")
    }
    try click(3)
    let date = try await demo.waitFor("the date page") { $0.page == "date" && $0.date != nil }
    #expect(date.date == [2026, 11, 22], "\(date)")
    try click(4)
    try await demo.waitFor("the chat page") { $0.page == "chat" }
    try click(0)
    let feed = try await demo.waitFor("the feed again") { $0.page == "feed" && ($0.visibleRows ?? 0) > 0 }
    #expect(feed.firstVisibleRow == [0, 0], "the feed as it was left: \(feed)")
  }

  @Test("Ctrl-? opens the keyboard shortcuts window; Escape closes it")
  func shortcutsWindow() async throws {
    let demo = try DemoSession(["--demo", "feed"])
    defer { demo.close() }
    _ = try await demo.waitFor("the feed") { ($0.visibleRows ?? 0) > 0 }
    let window = try await demo.window()
    try demo.movePointer(to: 400, 300, in: window)
    #expect(try shortcutsWindows(demo).isEmpty)
    try demo.xdotool("key", "ctrl+question")
    var shown: [String] = []
    let deadline = Date().addingTimeInterval(60)
    while shown.isEmpty, Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
      shown = try shortcutsWindows(demo)
    }
    #expect(shown.count == 1, "the shortcuts window is on the display")
    // Keys go to the window under the pointer (no window manager): the shortcuts window covers the demo's top left.
    try demo.xdotool("mousemove", "--sync", String(window.x + 200), String(window.y + 200), "key", "Escape")
    while !shown.isEmpty, Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
      shown = try shortcutsWindows(demo)
    }
    #expect(shown.isEmpty, "Escape closed it")
    #expect(demo.process.isRunning, "\(demo.diagnostics)")
  }

  /// The visible windows named "Keyboard Shortcuts" on the demo's display.
  func shortcutsWindows(_ demo: DemoSession) throws -> [String] {
    guard let xdotool = which("xdotool") else { throw SubprocessError("xdotool is not installed") }
    let search = try run(
      xdotool, ["search", "--onlyvisible", "--name", "^Keyboard Shortcuts$"],
      environment: ["DISPLAY": demo.server.display],
      timeout: 10)
    return search.standardOutput.split(separator: "\n").map(String.init)
  }
}
