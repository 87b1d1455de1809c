// Paging both ways: the delegate hears when the user comes near the top or the bottom of the
// content, to load an older or a newer page (see `EdgeProximity` for when it is told).

extension TableView {
  /// How near (points) the visible area must come to the top or the bottom of the content for the
  /// delegate to be told (`TableViewDelegate.tableViewDidApproachTop(_:)` and
  /// `tableViewDidApproachBottom(_:)`), to load an older or a newer page; `nil` (the default) tells
  /// nothing. Measured from the visible area's top to the smallest offset, and from its bottom to
  /// the largest.
  ///
  /// Each edge is announced once per approach: when the visible area comes within the distance, not
  /// again on every step while it stays within, again after it left and came back, or when the
  /// number of rows changed while it stayed (a page arrived but did not take the user out of reach,
  /// so the next one is due). A page inserted above the user keeps the content on screen still when
  /// ``maintainsVisibleContentPosition`` is on. The load is usually asynchronous (a loading row can
  /// be inserted at the edge meanwhile, and replaced by the page); a delegate may also apply the
  /// page from the call itself.
  ///
  /// A distance that is NaN is refused: reported (`.invalidArgument`) and the setting stays as it
  /// was. A negative distance is taken as 0, and one above `maximumContentHeight` (∞ included) as
  /// that.
  public var edgeApproachDistance: Double? {
    get { edges.distance }
    set {
      guard let distance = newValue else {
        edges.distance = nil
        return
      }
      guard !distance.isNaN else {
        report(TableViewError(.invalidArgument, "edgeApproachDistance NaN; ignored"))
        return
      }
      edges.distance = min(max(distance, 0), Self.maximumContentHeight)
      edges.reset()
      noticeEdges()
    }
  }

  /// After a layout: resets the rows counted below the visible area once it reaches the bottom,
  /// starts or stops following appended rows (see ``isFollowingAppendedRows``), and tells the
  /// delegate about edges approached. Nothing while the table is asking its data source or
  /// delegate, or has a reload pending (the next layout catches up).
  /// - Complexity: O(1), plus the delegate's calls.
  func noticeEdges() {
    guard pass.dataSourceCallDepth == 0, !pass.inLayout, !pass.needsReload, !anchoring.changingData,
      rowSpace.isBounded
    else { return }
    if anchoring.rowsBelow > 0, isAtBottom { forgetRowsBelow() }
    noticeFollowing()
    guard edges.distance != nil else { return }
    let bounds = scrollBounds
    let approached = edges.update(
      toTop: scroll.offset.y - bounds.minimum, toBottom: bounds.maximum - scroll.offset.y,
      rowCount: heights.index.rowCount)
    if approached.top { delegate?.tableViewDidApproachTop(self) }
    if approached.bottom { delegate?.tableViewDidApproachBottom(self) }
  }
}
