import CGtk
import DemoDatabase
import GRDB
import TableViewCore
import TableViewGTK
import TableViewSQLite

/// The columns of the table the GTK browser shows, where they are (in pixels), and which one the keyboard is on:
/// shared by the header and every row's cell, so a sideways scroll, a resize or a new column cursor is one change
/// that all of them draw. The rules are `ColumnState`'s (as in the terminal's browser); this only says how a
/// column's title and values read.
final class BrowserColumns {
  /// The table's columns, described.
  let description: SQLiteTableDescription
  /// The columns' widths, the sideways scroll, the column cursor and the sort (the first column frozen when there
  /// is more than one).
  var state: ColumnState

  /// The narrowest and widest a column is fitted to its content (a drag of its divider goes further).
  static let minimumWidth = 48.0
  static let maximumWidth = 320.0
  /// What a cell adds to its text: the padding on both sides and the divider.
  static let cellExtra = 17.0

  /// Columns for `description`, sized to `sample` (rows of values) as `measure` (a text's width in pixels) says,
  /// in a viewport `width` pixels wide.
  init(description: SQLiteTableDescription, width: Double, sample: [[DatabaseValue]], measure: (String) -> Double) {
    self.description = description
    var fitting: [String: Double] = [:]
    for (index, column) in description.columns.enumerated() {
      let widest = sample.map { index < $0.count ? measure(DatabaseValueText.cellText($0[index])) : 0 }.max() ?? 0
      // The title has room for its ▲ too.
      fitting[column.name] = max(widest, measure(column.name + " ▲")) + Self.cellExtra
    }
    let columns = description.columns.map {
      TableColumn(
        identifier: $0.name, title: $0.name, width: .fitting, minWidth: Self.minimumWidth,
        maxWidth: Self.maximumWidth, sortDescriptorPrototype: TableSortDescriptor(key: $0.name))
    }
    state = ColumnState(
      columns: columns, viewportWidth: max(0, width), frozenColumnCount: columns.count > 1 ? 1 : 0,
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

  /// Column `index`'s title as the header shows it: its name, and ▲ or ▼ when the rows are sorted by it.
  func title(ofColumn index: Int) -> String {
    let name = description.columns[index].name
    guard let sort = state.sortDirection(ofColumn: index) else { return name }
    return name + (sort.ascending ? " ▲" : " ▼")
  }

  /// A text's width in pixels as `widget`'s font draws it (Pango's layout of the widget).
  static func textWidth(_ text: String, in widget: UnsafeMutablePointer<GtkWidget>) -> Double {
    guard let layout = gtk_widget_create_pango_layout(widget, text) else { return 0 }
    defer { g_object_unref(gpointerOf(layout)) }
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
    return Double(width)
  }
}
