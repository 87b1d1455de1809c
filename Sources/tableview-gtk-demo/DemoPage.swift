import CGtk
import DemoData
import TableViewCore
import TableViewGTK

/// One of the demo's four data sets, shown in the window's content area.
protocol DemoPage: AnyObject {
  /// The page's name on its button.
  var title: String { get }
  /// The page's widget.
  var widget: UnsafeMutablePointer<GtkWidget> { get }
  /// The table view, for pages that are one.
  var tableView: GTKTableView? { get }
  /// The status line.
  func status() -> String
  /// The last row the user selected.
  var lastSelected: IndexPath? { get }
  /// The page's table view laid out (nothing by default).
  func tableViewDidLayout()
  /// A Ctrl-key shortcut of the page's (the window asks first, before the focused widget): whether it was one
  /// (none by default).
  func handleShortcut(_ keyval: UInt32) -> Bool
}

extension DemoPage {
  func tableViewDidLayout() {}
  func handleShortcut(_ keyval: UInt32) -> Bool { false }

  /// A table page's status: its rows and selection, and with `EngineStatistics.isShown` the engine's figures
  /// (widgets alive, cells created and reused) and the page's `extra` ones.
  func engineStatus(_ tableView: GTKTableView, extra: String? = nil) -> String {
    let table = tableView.table
    let diagnostics = table.diagnostics
    var parts = ["\(table.totalRowCount.grouped) rows"]
    if EngineStatistics.isShown {
      parts += [
        "\(LiveWidgets.count) widgets alive",
        "\(diagnostics.cellsCreated.grouped) cells created",
        "\(diagnostics.cellsReused.grouped) reused",
      ]
      if let extra { parts.append(extra) }
    }
    if let lastSelected { parts.append(lastSelected.selectionStatus) }
    return parts.joined(separator: " · ")
  }
}
