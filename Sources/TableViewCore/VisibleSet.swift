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
  /// Entries of `rowScratch` before this index have been handled by the current merge.
  var rowScratchCursor = 0
  var supplementScratch: ContiguousArray<Supplement> = []
  /// Cells dequeued to measure a row during this layout pass, waiting to be displayed.
  var preparedCells: ContiguousArray<Row> = []
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
}
