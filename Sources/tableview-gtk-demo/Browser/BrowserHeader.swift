import CGtk
import TableViewCore
import TableViewGTK

/// The grid's sticky header above the rows: the columns' titles at their places (the sort's ▲ or ▼, the column
/// cursor's shaded), a click on a title sorting by it and a drag of a title's right edge (its divider) resizing
/// the column, as a table header does. What a point hits is `ColumnState.headerHit`'s answer.
final class BrowserHeader {
  let strip: BrowserColumnStrip
  var widget: UnsafeMutablePointer<GtkWidget> { strip.widget }
  /// A click on column `index`'s title.
  var didClickTitle: ((Int) -> Void)?
  /// Column `index`'s divider dragged to screen `x` (its right edge there).
  var didDragDivider: ((Int, Double) -> Void)?
  /// The columns the titles are laid out in.
  weak var columns: BrowserColumns? {
    didSet {
      if columns !== oldValue {
        strip.removeLabels()
        accessibleSorts = [:]
      }
    }
  }
  /// The sort each title told assistive technology (`SORT`), by column.
  private(set) var accessibleSorts: [Int: GtkAccessibleSort] = [:]
  /// How near a divider, in pixels, a press grabs it.
  static let dividerTolerance = 5.0
  /// The press: what it hit, where, and (for a divider) the column's right edge then.
  private var press: (hit: ColumnState.HeaderHit?, x: Double, right: Double)?

  init(height: Int32) {
    strip = BrowserColumnStrip(height: height, cellRole: GTK_ACCESSIBLE_ROLE_COLUMN_HEADER)
    gtk_widget_add_css_class(strip.widget, "browser-header")
    // The titles' row, as GtkColumnView's header.
    GTKAccessible.setAccessibilityRole(GTK_ACCESSIBLE_ROLE_ROW, on: strip.widget)
    GTKAccessible.setAccessibilityLabel("Column titles", on: strip.widget)
    let drag = gtk_gesture_drag_new()!
    gtk_gesture_single_set_button(drag, 1)
    Signals.connect(gpointerOf(drag), "drag-begin") { [weak self] (x: Double, _: Double) in self?.begin(at: x) }
    Signals.connect(gpointerOf(drag), "drag-update") { [weak self] (dx: Double, _: Double) in self?.update(dx) }
    Signals.connect(gpointerOf(drag), "drag-end") { [weak self] (dx: Double, dy: Double) in self?.end(dx, dy) }
    gtk_widget_add_controller(strip.widget, drag)
    // Over a divider the pointer is the resize arrows.
    let motion = gtk_event_controller_motion_new()!
    Signals.connect(gpointerOf(motion), "motion") { [weak self] (x: Double, _: Double) in self?.hover(at: x) }
    gtk_widget_add_controller(strip.widget, motion)
  }

  /// Lays the titles out, and tells assistive technology each one's column name and sort.
  func refresh() {
    guard let columns else { return }
    strip.layout(columns) { index in
      (columns.title(ofColumn: index), index == columns.cursor ? ["browser-cursor"] : [])
    }
    for index in columns.state.visibleColumns {
      guard let label = strip.label(ofColumn: index) else { continue }
      let direction = columns.state.sortDirection(ofColumn: index)
      let sort =
        direction.map { $0.ascending ? GTK_ACCESSIBLE_SORT_ASCENDING : GTK_ACCESSIBLE_SORT_DESCENDING }
        ?? GTK_ACCESSIBLE_SORT_NONE
      guard accessibleSorts[index] != sort else { continue }
      accessibleSorts[index] = sort
      // The name without the ▲ or ▼ drawn; the sort in words too, as GTK 4.8 does not pass SORT on to AT-SPI.
      GTKAccessible.setAccessibilityLabel(columns.description.columns[index].name, on: label)
      GTKAccessible.setAccessibilitySort(sort, on: label)
      let words = direction.map { $0.ascending ? "sorted ascending" : "sorted descending" } ?? ""
      GTKAccessible.setAccessibilityDescription(words, on: label)
    }
  }

  private func hit(at x: Double) -> ColumnState.HeaderHit? {
    columns?.state.headerHit(atScreenX: x, tolerance: Self.dividerTolerance)
  }

  private func hover(at x: Double) {
    if case .divider? = hit(at: x) {
      gtk_widget_set_cursor_from_name(widget, "col-resize")
    } else {
      gtk_widget_set_cursor(widget, nil)
    }
  }

  private func begin(at x: Double) {
    guard let columns else { return }
    let hit = hit(at: x)
    var right = x
    if case .divider(let column)? = hit {
      right = columns.state.screenX(ofColumn: column) + columns.state.width(ofColumn: column)
    }
    press = (hit, x, right)
  }

  private func update(_ dx: Double) {
    guard let press, case .divider(let column)? = press.hit else { return }
    didDragDivider?(column, press.right + dx)
  }

  private func end(_ dx: Double, _ dy: Double) {
    defer { press = nil }
    guard let press, case .title(let column)? = press.hit, abs(dx) < 4, abs(dy) < 4 else { return }
    didClickTitle?(column)
  }
}
