import CGtk
import DemoData
import TableViewCore
import TableViewGTK

// The chat page's part of the end-to-end tests' state line (see `StateHook`).

extension ChatPage {
  /// The conversation, the badge, follow mode and where each visible message is drawn, as JSON
  /// fields: `messageTops` lists `[number, top, height, mine]` of every visible row in order (the
  /// loading row as number −1; mine is 1 for the user's own), on the window's surface, so a test can
  /// check that a message stayed put.
  func stateFields(_ hook: StateHook) -> [(String, String)] {
    let table = gtkTableView.table
    var tops: [String] = []
    for path in table.indexPathsForVisibleRows {
      guard let cell = table.cellForRow(at: path) as? GTKView, let b = hook.bounds(of: cell.widget) else { continue }
      let message = chat.message(atRow: path.row)
      let mine = message?.isMine == true ? 1 : 0
      tops.append("[\(message?.number ?? -1),\(json(b.y)),\(json(b.height)),\(mine)]")
    }
    let last = chat.message(atRow: chat.rowCount - 1)
    return [
      ("chatRows", "\(chat.rowCount)"),
      ("historyCount", "\(chat.historyCount)"),
      ("firstLoaded", "\(chat.firstLoaded)"),
      ("endNumber", "\(chat.endNumber)"),
      ("loadingOlder", chat.isLoadingOlder ? "true" : "false"),
      ("pagesLoaded", "\(pagesLoaded)"),
      ("received", "\(received)"),
      ("sent", "\(sent)"),
      ("rowsBelow", "\(table.rowsBelowVisibleArea)"),
      ("badge", badge.isVisible ? json(badge.text) : "null"),
      ("badgeRect", badge.isVisible ? hook.rect(of: badge.widget) : "null"),
      ("jumpRect", hook.rect(of: jumpButton)),
      ("newestRect", hook.rect(of: newestButton)),
      ("entryRect", hook.rect(of: entry)),
      ("isAtBottom", table.isAtBottom ? "true" : "false"),
      ("maximumOffset", json(table.maximumContentOffsetY)),
      ("unreadNumber", "\(unreadNumber)"),
      ("unreadRow", chat.row(ofMessage: unreadNumber).map(String.init) ?? "null"),
      ("lastMessageText", last.map { json($0.text) } ?? "null"),
      ("lastMessageMine", last?.isMine == true ? "true" : "false"),
      ("composerText", json(gtk_editable_get_text(OpaquePointer(entry)).map { String(cString: $0) } ?? "")),
      ("messageTops", "[" + tops.joined(separator: ",") + "]"),
    ]
  }

  /// A JSON number (null when not finite).
  private func json(_ x: Double) -> String { x.isFinite ? String(x) : "null" }

  /// A JSON string literal.
  private func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
