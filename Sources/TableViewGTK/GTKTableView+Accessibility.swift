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
// numbers are the engine's (`TableView.accessibilityPosition(of:)`): the backend only hands them to GTK. A data
// table is a GRID and its rows ROWs with their ROW_INDEX instead (below).

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
    let grid = accessibilityContainerType == .dataTable
    if grid { updateDataTableAccessibility() }
    for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) {
      guard let view = cell as? GTKView, let position = table.accessibilityPosition(of: path) else { continue }
      view.accessibility.setPosition(position, sections: sections, inGrid: grid, on: view.widget) {
        table.accessibilityDescription(of: path)
      }
      view.accessibility.setLabel(view.accessibilityLabel, on: view.widget)
      installAccessibleActions(on: view)
    }
    for case let view as GTKView in table.visibleHeaderViews.map(\.view) {
      view.accessibility.setLabel(view.accessibilityLabel, on: view.widget)
    }
  }
}

// A data table (`AccessibilityContainerType.dataTable`) is a GRID: its ROW_COUNT is every row of the table (the
// engine's count, not the rows on screen), its COL_COUNT the app's `accessibilityColumnCount`, and its DESCRIPTION
// says both ("3,000 rows, 8 columns"), as GTK 4.8 passes neither relation on to AT-SPI. Its rows get ROW_INDEX in
// place of a list item's POS_IN_SET and SET_SIZE (see `GTKAccessibilityState.setPosition`).

extension GTKTableView {
  /// Tells GTK a data table's rows and columns when they changed (after a layout, or a new column count).
  /// - Complexity: O(1)
  func updateDataTableAccessibility() {
    guard accessibilityContainerType == .dataTable else { return }
    let size = (rows: table.totalRowCount, columns: max(0, accessibilityColumnCount))
    let old = toldTableSize
    guard old?.rows != size.rows || old?.columns != size.columns else { return }
    toldTableSize = size
    if old?.rows != size.rows { GTKAccessible.setRelation(viewport, GTK_ACCESSIBLE_RELATION_ROW_COUNT, size.rows) }
    if old?.columns != size.columns {
      GTKAccessible.setRelation(viewport, GTK_ACCESSIBLE_RELATION_COL_COUNT, size.columns)
    }
    GTKAccessible.setProperty(
      viewport, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
      Self.counted(size.rows, "row") + ", " + Self.counted(size.columns, "column"))
  }

  /// "1 row", "3,000 rows": `n` with its thousands grouped by commas, and `noun`, plural but for 1.
  static func counted(_ n: Int, _ noun: String) -> String {
    let digits = String(n.magnitude)
    var text = n < 0 ? "-" : ""
    for (i, digit) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text + " " + noun + (n == 1 ? "" : "s")
  }
}

// The keyboard focus, as GtkListView keeps it: the focused row's cell holds GTK's focus whenever the table has it,
// so a screen reader hears a focus event and reads the row, and the row has the FOCUSED state. Only that cell is
// focusable (Tab leaves the list from it; no other cell is a Tab stop), and the keys still reach the viewport's
// controllers (they bubble up from the cell). With no focused row on screen the viewport (the list) holds it.

extension GTKTableView {
  /// Hands GTK's keyboard focus to the focused row's cell when the table has the focus (the viewport or one of its
  /// cells holds it), or back to the viewport when that row is not on screen. Called after each layout, when the
  /// engine's focus may have moved, before the cells are allocated (the focus changes the cell's style, which asks
  /// for its allocation again). Focus elsewhere (another widget, the context menu) is left alone.
  func syncKeyboardFocus() {
    guard let root = gtk_widget_get_root(viewport), let focus = gtk_root_get_focus(root) else { return }
    guard focus == viewport || focus == focusableCell else { return }
    var target = viewport
    if let path = table.focusedIndexPath, let view = table.cellForRow(at: path) as? GTKView,
      gtk_widget_get_parent(view.widget) == viewport, gtk_widget_get_child_visible(view.widget) != 0
    {
      target = view.widget
    }
    guard target != focus else { return }
    let previous = focusableCell
    if target != viewport {
      gtk_widget_set_focusable(target, 1)
      focusableCell = target
    } else {
      focusableCell = nil
    }
    gtk_widget_grab_focus(target)
    if let previous, previous != target { gtk_widget_set_focusable(previous, 0) }
  }

  /// The focusable cell goes (to the reuse pool): the viewport takes the focus if the cell had it.
  func releaseFocusableCell() {
    guard let cell = focusableCell else { return }
    focusableCell = nil
    if gtk_widget_has_focus(cell) != 0 { gtk_widget_grab_focus(viewport) }
    gtk_widget_set_focusable(cell, 0)
  }

  /// When the focus comes into the table (Tab, a click, the search handing it over), the next layout hands it to
  /// the focused row's cell.
  func installFocusTracking() {
    let focus = gtk_event_controller_focus_new()!
    Signals.connect(gpointerOf(focus), "enter") { [weak self] in
      self?.sendPendingAccessibility()
      self?.queueAllocation()
    }
    gtk_widget_add_controller(viewport, focus)
    // Before the table's key handling (the capture phase runs first): what GTK holds back about the rows on screen
    // goes now, so that the key's events are only what the key changed.
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signals.connectKey(gpointerOf(keys), "key-pressed") { [weak self] _, _ in
      self?.sendPendingAccessibility()
      return false
    }
    gtk_widget_add_controller(viewport, keys)
  }

  /// See `GTKAccessibilityState.sendPendingChanges(on:)`.
  /// - Complexity: O(visible)
  func sendPendingAccessibility() {
    for case let view as GTKView in table.visibleCells { view.accessibility.sendPendingChanges(on: view.widget) }
  }

  /// The viewport's children in the order assistive technology reads them: the draw list's, except that the rows are
  /// in row order and each section's header comes before the section's rows and its footer after them (the draw list
  /// puts them last, to cover the rows). Items that are not rows (the refresh indicator, swipe actions, views on their way out) keep
  /// their place. Each frame reorders only what changed (see `draw(_:width:)`, after `drawOrder` is made).
  /// - Complexity: O(items · sections on screen)
  func accessibilityOrder() -> [UnsafeMutablePointer<GtkWidget>] {
    let headers = table.visibleHeaderViews.compactMap { entry in
      (entry.view as? GTKView).map { (section: entry.section, widget: $0.widget) }
    }
    let footers = table.visibleFooterViews.compactMap { entry in
      (entry.view as? GTKView).map { (section: entry.section, widget: $0.widget) }
    }
    let rows = zip(table.indexPathsForVisibleRows, table.visibleCells).compactMap { path, cell in
      (cell as? GTKView).map { (section: path.section, widget: $0.widget) }
    }
    var order: [UnsafeMutablePointer<GtkWidget>] = []
    order.reserveCapacity(drawOrder.count)
    var nextHeader = 0
    var nextFooter = 0
    func supplementsBefore(section: Int) {
      while nextHeader < headers.count, headers[nextHeader].section <= section {
        while nextFooter < footers.count, footers[nextFooter].section < headers[nextHeader].section {
          order.append(footers[nextFooter].widget)
          nextFooter += 1
        }
        order.append(headers[nextHeader].widget)
        nextHeader += 1
      }
      while nextFooter < footers.count, footers[nextFooter].section < section {
        order.append(footers[nextFooter].widget)
        nextFooter += 1
      }
    }
    // The rows in row order (the draw list may draw one over its neighbours: the focused row's ring), in the places
    // the draw list gives rows.
    let drawnRows = rows.filter { row in drawOrder.contains(row.widget) }
    var nextRow = 0
    for widget in drawOrder {
      if headers.contains(where: { $0.widget == widget }) || footers.contains(where: { $0.widget == widget }) {
        continue
      }
      if rows.contains(where: { $0.widget == widget }), nextRow < drawnRows.count {
        let row = drawnRows[nextRow]
        nextRow += 1
        supplementsBefore(section: row.section)
        order.append(row.widget)
        continue
      }
      order.append(widget)
    }
    supplementsBefore(section: .max)
    return order
  }
}

// A row's actions through AT-SPI. GTK 4.8 lets no widget declare its own accessible actions (GtkAccessible has no
// action API), but its AT-SPI bridge lists the actions of a widget's own action group (those without a parameter,
// enabled), named as GIO names them, and performs one with `gtk_widget_activate_action`. Each cell gets a group
// "row" with "context-menu": the row's context menu (as the Menu key or Shift+F10 opens it), whose items are push
// buttons a screen reader can click.

extension GTKTableView {
  /// Gives `view`'s widget its "row" action group (once; the action acts on whichever row the cell shows). Its
  /// handler is a C function finding the table and the row from the widget: no closure is kept per cell.
  func installAccessibleActions(on view: GTKView) {
    let widget = view.widget
    guard g_object_get_data(gobject(widget), Self.rowActionsKey) == nil else { return }
    let group = g_simple_action_group_new()!
    let menu = g_simple_action_new("context-menu", nil)!
    let activate: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, _, data in
      guard let data else { return }
      let cell = data.assumingMemoryBound(to: GtkWidget.self)
      guard let owner = GTKTableView.owner(of: gtk_widget_get_parent(cell)),
        let view = owner.shownViews.first(where: { $0.widget == cell }), let path = owner.table.indexPath(for: view)
      else { return }
      owner.showContextMenu(forRowAt: path)
    }
    g_signal_connect_data(
      gpointerOf(menu), "activate", unsafeBitCast(activate, to: GCallback.self), gpointerOf(widget), nil,
      GConnectFlags(rawValue: 0))
    g_action_map_add_action(OpaquePointer(group), menu)
    g_object_unref(gpointerOf(menu))
    gtk_widget_insert_action_group(widget, "row", OpaquePointer(group))
    g_object_set_data_full(gobject(widget), Self.rowActionsKey, gpointerOf(group)) { g_object_unref($0) }
  }

  static let rowActionsKey = "swift-table-view-row-actions"
}
