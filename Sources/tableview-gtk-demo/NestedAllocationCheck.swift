import CGtk
// SPI(Testing): the check counts the viewport's allocations (`layoutCount`).
@_spi(Testing) import TableViewGTK

/// `--self-test nested-allocation`: 240 frames in which the window's status line gets a new text (GTK
/// allocates the window's column in full) while the table scrolls (its viewport is queued for allocation,
/// and rows entering the view are reordered among the viewport's children while GTK allocates it, for
/// assistive technology). GTK must allocate every container before it draws a frame; one it skipped is
/// drawn as nothing, with "Trying to snapshot … without a current allocation" on standard error (the test
/// reads it). Prints `{"frames":N,"layouts":M}` and exits 0.
final class NestedAllocationCheck {
  unowned let window: DemoWindow
  let tableView: GTKTableView
  var frame = 0
  var layoutsAtStart = 0
  static let frames = 240

  init(window: DemoWindow, tableView: GTKTableView) {
    self.window = window
    self.tableView = tableView
  }

  func begin() {
    layoutsAtStart = tableView.layoutCount
    gtk_widget_add_tick_callback(
      tableView.viewport,
      { _, _, data in
        Unmanaged<NestedAllocationCheck>.fromOpaque(data!).takeUnretainedValue().step() ? 1 : 0
      }, Unmanaged.passRetained(self).toOpaque(),
      { data in Unmanaged<NestedAllocationCheck>.fromOpaque(data!).release() })
  }

  /// One frame: a new status text, a scroll. Returns whether to go on.
  func step() -> Bool {
    frame += 1
    guard frame <= Self.frames else {
      let layouts = tableView.layoutCount - layoutsAtStart
      print("{\"frames\":\(Self.frames),\"layouts\":\(layouts)}")
      window.quit(status: 0)
      return false
    }
    gtk_label_set_text(OpaquePointer(window.statusLabel), "status at frame \(frame)")
    tableView.table.scroll(by: 53)
    tableView.setNeedsLayout()
    return true
  }
}
