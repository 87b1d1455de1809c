// Estimated heights: rows are measured when they are about to show, and the content offset is
// corrected in the same pass so that nothing on screen moves (the jump UITableView and
// TanStack Virtual users complain about).

extension TableView {
  /// Measures every unmeasured row that the viewport would show, anchoring on the first row that
  /// was on screen before this pass: a row measured above it moves the offset by its change.
  /// Returns the visible rows and sections as it leaves them (`nil` when it gave up on heights that never settle).
  @discardableResult
  func measureRowsComingOnScreen() -> (rows: Range<Int>, sections: Range<Int>)? {
    // The visible range, searched once and again only after a measurement changed something: the layout pass
    // uses the last one (returned) instead of searching a third time.
    var current = viewportRanges()
    let first = current.rows
    guard !first.isEmpty else { return current }
    // After a data change that kept a row in place (maintainsVisibleContentPosition), that row.
    let anchor =
      anchoring.measuringAnchorRow
      ?? (first.contains(visible.rowRange.lowerBound) ? visible.rowRange.lowerBound : first.lowerBound)
    // Where the anchor is on screen, found when a row is first to be measured (most passes measure none).
    var anchorOnScreen: Double?
    retireRowsOnJump(to: first)
    var budget = 100_000  // a defence against a delegate whose heights never settle
    while budget > 0 {
      budget -= 1
      // Rows found measured since the index was last edited are not searched again (a step
      // that brings no row in asks this on every pass).
      let generation = heights.index.generation
      if heights.visibleRanges.knowsMeasured(current.rows, generation: generation) {
        #if DEBUG
          precondition(firstUnmeasuredRow(in: current.rows) == nil, "rows kept as measured are not")
        #endif
        return current
      }
      guard let (v, k) = firstUnmeasuredRow(in: current.rows) else {
        heights.visibleRanges.noteMeasured(current.rows, generation: generation)
        return current
      }
      let onScreen = anchorOnScreen ?? rowTop(anchor) - scroll.offset.y
      anchorOnScreen = onScreen
      let info = heights.index.info(ofItem: k)
      let units = measuredUnits(forItem: k, info: info, keepCell: true, virtualRow: v)
      heights.index.setHeight(ofItem: k, units: units, measured: true)
      // Whatever moved, the anchor stays where it was on screen, and the cells already shown are
      // placed again from the height index (a row measured between them moves those below it).
      correctContentOffsetY(to: rowTop(anchor) - onScreen)
      pass.framesDirty = true
      current = viewportRanges()
    }
    return nil
  }

  /// Moves an offset that measuring left past an edge back to that edge, measuring the rows this
  /// brings on screen. This is a scroll, not a correction: the content on screen moves to fill
  /// the viewport, as UIKit's does when its content shrinks under it.
  /// Returns whether it moved the offset.
  @discardableResult
  func keepOffsetWithinContent() -> Bool {
    var moved = false
    for _ in 0..<100 {
      let clamped = clampedOffset(scroll.offset.y)
      guard clamped != scroll.offset.y else { return moved }
      scroll.jumpY(to: clamped)
      moved = true
      pass.framesDirty = true
      if heights.index.unmeasuredRowCount > 0 { measureRowsComingOnScreen() }
    }
    return moved
  }

  /// On a jump (no row on screen is in `rows`), takes the visible rows off screen before rows are
  /// measured, so that the cells measuring dequeues are the ones the jump leaves behind. Rows that
  /// stay in view are left alone: measuring may move them, and they keep their cells. After a
  /// batch update the rows on screen may be anywhere until the rows around them are measured:
  /// they stay too.
  func retireRowsOnJump(to rows: Range<Int>) {
    guard !pass.visibleRowsRemapped, let firstRow = visible.rows.first?.globalRow,
      let lastRow = visible.rows.last?.globalRow,
      lastRow < rows.lowerBound || firstRow >= rows.upperBound
    else { return }
    while let entry = visible.rows.popLast() { endDisplaying(entry) }
    visible.rowRange = 0..<0
    pass.framesDirty = true
  }

  /// The first unmeasured (virtual) row in `rows`, and its item index.
  func firstUnmeasuredRow(in rows: Range<Int>) -> (row: Int, item: Int)? {
    inPlace { rowSpace.firstUnmeasuredRow(in: rows, of: $0) }
  }

  /// Measures the row at item `k` (which must be a row): the delegate's height, or for
  /// self-sizing rows the cell's `sizeThatFits`. A bad measurement is reported and replaced by
  /// the row's current estimate, which is then kept as final so it is not retried in a loop.
  func measuredUnits(forItem k: Int, info: HeightIndex.ItemInfo, keepCell: Bool, virtualRow: Int? = nil) -> Int64 {
    let section = info.section
    let path = IndexPath(row: k - heights.index.itemIndex(ofHeader: section) - 1, section: section)
    return measuredUnits(at: path, current: info.height, keepCell: keepCell, globalRow: virtualRow ?? info.rowsBefore)
  }

  /// Measures the row at `path`, whose height is `current` now (see `measuredUnits(forItem:)`).
  /// `unwritten` is the change in the total height measured but not yet written into the index
  /// (the idle precompute writes a run of rows at once): the content-size limit counts it.
  /// A kept cell is prepared for the row at `globalRow` (the row in the table's row space).
  func measuredUnits(
    at path: IndexPath, current: Int64, keepCell: Bool, globalRow: Int = 0, unwritten: Int64 = 0
  ) -> Int64 {
    // Without height-cache keys there is nothing to look up or keep: no key is made or copied
    // (the idle precompute measures a row in a few hundred nanoseconds; this was a good part).
    guard heightCacheKeys() != nil else {
      return measuredUnitsNow(
        at: path, current: current, keepCell: keepCell, globalRow: globalRow, unwritten: unwritten)
        ?? current
    }
    let measurement = beginMeasuring(rowAt: path)
    if let units = measurement.units { return units }  // a row whose key is known is not measured again
    guard
      let units = measuredUnitsNow(
        at: path, current: current, keepCell: keepCell, globalRow: globalRow, unwritten: unwritten)
    else { return current }
    finishMeasuring(measurement, units: units)
    return units
  }

  /// Measures the row at `path` now (see `measuredUnits(at:)`), its key aside: `nil` when it has
  /// no cell to measure (the data source is gone or gave a cell it must not).
  private func measuredUnitsNow(
    at path: IndexPath, current: Int64, keepCell: Bool, globalRow: Int, unwritten: Int64
  ) -> Int64? {
    let measured = measuredHeight(forRowAt: path) { () -> Double? in
      guard let cell = makeCell(for: path) else { return nil }
      let height = cell.sizeThatFits(width: measuringWidth)
      if keepCell {
        visible.preparedCells.append(VisibleSet.Row(globalRow: globalRow, indexPath: path, view: cell))
        // Cells measured for a page jump live beside the ones still on screen: the pool keeps
        // that many, so the next jump reuses them instead of making new ones.
        visible.highWater = max(visible.highWater, visible.rows.count + visible.preparedCells.count)
      } else {
        visible.cellPool.enqueue(cell)
      }
      return height
    }
    guard let height = measured else { return nil }
    return acceptedUnits(measuring: height, for: path, keeping: current, unwritten: unwritten)
  }

  /// A measured height in units; a bad one (not a positive finite number up to the maximum) is
  /// reported and the row keeps `current`.
  /// `unwritten` is a change in the total height measured but not yet written into the index.
  func acceptedUnits(measuring height: Double, for path: IndexPath, keeping current: Int64, unwritten: Int64 = 0)
    -> Int64
  {
    guard height.isFinite, height > 0, height <= HeightIndex.maximumHeight else {
      report(
        TableViewError(
          .invalidHeight,
          "measured height \(height) for row \(path) is not a positive finite number up to \(HeightIndex.maximumHeight); it is not cached, the row keeps its estimate \(HeightIndex.points(current))"
        ))
      return current
    }
    let units = HeightIndex.units(height)
    guard
      heights.tableHeaderUnits + measuringTotalUnits + unwritten - current + units + heights.tableFooterUnits
        <= Self.maximumUnits
    else {
      report(
        TableViewError(
          .invalidHeight,
          "measured height \(height) for row \(path) would make the content taller than the \(Self.maximumContentHeight) points a table holds; the row keeps \(HeightIndex.points(current))"
        ))
      return current
    }
    return units
  }
}
