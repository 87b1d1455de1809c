import CGtk
import DemoDatabase
import TableViewCore
@_spi(Testing) import TableViewGTK

extension BrowserPage {
  /// The browser's part of the end-to-end tests' state line: the mode (`list` or `grid`), the file, its tables,
  /// the window's title, the table shown with its rows (counted, or being counted), the columns (each title as
  /// drawn, left edge on screen and width), the sideways offset and its maximum, the column cursor, the sort, the
  /// visible rows' texts as drawn (`null` for a row whose page is on its way), the header's and the scrollbar's
  /// places on the window, the side index's state and the last message; the filter (and whether its bar is shown),
  /// whether "Go to row" is shown, and the value window's title, subtitle and text.
  func stateFields(_ hook: StateHook) -> [(String, String)] {
    var fields: [(String, String)] = [
      ("browserMode", json(columns == nil ? "list" : "grid")),
      ("browserFile", json(file.name)),
      ("browserTables", "[" + file.tables.map { json($0.name) }.joined(separator: ",") + "]"),
      ("windowTitle", json(gtk_window_get_title(hook.window.gtkWindow).map { String(cString: $0) } ?? "")),
      ("browserMessage", message.map(json) ?? "null"),
      ("browserFilter", json(filter)),
      ("searchShown", gtk_search_bar_get_search_mode(OpaquePointer(searchBar)) != 0 ? "true" : "false"),
      ("goToShown", gtk_widget_get_visible(goToPopover) != 0 ? "true" : "false"),
      ("valueTitle", valueWindow.map { json($0.title) } ?? "null"),
      ("valueSubtitle", valueWindow.map { json($0.subtitle) } ?? "null"),
      // The value window's text (its first 4,000 characters).
      ("valueText", valueWindow.map { json(String($0.text.prefix(4_000))) } ?? "null"),
    ]
    guard let columns else { return fields }
    let state = columns.state
    let indices = columns.description.columns.indices
    let table = gridView.table
    let rows = table.indexPathsForVisibleRows.map { path -> String in
      guard let values = source?.record(at: path) else { return "null" }
      return "["
        + indices.map { $0 < values.count ? json(DatabaseValueText.cellText(values[$0])) : "null" }
        .joined(separator: ",") + "]"
    }
    let sortState: String
    switch sortIndex?.state {
    case nil: sortState = "none"
    case .building?: sortState = "building"
    case .ready?: sortState = readsThroughIndex ? "reading" : "ready"
    case .failed?: sortState = "failed"
    default: sortState = "other"
    }
    fields += [
      ("browserTable", json(columns.description.name)),
      ("rowCount", "\(table.totalRowCount)"),
      ("isOpening", source?.isOpening == true ? "true" : "false"),
      ("isReading", source?.hasWorkInProgress == true ? "true" : "false"),
      ("columnTitles", "[" + indices.map { json(columns.title(ofColumn: $0)) }.joined(separator: ",") + "]"),
      (
        "headerTexts",
        "[" + indices.map { header.strip.shownTexts[$0].map(json) ?? "null" }.joined(separator: ",") + "]"
      ),
      ("columnX", "[" + indices.map { "\(state.screenX(ofColumn: $0))" }.joined(separator: ",") + "]"),
      ("columnWidths", "[" + indices.map { "\(state.width(ofColumn: $0))" }.joined(separator: ",") + "]"),
      ("visibleColumns", "[" + state.visibleColumns.map(String.init).joined(separator: ",") + "]"),
      ("horizontalOffset", "\(state.horizontalOffset)"),
      ("maximumHorizontalOffset", "\(state.layout.maximumHorizontalOffset)"),
      ("gridViewportWidth", "\(state.layout.viewportWidth)"),
      ("frozenWidth", "\(state.layout.frozenWidth)"),
      ("focusedColumn", state.focusedColumn.map(String.init) ?? "null"),
      ("sort", columns.sort.map { "[\($0.column),\($0.ascending)]" } ?? "null"),
      ("gridRows", "[" + rows.joined(separator: ",") + "]"),
      ("focusedValues", focusedValues.map { "[" + $0.map(json).joined(separator: ",") + "]" } ?? "null"),
      ("headerRect", hook.rect(of: header.widget)),
      ("scrollbarRect", gtk_widget_get_visible(scrollbar) != 0 ? hook.rect(of: scrollbar) : "null"),
      ("sortIndex", json(sortState)),
    ]
    fields += accessibilityFields(table)
    return fields
  }

  /// What the grid told GTK for assistive technology, which GTK 4.8 does not pass on to AT-SPI (the accessibility
  /// tests read it here): its rows and columns (`ROW_COUNT`, `COL_COUNT`), each visible row's `ROW_INDEX`, the
  /// `COL_INDEX` of each visible column's cell in the first visible row and in the header, and each title's `SORT`
  /// (`GtkAccessibleSort`'s raw value; `null`: not told).
  private func accessibilityFields(_ table: TableView) -> [(String, String)] {
    let visible = columns?.state.visibleColumns ?? []
    func list(_ numbers: [Int?]) -> String {
      "[" + numbers.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]"
    }
    let cells = table.visibleCells.compactMap { $0 as? BrowserRowCell }
    let indexes = cells.first.map { cell in visible.map { cell.strip.accessibleColumnIndexes[$0] } } ?? []
    let count = columns?.description.columns.count ?? 0
    return [
      ("gridAccessibleSize", gridView.accessibleTableSize.map { "[\($0.rows),\($0.columns)]" } ?? "null"),
      ("gridRowIndexes", list(cells.map(\.accessibilityRowIndex))),
      ("gridCellColumnIndexes", list(indexes)),
      ("headerColumnIndexes", list(visible.map { header.strip.accessibleColumnIndexes[$0] })),
      ("headerSorts", list((0..<count).map(headerSort))),
    ]
  }

  /// The `SORT` column `index`'s title told GTK, when GTK holds it (`GtkAccessibleSort`'s raw value).
  private func headerSort(_ index: Int) -> Int? {
    guard let sort = header.accessibleSorts[index], let label = header.strip.label(ofColumn: index),
      gtk_test_accessible_has_property(OpaquePointer(label), GTK_ACCESSIBLE_PROPERTY_SORT) != 0
    else { return nil }
    return Int(sort.rawValue)
  }

  /// The focused row's texts, a column each (`nil`: no row focused, or its page on its way).
  private var focusedValues: [String]? {
    guard let path = gridView.table.focusedIndexPath, let values = source?.record(at: path) else { return nil }
    return values.prefix(columns?.description.columns.count ?? 0).map(DatabaseValueText.cellText)
  }

  /// `text` as a JSON string.
  private func json(_ text: String) -> String { FeedPage.jsonString(text) }
}
