// Infinite (looping) scrolling in constant memory (the seed's DLTableView, done properly).
//
// The rows of a one-section table repeat without end in both directions. A row's appearance is
// a *virtual row* v = lap · R + row (R rows per lap); its top is lap · P + offset(row), P being
// the height of one lap. The visible set is a range of virtual rows, so the ordinary layout
// pass (diff, reuse, frames) works unchanged, and the same row visible twice simply has two
// virtual rows and two cells. The content offset is re-centred into the first laps whenever it
// wanders off (DLTableView's recenterIfNecessary): every visible frame moves by the same whole
// number of laps, so nothing on screen changes and offsets stay small and exact forever.

extension TableView {
  /// One appearance of a row on screen: in a looping table the same row can be visible twice.
  public struct RowAppearance {
    /// The row.
    public var indexPath: IndexPath
    /// Which lap of the loop this appearance belongs to (0 in a table that does not loop).
    public var lap: Int
    /// The cell showing it.
    public var view: any ReusableView
  }

  /// A section's header or footer view on screen.
  public struct SectionView {
    /// The section.
    public var section: Int
    /// The view showing its header or footer.
    public var view: any ReusableView
  }

  /// Which appearance of a row: its index path and the lap of the loop it is shown in (0 in a table that
  /// does not loop), as a looping table can show the same row twice.
  @_spi(Backend) public struct LoopedIndexPath: Hashable, Sendable {
    /// The row.
    public var indexPath: IndexPath
    /// Which lap of the loop (0 in a table that does not loop).
    public var lap: Int

    /// A row's appearance in `lap`.
    public init(indexPath: IndexPath, lap: Int) {
      self.indexPath = indexPath
      self.lap = lap
    }
  }

  /// Whether the table is looping right now: `loops` is set, it has one section, and its rows
  /// have some height.
  public var isLooping: Bool { rowSpace.isLooping }

  /// The table's row sequence, linear or looping, from its geometry and `loops`: the one place
  /// that decides whether the table loops. Everything else asks the row space.
  /// - Complexity: O(1)
  @inline(__always) var rowSpace: RowSpace {
    RowSpace(index: heights.index, loops: loops, tableHeaderUnits: heights.tableHeaderUnits)
  }

  /// The height of one lap of a looping table, in points.
  public var loopPeriod: Double { HeightIndex.points(heights.index.totalUnits) }

  /// Every appearance on screen, in order from top to bottom.
  /// - Complexity: O(visible)
  public var visibleRowAppearances: [RowAppearance] {
    let space = rowSpace
    return visible.rows.map { entry in
      RowAppearance(indexPath: entry.indexPath, lap: space.lap(ofGlobalRow: entry.globalRow), view: entry.view)
    }
  }

  /// The row appearance under a point of the visible area (`nil` over a floating header or nothing).
  /// - Complexity: O(log n + visible sections)
  @_spi(Backend) public func appearanceForTouch(at point: Point) -> LoopedIndexPath? {
    guard let path = indexPathForTouch(at: point) else { return nil }
    return LoopedIndexPath(indexPath: path, lap: rowSpace.lap(containing: Sanitize.units(point.y + scroll.offset.y)))
  }

  /// All cells showing `indexPath` (two or more when a short looping table repeats on screen).
  /// - Complexity: O(visible)
  public func cells(forRowAt indexPath: IndexPath) -> [any ReusableView] {
    visible.rows.filter { $0.indexPath == indexPath }.map(\.view)
  }

  /// The lap of a visible (virtual) row: 0 unless looping.
  @inline(__always) func lap(ofRow g: Int) -> Int { rowSpace.lap(ofGlobalRow: g) }

  /// ⌊a / b⌋ for b > 0 (`RowSpace.floorDivide`).
  @inline(__always) static func floorDivide(_ a: Int, _ b: Int) -> Int { RowSpace.floorDivide(a, b) }

  /// ⌊a / b⌋ for b > 0 (`RowSpace.floorDivide`).
  @inline(__always) static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { RowSpace.floorDivide(a, b) }

  /// The top of a visible (virtual) row, in points.
  func rowTop(_ v: Int) -> Double { locateGlobalRow(v).1.minY }

  /// Keeps the offset within the first laps: shifts it, and every visible frame with it, by a
  /// whole number of laps. Invisible, and O(visible); O(1) when the offset is within the first laps,
  /// and nothing in a table that does not loop.
  @inline(__always) func recenterIfNecessary() {
    guard let shift = rowSpace.recentringShift(ofOffset: scroll.offset.y) else { return }
    recenter(by: shift.units, rows: shift.rows)
  }

  /// Moves the offset and every visible frame up by `shiftUnits` (whole laps, `rows` global rows;
  /// `nil` when too many to count, and then the visible rows leave).
  /// - Complexity: O(visible)
  func recenter(by shiftUnits: Int64, rows: Int?) {
    let shift = HeightIndex.points(shiftUnits)
    guard let rowShift = rows else {
      // So many laps away that no row on screen can stay: start over in the first lap.
      while let entry = visible.rows.popLast() { endDisplaying(entry) }
      visible.rowRange = 0..<0
      correctContentOffsetY(to: scroll.offset.y - shift)
      return
    }
    correctContentOffsetY(to: scroll.offset.y - shift)
    for i in visible.rows.indices {
      visible.rows[i].globalRow -= rowShift
      let view = visible.rows[i].view
      var frame = view.frame
      frame.origin.y -= shift
      place(view, at: frame)
    }
    visible.rowRange = (visible.rowRange.lowerBound - rowShift)..<(visible.rowRange.upperBound - rowShift)
  }

  /// The offset that shows a row of a looping table at `top` (the row's top, relative to the
  /// visible area's top), going the shorter way round from the current offset.
  func loopingOffset(toShow path: IndexPath, rowTopOnScreen: Double) -> Double {
    let rowY = HeightIndex.points(heights.index.offset(ofItem: heights.index.itemIndex(of: path)))
    return rowSpace.nearestOffset(to: rowY - rowTopOnScreen, from: scroll.offset.y)
  }
}
