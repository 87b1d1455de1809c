import Foundation
import TerminalKit
import TestSupport
import Testing

/// The feed's editing in `--frames` mode (100×30: the tab bar on line 0, section 1's two-line header on lines 1–2,
/// the first post's title on line 3 and its text on line 4).
@Suite("tableview-demo --frames: editing the feed")
struct FeedEditingFramesTests {
  func frames(_ script: String, _ more: [String] = []) throws -> [[String]] {
    try DemoFramesTests().frames(["--frames", script, "--size", "100x30"] + more)
  }

  /// The posts' title lines of a frame.
  func titles(_ frame: [String]) -> [String] { frame.filter { $0.contains(" · #") } }

  @Test("e shows ⊖ before every post and says editing; e again takes them away")
  func editMode() throws {
    let frames = try frames("e,e")
    let editing = titles(frames[1])
    #expect(!editing.isEmpty && editing.allSatisfy { $0.hasPrefix("  ⊖ ") }, "\(editing)")
    #expect(frames[1][29].contains("editing"))
    #expect(frames[1][4].hasPrefix("    "), "the text moves right with the title")
    #expect(titles(frames[2]).allSatisfy { !$0.contains("⊖") && $0.hasPrefix("  ") })
    #expect(!frames[2][29].contains("editing"))
  }

  @Test("in edit mode a click on ⊖ deletes the post; the header and the row count follow")
  func deleteByControl() throws {
    let last = try #require(try frames("e,click:2:3").last)
    #expect(last[3].contains("· #2 ") && last[3].hasSuffix("≡"), "\(last[3])")
    #expect(!last.contains { $0.contains("· #1 ") || $0.hasSuffix("· #1") })
    #expect(last[2].hasPrefix(" edited · 999 条"))
    #expect(last[29].hasPrefix(" 999,999 rows"))
  }

  @Test("s opens the selected post's actions, Delete chosen; Enter deletes the post")
  func swipeKeyDeletes() throws {
    let frames = try frames("down,s,enter")
    let open = frames[2]
    #expect(open[4].hasSuffix("Mark     Delete"), "\(open[4])")
    #expect(!open[3].hasPrefix("  "), "the post is pulled to the left")
    #expect(frames[3][3].hasSuffix("· #2"))
    #expect(frames[3][29].hasPrefix(" 999,999 rows"))
  }

  @Test("a sideways drag pulls the post open with the pointer; a click on Mark stars it and closes it")
  func dragAndMark() throws {
    let frames = try frames("press:70:4,drag:67:4,drag:60:4,release:50:4,click:84:4")
    // In progress: pulled 10 columns, the two blocks 5 wide each, titles cut.
    #expect(frames[3][4].hasSuffix("Ma…  De…"), "\(frames[3][4])")
    #expect(frames[4][4].hasSuffix("Mark     Delete"))
    let marked = frames[5]
    #expect(marked[3].hasPrefix("  ★ ") && marked[3].hasSuffix("· #1"), "\(marked[3])")
    #expect(!marked[4].contains("Mark"))
  }

  @Test("→ opens the Read action at the left; Enter greys the post's title (read)")
  func leadingRead() throws {
    let frames = try frames("down,right,enter")
    #expect(frames[2][4].hasPrefix("   Read   "), "\(frames[2][4])")
    #expect(frames[3][3].hasSuffix("· #1 · read"), "\(frames[3][3])")
    #expect(!frames[3][4].contains("Read"), "the post closed")
  }

  @Test("n inserts a new post, #1,000,001, at the top of the first section")
  func newPost() throws {
    let last = try #require(try frames("pgdn,n").last)
    #expect(last[3].hasSuffix("· #1,000,001"), "\(last[3])")
    #expect(last[5].contains("──") && last[6].hasSuffix("· #1"))
    #expect(last[2].hasPrefix(" edited · 1,001 条"))
    #expect(last[29].hasPrefix(" 1,000,001 rows"))
  }

  @Test("tick: shows the new post's .top animation at its start, its middle and its end")
  func newPostAnimation() throws {
    let frames = try frames("n,tick:150,tick:200")
    // The start: nothing has moved yet.
    #expect(frames[1][3].hasSuffix("· #1") && frames[1][29].hasPrefix(" 1,000,001 rows"))
    // The middle: the new post comes down from under the header, pushing post #1 down a line.
    #expect(frames[2][3].hasPrefix("  The table view runs at sixty frames per second"), "\(frames[2][3])")
    #expect(frames[2][5].hasSuffix("· #1"))
    // The end: in its place.
    #expect(frames[3][3].hasSuffix("· #1,000,001") && frames[3][6].hasSuffix("· #1"))
  }

  @Test("a tick: that is not a number of milliseconds is refused")
  func badTick() throws {
    let result = try run(try DemoBinary.terminalDemo.path(), ["--frames", "tick:soon"])
    #expect(result.status != 0)
    #expect(result.standardError.contains("tick:soon"))
  }

  @Test("at the end of the last section a page of twenty posts is appended")
  func loadMore() throws {
    let frames = try frames("end,end", ["--rows", "30"])
    #expect(frames[1][29].hasPrefix(" 50 rows") && frames[1][29].contains("1 more loaded"), "\(frames[1][29])")
    #expect(frames[2].contains { $0.hasSuffix("· #50") }, "End again reaches the new last post")
  }

  @Test("the help lists the editing keys")
  func help() throws {
    let help = try frames("?")[1].joined(separator: "\n")
    for text in ["swipe the post: Delete, Mark", "swipe the post: Read", "edit mode", "a new post at the top"] {
      #expect(help.contains(text), "\(text)")
    }
  }
}
