import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// A table that keeps its columns (`TableView.columnState`): rows whose cells wrap each column's text at its
// column's width are measured for the columns' configuration, a resize keeps the row being read, a resize undone
// measures nothing again, and a new sort is told to the delegate.

/// Every `sizeThatFits` call, by row.
private final class ColumnFitLog {
  var rows: [Int] = []
}

/// A row of three texts, each wrapping at its column's width: as tall as its tallest cell.
private final class ColumnCell: ReusableView {
  var reuseIdentifier: String?
  var frame: Rect = .zero
  var row = 0
  var lengths: [Int] = []
  var layout: ColumnLayout?
  let log: ColumnFitLog
  init(log: ColumnFitLog) { self.log = log }
  func sizeThatFits(width: Double) -> Double {
    log.rows.append(row)
    return ColumnRows.height(lengths: lengths, layout: layout)
  }
}

/// Rows of three texts of random lengths; the model of their heights.
private final class ColumnRows: TableViewDataSource, TableViewDelegate {
  var lengths: [[Int]]
  /// The sort changes the delegate heard: the descriptors before and after.
  var sortChanges: [(old: [TableSortDescriptor], new: [TableSortDescriptor])] = []
  /// Every cell configured: the measuring width and the width its columns were laid out for.
  var configured: [(measuring: Double, columns: Double?)] = []
  var rng: SplitMix64

  init(rows: Int, seed: UInt64) {
    rng = SplitMix64(seed: seed)
    lengths = []
    lengths = (0..<rows).map { _ in makeRow() }
  }

  func makeRow() -> [Int] { (0..<3).map { _ in rng.int(1..<200) } }

  /// 20 points and 10 a line, the text of each shown column wrapping at one character a point.
  static func height(lengths: [Int], layout: ColumnLayout?) -> Double {
    guard let layout else { return 30 }
    var lines = 1.0
    for column in layout.shownColumns where column < lengths.count {
      lines = max(lines, (Double(lengths[column]) / max(1, layout.widths[column])).rounded(.up))
    }
    return 20 + 10 * lines
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lengths.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath, as: ColumnCell.self)
    cell.row = indexPath.row
    cell.lengths = lengths[indexPath.row]
    cell.layout = tableView.measuringColumnLayout
    configured.append((tableView.measuringWidth, cell.layout?.viewportWidth))
    return cell
  }
  func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
    sortChanges.append((oldDescriptors, tableView.columnState?.sortDescriptors ?? []))
  }
}

private let orderColumns = [
  TableColumn(
    identifier: "a", title: "A", width: .fixed(60), minWidth: 10, sortDescriptorPrototype: TableSortDescriptor(key: "a")
  ),
  TableColumn(identifier: "b", title: "B", width: .fraction(1), minWidth: 40),
  TableColumn(identifier: "c", title: "C", width: .fixed(80), minWidth: 10),
]

private struct ColumnFixture {
  let table: TableView
  let rows: ColumnRows
  let log: ColumnFitLog
  let host: TestHost
}

private func makeTable(rows: Int = 2_000, seed: UInt64 = 1, width: Double = 300) -> ColumnFixture {
  let log = ColumnFitLog()
  let model = ColumnRows(rows: rows, seed: seed)
  let table = TableView(clock: ManualClock())
  let host = TestHost()
  table.host = host
  table.register({ ColumnCell(log: log) }, forCellReuseIdentifier: "row")
  table.rowHeight = TableView.automaticDimension
  table.estimatedRowHeight = 40
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: width, height: 400)
  table.columnState = ColumnState(columns: orderColumns, viewportWidth: 0)
  table.reloadData()
  return ColumnFixture(table: table, rows: model, log: log, host: host)
}

/// The first row reaching below the top of the visible area, and where the user reads it: how far its top is below
/// the visible area's top, or when its top is above it, how much of it (a fraction of its height) is above.
private func reading(_ table: TableView) -> (row: Int, screen: Double, fraction: Double) {
  let top = table.contentOffset.y
  for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) where cell.frame.maxY > top {
    let frame = cell.frame
    return frame.minY >= top ? (path.row, frame.minY - top, 0) : (path.row, 0, (top - frame.minY) / frame.height)
  }
  return (-1, 0, 0)
}

/// Every row on screen is as tall as its cells are for the columns shown.
private func expectHeightsFitColumns(
  _ f: ColumnFixture, _ note: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  for (path, cell) in zip(f.table.indexPathsForVisibleRows, f.table.visibleCells) {
    let expected = ColumnRows.height(lengths: f.rows.lengths[path.row], layout: f.table.columnState?.layout)
    #expect(
      cell.frame.height == expected, "\(note): row \(path.row) is \(cell.frame.height) tall, not \(expected)",
      sourceLocation: sourceLocation)
  }
}

@Suite("Columns kept by the table")
struct TableColumnsTests {
  @Test("a resized column keeps the row being read; undoing the resize measures nothing again")
  func resizeKeepsReadingRow() throws {
    let f = makeTable()
    try f.table.scrollToRow(at: IndexPath(row: 1_000, section: 0), at: .top, animated: false)
    f.table.scroll(by: 17)
    expectHeightsFitColumns(f, "before")
    let before = reading(f.table)
    let offsetBefore = f.table.contentOffset.y

    f.table.columnState?.resizeColumn(0, by: -30)
    #expect(f.table.columnState?.width(ofColumn: 0) == 30)
    checkInvariants(f.table, host: f.host)
    expectHeightsFitColumns(f, "narrower")
    let after = reading(f.table)
    #expect(after.row == before.row, "the row being read")
    #expect(abs(after.screen - before.screen) < 0.5 && abs(after.fraction - before.fraction) < 1e-9, "at its place")

    let fits = f.log.rows.count
    f.table.columnState?.resizeColumn(0, by: 30)
    checkInvariants(f.table, host: f.host)
    expectHeightsFitColumns(f, "back")
    #expect(f.log.rows.count == fits, "the heights of the first columns were kept: nothing measured again")
    #expect(reading(f.table).row == before.row)
    #expect(f.table.contentOffset.y == offsetBefore, "the same heights: the same offset")
  }

  @Test("the delegate hears new sort descriptors, and nothing else of the columns")
  func sortDescriptorsDidChange() {
    let f = makeTable()
    f.table.columnState?.clickTitle(ofColumn: 0)
    f.table.columnState?.clickTitle(ofColumn: 0)
    f.table.columnState?.scrollHorizontally(by: 10)
    f.table.columnState?.moveFocus(by: 1)
    f.table.columnState?.setSortDescriptors([TableSortDescriptor(key: "a", ascending: false)])
    f.table.columnState?.clickTitle(ofColumn: 1)  // no sort prototype: the focus moves, the sort stays
    f.table.columnState?.clickTitle(ofColumn: 0)
    let a = TableSortDescriptor(key: "a")
    #expect(f.rows.sortChanges.map(\.old) == [[], [a], [a.reversed]])
    #expect(f.rows.sortChanges.map(\.new) == [[a], [a.reversed], []])
    f.table.columnState = nil
    #expect(f.rows.sortChanges.count == 3, "no columns, no sort: it was already none")
    checkInvariants(f.table, host: f.host)
  }

  @Test("the columns follow the table's width; rows precomputed for another width are measured for its columns")
  func columnsFollowWidth() throws {
    let f = makeTable(rows: 300)
    #expect(f.table.columnState?.layout.viewportWidth == 300, "laid out for the table, not the state's 0")
    f.table.expectedWidths = [200]
    f.table.idlePrecompute.enable(budget: 1)
    f.rows.configured.removeAll()
    while f.table.runIdleSlice() {}
    #expect(f.rows.configured.contains { $0.measuring == 200 }, "rows measured for the other width")
    #expect(f.rows.configured.allSatisfy { $0.columns == $0.measuring }, "each with its columns laid out for it")
    let fits = f.log.rows.count
    f.table.viewportSize = Size(width: 200, height: 400)
    #expect(f.table.columnState?.layout.viewportWidth == 200)
    #expect(f.table.columnState?.width(ofColumn: 1) == 60, "the fraction takes what the others leave")
    #expect(f.log.rows.count == fits, "precomputed: nothing on screen measured")
    expectHeightsFitColumns(f, "at 200")
    checkInvariants(f.table, host: f.host)
  }

  @Test(
    "random resizes, widths, edits and jumps: heights always fit the columns, the reading row kept", arguments: 1...4)
  func randomModel(seed: UInt64) throws {
    let f = makeTable(rows: 400, seed: seed)
    f.table.widthCacheLimit = 3
    var rng = SplitMix64(seed: seed &* 7_919)
    for step in 0..<160 {
      switch rng.int(0..<7) {
      case 0, 1, 6:
        // Widths from a small set, so that configurations come back; a column hidden or shown again.
        let column = [0, 2][rng.int(0..<2)]
        let before = reading(f.table)
        let settled = f.table.contentOffset.y > 0 && before.row >= 0 && before.row < f.rows.lengths.count - 40
        if rng.int(0..<3) == 0 {
          f.table.columnState?.setHidden(rng.int(0..<2) == 0, ofColumn: column)
        } else {
          f.table.columnState?.setWidth(Double([30, 60, 90][rng.int(0..<3)]), ofColumn: column)
        }
        if settled {
          let after = reading(f.table)
          #expect(after.row == before.row, "step \(step): the row being read")
          #expect(
            abs(after.screen - before.screen) < 0.5 && abs(after.fraction - before.fraction) < 1e-9,
            "step \(step): at its place: \(before) → \(after)")
        }
      case 2:
        f.table.viewportSize = Size(width: [240.0, 300][rng.int(0..<2)], height: 400)
      case 3:
        let row = rng.int(0...f.rows.lengths.count)
        f.rows.lengths.insert(f.rows.makeRow(), at: row)
        try f.table.insertRows(at: [IndexPath(row: row, section: 0)])
      case 4 where f.rows.lengths.count > 1:
        let row = rng.int(0..<f.rows.lengths.count)
        f.rows.lengths.remove(at: row)
        try f.table.deleteRows(at: [IndexPath(row: row, section: 0)])
      default:
        let row = rng.int(0..<f.rows.lengths.count)
        try f.table.scrollToRow(at: IndexPath(row: row, section: 0), at: .middle, animated: false)
      }
      f.table.layoutIfNeeded()
      checkInvariants(f.table, host: f.host)
      expectHeightsFitColumns(f, "step \(step)")
    }
  }
}
