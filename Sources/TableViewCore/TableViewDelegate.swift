/// Display, selection and highlight callbacks, and header/footer views, as `UITableViewDelegate`.
/// Every method has a default, so a delegate implements only what it needs.
///
/// Heights are asked through the separate capability protocols (`TableViewRowHeights`,
/// `TableViewEstimatedRowHeights`, `TableViewSectionHeights`): the table checks which ones the
/// delegate adopts once, when it is set, never on the scroll path.
public protocol TableViewDelegate: AnyObject {
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
}

extension TableViewDelegate {
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
  public func tableViewDidScroll(_ tableView: TableView) {}
  /// Leaves the target alone.
  public func tableViewWillEndDragging(_ tableView: TableView, velocity: Double, targetContentOffset: inout Double) {}
  /// Does nothing.
  public func tableViewDidEndDragging(_ tableView: TableView, willDecelerate: Bool) {}
  /// Does nothing.
  public func tableViewDidEndDecelerating(_ tableView: TableView) {}
  /// Does nothing.
  public func tableViewDidEndScrollingAnimation(_ tableView: TableView) {}
}

/// Optional capability: an exact height for every row. Without it, rows are `rowHeight` tall
/// and the table keeps no per-row memory.
public protocol TableViewRowHeights: AnyObject {
  /// The height of the row. Asked for every row on `reloadData()` unless the table also has
  /// estimates, in which case it is asked only when the row is about to show.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
}

/// Optional capability: a per-row estimate, asked on `reloadData()` (O(rows)); prefer the
/// table's `estimatedRowHeight` (O(sections)) when one number will do.
public protocol TableViewEstimatedRowHeights: AnyObject {
  /// An estimate of the row's height, used until the row is measured.
  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double
}

/// Optional capability: per-section header and footer heights (otherwise `sectionHeaderHeight`
/// and `sectionFooterHeight`).
public protocol TableViewSectionHeights: AnyObject {
  /// The height of the header of `section`.
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
  /// The height of the footer of `section`.
  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
}

extension TableViewSectionHeights {
  /// The table's `sectionFooterHeight`.
  public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double {
    tableView.sectionFooterHeight
  }
}
