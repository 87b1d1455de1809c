import CGtk
import DemoDatabase
import GRDB
import TableViewGTK
import TableViewSQLite

/// `--columnview FILE --table NAME`: the baseline of the browser's fling (`--bench --open FILE --table NAME`) — the
/// same table in GtkColumnView, what a GTK developer would use, flung by the same script (`ListViewRun`) and measured
/// by the same tally. The model is a lazy `GListModel` of row numbers (`RowNumberModel`: no item exists before GTK
/// asks for it); a bound row reads its values from `RowPages`, pages of 256 rows read from the file by key as they
/// are first needed (never the whole table). One column per table column, each a `GtkSignalListItemFactory` binding
/// a `GtkLabel`, as wide as the browser makes that column (fitted to the same first and last 30 rows), one line per
/// row of the browser's height with the browser's cell style and texts (`DatabaseValueText.cellText`, NULL dim).
enum ColumnViewBenchmark {
  /// The GtkColumnView over `--table` of the browsed file, in a scrolled window; `nil` (after a message) when the
  /// table cannot be read.
  static func subject(window: DemoWindow) -> ListViewRun.Subject? {
    guard let file = window.browser?.file, let name = window.options.table else { return nil }
    let pages: RowPages
    let table: SQLiteTableDescription
    do {
      table = try file.table(named: name)
      pages = try RowPages(database: file.database, table: table)
    } catch {
      printError("tableview-gtk-demo: \(error)")
      return nil
    }
    BrowserStyle.install()
    DemoStyleSheet.add(css)
    let model = RowNumberModel.make(count: pages.count)
    let columnView = gtk_column_view_new(gtk_no_selection_new(model))!
    gtk_widget_add_css_class(columnView, "stv-columnview-bench")
    // The columns as wide as the browser makes them: fitted to the same sample, measured in the same font.
    let measuring = gtk_label_new(nil)!
    g_object_ref_sink(gpointerOf(measuring))
    gtk_widget_add_css_class(measuring, "browser-value")
    let sample = pages.ends()
    let widths = BrowserColumns(description: table, width: Double(window.options.width), sample: sample) {
      BrowserColumns.textWidth($0, in: measuring)
    }.state
    g_object_unref(gpointerOf(measuring))
    let view = OpaquePointer(columnView)
    for (index, column) in table.columns.enumerated() {
      let factory = gtk_signal_list_item_factory_new()!
      Signals.connect(gpointerOf(factory), "setup") { item in
        guard let item else { return }
        // The browser's own cell label.
        let label = BrowserColumnStrip.makeValueLabel()
        gtk_widget_set_size_request(label, -1, BrowserPage.rowHeight)
        gtk_list_item_set_child(OpaquePointer(item), label)
      }
      Signals.connect(gpointerOf(factory), "bind") { item in
        guard let item, let label = gtk_list_item_get_child(OpaquePointer(item)),
          let object = gtk_list_item_get_item(OpaquePointer(item)),
          let text = gtk_string_object_get_string(OpaquePointer(object)), let number = Int(String(cString: text))
        else { return }
        let value = pages.values(ofRow: number).flatMap { index < $0.count ? $0[index] : nil } ?? .null
        gtk_label_set_text(OpaquePointer(label), DatabaseValueText.cellText(value))
        if value.isNull {
          gtk_widget_add_css_class(label, "browser-null")
        } else {
          gtk_widget_remove_css_class(label, "browser-null")
        }
        // The row's number for the run's positions, on the first column's label.
        if index == 0 { g_object_set_data(gobject(label), "row", UnsafeMutableRawPointer(bitPattern: number + 1)) }
      }
      let viewColumn = gtk_column_view_column_new(column.name, factory)!
      gtk_column_view_column_set_fixed_width(viewColumn, Int32(widths.width(ofColumn: index).rounded()))
      gtk_column_view_append_column(view, viewColumn)
      g_object_unref(gpointerOf(viewColumn))
    }
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scrolled), columnView)
    gtk_widget_set_vexpand(scrolled, 1)
    // The rows' widgets are the children of the column view's own list (its last child; the first is the header).
    let list = gtk_widget_get_last_child(columnView)!
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
    return ListViewRun.Subject(
      name: "GtkColumnView", rowsDescription: "\(name), \(table.columns.count) columns", rows: pages.count,
      scrolled: scrolled, list: list
    ) {
      let upper = gtk_adjustment_get_upper(adjustment)
      return [
        "scroll_range_px         \(Int(upper).grouped) (\(Double(Int(upper / Double(max(1, pages.count)) * 100)) / 100) px a row)",
        "pages_read              \(pages.pagesRead) of \(RowPages.pageSize) rows, \(pages.keyed ? "by key range" : "by OFFSET")",
      ]
    }
  }

  /// Cells as the browser's: no padding of their own (the label has the browser's), a row the browser's height.
  static let css = """
    columnview.stv-columnview-bench > listview > row { padding: 0; min-height: 0; }
    columnview.stv-columnview-bench > listview > row > cell { padding: 0; }
    """
}

/// A table's rows read from the file a page at a time, as they are asked for (the pages most recently read kept).
/// A table whose integer keys run without a gap from the first (the `orders` table) is read by key range; any
/// other by `LIMIT … OFFSET`.
final class RowPages {
  static let pageSize = 256
  /// The pages kept; beyond it, all are dropped but the one just read.
  static let keptPages = 64
  let database: DatabaseQueue
  /// `SELECT` of the table's columns, by key.
  private let select: String
  private let key: String
  let count: Int
  /// The first key, when the keys run without a gap (row `n` has key `first + n`).
  private let firstKey: Int64?
  var keyed: Bool { firstKey != nil }
  private var pages: [Int: [[DatabaseValue]]] = [:]
  private(set) var pagesRead = 0

  init(database: DatabaseQueue, table: SQLiteTableDescription) throws {
    self.database = database
    key =
      switch table.key {
      case .column(let name)?: name.quotedDatabaseIdentifier
      default: "rowid"
      }
    let columns = table.columns.map { $0.name.quotedDatabaseIdentifier }.joined(separator: ", ")
    select = "SELECT \(columns) FROM \(table.name.quotedDatabaseIdentifier)"
    let name = table.name.quotedDatabaseIdentifier
    let (count, minimum, maximum) = try database.read { [key] db in
      let row = try Row.fetchOne(db, sql: "SELECT count(*), min(\(key)), max(\(key)) FROM \(name)")
      return (row?[0] as Int? ?? 0, row?[1] as Int64?, row?[2] as Int64?)
    }
    self.count = count
    if let minimum, let maximum, maximum - minimum + 1 == Int64(count) { firstKey = minimum } else { firstKey = nil }
  }

  /// The first and last 30 rows by key (the browser sizes its columns to them).
  func ends() -> [[DatabaseValue]] {
    (try? database.read { [select, key] db in
      (try Row.fetchAll(db, sql: "\(select) ORDER BY \(key) LIMIT 30")
        + Row.fetchAll(db, sql: "\(select) ORDER BY \(key) DESC LIMIT 30")).map { Array($0.databaseValues) }
    }) ?? []
  }

  /// Row `number`'s values (its page read first if needed).
  func values(ofRow number: Int) -> [DatabaseValue]? {
    let page = number / Self.pageSize
    if pages[page] == nil {
      if pages.count >= Self.keptPages { pages = [:] }
      pages[page] = read(page)
      pagesRead += 1
    }
    guard let rows = pages[page], number % Self.pageSize < rows.count else { return nil }
    return rows[number % Self.pageSize]
  }

  private func read(_ page: Int) -> [[DatabaseValue]] {
    let start = page * Self.pageSize
    return
      (try? database.read { [select, key, firstKey] db in
        let rows: [Row]
        if let firstKey {
          let low = firstKey + Int64(start)
          rows = try Row.fetchAll(
            db, sql: "\(select) WHERE \(key) >= ? AND \(key) < ? ORDER BY \(key)",
            arguments: [low, low + Int64(Self.pageSize)])
        } else {
          rows = try Row.fetchAll(
            db, sql: "\(select) ORDER BY \(key) LIMIT ? OFFSET ?", arguments: [Self.pageSize, start])
        }
        return rows.map { Array($0.databaseValues) }
      }) ?? []
  }
}

/// A `GListModel` of `count` rows whose items (`GtkStringObject`s of the row's number) are made when GTK asks for
/// them: a list model as lazy as a GTK app can write one, without a GObject per row up front. GObject's type macros
/// are not imported: the type and its interface are registered by hand.
enum RowNumberModel {
  /// The rows of the model made (one model a run).
  nonisolated(unsafe) private static var rows: UInt32 = 0
  nonisolated(unsafe) private static var type: GType = 0

  /// A new model of `count` rows (a full reference, for `gtk_no_selection_new` to take).
  static func make(count: Int) -> OpaquePointer {
    rows = UInt32(count)
    if type == 0 {
      type = g_type_register_static_simple(
        g_object_get_type(), "StvRowNumberModel", guint(MemoryLayout<GObjectClass>.size), nil,
        guint(MemoryLayout<GObject>.size), nil, GTypeFlags(rawValue: 0))
      var interface = GInterfaceInfo(
        interface_init: { iface, _ in
          guard let iface else { return }
          let model = iface.assumingMemoryBound(to: GListModelInterface.self)
          model.pointee.get_item_type = { _ in gtk_string_object_get_type() }
          model.pointee.get_n_items = { _ in RowNumberModel.rows }
          model.pointee.get_item = { _, position in
            guard position < RowNumberModel.rows else { return nil }
            return UnsafeMutableRawPointer(gtk_string_object_new(String(position)))
          }
        }, interface_finalize: nil, interface_data: nil)
      g_type_add_interface_static(type, g_list_model_get_type(), &interface)
    }
    return OpaquePointer(g_object_new_with_properties(type, 0, nil, nil)!)
  }
}
