// Reloading: asking the data source for the structure and building the geometry index.

extension TableView {
  /// Asks the data source for everything again and lays out.
  ///
  /// With estimated heights (`estimatedRowHeight > 0`) this is O(sections): rows take the
  /// estimate and are measured when they show. With a delegate giving exact heights and no
  /// estimate, every row's height is asked (O(rows)), as UIKit does.
  ///
  /// Called from inside a data-source call (e.g. `cellForRowAt`), the reload is deferred until
  /// the current layout pass ends, and reported through `onError` as `.reentrantUpdate`.
  ///
  /// - Parameter keepingMeasuredHeights: keep heights already measured for sections whose row
  ///   count did not change (for a reload that changed content but not sizes).
  public func reloadData(keepingMeasuredHeights: Bool = false) {
    if dataSourceCallDepth > 0 || inLayout {
      deferredReload = true
      needsReload = true
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
    needsReload = false
    idleScheduler?.tableDidChange()
    prefetchState.reset()
    removeAllVisibleViews()
    forgetDelegateHeightMethods()
    estimateUnits = HeightIndex.units(
      estimatedRowHeight > 0 ? estimatedRowHeight : (rowHeight > 0 ? rowHeight : 44))
    updateTableHeaderFooterUnits()
    var sectionCount = 0
    if let dataSource {
      sectionCount = askingDataSource { dataSource.numberOfSections(in: self) }
      if sectionCount < 0 {
        report(TableViewError(.invalidDataSource, "numberOfSections returned \(sectionCount); treated as 0"))
        sectionCount = 0
      }
    }
    let rowCounts = (0..<sectionCount).map(rowCountFromDataSource)
    // The first row tells whether the delegate gives per-row estimates (it is asked again below
    // when it does), which decides the mode.
    let perRowEstimates = rowCounts.firstIndex { $0 > 0 }.flatMap { s in
      delegateEstimatedHeight(forRowAt: IndexPath(row: 0, section: s))
    }
    usesEstimates = estimatedRowHeight > 0 || perRowEstimates != nil || rowHeight == Self.automaticDimension
    let keep = keepingMeasuredHeights && usesEstimates && perRowEstimates == nil
    if keep {
      // Keep measured rows of sections whose count did not change, in every width's cache.
      var shapes: [(rows: Int, header: Int64, footer: Int64)] = []
      shapes.reserveCapacity(sectionCount)
      for s in 0..<sectionCount { shapes.append((rowCounts[s], headerUnits(s), footerUnits(s))) }
      conform(&index, to: shapes)
      for width in Array(otherWidths.keys) { conform(&otherWidths[width]!, to: shapes) }
    } else {
      index = HeightIndex()
      index.beginBulkLoad(expectingSections: sectionCount)
      otherWidths.removeAll()
      widthOrder = [viewportSize.width]
      for s in 0..<sectionCount {
        appendSection(s, rows: rowCounts[s], header: headerUnits(s), footer: footerUnits(s), to: &index)
      }
      index.rebalance()
    }
    clampSelection()
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
          at: s, header: shape.header, footer: shape.footer, rows: shape.rows, rowUnits: estimateUnits, measured: false)
      }
    }
  }

  /// Appends section `s` to `idx` with the row heights the current mode calls for.
  func appendSection(_ s: Int, rows: Int, header: Int64, footer: Int64, to idx: inout HeightIndex) {
    if usesEstimates {
      if let estimatedRowHeights {
        let heights = (0..<rows).lazy.map { r -> (units: Int64, measured: Bool) in
          let path = IndexPath(row: r, section: s)
          let h = self.askingDataSource { estimatedRowHeights.tableView(self, estimatedHeightForRowAt: path) }
          return (
            HeightIndex.units(
              self.safeHeight(h, "the estimated height of row \(path)", fallback: self.estimatedUnitsPoints)),
            false
          )
        }
        idx.appendSection(header: header, footer: footer, rows: heights)
      } else {
        idx.appendSection(header: header, footer: footer, rows: rows, rowUnits: estimateUnits, measured: false)
      }
    } else if rows > 0, let first = delegateHeight(forRowAt: IndexPath(row: 0, section: s)), let rowHeights {
      let units = (0..<rows).lazy.map { r -> Int64 in
        let path = IndexPath(row: r, section: s)
        let h = r == 0 ? first : self.askingDataSource { rowHeights.tableView(self, heightForRowAt: path) }
        return HeightIndex.units(self.safeHeight(h, "row \(path)", fallback: 0))
      }
      idx.appendSection(header: header, footer: footer, rowUnits: units)
    } else {
      idx.appendSection(
        header: header, footer: footer, rows: rows, rowUnits: HeightIndex.units(max(0, rowHeight)), measured: true)
    }
  }

  var estimatedUnitsPoints: Double { HeightIndex.points(estimateUnits) }

  /// The data source's row count for `s`, with a negative count reported and treated as 0.
  func rowCountFromDataSource(_ s: Int) -> Int {
    guard let dataSource else { return 0 }
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
    while let entry = visibleRows.popLast() { endDisplaying(entry) }
    visibleRowRange = 0..<0
    for entry in visibleHeaders { retireSupplement(entry) }
    for entry in visibleFooters { retireSupplement(entry) }
    visibleHeaders.removeAll(keepingCapacity: true)
    visibleFooters.removeAll(keepingCapacity: true)
    visibleSectionRange = 0..<0
    for entry in preparedCells { cellPool.enqueue(entry.view) }
    preparedCells.removeAll(keepingCapacity: true)
  }

  /// Drops selected rows that no longer exist.
  func clampSelection() {
    selectedRows = selectedRows.filter { isValid($0) }
    if let h = highlightedRow, !isValid(h) { highlightedRow = nil }
  }

  /// Whether `indexPath` names a row of the table.
  public func isValid(_ indexPath: IndexPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < index.sectionCount && indexPath.row >= 0
      && indexPath.row < index.rowCount(inSection: indexPath.section)
  }

  /// Geometry outside the index changed (insets, table header…): lay out again.
  func geometryChanged() {
    updateTableHeaderFooterUnits()
    framesDirty = true
    if !needsReload { layoutIfNeeded() }
  }

  /// Table header and footer heights (none while looping).
  func updateTableHeaderFooterUnits() {
    tableHeaderUnits =
      loops ? 0 : HeightIndex.units(safeHeight(tableHeaderView?.frame.height ?? 0, "the table header view"))
    tableFooterUnits =
      loops ? 0 : HeightIndex.units(safeHeight(tableFooterView?.frame.height ?? 0, "the table footer view"))
  }

  /// Switches the height cache to the one for the new width, keeping the old one.
  func widthDidChange(from oldWidth: Double) {
    guard !needsReload else { return }
    let newWidth = viewportSize.width
    removeAllVisibleViews()
    otherWidths[oldWidth] = index
    if let cached = otherWidths.removeValue(forKey: newWidth) {
      index = cached
    } else {
      // A width never seen: same structure, every row back to its estimate (or asked again).
      var fresh = HeightIndex()
      fresh.beginBulkLoad(expectingSections: index.sectionCount)
      for s in 0..<index.sectionCount {
        appendSection(
          s, rows: index.rowCount(inSection: s), header: headerUnits(s), footer: footerUnits(s), to: &fresh)
      }
      fresh.rebalance()
      index = fresh
    }
    widthOrder.removeAll { $0 == newWidth }
    widthOrder.append(newWidth)
    while widthOrder.count > widthCacheLimit {
      otherWidths.removeValue(forKey: widthOrder.removeFirst())
    }
    // Exact heights from the delegate are asked again per width: there is no cache to keep.
    if !usesEstimates { otherWidths.removeAll() }
    framesDirty = true
  }

  /// The widths whose height caches are kept, the current one last.
  public var cachedWidths: [Double] { widthOrder }
}
