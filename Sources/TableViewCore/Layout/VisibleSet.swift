/// The rows, section headers and footers on screen, with the views showing them, and the reuse
/// pools the views go back to when they leave.
struct VisibleSet {
  /// A row on screen.
  struct Row {
    /// The row's place in the table's row sequence (beyond the row count in a looping table).
    var globalRow: Int
    var indexPath: IndexPath
    var view: any ReusableView
  }
  /// A section header or footer on screen.
  struct Supplement {
    var section: Int
    var view: (any ReusableView)?
    /// A footer's view (else a header's), for the delegate's display calls.
    var isFooter: Bool
  }

  /// A cell on its way off or onto the screen with an animation: attached to the host, but at no
  /// index path of the data any more (leaving) or not yet (arriving). It is neither a visible row
  /// nor in a pool until its animation lands it (see `land(_:)`).
  struct TransitCell {
    /// Which way the cell is going.
    enum Direction { case leaving, arriving }
    var view: any ReusableView
    var direction: Direction
    /// The index path the cell showed before the update (leaving) or will show after it (arriving).
    var indexPath: IndexPath
  }

  /// The rows on screen, by ascending global row.
  var rows: ContiguousArray<Row> = []
  /// The global rows of `rows`.
  var rowRange: Range<Int> = 0..<0
  /// The headers on screen, by ascending section.
  var headers: ContiguousArray<Supplement> = []
  /// The footers on screen, by ascending section.
  var footers: ContiguousArray<Supplement> = []
  /// The sections of the headers and footers on screen.
  var sectionRange: Range<Int> = 0..<0
  /// Second buffers the passes swap with, so merging allocates nothing in steady state.
  var rowScratch: ContiguousArray<Row> = []
  var supplementScratch: ContiguousArray<Supplement> = []
  /// Cells dequeued to measure a row during this layout pass, waiting to be displayed.
  var preparedCells: ContiguousArray<Row> = []
  /// The row picked up to be moved: attached and drawn where it hangs, not among `rows` (the pass
  /// leaves its row without a cell) and not pooled.
  var lifted: Row?
  /// Cells in transit, in the order they were sent.
  var inTransit: ContiguousArray<TransitCell> = []
  /// Whether the table header view is attached.
  var tableHeaderShown = false
  /// Whether the table footer view is attached.
  var tableFooterShown = false

  /// Cells waiting for reuse, by identifier.
  var cellPool = ReusePool()
  /// Header and footer views waiting for reuse, by identifier.
  var headerFooterPool = ReusePool()
  /// Whether the current pass attached a view (floating headers must then be raised again).
  var attachedThisPass = false
  /// The most cells on screen at once since the viewport last shrank: the pool's bound.
  var highWater = 0

  init() {
    rows.reserveCapacity(64)
    rowScratch.reserveCapacity(64)
    preparedCells.reserveCapacity(16)
  }

  // MARK: Queries

  /// Whether `view` is in use: showing a row, a header or a footer, prepared for a row of this
  /// pass, in transit, or still waiting in the merge buffer of the pass that is running. A data
  /// source that returns such a view for another row would show one view twice.
  /// - Complexity: O(visible)
  func isInUse(_ view: any ReusableView) -> Bool {
    rows.contains { $0.view === view } || rowScratch.contains { $0.view === view }
      || preparedCells.contains { $0.view === view } || inTransit.contains { $0.view === view }
      || headers.contains { $0.view === view } || footers.contains { $0.view === view } || lifted?.view === view
  }

  /// The views the host should have attached now: the visible rows', headers' and footers' views,
  /// and the cells in transit (the table header and footer views are the table's).
  /// - Complexity: O(visible)
  var attachedViews: [any ReusableView] {
    rows.map(\.view) + headers.compactMap(\.view) + footers.compactMap(\.view) + inTransit.map(\.view)
      + (lifted.map { [$0.view] } ?? [])
  }

  // MARK: Cells in transit

  /// Sends `view` into transit (an animation takes it off screen, or brings it on). It must not
  /// be a visible row's view or pooled: take it out of those first.
  /// - Complexity: O(1) amortized
  mutating func send(_ view: any ReusableView, _ direction: TransitCell.Direction, indexPath: IndexPath) {
    inTransit.append(TransitCell(view: view, direction: direction, indexPath: indexPath))
  }

  /// Ends the transit of `view` (its animation finished): the cell leaves the transit list and is
  /// returned, for the caller to pool (leaving) or make a visible row (arriving). `nil` when the
  /// view is not in transit.
  /// - Complexity: O(cells in transit)
  mutating func land(_ view: any ReusableView) -> TransitCell? {
    guard let i = inTransit.firstIndex(where: { $0.view === view }) else { return nil }
    return inTransit.remove(at: i)
  }

  /// Takes the visible row showing global row `g` out of the visible rows, or `nil` when none
  /// does (the row range is left as it is: the next pass recomputes it).
  /// - Complexity: O(log visible + visible)
  mutating func removeRow(global g: Int) -> Row? {
    guard let i = rowPosition(global: g) else { return nil }
    return rows.remove(at: i)
  }

  /// Where global row `g` is in `rows`, by binary search.
  /// - Complexity: O(log visible)
  func rowPosition(global g: Int) -> Int? {
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) / 2
      if rows[mid].globalRow < g { low = mid + 1 } else { high = mid }
    }
    return low < rows.count && rows[low].globalRow == g ? low : nil
  }

  // MARK: Invariants

  /// Checks the set's invariants, stopping the program with a message on the first one broken:
  /// rows strictly ascending within `rowRange`, headers and footers strictly ascending within
  /// `sectionRange` and of their kind, no view in two places (rows, headers, footers, prepared
  /// cells, cells in transit) or both in use and in a pool, no view twice in a pool, and, between
  /// passes, empty merge buffers.
  /// - Complexity: O(visible + pooled)
  func _checkInvariants(betweenPasses: Bool = true) {
    for (i, row) in rows.enumerated() {
      precondition(rowRange.contains(row.globalRow), "visible row \(row.globalRow) outside \(rowRange)")
      precondition(i == 0 || rows[i - 1].globalRow < row.globalRow, "visible rows not strictly ascending at \(i)")
    }
    for (list, isFooter) in [(headers, false), (footers, true)] {
      for (i, entry) in list.enumerated() {
        precondition(entry.isFooter == isFooter, "a \(isFooter ? "footer" : "header") entry of the other kind")
        precondition(sectionRange.contains(entry.section), "section \(entry.section) outside \(sectionRange)")
        precondition(i == 0 || list[i - 1].section < entry.section, "supplements not strictly ascending at \(i)")
      }
    }
    var inUse = Set<ObjectIdentifier>()
    let used = attachedViews + preparedCells.map(\.view)
    for view in used {
      precondition(inUse.insert(ObjectIdentifier(view)).inserted, "a view is in use in two places")
    }
    var pooled = Set<ObjectIdentifier>()
    for view in cellPool.allViews + headerFooterPool.allViews {
      let id = ObjectIdentifier(view)
      precondition(pooled.insert(id).inserted, "a view is pooled twice")
      precondition(!inUse.contains(id), "a view in use is also in a pool")
    }
    precondition(highWater >= 0, "negative high water")
    if betweenPasses {
      precondition(rowScratch.isEmpty && supplementScratch.isEmpty, "merge buffers not empty between passes")
      precondition(preparedCells.isEmpty, "prepared cells left over after a pass")
    }
  }
}
