import CGtk
import DemoData
// SPI: the end-to-end tests' state line shows how far the swiped row is pulled (`swipeOffset`).
@_spi(Backend) import TableViewCore
// SPI(Testing): the state line shows the swipe buttons, the refresh indicator, the context menu and the editing
// controls as drawn.
@_spi(Testing) import TableViewGTK

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
      posts.append("[\(number(at: path)),\(b.y),\(b.height)]")
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
      ("feedRows", "\(feed.totalRowCount)"),
      ("deleted", "\(deleted)"),
      ("added", "\(added)"),
      ("pagesLoaded", "\(pagesLoaded)"),
      ("marked", "\(feed.marked.count)"),
      ("isEditing", table.isEditing ? "true" : "false"),
      ("swipedRow", swiped),
      ("swipeOffset", "\(table.swipeOffset)"),
      ("chosenSwipeAction", table.focusedSwipeAction.map { "\($0)" } ?? "null"),
      ("swipeButtons", "[" + buttons.joined(separator: ",") + "]"),
      ("editControls", "[" + controls.joined(separator: ",") + "]"),
      ("posts", "[" + posts.joined(separator: ",") + "]"),
      ("editRect", hook.rect(of: editButton)),
      ("newPostRect", hook.rect(of: newPostButton)),
      ("heights", heightsField),
    ] + reorderAndMenuFields(hook)
  }
}

extension FeedPage {
  /// Moving posts, the context menu and pull to refresh, as JSON fields: the held row and where it
  /// would drop, its rectangle and whether it looks lifted, the last move (post number, section,
  /// row, row in the whole feed, and the number now at that place), the reorder handles shown,
  /// the menu's items (title, rectangle, checked, destructive, enabled), the starred posts and the
  /// refresh indicator.
  func reorderAndMenuFields(_ hook: StateHook) -> [(String, String)] {
    var fields = hook.reorderFields(of: gtkTableView)
    if let move = lastMove, move.to.section < feed.numberOfSections,
      move.to.row < feed.numberOfRows(inSection: move.to.section)
    {
      let now = number(at: move.to)
      fields.append(
        ("lastMove", "[\(move.number),\(move.to.section),\(move.to.row),\(feed.globalRow(of: move.to)),\(now)]"))
    }
    var items: [String] = []
    if gtkTableView.isShowingContextMenu {
      for (action, button) in zip(gtkTableView.contextMenuActions, gtkTableView.contextMenuButtons) {
        let rect = hook.popupRect(of: button, in: gtkTableView.contextMenuPopover)
        let destructive = gtk_widget_has_css_class(button, "destructive") != 0
        let enabled = gtk_widget_get_sensitive(button) != 0
        items.append("[\(Self.jsonString(action.title)),\(rect),\(action.isChecked),\(destructive),\(enabled)]")
      }
    }
    fields.append(("menuItems", "[" + items.joined(separator: ",") + "]"))
    fields.append(("starred", "[" + feed.starred.sorted().map(String.init).joined(separator: ",") + "]"))
    fields.append(("copiedTitle", copiedTitle.map(Self.jsonString) ?? "null"))
    fields.append(("refreshText", Self.jsonString(gtkTableView.refreshIndicatorText)))
    fields.append(("refreshRect", gtkTableView.refreshIndicatorWidget.map { hook.rect(of: $0) } ?? "null"))
    fields.append(("isRefreshing", gtkTableView.table.refreshControl?.isRefreshing == true ? "true" : "false"))
    fields.append(("refreshes", "\(refreshes)"))
    return fields
  }

  /// `text` as a JSON string (quotes, backslashes and control characters escaped).
  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20:
        out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
