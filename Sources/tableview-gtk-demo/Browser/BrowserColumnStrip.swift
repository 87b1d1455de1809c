import CGtk
import TableViewGTK

/// One line of the browser's grid as widgets: a label a visible column, placed at the column's place in
/// `ColumnState`'s layout and offset — the scrolled columns in a clipped strip right of the frozen ones, so they
/// slide under them — each a column wide, its text ellipsized. The header and every row are one.
final class BrowserColumnStrip {
  /// The line (a `GtkFixed`, clipped to its allocation).
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The scrolled columns' strip, right of the frozen ones (clipped: a column scrolled left goes under them).
  private let scrolled: UnsafeMutablePointer<GtkWidget>
  /// Each column's label, made when the column is first shown.
  private var labels: [Int: UnsafeMutablePointer<GtkWidget>] = [:]
  /// The classes a label may have for its content (set or cleared at each layout).
  static let contentClasses = ["browser-null", "browser-cursor", "browser-placeholder"]
  private let height: Int32
  /// What each label is to assistive technology: a row's cell (`GRID_CELL`) or a column's title (`COLUMN_HEADER`).
  private let cellRole: GtkAccessibleRole
  /// The column index (from 1) each label was given for assistive technology (`COL_INDEX`), by column.
  private var columnIndexes: [Int: Int] = [:]
  /// The column index (from 1) each label was given for assistive technology (`COL_INDEX`), by column, when GTK
  /// holds it (for the tests' state line: GTK 4.8 does not pass it on to AT-SPI).
  var accessibleColumnIndexes: [Int: Int] {
    columnIndexes.filter { column, _ in
      labels[column].map { gtk_test_accessible_has_relation(OpaquePointer($0), GTK_ACCESSIBLE_RELATION_COL_INDEX) != 0 }
        ?? false
    }
  }

  /// A line `height` pixels high whose labels are `cellRole` to assistive technology.
  init(height: Int32, cellRole: GtkAccessibleRole) {
    self.height = height
    self.cellRole = cellRole
    widget = gtk_fixed_new()!
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    scrolled = gtk_fixed_new()!
    gtk_widget_set_overflow(scrolled, GTK_OVERFLOW_HIDDEN)
    // A plain container to assistive technology (a nameless panel), not a GtkFixed's filler.
    GTKAccessible.setAccessibilityRole(GTK_ACCESSIBLE_ROLE_GENERIC, on: scrolled)
    gtk_fixed_put(fixed(widget), scrolled, 0, 0)
  }

  private func fixed(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkFixed> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkFixed.self)
  }

  /// The texts of the columns shown, in the order of the table's columns (for the tests' state line).
  var shownTexts: [Int: String] {
    labels.filter { gtk_widget_get_visible($0.value) != 0 }.mapValues {
      String(cString: gtk_label_get_text(OpaquePointer($0)))
    }
  }

  /// Places the visible columns of `columns` and gives each label what `content` says: its text and classes
  /// (of ``contentClasses``). A label never reaches past the viewport (GTK would have to allocate the line wider
  /// than the table: the last column on screen is cut at the window's edge).
  func layout(_ columns: BrowserColumns, content: (Int) -> (text: String, classes: Set<String>)) {
    let state = columns.state
    let viewport = state.layout.viewportWidth
    let frozenWidth = min(state.layout.frozenWidth, viewport)
    let inner = max(0, viewport - frozenWidth)
    gtk_widget_set_size_request(scrolled, Int32(inner), height)
    gtk_fixed_move(fixed(widget), scrolled, frozenWidth, 0)
    let visible = Set(state.visibleColumns)
    for (index, label) in labels where !visible.contains(index) {
      gtk_widget_set_visible(label, 0)
    }
    for index in state.visibleColumns {
      let frozen = state.layout.isFrozen(index)
      // In the strip's own coordinates: a frozen column's on the line, a scrolled one's right of the frozen ones.
      let x = (state.screenX(ofColumn: index) - (frozen ? 0 : frozenWidth)).rounded()
      let room = (frozen ? viewport : inner) - x
      let width = min(state.width(ofColumn: index).rounded(), room)
      guard width >= 24 else {
        labels[index].map { gtk_widget_set_visible($0, 0) }
        continue
      }
      let label = self.label(index, frozen: frozen, in: columns)
      gtk_widget_set_visible(label, 1)
      gtk_widget_set_size_request(label, Int32(width), height)
      gtk_fixed_move(fixed(frozen ? widget : scrolled), label, x, 0)
      let (text, classes) = content(index)
      if String(cString: gtk_label_get_text(OpaquePointer(label))) != text {
        gtk_label_set_text(OpaquePointer(label), text)
      }
      for name in Self.contentClasses {
        let has = gtk_widget_has_css_class(label, name) != 0
        if classes.contains(name) != has {
          if has { gtk_widget_remove_css_class(label, name) } else { gtk_widget_add_css_class(label, name) }
        }
      }
    }
  }

  /// Removes every column's label (the line is then another table's).
  func removeLabels() {
    for label in labels.values { gtk_fixed_remove(fixed(gtk_widget_get_parent(label)), label) }
    labels = [:]
    columnIndexes = [:]
  }

  /// Column `index`'s label, if it was made.
  func label(ofColumn index: Int) -> UnsafeMutablePointer<GtkWidget>? { labels[index] }

  /// A cell's label as the browser draws it: one line, left-aligned, ellipsized, in the cells' style.
  static func makeValueLabel() -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(nil)!
    let pointer = OpaquePointer(label)
    gtk_label_set_xalign(pointer, 0)
    gtk_label_set_ellipsize(pointer, PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(pointer, 1)
    gtk_widget_add_css_class(label, "browser-value")
    return label
  }

  /// Column `index`'s label (made the first time, in the frozen line or the scrolled strip). To assistive technology
  /// it is a cell (or a title) of its column, which it stays: its column's index and, as GTK 4.8 does not pass the
  /// index on to AT-SPI, a description saying it ("customer, column 3").
  private func label(_ index: Int, frozen: Bool, in columns: BrowserColumns) -> UnsafeMutablePointer<GtkWidget> {
    if let label = labels[index] { return label }
    let label = Self.makeValueLabel()
    GTKAccessible.setAccessibilityRole(cellRole, on: label)
    GTKAccessible.setAccessibilityColumnIndex(index + 1, on: label)
    columnIndexes[index] = index + 1
    if cellRole == GTK_ACCESSIBLE_ROLE_GRID_CELL, index < columns.description.columns.count {
      GTKAccessible.setAccessibilityDescription(
        "\(columns.description.columns[index].name), column \(index + 1)", on: label)
    }
    if frozen {
      gtk_widget_add_css_class(label, "browser-frozen")
      gtk_fixed_put(fixed(widget), label, 0, 0)
      // Before the scrolled strip among the line's children (they do not overlap): assistive technology reads the
      // cells in the columns' order.
      gtk_widget_insert_before(label, widget, scrolled)
    } else {
      gtk_fixed_put(fixed(scrolled), label, 0, 0)
    }
    labels[index] = label
    return label
  }
}
