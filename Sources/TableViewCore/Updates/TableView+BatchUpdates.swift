// Batch updates with UIKit's rules. The update is data first (IGListKit's lesson): a
// `BatchUpdate` value is validated into a `BatchUpdatePlan` before anything changes, so an
// invalid update throws and leaves the table, its cells and its cached heights exactly as they
// were. A valid plan is an edit script applied to the height index of every width class, each
// step O(log n); measured heights travel with their rows. Cells of rows that stay on screen
// stay the same cells.

extension TableView {
  /// Applies inserts, deletes, moves and reloads of rows and sections as one update.
  ///
  ///     try table.performBatchUpdates { update in
  ///       update.deleteRows(at: [IndexPath(row: 3, section: 0)])
  ///       update.insertRows(at: [IndexPath(row: 0, section: 1)])
  ///     }
  ///
  /// Index spaces are UIKit's: deletes and reloads use indexes before the update, inserts use
  /// indexes after it, moves go from old to new. The data source must already report the new
  /// counts.
  ///
  /// An update with no operations asks for the heights again, as UIKit's
  /// `beginUpdates()`/`endUpdates()` does to resize rows: rows on screen take their new heights
  /// (the delegate's, or their cells' `sizeThatFits`), rows below a changed row move, nothing
  /// above it does. Without estimates every row is asked again; with estimates the other measured
  /// rows are measured again when they next show. Its counts are checked first, as any update's
  /// (UIKit raises on a mismatch whether or not the update has operations): a data source that
  /// added, removed or dropped rows or sections without telling the table gets the error, and no
  /// height is asked. Without estimates, where every row's height is asked anyway, every
  /// section's count is checked, however many sections there are.
  ///
  /// `completion` runs, with `true`, once this update's animations have ended (at once when
  /// nothing animates): a later update that moves the same rows on does not hold it back, as in
  /// UIKit, so under an update every frame each one still runs 0.3 s after its own. A reload ends
  /// them early, with `false`.
  ///
  /// - Throws: `.invalidUpdate` naming the section and the counts when the new counts are not the
  ///   old counts plus and minus the changes, or when operations conflict; `.invalidDataSource`
  ///   naming the section when the data source reports a negative count; `.reentrantUpdate`
  ///   when called from inside a data-source call or a layout pass. The table is unchanged.
  /// - Complexity: O(k log k + k log n + visible) for k operations in a table of more than
  ///   ``sectionsCheckedInFull`` sections, where the data source is asked the number of sections
  ///   and the row counts of the sections the update touches only (a section the update does not
  ///   touch is taken to keep its count); O(s) more for s sections up to that limit, where every
  ///   section's count is checked as UIKit does. An update with no operations costs what asking
  ///   the heights again costs (see above), its counts checked as those of any update.
  public func performBatchUpdates(
    _ updates: (inout BatchUpdate) -> Void, completion: ((Bool) -> Void)? = nil
  ) throws(TableViewError) {
    var update = BatchUpdate()
    updates(&update)
    if update.isEmpty, !pass.needsReload, pass.dataSourceCallDepth == 0, !pass.inLayout {
      // The counts must not have changed, or the heights would be asked of rows that are gone.
      _ = try validatedPlan(for: update, checkingEverySection: !heights.usesEstimates)
      // UIKit's beginUpdates()/endUpdates(): the rows glide to their new heights.
      let capture = beginUpdateCapture()
      refreshHeights()
      finishUpdateCapture(capture, plan: nil, animations: update.animations, completion: completion)
    } else {
      try apply(update, completion: completion)
    }
  }

  /// Up to this many sections, a batch update checks every section's row count against the data
  /// source (UIKit's rule: a section the update does not touch must keep its count); beyond it,
  /// only the sections the update touches are asked, so that an update costs the same in a
  /// table of a million sections as in a table of ten.
  public static let sectionsCheckedInFull = 1_024

  /// Applies an update built elsewhere (e.g. by a diffable snapshot).
  /// - Throws: as ``performBatchUpdates(_:completion:)``.
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func apply(_ update: BatchUpdate) throws(TableViewError) {
    try apply(update, completion: nil)
  }

  /// Applies an update; `completion` runs when its animation has settled (at once when nothing
  /// animates).
  func apply(_ update: BatchUpdate, completion: ((Bool) -> Void)?) throws(TableViewError) {
    if pass.dataSourceCallDepth > 0 || pass.inLayout {
      throw TableViewError(
        .reentrantUpdate, "performBatchUpdates was called while the table was asking its data source or laying out")
    }
    if pass.needsReload {
      // Never loaded: there is nothing to animate from; UIKit reloads in this case too.
      reload()
      completion?(true)
      return
    }
    let plan = try validatedPlan(for: update)
    // A row held to be moved stays held (it follows its row): the others glide around it.
    if update.isAnimated || animations.isActive || editing.reorder != nil {
      let capture = beginUpdateCapture()
      // The drop's own move: from here on the row is one of the others.
      if editing.reorder?.isDropping == true { editing.reorder = nil }
      commit(plan)
      finishUpdateCapture(capture, plan: plan, animations: update.animations, completion: completion)
    } else {
      commit(plan)
      completion?(true)
    }
  }

  /// Checks `update` against the data source's counts now (UIKit's rules; see
  /// ``sectionsCheckedInFull``, or every section with `checkingEverySection`) and that the table
  /// could hold the result. Changes nothing.
  /// - Throws: `.invalidUpdate` or `.invalidDataSource` (a negative count), as
  ///   ``performBatchUpdates(_:completion:)``.
  func validatedPlan(for update: BatchUpdate, checkingEverySection: Bool = false) throws(TableViewError)
    -> BatchUpdatePlan
  {
    var newSectionCount = 0
    if let dataSource {
      newSectionCount = askingDataSource { dataSource.numberOfSections(in: self) }
      guard newSectionCount >= 0 else {
        throw TableViewError(.invalidDataSource, "numberOfSections returned \(newSectionCount) after the update")
      }
      guard newSectionCount <= Self.maximumSectionCount else {
        throw TableViewError(
          .invalidDataSource,
          "numberOfSections returned \(newSectionCount) after the update; a table holds at most \(Self.maximumSectionCount)"
        )
      }
    }
    func newRowCount(_ s: Int) throws(TableViewError) -> Int {
      guard let dataSource else { return 0 }
      let rows = askingDataSource { dataSource.tableView(self, numberOfRowsInSection: s) }
      guard rows >= 0 else {
        throw TableViewError(.invalidDataSource, "numberOfRowsInSection(\(s)) returned \(rows) after the update")
      }
      return rows
    }
    let plan: BatchUpdatePlan
    if checkingEverySection || max(heights.index.sectionCount, newSectionCount) <= Self.sectionsCheckedInFull {
      // UIKit's rule in full: every section's count is checked.
      var newCounts: [Int] = []
      newCounts.reserveCapacity(newSectionCount)
      for s in 0..<newSectionCount { newCounts.append(try newRowCount(s)) }
      let oldCounts = heights.index.rowCounts
      // One row inserted, deleted or moved: a few comparisons instead of the general validation (which
      // finds the fault, when there is one).
      if singleRowUpdatesTakeShortcut,
        let single = update.singleRowPlan(oldRowCounts: oldCounts, newRowCounts: newCounts)
      {
        plan = single
      } else {
        plan = try update.plan(oldRowCounts: oldCounts, newRowCounts: newCounts)
      }
    } else {
      // Only the sections the update touches are asked: a one-row update in a table of a million
      // sections costs microseconds, not the hundreds of milliseconds asking every section takes.
      plan = try update.plan(
        oldSectionCount: heights.index.sectionCount, newSectionCount: newSectionCount,
        oldRowCount: { heights.index.rowCount(inSection: $0) }, newRowCount: newRowCount)
    }
    try checkHoldable(
      rows: plan.rowCountAfter(
        rowCountBefore: heights.index.rowCount, oldRowCount: { heights.index.rowCount(inSection: $0) }))
    return plan
  }

  /// Throws when the table could not hold `rows` rows after an update: more rows than
  /// `maximumRowCount`, or, where every fresh row takes one known height, a content that could
  /// end up taller than `maximumContentHeight` (every row at that height on top of what is there).
  func checkHoldable(rows: Int) throws(TableViewError) {
    guard rows <= Self.maximumRowCount else {
      throw TableViewError(
        .invalidUpdate,
        "after the update the data source reports more than \(Self.maximumRowCount) rows, more than a table holds")
    }
    guard let perRow = uniformRowUnits else { return }
    let (fresh, o1) = Int64(rows).multipliedReportingOverflow(by: perRow)
    let (total, o2) = (heights.tableHeaderUnits + heights.index.totalUnits + heights.tableFooterUnits)
      .addingReportingOverflow(fresh)
    guard !o1, !o2, total <= Self.maximumUnits else {
      throw TableViewError(
        .invalidUpdate,
        "the update could make the content (\(rows) rows) taller than the \(Self.maximumContentHeight) points a table holds"
      )
    }
  }

  /// Applies a validated plan: geometry of every width, visible views, selection, then layout.
  func commit(_ plan: BatchUpdatePlan) {
    anchoring.changingData = true
    cachedSectionIndexTitles = nil
    let kept = contentAnchorTarget(through: plan)
    let follow = followState()
    idleScheduler?.tableDidChange()
    carryPrefetchedRows(through: plan)
    forgetKeyedHeights(reloadedBy: plan)
    // A looping table's laps all move with any change: keep the first visible cell in place.
    let oldSpace = rowSpace
    let anchor =
      oldSpace.keepsFirstVisibleRowInPlace
      ? visible.rows.first.map { ($0.view, $0.view.frame.minY - scroll.offset.y) } : nil
    editing.remapSwipe(through: plan)
    let focusAfter = focusTarget(through: plan)
    applyEdits(plan, to: &heights.index, current: true)
    var keptIndexes = heights.takeKeptIndexes()
    for i in keptIndexes.indexes.indices { applyEdits(plan, to: &keptIndexes.indexes[i], current: false) }
    heights.putBack(keptIndexes)
    remapReorder(through: plan)
    remapVisibleViews(plan, from: oldSpace)
    pass.visibleRowsRemapped = true
    if let (view, screen) = anchor, rowSpace.keepsFirstVisibleRowInPlace,
      let entry = visible.rows.first(where: { $0.view === view })
    {
      correctContentOffsetY(to: rowTop(entry.globalRow) - screen)
    }
    if let h = selection.remap(through: plan) { cellForRow(at: h)?.setHighlighted(false, animated: false) }
    applyFocus(focusAfter)
    pass.framesDirty = true
    if let kept, rowSpace.eachRowAppearsOnce {
      keepRow(at: kept.path, atScreenY: kept.screen)
      layoutKeepingAnchor()
    } else {
      scroll.limitY(to: maximumContentOffsetY)
      layoutIfNeeded()
    }
    followOrCount(follow, lastAfter: follow.last.flatMap { plan.newIndexPath(forOld: $0) })
    if editing.reorder != nil { reorderDidChangeData() }
    anchoring.changingData = false
    noticeEdges()
  }

  /// Runs the plan's edit script on one width's index. Heights of fresh rows come from the
  /// current mode: an estimate (unmeasured), the delegate (current width only), or `rowHeight`.
  func applyEdits(_ plan: BatchUpdatePlan, to idx: inout HeightIndex, current: Bool) {
    var stash = [HeightIndex.Detached?](repeating: nil, count: plan.stashCount)
    for edit in plan.edits {
      switch edit {
      case .deleteSection(let s):
        idx.removeItems(idx.itemRange(ofSection: s))
      case .extractSection(let s, let id):
        stash[id] = idx.extractItems(idx.itemRange(ofSection: s))
      case .deleteRows(let s, let range):
        let k = idx.itemIndex(of: IndexPath(row: range.lowerBound, section: s))
        idx.removeItems(k..<(k + range.count))
      case .extractRow(let path, let id):
        let k = idx.itemIndex(of: path)
        stash[id] = idx.extractItems(k..<(k + 1))
      case .insertSection(let s, let rowCount):
        idx.insertSection(at: s, header: headerUnits(s), footer: footerUnits(s), rows: 0, rowUnits: 0, measured: true)
        insertFreshRows(into: &idx, section: s, range: 0..<rowCount, current: current)
      case .insertStashedSection(let s, let id):
        idx.insert(stash[id]!, at: idx.itemIndex(ofHeader: s))
        stash[id] = nil
      case .insertRows(let s, let range):
        insertFreshRows(into: &idx, section: s, range: range, current: current)
      case .insertStashedRow(let path, let id):
        idx.insert(stash[id]!, at: idx.itemIndex(of: path))
        stash[id] = nil
      case .reloadRow(let path):
        let k = idx.itemIndex(of: path)
        switch heights.policy {
        case .estimated, .estimatedPerRow:
          idx.setHeight(ofItem: k, units: estimateUnits(for: path), measured: false)
        case .delegateHeights where current:
          if let h = delegateHeight(forRowAt: path) {
            idx.setHeight(ofItem: k, units: HeightIndex.units(safeHeight(h, "row \(path)")), measured: true)
          }
        case .fixed, .delegateHeights: break
        }
      }
    }
  }

  func insertFreshRows(into idx: inout HeightIndex, section s: Int, range: Range<Int>, current: Bool) {
    guard !range.isEmpty else { return }
    let firstPath = IndexPath(row: range.lowerBound, section: s)
    let probed = settleRowHeightPolicy(probing: firstPath)
    let k = idx.itemIndex(of: firstPath)
    switch heights.policy {
    case .estimatedPerRow:
      let budget = HeightBudget(
        Self.maximumUnits - heights.tableHeaderUnits - idx.totalUnits - heights.tableFooterUnits)
      idx.insertRows(
        at: k, heights: range.map { (budget.spend(estimateUnits(for: IndexPath(row: $0, section: s))), false) })
      if budget.exceeded {
        report(
          TableViewError(
            .invalidHeight,
            "the estimated heights of the rows inserted in section \(s) would make the content taller than the \(Self.maximumContentHeight) points a table holds; rows beyond are 0 points tall"
          ))
      }
    case .estimated(let units):
      idx.insertRows(at: k, count: range.count, units: units, measured: false)
    case .delegateHeights where current && delegate != nil:
      let delegate = self.delegate
      let budget = HeightBudget(
        Self.maximumUnits - heights.tableHeaderUnits - idx.totalUnits - heights.tableFooterUnits)
      let units = range.map { r -> (units: Int64, measured: Bool) in
        let path = IndexPath(row: r, section: s)
        let h =
          r == range.lowerBound
          ? (probed.height ?? delegateHeight(forRowAt: path) ?? 0)
          : askingDataSource { delegate?.tableView(self, heightForRowAt: path) ?? 0 }
        return (budget.spend(HeightIndex.units(safeHeight(h, "row \(path)"))), true)
      }
      if budget.exceeded {
        report(
          TableViewError(
            .invalidHeight,
            "the heights of the rows inserted in section \(s) would make the content taller than the \(Self.maximumContentHeight) points a table holds; rows beyond are 0 points tall"
          ))
      }
      idx.insertRows(at: k, heights: units)
    case .fixed, .delegateHeights:
      idx.insertRows(at: k, count: range.count, units: heights.fixedRowUnits, measured: true)
    }
  }

  /// The estimate for one row: the delegate's per-row estimate, or `estimatedRowHeight`.
  func estimateUnits(for path: IndexPath) -> Int64 {
    guard let h = delegateEstimatedHeight(forRowAt: path) else { return heights.estimateUnits }
    return HeightIndex.units(safeHeight(h, "the estimated height of row \(path)", fallback: estimatedUnitsPoints))
  }

  /// Moves visible cells and header/footer views to their rows' new positions; cells of deleted
  /// and reloaded rows leave (a reloaded row gets a new cell from the data source).
  /// Global rows keep their laps (`oldSpace` is the row space before the update).
  func remapVisibleViews(_ plan: BatchUpdatePlan, from oldSpace: RowSpace) {
    let newSpace = rowSpace
    var kept = ContiguousArray<VisibleSet.Row>()
    kept.reserveCapacity(visible.rows.count)
    var baseSection = -1
    var base = 0
    var firstReloaded: Int?
    var mapper = VisibleRowMapper(plan.mapping)
    for entry in visible.rows {
      let reloaded = plan.isReloaded(old: entry.indexPath)
      let mapped = mapper.newIndexPath(forOld: entry.indexPath)
      if firstReloaded == nil, !oldSpace.keepsFirstVisibleRowInPlace, reloaded, let path = mapped {
        firstReloaded = heights.index.prefix(heights.index.itemIndex(of: path)).rows
      }
      if !reloaded, let path = mapped {
        var moved = entry
        moved.indexPath = path
        // Rows before the section, computed once per section (one descent, not one per cell).
        let section = path.section
        if baseSection != section {
          baseSection = section
          base = heights.index.prefix(heights.index.itemIndex(ofHeader: section)).rows
        }
        moved.globalRow = newSpace.globalRow(lap: oldSpace.lap(ofGlobalRow: entry.globalRow), rowInLap: base + path.row)
        kept.append(moved)
      } else {
        endDisplaying(entry)
      }
    }
    kept.sort { $0.globalRow < $1.globalRow }
    visible.rows = kept
    // The rows kept may have moved to paths with other editing controls.
    showEditingControls()
    visible.rowRange = (kept.first?.globalRow ?? 0)..<((kept.last?.globalRow ?? -1) + 1)
    // A reloaded row that was first on screen stays the anchor for the measuring that follows:
    // its top stays put and the rows below it move, not the other way round.
    if let top = firstReloaded, kept.isEmpty || top < visible.rowRange.lowerBound {
      visible.rowRange = top..<max(top + 1, visible.rowRange.upperBound)
    }
    func remap(_ list: inout ContiguousArray<VisibleSet.Supplement>) {
      var result = ContiguousArray<VisibleSet.Supplement>()
      for entry in list {
        if !plan.isSectionReloaded(old: entry.section), let s = plan.newSection(forOld: entry.section) {
          result.append(VisibleSet.Supplement(section: s, view: entry.view, isFooter: entry.isFooter))
        } else {
          retireSupplement(entry)
        }
      }
      result.sort { $0.section < $1.section }
      list = result
    }
    remap(&visible.headers)
    remap(&visible.footers)
    visible.sectionRange = (visible.headers.first?.section ?? 0)..<((visible.headers.last?.section ?? -1) + 1)
  }

  // MARK: Single-operation conveniences (each one batch)

  /// Inserts rows (indexes after the update), as one batch update; they arrive with `animation`
  /// (`.none`: at once, and nothing else animates).
  /// - Throws: as ``performBatchUpdates(_:completion:)``.
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation = .none) throws(TableViewError) {
    try performBatchUpdates { $0.insertRows(at: indexPaths, with: animation) }
  }
  /// Deletes rows (indexes before the update), as one batch update; they leave with `animation`
  /// (`.none`: at once, and nothing else animates).
  /// - Throws: as ``performBatchUpdates(_:completion:)``.
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation = .none) throws(TableViewError) {
    try performBatchUpdates { $0.deleteRows(at: indexPaths, with: animation) }
  }
  /// Inserts the rows `rows` of `section` (indexes after the update), as one batch update; they
  /// arrive with `animation` (`.none`: at once, and nothing else animates). The same as inserting
  /// their index paths, without making one: the rows stay one run through validation, the mapping
  /// of rows and cells, and the heights (with estimated heights, one run of estimates).
  ///
  ///     let count = table.numberOfRows(inSection: 0)
  ///     log.append(contentsOf: newLines)
  ///     try table.insertRows(in: count..<(count + newLines.count), section: 0)
  ///
  /// An empty range changes nothing and asks nothing.
  /// - Throws: as ``performBatchUpdates(_:completion:)``, with the errors inserting the index
  ///   paths would give (naming the first row out of range, or inserted twice).
  /// - Complexity: O(log n + visible) for n rows, whatever the number of rows inserted, with
  ///   ``estimatedRowHeight`` or a fixed ``rowHeight``; O(k) more for k rows whose heights or
  ///   estimates the delegate gives (it is asked for each).
  public func insertRows(in rows: Range<Int>, section: Int, with animation: RowAnimation = .none)
    throws(TableViewError)
  {
    guard !rows.isEmpty else { return }
    try performBatchUpdates { $0.insertRows(in: rows, section: section, with: animation) }
  }
  /// Deletes the rows `rows` of `section` (indexes before the update), as one batch update; they
  /// leave with `animation` (`.none`: at once, and nothing else animates). The same as deleting
  /// their index paths, without making one (see ``insertRows(in:section:with:)``).
  ///
  /// An empty range changes nothing and asks nothing.
  /// - Throws: as ``performBatchUpdates(_:completion:)``, with the errors deleting the index
  ///   paths would give.
  /// - Complexity: O(log n + visible) for n rows, whatever the number of rows deleted.
  public func deleteRows(in rows: Range<Int>, section: Int, with animation: RowAnimation = .none)
    throws(TableViewError)
  {
    guard !rows.isEmpty else { return }
    try performBatchUpdates { $0.deleteRows(in: rows, section: section, with: animation) }
  }
  /// Moves a row, as one batch update: it glides to its new place, and the rows between make room
  /// (as UIKit's `moveRow(at:to:)`).
  /// - Throws: as ``performBatchUpdates(_:completion:)``.
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(TableViewError) {
    try performBatchUpdates { $0.moveRow(at: indexPath, to: newIndexPath, animated: true) }
  }
  /// Reloads rows: their cells are asked again and their cached heights dropped.
  /// - Throws: as ``performBatchUpdates(_:completion:)``.
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation = .none) throws(TableViewError) {
    try performBatchUpdates { $0.reloadRows(at: indexPaths, with: animation) }
  }
  /// Inserts sections, as one batch update.
  /// - Throws: as ``performBatchUpdates(_:completion:)``.
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func insertSections(_ sections: [Int], with animation: RowAnimation = .none) throws(TableViewError) {
    try performBatchUpdates { $0.insertSections(sections, with: animation) }
  }
  /// Deletes sections, as one batch update.
  /// - Throws: as ``performBatchUpdates(_:completion:)``.
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func deleteSections(_ sections: [Int], with animation: RowAnimation = .none) throws(TableViewError) {
    try performBatchUpdates { $0.deleteSections(sections, with: animation) }
  }
  /// Moves a section, as one batch update.
  /// - Throws: as ``performBatchUpdates(_:completion:)``.
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func moveSection(_ section: Int, toSection newSection: Int) throws(TableViewError) {
    try performBatchUpdates { $0.moveSection(section, toSection: newSection) }
  }
  /// Reloads sections (their row counts may change); their cached heights are dropped.
  /// - Throws: as ``performBatchUpdates(_:completion:)``.
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func reloadSections(_ sections: [Int], with animation: RowAnimation = .none) throws(TableViewError) {
    try performBatchUpdates { $0.reloadSections(sections, with: animation) }
  }
}
