import DemoData
import DemoDatabase
import GRDB
import TableViewCore
import TableViewSQLite
import TerminalKit

/// The columns of the table the browser shows, where they are, and how a value is written in a cell: shared by
/// the header line and every row's cell, so a sideways scroll or a new column cursor is one change.
final class BrowserGrid {
  /// The table's columns, described.
  let description: SQLiteTableDescription
  /// The columns' widths, the sideways scroll, the column cursor and the sort (the first column frozen when there
  /// is more than one), with the rules that change them.
  var state: ColumnState
  /// Whether each value wraps at its column's width (`w`), a row as tall as its tallest cell (up to
  /// ``maximumLinesPerCell``); else every row is one line, each value truncated with …
  var wraps = false
  /// The most lines a wrapped value takes.
  static let maximumLinesPerCell = 8

  /// A grid for `description`'s columns; `sample` (rows of values) sizes the columns to their content.
  init(description: SQLiteTableDescription, width: Int, sample: [[DatabaseValue]]) {
    self.description = description
    var fitting: [String: Double] = [:]
    for (index, column) in description.columns.enumerated() {
      let widest = sample.map { index < $0.count ? Self.text(of: $0[index]).displayWidth : 0 }.max() ?? 0
      // A space before the text, a space and the │ after it; the title's ▲ too.
      fitting[column.name] = Double(max(widest, column.name.displayWidth + 2) + 3)
    }
    let columns = description.columns.map {
      TableColumn(
        identifier: $0.name, title: $0.name, width: .fitting, minWidth: 6, maxWidth: 40,
        sortDescriptorPrototype: TableSortDescriptor(key: $0.name))
    }
    state = ColumnState(
      columns: columns, viewportWidth: Double(max(0, width)), frozenColumnCount: columns.count > 1 ? 1 : 0,
      fittingWidths: fitting, granularity: 1)
  }

  /// The column the cursor is on (its index among the table's columns).
  var cursor: Int { state.focusedColumn ?? 0 }

  /// The sort: the column and the direction (`nil`: by the table's key).
  var sort: (column: Int, ascending: Bool)? {
    guard let first = state.sortDescriptors.first,
      let column = description.columns.firstIndex(where: { $0.name == first.key })
    else { return nil }
    return (column, first.ascending)
  }

  /// What is under screen column `x` of the header line: a column's divider (its last cell, the │: a drag there
  /// resizes it) or its title; `nil` for neither.
  func headerHit(x: Int) -> ColumnState.HeaderHit? { state.headerHit(atScreenX: Double(x) + 0.5, tolerance: 0.5) }

  /// A value as a cell shows it (`DatabaseValueText`, the GTK browser's rule too): `NULL` (drawn dim, unlike an
  /// empty text), a number, the first line of a text (its length said when it goes on), or a BLOB's size.
  static func text(of value: DatabaseValue) -> String { DatabaseValueText.cellText(value) }

  /// Draws the header line (titles, the sort's ▲ or ▼, the cursor's column reversed) at `y`.
  func drawHeader(into buffer: inout ScreenBuffer, y: Int, width: Int) {
    let clip = CellRect(x: 0, y: y, width: width, height: 1)
    buffer.fill(clip, style: Style(attributes: .bold))
    draw(into: &buffer, y: y, clip: clip) { index in
      var title = description.columns[index].name
      if let sort = state.sortDirection(ofColumn: index) { title += sort.ascending ? " ▲" : " ▼" }
      var style = Style(attributes: .bold)
      if index == cursor { style = style.adding(.reverse) }
      return (title, style)
    }
  }

  /// Draws a row's values at `y` (placeholders: `nil`), `height` lines tall: each value's wrapped lines when the
  /// grid wraps, else its first line.
  func drawRow(_ values: [DatabaseValue]?, into buffer: inout ScreenBuffer, y: Int, height: Int = 1, clip: CellRect) {
    // Each visible column's lines, wrapped once for all the row's lines.
    var wrapped: [Int: [String]] = [:]
    if wraps, let values {
      for index in state.visibleColumns where index < values.count {
        wrapped[index] = Self.lines(of: values[index], width: Int(state.width(ofColumn: index)))
      }
    }
    for line in 0..<max(1, height) {
      draw(into: &buffer, y: y + line, clip: clip) { index in
        guard let values, index < values.count else {
          return (line == 0 ? "…" : "", Style(foreground: .brightBlack))
        }
        let value = values[index]
        let style = value.isNull ? Style(foreground: .brightBlack) : Style.plain
        guard let lines = wrapped[index] else { return (line == 0 ? Self.text(of: value) : "", style) }
        return (line < lines.count ? lines[line] : "", style)
      }
    }
  }

  /// A value wrapped at a column `width` cells wide (its text between a space and the │): its lines, every line
  /// of a text (its first 2,000 characters), at most ``maximumLinesPerCell`` (the last ending in … when cut).
  static func lines(of value: DatabaseValue, width: Int) -> [String] {
    guard case .string(let text) = value.storage else { return [text(of: value)] }
    // The first 2,000 characters, without counting the rest (a text may be 10 MB).
    let prefix = text.prefix(2_000)
    let head = prefix.endIndex < text.endIndex ? String(prefix) + "…" : text
    let lines = TextWrap.wrap(head, width: max(1, width - 2), maxLines: maximumLinesPerCell)
    return lines.isEmpty ? [""] : lines
  }

  /// How many lines a row of `values` takes with the columns laid out as `layout`: its tallest wrapped value's,
  /// 1 when the grid does not wrap or the values are on their way.
  func lineCount(of values: [DatabaseValue]?, in layout: ColumnLayout) -> Int {
    guard wraps, let values else { return 1 }
    var most = 1
    for column in layout.shownColumns where column < values.count {
      most = max(most, Self.lines(of: values[column], width: Int(layout.widths[column])).count)
    }
    return most
  }

  /// Writes each visible column's text (what `content` gives) in its cells, the scrolled columns first and the
  /// frozen ones over them, a dim │ closing each column.
  private func draw(
    into buffer: inout ScreenBuffer, y: Int, clip: CellRect, content: (Int) -> (String, Style)
  ) {
    let layout = state.layout
    for index in state.visibleColumns {
      let x = Int(state.screenX(ofColumn: index))
      let width = Int(state.width(ofColumn: index))
      guard width > 0 else { continue }
      // A scrolled column shows right of the frozen ones only.
      let left = layout.isFrozen(index) ? x : max(x, Int(layout.frozenWidth))
      let area = CellRect(x: left, y: y, width: x + width - left, height: 1).intersection(clip)
      guard !area.isEmpty else { continue }
      buffer.fill(area, style: .plain)
      let (text, style) = content(index)
      buffer.write(TextWrap.truncate(text, width: max(0, width - 2)), x: x + 1, y: y, style: style, clip: area)
      buffer.write("│", x: x + width - 1, y: y, style: Style(foreground: .brightBlack), clip: area)
    }
  }
}
