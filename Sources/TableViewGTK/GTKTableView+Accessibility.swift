import CGtk
@_spi(Backend) import TableViewCore

// What the table tells assistive technology (through GTK's GtkAccessible, which AT-SPI and Orca read).
// The viewport is a LIST (MULTI_SELECTABLE in multiple selection mode); each cell is a LIST_ITEM with its
// place in the whole table: POS_IN_SET and SET_SIZE, as GTK's own list item manager stamps on its rows, and
// a DESCRIPTION saying it ("row 41 of 1,000,000, section 1": GTK does not pass the two relations on to
// AT-SPI, so that is what a screen reader reads), both set again whenever the cell shows another row or the
// counts change; the SELECTED state; a LABEL from the cell's text (`GTKView.accessibilityLabel`). Section
// headers are HEADINGs labelled with their title. Views in the reuse pool are HIDDEN (see `detach`), and the
// cells are in row order among the viewport's children (the draw list's order: AT-SPI lists children in it). The
// numbers are the engine's (`TableView.accessibilityPosition(of:)`): the backend only hands them to GTK.

extension GTKTableView {
  /// Brings what assistive technology sees up to date with the rows on screen (after the layout, in the
  /// viewport's allocation): only what changed is sent to GTK.
  /// - Complexity: O(visible · log n) (a row's position costs O(log n)), plus each view's label.
  func updateAccessibility() {
    let multiple = table.activeSelectionMode == .multiple
    if multiple != accessibleMultiSelectable {
      accessibleMultiSelectable = multiple
      GTKAccessible.setProperty(viewport, GTK_ACCESSIBLE_PROPERTY_MULTI_SELECTABLE, multiple)
    }
    let sections = table.numberOfSections > 1
    for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) {
      guard let view = cell as? GTKView, let position = table.accessibilityPosition(of: path) else { continue }
      view.accessibility.setPosition(position, sections: sections, on: view.widget) {
        table.accessibilityDescription(of: path)
      }
      view.accessibility.setLabel(view.accessibilityLabel, on: view.widget)
    }
    for case let view as GTKView in table.visibleHeaderViews.map(\.view) {
      view.accessibility.setLabel(view.accessibilityLabel, on: view.widget)
    }
  }
}
