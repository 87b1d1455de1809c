import CGtk
import DemoData
import TableViewCore
import TableViewGTK

// The feed page's part of the end-to-end tests' state line (see `StateHook`).

extension FeedPage {
  /// The posts, edit mode, the swiped row and its action buttons, and where each visible post and
  /// its editing control are drawn, as JSON fields (rectangles on the window's surface: x, y,
  /// width, height). `posts` lists `[number, top, height]` of every visible row in order.
  func stateFields(_ hook: StateHook) -> [(String, String)] {
    let table = gtkTableView.table
    var posts: [String] = []
    var controls: [String] = []
    for path in table.indexPathsForVisibleRows {
      guard let cell = table.cellForRow(at: path) as? GTKTableViewCell, let b = hook.bounds(of: cell.widget) else {
        continue
      }
      posts.append("[\(feed.number(at: path)),\(b.y),\(b.height)]")
      if gtk_widget_get_child_visible(cell.editingControl) != 0, cell.editingProgress == 1,
        let c = hook.bounds(of: cell.editingControl)
      {
        controls.append("[\(path.section),\(path.row),\(c.x),\(c.y),\(c.width),\(c.height)]")
      }
    }
    var buttons: [String] = []
    if let viewport = hook.bounds(of: gtkTableView.viewport) {
      for button in gtkTableView.swipeButtonFrames {
        let f = button.frame
        buttons.append("[\"\(button.title)\",\(viewport.x + f.minX),\(viewport.y + f.minY),\(f.width),\(f.height)]")
      }
    }
    let swiped = table.swipedRow.map { "[\($0.section),\($0.row)]" } ?? "null"
    return [
      ("feedRows", "\(feed.rowCount)"),
      ("deleted", "\(deleted)"),
      ("added", "\(added)"),
      ("pagesLoaded", "\(pagesLoaded)"),
      ("marked", "\(feed.marked.count)"),
      ("isEditing", table.isEditing ? "true" : "false"),
      ("swipedRow", swiped),
      ("swipeOffset", "\(table.swipeOffset)"),
      ("swipeButtons", "[" + buttons.joined(separator: ",") + "]"),
      ("editControls", "[" + controls.joined(separator: ",") + "]"),
      ("posts", "[" + posts.joined(separator: ",") + "]"),
      ("editRect", hook.rect(of: editButton)),
      ("newPostRect", hook.rect(of: newPostButton)),
      ("heights", heightsField),
    ]
  }
}
