import CGtk
import DemoDatabase
import GRDB
import TableViewCore
import TableViewGTK

/// A row of the browsed table: its values in the grid's columns (`BrowserColumnStrip`), NULL dim and italic, a
/// row whose page is on its way as dim dots; in the focused row, the cursor's column shaded. The cell asks the columns at each layout, so a sideways scroll or a
/// resize lays the rows on screen out again without configuring them.
final class BrowserRowCell: GTKView {
  /// The row's values, in the table's column order (`nil`: its page is on its way).
  var values: [DatabaseValue]?
  /// The columns the values are laid out in.
  weak var columns: BrowserColumns?
  let strip: BrowserColumnStrip
  /// Whether the row has the keyboard's focus: its cell in the cursor's column is then shaded (a spreadsheet's
  /// current cell).
  private var isFocused = false

  init(columns: BrowserColumns?, height: Int32) {
    self.columns = columns
    strip = BrowserColumnStrip(height: height, cellRole: GTK_ACCESSIBLE_ROLE_GRID_CELL)
    // A row of the grid (a data table) to assistive technology; the table view gives it its row index.
    super.init(widget: strip.widget, accessibleRole: GTK_ACCESSIBLE_ROLE_ROW)
    gtk_widget_add_css_class(widget, "stv-cell")
    gtk_widget_add_css_class(widget, "browser-row")
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    values = nil
  }

  override func setFocused(_ focused: Bool, animated: Bool) {
    super.setFocused(focused, animated: animated)
    guard focused != isFocused else { return }
    isFocused = focused
    refresh()
  }

  /// Lays the row out in `columns` from now on (another table's: the labels of the last one go).
  func use(_ columns: BrowserColumns?) {
    guard columns !== self.columns else { return }
    self.columns = columns
    strip.removeLabels()
  }

  /// Lays the values out at the columns' places.
  func refresh() {
    guard let columns else { return }
    let values = values
    let cursor = isFocused ? columns.cursor : nil
    strip.layout(columns) { index in
      guard let values, index < values.count else { return ("…", ["browser-placeholder"]) }
      let value = values[index]
      var classes: Set<String> = value.isNull ? ["browser-null"] : []
      if index == cursor { classes.insert("browser-cursor") }
      return (DatabaseValueText.cellText(value), classes)
    }
  }

  override var accessibilityLabel: String? {
    get {
      guard let columns, let values else { return "loading" }
      return zip(columns.description.columns, values).map { "\($0.name): \(DatabaseValueText.cellText($1))" }
        .joined(separator: ", ")
    }
    set {}
  }
}
