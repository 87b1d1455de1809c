import DemoData
import GRDB
import TableViewCore
import TableViewSQLite
import TerminalKit

/// The columns of the table the browser shows, where they are, and how a value is written in a cell: shared by
/// the header line and every row's cell, so a sideways scroll or a new column cursor is one change.
final class BrowserGrid {
  /// The table's columns, described.
  let description: SQLiteTableDescription
  /// The columns as laid out (the first frozen when there is more than one).
  private(set) var layout: ColumnLayout
  /// How far the scrolled columns are moved left.
  private(set) var horizontalOffset = 0.0
  /// The column the cursor is on (its index among the table's columns).
  private(set) var cursor = 0
  /// The columns on screen, in drawing order: found once a layout or scroll, not for every row drawn.
  private var visibleColumns: [Int] = []
  /// The sort: the column and the direction (`nil`: by the table's key).
  var sort: (column: Int, ascending: Bool)?

  /// A grid for `description`'s columns; `sample` (rows of values) sizes the columns to their content.
  init(description: SQLiteTableDescription, width: Int, sample: [[DatabaseValue]]) {
    self.description = description
    var fitting: [String: Double] = [:]
    for (index, column) in description.columns.enumerated() {
      let widest = sample.map { index < $0.count ? Self.text(of: $0[index]).displayWidth : 0 }.max() ?? 0
      // A space before the text, a space and the │ after it; the title's ▲ too.
      fitting[column.name] = Double(max(widest, column.name.displayWidth + 2) + 3)
    }
    columns = description.columns.map {
      TableColumn(identifier: $0.name, title: $0.name, width: .fitting, minWidth: 6, maxWidth: 40)
    }
    self.fitting = fitting
    layout = ColumnLayout(columns: [], viewportWidth: 0)
    resize(width: width)
  }

  private var columns: [TableColumn]
  private let fitting: [String: Double]

  /// Lays the columns out again for a viewport `width` cells wide.
  func resize(width: Int) {
    layout = ColumnLayout(
      columns: columns, viewportWidth: Double(max(0, width)), frozenColumnCount: columns.count > 1 ? 1 : 0,
      fittingWidths: fitting, granularity: 1)
    horizontalOffset = layout.clampedHorizontalOffset(horizontalOffset)
    visibleColumns = layout.visibleColumns(horizontalOffset: horizontalOffset)
  }

  /// Makes column `index` `width` cells wide (within its minimum and maximum), as a drag of its divider or `<` `>`
  /// do; `nil` gives it back its width fitted to its content.
  func setWidth(_ width: Double?, ofColumn index: Int) {
    guard columns.indices.contains(index) else { return }
    columns[index].width = width.map { .fixed($0.rounded()) } ?? .fitting
    resize(width: Int(layout.viewportWidth))
  }

  /// The column `index`'s width as laid out.
  func width(ofColumn index: Int) -> Double { layout.frame(ofColumn: index).width }

  /// Moves the scrolled columns `cells` to the left (negative: to the right), clamped.
  func scrollHorizontally(by cells: Double) {
    horizontalOffset = layout.clampedHorizontalOffset(horizontalOffset + cells)
    visibleColumns = layout.visibleColumns(horizontalOffset: horizontalOffset)
  }

  /// What is under screen column `x` of the header line: a column's divider (its last cell, the │: a drag there
  /// resizes it) or its title; `nil` for neither.
  func headerHit(x: Int) -> (column: Int, isDivider: Bool)? {
    guard let index = layout.column(atScreenX: Double(x), horizontalOffset: horizontalOffset) else { return nil }
    let right = Int(layout.screenX(ofColumn: index, horizontalOffset: horizontalOffset) + width(ofColumn: index)) - 1
    return (index, x == right)
  }

  /// Where column `index` starts on screen.
  func screenX(ofColumn index: Int) -> Double { layout.screenX(ofColumn: index, horizontalOffset: horizontalOffset) }

  /// Puts the cursor on column `index` (scrolling it on screen).
  func moveCursor(to index: Int) { moveCursor(by: index - cursor) }

  /// Moves the cursor `step` columns (clamped), scrolling sideways so that its column is on screen.
  func moveCursor(by step: Int) {
    guard !columns.isEmpty else { return }
    cursor = min(max(cursor + step, 0), columns.count - 1)
    guard !layout.isFrozen(cursor) else { return }
    let frame = layout.frame(ofColumn: cursor)
    let left = frame.x - layout.frozenWidth
    let right = frame.x + frame.width - layout.viewportWidth
    if horizontalOffset > left { horizontalOffset = layout.clampedHorizontalOffset(left) }
    if horizontalOffset < right { horizontalOffset = layout.clampedHorizontalOffset(right) }
    visibleColumns = layout.visibleColumns(horizontalOffset: horizontalOffset)
  }

  /// A value as a cell shows it: `NULL` (drawn dim, unlike an empty text), a number, the first line of a text (its
  /// length said when it goes on), or a BLOB's size.
  static func text(of value: DatabaseValue) -> String {
    switch value.storage {
    case .null: return "NULL"
    case .int64(let number): return String(number)
    case .double(let number): return String(number)
    case .string(let text):
      // A 10 MB text shows its first line's first characters only.
      let head = text.prefix(200)
      let line = head.prefix { $0 != "\n" && $0 != "\r" }
      return line.count < head.count || head.count < text.count ? String(line) + "…" : String(line)
    case .blob(let data): return "BLOB \(data.count.grouped) bytes"
    }
  }

  /// Draws the header line (titles, the sort's ▲ or ▼, the cursor's column reversed) at `y`.
  func drawHeader(into buffer: inout ScreenBuffer, y: Int, width: Int) {
    let clip = CellRect(x: 0, y: y, width: width, height: 1)
    buffer.fill(clip, style: Style(attributes: .bold))
    draw(into: &buffer, y: y, clip: clip) { index in
      var title = description.columns[index].name
      if let sort, sort.column == index { title += sort.ascending ? " ▲" : " ▼" }
      var style = Style(attributes: .bold)
      if index == cursor { style = style.adding(.reverse) }
      return (title, style)
    }
  }

  /// Draws a row's values at `y` (placeholders: `nil`).
  func drawRow(_ values: [DatabaseValue]?, into buffer: inout ScreenBuffer, y: Int, clip: CellRect) {
    draw(into: &buffer, y: y, clip: clip) { index in
      guard let values, index < values.count else { return ("…", Style(foreground: .brightBlack)) }
      let value = values[index]
      return (Self.text(of: value), value.isNull ? Style(foreground: .brightBlack) : .plain)
    }
  }

  /// Writes each visible column's text (what `content` gives) in its cells, the scrolled columns first and the
  /// frozen ones over them, a dim │ closing each column.
  private func draw(
    into buffer: inout ScreenBuffer, y: Int, clip: CellRect, content: (Int) -> (String, Style)
  ) {
    for index in visibleColumns {
      let x = Int(layout.screenX(ofColumn: index, horizontalOffset: horizontalOffset))
      let width = Int(layout.frame(ofColumn: index).width)
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
