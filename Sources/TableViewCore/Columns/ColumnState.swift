/// The state of a multi-column table's columns, with the rules that change it, for any backend: the columns, their
/// ``ColumnLayout`` for the viewport's width, how far the scrolled columns are moved sideways, the column the
/// keyboard is on (AppKit's `focusedColumn`), what a point of the header hits, the columns' widths as the user
/// resizes them, and the sort a click on a title chooses. Each mutation returns what it changed, so a backend
/// redraws only that; none of them draws or reads input.
///
///     var state = ColumnState(columns: columns, viewportWidth: 640, frozenColumnCount: 1)
///     switch state.headerHit(atScreenX: x, tolerance: 4) {
///     case .title(let column)?: state.clickTitle(ofColumn: column)  // ascending, descending, then none
///     case .divider(let column)?: resizing = column  // then state.resizeColumn(column, toScreenX: x) as it drags
///     case nil: break
///     }
public struct ColumnState: Sendable, Equatable {
  /// What a point of the header is on.
  public enum HeaderHit: Sendable, Hashable {
    /// A column's title: a click sorts by it.
    case title(Int)
    /// The divider at a resizable column's right edge: a drag resizes that column.
    case divider(Int)
  }

  /// What a mutation changed.
  public struct Change: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// A change.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The columns' widths or places (``layout``).
    public static let layout = Change(rawValue: 1 << 0)
    /// The ``horizontalOffset``.
    public static let horizontalOffset = Change(rawValue: 1 << 1)
    /// The ``focusedColumn``.
    public static let focusedColumn = Change(rawValue: 1 << 2)
    /// The ``sortDescriptors``.
    public static let sortDescriptors = Change(rawValue: 1 << 3)
  }

  /// The columns, hidden ones included (AppKit's `tableColumns`).
  public private(set) var columns: [TableColumn]
  /// Where the columns are for the viewport's width.
  public private(set) var layout: ColumnLayout
  /// How far the scrolled columns are moved left: within 0…`layout.maximumHorizontalOffset`.
  public private(set) var horizontalOffset = 0.0
  /// The shown column the keyboard is on, by its index in ``columns`` (AppKit's `focusedColumn`); `nil` when no
  /// column is shown.
  public private(set) var focusedColumn: Int?
  /// How the rows are sorted: at most one descriptor, the clicked title's (empty: the data's own order).
  public private(set) var sortDescriptors: [TableSortDescriptor] = []
  /// The shown columns any part of which is on screen, in drawing order (the scrolled ones, then the frozen ones
  /// over them): found once a layout or a scroll, not for every row drawn.
  public private(set) var visibleColumns: [Int] = []
  /// Each `.fitting` column's content width, by identifier.
  public let fittingWidths: [String: Double]
  /// How many shown columns, from the first, stay when the table scrolls sideways.
  public let frozenColumnCount: Int
  /// The step every edge falls on (1 for a terminal's cells; 0: none).
  public let granularity: Double
  /// A stamp that is new (random) at every change of what decides the columns' widths (``columns``) and at
  /// initialization: a table keeping the state learns from it, without comparing or retaining the columns, that
  /// they may have changed.
  private(set) var configurationStamp = UInt64.random(in: .min ... .max)
  /// A stamp that is new (random) at every change of ``sortDescriptors`` and at initialization.
  private(set) var sortStamp = UInt64.random(in: .min ... .max)

  /// The state of `columns` in a viewport `viewportWidth` wide, scrolled to the left, the keyboard on the first
  /// shown column, not sorted. The arguments are those of ``ColumnLayout``'s initializer.
  public init(
    columns: [TableColumn], viewportWidth: Double, frozenColumnCount: Int = 0,
    fittingWidths: [String: Double] = [:], granularity: Double = 0
  ) {
    self.columns = columns
    self.fittingWidths = fittingWidths
    self.frozenColumnCount = frozenColumnCount
    self.granularity = granularity
    layout = ColumnLayout(
      columns: columns, viewportWidth: viewportWidth, frozenColumnCount: frozenColumnCount,
      fittingWidths: fittingWidths, granularity: granularity)
    focusedColumn = layout.shownColumns.first
    visibleColumns = layout.visibleColumns(horizontalOffset: 0)
  }

  // MARK: Asking

  /// Column `index`'s left edge on screen (a frozen column's stays; the others move with the offset).
  @inlinable
  public func screenX(ofColumn index: Int) -> Double {
    layout.screenX(ofColumn: index, horizontalOffset: horizontalOffset)
  }

  /// Column `index`'s width as laid out (0 for a hidden one or an index out of range).
  @inlinable
  public func width(ofColumn index: Int) -> Double { layout.frame(ofColumn: index).width }

  /// What the header's point at screen `x` hits: the divider of the column whose right edge is within `tolerance`
  /// of `x` (in the backend's units: a few pixels; a terminal passes a cell's middle, `x + 0.5`, and 0.5, so that
  /// a column's last cell is its divider), when that column is resizable and its edge is on screen; else the
  /// title under `x`; `nil` past the columns (or for a NaN or infinite `x`).
  public func headerHit(atScreenX x: Double, tolerance: Double) -> HeaderHit? {
    guard x.isFinite else { return nil }
    let tolerance = tolerance.isFinite && tolerance > 0 ? tolerance : 0
    // The frozen columns are drawn over the others: theirs are looked at first (the visible columns end with them).
    for index in visibleColumns.reversed() where columns[index].isResizable {
      let right = screenX(ofColumn: index) + width(ofColumn: index)
      // A scrolled column's edge under the frozen ones is hidden.
      let shown = layout.isFrozen(index) || right >= layout.frozenWidth
      if shown, right <= layout.viewportWidth, x >= right - tolerance, x < right + tolerance {
        return .divider(index)
      }
    }
    return layout.column(atScreenX: x, horizontalOffset: horizontalOffset).map { .title($0) }
  }

  // MARK: The viewport and the offset

  /// Lays the columns out for a viewport `width` wide (NaN and negative: 0), the offset clamped to the new layout.
  @discardableResult
  public mutating func setViewportWidth(_ width: Double) -> Change {
    relayout(viewportWidth: width)
  }

  /// Moves the scrolled columns to `offset` (clamped to 0…the layout's maximum; NaN: 0).
  @discardableResult
  public mutating func setHorizontalOffset(_ offset: Double) -> Change {
    let clamped = layout.clampedHorizontalOffset(offset)
    guard clamped != horizontalOffset else { return [] }
    horizontalOffset = clamped
    layout.visibleColumns(horizontalOffset: horizontalOffset, into: &visibleColumns)
    return .horizontalOffset
  }

  /// Moves the scrolled columns `delta` further left (negative: right), clamped; a NaN `delta` does nothing.
  @discardableResult
  public mutating func scrollHorizontally(by delta: Double) -> Change {
    guard !delta.isNaN else { return [] }
    return setHorizontalOffset(horizontalOffset + delta)
  }

  // MARK: The focused column

  /// Moves the keyboard `step` shown columns right (negative: left; ← and → move by one), clamped to the first
  /// and last, and scrolls sideways just enough to show the whole column (a frozen one is always shown).
  @discardableResult
  public mutating func moveFocus(by step: Int) -> Change {
    let shown = layout.shownColumns
    guard let focused = focusedColumn, let position = shown.firstIndex(of: focused) else { return [] }
    let target = position + min(max(step, -shown.count), shown.count)
    return focusColumn(shown[min(max(target, 0), shown.count - 1)])
  }

  /// Puts the keyboard on column `index` (a shown one; else nothing changes) and scrolls it into view.
  @discardableResult
  public mutating func focusColumn(_ index: Int) -> Change {
    guard columns.indices.contains(index), !columns[index].isHidden else { return [] }
    var change: Change = focusedColumn == index ? [] : .focusedColumn
    focusedColumn = index
    change.formUnion(scrollColumnToVisible(index))
    return change
  }

  /// Scrolls sideways just enough to show column `index` whole (its left edge when it is wider than the room).
  @discardableResult
  public mutating func scrollColumnToVisible(_ index: Int) -> Change {
    guard columns.indices.contains(index), !layout.isFrozen(index) else { return [] }
    let frame = layout.frame(ofColumn: index)
    var offset = horizontalOffset
    let right = frame.x + frame.width - layout.viewportWidth
    if offset < right { offset = right }
    let left = frame.x - layout.frozenWidth
    if offset > left { offset = left }
    return setHorizontalOffset(offset)
  }

  // MARK: Widths

  /// Makes column `index` `width` wide (within its minimum and maximum, on the granularity), as a drag of its
  /// divider does; `nil` fits it to its content again. A NaN width, an index out of range or a column that is not
  /// resizable changes nothing.
  @discardableResult
  public mutating func setWidth(_ width: Double?, ofColumn index: Int) -> Change {
    guard columns.indices.contains(index), columns[index].isResizable else { return [] }
    if let width {
      guard !width.isNaN else { return [] }
      let sane = min(max(width, 0), ColumnLayout.maximumWidth)
      columns[index].width = .fixed(granularity > 0 ? (sane / granularity).rounded() * granularity : sane)
    } else {
      columns[index].width = .fitting
    }
    configurationStamp = UInt64.random(in: .min ... .max)
    return relayout()
  }

  /// Hides column `index` or shows it again (AppKit's `NSTableColumn.isHidden`): a hidden column takes no width and
  /// is not drawn, and stays among ``columns`` with its width, title and sort. The keyboard on a column being
  /// hidden goes to the next shown column (else the previous one; none when no column is left shown); showing a
  /// column when none was shown puts the keyboard on it. An index out of range, or a column already so, changes
  /// nothing.
  @discardableResult
  public mutating func setHidden(_ hidden: Bool, ofColumn index: Int) -> Change {
    guard columns.indices.contains(index), columns[index].isHidden != hidden else { return [] }
    columns[index].isHidden = hidden
    configurationStamp = UInt64.random(in: .min ... .max)
    var change = relayout()
    let focus: Int?
    if hidden, focusedColumn == index {
      focus = layout.shownColumns.first { $0 > index } ?? layout.shownColumns.last { $0 < index }
    } else if !hidden, focusedColumn == nil {
      focus = index
    } else {
      focus = focusedColumn
    }
    if focus != focusedColumn {
      focusedColumn = focus
      change.insert(.focusedColumn)
    }
    return change
  }

  /// Drags column `index`'s divider to screen `x`: the column's right edge there.
  @discardableResult
  public mutating func resizeColumn(_ index: Int, toScreenX x: Double) -> Change {
    guard columns.indices.contains(index) else { return [] }
    return setWidth(x - screenX(ofColumn: index), ofColumn: index)
  }

  /// Makes column `index` `step` wider (negative: narrower) than it is laid out.
  @discardableResult
  public mutating func resizeColumn(_ index: Int, by step: Double) -> Change {
    guard columns.indices.contains(index) else { return [] }
    return setWidth(width(ofColumn: index) + step, ofColumn: index)
  }

  // MARK: Sorting

  /// A click on column `index`'s title (AppKit's `didClick tableColumn`): the rows sorted by its key ascending,
  /// again descending, a third time not at all. A column without a sort prototype does not sort. The keyboard
  /// goes to the column.
  @discardableResult
  public mutating func clickTitle(ofColumn index: Int) -> Change {
    var change = focusColumn(index)
    guard columns.indices.contains(index), let prototype = columns[index].sortDescriptorPrototype else {
      return change
    }
    let next: [TableSortDescriptor]
    if let current = sortDescriptors.first, current.key == prototype.key {
      next = current.ascending == prototype.ascending ? [current.reversed] : []
    } else {
      next = [prototype]
    }
    if next != sortDescriptors {
      sortDescriptors = next
      sortStamp = UInt64.random(in: .min ... .max)
      change.insert(.sortDescriptors)
    }
    return change
  }

  /// Sorts by `descriptors` as the app chose (a saved sort; an empty list: the data's order).
  @discardableResult
  public mutating func setSortDescriptors(_ descriptors: [TableSortDescriptor]) -> Change {
    guard descriptors != sortDescriptors else { return [] }
    sortDescriptors = descriptors
    sortStamp = UInt64.random(in: .min ... .max)
    return .sortDescriptors
  }

  /// The sort of column `index`: its direction when the rows are sorted by its key first, else `nil` (for the
  /// header's ▲ or ▼).
  public func sortDirection(ofColumn index: Int) -> TableSortDescriptor? {
    guard columns.indices.contains(index), let key = columns[index].sortDescriptorPrototype?.key,
      let first = sortDescriptors.first, first.key == key
    else { return nil }
    return first
  }

  /// Whether two states are the same: the same columns, layout, offset, focus, sort and visible columns.
  public static func == (a: ColumnState, b: ColumnState) -> Bool {
    a.columns == b.columns && a.layout == b.layout && a.horizontalOffset == b.horizontalOffset
      && a.focusedColumn == b.focusedColumn && a.sortDescriptors == b.sortDescriptors
      && a.visibleColumns == b.visibleColumns && a.fittingWidths == b.fittingWidths
      && a.frozenColumnCount == b.frozenColumnCount && a.granularity == b.granularity
  }

  // MARK: Private

  /// Lays out again for `viewportWidth`; the offset clamped, the focus kept on a shown column.
  private mutating func relayout(viewportWidth: Double? = nil) -> Change {
    let old = layout
    layout = ColumnLayout(
      columns: columns, viewportWidth: viewportWidth ?? old.viewportWidth, frozenColumnCount: frozenColumnCount,
      fittingWidths: fittingWidths, granularity: granularity)
    var change: Change = layout == old ? [] : .layout
    let offset = layout.clampedHorizontalOffset(horizontalOffset)
    if offset != horizontalOffset {
      horizontalOffset = offset
      change.insert(.horizontalOffset)
    }
    layout.visibleColumns(horizontalOffset: horizontalOffset, into: &visibleColumns)
    return change
  }

  /// Checks the state's promises (tests and fuzzing): the layout's, the offset within its range, the focus on a
  /// shown column (none only when none is shown), the visible columns those of the layout at the offset.
  public func _checkInvariants() {
    layout._checkInvariants()
    precondition(layout.origins.count == columns.count, "a layout for other columns")
    precondition(
      horizontalOffset >= 0 && horizontalOffset <= layout.maximumHorizontalOffset,
      "offset \(horizontalOffset) out of 0…\(layout.maximumHorizontalOffset)")
    if let focusedColumn {
      precondition(layout.shownColumns.contains(focusedColumn), "the focus on column \(focusedColumn), not shown")
    } else {
      precondition(layout.shownColumns.isEmpty, "no focus with columns shown")
    }
    precondition(visibleColumns == layout.visibleColumns(horizontalOffset: horizontalOffset), "stale visible columns")
  }
}
