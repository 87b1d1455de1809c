import Foundation
import TestSupport
import Testing

/// End-to-end: a real horizontal mouse drag in tmux (raw SGR mouse sequences typed into the pane, as a terminal
/// sends them) swipes a post open, and a click on its Delete block deletes it.
@Suite("tableview-demo in tmux: swiping a post", .enabled(if: which("tmux") != nil, "tmux is not installed"))
struct FeedSwipeTmuxTests {
  func mouse(_ button: Int, x: Int, y: Int, pressed: Bool = true) -> String {
    TmuxSession.mouse(button, x: x, y: y, pressed: pressed)
  }

  @Test("a drag to the left opens the first post on Mark and Delete; a click on Delete deletes it")
  func dragAndDelete() throws {
    // Colours on, whatever the environment running the tests says.
    let session = try DemoTmuxTests().start(environment: "NO_COLOR= TERM=xterm-256color")
    defer { session.close() }
    _ = try DemoTmuxTests().firstFrame(session)
    // The first post's text line is line 4; drag it from column 70 to column 50, a few columns at a time.
    try session.send("-l", mouse(0, x: 70, y: 4))
    for x in stride(from: 67, through: 50, by: -3) {
      try session.send("-l", mouse(32, x: x, y: 4))
    }
    let dragging = try session.waitFor("the post pulled open under the pointer", timeout: 60) { screen in
      screen.count > 4 && screen[4].contains("Mark") && screen[4].contains("Del")
    }
    #expect(!dragging[3].hasPrefix("  "), "the post follows the pointer to the left")
    try session.send("-l", mouse(0, x: 50, y: 4, pressed: false))
    let open = try session.waitFor("the post settled open", timeout: 60) { screen in
      screen.count > 4 && screen[4].hasSuffix("Mark     Delete")
    }
    let colours = try session.capture(escapes: true)
    #expect(colours[4].contains("\u{1B}[41m"), "Delete on red")
    #expect(colours[4].contains("\u{1B}[44m"), "Mark on blue")
    #expect(open[3].hasSuffix("· #1"))
    // Delete is the block in the last ten columns.
    try session.send("-l", mouse(0, x: 94, y: 4) + mouse(0, x: 94, y: 4, pressed: false))
    let deleted = try session.waitFor("post #1 deleted", timeout: 60) { screen in
      screen.count > 29 && screen[3].hasSuffix("· #2") && screen[29].hasPrefix(" 999,999 rows")
    }
    #expect(!deleted.contains { $0.hasSuffix("· #1") })
    #expect(deleted[2].hasPrefix(" edited · 999 条"))
  }

  @Test("e shows ⊖ on every post; Delete deletes the selected one; e again leaves edit mode")
  func editMode() throws {
    let session = try DemoTmuxTests().start()
    defer { session.close() }
    _ = try DemoTmuxTests().firstFrame(session)
    try session.send("e")
    try session.waitFor("⊖ on the posts", timeout: 60) { screen in
      screen.count > 3 && screen[3].hasPrefix("  ⊖ ") && screen[29].contains("editing")
    }
    try session.send("Down")
    try session.send("DC")
    try session.waitFor("post #1 deleted", timeout: 60) { screen in
      // In edit mode the title line ends with the reorder control.
      screen.count > 29 && screen[3].contains("· #2 ") && screen[3].hasSuffix("≡")
        && screen[29].hasPrefix(" 999,999 rows")
    }
    try session.send("e")
    try session.waitFor("edit mode left", timeout: 60) { screen in
      screen.count > 29 && !screen.contains { $0.contains("⊖") } && !screen[29].contains("editing")
    }
  }
}
