import CGtk

// A label's height at a width, from the Pango layout it draws with.
//
// `gtk_widget_measure` of a label whose text changed lays the text out three times before it is
// drawn: GTK first asks a height-for-width widget for its minimum width (GtkLabel lays a copy of
// its layout out at width 0, every word on a line of its own, then unconstrained for the natural
// width), then for the height at the width (the label's own layout), and the drawing uses that
// own layout. Two of the three are thrown away, and they are most of a new row's cost: the feed's
// frames spent a third of their CPU in them (`tableview-gtk-demo --bench`). A table view's cells
// always know the width they will have, so they ask the layout that will be drawn, once.

extension GTKLabel {
  /// The height `label` (a `GtkLabel`) needs when it is `width` pixels wide, margins, borders and
  /// padding included: the height of its own Pango layout at its content width (what GTK measures
  /// for a wrapping label, without the two layouts GTK also makes for its minimum and natural
  /// widths). The layout keeps that width, so allocating the label at `width` and drawing it lays
  /// nothing out again. A single-line label that ellipsizes is measured as it is drawn, cut at the
  /// width; a label that neither wraps nor ellipsizes, unconstrained. A hidden label needs 0.
  /// - Complexity: One Pango layout of the text when it or the width changed; O(1) otherwise.
  public static func height(of label: UnsafeMutablePointer<GtkWidget>, forWidth width: Int32) -> Int32 {
    guard gtk_widget_get_visible(label) != 0 else { return 0 }
    let (horizontal, vertical) = GTK.boxExtras(of: label)
    let pointer = OpaquePointer(label)
    let layout = gtk_label_get_layout(pointer)
    let fits = gtk_label_get_wrap(pointer) != 0 || gtk_label_get_ellipsize(pointer) != PANGO_ELLIPSIZE_NONE
    let layoutWidth = fits ? max(0, width - horizontal) * Int32(PANGO_SCALE) : -1
    if pango_layout_get_width(layout) != layoutWidth { pango_layout_set_width(layout, layoutWidth) }
    var height: Int32 = 0
    pango_layout_get_size(layout, nil, &height)
    // GTK rounds a label's size up to whole pixels (PANGO_PIXELS_CEIL).
    return (height + Int32(PANGO_SCALE) - 1) / Int32(PANGO_SCALE) + vertical
  }

  /// The height this label needs when it is `width` pixels wide (see ``height(of:forWidth:)``).
  public func height(forWidth width: Int32) -> Int32 { Self.height(of: widget, forWidth: width) }

  /// Whether `widget` is a `GtkLabel`.
  static func isLabel(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    return g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0
  }
}
