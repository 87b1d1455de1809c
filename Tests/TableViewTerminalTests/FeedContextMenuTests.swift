import Foundation
import TerminalKit
import TestSupport
import Testing

/// The feed's context menu: from the keys in `--frames` mode (100×30: the first post's title on line 3), and from a
/// right click in tmux.
@Suite("tableview-demo: the post's context menu")
struct FeedContextMenuTests {
  func frames(_ script: String) throws -> [[String]] {
    try DemoFramesTests().frames(["--frames", script, "--size", "100x30"])
  }

  /// The post numbers of a frame's title lines, top to bottom.
  func posts(_ frame: [String]) -> [String] { FeedReorderFramesTests().posts(frame) }

  @Test("c opens the selected post's menu under its title; Enter on Star stars it and closes the menu")
  func star() throws {
    let frames = try frames("down,c,enter,tick:400")
    let menu = frames[2]
    #expect(menu[4].contains("┌ Post #1 "), "\(menu[4])")
    for (line, title) in ["Star", "Read", "Move to top", "Share", "Delete"].enumerated() {
      #expect(menu[5 + line].contains("│   \(title)"), "\(menu[5 + line])")
    }
    let starred = frames[4]
    #expect(!starred.contains { $0.contains("┌ Post") }, "closed")
    #expect(starred[3].contains("★ ") && starred[3].hasSuffix("· #1"), "\(starred[3])")
  }

  @Test("↓ skips the disabled actions; Move to top moves the second post above the first")
  func moveToTop() throws {
    // On post #2: Star, Read, then Move to top (enabled: it is not first).
    let moved = try frames("down,down,c,down,down,enter,tick:400").last!
    #expect(Array(posts(moved).prefix(3)) == ["2", "1", "3"], "\(posts(moved))")
    // On post #1, Move to top and Share are disabled: two ↓ from Read land on Delete.
    let deleted = try frames("down,c,down,down,enter,tick:400").last!
    #expect(posts(deleted).first == "2", "\(posts(deleted))")
    #expect(deleted[29].hasPrefix(" 999,999 rows"))
  }

  @Test("Esc closes the menu and q does not quit while it is open")
  func escape() throws {
    let frames = try frames("down,c,q,escape")
    #expect(frames[3].contains { $0.contains("┌ Post #1 ") } == false, "q closes the menu")
    #expect(frames.count == 5, "the demo did not quit")
  }

  @Test("a right click on a post opens its menu there; a click on Star stars it")
  func rightClick() throws {
    let session = try DemoTmuxTests().start()
    defer { session.close() }
    _ = try DemoTmuxTests().firstFrame(session)
    let swipe = FeedSwipeTmuxTests()
    try session.send("-l", swipe.mouse(2, x: 20, y: 3) + swipe.mouse(2, x: 20, y: 3, pressed: false))
    let open = try session.waitFor("the menu", timeout: 60) { screen in
      screen.count > 6 && screen[4].contains("┌ Post #1 ")
    }
    let star = try #require(open[5].range(of: "Star"))
    let column = DisplayWidth.of(String(open[5][..<star.lowerBound]))
    try session.send("-l", swipe.mouse(0, x: column, y: 5) + swipe.mouse(0, x: column, y: 5, pressed: false))
    try session.waitFor("post #1 starred", timeout: 60) { screen in
      screen.count > 4 && screen[3].contains("★ ") && screen[3].hasSuffix("· #1") && !screen[4].contains("┌")
    }
  }
}
