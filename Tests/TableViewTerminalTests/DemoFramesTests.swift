import Foundation
import TerminalKit
import TestSupport
import Testing

/// The demo's `--frames` mode: plain-text frames of a scripted session, no terminal needed.
@Suite("tableview-demo --frames")
struct DemoFramesTests {
  /// Runs the demo with `arguments` and splits its output into frames (caption line dropped).
  func frames(_ arguments: [String], input: String = "") throws -> [[String]] {
    let result = try run(try DemoBinary.terminalDemo.path(), arguments, input: input)
    #expect(result.status == 0, "\(result.standardError)")
    var frames: [[String]] = []
    for line in result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("── frame ") {
        frames.append([])
      } else if !frames.isEmpty {
        frames[frames.count - 1].append(String(line))
      }
    }
    if frames.last?.last == "" { frames[frames.count - 1].removeLast() }
    return frames
  }

  @Test("the first frame shows the tab bar, a sticky header, posts and the status line")
  func firstFrame() throws {
    let frames = try frames(["--frames", "", "--size", "100x30"])
    let frame = try #require(frames.first)
    #expect(frames.count == 1)
    #expect(frame.count == 30)
    #expect(frame[0].contains("1 Feed"))
    #expect(frame[1].hasPrefix(" Section 1 · 第 1 组 ─"))
    #expect(frame[2].hasPrefix(" posts #1–#1,000"))
    #expect(frame[3].contains("#1"))
    #expect(frame[29].hasPrefix(" 1,000,000 rows · "))
    #expect(frame[29].contains("alive") && frame[29].contains("created") && frame[29].contains("reused"))
    #expect(frame[29].contains("layout"))
    #expect(frame[29].contains("heights 100 cols "), "how far the heights at this width are measured")
  }

  @Test("a resize and back: idle time measures the width the feed left, and it comes back to the same lines")
  func resizeAndBack() throws {
    let frames = try frames([
      "--rows", "300", "--size", "100x30", "--frames", "pgdn,pgdn,resize:80x30,idle,wait:1500,resize:100x30",
    ])
    #expect(frames.count == 7)
    #expect(frames[2][29].contains("heights 100 cols ") && !frames[2][29].contains(" 80 cols"))
    #expect(frames[3][29].contains("heights 80 cols ") && frames[3][29].contains(" · 100 cols "))
    #expect(frames[4][29].contains("heights 80 cols 100% · 100 cols 100%"), "\(frames[4][29])")
    // 80 columns held a second and a half: back at 100, the table expects 80 again.
    #expect(frames[6][29].contains("heights 100 cols 100% · 80 cols 100%"), "\(frames[6][29])")
    #expect(frames[3].prefix(29) != frames[2].prefix(29), "80 columns wrap the posts otherwise")
    #expect(Array(frames[6].prefix(29)) == Array(frames[2].prefix(29)), "back at 100 columns: the same lines")
  }

  @Test("every line fits the width, counting CJK as two cells, at 100×30 and 80×24")
  func widths() throws {
    for (width, height) in [(100, 30), (80, 24)] {
      let frames = try frames(["--frames", "pgdn,pgdn,end,?", "--size", "\(width)x\(height)"])
      #expect(frames.count == 5)
      for frame in frames {
        #expect(frame.count == height)
        for line in frame { #expect(line.displayWidth <= width, "\(line)") }
      }
    }
  }

  @Test("down, down, Enter selects the second post: marked, and named on the status line before the diagnostics")
  func enterSelects() throws {
    let last = try #require(try frames(["--frames", "down,down,enter", "--size", "140x30"]).last)
    let row = try #require(last.firstIndex { $0.contains("· #2") })
    #expect(last[row].hasPrefix("▌"))
    #expect(last[row].hasSuffix("✓"))
    #expect(last[row + 1].hasPrefix("▌"), "the whole post is selected")
    let status = try #require(last.last)
    let selected = try #require(status.range(of: "selected §1 #2"), "\(status)")
    #expect(status[selected.upperBound...].contains("alive"), "\(status)")
  }

  @Test("PgDn moves on: the first post leaves the screen, the header stays")
  func pageDown() throws {
    let frames = try frames(["--frames", "pgdn,pgdn"])
    #expect(frames[0].contains { $0.contains("· #1") })
    #expect(!frames[2].contains { $0.hasSuffix("· #1") })
    #expect(frames[2][1].hasPrefix(" Section 1 "))
    #expect(frames[2] != frames[1] && frames[1] != frames[0])
  }

  @Test("] and Ctrl-Y show section 1's header pushed up by section 2's")
  func pushedHeader() throws {
    let frames = try frames(["--frames", "],ctrl-y"])
    #expect(frames[1][1].hasPrefix(" Section 2 "))
    #expect(frames[2][1].hasPrefix(" posts #1–#1,000"), "the bottom line of section 1's header")
    #expect(frames[2][2].hasPrefix(" Section 2 "))
  }

  @Test("the script can come from standard input; q ends it")
  func standardInput() throws {
    let frames = try frames(["--frames", "-", "--size", "60x12"], input: "down\nq\ndown\n")
    #expect(frames.count == 2)
    #expect(frames[1].count == 12)
  }

  @Test("Tab switches to ten million fixed-height rows; End reaches the last one")
  func fixedRows() throws {
    let frames = try frames(["--frames", "tab,end", "--size", "80x24"])
    #expect(frames[1][1].hasPrefix(" Rows 1–100,000"))
    #expect(frames[1][23].hasPrefix(" 10,000,000 rows"))
    #expect(frames[2][22].hasPrefix("▌ Row 10,000,000"))
  }

  @Test("--rows and --demo choose the data set and the screen")
  func options() throws {
    let frames = try frames(["--frames", "end", "--rows", "2500", "--demo", "fixed", "--size", "60x10"])
    #expect(frames[1][8].hasPrefix("▌ Row 2,500"))
    #expect(frames[1][9].hasPrefix(" 2,500 rows"))
  }

  @Test("a bad token or option is reported with exit code 2")
  func badInput() throws {
    let token = try run(try DemoBinary.terminalDemo.path(), ["--frames", "down,sideways"])
    #expect(token.status == 2)
    #expect(token.standardError.contains("unknown --frames token \"sideways\""))
    let option = try run(try DemoBinary.terminalDemo.path(), ["--bogus"])
    #expect(option.status == 2)
    #expect(option.standardError.contains("unknown option"))
  }

  @Test("without a terminal, or with TERM=dumb, the demo explains and exits with code 2")
  func noTerminal() throws {
    let piped = try run(try DemoBinary.terminalDemo.path(), [])
    #expect(piped.status == 2)
    #expect(piped.standardError.contains("must be a terminal"))
    #expect(piped.standardOutput.isEmpty, "no escape sequences written")
  }
}
