/// Heights, display, selection and highlight callbacks, and header/footer views, as
/// `UITableViewDelegate`. Every method has a default, so a delegate implements only what it needs,
/// with UIKit's names:
///
///     final class Feed: TableViewDataSource, TableViewDelegate {
///       func tableView(_ t: TableView, heightForRowAt p: IndexPath) -> Double { heights[p.row] }
///       func tableView(_ t: TableView, didSelectRowAt p: IndexPath) { open(p) }
///       …
///     }
///
/// The height methods are optional as in UIKit: without `heightForRowAt` rows are the table's
/// `rowHeight` tall (or self-sized) and the table keeps no per-row memory; without
/// `estimatedHeightForRowAt` the table's `estimatedRowHeight` applies; without the header and
/// footer heights, `sectionHeaderHeight` and `sectionFooterHeight`. The table learns which ones the
/// delegate implements from the first call it makes after each reload (the defaults tell it), so it
/// never asks a row's height just to find out the delegate has none.
///
/// Write the methods in the class that adopts the protocol: Swift calls a protocol's methods through
/// the adopting class, so a method a subclass adds later is not seen (unlike Objective-C's
/// `respondsToSelector:`); a subclass overrides one the superclass already has.
public protocol TableViewDelegate: AnyObject {
  /// The height of the row. Asked for every row on `reloadData()` unless the table has
  /// estimates, in which case it is asked when the row is about to show.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
  /// An estimate of the row's height, used until the row is measured; asked for every row on
  /// `reloadData()` (O(rows)), so prefer the table's `estimatedRowHeight` (O(sections)) when one
  /// number will do.
  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double
  /// The height of the header of `section`.
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
  /// The height of the footer of `section`.
  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
  /// A cell is about to be shown for `indexPath`.
  func tableView(_ tableView: TableView, willDisplay cell: any ReusableView, forRowAt indexPath: IndexPath)
  /// A cell stopped showing `indexPath` (it scrolled away, or its row was deleted or reloaded).
  func tableView(_ tableView: TableView, didEndDisplaying cell: any ReusableView, forRowAt indexPath: IndexPath)
  /// A cell is about to be shown for one appearance of a row: `lap` tells which, in a looping
  /// table where a row can be on screen twice (0 otherwise). Defaults to `willDisplay(_:forRowAt:)`.
  func tableView(
    _ tableView: TableView, willDisplay cell: any ReusableView, forRowAt indexPath: IndexPath, lap: Int)
  /// A cell stopped showing one appearance of a row. Defaults to `didEndDisplaying(_:forRowAt:)`.
  func tableView(
    _ tableView: TableView, didEndDisplaying cell: any ReusableView, forRowAt indexPath: IndexPath, lap: Int)
  /// The user selected a row by tapping one of its appearances. Defaults to `didSelectRowAt`.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath, lap: Int)
  /// Whether a touch may highlight the row (default true).
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  /// The row was highlighted by a touch.
  func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
  /// The row lost its highlight.
  func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
  /// The row is about to be selected: return it, another row to select instead, or `nil` to refuse.
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  /// The row was selected by the user.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  /// The row is about to be deselected: return it, another row, or `nil` to keep it selected.
  func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
  /// The row was deselected by the user.
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
  /// A view for the header of `section`, usually from `dequeueReusableHeaderFooterView(withIdentifier:)`.
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)?
  /// A view for the footer of `section`.
  func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> (any ReusableView)?
  /// The header view of `section` is about to be shown.
  func tableView(_ tableView: TableView, willDisplayHeaderView view: any ReusableView, forSection section: Int)
  /// The footer view of `section` is about to be shown.
  func tableView(_ tableView: TableView, willDisplayFooterView view: any ReusableView, forSection section: Int)
  /// The header view of `section` stopped showing (it scrolled away, or its section was deleted or reloaded).
  func tableView(_ tableView: TableView, didEndDisplayingHeaderView view: any ReusableView, forSection section: Int)
  /// The footer view of `section` stopped showing.
  func tableView(_ tableView: TableView, didEndDisplayingFooterView view: any ReusableView, forSection section: Int)
  /// The rows are to be sorted otherwise: the table's ``TableView/columnState`` has new sort descriptors (a click on
  /// a column's title, or the app's own change), `oldDescriptors` the ones before (AppKit's
  /// `tableView(_:sortDescriptorsDidChange:)`). Sort the data (or ask the database for that order) and reload.
  func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor])
  /// The content offset changed.
  func tableViewDidScroll(_ tableView: TableView)
  /// A drag is about to end with `velocity` (points per second): `targetContentOffset` holds
  /// where the fling would stop; change it and the deceleration ends exactly there
  /// (UIScrollView's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`).
  func tableViewWillEndDragging(_ tableView: TableView, velocity: Double, targetContentOffset: inout Double)
  /// A drag ended; `willDecelerate` tells whether a deceleration follows.
  func tableViewDidEndDragging(_ tableView: TableView, willDecelerate: Bool)
  /// A deceleration (or bounce) came to rest.
  func tableViewDidEndDecelerating(_ tableView: TableView)
  /// An animated `setContentOffset`/`scrollToRow` arrived.
  func tableViewDidEndScrollingAnimation(_ tableView: TableView)
  /// Rows arrived below the visible area while the table was not following them
  /// (`TableView.isFollowingAppendedRows`): `count` is how many since the user was last at the
  /// bottom (`TableView.rowsBelowVisibleArea`), for a "N new ↓" badge. Told again with 0 when the
  /// user reaches the bottom, or the app resets the count (`resetRowsBelowVisibleArea()`). UIKit
  /// has no equivalent.
  func tableView(_ tableView: TableView, didReceiveRowsBelowVisibleArea count: Int)
  /// The visible area came within `TableView.edgeApproachDistance` of the top of the content: time
  /// to load an older page (insert it above; with `maintainsVisibleContentPosition` nothing on screen
  /// moves). Told once per approach (see `edgeApproachDistance`).
  func tableViewDidApproachTop(_ tableView: TableView)
  /// The visible area came within `TableView.edgeApproachDistance` of the bottom of the content:
  /// time to load a newer page. Told once per approach (see `edgeApproachDistance`).
  func tableViewDidApproachBottom(_ tableView: TableView)
  /// The row's editing control in edit mode (default `.delete`, as UIKit's).
  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableView.EditingStyle
  /// The row's context menu for a press at `point` (content coordinates), or nil for none (the
  /// default). UIKit's `contextMenuConfigurationForRowAt`.
  func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  /// Where a row being moved would drop, given the slot under it (`proposedDestinationIndexPath`,
  /// the destination of UIKit's `moveRowAt`): return it, or another slot to redirect the drop
  /// (e.g. to keep rows within their section). Asked as the row moves. Default: the proposal.
  func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath
  /// The actions a swipe from the leading edge reveals (default none).
  func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  /// The actions a swipe from the trailing edge reveals. `nil` (the default) asks for UIKit's
  /// default set: a destructive "Delete" action that commits `.delete` when the data source commits
  /// editing styles (``TableViewDataSource/commitsEditingStyle``) and the row's editing style is
  /// `.delete`, none otherwise. A configuration without actions reveals none.
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
}

extension TableViewDelegate {
  /// The table's `rowHeight` (the table then knows the delegate gives no row heights).
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    tableView.delegateUsedDefault(.rowHeight)
    return tableView.rowHeight
  }
  /// The table's `estimatedRowHeight` (the table then knows the delegate gives no per-row estimates).
  public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double {
    tableView.delegateUsedDefault(.estimatedRowHeight)
    return tableView.estimatedRowHeight
  }
  /// The table's `sectionHeaderHeight` (the table then knows the delegate gives no header heights).
  public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
    tableView.delegateUsedDefault(.headerHeight)
    return tableView.sectionHeaderHeight
  }
  /// The table's `sectionFooterHeight` (the table then knows the delegate gives no footer heights).
  public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double {
    tableView.delegateUsedDefault(.footerHeight)
    return tableView.sectionFooterHeight
  }
  /// Does nothing.
  public func tableView(_ tableView: TableView, willDisplay cell: any ReusableView, forRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, didEndDisplaying cell: any ReusableView, forRowAt indexPath: IndexPath
  ) {}
  /// Forwards to `tableView(_:willDisplay:forRowAt:)`.
  public func tableView(
    _ tableView: TableView, willDisplay cell: any ReusableView, forRowAt indexPath: IndexPath, lap: Int
  ) {
    self.tableView(tableView, willDisplay: cell, forRowAt: indexPath)
  }
  /// Forwards to `tableView(_:didEndDisplaying:forRowAt:)`.
  public func tableView(
    _ tableView: TableView, didEndDisplaying cell: any ReusableView, forRowAt indexPath: IndexPath, lap: Int
  ) {
    self.tableView(tableView, didEndDisplaying: cell, forRowAt: indexPath)
  }
  /// Forwards to `tableView(_:didSelectRowAt:)`.
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath, lap: Int) {
    self.tableView(tableView, didSelectRowAt: indexPath)
  }
  /// True.
  public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  /// Does nothing.
  public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
  /// The row itself.
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  /// Does nothing.
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  /// The row itself.
  public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  /// Does nothing.
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  /// No header view.
  public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? { nil }
  /// No footer view.
  public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> (any ReusableView)? { nil }
  /// Does nothing.
  public func tableView(_ tableView: TableView, willDisplayHeaderView view: any ReusableView, forSection section: Int) {
  }
  /// Does nothing.
  public func tableView(_ tableView: TableView, willDisplayFooterView view: any ReusableView, forSection section: Int) {
  }
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, didEndDisplayingHeaderView view: any ReusableView, forSection section: Int
  ) {}
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, didEndDisplayingFooterView view: any ReusableView, forSection section: Int
  ) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {}
  /// Does nothing.
  public func tableViewDidScroll(_ tableView: TableView) {}
  /// Leaves the target alone.
  public func tableViewWillEndDragging(_ tableView: TableView, velocity: Double, targetContentOffset: inout Double) {}
  /// Does nothing.
  public func tableViewDidEndDragging(_ tableView: TableView, willDecelerate: Bool) {}
  /// Does nothing.
  public func tableViewDidEndDecelerating(_ tableView: TableView) {}
  /// Does nothing.
  public func tableViewDidEndScrollingAnimation(_ tableView: TableView) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, didReceiveRowsBelowVisibleArea count: Int) {}
  /// Does nothing.
  public func tableViewDidApproachTop(_ tableView: TableView) {}
  /// Does nothing.
  public func tableViewDidApproachBottom(_ tableView: TableView) {}
  /// `.delete`.
  public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableView.EditingStyle {
    .delete
  }
  /// None.
  public func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  {
    nil
  }
  /// The proposal.
  public func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath {
    proposedDestinationIndexPath
  }
  /// None.
  public func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  { nil }
  /// `nil`: the table's default set (see the requirement).
  public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  { nil }
}
