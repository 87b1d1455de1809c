import Foundation
import TestSupport
import Testing

/// End-to-end, the browser's grid as a screen reader sees it (issue 33, item 3): `tableview-gtk-demo --open FILE
/// --table orders` on the accessibility bus (`AccessibilityBus`), its tree read through AT-SPI with pyatspi, as Orca
/// reads it, on an `orders` table the test builds (3,000 rows, 8 columns). The grid is a data table, as GtkColumnView
/// is: a `table` whose description says its rows and columns, its rows on screen `table row`s saying their absolute
/// row, their cells `table cell`s named by the value shown and described by their column. GTK 4.8 does not pass the
/// relations (ROW_COUNT, COL_COUNT, ROW_INDEX, COL_INDEX) or the titles' SORT on to AT-SPI: what GTK holds of them
/// is read from the demo's state file (`BrowserState.gridAccessibleSize`…) and checked against the same rows.
@Suite(
  "the browser's grid as a table through AT-SPI under Xvfb", .serialized,
  .enabled(
    if: XvfbServer.toolsAvailable && AccessibilityBus.toolsAvailable,
    "Xvfb, xdotool, ImageMagick, dbus-daemon, at-spi2-core or python3-pyatspi is not installed"),
  .xvfb)
final class GridAccessibilityXvfbTests {
  let folder: URL
  let path: String
  static let rowCount = 3_000
  /// The `orders` table's columns, in order.
  static let columns = ["id", "placed", "customer", "status", "items", "total", "note", "receipt"]
  /// GTK 4.8's AT-SPI role for COLUMN_HEADER (it maps the role to none of AT-SPI's: a filler, as GtkColumnView's
  /// titles are).
  static let columnHeaderRole = "filler"

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvgtk-grid-a11y-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent("orders.sqlite").path
    try ColumnViewBenchmarkXvfbTests.buildOrders(at: path, rows: Self.rowCount)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Reads the demo's tree until `predicate` holds for its grid (AT-SPI follows the widgets a moment later); returns
  /// the grid and the whole tree.
  func waitForGrid(
    _ what: String, _ bus: AccessibilityBus, _ demo: DemoSession, timeout: Double = 90,
    _ predicate: (AccessibleNode) -> Bool
  ) async throws -> (grid: AccessibleNode, tree: AccessibleNode) {
    let deadline = Date().addingTimeInterval(timeout)
    var last = "no grid"
    while true {
      let tree = try bus.tree(of: demo.process.pid, display: demo.server.display)
      if let grid = tree.first(where: { $0.role == "table" }) {
        if predicate(grid) { return (grid, tree) }
        last = grid.summary + "\n" + rows(grid).map(\.summary).joined(separator: "\n")
      }
      if Date() > deadline {
        throw SubprocessError(
          "timed out after \(timeout) s waiting for \(what); the grid:\n\(last)\n\(demo.diagnostics)")
      }
      try await Task.sleep(for: .milliseconds(300))
    }
  }

  /// The grid's rows (the rows on screen).
  func rows(_ grid: AccessibleNode) -> [AccessibleNode] { (grid.children ?? []).filter { $0.role == "table row" } }

  /// A row's cells, left to right (the scrolled columns' are in a nameless panel after the frozen first one).
  func cells(_ row: AccessibleNode) -> [AccessibleNode] { row.all { $0.role == "table cell" } }

  /// "row 1,234 of 3,000" → (1234, 3000).
  func place(_ row: AccessibleNode) -> (row: Int, of: Int)? {
    let words = row.description.replacingOccurrences(of: ",", with: "").split(separator: " ")
    guard words.count == 4, words[0] == "row", words[2] == "of", let number = Int(words[1]), let count = Int(words[3])
    else { return nil }
    return (number, count)
  }

  /// The columns on screen, left to right (the state lists the frozen one last).
  func leftToRight(_ state: BrowserState) -> [Int] {
    state.visibleColumns.sorted { state.columnX[$0] < state.columnX[$1] }
  }

  /// The rows' numbers as their descriptions say them.
  func numbers(_ grid: AccessibleNode) -> [Int] { rows(grid).compactMap { place($0)?.row } }

  /// Checks the grid against the browser's state, as a screen reader would read it: a row a row on screen, each
  /// saying its absolute row out of 3,000, consecutive from the top row; each cell named by the value shown in its
  /// column and described by the column; what GTK holds (ROW_INDEX, COL_INDEX) says the same.
  func expectRows(_ grid: AccessibleNode, _ state: BrowserState, _ context: String) {
    let rows = rows(grid)
    #expect(rows.count == state.rows.count, "\(context): \(rows.count) rows in the tree, \(state.rows.count) on screen")
    guard let top = state.state.firstVisibleRow?[1] else {
      Issue.record("\(context): no first visible row: \(state)")
      return
    }
    let numbers = rows.compactMap { place($0) }
    #expect(numbers.map(\.row) == Array((top + 1)..<(top + 1 + rows.count)), "\(context): \(rows.map(\.summary))")
    #expect(numbers.allSatisfy { $0.of == Self.rowCount }, "\(context): \(rows.map(\.summary))")
    #expect(state.gridRowIndexes == numbers.map(\.row), "\(context): ROW_INDEX as GTK holds it")
    #expect(
      state.gridCellColumnIndexes == state.visibleColumns.map { $0 + 1 },
      "\(context): COL_INDEX of the first row's cells as GTK holds it")
    for (row, values) in zip(rows, state.rows) {
      guard let values else {
        Issue.record("\(context): a row on screen without its values: \(state)")
        continue
      }
      let cells = cells(row)
      #expect(cells.map(\.name) == leftToRight(state).map { values[$0] }, "\(context): \(row.summary)")
      #expect(
        cells.map(\.description) == leftToRight(state).map { "\(Self.columns[$0]), column \($0 + 1)" },
        "\(context): \(row.summary)")
    }
  }

  @Test(
    "the grid is a table of 3,000 rows and 8 columns; its rows on screen say their absolute row and their cells the value and column; End, go to row and a sort: the indexes follow"
  )
  func gridIsATable() async throws {
    let bus = try await AccessibilityBus()
    let demo = try DemoSession(["--open", path, "--table", "orders"], accessibility: bus)
    defer {
      demo.close()
      bus.close()
    }
    var state = try await demo.waitForBrowser("the table", timeout: 90) {
      $0.isSettled && $0.rowCount == Self.rowCount && $0.gridRowIndexes.first == 1
    }
    #expect(state.gridAccessibleSize == [Self.rowCount, Self.columns.count], "ROW_COUNT and COL_COUNT: \(state)")
    var (grid, tree) = try await waitForGrid("the first rows", bus, demo) { grid in
      rows(grid).count == state.rows.count && numbers(grid).first == 1
    }
    #expect(grid.name == "orders", "\(grid.summary)")
    #expect(grid.description == "3,000 rows, 8 columns", "\(grid.summary)")
    #expect(grid.has("focusable"), "\(grid.summary)")
    expectRows(grid, state, "the first rows")
    // NULL is said as shown: order 5's note.
    let fifth = try #require(rows(grid).first { place($0)?.row == 5 })
    #expect(cells(fifth).contains { $0.name == "NULL" && $0.description == "note, column 7" }, "\(fifth.summary)")

    // The titles: a row (outside the grid, above it) of column headers named by the columns, with their indexes.
    let header = try #require(tree.first { $0.role == "table row" && $0.name == "Column titles" }, "the titles' row")
    let titles = header.all { $0.role == Self.columnHeaderRole && !$0.name.isEmpty }
    #expect(titles.map(\.name) == leftToRight(state).map { Self.columns[$0] }, "\(header.summary)")
    #expect(titles.allSatisfy { $0.description.isEmpty }, "no sort: \(titles.map(\.summary))")
    #expect(state.headerColumnIndexes == state.visibleColumns.map { $0 + 1 }, "the titles' COL_INDEX: \(state)")
    #expect(state.headerSorts.allSatisfy { $0 == nil || $0 == 0 }, "no SORT yet: \(state)")

    // End: the last rows, up to row 3,000; the reused rows say their new rows.
    let window = try await demo.window()
    try demo.movePointer(to: 300, 300, in: window)
    try demo.xdotool("key", "End")
    state = try await demo.waitForBrowser("the last row", timeout: 90) {
      $0.isSettled && $0.state.focusedRow == [0, Self.rowCount - 1] && $0.loaded(0)?.last == "\(Self.rowCount)"
    }
    (grid, tree) = try await waitForGrid("the last rows", bus, demo) { grid in
      numbers(grid).last == Self.rowCount && rows(grid).count == state.rows.count
    }
    expectRows(grid, state, "after End")
    #expect(rows(grid).last?.has("focused") == true, "the last row has the focus: \(rows(grid).last?.summary ?? "")")

    // Go to row 1,234: it is the top row.
    try demo.xdotool("key", "ctrl+l")
    try await demo.waitForBrowser("the go-to popover") { $0.goToShown && $0.state.focus == "entry" }
    try demo.xdotool("type", "1234")
    try demo.xdotool("key", "Return")
    state = try await demo.waitForBrowser("row 1,234 at the top", timeout: 90) {
      $0.isSettled && !$0.goToShown && $0.loaded(0)?.first == "1234"
    }
    (grid, tree) = try await waitForGrid("row 1,234 at the top", bus, demo) { grid in
      numbers(grid).first == 1_234 && rows(grid).count == state.rows.count
    }
    expectRows(grid, state, "after go to row")

    // A click on "customer": the rows sorted by it; the title says so (SORT ascending, and in words).
    let x = state.headerRect[0] + state.columnX[2] + 12
    let y = state.headerRect[1] + state.headerRect[3] / 2
    try demo.movePointer(to: Int(x), Int(y), in: window)
    try demo.xdotool("click", "1")
    // No index serves the customer: the rows are read through a side index once it is built.
    state = try await demo.waitForBrowser("sorted by customer", timeout: 120) {
      $0.isSettled && $0.sort?.column == 2 && $0.sort?.ascending == true && $0.sortIndex == "reading"
    }
    #expect(state.headerSorts[2] == 1, "SORT ascending on customer's title: \(state)")
    (grid, tree) = try await waitForGrid("the sorted rows", bus, demo) { grid in
      rows(grid).count == state.rows.count
        && zip(rows(grid), state.rows).allSatisfy { row, values in
          cells(row).map(\.name) == leftToRight(state).map { values?[$0] ?? "" }
        }
    }
    let sortedTitle = tree.first { $0.role == Self.columnHeaderRole && $0.name == "customer" }
    #expect(sortedTitle?.description == "sorted ascending", "\(sortedTitle?.summary ?? "no title")")
    expectRows(grid, state, "sorted by customer")
  }
}
