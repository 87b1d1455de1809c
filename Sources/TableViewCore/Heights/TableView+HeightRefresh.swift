// UIKit's beginUpdates()/endUpdates() idiom for resizing rows: an update with no operations asks
// for the heights again. The first row on screen is the anchor, so a row that changed moves only
// what is below it, and rows above the screen that changed move nothing that is shown.

extension TableView {
  /// Asks for every height again after an empty batch update.
  ///
  /// - Without estimates, every row's height is asked of the delegate again (O(rows), as
  ///   `reloadData()`), and section header and footer heights too.
  /// - With estimates, rows on screen are measured again now (the delegate's height, or the cell on
  ///   screen's `sizeThatFits`), and every other measured row goes back to being an estimate at its
  ///   current height: it is measured again when it next comes on screen (or by the idle
  ///   precompute). Heights kept under a height-cache key stay: a key names the content.
  func refreshHeights() {
    idleScheduler?.tableDidChange()
    anchoring.changingData = true
    let follow = followState()
    // The content anchor (maintainsVisibleContentPosition), or the first row on screen.
    let keeps = maintainsVisibleContentPosition && rowSpace.eachRowAppearsOnce
    let first = keeps ? contentAnchorIndex().map { visible.rows[$0] } : visible.rows.first
    let anchor = first.map { ($0.globalRow, rowTop($0.globalRow) - scroll.offset.y) }
    // An offset at rest within the content stays within it (as after measuring): the first row stays still unless
    // what shrank above it would pull the content below its top (a search's emptied sections losing their headers).
    let resting = scroll.animation == nil && !scroll.isDragging && rowSpace.isBounded
    let within = resting && scroll.offset.y >= minimumContentOffsetY && scroll.offset.y <= maximumContentOffsetY
    if heights.usesEstimates {
      remeasureVisibleRows()
      var keptIndexes = heights.takeKeptIndexes()
      for i in keptIndexes.indexes.indices { Self.markMeasuredRowsEstimated(in: &keptIndexes.indexes[i], except: []) }
      heights.putBack(keptIndexes)
      if delegate != nil,
        heights.delegateMethods.mayImplement(.headerHeight) || heights.delegateMethods.mayImplement(.footerHeight)
      {
        for s in 0..<heights.index.sectionCount {
          heights.index.setHeight(ofItem: heights.index.itemIndex(ofHeader: s), units: headerUnits(s))
          heights.index.setHeight(ofItem: heights.index.itemIndex(ofFooter: s), units: footerUnits(s))
        }
      }
    } else {
      if let fresh = rebuiltIndex() {
        heights.index = fresh
        heights.visibleRanges.invalidate()
      }
    }
    if let (row, screenTop) = anchor { correctContentOffsetY(to: rowTop(row) - screenTop) }
    if within { keepOffsetWithinContent() }
    pass.framesDirty = true
    if keeps, let (row, _) = anchor {
      anchoring.measuringAnchorRow = row
      layoutKeepingAnchor()
    } else {
      scroll.limitY(to: maximumContentOffsetY)
      layoutIfNeeded()
    }
    followOrCount(follow, lastAfter: follow.last)
    anchoring.changingData = false
    noticeEdges()
  }

  /// Measures the rows on screen again (each row once, even when a looping table shows it twice)
  /// and marks every other measured row of the current width as an estimate.
  func remeasureVisibleRows() {
    var measuredItems = Set<Int>()
    for entry in visible.rows {
      let k = heights.index.itemIndex(of: entry.indexPath)
      guard measuredItems.insert(k).inserted else { continue }
      let path = entry.indexPath
      let measurement = beginMeasuring(rowAt: path)
      // The cell on screen, not a new one: UIKit's idiom changes its content in place.
      let height = measuredHeight(forRowAt: path) { entry.view.sizeThatFits(width: viewportSize.width) } ?? 0
      let old = heights.index.height(ofItem: k)
      let units = acceptedUnits(measuring: height, for: path, keeping: old)
      finishMeasuring(measurement, units: units)
      heights.index.setHeight(ofItem: k, units: units, measured: true)
    }
    Self.markMeasuredRowsEstimated(in: &heights.index, except: measuredItems)
  }

  /// Marks every measured row of `idx` but `kept` as unmeasured at its current height, so it is
  /// measured again when it shows, without the content changing height meanwhile.
  /// - Complexity: O(measured rows · log n)
  static func markMeasuredRowsEstimated(in idx: inout HeightIndex, except kept: Set<Int>) {
    var next = idx.firstMeasuredRowItem(from: 0)
    while let k = next {
      if !kept.contains(k) { idx.setHeight(ofItem: k, units: idx.height(ofItem: k), measured: false) }
      next = idx.firstMeasuredRowItem(from: k + 1)
    }
  }
}
