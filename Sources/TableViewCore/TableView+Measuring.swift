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
    var budget = 100_000  // a defence against a delegate whose heights never settle
    while budget > 0 {
      budget -= 1
      let rows = ranges(top: storedContentOffset.y, bottom: storedContentOffset.y + viewportSize.height).rows
      guard !rows.isEmpty else { return }
      let firstItem = index.itemIndex(ofGlobalRow: rows.lowerBound)
      let lastItem = index.itemIndex(ofGlobalRow: rows.upperBound - 1)
      guard let k = index.firstUnmeasuredItem(from: firstItem), k <= lastItem else { return }
      let info = index.info(ofItem: k)
      let units = measuredUnits(forItem: k, info: info, keepCell: true)
      let delta = units - info.height
      index.setHeight(ofItem: k, units: units, measured: true)
      if info.rowsBefore < anchor { storedContentOffset.y += HeightIndex.points(delta) }
    }
  }

  /// Measures the row at item `k` (which must be a row): the delegate's height, or for
  /// self-sizing rows the cell's `sizeThatFits`. A bad measurement is reported and replaced by
  /// the row's current estimate, which is then kept as final so it is not retried in a loop.
  func measuredUnits(forItem k: Int, info: HeightIndex.ItemInfo, keepCell: Bool) -> Int64 {
    let section = info.section
    let path = IndexPath(row: k - index.itemIndex(ofHeader: section) - 1, section: section)
    let height: Double
    if let rowHeights {
      height = askingDataSource { rowHeights.tableView(self, heightForRowAt: path) }
    } else if rowHeight == Self.automaticDimension {
      guard let cell = makeCell(for: path) else { return info.height }
      height = cell.sizeThatFits(width: viewportSize.width)
      if keepCell {
        preparedCells.append(VisibleRow(globalRow: info.rowsBefore, indexPath: path, view: cell))
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
    return HeightIndex.units(height)
  }
}
