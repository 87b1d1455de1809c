/// A row's context menu (UIKit's `UIContextMenuConfiguration` with its `UIMenu`): a title and the
/// actions, in order. The delegate makes one in
/// `tableView(_:contextMenuConfigurationForRowAt:point:)`; backends show it (GTK: a popover on a right
/// click or the Menu key; terminal: a small menu drawn over the table) and run the chosen action's
/// handler.
///
///     ContextMenuConfiguration(title: "Post #12", actions: [
///       ContextMenuAction(title: "Copy text") { _ in pasteboard = post.text },
///       ContextMenuAction(title: "Delete", attributes: .destructive) { _ in delete(path) },
///     ])
public struct ContextMenuConfiguration {
  /// The menu's title (may be empty).
  public var title: String
  /// The actions, top to bottom.
  public var actions: [ContextMenuAction]

  /// A menu.
  public init(title: String = "", actions: [ContextMenuAction]) {
    self.title = title
    self.actions = actions
  }
}
