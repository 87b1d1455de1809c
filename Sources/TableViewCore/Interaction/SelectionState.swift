// The selection as a value with its own transitions: every method takes an event (a row selected
// or deselected, a touch begun, moved, ended, a batch update) and returns what changed, for the
// table (TableView+Selection.swift) to tell the cells on screen and the delegate. Nothing here asks
// the delegate or touches a view.

/// The rows a user selected, the row a touch highlights, and where that touch began.
struct SelectionState {
  /// The selected rows.
  private(set) var rows: Set<IndexPath> = []
  /// The row under a touch that has not yet become a tap or a drag.
  private(set) var highlighted: IndexPath?
  /// Where the current touch began.
  private(set) var touchStart: Point?

  /// What a transition did to the selected rows.
  struct Change: Equatable {
    /// Rows that became selected.
    var selected: [IndexPath] = []
    /// Rows that were selected and are no longer.
    var deselected: [IndexPath] = []
  }

  /// What a tap on a row asks for, before the delegate has its say (`willSelectRowAt`,
  /// `willDeselectRowAt`).
  enum TapIntent: Equatable {
    /// The row is to be selected (in single selection mode, the others deselected).
    case select(IndexPath)
    /// The row is selected and taps toggle (multiple selection mode): it is to be deselected.
    case deselect(IndexPath)
  }

  /// How a touch ended.
  struct TouchEnd: Equatable {
    /// The row the touch highlighted and lifted from without becoming a drag: a tap on it, if the
    /// point it lifted at is still over it.
    var tapped: IndexPath?
    /// The row whose highlight went.
    var unhighlighted: IndexPath?
  }

  // MARK: Selecting

  /// Whether `path` is selected.
  /// - Complexity: O(1)
  func contains(_ path: IndexPath) -> Bool { rows.contains(path) }

  /// Selects `path`; with `exclusive` (single selection mode) every other row is deselected.
  /// - Complexity: O(s) for s selected rows.
  mutating func select(_ path: IndexPath, exclusive: Bool) -> Change {
    var change = Change()
    if exclusive, rows.count > (rows.contains(path) ? 1 : 0) {
      change.deselected = others(than: path)
      rows = rows.contains(path) ? [path] : []
    }
    if rows.insert(path).inserted { change.selected = [path] }
    return change
  }

  /// Deselects `path`; returns whether it was selected.
  /// - Complexity: O(1)
  @discardableResult
  mutating func deselect(_ path: IndexPath) -> Bool { rows.remove(path) != nil }

  /// Deselects every row; returns them, in order.
  /// - Complexity: O(s log s) for s selected rows.
  mutating func deselectAll() -> [IndexPath] {
    let old = rows.sorted()
    rows.removeAll()
    return old
  }

  /// What a tap on `path` asks for in `mode`; `nil` when nothing can be selected.
  /// - Complexity: O(1)
  func tapIntent(on path: IndexPath, mode: TableView.SelectionMode) -> TapIntent? {
    switch mode {
    case .none: nil
    case .multiple where rows.contains(path): .deselect(path)
    case .single, .multiple: .select(path)
    }
  }

  /// The selected rows other than `path`, in order (those a selection in single mode deselects).
  /// - Complexity: O(s log s) for s selected rows.
  func others(than path: IndexPath) -> [IndexPath] { rows.filter { $0 != path }.sorted() }

  // MARK: Touches

  /// A touch began at `point`: any highlight goes (returned), and the touch is tracked.
  mutating func beginTouch(at point: Point) -> IndexPath? {
    let old = highlighted
    highlighted = nil
    touchStart = point
    return old
  }

  /// Highlights `path` under the touch in progress; returns whether it did (not without a touch).
  @discardableResult
  mutating func highlight(_ path: IndexPath) -> Bool {
    guard touchStart != nil else { return false }
    highlighted = path
    return true
  }

  /// The touch moved to `point`: farther than `threshold` from where it began, it is no longer a
  /// tap. Returns whether it stopped being one now, and the row whose highlight went.
  mutating func moveTouch(to point: Point, threshold: Double) -> (cancelled: Bool, unhighlighted: IndexPath?) {
    guard let start = touchStart else { return (false, nil) }
    let dx = point.x - start.x
    let dy = point.y - start.y
    guard dx * dx + dy * dy > threshold * threshold else { return (false, nil) }
    return (true, cancelTouch())
  }

  /// The touch lifted: the highlight goes, and a highlighted row of a touch still a tap is tapped.
  mutating func endTouch() -> TouchEnd {
    let tapped = touchStart == nil ? nil : highlighted
    let end = TouchEnd(tapped: tapped, unhighlighted: highlighted)
    highlighted = nil
    touchStart = nil
    return end
  }

  /// The touch was cancelled (it became a scroll, a swipe, a reorder); returns the row whose
  /// highlight went.
  @discardableResult
  mutating func cancelTouch() -> IndexPath? {
    touchStart = nil
    return clearHighlight()
  }

  /// Removes the highlight (the touch goes on, no longer a tap on a row); returns the row it was on.
  @discardableResult
  mutating func clearHighlight() -> IndexPath? {
    defer { highlighted = nil }
    return highlighted
  }

  // MARK: Data changes

  /// A batch update: every selected row follows its row; rows deleted or reloaded (UIKit
  /// deselects a reloaded row) are no longer selected. The highlight goes (returned).
  /// - Complexity: O(s log k) for s selected rows and k operations.
  mutating func remap(through plan: BatchUpdatePlan) -> IndexPath? {
    rows = Set(rows.compactMap { old in plan.isReloaded(old: old) ? nil : plan.newIndexPath(forOld: old) })
    return clearHighlight()
  }

  /// After the table's rows changed without an update (a reload keeping the selection): the rows
  /// that no longer exist go, and so does a highlight on one.
  /// - Complexity: O(s) calls of `exists`.
  mutating func keep(where exists: (IndexPath) -> Bool) {
    rows = rows.filter(exists)
    if let h = highlighted, !exists(h) { highlighted = nil }
  }

  /// Forgets every selected row and the highlight (`reloadData()`); the touch goes on.
  mutating func reset() {
    rows.removeAll()
    highlighted = nil
  }
}

extension SelectionState {
  /// Checks what the selection can check alone: no negative index path, a finite touch start, a
  /// highlight only under a touch.
  /// - Complexity: O(selected rows)
  func _checkInvariants() {
    for path in rows { precondition(path.row >= 0 && path.section >= 0, "selected row \(path) is negative") }
    if let path = highlighted {
      precondition(path.row >= 0 && path.section >= 0, "highlighted row \(path) is negative")
      precondition(touchStart != nil, "row \(path) highlighted without a touch")
    }
    if let start = touchStart {
      precondition(start.x.isFinite && start.y.isFinite, "touch start \(start) is not finite")
    }
  }
}
