import CGtk
import DemoData
// SPI: the state line the end-to-end tests read shows the engine's inner state (Backend: the picker's selection
// band) and the GTK backend's (Testing: each row's accessibility position, the scrollbar's mapping, the layouts).
@_spi(Backend) import TableViewCore
@_spi(Testing) import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

/// The end-to-end tests' window into the demo: after a change, the table's state is written to a
/// file as one line of JSON (first visible row, selection, widgets alive, offsets, where the
/// selected row is on the window's surface…). The write runs in a `Task { @MainActor }` a few
/// milliseconds later, so it also proves that main-actor tasks run under GLib's main loop.
final class StateHook {
  let path: String
  unowned let window: DemoWindow
  private var pending = false
  /// Writes put off in a row because a layout was pending.
  private var skipped = 0
  private(set) var writes = 0

  init(path: String, window: DemoWindow) {
    self.path = path
    self.window = window
  }

  /// Something changed: write the state soon (once, however many changes come meanwhile).
  func setNeedsWrite() {
    guard !pending else { return }
    pending = true
    let box = MainThreadBox(self)
    Task { @MainActor in
      try? await Task.sleep(for: .milliseconds(20))
      let hook = box.value
      hook.pending = false
      hook.write()
    }
  }

  /// Writes the state now (to a temporary file, then renamed: readers never see half a line) —
  /// unless the table changed since it was last drawn, so that a reader never sees a new selection
  /// beside old positions: then it tries again a little later (the allocation on its way usually
  /// asks first, but a change made after the last allocation of a burst must not stay unwritten).
  func write() {
    if window.current?.tableView?.isLayoutPending == true {
      skipped += 1
      if skipped < 50 {
        setNeedsWrite()
        return
      }
      // A second with no allocation for a change: the backend lost one. Say so, and write anyway.
      printError("state hook: the table's layout has been pending for a second; writing the state anyway")
    }
    skipped = 0
    writes += 1
    // The overlay scrollbar fades and widens without a layout: the page's table says when.
    window.current?.tableView?.scrollIndicatorDidChange = { [weak self] in self?.setNeedsWrite() }
    let json = state()
    let temporary = path + ".tmp"
    guard let file = fopen(temporary, "w") else { return }
    fputs(json + "\n", file)
    fclose(file)
    rename(temporary, path)
  }

  func state() -> String {
    var fields: [(String, String)] = [
      ("page", quoted(window.currentName)),
      ("dark", window.isDark ? "true" : "false"),
      ("writes", "\(writes)"),
      ("liveWidgets", "\(LiveWidgets.count)"),
      ("widgetsCreated", "\(LiveWidgets.createdCount)"),
      ("switcherRect", rect(of: window.switcher)),
      ("focus", quoted(focusDescription())),
    ]
    if let last = window.current?.lastSelected { fields.append(("lastSelected", path(last))) }
    if let tableView = window.current?.tableView {
      let table = tableView.table
      let visible = table.indexPathsForVisibleRows
      fields += [
        ("firstVisibleRow", visible.first.map(path) ?? "null"),
        ("lastVisibleRow", visible.last.map(path) ?? "null"),
        ("visibleRows", "\(visible.count)"),
        ("selectedRow", table.indexPathForSelectedRow.map(path) ?? "null"),
        ("cellsCreated", "\(table.diagnostics.cellsCreated)"),
        ("pooledCells", "\(table.diagnostics.pooledCellCount)"),
        ("contentOffset", number(table.contentOffset.y)),
        ("contentHeight", number(table.contentSize.height)),
        ("viewportHeight", number(table.viewportSize.height)),
        ("scrollFraction", number(tableView.scrollbarMapping.fraction)),
        ("isAnimating", table.isAnimating ? "true" : "false"),
        ("isTracking", table.isTracking ? "true" : "false"),
        ("layouts", "\(tableView.layoutCount)"),
        ("scrollbarRect", rect(of: tableView.scrollbar)),
        ("overlayScrollbar", tableView.usesOverlayScrollbar ? "true" : "false"),
        ("scrollbarOpacity", number(gtk_widget_get_opacity(tableView.scrollbar))),
        ("scrollbarHovering", gtk_widget_has_css_class(tableView.scrollbar, "hovering") != 0 ? "true" : "false"),
      ]
      // Where each visible row is drawn (window surface, top and height), in row order: the tests
      // check that rows abut exactly even ten million rows down.
      var tops: [String] = []
      var heights: [String] = []
      for path in visible {
        guard let cell = table.cellForRow(at: path) as? GTKView, let bounds = bounds(of: cell.widget) else { continue }
        tops.append(number(bounds.y))
        heights.append(number(bounds.height))
      }
      fields.append(("rowTops", "[" + tops.joined(separator: ",") + "]"))
      // What GTK was told for each visible row (POS_IN_SET and SET_SIZE): GTK does not pass these two on to
      // AT-SPI, so the accessibility tests read them here.
      let positions = visible.map { path -> String in
        guard let position = (table.cellForRow(at: path) as? GTKView)?.accessibilityPosition else { return "null" }
        return "[\(position.positionInSet),\(position.setSize)]"
      }
      fields.append(("accessibilityPositions", "[" + positions.joined(separator: ",") + "]"))
      fields.append(("focusedRow", table.focusedIndexPath.map(path) ?? "null"))
      fields.append(("rowHeights", "[" + heights.joined(separator: ",") + "]"))
      // The visible rows drawn at another height than their content needs at the width they have (the cell's own
      // measure, in or out of edit mode): shorter cuts their last line off, taller leaves a gap.
      let misfits = visible.filter { path in
        guard let cell = table.cellForRow(at: path) as? GTKTableViewCell, let b = bounds(of: cell.widget) else {
          return false
        }
        return abs(cell.sizeThatFits(width: b.width) - b.height) > 0.5
      }
      fields.append(("misfitRows", "[" + misfits.map(path).joined(separator: ",") + "]"))
      // Section headers on screen: section, top and height as drawn (a floating one sits at the top).
      var headers: [String] = []
      for header in table.visibleHeaderViews {
        guard let view = header.view as? GTKView, let b = bounds(of: view.widget) else { continue }
        headers.append("[\(header.section),\(number(b.y)),\(number(b.height))]")
      }
      fields.append(("headers", "[" + headers.joined(separator: ",") + "]"))
      if let bounds = bounds(of: tableView.viewport) {
        fields.append(
          ("viewportRect", "[\(number(bounds.x)),\(number(bounds.y)),\(number(bounds.width)),\(number(bounds.height))]")
        )
      }
      // The section index bar while it shows: where it is and the titles it has (a button each).
      if let bar = tableView.sectionIndexWidget {
        fields.append(("sectionIndexRect", rect(of: bar)))
        fields.append(
          ("sectionIndexTitles", "[" + tableView.sectionIndexBarTitles.map(quoted).joined(separator: ",") + "]"))
        // Each title drawn: its index, top and height on the window's surface.
        let drawn = tableView.sectionIndexTitleWidgets.enumerated().compactMap { index, button -> String? in
          guard gtk_widget_get_child_visible(button) != 0, let b = bounds(of: button) else { return nil }
          return "[\(index),\(number(b.y)),\(number(b.height))]"
        }
        fields.append(("sectionIndexDrawn", "[" + drawn.joined(separator: ",") + "]"))
      }
      if let selected = table.indexPathForSelectedRow, let cell = table.cellForRow(at: selected) as? GTKView {
        fields.append(("selectedRect", rect(of: cell.widget)))
      }
    }
    if let page = window.current as? ChatPage { fields += page.stateFields(self) }
    if let page = window.current as? DatabaseChatPage { fields += page.stateFields(self) }
    if let page = window.current as? FeedPage { fields += page.stateFields(self) }
    if let page = window.current as? DatabaseFeedPage { fields += page.stateFields(self) }
    if let page = window.current as? BrowserPage { fields += page.stateFields(self) }
    if let page = window.current as? DatePickerPage {
      fields.append(("date", "[\(page.year),\(page.month),\(page.day)]"))
      fields.append(("pickerChanges", "\(page.changes)"))
      // The picker's wheels: whether any is still turning (a glide, a snap to a row) or held.
      fields.append(("isAnimating", page.pickerView.picker.isAnimating ? "true" : "false"))
      // Each component's selection band on the window's surface (x, y, width, height).
      if let origin = bounds(of: page.pickerView.widget) {
        let picker = page.pickerView.picker
        let bands = (0..<picker.numberOfComponents).map { c -> String in
          let band = picker.selectionBand(forComponent: c)
          return "[\(number(origin.x + band.minX)),\(number(origin.y + band.minY)),\(number(band.width)),"
            + "\(number(band.height))]"
        }
        fields.append(("bands", "[" + bands.joined(separator: ",") + "]"))
      }
    }
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  /// A widget's bounds on the window's surface (what a screenshot of the window shows).
  func bounds(of widget: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double, width: Double, height: Double)? {
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, window.window, &bounds) != 0 else { return nil }
    var dx: Double = 0
    var dy: Double = 0
    gtk_native_get_surface_transform(OpaquePointer(window.window), &dx, &dy)
    return (
      Double(bounds.origin.x) + dx, Double(bounds.origin.y) + dy, Double(bounds.size.width),
      Double(bounds.size.height)
    )
  }

  /// The rectangle of `widget` inside a popover, on the window's surface (a popover is a surface
  /// of its own, placed relative to the window's), as a JSON array (`null` when it is not shown).
  func popupRect(of widget: UnsafeMutablePointer<GtkWidget>, in popover: UnsafeMutablePointer<GtkWidget>?) -> String {
    guard let popover, let surface = gtk_native_get_surface(OpaquePointer(popover)) else { return "null" }
    var inner = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, popover, &inner) != 0 else { return "null" }
    var dx: Double = 0
    var dy: Double = 0
    gtk_native_get_surface_transform(OpaquePointer(popover), &dx, &dy)
    guard let window = bounds(of: self.window.window) else { return "null" }
    var windowDX: Double = 0
    var windowDY: Double = 0
    gtk_native_get_surface_transform(OpaquePointer(self.window.window), &windowDX, &windowDY)
    // The window's surface origin, then the popup's place on it.
    let x = window.x - windowDX + Double(gdk_popup_get_position_x(surface)) + dx + Double(inner.origin.x)
    let y = window.y - windowDY + Double(gdk_popup_get_position_y(surface)) + dy + Double(inner.origin.y)
    return "[\(number(x)),\(number(y)),\(number(Double(inner.size.width))),\(number(Double(inner.size.height)))]"
  }

  /// What has the keyboard focus: "table" (a table's viewport), "entry" (a text field), "button:LABEL", another
  /// widget's GTK type name and address ("AdwViewSwitcherButton@55d0…"), or "" for none.
  private func focusDescription() -> String {
    guard let focus = gtk_window_get_focus(window.gtkWindow) else { return "" }
    // The table's viewport, or the focused row's cell in it (which holds the focus for the row).
    if let viewport = window.current?.tableView?.viewport, focus == viewport || gtk_widget_get_parent(focus) == viewport
    {
      return "table"
    }
    func isA(_ type: GType) -> Bool {
      g_type_check_instance_is_a(UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }
    if isA(gtk_editable_get_type()) { return "entry" }
    if isA(gtk_button_get_type()),
      let label = gtk_button_get_label(UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GtkButton.self))
    {
      return "button:" + String(cString: label).filter { $0 != "\"" && $0 != "\\" }
    }
    // The widget's type and address: two switcher buttons in a row are two stops.
    let type = String(
      cString: g_type_name_from_instance(UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self)))
    return type + "@" + String(UInt(bitPattern: focus), radix: 16)
  }

  /// `bounds(of:)` as a JSON array.
  func rect(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
    guard let b = bounds(of: widget) else { return "null" }
    return "[\(number(b.x)),\(number(b.y)),\(number(b.width)),\(number(b.height))]"
  }

  private func path(_ p: IndexPath) -> String { "[\(p.section),\(p.row)]" }
  private func quoted(_ s: String) -> String { "\"\(s)\"" }
  private func number(_ x: Double) -> String { x.isFinite ? String(x) : "null" }
}
