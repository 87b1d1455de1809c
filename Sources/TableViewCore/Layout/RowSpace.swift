// The table's row sequence, linear or looping: the one place that knows whether the rows end.
//
// A table shows *global rows*. In a linear table global row g is the g-th row of the table, all
// sections together, below the table header; it appears once. In a looping table (one section,
// rows with height, `loops` set) the rows repeat without end in both directions: global row
// v = lap · R + row (R rows per lap) is `row`'s appearance in `lap`, and its top is
// lap · P + offset(row), P being the height of one lap. Every question whose answer differs
// between the two is a method or property here, so the layout pass, geometry, batch updates,
// prefetching, navigation and the picker ask the row space instead of asking whether the table
// loops. (See TableView+Looping.swift for what a looping table does with it.)
//
// A row space is a small value: the rows' heights stay in the `HeightIndex`, which the
// questions that need them take as an argument.

/// The table's row sequence: linear (every row once, top to bottom, below the table header) or
/// looping (the rows of one section repeated without end in both directions).
enum RowSpace: Hashable, Sendable {
  /// Every row once, in order, the first one `rowsTop` units below the top of the content (the
  /// table header's height).
  case linear(rowsTop: Int64)
  /// The rows of the one section repeated without end: `rowsPerLap` rows (> 0) and `period`
  /// units (> 0) a lap; lap 0 starts at y = 0.
  case looping(rowsPerLap: Int, period: Int64)

  /// The row space of a table whose geometry is `index`: looping when `loops` is set, the table
  /// has one section and its rows have some height; otherwise linear below a table header
  /// `tableHeaderUnits` tall.
  /// - Complexity: O(1)
  @inline(__always) init(index: HeightIndex, loops: Bool, tableHeaderUnits: Int64) {
    if loops, index.sectionCount == 1 {
      let rows = index.rowCount
      let period = index.totalUnits
      if rows > 0, period > 0 {
        self = .looping(rowsPerLap: rows, period: period)
        return
      }
    }
    self = .linear(rowsTop: tableHeaderUnits)
  }

  // MARK: What kind of sequence

  /// Whether the rows repeat without end (`TableView.isLooping`).
  var isLooping: Bool {
    if case .looping = self { return true }
    return false
  }

  /// Whether content offsets have a smallest and a largest value (linear), as opposed to running
  /// from −∞ to +∞ (looping: scrolling never meets an edge, so it neither clamps nor bounces).
  var isBounded: Bool { !isLooping }

  /// Whether moving to the row after the last one (or before the first) continues at the other
  /// end, as keyboard navigation and a picker's selection do in a looping table, rather than
  /// stopping there.
  var wrapsAround: Bool { isLooping }

  /// Whether the table shows its table header and footer views and its section header and footer
  /// views. A looping table shows none: its laps have no top or bottom, and its one section's
  /// header would have to float over every lap.
  var showsHeaderAndFooterViews: Bool { !isLooping }

  /// Whether each row appears at most once and global rows follow index paths in order (linear),
  /// so that a row's index path alone names its appearance and global rows sorted are index paths
  /// sorted. In a looping table a row appears once per lap.
  var eachRowAppearsOnce: Bool { !isLooping }

  /// Whether a change of rows or heights keeps the first visible row where it is on screen
  /// (looping: a change moves every lap, so there is no "above the visible area" to follow), as
  /// opposed to moving the offset with the changes above the visible area (linear).
  var keepsFirstVisibleRowInPlace: Bool { isLooping }

  // MARK: Laps

  /// ⌊a / b⌋ for b > 0.
  @inline(__always) static func floorDivide(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a - 1) / b) - 1
  }

  /// ⌊a / b⌋ for b > 0.
  @inline(__always) static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a - 1) / b) - 1
  }

  /// The lap global row `g` is in: 0 in a linear table.
  @inline(__always) func lap(ofGlobalRow g: Int) -> Int {
    switch self {
    case .linear: 0
    case .looping(let rowsPerLap, _): Self.floorDivide(g, rowsPerLap)
    }
  }

  /// The global row of the `rowInLap`-th row (all sections together) in `lap`: `rowInLap` itself in
  /// a linear table, which has only lap 0.
  @inline(__always) func globalRow(lap: Int, rowInLap: Int) -> Int {
    switch self {
    case .linear: rowInLap
    case .looping(let rowsPerLap, _): lap * rowsPerLap + rowInLap
    }
  }

  /// The lap containing the content position `y` (units): 0 in a linear table.
  func lap(containing y: Int64) -> Int {
    switch self {
    case .linear: 0
    case .looping(_, let period): Int(Self.floorDivide(y, period))
    }
  }

  /// A position `y` (units, measured from the top of lap 0) brought into lap 0, the same place in
  /// the first lap: `y` itself in a linear table.
  func wrappedIntoFirstLap(_ y: Int64) -> Int64 {
    switch self {
    case .linear: y
    case .looping(_, let period): y - Self.floorDivide(y, period) * period
    }
  }

  // MARK: Rows and positions

  /// Where a global row is.
  struct Location: Hashable, Sendable {
    /// The row's section.
    var section: Int
    /// The row in its section.
    var row: Int
    /// The row's index path (made on demand: making one calls into Foundation, and a call the optimizer cannot see
    /// through makes it copy the height index being read).
    var indexPath: IndexPath { IndexPath(row: row, section: section) }
    /// The lap it appears in (0 in a linear table).
    var lap: Int
    /// Its item index in the height index.
    var item: Int
    /// Its top, in units from the top of the content.
    var top: Int64
    /// Its height, in units.
    var height: Int64
  }

  /// Where global row `g` is (`g` must be a row of the table in a linear one; any integer in a
  /// looping one).
  /// - Complexity: O(log n)
  @inline(__always)
  func locate(globalRow g: Int, in index: HeightIndex) -> Location {
    switch self {
    case .linear(let rowsTop):
      let k = index.itemIndex(ofGlobalRow: g)
      let info = index.info(ofItem: k)
      let section = info.sectionsBefore - 1
      let row = g - index.prefix(index.itemIndex(ofHeader: section)).rows
      return Location(section: section, row: row, lap: 0, item: k, top: rowsTop + info.start, height: info.height)
    case .looping(let rowsPerLap, let period):
      let lap = Self.floorDivide(g, rowsPerLap)
      let row = g - lap * rowsPerLap
      let k = index.itemIndex(ofGlobalRow: row)
      let info = index.info(ofItem: k)
      return Location(
        section: 0, row: k - 1, lap: lap, item: k, top: Int64(lap) * period + info.start, height: info.height)
    }
  }

  /// The global rows intersecting `[top, bottom)` (content coordinates, points), at most
  /// `TableView.maximumVisibleRows` of them, and the sections whose items intersect it (none in a
  /// looping table, whose section header and footer views are not shown).
  /// - Complexity: O(log n)
  @inline(__always)
  func ranges(top: Double, bottom: Double, in index: HeightIndex) -> (rows: Range<Int>, sections: Range<Int>) {
    let found = rangesAndExtents(top: top, bottom: bottom, in: index)
    return (found.rows, found.sections)
  }

  /// `ranges(top:bottom:in:)`, and in a linear space that found items, the extents of the first
  /// and last items found (units below the rows' top, as `ItemInfo.start` counts them): the answer
  /// is the same for every viewport whose clamped top is in the first extent and whose clamped
  /// bottom, less one unit, is in the last (see `VisibleRangeCache`). `nil` extents in a looping
  /// space and when nothing was found.
  /// - Complexity: O(log n)
  func rangesAndExtents(
    top: Double, bottom: Double, in index: HeightIndex
  ) -> (rows: Range<Int>, sections: Range<Int>, extents: (first: Range<Int64>, last: Range<Int64>)?) {
    switch self {
    case .linear(let rowsTop):
      let total = index.totalUnits
      let t = max(Sanitize.units(top) - rowsTop, 0)
      let b = min(Sanitize.units(bottom) - rowsTop, total)
      guard t < b, let first = index.info(containing: t), let last = index.info(containing: b - 1) else {
        return (0..<0, 0..<0, nil)
      }
      let end = min(last.rowsBefore + (last.kind == .row ? 1 : 0), first.rowsBefore + TableView.maximumVisibleRows)
      let rows = first.rowsBefore..<max(first.rowsBefore, end)
      let sectionEnd = min(last.section + 1, first.section + TableView.maximumVisibleRows)
      return (
        rows, first.section..<sectionEnd,
        (first.start..<first.start + first.height, last.start..<last.start + last.height)
      )
    case .looping(let rowsPerLap, let period):
      let t = Sanitize.units(top)
      let b = Sanitize.units(bottom)
      guard t < b else { return (0..<0, 0..<0, nil) }
      let lapTop = Self.floorDivide(t, period)
      let lapBottom = Self.floorDivide(b - 1, period)
      guard let first = index.info(containing: t - lapTop * period),
        let last = index.info(containing: b - 1 - lapBottom * period)
      else { return (0..<0, 0..<0, nil) }
      let v0 = Int(lapTop) * rowsPerLap + first.rowsBefore
      let v1 = Int(lapBottom) * rowsPerLap + last.rowsBefore + (last.kind == .row ? 1 : 0)
      return (v0..<max(v0, min(v1, v0 + TableView.maximumVisibleRows)), 0..<0, nil)
    }
  }

  /// The first unmeasured global row in `rows`, and its item index, or `nil` when every row in
  /// `rows` is measured. A looping range may span laps: it is looked at lap by lap.
  /// - Complexity: O(log n) linear; O(laps · log n) looping, for the laps `rows` spans.
  @inline(__always)
  func firstUnmeasuredRow(in rows: Range<Int>, of index: HeightIndex) -> (row: Int, item: Int)? {
    guard !rows.isEmpty else { return nil }
    switch self {
    case .linear:
      let firstItem = index.itemIndex(ofGlobalRow: rows.lowerBound)
      let lastItem = index.itemIndex(ofGlobalRow: rows.upperBound - 1)
      guard let k = index.firstUnmeasuredItem(from: firstItem), k <= lastItem else { return nil }
      return (index.prefix(k).rows, k)
    case .looping(let perLap, _):
      // Item = row + 1 in the one section.
      var v = rows.lowerBound
      while v < rows.upperBound {
        let lap = Self.floorDivide(v, perLap)
        let row = v - lap * perLap
        let lastRow = min(perLap, row + (rows.upperBound - v)) - 1
        if let k = index.firstUnmeasuredItem(from: row + 1), k <= lastRow + 1 { return (lap * perLap + k - 1, k) }
        v += lastRow - row + 1
      }
      return nil
    }
  }

  /// The height of everything that scrolls, in units: the table header, the rows and `tableFooterUnits`
  /// in a linear table; one lap in a looping one.
  @inline(__always)
  func contentUnits(in index: HeightIndex, tableFooterUnits: Int64) -> Int64 {
    switch self {
    case .linear(let rowsTop): rowsTop + index.totalUnits + tableFooterUnits
    case .looping(_, let period): period
    }
  }

  // MARK: Offsets

  /// How far to move a content offset `offset` (points) back to the first laps, in units and in
  /// global rows, when it has wandered off (below −P or above 2P); `rows` is `nil` when the number of
  /// rows does not fit an `Int`. `nil` when the offset need not move, and at once (without looking
  /// at the offset) in a linear table: this is on every scroll step.
  @inline(__always) func recentringShift(ofOffset offset: Double) -> (units: Int64, rows: Int?)? {
    guard case .looping(let rowsPerLap, let period) = self else { return nil }
    let y = Sanitize.units(offset)
    guard y < -period || y > 2 * period else { return nil }
    let laps = Self.floorDivide(y, period)
    let (rows, overflow) = Int(laps).multipliedReportingOverflow(by: rowsPerLap)
    return (laps * period, overflow ? nil : rows)
  }

  /// The content offsets scrolling settles within: `bounded` (only evaluated then) in a linear
  /// table; −∞…+∞ in a looping one, so that clamping to them changes nothing and no edge is ever
  /// passed (no rubber band, no bounce back).
  @inline(__always) func offsetBounds(_ bounded: @autoclosure () -> ClosedRange<Double>) -> ClosedRange<Double> {
    isBounded ? bounded() : -Double.infinity...Double.infinity
  }

  /// Of the offsets that show the same thing as `target` (points), the nearest to `current`:
  /// `target` plus the whole laps closest to `current − target` in a looping table (the shorter way
  /// round), `target` itself in a linear one.
  func nearestOffset(to target: Double, from current: Double) -> Double {
    switch self {
    case .linear: return target
    case .looping(_, let period):
      let lap = HeightIndex.points(period)
      return target + ((current - target) / lap).rounded() * lap
    }
  }

  // MARK: Invariants

  /// Verifies the shape: rows per lap and period positive when looping, rows' top not negative when
  /// linear. Compiled to nothing in release builds.
  func _checkInvariants() {
    #if DEBUG
      switch self {
      case .linear(let rowsTop):
        precondition(rowsTop >= 0, "linear rows start above the content: \(rowsTop)")
      case .looping(let rowsPerLap, let period):
        precondition(rowsPerLap > 0, "a looping space needs rows: \(rowsPerLap)")
        precondition(period > 0, "a looping space needs height: \(period)")
      }
    #endif
  }

  /// Verifies the shape, that it matches `index` (a looping space's lap is the index's one section),
  /// and that a few global rows round-trip: global row → lap and row in lap → global row, and
  /// global row → top → the rows at that top. Compiled to nothing in release builds.
  /// - Complexity: O(log n)
  func _checkInvariants(in index: HeightIndex) {
    #if DEBUG
      _checkInvariants()
      let rowCount = index.rowCount
      var samples: [Int]
      switch self {
      case .linear:
        samples = rowCount == 0 ? [] : [0, rowCount / 2, rowCount - 1]
      case .looping(let rowsPerLap, let period):
        precondition(index.sectionCount == 1, "a looping space has one section, not \(index.sectionCount)")
        precondition(rowsPerLap == rowCount, "rows per lap \(rowsPerLap), the index has \(rowCount)")
        precondition(period == index.totalUnits, "period \(period), the index is \(index.totalUnits) tall")
        samples = [0, rowsPerLap - 1, -1, -rowsPerLap, 3 * rowsPerLap + rowsPerLap / 2]
      }
      for g in samples {
        let at = locate(globalRow: g, in: index)
        let rowInLap = g - globalRow(lap: at.lap, rowInLap: 0)
        precondition(globalRow(lap: lap(ofGlobalRow: g), rowInLap: rowInLap) == g, "lap round trip of \(g)")
        precondition(at.lap == lap(ofGlobalRow: g), "lap of \(g)")
        precondition(at.height >= 0 && at.item == index.itemIndex(of: at.indexPath), "location of \(g)")
        guard at.height > 0 else { continue }
        let y = HeightIndex.points(at.top)
        let found = ranges(top: y, bottom: HeightIndex.points(at.top + 1), in: index).rows
        precondition(found == g..<(g + 1), "row at the top of \(g): \(found)")
      }
    #endif
  }
}
