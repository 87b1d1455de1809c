// Keyboard navigation, the same for every backend. The arrows move the focus (TableView+Focus.swift)
// and keep it visible, a page key scrolls a page and keeps the focus at the same place on screen,
// Space or Enter selects the focused row as a tap does (the delegate's will/didSelect are called). In
// single selection mode with `selectionFollowsFocus` (the default) the selection moves with the focus,
// as in a Mac or iPad table; in multiple selection mode Shift with an arrow or a page key extends the
// selection from where the extension began. A row under a floating header counts as hidden. A backend
// maps its keys to these calls; nothing here knows about keys.

extension TableView {
  /// A direction through the rows in index-path order (across sections).
  public enum RowDirection: Sendable {
    /// Towards the first row (the arrow up).
    case previous
    /// Towards the last row (the arrow down).
    case next

    /// -1 or 1: the step through the rows.
    var step: Int { self == .next ? 1 : -1 }
  }

  /// One end of the table.
  public enum Edge: Sendable {
    /// The first row of the first section that has rows.
    case first
    /// The last row of the last section that has rows.
    case last
  }

  /// Which way the content moves under the visible area.
  public enum ScrollDirection: Sendable {
    /// Towards the top of the content (smaller offsets: Page Up).
    case up
    /// Towards the bottom of the content (larger offsets: Page Down).
    case down
  }

  /// Which way the keys pull a row's content (``TableCommand/swipe(_:)``): to the left reveals its
  /// trailing actions, to the right its leading ones.
  public enum SwipeDirection: Sendable {
    /// Towards the left edge (the arrow left).
    case left
    /// Towards the right edge (the arrow right).
    case right
  }

  // MARK: Moving the focus

  /// The row keyboard navigation moves from: the focused row when it is on screen, else `nil`.
  var focusOnScreen: IndexPath? {
    guard let current = focus.focused, indexPathsForVisibleRows.contains(current) else { return nil }
    return current
  }

  /// Moves the focus to the row before or after it (across sections; a looping table wraps from its
  /// last row to its first and back), scrolling the least that shows it whole. When the focused row
  /// is not on screen (or nothing is focused), the first (`.next`) or last (`.previous`) fully
  /// visible row is focused instead. At either end of a table that does not loop, the focus stays
  /// and is scrolled into view.
  ///
  /// When selection follows focus (``selectionFollowsFocus``, single selection mode) the row is
  /// selected too. With `extendingSelection` in multiple selection mode (Shift and an arrow), the
  /// selected rows between the row where the extension began and the focus follow the focus: rows
  /// it passes are selected, rows it comes back over are deselected. No delegate calls are made (the
  /// rows are selected as by ``selectRow(at:animated:scrollPosition:)``).
  /// - Complexity: O(visible · log n), plus O(log n) for each empty section skipped and the scroll;
  ///   extending, O(s · visible) more for s selected rows.
  public func moveFocus(_ direction: RowDirection, extendingSelection: Bool = false) {
    if let current = focusOnScreen {
      guard let next = row(adjacentTo: current, direction: direction) else {
        reveal(current)
        return
      }
      focusAndReveal(next, extendingSelection: extendingSelection)
    } else if let row = direction == .next ? firstFullyVisibleRow : lastFullyVisibleRow {
      focusAndReveal(row, extendingSelection: extendingSelection)
    }
  }

  /// Scrolls by `fraction` of a page in `direction`; a focused row on screen stays at the same height
  /// of the visible area (the focus moves to the row that comes there, and becomes the first or last
  /// row when the content cannot move further). The selection follows as with
  /// ``moveFocus(_:extendingSelection:)``.
  ///
  /// A page is the viewport's height less `overlap`, so that the last lines of one page are still in view on the
  /// next; the distance is rounded down to whole points, and is at least 1.
  ///
  /// - Parameters:
  ///   - direction: `.up` (Page Up) or `.down` (Page Down).
  ///   - fraction: How much of a page: 1 for Page Up/Down, 0.5 for half a page.
  ///   - overlap: How much of the previous page stays in view, in points (e.g. 2 lines on a terminal, 40 points
  ///     on a pixel display).
  ///   - extendingSelection: In multiple selection mode, whether the selection extends to the new focus
  ///     (Shift and a page key).
  /// - Complexity: O(visible · log n), plus the layout passes of the scroll; extending, O(r · log n + s · visible)
  ///   more for r rows passed over and s selected rows.
  public func scrollPage(
    _ direction: ScrollDirection, fraction: Double, overlap: Double, extendingSelection: Bool = false
  ) {
    let amount = max(1, ((viewportSize.height - overlap) * fraction).rounded(.down))
    let before = contentOffset.y
    var screenY: Double?
    if let current = focusOnScreen, let rect = try? rectForRow(at: current) {
      screenY = max(0, rect.minY - before)
    }
    scroll(by: direction == .down ? amount : -amount)
    guard let screenY else { return }
    if contentOffset.y == before {
      if let edge = direction == .down ? lastRow : firstRow {
        focusAndReveal(edge, extendingSelection: extendingSelection)
      }
    } else if let row = fullyVisibleRow(nearScreenY: screenY, direction: direction) {
      focusAndReveal(row, extendingSelection: extendingSelection)
    }
  }

  /// Moves the focus to the first or last row of the table (Home, End), scrolling it to the top or
  /// the bottom with an animation (tick the table until `isAnimating` is false); the selection
  /// follows as with ``moveFocus(_:extendingSelection:)`` (this never extends it).
  /// - Complexity: O(log n) for each section looked at until one with rows, plus
  ///   ``focusRow(at:scrollPosition:animated:)``.
  public func moveFocus(to edge: Edge) {
    guard let row = edge == .first ? firstRow : lastRow else { return }
    try? focusRow(at: row, scrollPosition: edge == .first ? .top : .bottom, animated: true)
  }

  /// Moves the focus to the first row of the next section (`.next`), or of the current section, or
  /// of the previous one when the focus is already at its section's start (`.previous`); empty
  /// sections are skipped. The row is scrolled to the top with an animation. Without a focused row
  /// on screen, the current section is that of the first fully visible row. The selection follows
  /// as with ``moveFocus(_:extendingSelection:)``.
  /// - Complexity: O(visible · log n), plus O(log n) for each empty section skipped and
  ///   ``focusRow(at:scrollPosition:animated:)``.
  public func moveFocusToFirstRowOfSection(_ direction: RowDirection) {
    guard let anchor = focusOnScreen ?? firstFullyVisibleRow else { return }
    var section = anchor.section
    if direction == .next || anchor.row == 0 { section += direction.step }
    while section >= 0, section < numberOfSections, numberOfRows(inSection: section) == 0 {
      section += direction.step
    }
    guard section >= 0, section < numberOfSections else { return }
    try? focusRow(at: IndexPath(row: 0, section: section), scrollPosition: .top, animated: true)
  }

  /// Selects the focused row (or, without one, the selected row, or the first fully visible row) as
  /// a tap does, with the delegate's will/didSelect calls (Space, Enter or Return); in multiple
  /// selection mode this toggles it. The row is scrolled into view first, and focused.
  /// - Complexity: O(visible · log n + s · visible) for s selected rows, plus the scroll.
  public func activateFocusedRow() {
    guard let row = focus.focused ?? indexPathForSelectedRow ?? firstFullyVisibleRow else { return }
    reveal(row)
    userSelect(row)
  }

  /// Deselects every row, without delegate calls (Escape). The focus stays.
  /// - Complexity: O(s · visible) for s selected rows.
  public func deselectAllRows() {
    for row in selection.deselectAll() { setSelectedState(false, row, animated: false) }
    focus.dropAnchor()
  }

  /// Focuses `row` (selecting or extending the selection as the mode says) and scrolls the least
  /// that shows it whole, below its floating header.
  func focusAndReveal(_ row: IndexPath, extendingSelection: Bool) {
    if extendingSelection, activeSelectionMode == .multiple {
      extendSelection(to: row)
    } else {
      focus.dropAnchor()
      setFocus(row)
    }
    reveal(row)
  }

  /// Moves the focus to `row`, the selection following from the anchor (where the extension began:
  /// the focused row before the first Shift move): rows between the anchor and the new focus are
  /// selected, rows between the anchor and the old focus that are not are deselected.
  /// - Complexity: O(r · log n + s · visible) for r rows between the old and the new focus.
  func extendSelection(to row: IndexPath) {
    let before = focus.focused
    let step = focus.extend(to: row) { isValid($0) }
    for entry in visible.rows where before != row && (entry.indexPath == before || entry.indexPath == row) {
      entry.view.setFocused(entry.indexPath == row, animated: true)
    }
    let a = globalPosition(of: step.anchor)
    let from = globalPosition(of: step.from)
    let to = globalPosition(of: step.to)
    let oldRange = min(a, from)...max(a, from)
    let newRange = min(a, to)...max(a, to)
    let space = RowSpace.linear(rowsTop: 0)
    // The anchor itself is selected with the first extension.
    for g in Set([a]).union(min(from, to)...max(from, to)).sorted() {
      let path = space.locate(globalRow: g, in: heights.index).indexPath
      if newRange.contains(g) {
        if !selection.contains(path) { select(path, animated: true) }
      } else if oldRange.contains(g) {
        deselectRow(at: path, animated: true)
      }
    }
  }

  /// Scrolls the least that shows `row` whole (`scrollToRow(.none)` leaves room for the floating header).
  func reveal(_ row: IndexPath) {
    try? scrollToRow(at: row, at: .none, animated: false)
  }

  // MARK: Finding rows

  /// The row before or after `row`, across sections (empty ones skipped); past either end `nil`, or in a looping
  /// table the row at the other end; `nil` for a row that is not in the table.
  /// - Complexity: O(log n), plus O(log n) for each empty section skipped.
  public func row(adjacentTo row: IndexPath, direction: RowDirection) -> IndexPath? {
    guard isValid(row) else { return nil }
    if direction == .next {
      if row.row + 1 < numberOfRows(inSection: row.section) {
        return IndexPath(row: row.row + 1, section: row.section)
      }
      var section = row.section + 1
      while section < numberOfSections {
        if numberOfRows(inSection: section) > 0 { return IndexPath(row: 0, section: section) }
        section += 1
      }
      return rowSpace.wrapsAround ? firstRow : nil
    }
    if row.row > 0 { return IndexPath(row: row.row - 1, section: row.section) }
    var section = row.section - 1
    while section >= 0 {
      let rows = numberOfRows(inSection: section)
      if rows > 0 { return IndexPath(row: rows - 1, section: section) }
      section -= 1
    }
    return rowSpace.wrapsAround ? lastRow : nil
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

  /// Whether all of the row is in the visible area and not under its section's floating header.
  /// - Complexity: O(log n)
  public func isRowFullyVisible(at row: IndexPath) -> Bool {
    guard let rect = try? rectForRow(at: row) else { return false }
    let top = contentOffset.y
    let header = headerRect(row.section)
    let covered = header.height > 0 && header.maxY > rect.minY && header.minY < rect.maxY
    return rect.minY >= top && rect.maxY <= top + viewportSize.height && !covered
  }

  /// The first row in view that is whole and uncovered (or, failing that, the first row in view).
  /// - Complexity: O(visible · log n)
  public var firstFullyVisibleRow: IndexPath? {
    let rows = indexPathsForVisibleRows
    return rows.first { isRowFullyVisible(at: $0) } ?? rows.first
  }

  /// The last row in view that is whole and uncovered (or, failing that, the last row in view).
  /// - Complexity: O(visible · log n)
  public var lastFullyVisibleRow: IndexPath? {
    let rows = indexPathsForVisibleRows
    return rows.last { isRowFullyVisible(at: $0) } ?? rows.last
  }

  /// The row at height `screenY` of the visible area, or the nearest fully visible row in `direction` from there.
  func fullyVisibleRow(nearScreenY screenY: Double, direction: ScrollDirection) -> IndexPath? {
    let rows = indexPathsForVisibleRows
    if let row = indexPathForTouch(at: Point(x: 0, y: screenY)), isRowFullyVisible(at: row) { return row }
    let top = contentOffset.y
    let candidates = rows.filter { isRowFullyVisible(at: $0) }
    if direction == .down {
      return candidates.first { (try? rectForRow(at: $0).minY - top).map { $0 >= screenY } ?? false }
        ?? candidates.last ?? rows.last
    }
    return candidates.last { (try? rectForRow(at: $0).minY - top).map { $0 <= screenY } ?? false }
      ?? candidates.first ?? rows.first
  }
}
