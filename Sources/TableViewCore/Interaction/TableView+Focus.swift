// The keyboard focus, the same for every backend: UIKit's focus on a table driven by a keyboard. The
// focused row is the one the arrows move from and Space or Enter selects; it is not necessarily a
// selected row (in multiple selection mode, or with `selectionFollowsFocus` off, it moves alone). It
// is kept by index path, as the selection is, so it survives its cell scrolling away and being
// reused; a batch update maps it to the row's new place, and a reload keeps it
// (`remembersLastFocusedIndexPath`). A backend draws it (a focus ring, the terminal's cursor) and
// tells assistive technology where it is (see TableView+Accessibility.swift).

extension TableView {
  /// The focused row: where keyboard navigation moves from, and what Space or Enter selects
  /// (``activateFocusedRow()``); `nil` when nothing is focused.
  ///
  /// It moves with the keyboard navigation (``moveFocus(_:extendingSelection:)`` and its siblings),
  /// ``focusRow(at:scrollPosition:animated:)``, a tap (the tapped row), and, when selection follows
  /// focus (see ``selectionFollowsFocus``), ``selectRow(at:animated:scrollPosition:)``. It survives:
  /// - its cell being reused: the focus is a row, not a view; a row scrolled away and back is
  ///   still focused, and its new cell is told (`ReusableView.setFocused(_:animated:)`);
  /// - batch updates: rows inserted, deleted or moved above it move it with its row, a moved row
  ///   takes it along, a reloaded row keeps it. When its row is deleted (or its section deleted),
  ///   the focus goes to the nearest row that survives the update: the first one after it in the
  ///   old order, or, when none follows, the last one before it; when the focused row's section is
  ///   reloaded, the row at the same index in the reloaded section (its last row when it got
  ///   shorter). When no old row survives, the focus goes to the table's first row (`nil` for an
  ///   empty table);
  /// - `reloadData()`: see ``remembersLastFocusedIndexPath``.
  public var focusedIndexPath: IndexPath? { focus.focused }

  /// Moves the focus to `indexPath` (`nil` clears it), optionally scrolling to it; when selection
  /// follows focus (single selection mode, ``selectionFollowsFocus``), the row is selected too
  /// (without delegate calls). The row is scrolled into view when it is not fully visible, as
  /// ``selectRow(at:animated:scrollPosition:)`` does.
  /// - Throws: `.indexOutOfRange` for a row that does not exist (the focus does not move).
  /// - Complexity: O(log n + visible), plus the scroll.
  public func focusRow(at indexPath: IndexPath?, scrollPosition: ScrollPosition = .none, animated: Bool = false)
    throws(TableViewError)
  {
    guard let indexPath else {
      setFocus(nil)
      return
    }
    try check(indexPath, "focusRow(at:scrollPosition:animated:)")
    focus.dropAnchor()
    setFocus(indexPath)
    if scrollPosition != .none || !isFullyVisible(indexPath) {
      try scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Whether the selection follows the focus now: single selection mode (in edit mode, the
  /// editing one: see ``activeSelectionMode``) and ``selectionFollowsFocus``.
  var selectionFollowsFocusNow: Bool { selectionFollowsFocus && activeSelectionMode == .single }

  /// Moves the focus to `path` (`nil`: none) and tells the cells on screen that gain or lose it;
  /// when the selection follows the focus and `selecting`, selects `path` (no delegate calls).
  /// - Complexity: O(visible), plus O(s · visible) for s selected rows when it selects.
  func setFocus(_ path: IndexPath?, selecting: Bool = true) {
    if let move = focus.move(to: path) {
      for entry in visible.rows where entry.indexPath == move.from || entry.indexPath == move.to {
        entry.view.setFocused(entry.indexPath == path, animated: true)
      }
    }
    if selecting, let path, selectionFollowsFocusNow {
      select(path, animated: false)
    }
  }

  /// Tells every cell on screen whether its row is focused (after the rows under the views changed).
  /// - Complexity: O(visible)
  func refreshFocusedCells() {
    let path = focus.focused
    for entry in visible.rows { entry.view.setFocused(entry.indexPath == path, animated: false) }
  }

  // MARK: Through data changes

  /// Before a batch update is applied (the geometry still the old one): where the focus and the
  /// selection anchor go, by the rules of ``focusedIndexPath``.
  /// - Complexity: see `FocusState.target(through:sectionCount:rowCount:)`.
  func focusTarget(through plan: BatchUpdatePlan) -> FocusState.Target {
    let index = heights.index
    return focus.target(through: plan, sectionCount: index.sectionCount) { index.rowCount(inSection: $0) }
  }

  /// After a batch update: the focus and anchor `focusTarget(through:)` found, the first row when
  /// the focus was lost; the cells on screen told.
  func applyFocus(_ target: FocusState.Target) {
    focus.apply(target, firstRow: firstRow) { isValid($0) }
    refreshFocusedCells()
  }

  /// Before a reload (the geometry still the old one): the focused row and its position in the
  /// whole table (0-based), when the focus is to be kept.
  func focusBeforeReload() -> (path: IndexPath, position: Int)? {
    guard remembersLastFocusedIndexPath, let path = focus.focused, isValid(path) else { return nil }
    return (path, globalPosition(of: path))
  }

  /// After a reload rebuilt the geometry: the focus on the same index path when it still names a
  /// row, else on the row at the same position in the whole table (or the last row); none when
  /// the table is empty or the focus is not kept. The selection anchor goes.
  func restoreFocus(_ kept: (path: IndexPath, position: Int)?) {
    guard let kept, heights.index.rowCount > 0 else { return focus.restore(nil) }
    if isValid(kept.path) {
      focus.restore(kept.path)
    } else {
      let g = min(kept.position, heights.index.rowCount - 1)
      focus.restore(RowSpace.linear(rowsTop: 0).locate(globalRow: g, in: heights.index).indexPath)
    }
  }

  /// The 0-based position of `path` among all the table's rows (every section's, in order).
  /// - Complexity: O(log n)
  func globalPosition(of path: IndexPath) -> Int {
    heights.index.prefix(heights.index.itemIndex(of: path)).rows
  }
}
