// Context menus: the delegate's menu for a row, asked for by a backend (a right click, a long
// press, the Menu key); the backend shows it and runs the chosen action.

extension TableView {
  /// The context menu of the row at `indexPath`, for a press at `point` (content coordinates; the
  /// row's middle for a key): the delegate's, or nil when it has none, the row does not exist, or
  /// the menu has no actions. A swiped row closes first.
  /// - Complexity: O(log n) and one delegate call.
  @_spi(Backend) public func contextMenuConfiguration(forRowAt indexPath: IndexPath, point: Point? = nil)
    -> ContextMenuConfiguration?
  {
    guard isValid(indexPath), let delegate, editing.reorder == nil else { return nil }
    let rect = (try? rectForRow(at: indexPath)) ?? .zero
    var at = point ?? Point(x: rect.minX + rect.width / 2, y: rect.midY)
    if !at.x.isFinite || !at.y.isFinite {
      report(
        TableViewError(
          .invalidArgument, "contextMenuConfiguration(forRowAt:point: \(at)): not finite; the row's middle is used"))
      at = Point(x: rect.minX + rect.width / 2, y: rect.midY)
    }
    closeSwipe(animated: true)
    let menu = askingDataSource { delegate.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: at) }
    guard let menu, !menu.actions.isEmpty else { return nil }
    return menu
  }
}
