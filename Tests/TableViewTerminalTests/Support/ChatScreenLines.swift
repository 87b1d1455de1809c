import Foundation
import TerminalKit

/// The parts of a screen of the demo's chat page (a `--frames` frame or a tmux capture): the tab bar on line 0,
/// the table's lines, a rule, the composer line and the status line.
struct ChatScreenLines {
  /// The whole screen, one string a line.
  let lines: [String]

  /// The rule above the composer: a line of "─" only.
  var ruleIndex: Int? {
    lines.firstIndex { $0.count >= 4 && $0.allSatisfy { $0 == "─" } }
  }

  /// The table's lines (between the tab bar and the rule), without the scroll indicator's thumb, the "N new ↓"
  /// badge or trailing spaces: what the messages put on screen.
  var table: [String] {
    guard let rule = ruleIndex, rule > 1 else { return [] }
    return lines[1..<rule].map { line in
      var text = line.replacingOccurrences(of: "┃", with: "")
      if let badge = text.range(of: #" [0-9,]+ new ↓ *$"#, options: .regularExpression) {
        text.removeSubrange(badge)
      }
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// The "N new ↓" badge's count, if the badge shows.
  var badgeCount: Int? {
    guard let rule = ruleIndex, rule > 1,
      let match = lines[rule - 1].range(of: #"[0-9,]+ new ↓"#, options: .regularExpression)
    else { return nil }
    return Int(lines[rule - 1][match].split(separator: " ")[0].replacingOccurrences(of: ",", with: ""))
  }

  /// The composer's line (after the rule).
  var composer: String {
    guard let rule = ruleIndex, rule + 1 < lines.count else { return "" }
    return lines[rule + 1]
  }

  /// The status line (the last line that is not empty: a tmux capture ends with an empty one).
  var status: String { lines.last { !$0.isEmpty } ?? "" }

  /// The number of messages loaded, from the status line ("60 of 1,000,000 messages loaded").
  var loadedCount: Int? {
    guard let match = status.range(of: #"^ *[0-9,]+ of"#, options: .regularExpression) else { return nil }
    return Int(status[match].dropLast(3).filter(\.isNumber))
  }
}
