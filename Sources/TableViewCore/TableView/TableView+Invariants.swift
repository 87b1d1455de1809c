// The table's invariants: each collaborator's own, and the ones that tie them together.

extension TableView {
  /// Checks the invariants of every collaborator (the height cache and its geometry indexes, the
  /// visible set, the scroll state, the row space, the selection, the pass state) and that they agree with one another, stopping the
  /// program with a message on the first one broken. Randomized tests call it after every step.
  ///
  /// Between passes: every visible row shows the row its global row maps to, at that row's frame;
  /// every visible header and footer is of a section that exists; the selection and the highlight
  /// are rows that exist; the pool bound covers what is on screen.
  /// - Complexity: O(n) for n items (the geometry indexes are walked whole).
  func _checkInvariants() {
    heights._checkInvariants(currentWidth: viewportSize.width, limit: widthCacheLimit)
    if let state = columns.state {
      state._checkInvariants()
      precondition(
        state.layout.viewportWidth == ColumnLayout.sanitized(viewportSize.width),
        "the columns laid out for another width")
      precondition(
        columns.followedConfiguration == state.configurationStamp && columns.followedSort == state.sortStamp
          && columns.toldSortDescriptors == state.sortDescriptors, "the columns' changes not followed")
    }
    precondition(
      heights.columnConfiguration == columns.state.map(ColumnConfiguration.init), "heights kept for other columns")
    visible._checkInvariants(betweenPasses: !pass.inLayout)
    selection._checkInvariants()
    focus._checkInvariants()
    pass._checkInvariants()
    anchoring._checkInvariants()
    edges._checkInvariants()
    scroll._checkInvariants()
    rowSpace._checkInvariants(in: heights.index)
    animations._checkInvariants()
    editing._checkInvariants()
    // A moving view's entry has its frame.
    for view in visible.attachedViews {
      guard let entry = animations.entries[ObjectIdentifier(view)], !entry.isLeaving else { continue }
      precondition(entry.frame == view.frame, "a moving view is at \(view.frame), its motion has \(entry.frame)")
    }
    // A leaving view is neither on screen for a row nor in a pool.
    for departure in animations.departures {
      precondition(!visible.isInUse(departure.view), "a leaving view is also on screen")
      precondition(
        !(visible.cellPool.allViews + visible.headerFooterPool.allViews).contains { $0 === departure.view },
        "a leaving view is also in a pool")
    }
    guard !pass.inLayout, !pass.needsReload, !pass.framesDirty, !pass.visibleRowsRemapped else { return }
    precondition(visible.highWater >= visible.rows.count, "the pool bound is below the cells on screen")
    for entry in visible.rows {
      let (path, rect) = locateGlobalRow(entry.globalRow)
      precondition(entry.indexPath == path, "visible row \(entry.globalRow) shows \(entry.indexPath), not \(path)")
      precondition(entry.view.frame == rect, "visible row \(path) is at \(entry.view.frame), not \(rect)")
    }
    for entry in visible.headers + visible.footers {
      precondition(entry.section < heights.index.sectionCount, "a header or footer of section \(entry.section) shows")
    }
    for path in selection.rows { precondition(isValid(path), "selected row \(path) does not exist") }
    if let path = selection.highlighted { precondition(isValid(path), "highlighted row \(path) does not exist") }
    if let path = focus.focused { precondition(isValid(path), "focused row \(path) does not exist") }
    if let path = focus.anchor { precondition(isValid(path), "selection anchor \(path) does not exist") }
  }
}
