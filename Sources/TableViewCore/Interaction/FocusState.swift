// The keyboard focus as a value with its own transitions: moving it, extending a selection from
// its anchor, following rows through a batch update or a reload. Each returns what changed, for the
// table (TableView+Focus.swift) to tell the cells on screen; nothing here touches a view.

/// The keyboard focus: the row the arrows move from (not necessarily a selected one), and where a
/// selection extended with Shift began.
struct FocusState {
  /// The focused row (`TableView.focusedIndexPath`).
  private(set) var focused: IndexPath?
  /// Where the current Shift-extended selection began: the rows from here to the focused row are
  /// the ones the extension selected. `nil` when no extension runs.
  private(set) var anchor: IndexPath?

  /// Where a batch update takes the focus (see `target(through:sectionCount:rowCount:)`).
  struct Target: Equatable {
    /// The focused row's index path after the update.
    var focused: IndexPath?
    /// The selection anchor's.
    var anchor: IndexPath?
    /// Whether the focused row and every other old row go: the table's first row is focused after.
    var lost: Bool
  }

  /// An extension of the selection from the anchor (see `extend(to:isValid:)`).
  struct Extension: Equatable {
    /// Where the extension began.
    var anchor: IndexPath
    /// The focused row before this step.
    var from: IndexPath
    /// The focused row now.
    var to: IndexPath
  }

  /// The focus moved: the cells of these rows are to be told.
  struct Move: Equatable {
    var from: IndexPath?
    var to: IndexPath?
  }

  // MARK: Moving

  /// Moves the focus to `path` (`nil`: none); the anchor stays. Returns the move, `nil` when the
  /// focus stayed.
  /// - Complexity: O(1)
  @discardableResult
  mutating func move(to path: IndexPath?) -> Move? {
    guard focused != path else { return nil }
    defer { focused = path }
    return Move(from: focused, to: path)
  }

  /// Ends the running extension: the next one starts from the focused row.
  mutating func dropAnchor() { anchor = nil }

  /// Moves the focus to `row` extending the selection: the anchor is kept (the focused row when
  /// none, or `row` when neither is a row of the table, as `isValid` says).
  /// - Complexity: O(1) plus two calls of `isValid`.
  mutating func extend(to row: IndexPath, isValid: (IndexPath) -> Bool) -> Extension {
    let from = focused.flatMap { isValid($0) ? $0 : nil } ?? row
    let start = anchor.flatMap { isValid($0) ? $0 : nil } ?? from
    anchor = start
    focused = row
    return Extension(anchor: start, from: from, to: row)
  }

  // MARK: Through data changes

  /// Before a batch update is applied: the focused row's index path after the update and the
  /// selection anchor's. A focused row that goes passes the focus to the nearest row that
  /// survives (after it in the old order, else before it); in a reloaded section, to the row at
  /// the same index (its last row when it got shorter). `sectionCount` and `rowCount` describe
  /// the table before the update.
  /// - Complexity: O(k log k) for k operations, plus O(1) calls of `rowCount` for each empty
  ///   section passed over while looking for a surviving row.
  func target(through plan: BatchUpdatePlan, sectionCount: Int, rowCount: (Int) -> Int) -> Target {
    let anchor = self.anchor.flatMap { plan.newIndexPath(forOld: $0) }
    guard let old = focused else { return Target(focused: nil, anchor: anchor, lost: false) }
    if let new = plan.newIndexPath(forOld: old) { return Target(focused: new, anchor: anchor, lost: false) }
    if plan.isSectionReloaded(old: old.section), let section = plan.newSection(forOld: old.section),
      let count = plan.newRowCount(inSection: section), count > 0
    {
      return Target(focused: IndexPath(row: min(old.row, count - 1), section: section), anchor: anchor, lost: false)
    }
    let survivor =
      Self.survivingRow(from: old, step: 1, through: plan, sectionCount: sectionCount, rowCount: rowCount)
      ?? Self.survivingRow(from: old, step: -1, through: plan, sectionCount: sectionCount, rowCount: rowCount)
    return Target(focused: survivor, anchor: survivor == nil ? nil : anchor, lost: survivor == nil)
  }

  /// The new index path of the first old row after (`step` 1) or before (`step` -1) `old` that
  /// survives `plan`; `nil` when none does.
  private static func survivingRow(
    from old: IndexPath, step: Int, through plan: BatchUpdatePlan, sectionCount: Int, rowCount: (Int) -> Int
  ) -> IndexPath? {
    var section = old.section
    var row = old.row + step
    while section >= 0, section < sectionCount {
      let count = rowCount(section)
      // A deleted or reloaded section has no surviving rows; in a carried one every row that does
      // not survive is an operation of the update, so this walk is bounded by the update's size.
      if plan.newSection(forOld: section) != nil, !plan.isSectionReloaded(old: section) {
        while row >= 0, row < count {
          if let new = plan.newIndexPath(forOld: IndexPath(row: row, section: section)) { return new }
          row += step
        }
      }
      section += step
      row = step > 0 ? 0 : (section >= 0 && section < sectionCount ? rowCount(section) - 1 : -1)
    }
    return nil
  }

  /// After a batch update: the focus and anchor `target` found (those that name no row, as
  /// `isValid` says, go), or `firstRow` when the focus was lost.
  mutating func apply(_ target: Target, firstRow: IndexPath?, isValid: (IndexPath) -> Bool) {
    focused = target.lost ? firstRow : target.focused.flatMap { isValid($0) ? $0 : nil }
    anchor = target.anchor.flatMap { isValid($0) ? $0 : nil }
  }

  /// After a reload: the focus on `path` (`nil`: none); the anchor goes.
  mutating func restore(_ path: IndexPath?) {
    anchor = nil
    focused = path
  }
}

extension FocusState {
  /// Checks what the focus can check alone: no negative index path.
  /// - Complexity: O(1)
  func _checkInvariants() {
    for path in [focused, anchor].compactMap(\.self) {
      precondition(path.row >= 0 && path.section >= 0, "focus row \(path) is negative")
    }
  }
}
