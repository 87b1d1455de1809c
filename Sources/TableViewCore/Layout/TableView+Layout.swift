// The layout pass: from the viewport, find the visible rows and sections by search, measure
// rows that are about to show (anchoring the offset so nothing on screen moves), diff against
// what is on screen, return leaving views to their pools, dequeue entering ones, set frames.
//
// A scroll step that brings no new row searches nothing when the viewport's top and bottom stay
// on the rows they were on and nothing was edited (the last search is kept, `VisibleRangeCache`),
// else two searches; it touches only floating headers: no allocation, no data-source call.

extension TableView {
  /// Lays out now if anything changed since the last pass.
  ///
  /// - Complexity: O(1) for a pass in which the viewport's top and bottom stay on the items they
  ///   were on and nothing was edited (the last search answers; floating headers move), else O(log n)
  ///   when no row enters or leaves (two searches); O(visible · log n) when rows enter or leave or frames changed, plus, for each
  ///   entering row, the data source's cell and, with estimated heights, its measuring. A pending
  ///   reload first costs what ``reloadData(keepingMeasuredHeights:)`` costs.
  public func layoutIfNeeded() {
    guard !pass.inLayout else { return }
    if pass.needsReload { rebuild() }
    layoutPass()
    while pass.deferredReload {
      pass.deferredReload = false
      rebuild()
      layoutPass()
    }
    if anchoring.rowsBelow > 0 || edges.distance != nil || anchoring.following || followsAppendedRows {
      noticeEdges()
    }
    if editing.reorder != nil { keepHeldRowInView() }
  }

  /// `body` of the height index where it is. A struct stored in a class and passed as an argument is copied first
  /// (each of its arrays retained and released: a third of a scroll step with estimated heights), unless the
  /// optimizer can see that nothing writes it during the call; an `inout` access is exclusive, so whatever `body`
  /// passes it to reads it in place. `body` must only read it. (The table's properties are
  /// `@exclusivity(unchecked)`: the access costs no check.)
  @inline(__always)
  func inPlace<Result>(_ body: (inout HeightIndex) -> Result) -> Result {
    body(&heights.index)
  }

  func setContentOffsetNow(_ offset: Point) {
    guard let x = Sanitize.coordinate(offset.x), let y = Sanitize.coordinate(offset.y) else {
      report(TableViewError(.invalidArgument, "content offset \(offset) is not finite; ignored"))
      return
    }
    scroll.jump(to: Point(x: x, y: y))
    recenterIfNecessary()
    layoutIfNeeded()
    delegate?.tableViewDidScroll(self)
  }

  // MARK: Viewport arithmetic

  /// The visible rectangle in content coordinates.
  /// - Complexity: O(1)
  public var visibleRect: Rect {
    Rect(origin: scroll.offset, size: viewportSize)
  }

  /// Global rows and sections intersecting `[top, bottom)` (content coordinates).
  /// - Complexity: O(log n)
  func ranges(top: Double, bottom: Double) -> (rows: Range<Int>, sections: Range<Int>) {
    inPlace { rowSpace.ranges(top: top, bottom: bottom, in: $0) }
  }

  /// Global rows and sections intersecting the viewport: the last search's answer when it holds
  /// for where the viewport is now (see `VisibleRangeCache`), else a search, kept for the next time.
  /// - Complexity: O(1) when the last search answers; else O(log n).
  func viewportRanges() -> (rows: Range<Int>, sections: Range<Int>) {
    let top = scroll.offset.y
    let bottom = top + viewportSize.height
    let space = rowSpace
    let generation = heights.index.generation
    if let kept = heights.visibleRanges.ranges(top: top, bottom: bottom, generation: generation, space: space) {
      #if DEBUG
        let searched = inPlace { space.ranges(top: top, bottom: bottom, in: $0) }
        precondition(kept == searched, "the kept visible ranges \(kept) are not the searched ones \(searched)")
      #endif
      return kept
    }
    let found = inPlace { space.rangesAndExtents(top: top, bottom: bottom, in: $0) }
    if let extents = found.extents {
      heights.visibleRanges.keep(
        VisibleRangeCache.Entry(
          generation: generation, space: space, total: heights.index.totalUnits, firstExtent: extents.first,
          lastExtent: extents.last, rows: found.rows, sections: found.sections))
    }
    return (found.rows, found.sections)
  }

  /// The frame of an item from its info.
  @inline(__always) func frame(of info: HeightIndex.ItemInfo) -> Rect {
    Rect(
      x: 0, y: HeightIndex.points(heights.tableHeaderUnits + info.start), width: viewportSize.width,
      height: HeightIndex.points(info.height))
  }

  /// The index path of global row `g`, and its frame.
  func locateGlobalRow(_ g: Int) -> (IndexPath, Rect) {
    let at = inPlace { rowSpace.locate(globalRow: g, in: $0) }
    let rect = Rect(
      x: 0, y: HeightIndex.points(at.top), width: viewportSize.width, height: HeightIndex.points(at.height))
    return (at.indexPath, rect)
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
      cursor.rect.size.height = HeightIndex.points(heights.index.height(ofItem: cursor.item))
      return
    }
    let (path, rect) = locateGlobalRow(g)
    cursor.g = g
    cursor.path = path
    cursor.rect = rect
    cursor.item = heights.index.itemIndex(of: path)
    cursor.rowsInSection = heights.index.rowCount(inSection: path.section)
  }

  // MARK: The pass

  func layoutPass() {
    pass.passNumber &+= 1
    pass.inLayout = true
    defer { pass.inLayout = false }
    // The visible ranges as measuring left them, when it searched them last.
    var known: (rows: Range<Int>, sections: Range<Int>)?
    if heights.usesEstimates, heights.index.unmeasuredRowCount > 0 {
      // Rows measured smaller than their estimates shorten the content under an offset at rest:
      // one that was within the content stays within it.
      let resting = scroll.animation == nil && !scroll.isDragging && rowSpace.isBounded
      let within =
        resting && scroll.offset.y >= minimumContentOffsetY && scroll.offset.y <= maximumContentOffsetY
      known = measureRowsComingOnScreen()
      if within, keepOffsetWithinContent() { known = nil }
    }
    let (rows, sections) = known ?? viewportRanges()
    if rows != visible.rowRange || pass.framesDirty { updateRows(to: rows) }
    updateSupplements(to: sections)
    updateTableHeaderAndFooter()
    updatePrefetchingIfNeeded()
    pass.framesDirty = false
    pass.visibleRowsRemapped = false
    for entry in visible.preparedCells { visible.cellPool.enqueue(entry.view) }
    visible.preparedCells.removeAll(keepingCapacity: true)
    // The pool keeps as many cells as the most this viewport has shown: row heights that vary
    // do not make it drop and re-create cells, and a viewport that shrinks lets them go.
    visible.highWater = max(visible.highWater, visible.rows.count)
    visible.cellPool.trim(toAtMost: max(reusePoolFloor, visible.highWater))
    visible.headerFooterPool.trim(toAtMost: max(reusePoolFloor, visible.headers.count + visible.footers.count))
  }

  /// Merges the visible rows with `rows`: rows still in range keep their cells (re-placed when
  /// frames are dirty), leaving rows go to the pool, entering rows get cells.
  /// - Complexity: O(visible) without dirty frames, O(visible · log n) with.
  func updateRows(to rows: Range<Int>) {
    swap(&visible.rowScratch, &visible.rows)
    visible.rows.removeAll(keepingCapacity: true)
    // Rows leaving go back to the pool before any entering row is dequeued: a jump reuses the
    // cells it leaves instead of making new ones beside them.
    var kept = 0
    for j in visible.rowScratch.indices {
      if rows.contains(visible.rowScratch[j].globalRow) {
        visible.rowScratch.swapAt(kept, j)
        kept += 1
      } else {
        endDisplaying(visible.rowScratch[j])
      }
    }
    visible.rowScratch.removeLast(visible.rowScratch.count - kept)
    // What is left are the kept rows, ascending: each is met by the walk over `rows` below.
    var i = 0
    var cursor = RowCursor()
    for g in rows {
      if i < visible.rowScratch.count, visible.rowScratch[i].globalRow == g {
        var entry = visible.rowScratch[i]
        i += 1
        if pass.framesDirty {
          move(&cursor, to: g)
          entry.indexPath = cursor.path
          if entry.view.frame != cursor.rect { place(entry.view, at: cursor.rect) }
        }
        visible.rows.append(entry)
      } else if visible.lifted?.globalRow != g {
        move(&cursor, to: g)
        if let entry = displayRow(g, path: cursor.path, rect: cursor.rect) { visible.rows.append(entry) }
      }
    }
    assert(i == visible.rowScratch.count, "a kept row was not met by the walk")
    visible.rowScratch.removeAll(keepingCapacity: true)
    visible.rowRange = rows
  }

  /// Dequeues (or takes the prepared) cell for global row `g`, places it, and announces it.
  func displayRow(_ g: Int, path: IndexPath, rect: Rect) -> VisibleSet.Row? {
    let cell: any ReusableView
    if let i = visible.preparedCells.firstIndex(where: { $0.globalRow == g }) {
      cell = visible.preparedCells.remove(at: i).view
    } else {
      guard let made = makeCell(for: path) else { return nil }
      cell = made
    }
    host?.attach(cell)
    visible.attachedThisPass = true
    place(cell, at: rect)
    cell.setSelected(selection.rows.contains(path), animated: false)
    cell.setHighlighted(selection.highlighted == path, animated: false)
    cell.setFocused(focus.focused == path, animated: false)
    showEditingControl(of: cell, at: path)
    let entry = VisibleSet.Row(globalRow: g, indexPath: path, view: cell)
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
    // The usual case, a cell just dequeued, is neither shown nor pooled: nothing to check.
    if visible.cellPool.takeFresh(cell) {
      cell.setEditing(editing.isEditing, animated: false)
      return cell
    }
    if visible.isInUse(cell) {
      report(
        TableViewError(
          .invalidDataSource,
          "cellForRowAt \(path) returned a cell that is already displayed for another row; the row is left without a cell"
        ))
      return nil
    }
    if visible.cellPool.contains(cell) {
      report(
        TableViewError(
          .invalidDataSource,
          "cellForRowAt \(path) returned a cell that is in the reuse pool without dequeuing it; the row is left without a cell"
        ))
      return nil
    }
    // Told before it is measured: a cell that indents in edit mode wraps its content narrower.
    cell.setEditing(editing.isEditing, animated: false)
    return cell
  }

  /// Guards against a data source that changed its counts without telling the table: before it
  /// is asked for a cell, its counts are checked (once per pass and section, only in passes that
  /// need cells). A row it no longer has is left without a cell, and the mismatch is reported.
  func dataSourceStillHas(_ path: IndexPath, _ dataSource: any TableViewDataSource) -> Bool {
    if pass.countCheck.pass != pass.passNumber {
      let sections = askingDataSource { dataSource.numberOfSections(in: self) }
      pass.countCheck = (pass.passNumber, sections, -1, 0)
      if sections != heights.index.sectionCount {
        report(
          TableViewError(
            .invalidDataSource,
            "the data source now reports \(sections) sections but the table has \(heights.index.sectionCount): call reloadData() or performBatchUpdates after changing the data"
          ))
      }
    }
    guard path.section < pass.countCheck.sections else { return false }
    if pass.countCheck.section != path.section {
      let rows = askingDataSource { dataSource.tableView(self, numberOfRowsInSection: path.section) }
      pass.countCheck.section = path.section
      pass.countCheck.rows = rows
      let expected = heights.index.rowCount(inSection: path.section)
      if rows != expected {
        report(
          TableViewError(
            .invalidDataSource,
            "the data source now reports \(rows) rows in section \(path.section) but the table has \(expected): call reloadData() or performBatchUpdates after changing the data; rows beyond \(rows) are left without cells"
          ))
      }
    }
    return path.row < pass.countCheck.rows
  }

  func endDisplaying(_ entry: VisibleSet.Row) {
    let kept = retireForUpdate(entry.view, pool: .cell, row: entry, section: entry.indexPath.section)
    if !kept { host?.detach(entry.view) }
    if let delegate {
      let lap = self.lap(ofRow: entry.globalRow)
      askingDataSource { delegate.tableView(self, didEndDisplaying: entry.view, forRowAt: entry.indexPath, lap: lap) }
    }
    if !kept { visible.cellPool.enqueue(entry.view) }
  }

  /// Takes a header's or footer's view off screen, back to the pool, and tells the delegate.
  func retireSupplement(_ entry: VisibleSet.Supplement) {
    guard let view = entry.view else { return }
    let kept = retireForUpdate(view, pool: .headerFooter, row: nil, section: entry.section)
    if !kept { host?.detach(view) }
    if let delegate {
      askingDataSource {
        if entry.isFooter {
          delegate.tableView(self, didEndDisplayingFooterView: view, forSection: entry.section)
        } else {
          delegate.tableView(self, didEndDisplayingHeaderView: view, forSection: entry.section)
        }
      }
    }
    if !kept { visible.headerFooterPool.enqueue(view) }
  }

  // MARK: Headers and footers

  func updateSupplements(to sections: Range<Int>) {
    if sections != visible.sectionRange || pass.framesDirty {
      sync(&visible.headers, to: sections, footers: false) { s in
        delegate.flatMap { d in askingDataSource { d.tableView(self, viewForHeaderInSection: s) } }
      }
      sync(&visible.footers, to: sections, footers: true) { s in
        delegate.flatMap { d in askingDataSource { d.tableView(self, viewForFooterInSection: s) } }
      }
      visible.sectionRange = sections
    }
    // Frames move with the scroll only when they float; otherwise only after changes. Floating
    // views go back on top only when this pass attached something that could cover them.
    let raise = style == .plain && visible.attachedThisPass
    visible.attachedThisPass = false
    for i in visible.headers.indices {
      guard let view = visible.headers[i].view else { continue }
      let rect = headerRect(visible.headers[i].section)
      if view.frame != rect { place(view, at: rect) }
      if raise { host?.bringToFront(view) }
    }
    for i in visible.footers.indices {
      guard let view = visible.footers[i].view else { continue }
      let rect = footerRect(visible.footers[i].section)
      if view.frame != rect { place(view, at: rect) }
      if raise { host?.bringToFront(view) }
    }
  }

  private func sync(
    _ list: inout ContiguousArray<VisibleSet.Supplement>, to sections: Range<Int>, footers: Bool,
    make: (Int) -> (any ReusableView)?
  ) {
    swap(&visible.supplementScratch, &list)
    list.removeAll(keepingCapacity: true)
    var i = 0
    for s in sections {
      while i < visible.supplementScratch.count, visible.supplementScratch[i].section < s {
        retireSupplement(visible.supplementScratch[i])
        i += 1
      }
      if i < visible.supplementScratch.count, visible.supplementScratch[i].section == s {
        list.append(visible.supplementScratch[i])
        i += 1
      } else {
        let view = make(s)
        if let view {
          host?.attach(view)
          visible.attachedThisPass = true
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
        list.append(VisibleSet.Supplement(section: s, view: view, isFooter: footers))
      }
    }
    while i < visible.supplementScratch.count {
      retireSupplement(visible.supplementScratch[i])
      i += 1
    }
    visible.supplementScratch.removeAll(keepingCapacity: true)
  }

  func updateTableHeaderAndFooter() {
    let shownRect = rowSpace.showsHeaderAndFooterViews ? visibleRect : Rect(x: 0, y: .infinity, width: 0, height: 0)
    if let header = tableHeaderView {
      let rect = Rect(x: 0, y: 0, width: viewportSize.width, height: HeightIndex.points(heights.tableHeaderUnits))
      let show = rect.maxY > shownRect.minY && rect.minY < shownRect.maxY
      if show != visible.tableHeaderShown {
        if show { host?.attach(header) } else { host?.detach(header) }
        visible.tableHeaderShown = show
      }
      if header.frame != rect { header.frame = rect }
    }
    if let footer = tableFooterView {
      let y = HeightIndex.points(heights.tableHeaderUnits + heights.index.totalUnits)
      let rect = Rect(x: 0, y: y, width: viewportSize.width, height: HeightIndex.points(heights.tableFooterUnits))
      let show = rect.maxY > shownRect.minY && rect.minY < shownRect.maxY
      if show != visible.tableFooterShown {
        if show { host?.attach(footer) } else { host?.detach(footer) }
        visible.tableFooterShown = show
      }
      if footer.frame != rect { footer.frame = rect }
    }
  }
}
