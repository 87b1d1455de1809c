// A faithful Swift port of PGTableView, the table view built in Matthew Elton's
// "Friday Q&A 2013-02-22: Let's Build UITableView" (mikeash.com; Chinese translation
// "让我们构造UITableView", cnblogs.com/marvindev; source github.com/Obliquely/Let-s-Build-UITableView).
//
// It is the baseline the engine is measured against, so its algorithms and their costs are kept:
//   - `generateHeightAndOffsetData()` asks the height delegate for *every* row and allocates one
//     row-record object per row: O(N) on every `reloadData()`.
//   - `findRowForOffsetY(_:inRange:)` allocates a probe record and binary-searches the records
//     with a comparator block, exactly as `-[NSArray indexOfObject:inSortedRange:options:
//     usingComparator:]` with `NSBinarySearchingInsertionIndex` does (the loop below mirrors
//     swift-corelibs-foundation's implementation of that method).
//   - `layoutTableRows()` builds a fresh visible-row index set on every scroll step and walks the
//     visible rows; `returnNonVisibleRowsToThePool(_:)` subtracts index sets.
//   - the reuse pool is an array searched linearly by reuse identifier
//     (`dequeueReusableCellWithIdentifier:` loop; the article calls it an NSMutableArray).
//   - `row(_:changedHeight:)` (the source's "bonus" method) shifts the start offset of every
//     following row and evicts their cells: O(N − row) per height change.
//
// Stand-ins (no UIKit on Linux): `UIScrollView` is reduced to a frame, a content offset and a
// content size; `addSubview:` / `removeFromSuperview` only flip a flag and count subviews;
// `NSMutableIndexSet` is Foundation's `IndexSet` (the value type over the same structure);
// Objective-C delegate/data-source messages are Swift closures.
//
// Quirks kept from the source: the row margin (2 pt) is added to each stored height by
// `generateHeightAndOffsetData()` but not by `row(_:changedHeight:)`; `findRowForOffsetY` on an
// empty table returns 0 and `layoutTableRows()` then reads row 0 (a crash in the original too);
// changing a height above the viewport does not adjust the content offset (the content jumps).

import Foundation

/// `CGRect` stand-in.
struct PGRect: Equatable, Sendable {
  /// Left edge.
  var x: Double
  /// Top edge.
  var y: Double
  /// Width.
  var width: Double
  /// Height.
  var height: Double
  /// The empty rectangle at the origin.
  static let zero = PGRect(x: 0, y: 0, width: 0, height: 0)
}

/// `PGTableViewCell`: a view with a reuse identifier (here: a frame and a "superview" flag).
final class PGTableViewCell {
  /// The identifier under which the cell waits in the reuse pool.
  let reuseIdentifier: String
  /// The frame set by `layoutTableRows()`.
  var frame = PGRect.zero
  /// Whether the cell is currently a subview of the table (`addSubview:` / `removeFromSuperview`).
  fileprivate(set) var isInSuperview = false
  /// Whether the table has displayed this cell at least once (to count created cells).
  fileprivate var hasBeenDisplayed = false
  /// The content the data source put in the cell (the row it represents).
  var content = -1

  /// Creates a cell (`initWithStyle:reuseIdentifier:`).
  init(reuseIdentifier: String) {
    self.reuseIdentifier = reuseIdentifier
  }
}

/// `PGRowRecord`: the start offset, height and displayed cell of one row.
final class PGRowRecord {
  /// The row's top, in content coordinates.
  var startPositionY = 0.0
  /// The row's height, margin included.
  var height = 0.0
  /// The cell displaying the row, when it is visible.
  var cachedCell: PGTableViewCell?
}

/// `PGTableView`: a scroll view that lays out reusable cells for the visible rows.
final class PGTableView {
  /// The data source's `numberOfRowsInPgTableView:`.
  var numberOfRows: (PGTableView) -> Int
  /// The data source's `pgTableView:cellForRow:` (normally dequeues, else creates a cell).
  var cellForRow: (PGTableView, Int) -> PGTableViewCell
  /// The delegate's optional `pgTableView:heightForRow:`; `nil` means every row is `rowHeight`.
  var heightForRow: ((PGTableView, Int) -> Double)?

  /// The scroll view's frame (its size is also the bounds size).
  var frame: PGRect
  /// The scroll view's content offset (vertical).
  private(set) var contentOffsetY = 0.0
  /// The scroll view's content height.
  private(set) var contentHeight = 0.0
  /// The row height used when the delegate does not provide heights (default 40).
  var rowHeight = 40.0
  /// The gap added above each row (default 2).
  var rowMargin = 2.0
  /// Disables the reuse pool (the demo app's switch): every row gets a new cell.
  var disablePool = false

  /// One record per row, built by `generateHeightAndOffsetData()`.
  private(set) var rowRecords: [PGRowRecord] = []
  /// Cells that left the screen, waiting to be dequeued.
  private(set) var reusePool: [PGTableViewCell] = []
  /// The rows laid out by the last `layoutTableRows()` (lazily created, as in the source).
  private var visibleRowsStorage: IndexSet?
  /// The number of distinct cells the table has displayed, i.e. the cells the data source had
  /// to create because the pool had none.
  private(set) var cellsCreated = 0
  /// The number of cells currently added as subviews.
  private(set) var subviewCount = 0

  /// Creates a table (`initWithFrame:` + `setup`) with its data source and delegate closures.
  init(
    frame: PGRect, numberOfRows: @escaping (PGTableView) -> Int,
    cellForRow: @escaping (PGTableView, Int) -> PGTableViewCell,
    heightForRow: ((PGTableView, Int) -> Double)? = nil
  ) {
    self.frame = frame
    self.numberOfRows = numberOfRows
    self.cellForRow = cellForRow
    self.heightForRow = heightForRow
  }

  // MARK: - Public methods

  /// `dequeueReusableCellWithIdentifier:`: the first pooled cell with `reuseIdentifier`, removed
  /// from the pool (a linear search), or `nil`.
  func dequeueReusableCell(withIdentifier reuseIdentifier: String) -> PGTableViewCell? {
    if disablePool {
      reusePool = []
      return nil
    }
    var poolCell: PGTableViewCell?
    for tableViewCell in reusePool where tableViewCell.reuseIdentifier == reuseIdentifier {
      poolCell = tableViewCell
      break
    }
    if let poolCell, let index = reusePool.firstIndex(where: { $0 === poolCell }) {
      // `[[self reusePool] removeObject: poolCell]`: a second linear scan.
      reusePool.remove(at: index)
    }
    return poolCell
  }

  /// `reloadData`: returns every visible cell to the pool, regenerates all heights and offsets
  /// (O(N), one delegate call per row), and lays out the visible rows.
  func reloadData() {
    returnNonVisibleRowsToThePool(nil)
    generateHeightAndOffsetData()
    layoutTableRows()
  }

  /// `row:changedHeight:`: sets the height of `row`, shifts the start of every following row
  /// (O(N − row)), evicts their cells to the pool, and lays out again.
  func row(_ row: Int, changedHeight height: Double) {
    var rowRecord = rowRecords[row]
    let adjust = height - rowRecord.height
    rowRecord.height = height
    if let cell = rowRecord.cachedCell {
      removeFromSuperview(cell)
      reusePool.append(cell)
      rowRecord.cachedCell = nil
    }
    var index = row + 1
    while index < rowRecords.count {
      rowRecord = rowRecords[index]
      rowRecord.startPositionY += adjust
      if let cell = rowRecord.cachedCell {
        removeFromSuperview(cell)
        reusePool.append(cell)
        rowRecord.cachedCell = nil
      }
      index += 1
    }
    contentHeight += adjust
    layoutTableRows()
  }

  /// `indexSetOfVisibleRows`: a copy of the visible rows.
  func indexSetOfVisibleRows() -> IndexSet {
    visibleRowsStorage ?? IndexSet()
  }

  // MARK: - Scroll view override

  /// `setContentOffset:`: scrolls and lays out the rows (called on every scroll step).
  func setContentOffset(y: Double) {
    contentOffsetY = y
    layoutTableRows()
  }

  // MARK: - Layout

  /// `layoutTableRows`: finds the first visible row by binary search, then walks down until the
  /// viewport is filled, asking the data source for a cell for each row that has none, and
  /// finally returns the cells of rows that left the screen to the pool.
  func layoutTableRows() {
    let currentStartY = contentOffsetY
    let currentEndY = currentStartY + frame.height
    var rowToDisplay = findRowForOffsetY(currentStartY, inRange: 0..<rowRecords.count)
    var newVisibleRows = IndexSet()
    var yOrigin: Double
    var rowHeight: Double
    repeat {
      newVisibleRows.insert(rowToDisplay)
      yOrigin = startPositionYForRow(rowToDisplay)
      rowHeight = heightForRow(at: rowToDisplay)
      if cachedCellForRow(rowToDisplay) == nil {
        let cell = cellForRow(self, rowToDisplay)
        if !cell.hasBeenDisplayed {
          cell.hasBeenDisplayed = true
          cellsCreated += 1
        }
        setCachedCell(cell, forRow: rowToDisplay)
        cell.frame = PGRect(x: 0, y: yOrigin, width: frame.width, height: rowHeight - rowMargin)
        addSubview(cell)
      }
      rowToDisplay += 1
    } while yOrigin + rowHeight < currentEndY && rowToDisplay < rowRecords.count
    returnNonVisibleRowsToThePool(newVisibleRows)
  }

  /// `returnNonVisibleRowsToThePool:`: removes `currentVisibleRows` from the previous visible
  /// rows; the cells of the rows left over go to the pool; `currentVisibleRows` becomes the
  /// visible set (`nil`: every visible cell goes to the pool).
  func returnNonVisibleRowsToThePool(_ currentVisibleRows: IndexSet?) {
    var visibleRows = visibleRowsStorage ?? IndexSet()
    visibleRowsStorage = nil  // mutate in place, as the source does, instead of copying
    if let currentVisibleRows { visibleRows.subtract(currentVisibleRows) }
    for row in visibleRows {
      if let tableViewCell = cachedCellForRow(row) {
        reusePool.append(tableViewCell)
        removeFromSuperview(tableViewCell)
        setCachedCell(nil, forRow: row)
      }
    }
    visibleRowsStorage = currentVisibleRows
  }

  /// `generateHeightAndOffsetData`: asks the delegate for every row's height and allocates a new
  /// record per row with its start offset; sets the content size. O(N) time and allocations.
  func generateHeightAndOffsetData() {
    var currentOffsetY = 0.0
    let checkHeightForEachRow = heightForRow != nil
    var newRowRecords: [PGRowRecord] = []  // `[NSMutableArray array]`: no capacity reserved
    let numberOfRows = numberOfRows(self)
    for row in 0..<max(0, numberOfRows) {
      let rowRecord = PGRowRecord()
      let rowHeight = checkHeightForEachRow ? heightForRow!(self, row) : self.rowHeight
      rowRecord.height = rowHeight + rowMargin
      rowRecord.startPositionY = currentOffsetY + rowMargin
      newRowRecords.insert(rowRecord, at: row)
      currentOffsetY = currentOffsetY + rowHeight + rowMargin
    }
    rowRecords = newRowRecords
    contentHeight = currentOffsetY
  }

  /// `findRowForOffsetY:inRange:`: the last row starting before `yPosition` (0 when none), by a
  /// binary search for the insertion index of a probe record (see the file header). The range is
  /// ignored, as in the source, which always searches all records.
  func findRowForOffsetY(_ yPosition: Double, inRange range: Range<Int>) -> Int {
    if rowRecords.isEmpty { return 0 }
    let rowRecord = PGRowRecord()
    rowRecord.startPositionY = yPosition
    let returnValue = Self.indexOfObject(
      rowRecord, inSortedRange: 0..<rowRecords.count, in: rowRecords,
      insertionIndex: true
    ) { rowRecord1, rowRecord2 in
      if rowRecord1.startPositionY < rowRecord2.startPositionY { return .orderedAscending }
      return .orderedDescending
    }
    if returnValue == 0 { return 0 }
    return returnValue - 1
  }

  /// `-[NSArray indexOfObject:inSortedRange:options:usingComparator:]` for `options` empty or
  /// `NSBinarySearchingInsertionIndex` (the algorithm of swift-corelibs-foundation's
  /// implementation: two boundary comparisons, then a binary search calling
  /// `comparator(element, object)`). Returns `NSNotFound` when not found and not inserting.
  static func indexOfObject(
    _ object: PGRowRecord, inSortedRange range: Range<Int>, in array: [PGRowRecord], insertionIndex: Bool,
    usingComparator comparator: (PGRowRecord, PGRowRecord) -> ComparisonResult
  ) -> Int {
    if range.isEmpty { return insertionIndex ? range.lowerBound : NSNotFound }
    let lastIndex = range.upperBound - 1
    if comparator(object, array[range.lowerBound]) == .orderedAscending {
      return insertionIndex ? range.lowerBound : NSNotFound
    }
    if comparator(object, array[lastIndex]) == .orderedDescending {
      return insertionIndex ? lastIndex + 1 : NSNotFound
    }
    var result = NSNotFound
    var indexOfLeastGreaterThanObject = NSNotFound
    var start = range.lowerBound
    var end = lastIndex
    loop: while start <= end {
      let middle = start + (end - start) / 2
      switch comparator(array[middle], object) {
      case .orderedSame:
        result = middle
        break loop
      case .orderedAscending:
        start = middle + 1
      case .orderedDescending:
        indexOfLeastGreaterThanObject = middle
        end = middle - 1
      }
    }
    if !insertionIndex { return result }
    return result == NSNotFound ? indexOfLeastGreaterThanObject : result
  }

  // MARK: - Row-record accessors

  /// The start offset of `row`.
  func startPositionYForRow(_ row: Int) -> Double { rowRecords[row].startPositionY }

  /// The stored height (margin included) of `row`.
  func heightForRow(at row: Int) -> Double { rowRecords[row].height }

  /// The cell displaying `row`, if any.
  func cachedCellForRow(_ row: Int) -> PGTableViewCell? { rowRecords[row].cachedCell }

  /// Sets the cell displaying `row`.
  func setCachedCell(_ cell: PGTableViewCell?, forRow row: Int) { rowRecords[row].cachedCell = cell }

  // MARK: - View hierarchy stand-ins

  /// `addSubview:`.
  private func addSubview(_ cell: PGTableViewCell) {
    if !cell.isInSuperview {
      cell.isInSuperview = true
      subviewCount += 1
    }
  }

  /// `removeFromSuperview`.
  private func removeFromSuperview(_ cell: PGTableViewCell) {
    if cell.isInSuperview {
      cell.isInSuperview = false
      subviewCount -= 1
    }
  }
}
