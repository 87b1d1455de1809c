extension GTKTableView {
  /// What a table view is to assistive technology (UIKit's `accessibilityContainerType`), fixed when it is made
  /// (GTK fixes a widget's role once it is shown).
  public enum AccessibilityContainerType: Sendable {
    /// A list of items (the default), as GtkListView: the table is a `LIST`; each row's view is a `LIST_ITEM` with
    /// its place in the whole table (`POS_IN_SET`, `SET_SIZE`) and a description saying it ("row 41 of 1,000,000").
    case list
    /// A table of rows and columns, as GtkColumnView: the table is a `GRID` with its `ROW_COUNT` (every row, not
    /// only those on screen) and `COL_COUNT` (``GTKTableView/accessibilityColumnCount``), and a description saying
    /// them ("3,000 rows, 8 columns"); each row's view is a `ROW` (give `GTK_ACCESSIBLE_ROLE_ROW` to
    /// `GTKView(widget:accessibleRole:)`) with its `ROW_INDEX` (its row in the whole table, from 1) and the same
    /// description as a list item's, set again whenever the view shows another row. The cells in a row are the
    /// app's widgets: give them `GRID_CELL` and their column (`GTKAccessible.setAccessibilityRole(_:on:)`,
    /// `setAccessibilityColumnIndex(_:on:)`). GTK 4.8 gives AT-SPI the roles (table, table row, table cell) but
    /// not the counts and indexes: the descriptions are what a screen reader reads of them.
    case dataTable
  }
}
