import CGtk
import DemoData
import TableViewCore
import TableViewGTK

// The feed's context menu (a right click on a post, or the Menu key on the selected one): Copy title, Star (a
// check mark while starred), Mark read (checked while read), Move to top (disabled for the first post), Delete
// (red).

extension FeedPage {
  func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  {
    let number = number(at: indexPath)
    let post = FeedPost(number: number)
    let title = feed.isNew(number) ? "\(post.author) @\(post.handle)" : FeedDataSet.postTitle(post)
    let copy = ContextMenuAction(title: "Copy title") { [weak self] _ in
      guard let self else { return }
      gdk_clipboard_set_text(gtk_widget_get_clipboard(self.gtkTableView.viewport), title)
      self.copiedTitle = title
    }
    let star = ContextMenuAction(title: "Star", isChecked: feed.starred.contains(number)) { [weak self] _ in
      guard let self, let path = self.indexPath(ofNumber: number, near: indexPath) else { return }
      self.feed.toggleStar(number)
      try? self.gtkTableView.table.reloadRows(at: [path], with: .fade)
    }
    let read = ContextMenuAction(title: "Mark read", isChecked: feed.read.contains(number)) { [weak self] _ in
      guard let self, let path = self.indexPath(ofNumber: number, near: indexPath) else { return }
      self.feed.toggleRead(number)
      try? self.gtkTableView.table.reloadRows(at: [path], with: .fade)
    }
    let top = IndexPath(row: 0, section: 0)
    let moveToTop = ContextMenuAction(title: "Move to top", attributes: indexPath == top ? .disabled : []) {
      [weak self] _ in
      guard let self, let path = self.indexPath(ofNumber: number, near: indexPath), path != top else { return }
      let table = self.gtkTableView.table
      // Through the data source, as a drop would: the feed moves the post, the row glides up.
      self.tableView(table, moveRowAt: path, to: top)
      try? table.moveRow(at: path, to: top)
    }
    let delete = ContextMenuAction(title: "Delete", attributes: .destructive) { [weak self] _ in
      guard let self, let path = self.indexPath(ofNumber: number, near: indexPath) else { return }
      self.delete(path, with: .fade)
    }
    return ContextMenuConfiguration(title: title, actions: [copy, star, read, moveToTop, delete])
  }

  /// Where post `number` is now: at `path` (where its menu opened) unless the feed changed meanwhile.
  func indexPath(ofNumber number: Int, near path: IndexPath) -> IndexPath? {
    guard path.section < feed.numberOfSections, path.row < feed.numberOfRows(inSection: path.section),
      self.number(at: path) == number
    else { return nil }
    return path
  }
}
