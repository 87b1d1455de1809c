import Foundation
import TestSupport

/// The SQLite browser's part of the demo's state line (`BrowserPage.stateFields`).
struct BrowserState: CustomStringConvertible {
  let state: DemoState
  /// `list` (the file's tables) or `grid` (a table).
  var mode: String
  var tables: [String]
  var windowTitle: String
  var message: String?
  var table: String?
  /// The rows the table counts, and whether it is still counting them.
  var rowCount: Int
  var isOpening: Bool
  /// Whether pages are being read.
  var isReading: Bool
  /// Each column's title as the header has it (with ▲ or ▼), and as drawn (`nil`: not on screen).
  var columnTitles: [String]
  var headerTexts: [String?]
  /// Each column's left edge on screen (in the grid) and width, in pixels.
  var columnX: [Double]
  var columnWidths: [Double]
  /// The columns on screen (their indexes among the table's columns; the frozen one last).
  var visibleColumns: [Int]
  var horizontalOffset: Double
  var maximumHorizontalOffset: Double
  var viewportWidth: Double
  var focusedColumn: Int?
  /// The sort: column and whether ascending.
  var sort: (column: Int, ascending: Bool)?
  /// The visible rows' texts, a column each (`nil`: a row whose page is on its way).
  var rows: [[String]?]
  /// The focused row's texts (`nil`: none focused).
  var focusedValues: [String]?
  var headerRect: [Double]
  var scrollbarRect: [Double]?
  /// The side index: none, building, ready or reading.
  var sortIndex: String
  /// The filter applied (empty: none), and whether its search bar is shown.
  var filter: String
  var searchShown: Bool
  /// Whether "Go to row" is shown.
  var goToShown: Bool
  /// The value window's title (the column), subtitle and text (`nil`: no value window).
  var valueTitle: String?
  var valueSubtitle: String?
  var valueText: String?

  /// What the grid told GTK for assistive technology, as GTK holds it (GTK 4.8 does not pass it on to AT-SPI): the
  /// grid's rows and columns (`ROW_COUNT`, `COL_COUNT`), each visible row's `ROW_INDEX`, the `COL_INDEX` of the
  /// first visible row's cells and of the titles in the visible columns, each title's `SORT` (0 none, 1 ascending,
  /// 2 descending). `nil` where GTK holds none.
  var gridAccessibleSize: [Int]?
  var gridRowIndexes: [Int?]
  var gridCellColumnIndexes: [Int?]
  var headerColumnIndexes: [Int?]
  var headerSorts: [Int?]

  init?(_ state: DemoState) {
    guard let data = state.raw.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let mode = object["browserMode"] as? String
    else { return nil }
    self.state = state
    self.mode = mode
    tables = object["browserTables"] as? [String] ?? []
    windowTitle = object["windowTitle"] as? String ?? ""
    message = object["browserMessage"] as? String
    table = object["browserTable"] as? String
    rowCount = (object["rowCount"] as? NSNumber)?.intValue ?? 0
    isOpening = (object["isOpening"] as? NSNumber)?.boolValue ?? false
    isReading = (object["isReading"] as? NSNumber)?.boolValue ?? false
    columnTitles = object["columnTitles"] as? [String] ?? []
    headerTexts = (object["headerTexts"] as? [Any])?.map { $0 as? String } ?? []
    columnX = (object["columnX"] as? [NSNumber])?.map(\.doubleValue) ?? []
    columnWidths = (object["columnWidths"] as? [NSNumber])?.map(\.doubleValue) ?? []
    visibleColumns = (object["visibleColumns"] as? [NSNumber])?.map(\.intValue) ?? []
    horizontalOffset = (object["horizontalOffset"] as? NSNumber)?.doubleValue ?? 0
    maximumHorizontalOffset = (object["maximumHorizontalOffset"] as? NSNumber)?.doubleValue ?? 0
    viewportWidth = (object["gridViewportWidth"] as? NSNumber)?.doubleValue ?? 0
    focusedColumn = (object["focusedColumn"] as? NSNumber)?.intValue
    if let sort = object["sort"] as? [Any], sort.count == 2, let column = (sort[0] as? NSNumber)?.intValue,
      let ascending = (sort[1] as? NSNumber)?.boolValue
    {
      self.sort = (column, ascending)
    }
    rows = (object["gridRows"] as? [Any])?.map { $0 as? [String] } ?? []
    focusedValues = object["focusedValues"] as? [String]
    headerRect = (object["headerRect"] as? [NSNumber])?.map(\.doubleValue) ?? []
    scrollbarRect = (object["scrollbarRect"] as? [NSNumber])?.map(\.doubleValue)
    sortIndex = object["sortIndex"] as? String ?? "none"
    filter = object["browserFilter"] as? String ?? ""
    searchShown = (object["searchShown"] as? NSNumber)?.boolValue ?? false
    goToShown = (object["goToShown"] as? NSNumber)?.boolValue ?? false
    valueTitle = object["valueTitle"] as? String
    valueSubtitle = object["valueSubtitle"] as? String
    valueText = object["valueText"] as? String
    gridAccessibleSize = (object["gridAccessibleSize"] as? [NSNumber])?.map(\.intValue)
    func numbers(_ key: String) -> [Int?] { (object[key] as? [Any])?.map { ($0 as? NSNumber)?.intValue } ?? [] }
    gridRowIndexes = numbers("gridRowIndexes")
    gridCellColumnIndexes = numbers("gridCellColumnIndexes")
    headerColumnIndexes = numbers("headerColumnIndexes")
    headerSorts = numbers("headerSorts")
  }

  /// The visible rows' values in `column` when every one is loaded, else `nil`.
  func loaded(_ column: Int) -> [String]? {
    let values = rows.compactMap { $0.flatMap { column < $0.count ? $0[column] : nil } }
    return values.count == rows.count && !values.isEmpty ? values : nil
  }

  /// Whether the table is counted, its rows on screen read, and nothing is moving.
  var isSettled: Bool { mode == "grid" && !isOpening && !isReading && loaded(0) != nil && state.isSettled }

  var description: String { state.raw }
}

extension DemoSession {
  /// Polls until the browser's state satisfies `predicate`.
  @discardableResult
  func waitForBrowser(
    _ what: String, timeout: Double = 60, _ predicate: (BrowserState) -> Bool
  ) async throws -> BrowserState {
    let state = try await waitFor(what, timeout: timeout) { state in BrowserState(state).map(predicate) ?? false }
    guard let browser = BrowserState(state) else { throw SubprocessError("not the browser: \(state)") }
    return browser
  }
}
