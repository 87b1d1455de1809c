import CGtk
// SPI: the end-to-end tests' state line shows the held row's view (`reorderingView`).
@_spi(Backend) import TableViewCore
// SPI(Testing): the state line shows the reorder controls as drawn (`reorderControl`, `editingProgress`).
@_spi(Testing) import TableViewGTK

// The reorder's part of the end-to-end tests' state line, the same for every feed page (in memory and from a
// database): what is held, where it would drop, how it looks, and the ≡ handles shown.

extension StateHook {
  /// The held row and where it would drop (section, row), its rectangle and whether it looks lifted, and the
  /// reorder handles shown fully in (section, row, rectangle), as JSON fields.
  /// - Complexity: O(visible rows).
  func reorderFields(of gtkTableView: GTKTableView) -> [(String, String)] {
    let table = gtkTableView.table
    var fields: [(String, String)] = []
    fields.append(("reorderingRow", table.reorderingRow.map { "[\($0.section),\($0.row)]" } ?? "null"))
    fields.append(("reorderDestination", table.reorderDestination.map { "[\($0.section),\($0.row)]" } ?? "null"))
    if let held = table.reorderingView as? GTKView {
      fields.append(("heldRect", rect(of: held.widget)))
      fields.append(("heldLifted", gtk_widget_has_css_class(held.widget, "lifted") != 0 ? "true" : "false"))
    }
    var handles: [String] = []
    for path in table.indexPathsForVisibleRows {
      guard let cell = table.cellForRow(at: path) as? GTKTableViewCell,
        gtk_widget_get_child_visible(cell.reorderControl) != 0, cell.editingProgress == 1,
        let b = bounds(of: cell.reorderControl)
      else { continue }
      handles.append("[\(path.section),\(path.row),\(b.x),\(b.y),\(b.width),\(b.height)]")
    }
    fields.append(("reorderControls", "[" + handles.joined(separator: ",") + "]"))
    return fields
  }
}
