import CGtk
import DemoData
import DemoDatabase
import TableViewCore
import TableViewGTK
import TableViewSQLite

// The database chat page's part of the end-to-end tests' state line (see `StateHook`): the in-memory chat's
// fields where they mean the same (so a test reads both alike), and the database's.

extension DatabaseChatPage {
  /// The chat, the badge, follow mode and where each visible message is drawn, as JSON fields: `messageTops`
  /// lists `[number, top, height, mine]` of every visible row in order (a placeholder as number −1), on the
  /// window's surface; `endNumber` is one past the newest message's number.
  func stateFields(_ hook: StateHook) -> [(String, String)] {
    let table = gtkTableView.table
    var tops: [String] = []
    for path in table.indexPathsForVisibleRows {
      guard let cell = table.cellForRow(at: path) as? GTKView, let b = hook.bounds(of: cell.widget) else { continue }
      let message = source?.post(at: path).map(ChatDatabase.message)
      let mine = message?.isMine == true ? 1 : 0
      tops.append("[\(message?.number ?? -1),\(json(b.y)),\(json(b.height)),\(mine)]")
    }
    let lastPath = table.numberOfSections > 0 ? lastRow(of: table) : nil
    let last = lastPath.flatMap { source?.post(at: $0) }.map(ChatDatabase.message)
    let endNumber = lastPath.flatMap { source?.postID(at: $0) }.map { Int($0) } ?? 0
    return [
      ("database", store.map { FeedPage.jsonString($0.path) } ?? "null"),
      ("databaseOpen", source != nil ? "true" : "false"),
      ("chatRows", "\(table.totalRowCount)"),
      ("endNumber", "\(endNumber)"),
      ("placeholders", "\(source?.placeholderCount ?? 0)"),
      ("databaseUpdates", "\(updatesApplied)"),
      ("received", "\(received)"),
      ("sent", "\(sent)"),
      ("rowsBelow", "\(table.rowsBelowVisibleArea)"),
      ("badge", badge.isVisible ? FeedPage.jsonString(badge.text) : "null"),
      ("badgeRect", badge.isVisible ? hook.rect(of: badge.widget) : "null"),
      ("newestRect", hook.rect(of: newestButton)),
      ("entryRect", hook.rect(of: entry)),
      ("isAtBottom", table.isAtBottom ? "true" : "false"),
      ("maximumOffset", json(table.maximumContentOffsetY)),
      ("lastMessageText", last.map { FeedPage.jsonString($0.text) } ?? "null"),
      ("lastMessageMine", last?.isMine == true ? "true" : "false"),
      (
        "composerText",
        FeedPage.jsonString(gtk_editable_get_text(OpaquePointer(entry)).map { String(cString: $0) } ?? "")
      ),
      ("lastError", lastError.map(FeedPage.jsonString) ?? "null"),
      ("messageTops", "[" + tops.joined(separator: ",") + "]"),
    ]
  }

  /// The table's last row (skipping empty sections at the end).
  func lastRow(of table: TableView) -> IndexPath? {
    for section in stride(from: table.numberOfSections - 1, through: 0, by: -1) {
      let rows = table.numberOfRows(inSection: section)
      if rows > 0 { return IndexPath(row: rows - 1, section: section) }
    }
    return nil
  }

  /// A JSON number (null when not finite).
  private func json(_ x: Double) -> String { x.isFinite ? String(x) : "null" }
}
