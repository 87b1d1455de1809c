import CGtk

/// A `GtkBox` that takes the keyboard focus itself when Tab or Shift-Tab reaches it, as a list does. A plain box with
/// children passes the focus on to its children and is skipped when none of them takes it: a table's viewport (its
/// cells are not focusable) was never reached by Tab, only by a click, so the keyboard alone could not come back to
/// the list. Its `focus` handler is GTK's for a focusable widget without children — take the focus if it does not
/// have it, else let it move on — unless a child takes it (`GtkBox`'s: the first focusable child in Tab's direction,
/// the focused row's cell, a picker's wheel), and while the focus is inside it (the context menu's popover, a child of the
/// viewport): then it is `GtkBox`'s, so the menu's keys move between its items.
enum FocusableBox {
  /// `GtkBox`'s `focus` handler, for the focus inside.
  nonisolated(unsafe) private static var boxFocus:
    (@convention(c) (UnsafeMutablePointer<GtkWidget>?, GtkDirectionType) -> gboolean)?
  /// `GtkBox`'s `snapshot` handler (GtkWidget's: the children in their order).
  nonisolated(unsafe) private static var boxSnapshot:
    (@convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void)?

  /// The type (a subclass of `GtkBox`), registered the first time it is needed.
  static let type: GType = {
    var info = GTypeInfo()
    info.class_size = guint16(MemoryLayout<GtkBoxClass>.size)
    info.instance_size = guint16(MemoryLayout<GtkBox>.size)
    info.class_init = { klass, _ in
      guard let klass else { return }
      let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
      FocusableBox.boxFocus = widgetClass.pointee.focus
      widgetClass.pointee.focus = { widget, direction in
        guard let widget else { return 0 }
        if gtk_widget_get_focus_child(widget) != nil { return FocusableBox.boxFocus?(widget, direction) ?? 0 }
        guard gtk_widget_is_focus(widget) == 0 else { return 0 }
        // A focusable child takes it first (the table's focused row, the picker's first or last wheel).
        if FocusableBox.boxFocus?(widget, direction) ?? 0 != 0 { return 1 }
        return gtk_widget_grab_focus(widget)
      }
      FocusableBox.boxSnapshot = widgetClass.pointee.snapshot
      widgetClass.pointee.snapshot = { widget, snapshot in
        if let owner = GTKTableView.owner(of: widget) {
          owner.snapshotChildren(snapshot)
        } else {
          FocusableBox.boxSnapshot?(widget, snapshot)
        }
      }
    }
    return g_type_register_static(gtk_box_get_type(), "STVFocusableBox", &info, GTypeFlags(rawValue: 0))
  }()

  /// A new, floating box of the type, laid out along `orientation`.
  static func make(_ orientation: GtkOrientation) -> UnsafeMutablePointer<GtkWidget> {
    let object = g_object_new_with_properties(type, 0, nil, nil)!
    let widget = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
    gtk_orientable_set_orientation(OpaquePointer(object), orientation)
    return widget
  }
}
