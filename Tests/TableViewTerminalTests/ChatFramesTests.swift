import Foundation
import TerminalKit
import TestSupport
import Testing

/// The chat page in `--frames` mode: time is the script's (`wait:`), so arrivals and pages come exactly when the
/// script says.
@Suite("tableview-demo --frames: the chat page")
struct ChatFramesTests {
  /// Runs the demo on the chat page with `script` at `size` and returns its frames (caption lines dropped).
  func frames(
    _ script: String, size: String = "100x30", arrivals: String = "0", extra: [String] = []
  ) throws -> [ChatScreenLines] {
    let arguments = ["--demo", "chat", "--arrivals", arrivals, "--frames", script, "--size", size] + extra
    let result = try run(try DemoBinary.terminalDemo.path(), arguments)
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
    return frames.map(ChatScreenLines.init)
  }

  @Test("opens at the newest message, exactly at the bottom, following")
  func opensAtTheBottom() throws {
    let frames = try frames("end,home,end")
    let first = frames[0]
    #expect(first.lines.count == 30)
    #expect(first.lines[0].contains("5 Chat"))
    #expect(first.status.hasPrefix(" 60 of 1,000,000 messages loaded · following"))
    #expect(first.composer.contains("Type a message"))
    let table = first.table
    #expect(table.count == 26)
    #expect(table.last == "", "the newest message's blank line is the last one")
    #expect(table[table.count - 2] != "", "the newest message's text is right above it")
    #expect(frames[1].table == table, "End at the start changes nothing: it opened at the end")
    #expect(frames[2].table != table, "Home goes up")
    #expect(frames[3].table == table, "End comes back exactly")
  }

  @Test("a message arriving from the timer comes into view at the bottom")
  func arrivalAtTheBottom() throws {
    let frames = try frames("wait:1900,wait:200", arrivals: "2")
    #expect(frames[1].table == frames[0].table, "nothing before two seconds")
    #expect(frames[1].status.hasPrefix(" 60 of 1,000,000 messages loaded"))
    let after = frames[2]
    #expect(after.status.hasPrefix(" 61 of 1,000,001 messages loaded · following"))
    // The old bottom moved up by the new message's height, which now ends the screen.
    let before = frames[0].table
    let shift = try #require(
      (1..<before.count).first {
        Array(after.table.prefix(before.count - $0)) == Array(before.suffix(before.count - $0))
      })
    #expect(shift >= 3, "a title, at least one line of text and a blank line")
    #expect(after.table.last == "" && after.table[after.table.count - 2] != "")
  }

  @Test("scrolled up, arrivals leave the screen still and count in the badge; clicking it goes to the newest")
  func badge() throws {
    let frames = try frames("pgup,ctrl-n,ctrl-n,click:90:26")
    let scrolled = frames[1]
    #expect(!scrolled.status.contains("following"))
    #expect(scrolled.badgeCount == nil)
    #expect(frames[2].badgeCount == 1 && frames[3].badgeCount == 2)
    #expect(frames[3].status.contains("62 of 1,000,002 messages loaded · 2 new below"))
    #expect(frames[2].table == scrolled.table && frames[3].table == scrolled.table, "nothing on screen moved")
    // The badge is on the table's last line, at the right: a click there goes to the newest, exactly.
    let badgeLine = try #require(frames[3].lines.firstIndex { $0.contains("2 new ↓") })
    #expect(badgeLine == 26)
    #expect(frames[3].lines[26].range(of: "2 new ↓")!.lowerBound > frames[3].lines[26].startIndex)
    let reference = try self.frames("ctrl-n,ctrl-n")
    #expect(reference[2].status.contains("following"))
    #expect(frames[4].table == reference[2].table, "the same screen as when the messages arrived at the bottom")
    #expect(frames[4].badgeCount == nil && frames[4].status.contains("following"))
  }

  @Test("near the top the loading row shows; the page arrives after the delay and nothing on screen moves")
  func pageAbove() throws {
    let frames = try frames("home,wait:250,wait:100")
    let loading = frames[1]
    #expect(loading.table[0].contains("Loading older messages…"))
    #expect(loading.status.contains("60 of 1,000,000 messages loaded · loading older…"))
    #expect(frames[2].table == loading.table, "not before the delay")
    let arrived = frames[3]
    #expect(arrived.status.hasPrefix(" 110 of 1,000,000 messages loaded"))
    #expect(!arrived.status.contains("loading"))
    #expect(!arrived.table[0].contains("Loading"), "the loading row went up with the page above it")
    #expect(Array(arrived.table.dropFirst()) == Array(loading.table.dropFirst()), "every message stayed in place")
  }

  @Test("a custom page delay: the page waits for it")
  func pageDelayOption() throws {
    let frames = try frames("home,wait:900,wait:200", extra: ["--page-delay", "1"])
    #expect(frames[2].status.contains("loading older…"))
    #expect(frames[3].status.hasPrefix(" 110 of"))
  }

  @Test("Ctrl-G lands exactly on the first unread message, 50,000 up; End comes back exactly")
  func jumpToUnread() throws {
    let frames = try frames("ctrl-g,wait:400,end")
    let jumped = frames[1]
    #expect(jumped.table[0].contains("Unread messages"), "the unread banner is the first line")
    #expect(jumped.status.hasPrefix(" 50,000 of 1,000,000 messages loaded"))
    #expect(frames[2].status.hasPrefix(" 50,050 of"), "the next page came, above")
    #expect(frames[2].table == jumped.table, "and nothing on screen moved")
    #expect(frames[3].table == frames[0].table, "back at the newest, exactly")
    #expect(frames[3].status.contains("following"))
  }

  @Test("typed text (CJK, q, ? and digits too) goes to the composer; Enter sends it to the bottom, on the right")
  func composer() throws {
    let frames = try frames("h,i,space,你,好,space,q,?,1,x,backspace,enter,a,esc")
    let typed = frames[9]
    #expect(typed.composer.hasPrefix(" › hi 你好 q?1"))
    #expect(typed.lines[0].contains("5 Chat"), "1 did not switch the tab")
    #expect(frames[10].composer.hasPrefix(" › hi 你好 q?1x"))
    #expect(frames[11].composer == typed.composer, "Backspace took the x back")
    let sent = frames[12]
    #expect(sent.status.hasPrefix(" 61 of 1,000,001 messages loaded"))
    #expect(sent.composer.contains("Type a message"), "the composer is empty again")
    let body = try #require(sent.table.last { $0 != "" })
    #expect(body.hasSuffix("hi 你好 q?1"))
    #expect(body.displayWidth == 98, "right-aligned: it ends two cells from the right edge")
    #expect(sent.table[sent.table.count - 3].hasSuffix("me · 11:33"), "under the user's name")
    #expect(frames[13].composer.hasPrefix(" › a"))
    #expect(frames[14].composer.contains("Type a message"), "Esc clears it")
  }

  @Test("a long message in the composer shows its end, in display cells")
  func longComposer() throws {
    let script = Array(repeating: "你", count: 30).joined(separator: ",") + ",x,y"
    let last = try #require(try frames(script, size: "40x12").last)
    #expect(last.composer.hasPrefix(" › …"))
    #expect(last.composer.hasSuffix("你xy"))
    #expect(last.composer.displayWidth <= 40)
  }

  @Test("F1 shows the chat's keys; q is text here, Ctrl-C quits")
  func keys() throws {
    let frames = try frames("f1,space,q,ctrl-c,x")
    #expect(frames[1].lines.contains { $0.contains("Ctrl-G") && $0.contains("first unread") })
    #expect(frames[1].lines.contains { $0.contains("Ctrl-C") && $0.contains("quit") })
    #expect(frames.count == 4, "Ctrl-C ended the script")
    #expect(frames[3].composer.hasPrefix(" › q"))
  }

  @Test("every line fits the width, CJK counted as two cells, down to 20×6")
  func widths() throws {
    for size in [(100, 30), (80, 24), (20, 6)] {
      let frames = try frames(
        "你,好,pgup,ctrl-n,home,wait:300,ctrl-g,wait:300,f1,x,end", size: "\(size.0)x\(size.1)")
      #expect(frames.count == 12)
      for frame in frames {
        #expect(frame.lines.count == size.1)
        for line in frame.lines { #expect(line.displayWidth <= size.0, "\(line)") }
      }
    }
  }

  @Test("bad --arrivals and --page-delay values are refused with exit code 2")
  func badOptions() throws {
    for arguments in [
      ["--arrivals", "-1"], ["--arrivals", "nan"], ["--page-delay", "x"], ["--page-delay", "1e300"],
    ] {
      let result = try run(try DemoBinary.terminalDemo.path(), arguments + ["--frames", ""])
      #expect(result.status == 2, "\(arguments)")
      #expect(result.standardError.contains("needs seconds"), "\(arguments)")
    }
  }
}
