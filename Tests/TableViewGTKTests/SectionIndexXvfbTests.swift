import Foundation
import TestSupport
import Testing

/// End-to-end: the fixed-rows page's section index (a title a million rows, "0" to "9M") drawn down the list's right
/// edge, left of the scrollbar, in the theme's accent; a click on a title and a drag along the bar jump to the
/// title's section, as UIKit's index does; a short window skips titles and every title it draws jumps to its own.
@Suite(
  "tableview-gtk-demo's section index under Xvfb", .serialized,
  .enabled(if: XvfbServer.toolsAvailable, "Xvfb, xdotool or ImageMagick is not installed"), .xvfb)
struct SectionIndexXvfbTests {
  /// Waits up to a minute (the machine may be busy) for a state that satisfies `predicate`.
  @discardableResult
  func wait(_ demo: DemoSession, _ what: String, _ predicate: (DemoState) -> Bool) async throws -> DemoState {
    try await demo.waitFor(what, timeout: 60, predicate)
  }

  /// The centre of drawn title `title` (its index) on the window's surface, from the state's `sectionIndexDrawn`.
  func centre(of title: Int, in state: DemoState) throws -> (x: Int, y: Int) {
    let bar = try #require(state.sectionIndexRect)
    let line = try #require(state.sectionIndexDrawn?.first { Int($0[0]) == title }, "title \(title) drawn: \(state)")
    return (Int(bar[0] + bar[2] / 2), Int(line[1] + line[2] / 2))
  }

  @Test(
    "drawn beside the list in the accent; a click on 9M jumps to section 90, on 3M to 30; a drag follows the pointer")
  func clickAndDrag() async throws {
    let demo = try DemoSession(["--demo", "fixed"])
    defer { demo.close() }
    let state = try await wait(demo, "the index drawn") { ($0.sectionIndexDrawn?.count ?? 0) == 10 && $0.isSettled }
    #expect(state.sectionIndexTitles == ["0", "1M", "2M", "3M", "4M", "5M", "6M", "7M", "8M", "9M"], "\(state)")
    let window = try await demo.window()
    let bar = try #require(state.sectionIndexRect)
    let viewport = try #require(state.viewportRect)
    #expect(bar[0] == viewport[0] + viewport[2], "the bar is right of the list, which it narrows: \(state)")
    #expect(bar[2] >= 8 && bar[2] <= 48, "a narrow bar: \(state)")
    #expect(bar[1] == viewport[1] && bar[3] == viewport[3], "as tall as the list: \(state)")
    // The titles are drawn in the accent (the list's own text is grey): colour in the bar's strip.
    let strip = ScreenRect(
      x: window.x + Int(bar[0]), y: window.y + Int(bar[1]), width: Int(bar[2]), height: Int(bar[3]))
    var shot = try demo.screenshot()
    let deadline = Date().addingTimeInterval(60)
    while try shot.colourfulPixels(in: strip) < 20, Date() < deadline {
      try await Task.sleep(for: .milliseconds(200))
      shot = try demo.screenshot()
    }
    #expect(try shot.colourfulPixels(in: strip) >= 20, "the titles in the accent colour; \(demo.diagnostics)")

    let last = try centre(of: 9, in: state)
    try demo.movePointer(to: last.x, last.y, in: window)
    try demo.xdotool("click", "1")
    let jumped = try await wait(demo, "section 90 at the top") {
      $0.firstVisibleRow == [90, 0] && $0.headers?.first?.first == 90 && $0.isSettled
    }
    #expect(jumped.headers?.first?[1] == viewport[1], "its header at the list's top: \(jumped)")
    let scrolled = try #require(jumped.scrollFraction)
    #expect(abs(scrolled - 0.9) < 0.01, "the scrollbar's thumb follows: \(jumped)")

    let third = try centre(of: 3, in: state)
    try demo.movePointer(to: third.x, third.y, in: window)
    try demo.xdotool("click", "1")
    try await wait(demo, "section 30 at the top") { $0.firstVisibleRow == [30, 0] && $0.isSettled }

    // A drag from "0" jumps there at once, then follows the pointer past the bar's bottom: the last title.
    let first = try centre(of: 0, in: state)
    try demo.movePointer(to: first.x, first.y, in: window)
    try demo.xdotool("mousedown", "1")
    try await wait(demo, "section 0 under the pressed pointer") { $0.firstVisibleRow == [0, 0] }
    try demo.movePointer(to: first.x, Int(bar[1] + bar[3]) - 2, in: window)
    try await wait(demo, "section 90 while dragging below the titles") { $0.firstVisibleRow == [90, 0] }
    try demo.xdotool("mouseup", "1")
  }

  @Test("a short window skips titles; each one drawn jumps to its own section")
  func shortWindowSkipsTitles() async throws {
    // 19 sections of 100,000 rows: a title each ("0", "100K" … "1.8M").
    let demo = try DemoSession(["--demo", "fixed", "--rows", "1900000"])
    defer { demo.close() }
    try await wait(demo, "the index drawn") { ($0.sectionIndexDrawn?.count ?? 0) == 19 && $0.isSettled }
    try demo.xdotool("windowsize", "--sync", try demo.windowID(), "700", "260")
    let short = try await wait(demo, "fewer titles drawn") {
      let drawn = $0.sectionIndexDrawn?.count ?? 0
      return drawn > 2 && drawn < 19 && $0.isSettled
    }
    let drawn = try #require(short.sectionIndexDrawn).map { Int($0[0]) }
    #expect(drawn.first == 0 && drawn == drawn.sorted(), "the first title, then every line's: \(short)")
    let window = try await demo.window()
    for title in [drawn[drawn.count - 1], drawn[1]] {
      let point = try centre(of: title, in: short)
      try demo.movePointer(to: point.x, point.y, in: window)
      try demo.xdotool("click", "1")
      try await wait(demo, "section \(title) at the top") { $0.firstVisibleRow == [title, 0] && $0.isSettled }
    }
  }

  @Test("kept in step: the titles after reloads and batch updates, hidden without titles or below the minimum rows")
  func keptInStep() async throws {
    let run = try await DemoSelfTest(["--self-test", "section-index"], timeout: 60)
    #expect(run.integer("checks") == 5 && (run.object["failures"] as? [Any])?.isEmpty == true, "\(run.line)")
  }
}
