import CGtk
import DemoData
import TableViewCore
import TableViewGTK

// Moving posts in the feed: every post can move (its ≡ in edit mode, a long press, or m on the selected post), in
// its section or into another; the headers of the sections involved show their new counts.

extension FeedPage {
  /// Every post can be moved.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }

  /// A post dropped (or moved by Move to top): the feed moves it and the headers on screen follow.
  func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    let number = number(at: sourceIndexPath)
    guard feed.movePost(from: sourceIndexPath, to: destinationIndexPath) else { return }
    lastMove = (number, destinationIndexPath)
    if lastSelected == sourceIndexPath { lastSelected = destinationIndexPath }
    for section in Set([sourceIndexPath.section, destinationIndexPath.section]) { refreshHeader(ofSection: section) }
  }

  /// A section header's second line: its post count, "edited" once the user changed the section (as the terminal
  /// feed says it: the same data, `EditableFeed`).
  func headerDetail(section: Int) -> String { feed.headerDetail(section: section) }

  /// Shows the section's new post count in its header, if the header is on screen.
  func refreshHeader(ofSection section: Int) {
    for entry in gtkTableView.table.visibleHeaderViews where entry.section == section {
      (entry.view as? GTKTableViewHeaderFooterView)?.detailTextLabel.text = headerDetail(section: section)
    }
  }
}
