// Estimated heights: rows are measured when they are about to show, and the content offset is
// corrected in the same pass so that nothing on screen moves (the jump UITableView and
// TanStack Virtual users complain about).

extension TableView {
  /// Measures every unmeasured row that the viewport would show, anchoring on the first row that
  /// was on screen before this pass: a row measured above it moves the offset by its change.
  func measureRowsComingOnScreen() {
    let first = ranges(top: storedContentOffset.y, bottom: storedContentOffset.y + viewportSize.height).rows
    guard !first.isEmpty else { return }
    let anchor = first.contains(visibleRowRange.lowerBound) ? visibleRowRange.lowerBound : first.lowerBound
    let anchorOnScreen = rowTop(anchor) - storedContentOffset.y
    var budget = 100_000  // a defence against a delegate whose heights never settle
    while budget > 0 {
      budget -= 1
      let rows = ranges(top: storedContentOffset.y, bottom: storedContentOffset.y + viewportSize.height).rows
      guard let (v, k) = firstUnmeasuredRow(in: rows) else { return }
      let info = index.info(ofItem: k)
      let units = measuredUnits(forItem: k, info: info, keepCell: true, virtualRow: v)
      index.setHeight(ofItem: k, units: units, measured: true)
      // Whatever moved, the anchor stays where it was on screen, and the cells already shown are
      // placed again from the index (a row measured between them moves those below it).
      correctContentOffsetY(to: rowTop(anchor) - anchorOnScreen)
      framesDirty = true
    }
  }

  /// The first unmeasured (virtual) row in `rows`, and its item index.
  func firstUnmeasuredRow(in rows: Range<Int>) -> (row: Int, item: Int)? {
    guard !rows.isEmpty else { return nil }
    if !isLooping {
      let firstItem = index.itemIndex(ofGlobalRow: rows.lowerBound)
      let lastItem = index.itemIndex(ofGlobalRow: rows.upperBound - 1)
      guard let k = index.firstUnmeasuredItem(from: firstItem), k <= lastItem else { return nil }
      return (index.prefix(k).rows, k)
    }
    // A looping range may span laps: look lap by lap (item = row + 1 in the one section).
    let perLap = index.rowCount
    var v = rows.lowerBound
    while v < rows.upperBound {
      let lap = Self.floorDivide(v, perLap)
      let row = v - lap * perLap
      let lastRow = min(perLap, row + (rows.upperBound - v)) - 1
      if let k = index.firstUnmeasuredItem(from: row + 1), k <= lastRow + 1 { return (lap * perLap + k - 1, k) }
      v += lastRow - row + 1
    }
    return nil
  }

  /// Measures the row at item `k` (which must be a row): the delegate's height, or for
  /// self-sizing rows the cell's `sizeThatFits`. A bad measurement is reported and replaced by
  /// the row's current estimate, which is then kept as final so it is not retried in a loop.
  func measuredUnits(forItem k: Int, info: HeightIndex.ItemInfo, keepCell: Bool, virtualRow: Int? = nil) -> Int64 {
    let section = info.section
    let path = IndexPath(row: k - index.itemIndex(ofHeader: section) - 1, section: section)
    let keyed = keyedLookup(forRowAt: path)  // a row whose key is known is not measured again
    if let units = keyed.units { return units }
    let height: Double
    if let h = delegateHeight(forRowAt: path) {
      height = h
    } else if rowHeight == Self.automaticDimension {
      guard let cell = makeCell(for: path) else { return info.height }
      height = cell.sizeThatFits(width: viewportSize.width)
      if keepCell {
        preparedCells.append(VisibleRow(globalRow: virtualRow ?? info.rowsBefore, indexPath: path, view: cell))
        // Cells measured for a page jump live beside the ones still on screen: the pool keeps
        // that many, so the next jump reuses them instead of making new ones.
        visibleHighWater = max(visibleHighWater, visibleRows.count + preparedCells.count)
      } else {
        cellPool.enqueue(cell)
      }
    } else {
      height = rowHeight
    }
    guard height.isFinite, height > 0, height <= HeightIndex.maximumHeight else {
      report(
        TableViewError(
          .invalidHeight,
          "measured height \(height) for row \(path) is not a positive finite number; it is not cached, the row keeps its estimate \(HeightIndex.points(info.height))"
        ))
      return info.height
    }
    keyedStore(HeightIndex.units(height), for: keyed.key)
    return HeightIndex.units(height)
  }
}
