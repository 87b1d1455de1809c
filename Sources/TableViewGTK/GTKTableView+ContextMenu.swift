import CGtk
@_spi(Backend) import TableViewCore

// Context menus in GTK: a right click on a row (the engine's pointer router decides which), or the Menu key (or
// Shift+F10) on the focused row, asks the
// engine for the delegate's menu (`TableView.contextMenuConfiguration(forRowAt:point:)`) and shows it in a
// popover pointing at the row: one button per action, destructive ones red, disabled ones insensitive, checked
// ones with a check mark. The popover takes the keyboard (↑/↓ or Tab move, Enter chooses, Escape closes);
// choosing an action closes it and runs the action's `perform()`.

extension GTKTableView {
  /// Opens the context menu of the row at `indexPath`, pointing at `point` (viewport coordinates), or at the
  /// row's bottom edge when `nil` (a key). Returns whether a menu opened (the delegate may have none).
  /// - Complexity: O(actions + log n) and one delegate call.
  @discardableResult
  public func showContextMenu(forRowAt indexPath: IndexPath, at point: Point? = nil) -> Bool {
    let offset = table.contentOffset
    let contentPoint = point.map { Point(x: $0.x + offset.x, y: $0.y + offset.y) }
    guard let menu = table.contextMenuConfiguration(forRowAt: indexPath, point: contentPoint) else { return false }
    let popover = Self.popover(contextMenuPopover ?? makeContextMenuPopover())
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_add_css_class(column, "stv-context-menu")
    if !menu.title.isEmpty {
      let title = GTK.label(wrap: false, cssClass: "stv-context-menu-title")
      gtk_label_set_text(OpaquePointer(title), menu.title)
      GTK.append(column, title)
    }
    var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    for (index, action) in menu.actions.enumerated() {
      let button = gtk_button_new()!
      gtk_widget_add_css_class(button, "flat")
      gtk_widget_add_css_class(button, "stv-context-menu-item")
      let row = GTK.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
      let check = gtk_label_new(action.isChecked ? "✓" : "")!
      gtk_widget_add_css_class(check, "stv-context-menu-check")
      let title = GTK.label(wrap: false, cssClass: nil)
      gtk_label_set_text(OpaquePointer(title), action.title)
      gtk_widget_set_hexpand(title, 1)
      GTK.append(row, check)
      GTK.append(row, title)
      gtk_button_set_child(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self), row)
      if action.attributes.contains(.destructive) { gtk_widget_add_css_class(button, "destructive") }
      if action.attributes.contains(.disabled) { gtk_widget_set_sensitive(button, 0) }
      Signals.connect(gpointerOf(button), "clicked") { [weak self] in self?.chooseContextMenuAction(index) }
      GTK.append(column, button)
      buttons.append(button)
    }
    // The old menu's widgets (and their handlers) go with the old child.
    gtk_popover_set_child(popover, column)
    contextMenuActions = menu.actions
    contextMenuButtons = buttons
    var target = GdkRectangle()
    if let point {
      target = GdkRectangle(x: Int32(Self.pixel(point.x)), y: Int32(Self.pixel(point.y)), width: 1, height: 1)
    } else if let rect = try? table.rectForRow(at: indexPath) {
      // The row's visible part: the popover points at the middle of its bottom edge.
      let top = max(0, Self.pixel(rect.minY - offset.y))
      let bottom = min(table.viewportSize.height, Self.pixel(rect.maxY - offset.y))
      target = GdkRectangle(
        x: 0, y: Int32(min(top, bottom)), width: Int32(max(1, table.viewportSize.width)),
        height: Int32(max(1, bottom - top)))
    }
    gtk_popover_set_pointing_to(popover, &target)
    gtk_popover_popup(popover)
    table.isShowingContextMenu = true
    // The keyboard goes to the first action that can be chosen.
    if let first = buttons.first(where: { gtk_widget_get_sensitive($0) != 0 }) { gtk_widget_grab_focus(first) }
    return true
  }

  /// Whether the context menu is open.
  public var isShowingContextMenu: Bool {
    guard let contextMenuPopover else { return false }
    return gtk_widget_get_visible(contextMenuPopover) != 0
  }

  /// Closes the context menu, if it is open.
  public func hideContextMenu() {
    guard let contextMenuPopover, gtk_widget_get_visible(contextMenuPopover) != 0 else { return }
    gtk_popover_popdown(Self.popover(contextMenuPopover))
  }

  /// The popover, made once: a child of the viewport (it points at rows), the focus back on the table when it
  /// closes.
  func makeContextMenuPopover() -> UnsafeMutablePointer<GtkWidget> {
    let widget = gtk_popover_new()!
    let popover = Self.popover(widget)
    gtk_popover_set_position(popover, GTK_POS_BOTTOM)
    gtk_popover_set_has_arrow(popover, 1)
    // Without a compositor (a plain X server) the popover's transparent margins (its shadow, the arrow's
    // corner) would be drawn black: there it is a plain box without them.
    if let display = gtk_widget_get_display(viewport), gdk_display_is_composited(display) == 0 {
      gtk_popover_set_has_arrow(popover, 0)
      gtk_widget_add_css_class(widget, "stv-uncomposited")
    }
    gtk_widget_set_parent(widget, viewport)
    Signals.connect(gpointerOf(widget), "closed") { [weak self] in
      guard let self else { return }
      self.table.isShowingContextMenu = false
      gtk_widget_grab_focus(self.viewport)
    }
    contextMenuPopover = widget
    return widget
  }

  /// A popover widget as a `GtkPopover *`.
  static func popover(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkPopover> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkPopover.self)
  }

  /// Action `index` of the menu was chosen: the menu closes and the action runs.
  func chooseContextMenuAction(_ index: Int) {
    hideContextMenu()
    guard contextMenuActions.indices.contains(index) else { return }
    contextMenuActions[index].perform()
    setNeedsLayout()
  }

  /// The Menu key, or Shift+F10: the focused row's menu (the selected row's when nothing is focused). Returns whether the key was one of them.
  func handleContextMenuKey(_ keyval: UInt32, modifiers state: GdkModifierType) -> Bool {
    let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
    let key = Int32(keyval)
    guard key == GDK_KEY_Menu || (key == GDK_KEY_F10 && shift) else { return false }
    if let row = table.commandRow { showContextMenu(forRowAt: row) }
    return true
  }
}
