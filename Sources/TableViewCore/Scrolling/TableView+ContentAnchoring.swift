// Chat-style lists. Three behaviours UIKit leaves to the app (which turns its table upside down):
//
// - Bottom anchoring (`contentAnchor = .bottom`): content shorter than the visible area sits at its
//   bottom (an extra top inset, `adjustedContentInset`; `contentInset` stays the user's), the table
//   opens at the end, and a change of the viewport's height keeps the bottom where it is.
// - Visible content stays put (`maintainsVisibleContentPosition`): through inserts, deletes, reloads
//   and resizes, one row on screen (the anchor, chosen as CSS `overflow-anchor` and RecyclerView
//   choose it) keeps its position to the pixel; the offset moves as a correction
//   (`contentOffsetCorrection`), not a scroll.
// - Follow mode (`isFollowingAppendedRows`, started on reaching the bottom by `followsAppendedRows`):
//   while the table follows, rows arriving below come into view with an animated scroll; otherwise
//   they are counted (`rowsBelowVisibleArea`) and the delegate is told. Following is a state, not a
//   place: it starts when the app sets it or the visible area arrives at the bottom, and stops when
//   the app clears it or the visible area leaves the bottom other than by the table's own follow.

extension TableView {
  /// Which edge of the visible area the content is anchored to: `.top` (UIKit's behaviour, the
  /// default) or `.bottom` (a chat, a log tail).
  ///
  /// With `.bottom`, content shorter than the visible area sits at its bottom (see
  /// ``adjustedContentInset``), `reloadData()` opens the table at the end (the rows there are
  /// measured first, so it lands exactly on it), and a change of the viewport's height keeps the
  /// content at the bottom edge where it was (at the end, it stays at the end). It also turns on
  /// ``maintainsVisibleContentPosition`` and ``followsAppendedRows`` unless they were set. A
  /// looping table ignores it. UIKit has no such setting (apps flip the table upside down); it is
  /// SwiftUI's `defaultScrollAnchor(.bottom)` and RecyclerView's `stackFromEnd`.
  /// - Complexity: setting it costs one layout pass (see ``layoutIfNeeded()``).
  public var contentAnchor: ContentAnchor {
    get { anchoring.anchor }
    set {
      guard newValue != anchoring.anchor else { return }
      let followed = followsAppendedRows
      anchoring.anchor = newValue
      geometryChanged()
      // A followsAppendedRows the anchor implied changed with it.
      if followsAppendedRows != followed { followSettingChanged() }
    }
  }

  /// Whether rows inserted, deleted, reloaded or resized above the visible ones leave the content
  /// on screen where it is (React Native's `maintainVisibleContentPosition`, CSS's
  /// `overflow-anchor`, RecyclerView's anchoring). On by default for a bottom-anchored table
  /// (``contentAnchor`` `.bottom`), off otherwise; setting it overrides that.
  ///
  /// Through a batch update (one row or a thousand, measured or estimated) or an empty one that asks
  /// the heights again, the *anchor* keeps its position on screen to the pixel: the selected row
  /// when one is on screen, otherwise the first row entirely on screen (the first row on screen when
  /// none is entirely). If the anchor is reloaded (its content replaced: a placeholder filled in
  /// when its data arrive), the first row below it on screen that is not reloaded keeps its place,
  /// so the reloaded rows change height upwards. If the anchor is deleted, the next surviving row on screen keeps its place;
  /// if none below it survives, the next surviving row of the table takes the anchor's place; if
  /// none does, the nearest surviving row on screen above it keeps its place. The offset moves as a
  /// correction (nothing on screen moves); only when that would take it past an edge of the
  /// content does it stop at the edge, which is a scroll. A looping table keeps its first visible
  /// row in place whatever this says.
  ///
  /// A row that stands in for content still loading (a "loading…" row above a chat's history) is
  /// often the first row entirely on screen, so the anchor: when the page arrives, replace that
  /// row (delete it and insert the page with a new loading row above), rather than inserting the
  /// page below it, or the page pushes the rows under it down.
  public var maintainsVisibleContentPosition: Bool {
    get { anchoring.maintainsPosition ?? (anchoring.anchor == .bottom) }
    set { anchoring.maintainsPosition = newValue }
  }

  /// Whether the table starts following appended rows when the visible area arrives at the
  /// bottom (chat's and `tail -f`'s follow mode; see ``isFollowingAppendedRows``). On by default
  /// for a bottom-anchored table (``contentAnchor`` `.bottom`), off otherwise; setting it overrides
  /// that. Turning it on while the visible area is at the bottom of content taller than it (or
  /// anywhere in a bottom-anchored table's short content) starts following now; turning it off
  /// stops following. Rows that arrive below while the table does not follow are counted in
  /// ``rowsBelowVisibleArea``.
  public var followsAppendedRows: Bool {
    get { anchoring.follows ?? (anchoring.anchor == .bottom) }
    set {
      anchoring.follows = newValue
      followSettingChanged()
    }
  }

  /// Whether the table follows rows appended at the bottom now: rows arriving below the visible
  /// area (or a row at the bottom growing, a message being written) scroll into view with an
  /// animated scroll to the new bottom, instead of being counted in ``rowsBelowVisibleArea``.
  ///
  /// It is a state, with explicit transitions:
  /// - it starts when the app sets it to `true` (the table then scrolls to the bottom with the
  ///   same animation, unless it is there), and, with ``followsAppendedRows`` on, when the visible
  ///   area arrives at the bottom: a scroll by the user or the app (``scrollToBottom(animated:completion:)``,
  ///   a drag, a wheel, a key) or a change that brings the end into view. "At the bottom" means at
  ///   the end of content taller than the visible area; a top-anchored table whose content fits
  ///   (an empty one among them) is at its top, so rows a loader appends to it are not chased
  ///   unless the app asks. A bottom-anchored table is at the bottom when ``reloadData(keepingMeasuredHeights:)`` opens it
  ///   at the end, short content included;
  /// - it stops when the app sets it to `false` (a follow scroll under way stops where it is), when
  ///   ``followsAppendedRows`` is turned off, and when the visible area leaves the bottom other than
  ///   by the table's own follow: the user scrolls or drags up (rows that arrive while a finger
  ///   holds the content are counted, and the table stops following), or the app scrolls away.
  /// A resize keeps a following table at the bottom, and ``reloadData(keepingMeasuredHeights:)`` opens it there. Staying
  /// at the bottom does not start it again once the app stopped it: the visible area must leave
  /// and come back. A looping table never follows.
  /// - Complexity: setting it to `true` away from the bottom starts an animated scroll (see
  ///   ``scrollToBottom(animated:completion:)``); otherwise O(1).
  public var isFollowingAppendedRows: Bool {
    get { anchoring.following }
    set { newValue ? startFollowing() : stopFollowing() }
  }

  /// The insets scrolling obeys: ``contentInset`` plus, in a bottom-anchored table whose content is
  /// shorter than the visible area, the space above the content that puts it at the bottom
  /// (UIScrollView's `adjustedContentInset`, which adds the safe area instead).
  /// - Complexity: O(1)
  public var adjustedContentInset: EdgeInsets {
    guard rowSpace.isBounded, scrollLimits == nil else { return contentInset }
    var insets = contentInset
    insets.top = -scrollBounds.minimum
    return insets
  }

  /// Whether the visible area is at the end of the content, within ``atBottomTolerance`` points
  /// (always, for content shorter than the visible area; never for a looping table).
  /// - Complexity: O(1)
  public var isAtBottom: Bool {
    rowSpace.isBounded && scroll.offset.y >= maximumContentOffsetY - Self.atBottomTolerance
  }

  /// How many rows arrived below the visible area (through batch updates) while the table was not
  /// following them (see ``isFollowingAppendedRows``), since the user was last at the bottom: a
  /// chat's "N new ↓" badge. Back to 0 when the visible area reaches the bottom (by any means, such
  /// as ``scrollToBottom(animated:completion:)``), on `reloadData()`, and when the app resets it
  /// (``resetRowsBelowVisibleArea()``); the delegate is told every change (see
  /// `TableViewDelegate.tableView(_:didReceiveRowsBelowVisibleArea:)`). Counted as the growth of the
  /// number of rows below the last row on screen.
  public var rowsBelowVisibleArea: Int { anchoring.rowsBelow }

  /// Sets ``rowsBelowVisibleArea`` back to 0 without scrolling, telling the delegate
  /// (`tableView(_:didReceiveRowsBelowVisibleArea:)` with 0) when it was not 0: for rows the user
  /// need not be told about (a first page loaded below the top, history the user has seen
  /// elsewhere), or a badge dismissed. Rows arriving afterwards are counted from 0.
  /// - Complexity: O(1), plus the delegate's call.
  public func resetRowsBelowVisibleArea() {
    forgetRowsBelow()
  }

  /// Scrolls to the end of the content: the bottom of the last row (and any footer) at the bottom
  /// of the visible area, or, for content shorter than it, to where it rests. With estimated
  /// heights the last rows are measured first, so it lands exactly at the end; an animated scroll
  /// re-reads the end every frame (rows arriving meanwhile are reached too). `completion` runs when
  /// it arrives (`true`) or is interrupted (`false`). Does nothing but call `completion` in a
  /// looping table.
  /// - Complexity: O(log n), plus, with estimated heights, measuring the unmeasured rows within a
  ///   viewport of the end; not animated, one layout pass (see ``layoutIfNeeded()``).
  public func scrollToBottom(animated: Bool, completion: ((Bool) -> Void)? = nil) {
    interruptAnimation()
    guard rowSpace.isBounded else {
      completion?(true)
      return
    }
    guard animated else {
      setContentOffsetNow(Point(x: scroll.offset.x, y: bottomOffset()))
      // Measuring at the destination may move the end once more.
      let refined = bottomOffset()
      if refined != scroll.offset.y { setContentOffsetNow(Point(x: scroll.offset.x, y: refined)) }
      completion?(true)
      return
    }
    scroll.animateScroll(
      to: { [unowned self] in self.bottomOffset() }, now: animationTime, duration: scrollAnimationDuration,
      completion: completion)
  }

  /// The largest offset, once the rows within a viewport of the end are measured.
  func bottomOffset() -> Double {
    if heights.usesEstimates, heights.index.unmeasuredRowCount > 0, let last = lastRowPath { measureAround(last) }
    return maximumContentOffsetY
  }

  /// The last row of the table, if it has one.
  /// - Complexity: O(log n) per trailing empty section.
  var lastRowPath: IndexPath? {
    guard heights.index.rowCount > 0 else { return nil }
    var s = heights.index.sectionCount - 1
    while s >= 0 {
      let rows = heights.index.rowCount(inSection: s)
      if rows > 0 { return IndexPath(row: rows - 1, section: s) }
      s -= 1
    }
    return nil
  }

  // MARK: Viewport resizes

  /// In a bottom-anchored or following table, how far the offset is above the largest offset for
  /// a visible area `viewportHeight` tall; `nil` otherwise.
  func distanceFromBottom(viewportHeight: Double) -> Double? {
    guard anchoring.anchor == .bottom || anchoring.following, !pass.needsReload, rowSpace.isBounded,
      scrollLimits == nil
    else { return nil }
    return scrollBounds(viewportHeight: viewportHeight).maximum - scroll.offset.y
  }

  /// Puts the offset `distance` above the largest offset (at the end, measuring the last rows,
  /// when it was at the end). A scroll, not a correction: the visible area's top edge moved.
  func keepDistanceFromBottom(_ distance: Double) {
    scroll.jumpY(
      to: distance <= Self.atBottomTolerance ? bottomOffset() : clampedOffset(maximumContentOffsetY - distance))
    pass.framesDirty = true
  }

  // MARK: Keeping the anchor in place through a data change

  /// The index in `visible.rows` of the content anchor: the first selected row on screen, or the
  /// first row entirely on screen, or the first row on screen.
  /// - Complexity: O(visible)
  func contentAnchorIndex() -> Int? {
    guard !visible.rows.isEmpty else { return nil }
    if !selection.rows.isEmpty, let i = visible.rows.firstIndex(where: { selection.rows.contains($0.indexPath) }) {
      return i
    }
    let top = scroll.offset.y
    let bottom = top + viewportSize.height
    return visible.rows.firstIndex { $0.view.frame.minY >= top && $0.view.frame.maxY <= bottom } ?? 0
  }

  /// Before a batch update is applied: the row that keeps its place through it (its index path
  /// after the update) and where its top must be on screen; `nil` when nothing is kept (the setting
  /// is off, the table loops, nothing is on screen or nothing on screen survives). When the anchor
  /// is reloaded, the first row below it on screen that is not reloaded keeps its place instead.
  /// - Complexity: O(visible · log k) for k operations, plus O(log n) per row deleted below the
  ///   visible ones when every row from the anchor down goes.
  func contentAnchorTarget(through plan: BatchUpdatePlan) -> (path: IndexPath, screen: Double)? {
    guard maintainsVisibleContentPosition, rowSpace.eachRowAppearsOnce, let a = contentAnchorIndex() else {
      return nil
    }
    let rows = visible.rows
    let anchorScreen = rows[a].view.frame.minY - scroll.offset.y
    // A reloaded row's content is replaced (a placeholder filled in, a message edited): the first row from the
    // anchor down that is not reloaded keeps its place, so the reloaded rows above it grow or shrink upwards.
    if plan.isReloaded(old: rows[a].indexPath) {
      for i in a..<rows.count where !plan.isReloaded(old: rows[i].indexPath) {
        if let path = plan.newIndexPath(forOld: rows[i].indexPath) {
          return (path, rows[i].view.frame.minY - scroll.offset.y)
        }
      }
    }
    for i in a..<rows.count {
      if let path = plan.newIndexPath(forOld: rows[i].indexPath) {
        return (path, rows[i].view.frame.minY - scroll.offset.y)
      }
    }
    // Every row on screen from the anchor down goes: the next surviving row takes its place.
    var old = rows[rows.count - 1].indexPath
    while let next = rowAfter(old) {
      if let path = plan.newIndexPath(forOld: next) { return (path, anchorScreen) }
      old = next
    }
    for i in stride(from: a - 1, through: 0, by: -1) {
      if let path = plan.newIndexPath(forOld: rows[i].indexPath) {
        return (path, rows[i].view.frame.minY - scroll.offset.y)
      }
    }
    return nil
  }

  /// The row after `path` in the current geometry (skipping empty sections), or `nil` after the last.
  func rowAfter(_ path: IndexPath) -> IndexPath? {
    if path.row + 1 < heights.index.rowCount(inSection: path.section) {
      return IndexPath(row: path.row + 1, section: path.section)
    }
    var s = path.section + 1
    while s < heights.index.sectionCount {
      if heights.index.rowCount(inSection: s) > 0 { return IndexPath(row: 0, section: s) }
      s += 1
    }
    return nil
  }

  /// Moves the offset, as a correction, so that the row at `path` has its top `screen` points below
  /// the top of the visible area, and pins it as the anchor of the measuring that follows.
  func keepRow(at path: IndexPath, atScreenY screen: Double) {
    let k = heights.index.itemIndex(of: path)
    correctContentOffsetY(to: frame(of: heights.index.info(ofItem: k)).minY - screen)
    anchoring.measuringAnchorRow = heights.index.prefix(k).rows
    pass.framesDirty = true
  }

  /// Lays out after a data change that kept an anchor in place, then brings an offset the change
  /// left past an edge back to it (a scroll: at rest, either edge; while something moves the
  /// content, the bottom edge only, as without anchoring).
  func layoutKeepingAnchor() {
    layoutIfNeeded()
    anchoring.measuringAnchorRow = nil
    if scroll.animation == nil, !scroll.isDragging, rowSpace.isBounded {
      keepOffsetWithinContent()
    } else if scroll.limitY(to: maximumContentOffsetY) {
      pass.framesDirty = true
    }
    layoutIfNeeded()
  }

  // MARK: Follow mode and rows below

  /// Whether the visible area is at the bottom in the sense that starts following: at the end of
  /// content taller than the visible area, or, in a bottom-anchored table, at its end whatever the
  /// content's height (short content sits at the bottom there).
  /// - Complexity: O(1)
  var isAtFollowableBottom: Bool {
    guard isAtBottom else { return false }
    return anchoring.anchor == .bottom || maximumContentOffsetY - minimumContentOffsetY > Self.atBottomTolerance
  }

  /// The app asked to follow: the table follows from now on, going to the bottom (animated) when
  /// it is not there. Before the first load, the load opens the table at the bottom.
  func startFollowing() {
    guard rowSpace.isBounded else { return }
    anchoring.following = true
    guard !pass.needsReload else { return }
    if !isAtBottom { startFollowScroll() }
  }

  /// Following stops (the app asked, or follow mode went off): a follow scroll under way stops
  /// where it is, and reaching the bottom again (after leaving it) is what starts it next.
  func stopFollowing() {
    anchoring.following = false
    if anchoring.followScrollRunning, scroll.animation != nil { interruptAnimation() }
    anchoring.followScrollRunning = false
    anchoring.wasAtBottom = !pass.needsReload && rowSpace.isBounded && isAtFollowableBottom
  }

  /// ``followsAppendedRows`` (or the anchor it defaults from) was set: off stops following; on
  /// starts it when the visible area is at the bottom now.
  func followSettingChanged() {
    guard followsAppendedRows else {
      if anchoring.following { stopFollowing() }
      return
    }
    guard !pass.needsReload, rowSpace.isBounded else { return }
    let atBottom = isAtFollowableBottom
    if atBottom { anchoring.following = true }
    anchoring.wasAtBottom = atBottom
  }

  /// After a layout (outside data changes): following stops when the visible area left the bottom
  /// other than by the table's own follow scroll, and starts (with ``followsAppendedRows``) when
  /// it arrived there since the last look.
  /// - Complexity: O(1)
  func noticeFollowing() {
    // Without follow mode there is nothing to start or stop (turning it on looks again), and the
    // scroll step need not work out where the bottom is.
    guard anchoring.following || followsAppendedRows else { return }
    let atBottom = isAtFollowableBottom
    if anchoring.following {
      if !isAtBottom, !anchoring.followScrollRunning { anchoring.following = false }
    } else if atBottom, !anchoring.wasAtBottom, followsAppendedRows {
      anchoring.following = true
    }
    anchoring.wasAtBottom = atBottom
  }

  /// Before a data change: whether the table follows the bottom through it (following, at the
  /// bottom or on the way there, no finger on the content), and the last row on screen with the
  /// number of rows below it.
  func followState() -> (following: Bool, last: IndexPath?, rowsBelow: Int) {
    guard rowSpace.isBounded else { return (false, nil, 0) }
    let following =
      anchoring.following && !scroll.isDragging && (anchoring.followScrollRunning || isAtBottom)
    guard let last = visible.rows.last else { return (following, nil, 0) }
    return (following, last.indexPath, heights.index.rowCount - last.globalRow - 1)
  }

  /// After a data change: follows the bottom, or counts the rows that arrived below the visible
  /// area and tells the delegate.
  func followOrCount(_ before: (following: Bool, last: IndexPath?, rowsBelow: Int), lastAfter: IndexPath?) {
    guard rowSpace.isBounded, !isAtBottom else { return }
    if before.following {
      startFollowScroll()
      return
    }
    guard let lastAfter, isValid(lastAfter) else { return }
    let below = heights.index.rowCount - heights.index.prefix(heights.index.itemIndex(of: lastAfter)).rows - 1
    let arrived = below - before.rowsBelow
    guard arrived > 0 else { return }
    anchoring.rowsBelow += arrived
    delegate?.tableView(self, didReceiveRowsBelowVisibleArea: anchoring.rowsBelow)
  }

  /// Starts an animated scroll to the bottom, unless one started by follow mode is still running
  /// (its target is the bottom, read every frame).
  func startFollowScroll() {
    if anchoring.followScrollRunning, scroll.animation != nil { return }
    interruptAnimation()
    anchoring.followScrollGeneration &+= 1
    let generation = anchoring.followScrollGeneration
    anchoring.followScrollRunning = true
    scroll.animateScroll(
      to: { [unowned self] in self.bottomOffset() }, now: animationTime, duration: scrollAnimationDuration,
      completion: { [weak self] finished in
        guard let self, self.anchoring.followScrollGeneration == generation else { return }
        self.anchoring.followScrollRunning = false
        // Stopped on the way (a touch, another scroll): the table no longer follows.
        if !finished, !self.isAtBottom { self.anchoring.following = false }
      })
  }

  /// Resets the rows counted below the visible area (telling the delegate), when there are some.
  func forgetRowsBelow() {
    guard anchoring.rowsBelow > 0 else { return }
    anchoring.rowsBelow = 0
    delegate?.tableView(self, didReceiveRowsBelowVisibleArea: 0)
  }
}

extension TableView {
  /// After a reload: forgets the rows counted below and the edges announced, and puts a
  /// bottom-anchored or following table at the end (measuring the last rows first). A
  /// bottom-anchored table opened at its end follows when ``followsAppendedRows`` is on.
  func openAtAnchoredEdge() {
    forgetRowsBelow()
    anchoring.followScrollRunning = false
    edges.reset()
    guard rowSpace.isBounded else {
      anchoring.following = false
      anchoring.wasAtBottom = false
      return
    }
    if anchoring.anchor == .bottom || anchoring.following {
      scroll.jumpY(to: bottomOffset())
      pass.framesDirty = true
    }
    if anchoring.anchor == .bottom, followsAppendedRows { anchoring.following = true }
    anchoring.wasAtBottom = isAtFollowableBottom
  }
}

extension TableView {
  /// Before a change of width: the content anchor's index path and where its top is on screen,
  /// when ``maintainsVisibleContentPosition`` is on and the table is laid out and linear.
  /// The row the user is reading: the first row on screen that reaches below the top of the
  /// visible area, and where the visible area's top is within it (a fraction of its height; 0
  /// when its top is on screen, with its distance from the top instead). A row and a place within
  /// it survive a change of width, which changes every height; a content offset does not.
  func readingPosition() -> (path: IndexPath, fraction: Double, screen: Double)? {
    guard !pass.needsReload, rowSpace.eachRowAppearsOnce else { return nil }
    let top = scroll.offset.y + adjustedContentInset.top
    guard let row = visible.rows.first(where: { $0.view.frame.maxY > top }) else { return nil }
    let frame = row.view.frame
    if frame.minY >= top { return (row.indexPath, 0, frame.minY - scroll.offset.y) }
    return (row.indexPath, frame.height > 0 ? (top - frame.minY) / frame.height : 0, adjustedContentInset.top)
  }

  /// Puts the row of a reading position back at its place after a change of width: measured at the
  /// new width first (when it is an estimate there), then its top where the same fraction of it
  /// is at the top of the visible area, or at the same distance below it.
  func keepReadingPosition(_ reading: (path: IndexPath, fraction: Double, screen: Double)) {
    guard isValid(reading.path) else { return }
    let k = heights.index.itemIndex(of: reading.path)
    if heights.usesEstimates, !heights.index.isMeasured(item: k) {
      let info = heights.index.info(ofItem: k)
      heights.index.setHeight(ofItem: k, units: measuredUnits(forItem: k, info: info, keepCell: false), measured: true)
    }
    let height = HeightIndex.points(heights.index.height(ofItem: k))
    keepRow(at: reading.path, atScreenY: reading.screen - reading.fraction * height)
  }

  func contentAnchorForResize() -> (path: IndexPath, screen: Double)? {
    guard maintainsVisibleContentPosition, !pass.needsReload, rowSpace.eachRowAppearsOnce,
      let a = contentAnchorIndex()
    else { return nil }
    return (visible.rows[a].indexPath, visible.rows[a].view.frame.minY - scroll.offset.y)
  }
}
