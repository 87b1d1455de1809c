// Keyboard navigation, the same for every backend. The selection is the cursor, as in a Mac or iPad table: the
// arrows move it and keep it visible, a page key scrolls a page and keeps the selection at the same place on
// screen, Enter selects the row as a tap does (the delegate's will/didSelect are called). A row under a floating
// header counts as hidden. A backend maps its keys to these calls; nothing here knows about keys.

extension TableView {
  // MARK: Moving the selection

  /// Selects the row `delta` rows (±1) from the selection (across sections; a looping table wraps from its last
  /// row to its first and back), scrolling the least that shows it whole. When the selection is not on screen,
  /// the first (`delta` > 0) or last clear row in view is selected instead. At either end of a table that does
  /// not loop, the selection stays and is scrolled into view.
  ///
  /// No delegate calls are made (the row is selected as by `selectRow(at:animated:scrollPosition:)`).
  ///
  /// - Complexity: O(visible · log n), plus O(log n) for each empty section skipped and the scroll.
  public func selectAdjacentRow(by delta: Int) {
    if let current = indexPathForSelectedRow, indexPathsForVisibleRows.contains(current) {
      guard let next = row(adjacentTo: current, by: delta) else {
        reveal(current)
        return
      }
      selectAndReveal(next)
    } else if let row = delta > 0 ? firstClearRow : lastClearRow {
      selectAndReveal(row)
    }
  }

  /// Scrolls by `fraction` of a page in `direction` (-1 up, 1 down); a selection on screen stays at the same
  /// height of the visible area (and becomes the first or last row when the content cannot move further).
  ///
  /// A page is the viewport's height less `overlap`, so that the last lines of one page are still in view on the
  /// next; the distance is rounded down to whole points, and is at least 1.
  ///
  /// - Parameters:
  ///   - direction: -1 to scroll up, 1 to scroll down.
  ///   - fraction: How much of a page: 1 for Page Up/Down, 0.5 for half a page.
  ///   - overlap: How much of the previous page stays in view, in points (e.g. 2 lines on a terminal, 40 points
  ///     on a pixel display).
  /// - Complexity: O(visible · log n), plus the layout passes of the scroll.
  public func scrollPage(_ direction: Int, fraction: Double, overlap: Double) {
    let amount = max(1, ((viewportSize.height - overlap) * fraction).rounded(.down))
    let before = contentOffset.y
    var screenY: Double?
    if let current = indexPathForSelectedRow, indexPathsForVisibleRows.contains(current),
      let rect = try? rectForRow(at: current)
    {
      screenY = max(0, rect.minY - before)
    }
    scroll(by: Double(direction) * amount)
    guard let screenY else { return }
    if contentOffset.y == before {
      if let edge = direction > 0 ? lastRow : firstRow { selectAndReveal(edge) }
    } else if let row = clearRow(nearScreenY: screenY, direction: direction) {
      selectAndReveal(row)
    }
  }

  /// Selects the first (`first` true) or last row of the table, scrolling it to the top or the bottom with an
  /// animation (tick the table until `isAnimating` is false).
  /// - Complexity: O(log n) for each section looked at until one with rows, plus
  ///   ``selectRow(at:animated:scrollPosition:)``.
  public func selectEdgeRow(first: Bool) {
    guard let row = first ? firstRow : lastRow else { return }
    try? selectRow(at: row, animated: true, scrollPosition: first ? .top : .bottom)
  }

  /// Selects the first row of the next section (`direction` 1), or of the current section, or of the previous
  /// one when the selection is already at its section's start (`direction` -1); empty sections are skipped. The
  /// row is scrolled to the top with an animation. Without a selection on screen, the current section is the
  /// first clear row's in view.
  /// - Complexity: O(visible · log n), plus O(log n) for each empty section skipped and
  ///   ``selectRow(at:animated:scrollPosition:)``.
  public func selectFirstRowOfSection(_ direction: Int) {
    let current = indexPathForSelectedRow.flatMap { indexPathsForVisibleRows.contains($0) ? $0 : nil }
    guard let anchor = current ?? firstClearRow else { return }
    var section = anchor.section
    if direction > 0 || anchor.row == 0 { section += direction }
    while section >= 0, section < numberOfSections, numberOfRows(inSection: section) == 0 {
      section += direction
    }
    guard section >= 0, section < numberOfSections else { return }
    try? selectRow(at: IndexPath(row: 0, section: section), animated: true, scrollPosition: .top)
  }

  /// Selects the selected row (or, without a selection, the first clear row in view) as a tap does, with the
  /// delegate's will/didSelect calls (Enter or Return); the row is scrolled into view first.
  /// - Complexity: O(visible · log n + s · visible) for s selected rows, plus the scroll.
  public func activateSelectedRow() {
    guard let row = indexPathForSelectedRow ?? firstClearRow else { return }
    reveal(row)
    userSelect(row)
  }

  /// Deselects every row, without delegate calls (Escape).
  /// - Complexity: O(s · visible) for s selected rows.
  public func deselectAllRows() {
    for row in indexPathsForSelectedRows { deselectRow(at: row, animated: false) }
  }

  /// Selects `row` and scrolls the least that shows it whole, below its floating header.
  func selectAndReveal(_ row: IndexPath) {
    try? selectRow(at: row, animated: false, scrollPosition: .none)
    reveal(row)
  }

  /// Scrolls the least that shows `row` whole (`scrollToRow(.none)` leaves room for the floating header).
  func reveal(_ row: IndexPath) {
    try? scrollToRow(at: row, at: .none, animated: false)
  }

  // MARK: Finding rows

  /// The row `delta` (±1) rows from `row`, across sections (empty ones skipped); past either end `nil`, or in a
  /// looping table the row at the other end.
  /// - Complexity: O(log n), plus O(log n) for each empty section skipped.
  public func row(adjacentTo row: IndexPath, by delta: Int) -> IndexPath? {
    guard isValid(row) else { return nil }
    if delta > 0 {
      if row.row + 1 < numberOfRows(inSection: row.section) {
        return IndexPath(row: row.row + 1, section: row.section)
      }
      var section = row.section + 1
      while section < numberOfSections {
        if numberOfRows(inSection: section) > 0 { return IndexPath(row: 0, section: section) }
        section += 1
      }
      return isLooping ? firstRow : nil
    }
    if row.row > 0 { return IndexPath(row: row.row - 1, section: row.section) }
    var section = row.section - 1
    while section >= 0 {
      let rows = numberOfRows(inSection: section)
      if rows > 0 { return IndexPath(row: rows - 1, section: section) }
      section -= 1
    }
    return isLooping ? lastRow : nil
  }

  /// The first row of the table (of its first section that has rows), or `nil` when it has none.
  /// - Complexity: O(log n) for each section looked at until one with rows.
  public var firstRow: IndexPath? {
    (0..<numberOfSections).first { numberOfRows(inSection: $0) > 0 }.map { IndexPath(row: 0, section: $0) }
  }

  /// The last row of the table (of its last section that has rows), or `nil` when it has none.
  /// - Complexity: O(log n) for each section looked at until one with rows.
  public var lastRow: IndexPath? {
    (0..<numberOfSections).reversed().first { numberOfRows(inSection: $0) > 0 }.map {
      IndexPath(row: numberOfRows(inSection: $0) - 1, section: $0)
    }
  }

  /// Whether all of `row` is in the visible area and not under its section's floating header.
  /// - Complexity: O(log n)
  public func isRowClear(_ row: IndexPath) -> Bool {
    guard let rect = try? rectForRow(at: row) else { return false }
    let top = contentOffset.y
    let header = rectForHeader(inSection: row.section)
    let covered = header.height > 0 && header.maxY > rect.minY && header.minY < rect.maxY
    return rect.minY >= top && rect.maxY <= top + viewportSize.height && !covered
  }

  /// The first row in view that is whole and uncovered (or, failing that, the first row in view).
  /// - Complexity: O(visible · log n)
  public var firstClearRow: IndexPath? {
    let rows = indexPathsForVisibleRows
    return rows.first(where: isRowClear) ?? rows.first
  }

  /// The last row in view that is whole and uncovered (or, failing that, the last row in view).
  /// - Complexity: O(visible · log n)
  public var lastClearRow: IndexPath? {
    let rows = indexPathsForVisibleRows
    return rows.last(where: isRowClear) ?? rows.last
  }

  /// The row at height `screenY` of the visible area, or the nearest clear row in `direction` from there.
  func clearRow(nearScreenY screenY: Double, direction: Int) -> IndexPath? {
    let rows = indexPathsForVisibleRows
    if let row = indexPathForTouch(at: Point(x: 0, y: screenY)), isRowClear(row) { return row }
    let top = contentOffset.y
    let candidates = rows.filter(isRowClear)
    if direction > 0 {
      return candidates.first { (try? rectForRow(at: $0).minY - top).map { $0 >= screenY } ?? false }
        ?? candidates.last ?? rows.last
    }
    return candidates.last { (try? rectForRow(at: $0).minY - top).map { $0 <= screenY } ?? false }
      ?? candidates.first ?? rows.first
  }
}
