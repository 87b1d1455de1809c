import TableViewCore
import TerminalKit

// Keyboard navigation. The selection is the cursor, as in a Mac or iPad table: the arrows move it and keep it
// visible, a page key scrolls a page and keeps the selection at the same place on screen, Enter selects the row
// as a tap does (the delegate's will/didSelect are called). A row under a floating header counts as hidden.

extension TerminalTableView {
  /// Handles an input event: keys (see `handleKey(_:)`) and the mouse (see `handleMouse(_:)`).
  /// - Returns: Whether the table used the event.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(let key): return handleKey(key)
    case .mouse(let mouse): return handleMouse(mouse)
    }
  }

  /// Handles a key:
  ///
  /// - ↑/↓ or k/j: select the previous/next row (from the first or last row in view when the selection is not)
  /// - Page Up/Page Down, Ctrl-U/Ctrl-D: scroll a page/half a page; the selection keeps its place on screen
  /// - Ctrl-Y/Ctrl-E: scroll one line without moving the selection
  /// - Home/End: select the first/last row, scrolling there with an animation
  /// - [ and ]: select the first row of this (or the previous) section, or of the next section
  /// - Enter: select the selected row as a tap would (or the first row in view)
  /// - Escape: clear the selection
  ///
  /// - Returns: Whether the key was used.
  @discardableResult
  public func handleKey(_ event: KeyEvent) -> Bool {
    let control = event.modifiers.contains(.control)
    switch event.key {
    case .up: moveSelection(by: -1)
    case .down: moveSelection(by: 1)
    case .pageUp: page(-1, fraction: 1)
    case .pageDown: page(1, fraction: 1)
    case .home: selectEdge(first: true)
    case .end: selectEdge(first: false)
    case .enter: activateSelection()
    case .escape: clearSelection()
    case .character("k") where !control: moveSelection(by: -1)
    case .character("j") where !control: moveSelection(by: 1)
    case .character("u") where control: page(-1, fraction: 0.5)
    case .character("d") where control: page(1, fraction: 0.5)
    case .character("y") where control: measuringLayout { table.scroll(by: -1) }
    case .character("e") where control: measuringLayout { table.scroll(by: 1) }
    case .character("[") where !control: jumpToSection(-1)
    case .character("]") where !control: jumpToSection(1)
    default: return false
    }
    return true
  }

  // MARK: Moving the selection

  /// Selects the row `delta` rows (±1) from the selection, or the first (last) clear row in view when the
  /// selection is not on screen.
  func moveSelection(by delta: Int) {
    measuringLayout {
      if let current = table.indexPathForSelectedRow, table.indexPathsForVisibleRows.contains(current) {
        guard let next = neighbour(of: current, delta) else {
          reveal(current)
          return
        }
        select(next)
      } else if let row = delta > 0 ? firstClearRow() : lastClearRow() {
        select(row)
      }
    }
  }

  /// Scrolls by `fraction` of a page in `direction`; a selection on screen stays at the same height (at the
  /// first or last row when the content cannot move further).
  func page(_ direction: Int, fraction: Double) {
    measuringLayout {
      let height = table.viewportSize.height
      let amount = max(1, ((height - 2) * fraction).rounded(.down))
      let before = table.contentOffset.y
      var screenY: Double?
      if let current = table.indexPathForSelectedRow, table.indexPathsForVisibleRows.contains(current),
        let rect = try? table.rectForRow(at: current)
      {
        screenY = max(0, rect.minY - before)
      }
      table.scroll(by: Double(direction) * amount)
      guard let screenY else { return }
      if table.contentOffset.y == before {
        if let edge = direction > 0 ? lastRow() : firstRow() { select(edge) }
      } else if let row = rowNear(screenY: screenY, direction: direction) {
        select(row)
      }
    }
  }

  /// Selects the first or last row, scrolling there with an animation.
  func selectEdge(first: Bool) {
    measuringLayout {
      guard let row = first ? firstRow() : lastRow() else { return }
      try? table.selectRow(at: row, animated: true, scrollPosition: first ? .top : .bottom)
    }
  }

  /// Selects the first row of the next section (`direction` 1), or of the current section, or the previous one
  /// when the selection is already at its section's start (`direction` -1); the row is scrolled to the top.
  func jumpToSection(_ direction: Int) {
    measuringLayout {
      let current = table.indexPathForSelectedRow.flatMap { table.indexPathsForVisibleRows.contains($0) ? $0 : nil }
      guard let anchor = current ?? firstClearRow() else { return }
      var section = anchor.section
      if direction > 0 || anchor.row == 0 { section += direction }
      while section >= 0, section < table.numberOfSections, table.numberOfRows(inSection: section) == 0 {
        section += direction
      }
      guard section >= 0, section < table.numberOfSections else { return }
      try? table.selectRow(at: IndexPath(row: 0, section: section), animated: true, scrollPosition: .top)
    }
  }

  /// Enter: the selected row (or the first clear row in view) is selected as by a tap.
  func activateSelection() {
    measuringLayout {
      guard let row = table.indexPathForSelectedRow ?? firstClearRow() else { return }
      reveal(row)
      table.userSelect(row)
    }
  }

  /// Deselects every row.
  func clearSelection() {
    measuringLayout {
      for row in table.indexPathsForSelectedRows { table.deselectRow(at: row, animated: false) }
    }
  }

  /// Selects `row` and scrolls the least that shows it whole, below its floating header.
  func select(_ row: IndexPath) {
    try? table.selectRow(at: row, animated: false, scrollPosition: .none)
    reveal(row)
  }

  /// Scrolls the least that shows `row` whole (`scrollToRow(.none)` leaves room for the floating header).
  func reveal(_ row: IndexPath) {
    try? table.scrollToRow(at: row, at: .none, animated: false)
  }

  // MARK: Finding rows

  /// The row `delta` (±1) rows from `row`, across sections; past either end `nil`, or in a looping table the
  /// row at the other end.
  func neighbour(of row: IndexPath, _ delta: Int) -> IndexPath? {
    if delta > 0 {
      if row.row + 1 < table.numberOfRows(inSection: row.section) {
        return IndexPath(row: row.row + 1, section: row.section)
      }
      var section = row.section + 1
      while section < table.numberOfSections {
        if table.numberOfRows(inSection: section) > 0 { return IndexPath(row: 0, section: section) }
        section += 1
      }
      return table.isLooping ? firstRow() : nil
    }
    if row.row > 0 { return IndexPath(row: row.row - 1, section: row.section) }
    var section = row.section - 1
    while section >= 0 {
      let rows = table.numberOfRows(inSection: section)
      if rows > 0 { return IndexPath(row: rows - 1, section: section) }
      section -= 1
    }
    return table.isLooping ? lastRow() : nil
  }

  /// The first row of the table.
  func firstRow() -> IndexPath? {
    (0..<table.numberOfSections).first { table.numberOfRows(inSection: $0) > 0 }.map { IndexPath(row: 0, section: $0) }
  }

  /// The last row of the table.
  func lastRow() -> IndexPath? {
    (0..<table.numberOfSections).reversed().first { table.numberOfRows(inSection: $0) > 0 }.map {
      IndexPath(row: table.numberOfRows(inSection: $0) - 1, section: $0)
    }
  }

  /// Whether all of `row` is on screen and not under its section's floating header.
  func isClear(_ row: IndexPath) -> Bool {
    guard let rect = try? table.rectForRow(at: row) else { return false }
    let top = table.contentOffset.y
    let header = table.rectForHeader(inSection: row.section)
    let covered = header.height > 0 && header.maxY > rect.minY && header.minY < rect.maxY
    return rect.minY >= top && rect.maxY <= top + table.viewportSize.height && !covered
  }

  /// The first row in view that is whole and uncovered (or, failing that, the first row in view).
  func firstClearRow() -> IndexPath? {
    let rows = table.indexPathsForVisibleRows
    return rows.first(where: isClear) ?? rows.first
  }

  /// The last row in view that is whole and uncovered (or, failing that, the last row in view).
  func lastClearRow() -> IndexPath? {
    let rows = table.indexPathsForVisibleRows
    return rows.last(where: isClear) ?? rows.last
  }

  /// The row at height `screenY` of the visible area, or the nearest clear row in `direction` from there.
  func rowNear(screenY: Double, direction: Int) -> IndexPath? {
    let rows = table.indexPathsForVisibleRows
    if let row = table.indexPathForTouch(at: Point(x: 0, y: screenY)), isClear(row) { return row }
    let top = table.contentOffset.y
    let candidates = rows.filter(isClear)
    if direction > 0 {
      return candidates.first { (try? table.rectForRow(at: $0).minY - top).map { $0 >= screenY } ?? false }
        ?? candidates.last ?? rows.last
    }
    return candidates.last { (try? table.rectForRow(at: $0).minY - top).map { $0 <= screenY } ?? false }
      ?? candidates.first ?? rows.first
  }
}
