import Foundation
import TerminalKit
import TestSupport
import Testing

/// Moving posts in the feed in `--frames` mode (100×30: the first post's title on line 3; in edit mode each post
/// shows ≡ in column 97).
@Suite("tableview-demo --frames: moving posts")
struct FeedReorderFramesTests {
  func frames(_ script: String) throws -> [[String]] {
    try DemoFramesTests().frames(["--frames", script, "--size", "100x30"])
  }

  /// The post numbers of a frame's title lines, top to bottom.
  func posts(_ frame: [String]) -> [String] {
    frame.compactMap { line in
      guard let range = line.range(of: " · #", options: .backwards) else { return nil }
      return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces).components(separatedBy: " ").first
    }
  }

  @Test("m picks up the selected post, ↓ moves it past the next ones, Enter drops it there")
  func keys() throws {
    let frames = try frames("down,m,down,down,enter,tick:400")
    #expect(Array(posts(frames[3]).prefix(3)) == ["2", "1", "3"], "held below #2: \(posts(frames[3]))")
    #expect(Array(posts(frames[4]).prefix(3)) == ["2", "3", "1"], "held below #3: \(posts(frames[4]))")
    let dropped = frames[6]
    #expect(Array(posts(dropped).prefix(4)) == ["2", "3", "1", "4"], "\(posts(dropped))")
    #expect(dropped[2].hasPrefix(" edited · 1,000 条"), "the section keeps its count: \(dropped[2])")
    #expect(dropped[29].hasPrefix(" 1,000,000 rows"))
  }

  @Test("Esc puts the held post back")
  func escape() throws {
    let last = try #require(try frames("down,m,down,down,escape,tick:400").last)
    #expect(Array(posts(last).prefix(3)) == ["1", "2", "3"], "\(posts(last))")
  }

  @Test("in edit mode each post shows ≡; dragging it by ≡ moves it with the pointer and drops it on release")
  func dragHandle() throws {
    let frames = try frames("e,tick:400,press:97:3,drag:97:12,drag:97:16,release:97:16,tick:400")
    #expect(frames[2][3].hasSuffix("≡"), "\(frames[2][3])")
    // Held under the pointer at line 16: its title is drawn there, over the others.
    #expect(frames[5][16].contains("· #1"), "\(frames[5][16])")
    #expect(Array(posts(frames[7]).prefix(4)) == ["2", "3", "1", "4"], "\(posts(frames[7]))")
  }

  @Test("held at the bottom edge, the feed scrolls by itself across sections of unmeasured posts; the drop lands there")
  func autoscroll() throws {
    let frames = try frames("e,tick:400,press:97:3,drag:97:29,tick:2500,drag:97:15,release:97:15,tick:400")
    let scrolled = frames[5]
    #expect(!scrolled[1].hasPrefix(" Section 1 "), "far from the first section: \(scrolled[1])")
    let last = try #require(frames.last)
    #expect(posts(last).contains("1"), "the dropped post is on screen: \(posts(last))")
    #expect(!last[1].hasPrefix(" Section 1 "), "\(last[1])")
  }
}
