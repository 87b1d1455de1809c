// Reloading: asking the data source for the structure and building the geometry index.

extension TableView {
  /// Asks the data source for everything again and lays out.
  ///
  /// With estimated heights (`estimatedRowHeight > 0`) this is O(sections): rows take the
  /// estimate and are measured when they show. With a delegate giving exact heights and no
  /// estimate, every row's height is asked (O(rows)), as UIKit does.
  ///
  /// The selection is cleared, as UIKit's `reloadData()` does (no delegate calls): the rows it
  /// named may now hold other items. The focus is kept or cleared as
  /// ``remembersLastFocusedIndexPath`` says. A bottom-anchored table (`contentAnchor` `.bottom`) opens at
  /// the end, its last rows measured first; `rowsBelowVisibleArea` goes back to 0.
  ///
  /// Called from inside a data-source call (e.g. `cellForRowAt`), the reload is deferred until
  /// the current layout pass ends, and reported through `onError` as `.reentrantUpdate`.
  ///
  /// - Parameter keepingMeasuredHeights: keep heights already measured for sections whose row
  ///   count did not change (for a reload that changed content but not sizes).
  /// - Complexity: O(sections) with a fixed `rowHeight` or an `estimatedRowHeight` (O(sections ·
  ///   log n) when keeping measured heights, for every cached width); O(rows) when the delegate
  ///   gives exact heights without an estimate, or estimates per row. Plus one layout pass.
  public func reloadData(keepingMeasuredHeights: Bool = false) {
    selection.reset()
    reload(keepingMeasuredHeights: keepingMeasuredHeights)
  }

  /// `reloadData()` without touching the selection (a batch update on a table never loaded).
  func reload(keepingMeasuredHeights: Bool = false) {
    if pass.dataSourceCallDepth > 0 || pass.inLayout {
      pass.deferredReload = true
      pass.needsReload = true
      report(
        TableViewError(
          .reentrantUpdate,
          "reloadData() was called while the table was asking its data source or laying out; it is deferred until the current pass ends"
        ))
      return
    }
    rebuild(keepingMeasuredHeights: keepingMeasuredHeights)
    layoutIfNeeded()
  }

  /// Rebuilds the geometry index from the data source and drops every visible view.
  func rebuild(keepingMeasuredHeights: Bool = false) {
    pass.needsReload = false
    cachedSectionIndexTitles = nil
    let keptFocus = focusBeforeReload()
    idleScheduler?.tableDidChange()
    heights.unbuildableWidths.removeAll()
    prefetchState.reset()
    // A reload ends animated updates at once (their completions get false); views an update being
    // captured took off screen go too.
    let capturing = pass.retired
    for r in capturing ?? [] { finishDeparture(r.view, pool: r.pool) }
    pass.retired = nil
    endUpdateAnimations(finished: false)
    closeSwipe(animated: false)
    abandonReorder()
    removeAllVisibleViews()
    if capturing != nil { pass.retired = [] }
    forgetDelegateHeightMethods()
    acceptRowHeights()
    updateTableHeaderFooterUnits()
    var sectionCount = 0
    if let dataSource {
      sectionCount = askingDataSource { dataSource.numberOfSections(in: self) }
      if sectionCount < 0 {
        report(TableViewError(.invalidDataSource, "numberOfSections returned \(sectionCount); treated as 0"))
        sectionCount = 0
      } else if sectionCount > Self.maximumSectionCount {
        report(
          TableViewError(
            .invalidDataSource,
            "numberOfSections returned \(sectionCount); a table holds at most \(Self.maximumSectionCount) sections: nothing is shown"
          ))
        sectionCount = 0
      }
    }
    var shapes: [(rows: Int, header: Int64, footer: Int64)] = []
    shapes.reserveCapacity(sectionCount)
    // One strong reference for the whole loop: loading the weak one per section was a third of a
    // reload at a million sections.
    if let dataSource {
      for s in 0..<sectionCount {
        shapes.append((rowCountFromDataSource(s, dataSource), headerUnits(s), footerUnits(s)))
      }
    }
    // The first row settles how rows get their heights (per-row estimates, row heights from the
    // delegate…), so the total is judged before anything is built.
    let firstRowSection = shapes.firstIndex { $0.rows > 0 }
    let probedRowHeight = firstRowSection.flatMap { s in
      settleRowHeightPolicy(probing: IndexPath(row: 0, section: s)).height
    }
    if firstRowSection == nil, delegate == nil { heights.policySettled = true }
    if let refusal = refusal(of: shapes) {
      report(refusal)
      shapes.removeAll()
    }
    // Measured rows are kept only under one uniform estimate (per-row estimates are asked again).
    var keep = false
    if keepingMeasuredHeights, case .estimated = heights.policy { keep = true }
    let budget = HeightBudget(Self.maximumUnits - heights.tableHeaderUnits - heights.tableFooterUnits)
    if keep {
      // Keep measured rows of sections whose count did not change, in every width's cache.
      conform(&heights.index, to: shapes)
      var keptIndexes = heights.takeKeptIndexes()
      for i in keptIndexes.indexes.indices { conform(&keptIndexes.indexes[i], to: shapes) }
      heights.putBack(keptIndexes)
    } else {
      // The node array is kept and refilled: a fresh one would be faulted in page by page again
      // (most of a reload's time at a million sections).
      heights.forgetOtherIndexes()
      heights.index.removeAll()
      heights.index.beginBulkLoad(expectingSections: sectionCount)
      heights.widthOrder = [viewportSize.width]
      for (s, shape) in shapes.enumerated() {
        appendSection(
          s, rows: shape.rows, header: shape.header, footer: shape.footer, to: &heights.index, budget: budget,
          firstRowHeight: s == firstRowSection ? probedRowHeight : nil)
      }
      heights.index.rebalance()
    }
    if budget.exceeded
      || heights.tableHeaderUnits + heights.index.totalUnits + heights.tableFooterUnits > Self.maximumUnits
    {
      report(tallerThanTable(sections: shapes.count, rows: shapes.reduce(0) { $0 + $1.rows }))
      heights.index = HeightIndex()
      heights.visibleRanges.invalidate()
      heights.forgetOtherIndexes()
    }
    clampSelection()
    restoreFocus(keptFocus)
    openAtAnchoredEdge()
  }

  /// Takes `rowHeight` and `estimatedRowHeight` as this reload will use them, reporting those
  /// outside their domains (see their documentation).
  func acceptRowHeights() {
    var estimate = estimatedRowHeight
    if estimate.isNaN || estimate > HeightIndex.maximumHeight {
      report(
        TableViewError(
          .invalidHeight,
          "estimatedRowHeight \(estimate) is not a number up to \(HeightIndex.maximumHeight); using 44"))
      estimate = 44
    }
    let usesEstimates = estimate > 0 || rowHeight == Self.automaticDimension
    var fixed = rowHeight == Self.automaticDimension ? 44 : rowHeight
    if !(fixed >= 0 && fixed <= HeightIndex.maximumHeight) {
      report(
        TableViewError(
          .invalidHeight,
          "rowHeight \(fixed) is not a height in 0…\(HeightIndex.maximumHeight) (or automaticDimension); using 44"))
      fixed = 44
    }
    heights.fixedRowUnits = HeightIndex.units(fixed)
    heights.estimateUnits = HeightIndex.units(estimate > 0 ? estimate : (fixed > 0 ? fixed : 44))
    // Provisional: the delegate's answers for the first row settle it (`settleRowHeightPolicy`).
    heights.policy = usesEstimates ? .estimated(heights.estimateUnits) : .fixed(heights.fixedRowUnits)
    heights.policySettled = false
  }

  /// Why a table of `shapes` cannot be held (too many rows, or taller than
  /// `maximumContentHeight` where every row's height is known upfront), or `nil`.
  func refusal(of shapes: [(rows: Int, header: Int64, footer: Int64)]) -> TableViewError? {
    var rows = 0
    var units = heights.tableHeaderUnits + heights.tableFooterUnits
    let perRow = uniformRowUnits
    for shape in shapes {
      let (sum, overflow) = rows.addingReportingOverflow(shape.rows)
      guard !overflow, sum <= Self.maximumRowCount else {
        return TableViewError(
          .invalidDataSource,
          "the data source reports more than \(Self.maximumRowCount) rows, more than a table holds: nothing is shown")
      }
      rows = sum
      units += shape.header + shape.footer
      if let perRow {
        let (rowUnits, o1) = Int64(shape.rows).multipliedReportingOverflow(by: perRow)
        let (total, o2) = units.addingReportingOverflow(rowUnits)
        guard !o1, !o2, total <= Self.maximumUnits else { return tallerThanTable(sections: shapes.count, rows: rows) }
        units = total
      }
    }
    return units <= Self.maximumUnits ? nil : tallerThanTable(sections: shapes.count, rows: rows)
  }

  /// The one height every fresh row takes (the estimate, or `rowHeight`), or `nil` when rows are
  /// asked one by one: then a total is known before anything is built. Before the policy is
  /// settled (no row since the reload), only when the delegate cannot change it.
  var uniformRowUnits: Int64? {
    if heights.policySettled { return heights.policy.uniformUnits }
    let delegateMayDecide = estimatedRowHeights != nil || (!heights.usesEstimates && rowHeights != nil)
    return delegateMayDecide ? nil : heights.policy.uniformUnits
  }

  func tallerThanTable(sections: Int, rows: Int) -> TableViewError {
    TableViewError(
      .invalidDataSource,
      "the content (\(sections) sections, \(rows) rows) would be taller than the \(Self.maximumContentHeight) points a table holds: nothing is shown; give fewer rows or smaller heights"
    )
  }

  /// Makes `idx` have `shapes`' sections, keeping the measured rows of every section whose row
  /// count is unchanged and resetting the others to the estimate.
  func conform(_ idx: inout HeightIndex, to shapes: [(rows: Int, header: Int64, footer: Int64)]) {
    while idx.sectionCount > shapes.count { idx.removeItems(idx.itemRange(ofSection: idx.sectionCount - 1)) }
    for (s, shape) in shapes.enumerated() {
      if s < idx.sectionCount, idx.rowCount(inSection: s) == shape.rows {
        idx.setHeight(ofItem: idx.itemIndex(ofHeader: s), units: shape.header)
        idx.setHeight(ofItem: idx.itemIndex(ofFooter: s), units: shape.footer)
      } else {
        if s < idx.sectionCount { idx.removeItems(idx.itemRange(ofSection: s)) }
        idx.insertSection(
          at: s, header: shape.header, footer: shape.footer, rows: shape.rows, rowUnits: heights.estimateUnits,
          measured: false)
      }
    }
  }

  /// Appends section `s` to `idx` with the row heights the current mode calls for. Heights asked
  /// row by row are spent from `budget`; once it is exceeded the rest are 0 (the caller refuses).
  /// `firstRowHeight`: the delegate's height for row 0, when it was already asked.
  func appendSection(
    _ s: Int, rows: Int, header: Int64, footer: Int64, to idx: inout HeightIndex, budget: HeightBudget,
    firstRowHeight: Double? = nil
  ) {
    budget.spend(header + footer)
    switch heights.policy {
    case .estimatedPerRow:
      let heights = (0..<rows).lazy.map { r -> (units: Int64, measured: Bool) in
        (budget.spend(self.estimateUnits(for: IndexPath(row: r, section: s))), false)
      }
      idx.appendSection(header: header, footer: footer, rows: heights)
    case .estimated(let units):
      idx.appendSection(header: header, footer: footer, rows: rows, rowUnits: units, measured: false)
    case .delegateHeights where rows > 0 && delegate != nil:
      let delegate = self.delegate
      let units = (0..<rows).lazy.map { r -> Int64 in
        let path = IndexPath(row: r, section: s)
        let h =
          r == 0
          ? (firstRowHeight ?? self.delegateHeight(forRowAt: path) ?? 0)
          : self.askingDataSource { delegate?.tableView(self, heightForRowAt: path) ?? 0 }
        return budget.spend(HeightIndex.units(self.safeHeight(h, "row \(path)", fallback: 0)))
      }
      idx.appendSection(header: header, footer: footer, rowUnits: units)
    case .fixed, .delegateHeights:
      idx.appendSection(header: header, footer: footer, rows: rows, rowUnits: heights.fixedRowUnits, measured: true)
    }
  }

  var estimatedUnitsPoints: Double { HeightIndex.points(heights.estimateUnits) }

  /// The data source's row count for `s`, with a negative count reported and treated as 0.
  func rowCountFromDataSource(_ s: Int, _ dataSource: any TableViewDataSource) -> Int {
    let rows = askingDataSource { dataSource.tableView(self, numberOfRowsInSection: s) }
    if rows < 0 {
      report(TableViewError(.invalidDataSource, "numberOfRowsInSection(\(s)) returned \(rows); treated as 0"))
      return 0
    }
    return rows
  }

  func headerUnits(_ s: Int) -> Int64 {
    let h = delegateHeight(forHeaderInSection: s) ?? sectionHeaderHeight
    return HeightIndex.units(safeHeight(h, "the header of section \(s)"))
  }

  func footerUnits(_ s: Int) -> Int64 {
    let h = delegateHeight(forFooterInSection: s) ?? sectionFooterHeight
    return HeightIndex.units(safeHeight(h, "the footer of section \(s)"))
  }

  /// A height checked for NaN, infinity and negatives; a bad one is reported and replaced.
  func safeHeight(_ h: Double, _ what: @autoclosure () -> String, fallback: Double = 0) -> Double {
    do {
      try HeightIndex.validate(h, what())
      return h
    } catch {
      report(TableViewError(error.kind, error.message + "; using \(fallback)"))
      return fallback
    }
  }

  /// Takes every visible view off screen (back to the pools).
  func removeAllVisibleViews() {
    while let entry = visible.rows.popLast() { endDisplaying(entry) }
    visible.rowRange = 0..<0
    for entry in visible.headers { retireSupplement(entry) }
    for entry in visible.footers { retireSupplement(entry) }
    visible.headers.removeAll(keepingCapacity: true)
    visible.footers.removeAll(keepingCapacity: true)
    visible.sectionRange = 0..<0
    for entry in visible.preparedCells { visible.cellPool.enqueue(entry.view) }
    visible.preparedCells.removeAll(keepingCapacity: true)
  }

  /// Drops selected rows that no longer exist.
  func clampSelection() {
    selection.keep { isValid($0) }
  }

  /// Whether `indexPath` names a row of the table.
  /// - Complexity: O(log n)
  public func isValid(_ indexPath: IndexPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < heights.index.sectionCount && indexPath.row >= 0
      && indexPath.row < heights.index.rowCount(inSection: indexPath.section)
  }

  /// Geometry outside the index changed (insets, table header…): lay out again.
  func geometryChanged() {
    updateTableHeaderFooterUnits()
    pass.framesDirty = true
    if !pass.needsReload { layoutIfNeeded() }
  }

  /// Table header and footer heights (none while looping).
  func updateTableHeaderFooterUnits() {
    heights.tableHeaderUnits =
      loops ? 0 : HeightIndex.units(safeHeight(tableHeaderView?.frame.height ?? 0, "the table header view"))
    heights.tableFooterUnits =
      loops ? 0 : HeightIndex.units(safeHeight(tableFooterView?.frame.height ?? 0, "the table footer view"))
  }

  /// The index of the current structure rebuilt from the data source for the current mode and
  /// width (rows at their estimate, or asked again), or `nil`, reported, when it would be taller
  /// than a table holds.
  /// - Complexity: O(sections · log n), or O(rows) when every row's height is asked.
  func rebuiltIndex() -> HeightIndex? {
    var fresh = HeightIndex()
    fresh.beginBulkLoad(expectingSections: heights.index.sectionCount)
    let budget = HeightBudget(Self.maximumUnits - heights.tableHeaderUnits - heights.tableFooterUnits)
    for s in 0..<heights.index.sectionCount {
      appendSection(
        s, rows: heights.index.rowCount(inSection: s), header: headerUnits(s), footer: footerUnits(s), to: &fresh,
        budget: budget)
    }
    fresh.rebalance()
    guard !budget.exceeded else {
      report(tallerThanTable(sections: heights.index.sectionCount, rows: heights.index.rowCount))
      return nil
    }
    return fresh
  }

  /// Changes every row's height by `change` (a switch of width, or of the columns' configuration) keeping what the
  /// user reads where it is: the content anchor (``maintainsVisibleContentPosition``) where it was on screen, else
  /// the row being read at the same place within it, or a bottom-anchored table at the bottom edge where it was
  /// (at the end: still at the end). `viewportHeightBefore` is the visible area's height before.
  func switchingHeights(viewportHeightBefore: Double, _ change: () -> Void) {
    let fromBottom = distanceFromBottom(viewportHeight: viewportHeightBefore)
    let atEnd = fromBottom.map { $0 <= Self.atBottomTolerance } ?? false
    let kept = !atEnd ? contentAnchorForResize() : nil
    // Without a content anchor: the row the user is reading, as a row and a place within it.
    let reading = !atEnd && kept == nil ? readingPosition() : nil
    change()
    if let reading {
      keepReadingPosition(reading)
    } else if let kept {
      keepRow(at: kept.path, atScreenY: kept.screen)
    } else {
      if let fromBottom { keepDistanceFromBottom(fromBottom) }
      geometryChanged()
      return
    }
    geometryChanged()
    anchoring.measuringAnchorRow = nil
    layoutKeepingAnchor()
  }

  /// Switches the height cache to the one for the new width, keeping the old one.
  func widthDidChange(from oldWidth: Double) {
    guard !pass.needsReload else { return }
    let newWidth = viewportSize.width
    removeAllVisibleViews()
    // A width never seen: same structure, every row back to its estimate (or asked again).
    let fresh = heights.hasCache(forWidth: newWidth) ? nil : rebuiltIndex()
    heights.switchWidth(from: oldWidth, to: newWidth, fresh: fresh, limit: widthCacheLimit)
    pass.framesDirty = true
  }

  /// The widths whose height caches are kept, the current one last.
  var cachedWidths: [Double] { heights.widthOrder }
}

/// What is left of the content height a table holds, spent row by row while heights are asked, so
/// that a sum of heights is never computed beyond what 64 bits hold.
final class HeightBudget {
  private var remaining: Int64
  /// Whether some height did not fit.
  private(set) var exceeded = false

  init(_ units: Int64) { remaining = units }

  /// Spends `units` and returns them, or returns 0 once they do not fit.
  @discardableResult
  func spend(_ units: Int64) -> Int64 {
    guard !exceeded, units <= remaining else {
      exceeded = true
      return 0
    }
    remaining -= units
    return units
  }
}
