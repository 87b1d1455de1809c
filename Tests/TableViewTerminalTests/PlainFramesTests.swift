import Foundation
import TerminalKit
import TestSupport
import Testing

/// The plain interface in `--frames` mode: no box-drawing decoration anywhere (rules, bars, the scroll indicator,
/// the help's border), no status line, and the last lines say which row is focused, of how many, with its text.
@Suite("tableview-demo --plain --frames")
struct PlainFramesTests {
  /// Runs the demo and splits its output into frames (caption lines dropped).
  func frames(_ arguments: [String]) throws -> [[String]] { try DemoFramesTests().frames(arguments) }

  /// Whether a line has box-drawing or block characters (U+2500–U+259F).
  func hasBoxDrawing(_ line: String) -> Bool {
    line.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) }
  }

  @Test("no box drawing on any screen, help included; the decorated frames do have it")
  func noBoxDrawing() throws {
    for demo in ["feed", "fixed", "loop", "chat"] {
      let plain = try frames(["--plain", "--demo", demo, "--frames", "down,down,pgdn,?", "--size", "80x24"])
      #expect(plain.count == 5)
      for frame in plain {
        #expect(frame.count == 24)
        for line in frame { #expect(!hasBoxDrawing(line), "\(demo): \(line)") }
        #expect(!frame.contains { $0.contains("alive ·") }, "\(demo): no status line")
      }
    }
    let decorated = try frames(["--demo", "feed", "--frames", "down,?", "--size", "80x24"])
    #expect(decorated.flatMap { $0 }.contains { hasBoxDrawing($0) }, "the check can fail")
  }

  @Test("the last lines announce the focused row: its place in the whole table and its text")
  func announces() throws {
    let frames = try frames(["--plain", "--demo", "fixed", "--frames", "down,down,]", "--size", "80x24"])
    let bottom = frames.map { $0.suffix(3).joined(separator: " ") }
    #expect(bottom[1].hasPrefix("row 1 of 10,000,000, section 1: Row 1,"), "\(bottom[1])")
    #expect(bottom[2].hasPrefix("row 2 of 10,000,000, section 1: Row 2,"), "\(bottom[2])")
    #expect(bottom[3].hasPrefix("row 100,001 of 10,000,000, section 2: Row 100,001"), "\(bottom[3])")
    #expect(frames[1].contains { $0.hasPrefix("> Row 1 ") }, "the selection is marked with >")
  }

  @Test("a context menu without a border; the announcement names the chosen action")
  func contextMenu() throws {
    let frames = try frames(["--plain", "--frames", "down,c,down", "--size", "80x24"])
    for frame in frames { for line in frame { #expect(!hasBoxDrawing(line), "\(line)") } }
    let bottom = frames.map { $0.suffix(3).joined(separator: " ") }
    #expect(bottom[2].hasPrefix("menu Post #1: Star, 1 of 5"), "\(bottom[2])")
    #expect(bottom[3].hasPrefix("menu Post #1: Read, 2 of 5"), "\(bottom[3])")
    #expect(frames[3].contains { $0.contains("Read") && $0.contains("Post") == false })
  }

  @Test("the date picker announces the date and the wheel the arrows turn")
  func datePicker() throws {
    let frames = try frames(["--plain", "--demo", "date", "--frames", "right,down", "--size", "80x16"])
    let bottom = frames.map { $0.suffix(3).joined(separator: " ") }
    #expect(bottom[0].contains("; turning the year"), "\(bottom[0])")
    #expect(bottom[1].contains("; turning the month"), "\(bottom[1])")
    #expect(bottom[2] != bottom[1] && bottom[2].contains("; turning the month"), "the month turned: \(bottom[2])")
  }

  @Test("the help lists Ctrl-Z and Space, plain or not")
  func helpLists() throws {
    for arguments in [["--plain"], []] {
      let help = try #require(try frames(arguments + ["--frames", "?", "--size", "100x30"]).last)
      #expect(help.contains { $0.contains("Ctrl-Z") && $0.contains("suspend") }, "\(arguments)")
      #expect(help.contains { $0.contains("Space") }, "\(arguments)")
    }
  }
}
