// Selection and taps. One recognizer for the whole table (as DLTableView does): a touch point is
// resolved to a row through the geometry, never through the cells. Selection is kept by index
// path, so it survives its cell scrolling away and being reused.

extension TableView {
  /// The selected rows, in order.
  /// - Complexity: O(s log s) for s selected rows.
  public var indexPathsForSelectedRows: [IndexPath] { selection.rows.sorted() }

  /// The first selected row.
  /// - Complexity: O(s) for s selected rows.
  public var indexPathForSelectedRow: IndexPath? { selection.rows.min() }

  /// The row currently highlighted by a touch.
  public var indexPathForHighlightedRow: IndexPath? { selection.highlighted }

  /// Selects a row programmatically (no delegate calls, as UIKit), optionally scrolling to it.
  /// In single-selection mode the previous selection is cleared, and when selection follows focus
  /// (``selectionFollowsFocus``) the focus moves to the row.
  /// - Throws: `.indexOutOfRange` for a row that does not exist.
  /// - Complexity: O(log n + visible), plus the scroll (see ``scrollToRow(at:at:animated:completion:)``)
  ///   when it scrolls.
  public func selectRow(at indexPath: IndexPath, animated: Bool, scrollPosition: ScrollPosition) throws(TableViewError)
  {
    try check(indexPath, "selectRow(at:animated:scrollPosition:)")
    guard activeSelectionMode != .none else { return }
    select(indexPath, animated: animated)
    if selectionFollowsFocusNow { setFocus(indexPath, selecting: false) }
    if scrollPosition != .none || !isFullyVisible(indexPath) {
      try scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Selects `indexPath` (clearing the others in single selection mode), telling the cells on
  /// screen; no delegate calls, no focus move, no scroll.
  /// - Complexity: O(s · visible) for s selected rows.
  func select(_ indexPath: IndexPath, animated: Bool) {
    let mode = activeSelectionMode
    guard mode != .none else { return }
    let change = selection.select(indexPath, exclusive: mode == .single)
    for other in change.deselected { setSelectedState(false, other, animated: animated) }
    setSelectedState(true, indexPath, animated: animated)
  }

  /// Deselects a row programmatically (no delegate calls). A row that is not selected is ignored.
  /// - Complexity: O(visible)
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    guard selection.deselect(indexPath) else { return }
    setSelectedState(false, indexPath, animated: animated)
  }

  func setSelectedState(_ selected: Bool, _ path: IndexPath, animated: Bool) {
    for entry in visible.rows where entry.indexPath == path { entry.view.setSelected(selected, animated: animated) }
  }

  func isFullyVisible(_ path: IndexPath) -> Bool {
    guard let rect = try? rectForRow(at: path) else { return false }
    // In the plain style the section's floating header covers the top of the visible area.
    let headerCover =
      style == .plain && rowSpace.showsHeaderAndFooterViews
      ? HeightIndex.points(heights.index.height(ofItem: heights.index.itemIndex(ofHeader: path.section))) : 0
    let top = scroll.offset.y + contentInset.top + headerCover
    let bottom = scroll.offset.y + viewportSize.height - contentInset.bottom
    return rect.minY >= top && rect.maxY <= bottom
  }

  // MARK: Touches (points are in the table's own coordinates: (0, 0) is the visible top-left)

  /// The row under a point of the visible area, or `nil` over a floating header/footer or nothing.
  /// - Complexity: O(log n + visible sections)
  @_spi(Backend) public func indexPathForTouch(at point: Point) -> IndexPath? {
    let content = Point(x: point.x, y: point.y + scroll.offset.y)
    for entry in visible.headers { if let v = entry.view, v.frame.contains(content) { return nil } }
    for entry in visible.footers { if let v = entry.view, v.frame.contains(content) { return nil } }
    return indexPathForRow(at: content)
  }

  /// A finger (or mouse button) went down: the row under it is highlighted.
  /// - Complexity: O(log n + visible sections)
  @_spi(Backend) public func touchBegan(at point: Point) {
    unhighlight(selection.beginTouch(at: point))
    interruptAnimation()  // a touch stops a deceleration, as on iOS; an animated scroll completes with `false`
    guard activeSelectionMode != .none, let path = indexPathForTouch(at: point) else { return }
    let allowed = delegate.map { d in askingDataSource { d.tableView(self, shouldHighlightRowAt: path) } } ?? true
    guard allowed, selection.highlight(path) else { return }
    cellForRow(at: path)?.setHighlighted(true, animated: false)
    delegate?.tableView(self, didHighlightRowAt: path)
  }

  /// The touch moved: beyond `tapMoveThreshold` it is no longer a tap and the highlight goes.
  @_spi(Backend) public func touchMoved(to point: Point) {
    unhighlight(selection.moveTouch(to: point, threshold: tapMoveThreshold).unhighlighted)
  }

  /// The touch ended: if it was a tap on a highlighted row, the row is selected (or, in multiple
  /// mode, toggled), subject to `willSelectRowAt`/`willDeselectRowAt`.
  /// - Complexity: O(log n + s · visible) for s selected rows.
  @_spi(Backend) public func touchEnded(at point: Point) {
    defer { settleIfPastEdge() }
    let end = selection.endTouch()
    unhighlight(end.unhighlighted)
    guard let path = end.tapped, let touched = appearanceForTouch(at: point), touched.indexPath == path else { return }
    userSelect(path, lap: touched.lap)
  }

  /// The touch was cancelled (e.g. it became a scroll). Content a press held past an edge springs
  /// back (a drag that follows stops that at once and picks the content up where it is).
  @_spi(Backend) public func touchCancelled() {
    unhighlight(selection.cancelTouch())
    settleIfPastEdge()
  }

  /// A complete tap at `point`.
  /// - Complexity: O(log n + s · visible) for s selected rows.
  @_spi(Backend) public func tap(at point: Point) {
    touchBegan(at: point)
    touchEnded(at: point)
  }

  /// Removes the highlight of the touch in progress (the touch goes on, no longer a tap on a row).
  func cancelHighlight() {
    unhighlight(selection.clearHighlight())
  }

  /// Tells the cell of `path` (if on screen) and the delegate that the row lost its highlight.
  func unhighlight(_ path: IndexPath?) {
    guard let path else { return }
    cellForRow(at: path)?.setHighlighted(false, animated: false)
    delegate?.tableView(self, didUnhighlightRowAt: path)
  }

  /// Selection as the user makes it, with the delegate's will/did calls. The focus moves to the
  /// row (and the selection anchor with it), as a tap or Space does.
  /// - Complexity: O(log n + s · visible) for s selected rows.
  func userSelect(_ path: IndexPath, lap: Int = 0) {
    let mode = activeSelectionMode
    guard isValid(path), let intent = selection.tapIntent(on: path, mode: mode) else { return }
    focus.dropAnchor()
    setFocus(path, selecting: false)
    if case .deselect = intent {
      let target = askWillDeselect(path)
      guard let target, selection.deselect(target) else { return }
      setSelectedState(false, target, animated: true)
      delegate?.tableView(self, didDeselectRowAt: target)
      return
    }
    let proposed = askWillSelect(path)
    guard let target = proposed, isValid(target) else { return }
    if mode == .single {
      for other in selection.others(than: target) {
        let allowed = askWillDeselect(other)
        guard allowed != nil, selection.deselect(other) else { continue }
        setSelectedState(false, other, animated: true)
        delegate?.tableView(self, didDeselectRowAt: other)
      }
    }
    _ = selection.select(target, exclusive: false)
    setSelectedState(true, target, animated: true)
    delegate?.tableView(self, didSelectRowAt: target, lap: target == path ? lap : 0)
  }

  func askWillSelect(_ path: IndexPath) -> IndexPath? {
    guard let delegate else { return path }
    return askingDataSource { delegate.tableView(self, willSelectRowAt: path) }
  }

  func askWillDeselect(_ path: IndexPath) -> IndexPath? {
    guard let delegate else { return path }
    return askingDataSource { delegate.tableView(self, willDeselectRowAt: path) }
  }
}
