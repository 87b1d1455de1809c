// The layout pass: from the viewport, find the visible rows and sections by search, measure
// rows that are about to show (anchoring the offset so nothing on screen moves), diff against
// what is on screen, return leaving views to their pools, dequeue entering ones, set frames.
//
// A scroll step that brings no new row does two searches and touches only floating headers:
// no allocation, no data-source call.

extension TableView {
  /// Lays out now if anything changed since the last pass.
  ///
  /// - Complexity: O(log n) for a pass in which no row enters or leaves (two searches; floating
  ///   headers move); O(visible · log n) when rows enter or leave or frames changed, plus, for each
  ///   entering row, the data source's cell and, with estimated heights, its measuring. A pending
  ///   reload first costs what ``reloadData(keepingMeasuredHeights:)`` costs.
  public func layoutIfNeeded() {
    guard !inLayout else { return }
    if needsReload { rebuild() }
    layoutPass()
    while deferredReload {
      deferredReload = false
      rebuild()
      layoutPass()
    }
  }

  func setContentOffsetNow(_ offset: Point) {
    guard let x = Sanitize.coordinate(offset.x), let y = Sanitize.coordinate(offset.y) else {
      report(TableViewError(.invalidArgument, "content offset \(offset) is not finite; ignored"))
      return
    }
    storedContentOffset = Point(x: x, y: y)
    if isLooping { recenterIfNecessary() }
    layoutIfNeeded()
    delegate?.tableViewDidScroll(self)
  }

  // MARK: Viewport arithmetic

  /// The visible rectangle in content coordinates.
  /// - Complexity: O(1)
  public var visibleRect: Rect {
    Rect(origin: storedContentOffset, size: viewportSize)
  }

  /// Global rows and sections intersecting `[top, bottom)` (content coordinates).
  func ranges(top: Double, bottom: Double) -> (rows: Range<Int>, sections: Range<Int>) {
    if isLooping { return (loopingRows(top: top, bottom: bottom), 0..<0) }
    let total = index.totalUnits
    let t = max(Sanitize.units(top) - tableHeaderUnits, 0)
    let b = min(Sanitize.units(bottom) - tableHeaderUnits, total)
    guard t < b, let first = index.info(containing: t), let last = index.info(containing: b - 1) else {
      return (0..<0, 0..<0)
    }
    let end = min(last.rowsBefore + (last.kind == .row ? 1 : 0), first.rowsBefore + Self.maximumVisibleRows)
    let rows = first.rowsBefore..<max(first.rowsBefore, end)
    let sectionEnd = min(last.section + 1, first.section + Self.maximumVisibleRows)
    return (rows, first.section..<sectionEnd)
  }

  /// The frame of an item from its info.
  @inline(__always) func frame(of info: HeightIndex.ItemInfo) -> Rect {
    Rect(
      x: 0, y: HeightIndex.points(tableHeaderUnits + info.start), width: viewportSize.width,
      height: HeightIndex.points(info.height))
  }

  /// The index path of global row `g`, and its frame.
  func locateGlobalRow(_ g: Int) -> (IndexPath, Rect) {
    if isLooping { return locateVirtualRow(g) }
    let k = index.itemIndex(ofGlobalRow: g)
    let info = index.info(ofItem: k)
    let section = info.sectionsBefore - 1
    let row = g - index.prefix(index.itemIndex(ofHeader: section)).rows
    return (IndexPath(row: row, section: section), frame(of: info))
  }

  /// Walks rows in order: the next row of the same section costs one height lookup instead of
  /// a full locate.
  struct RowCursor {
    var g = Int.min
    var path = IndexPath(row: 0, section: 0)
    var rect = Rect.zero
    var item = 0
    var rowsInSection = 0
  }

  func move(_ cursor: inout RowCursor, to g: Int) {
    if cursor.g == g - 1, cursor.path.row + 1 < cursor.rowsInSection {
      cursor.g = g
      cursor.item += 1
      cursor.path.row += 1
      cursor.rect.origin.y = cursor.rect.maxY
      cursor.rect.size.height = HeightIndex.points(index.height(ofItem: cursor.item))
      return
    }
    let (path, rect) = locateGlobalRow(g)
    cursor.g = g
    cursor.path = path
    cursor.rect = rect
    cursor.item = index.itemIndex(of: path)
    cursor.rowsInSection = index.rowCount(inSection: path.section)
  }

  // MARK: The pass

  func layoutPass() {
    passNumber &+= 1
    inLayout = true
    defer { inLayout = false }
    if usesEstimates, index.unmeasuredRowCount > 0 {
      // Rows measured smaller than their estimates shorten the content under an offset at rest:
      // one that was within the content stays within it.
      let resting = animation == nil && !isDragging && !isLooping
      let within =
        resting && storedContentOffset.y >= minimumContentOffsetY && storedContentOffset.y <= maximumContentOffsetY
      measureRowsComingOnScreen()
      if within { keepOffsetWithinContent() }
    }
    let (rows, sections) = ranges(top: storedContentOffset.y, bottom: storedContentOffset.y + viewportSize.height)
    if rows != visibleRowRange || framesDirty { updateRows(to: rows) }
    updateSupplements(to: sections)
    updateTableHeaderAndFooter()
    updatePrefetchingIfNeeded()
    framesDirty = false
    visibleRowsRemapped = false
    for entry in preparedCells { cellPool.enqueue(entry.view) }
    preparedCells.removeAll(keepingCapacity: true)
    // The pool keeps as many cells as the most this viewport has shown: row heights that vary
    // do not make it drop and re-create cells, and a viewport that shrinks lets them go.
    visibleHighWater = max(visibleHighWater, visibleRows.count)
    cellPool.trim(toAtMost: max(reusePoolFloor, visibleHighWater))
    headerFooterPool.trim(toAtMost: max(reusePoolFloor, visibleHeaders.count + visibleFooters.count))
  }

  /// Merges the visible rows with `rows`: rows still in range keep their cells (re-placed when
  /// frames are dirty), leaving rows go to the pool, entering rows get cells.
  /// - Complexity: O(visible) without dirty frames, O(visible · log n) with.
  func updateRows(to rows: Range<Int>) {
    swap(&rowScratch, &visibleRows)
    visibleRows.removeAll(keepingCapacity: true)
    // Rows leaving go back to the pool before any entering row is dequeued: a jump reuses the
    // cells it leaves instead of making new ones beside them.
    var kept = 0
    for j in rowScratch.indices {
      if rows.contains(rowScratch[j].globalRow) {
        rowScratch.swapAt(kept, j)
        kept += 1
      } else {
        endDisplaying(rowScratch[j])
      }
    }
    rowScratch.removeLast(rowScratch.count - kept)
    var i = 0
    var cursor = RowCursor()
    defer { rowScratchCursor = 0 }
    for g in rows {
      while i < rowScratch.count, rowScratch[i].globalRow < g {
        endDisplaying(rowScratch[i])
        i += 1
      }
      rowScratchCursor = i
      if i < rowScratch.count, rowScratch[i].globalRow == g {
        var entry = rowScratch[i]
        i += 1
        if framesDirty {
          move(&cursor, to: g)
          entry.indexPath = cursor.path
          if entry.view.frame != cursor.rect { entry.view.frame = cursor.rect }
        }
        visibleRows.append(entry)
      } else {
        move(&cursor, to: g)
        if let entry = displayRow(g, path: cursor.path, rect: cursor.rect) { visibleRows.append(entry) }
      }
    }
    while i < rowScratch.count {
      endDisplaying(rowScratch[i])
      i += 1
    }
    rowScratch.removeAll(keepingCapacity: true)
    visibleRowRange = rows
  }

  /// Dequeues (or takes the prepared) cell for global row `g`, places it, and announces it.
  func displayRow(_ g: Int, path: IndexPath, rect: Rect) -> VisibleRow? {
    let cell: any ReusableView
    if let i = preparedCells.firstIndex(where: { $0.globalRow == g }) {
      cell = preparedCells.remove(at: i).view
    } else {
      guard let made = makeCell(for: path) else { return nil }
      cell = made
    }
    host?.attach(cell)
    attachedThisPass = true
    cell.frame = rect
    cell.setSelected(selectedRows.contains(path), animated: false)
    cell.setHighlighted(highlightedRow == path, animated: false)
    let entry = VisibleRow(globalRow: g, indexPath: path, view: cell)
    if let delegate {
      let lap = self.lap(ofRow: g)
      askingDataSource { delegate.tableView(self, willDisplay: cell, forRowAt: path, lap: lap) }
    }
    return entry
  }

  /// Asks the data source for the cell of `path`, rejecting a cell that is already on screen or
  /// waiting in the pool (that would show one view for two rows).
  func makeCell(for path: IndexPath) -> (any ReusableView)? {
    guard let dataSource, dataSourceStillHas(path, dataSource) else { return nil }
    let cell = askingDataSource { dataSource.tableView(self, cellForRowAt: path) }
    if visibleRows.contains(where: { $0.view === cell })
      || rowScratch[rowScratchCursor...].contains(where: { $0.view === cell })
      || preparedCells.contains(where: { $0.view === cell })
    {
      report(
        TableViewError(
          .invalidDataSource,
          "cellForRowAt \(path) returned a cell that is already displayed for another row; the row is left without a cell"
        ))
      return nil
    }
    if cellPool.contains(cell) {
      report(
        TableViewError(
          .invalidDataSource,
          "cellForRowAt \(path) returned a cell that is in the reuse pool without dequeuing it; the row is left without a cell"
        ))
      return nil
    }
    return cell
  }

  /// Guards against a data source that changed its counts without telling the table: before it
  /// is asked for a cell, its counts are checked (once per pass and section, only in passes that
  /// need cells). A row it no longer has is left without a cell, and the mismatch is reported.
  func dataSourceStillHas(_ path: IndexPath, _ dataSource: any TableViewDataSource) -> Bool {
    if countCheck.pass != passNumber {
      let sections = askingDataSource { dataSource.numberOfSections(in: self) }
      countCheck = (passNumber, sections, -1, 0)
      if sections != index.sectionCount {
        report(
          TableViewError(
            .invalidDataSource,
            "the data source now reports \(sections) sections but the table has \(index.sectionCount): call reloadData() or performBatchUpdates after changing the data"
          ))
      }
    }
    guard path.section < countCheck.sections else { return false }
    if countCheck.section != path.section {
      let rows = askingDataSource { dataSource.tableView(self, numberOfRowsInSection: path.section) }
      countCheck.section = path.section
      countCheck.rows = rows
      let expected = index.rowCount(inSection: path.section)
      if rows != expected {
        report(
          TableViewError(
            .invalidDataSource,
            "the data source now reports \(rows) rows in section \(path.section) but the table has \(expected): call reloadData() or performBatchUpdates after changing the data; rows beyond \(rows) are left without cells"
          ))
      }
    }
    return path.row < countCheck.rows
  }

  func endDisplaying(_ entry: VisibleRow) {
    host?.detach(entry.view)
    if let delegate {
      let lap = self.lap(ofRow: entry.globalRow)
      askingDataSource { delegate.tableView(self, didEndDisplaying: entry.view, forRowAt: entry.indexPath, lap: lap) }
    }
    cellPool.enqueue(entry.view)
  }

  /// Takes a header's or footer's view off screen, back to the pool, and tells the delegate.
  func retireSupplement(_ entry: VisibleSupplement) {
    guard let view = entry.view else { return }
    host?.detach(view)
    if let delegate {
      askingDataSource {
        if entry.isFooter {
          delegate.tableView(self, didEndDisplayingFooterView: view, forSection: entry.section)
        } else {
          delegate.tableView(self, didEndDisplayingHeaderView: view, forSection: entry.section)
        }
      }
    }
    headerFooterPool.enqueue(view)
  }

  // MARK: Headers and footers

  func updateSupplements(to sections: Range<Int>) {
    if sections != visibleSectionRange || framesDirty {
      sync(&visibleHeaders, to: sections, footers: false) { s in
        delegate.flatMap { d in askingDataSource { d.tableView(self, viewForHeaderInSection: s) } }
      }
      sync(&visibleFooters, to: sections, footers: true) { s in
        delegate.flatMap { d in askingDataSource { d.tableView(self, viewForFooterInSection: s) } }
      }
      visibleSectionRange = sections
    }
    // Frames move with the scroll only when they float; otherwise only after changes. Floating
    // views go back on top only when this pass attached something that could cover them.
    let raise = style == .plain && attachedThisPass
    attachedThisPass = false
    for i in visibleHeaders.indices {
      guard let view = visibleHeaders[i].view else { continue }
      let rect = headerRect(visibleHeaders[i].section)
      if view.frame != rect { view.frame = rect }
      if raise { host?.bringToFront(view) }
    }
    for i in visibleFooters.indices {
      guard let view = visibleFooters[i].view else { continue }
      let rect = footerRect(visibleFooters[i].section)
      if view.frame != rect { view.frame = rect }
      if raise { host?.bringToFront(view) }
    }
  }

  private func sync(
    _ list: inout ContiguousArray<VisibleSupplement>, to sections: Range<Int>, footers: Bool,
    make: (Int) -> (any ReusableView)?
  ) {
    swap(&supplementScratch, &list)
    list.removeAll(keepingCapacity: true)
    var i = 0
    for s in sections {
      while i < supplementScratch.count, supplementScratch[i].section < s {
        retireSupplement(supplementScratch[i])
        i += 1
      }
      if i < supplementScratch.count, supplementScratch[i].section == s {
        list.append(supplementScratch[i])
        i += 1
      } else {
        let view = make(s)
        if let view {
          host?.attach(view)
          attachedThisPass = true
          if let delegate {
            askingDataSource {
              if footers {
                delegate.tableView(self, willDisplayFooterView: view, forSection: s)
              } else {
                delegate.tableView(self, willDisplayHeaderView: view, forSection: s)
              }
            }
          }
        }
        list.append(VisibleSupplement(section: s, view: view, isFooter: footers))
      }
    }
    while i < supplementScratch.count {
      retireSupplement(supplementScratch[i])
      i += 1
    }
    supplementScratch.removeAll(keepingCapacity: true)
  }

  func updateTableHeaderAndFooter() {
    let visible = isLooping ? Rect(x: 0, y: .infinity, width: 0, height: 0) : visibleRect
    if let header = tableHeaderView {
      let rect = Rect(x: 0, y: 0, width: viewportSize.width, height: HeightIndex.points(tableHeaderUnits))
      let show = rect.maxY > visible.minY && rect.minY < visible.maxY
      if show != tableHeaderShown {
        if show { host?.attach(header) } else { host?.detach(header) }
        tableHeaderShown = show
      }
      if header.frame != rect { header.frame = rect }
    }
    if let footer = tableFooterView {
      let y = HeightIndex.points(tableHeaderUnits + index.totalUnits)
      let rect = Rect(x: 0, y: y, width: viewportSize.width, height: HeightIndex.points(tableFooterUnits))
      let show = rect.maxY > visible.minY && rect.minY < visible.maxY
      if show != tableFooterShown {
        if show { host?.attach(footer) } else { host?.detach(footer) }
        tableFooterShown = show
      }
      if footer.frame != rect { footer.frame = rect }
    }
  }
}
