// Questions about where things are, and the seed's `row:changedHeight:`.

extension TableView {
  /// The number of sections.
  public var numberOfSections: Int { heights.index.sectionCount }

  /// The number of rows in `section` (0 for a section that does not exist).
  /// - Complexity: O(log n)
  public func numberOfRows(inSection section: Int) -> Int {
    guard section >= 0, section < heights.index.sectionCount else { return 0 }
    return heights.index.rowCount(inSection: section)
  }

  /// The number of rows in all sections.
  public var totalRowCount: Int { heights.index.rowCount }

  /// The size of everything that scrolls: table header, sections, table footer.
  public var contentSize: Size {
    Size(
      width: viewportSize.width,
      height: HeightIndex.points(inPlace { rowSpace.contentUnits(in: $0, tableFooterUnits: heights.tableFooterUnits) }))
  }

  /// Throws when `indexPath` is not a row of the table.
  func check(_ indexPath: IndexPath, _ call: String) throws(TableViewError) {
    guard isValid(indexPath) else {
      let sections = heights.index.sectionCount
      let detail =
        indexPath.section >= 0 && indexPath.section < sections
        ? "section \(indexPath.section) has \(counted(heights.index.rowCount(inSection: indexPath.section), "row"))"
        : "the table has \(counted(sections, "section"))"
      throw TableViewError(.indexOutOfRange, "\(call): index path \(indexPath) is out of range: \(detail)")
    }
  }

  /// The item index of a row, checked: two descents for both the check and the answer.
  func itemIndex(of indexPath: IndexPath, _ call: String) throws(TableViewError) -> Int {
    let s = indexPath.section
    guard s >= 0, s < heights.index.sectionCount else {
      try check(indexPath, call)
      return 0
    }
    let header = heights.index.itemIndex(ofHeader: s)
    let rows = heights.index.itemIndex(ofHeader: s + 1) - header - 2
    guard indexPath.row >= 0, indexPath.row < rows else {
      try check(indexPath, call)
      return 0
    }
    return header + 1 + indexPath.row
  }

  func check(section: Int, _ call: String) throws(TableViewError) {
    guard section >= 0, section < heights.index.sectionCount else {
      throw TableViewError(
        .indexOutOfRange,
        "\(call): section \(section) is out of range: the table has \(counted(heights.index.sectionCount, "section"))")
    }
  }

  /// "1 row", "0 rows", "2 sections": a count and its noun, for error messages.
  func counted(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }

  /// The frame of a row in content coordinates.
  /// - Complexity: O(log n)
  public func rectForRow(at indexPath: IndexPath) throws(TableViewError) -> Rect {
    try check(indexPath, "rectForRow(at:)")
    return frame(of: heights.index.info(ofItem: heights.index.itemIndex(of: indexPath)))
  }

  /// The frame of a whole section: header, rows and footer.
  /// - Complexity: O(log n)
  public func rect(forSection section: Int) throws(TableViewError) -> Rect {
    try check(section: section, "rect(forSection:)")
    return sectionRect(section)
  }

  func sectionRect(_ section: Int) -> Rect {
    let range = heights.index.itemRange(ofSection: section)
    let start = heights.index.offset(ofItem: range.lowerBound)
    let end = heights.index.offset(ofItem: range.upperBound)
    return Rect(
      x: 0, y: HeightIndex.points(heights.tableHeaderUnits + start), width: viewportSize.width,
      height: HeightIndex.points(end - start))
  }

  /// Where the header of `section` is shown now: in the plain style, the header of the section
  /// at the top edge floats there until the end of its section pushes it up.
  /// - Complexity: O(log n)
  /// - Throws: `.indexOutOfRange` for a section that does not exist, as `rectForRow(at:)`.
  public func rectForHeader(inSection section: Int) throws(TableViewError) -> Rect {
    try check(section: section, "rectForHeader(inSection:)")
    return headerRect(section)
  }

  /// `rectForHeader(inSection:)` for a section known to exist.
  func headerRect(_ section: Int) -> Rect {
    var rect = frame(of: heights.index.info(ofItem: heights.index.itemIndex(ofHeader: section)))
    guard style == .plain, rect.height > 0 else { return rect }
    let pin = scroll.offset.y + contentInset.top
    let sectionEnd = sectionRect(section).maxY
    rect.origin.y = max(rect.minY, min(pin, sectionEnd - rect.height))
    return rect
  }

  /// Where the footer of `section` is shown now: in the plain style it floats at the bottom edge
  /// while its section is on screen, never above its section's header.
  /// - Complexity: O(log n)
  /// - Throws: `.indexOutOfRange` for a section that does not exist, as `rectForRow(at:)`.
  public func rectForFooter(inSection section: Int) throws(TableViewError) -> Rect {
    try check(section: section, "rectForFooter(inSection:)")
    return footerRect(section)
  }

  /// `rectForFooter(inSection:)` for a section known to exist.
  func footerRect(_ section: Int) -> Rect {
    let info = heights.index.info(ofItem: heights.index.itemIndex(ofFooter: section))
    var rect = frame(of: info)
    guard style == .plain, rect.height > 0 else { return rect }
    let pin = scroll.offset.y + viewportSize.height - contentInset.bottom - rect.height
    let header = frame(of: heights.index.info(ofItem: heights.index.itemIndex(ofHeader: section)))
    rect.origin.y = min(rect.minY, max(pin, header.maxY))
    return rect
  }

  /// The row at `point` (content coordinates), or `nil` over a header, footer or nothing.
  /// - Complexity: O(log n)
  public func indexPathForRow(at point: Point) -> IndexPath? {
    guard point.y.isFinite else { return nil }
    var y = Sanitize.units(point.y) - heights.tableHeaderUnits
    y = rowSpace.wrappedIntoFirstLap(y)
    guard point.x >= 0, point.x < max(viewportSize.width, 1), let info = heights.index.info(containing: y),
      info.kind == .row
    else { return nil }
    return IndexPath(row: info.item - heights.index.itemIndex(ofHeader: info.section) - 1, section: info.section)
  }

  /// The rows intersecting the visible area, in order.
  /// - Complexity: O(visible rows)
  public var indexPathsForVisibleRows: [IndexPath] { visible.rows.map(\.indexPath) }

  /// The cells on screen, in row order.
  /// - Complexity: O(visible rows)
  public var visibleCells: [any ReusableView] { visible.rows.map(\.view) }

  /// The header views on screen, with their sections.
  /// - Complexity: O(visible sections)
  public var visibleHeaderViews: [SectionView] {
    visible.headers.compactMap { entry in entry.view.map { SectionView(section: entry.section, view: $0) } }
  }

  /// The footer views on screen, with their sections.
  /// - Complexity: O(visible sections)
  public var visibleFooterViews: [SectionView] {
    visible.footers.compactMap { entry in entry.view.map { SectionView(section: entry.section, view: $0) } }
  }

  /// The index path of the row `cell` shows, or `nil` when it shows none on screen (UIKit's
  /// `indexPath(for:)`): a cell in the reuse pool, leaving with an animation, or held to be moved.
  /// In a looping table, the first place on screen the cell's row shows.
  /// - Complexity: O(visible)
  public func indexPath(for cell: any ReusableView) -> IndexPath? {
    visible.rows.first { $0.view === cell }?.indexPath
  }

  /// The cell showing `indexPath`, or `nil` when the row is not on screen.
  /// - Complexity: O(log visible)
  public func cellForRow(at indexPath: IndexPath) -> (any ReusableView)? {
    if !rowSpace.eachRowAppearsOnce { return visible.rows.first { $0.indexPath == indexPath }?.view }
    var lo = 0
    var hi = visible.rows.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if visible.rows[mid].indexPath < indexPath { lo = mid + 1 } else { hi = mid }
    }
    return lo < visible.rows.count && visible.rows[lo].indexPath == indexPath ? visible.rows[lo].view : nil
  }

  /// Views the table has alive: on screen, prepared, and pooled (cells and header/footer views).
  /// - Complexity: O(visible views + identifiers registered)
  var aliveViewCount: Int {
    visible.rows.count + visible.preparedCells.count + visible.cellPool.count + visible.headerFooterPool.count
      + visible.headers.count(where: { $0.view != nil }) + visible.footers.count(where: { $0.view != nil })
      + (visible.lifted == nil ? 0 : 1)
  }

  /// Changes one row's height (the seed's `row:changedHeight:`) in O(log n): only the cells
  /// below it move. When the row is entirely above the visible area, the content offset moves
  /// with it so that nothing on screen moves. With ``maintainsVisibleContentPosition`` the content
  /// anchor stays put instead (a row above it on screen changing height moves the rows above
  /// the anchor, not the anchor), and at the bottom follow mode follows a row that grew there.
  /// - Throws: `.indexOutOfRange` or `.invalidHeight` (also for a height that would make the
  ///   content taller than `maximumContentHeight`), leaving the table unchanged.
  /// - Complexity: O(log n + visible)
  public func setHeight(_ height: Double, forRowAt indexPath: IndexPath) throws(TableViewError) {
    try HeightIndex.validate(height, "row \(indexPath)")
    let k = try itemIndex(of: indexPath, "setHeight(_:forRowAt:)")
    let units = HeightIndex.units(height)
    // The row's old height is looked up (one more descent) only when the total comes near the limit.
    let roomy =
      heights.tableHeaderUnits + heights.index.totalUnits + units + heights.tableFooterUnits <= Self.maximumUnits
    guard
      roomy
        || heights.tableHeaderUnits + heights.index.totalUnits - heights.index.height(ofItem: k) + units
          + heights.tableFooterUnits
          <= Self.maximumUnits
    else {
      throw TableViewError(
        .invalidHeight,
        "height \(height) for row \(indexPath) would make the content taller than the \(Self.maximumContentHeight) points a table holds"
      )
    }
    guard maintainsVisibleContentPosition || anchoring.following, rowSpace.eachRowAppearsOnce else {
      applyHeight(units, toItem: k, measured: true)
      layoutIfNeeded()
      return
    }
    anchoring.changingData = true
    let follow = followState()
    let kept = maintainsVisibleContentPosition ? contentAnchorIndex().map { visible.rows[$0] } : nil
    let screen = kept.map { $0.view.frame.minY - scroll.offset.y }
    applyHeight(units, toItem: k, measured: true)
    if let kept, let screen {
      correctContentOffsetY(to: rowTop(kept.globalRow) - screen)
      anchoring.measuringAnchorRow = kept.globalRow
      layoutKeepingAnchor()
    } else {
      layoutIfNeeded()
    }
    followOrCount(follow, lastAfter: follow.last)
    anchoring.changingData = false
    noticeEdges()
  }

  /// Sets item `k`'s height, shifts the cells below it, and anchors the offset when the item is
  /// above the visible area. Returns the change in units. With `placesCells` false the cells are
  /// left for the next layout pass to place (the caller runs one).
  @discardableResult
  func applyHeight(_ units: Int64, toItem k: Int, measured: Bool, placesCells: Bool = true) -> Int64 {
    if rowSpace.keepsFirstVisibleRowInPlace {
      // Every lap moves: keep the first visible appearance where it is on screen.
      let anchor = visible.rowRange.isEmpty ? nil : visible.rowRange.lowerBound
      let screen = anchor.map { rowTop($0) - scroll.offset.y }
      let change = heights.index.updateHeight(ofItem: k, units: units, measured: measured)
      if let anchor, let screen { correctContentOffsetY(to: rowTop(anchor) - screen) }
      pass.framesDirty = true
      return units - change.oldUnits
    }
    // Above the first visible row means entirely above the visible area: the offset follows.
    // (Known from the visible range without summing the row's offset, so the index is touched
    // once; mid-layout, when that range is in flux, the offset is summed instead.)
    let settled = !pass.inLayout && !visible.rows.isEmpty
    let change = heights.index.updateHeight(ofItem: k, units: units, measured: measured, wantsStart: !settled)
    let delta = units - change.oldUnits
    guard delta != 0 else { return 0 }
    let shift = HeightIndex.points(delta)
    let above =
      settled
      ? change.rowsBefore < visible.rowRange.lowerBound
      : HeightIndex.points(heights.tableHeaderUnits + change.start + change.oldUnits) <= scroll.offset.y
    if above { correctContentOffsetY(to: scroll.offset.y + shift) }
    guard placesCells else {
      // The next layout pass places every cell on screen again (the idle precompute ends its
      // slice with one): one pass over them, not one a row measured.
      pass.framesDirty = true
      return delta
    }
    let firstBelow = change.rowsBefore + (change.kind == .row ? 1 : 0)
    // Visible rows are sorted: start at the first one at or after the changed item (none, for a
    // row measured below the screen, which is what the idle precompute mostly measures).
    // (Mid-layout the list may be in flux: then every row is looked at.)
    var low = 0
    var high = settled ? visible.rows.count : 0
    while low < high {
      let middle = (low + high) / 2
      if visible.rows[middle].globalRow < change.rowsBefore { low = middle + 1 } else { high = middle }
    }
    for i in low..<visible.rows.count {
      let g = visible.rows[i].globalRow
      let view = visible.rows[i].view
      if change.kind == .row, g == change.rowsBefore {
        var frame = view.frame
        frame.size.height = HeightIndex.points(units)
        place(view, at: frame)
      } else if g >= firstBelow {
        var frame = view.frame
        frame.origin.y += shift
        place(view, at: frame)
      }
    }
    return delta
  }

  /// The bytes the height caches hold in use: the current width's geometry index and those of the
  /// other widths kept (see ``cachedWidths``), and those kept for the columns' configurations shown before (see
  /// ``columnState``). For diagnostics and memory budgets.
  /// - Complexity: O(widths kept)
  var heightCacheBytes: Int {
    heights.otherWidths.values.reduce(heights.index.bytesInUse + heights.otherColumnConfigurationsBytes) {
      $0 + $1.bytesInUse
    }
  }
}
