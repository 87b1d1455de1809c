import CGtk
@_spi(Backend) import TableViewCore

/// A GTK widget as a view the engine can reuse: the backend's `ReusableView`.
///
/// The view owns its widget (one strong GObject reference, sunk at creation), so a widget lives
/// while the engine's reuse pool keeps it detached, and is freed when the Swift view goes. The
/// engine gives it a `frame` in content coordinates; the table view places the widget relative to
/// its viewport (`frame.minY − contentOffset.y`), never at the absolute content offset, so GTK's
/// single-precision coordinates stay exact however long the content is.
///
/// Subclass it for a cell or header that is a widget tree.
open class GTKView: ReusableView {
  /// The widget (a `GtkWidget *` the view holds a reference to).
  public let widget: UnsafeMutablePointer<GtkWidget>
  /// The identifier the engine pools the view under.
  public var reuseIdentifier: String?
  /// The frame in the table's content coordinates.
  public var frame: Rect = .zero

  /// Wraps `widget` (a newly created, floating widget: the view sinks it and owns it).
  ///
  /// - Parameters:
  ///   - widget: The widget.
  ///   - accessibleRole: What the view is to assistive technology: `GTK_ACCESSIBLE_ROLE_LIST_ITEM` for a
  ///     row (`GTK_ACCESSIBLE_ROLE_ROW` in a data table: see `GTKTableView.AccessibilityContainerType`),
  ///     `GTK_ACCESSIBLE_ROLE_HEADING` for a section header; `nil` keeps the widget's own role (a box is
  ///     a generic container). GTK fixes a widget's role once it is shown, so it is given here.
  public init(widget: UnsafeMutablePointer<GtkWidget>, accessibleRole: GtkAccessibleRole? = nil) {
    self.widget = widget
    g_object_ref_sink(gpointerOf(widget))
    LiveWidgets.track(gpointerOf(widget))
    if let accessibleRole { GTKAccessible.setRole(widget, accessibleRole) }
  }

  deinit {
    if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
    g_object_unref(gpointerOf(widget))
  }

  /// The widget's natural height at `width` (GTK measures its labels with Pango: wrapped text,
  /// CJK included).
  open func sizeThatFits(width: Double) -> Double {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, Int32(max(0, width)), &minimum, &natural, nil, nil)
    return Double(max(minimum, natural))
  }

  /// Resets state before reuse: clears the selected and highlighted looks.
  open func prepareForReuse() {
    setSelected(false, animated: false)
    setHighlighted(false, animated: false)
  }

  /// Shows the selection with the `selected` CSS class, and tells assistive technology (the `SELECTED`
  /// state).
  open func setSelected(_ selected: Bool, animated: Bool) {
    setCSSClass("selected", enabled: selected)
    accessibility.setSelected(selected, on: widget)
  }

  /// Shows the keyboard focus (`TableView.focusedIndexPath`) with the `focused` CSS class: a focus ring while
  /// the table has the keyboard focus.
  open func setFocused(_ focused: Bool, animated: Bool) {
    setCSSClass("focused", enabled: focused)
  }

  /// What assistive technology reads for the view (UIKit's `accessibilityLabel`): by default the text of its
  /// labels, in order, joined by commas. Set it to say something else, or override it in a subclass; set
  /// `nil` to go back to the default. The table view hands it to GTK (the `LABEL` property) whenever the view
  /// is laid out with a different text.
  /// - Complexity: By default O(w) for w widgets in the view's tree.
  open var accessibilityLabel: String? {
    get { customAccessibilityLabel ?? GTKAccessibilityState.labelText(in: widget) }
    set { customAccessibilityLabel = newValue }
  }
  /// The label set through ``accessibilityLabel``, if any.
  var customAccessibilityLabel: String?

  /// What the view last told GTK for assistive technology (the table view keeps it up to date).
  var accessibility = GTKAccessibilityState()

  /// The row's place in the whole table that GTK was last told for it (its `POS_IN_SET` and `SET_SIZE`);
  /// `nil` for a view that has not shown a row.
  @_spi(Testing) public var accessibilityPosition: TableView.AccessibilityPosition? { accessibility.position }
  /// The row index GTK was last told for the view's row in a data table (its `ROW_INDEX`, from 1); `nil` for a view
  /// that has not shown a row of one, or when GTK does not hold the relation.
  @_spi(Testing) public var accessibilityRowIndex: Int? {
    GTKAccessible.hasRelation(widget, GTK_ACCESSIBLE_RELATION_ROW_INDEX) ? accessibility.rowIndex : nil
  }

  /// Shows the touch-down highlight with the `highlighted` CSS class.
  open func setHighlighted(_ highlighted: Bool, animated: Bool) {
    setCSSClass("highlighted", enabled: highlighted)
  }

  /// Edit mode on or off: nothing by default (`GTKTableViewCell` shows its editing control).
  open func setEditing(_ editing: Bool, animated: Bool) {}

  /// The row's editing control in edit mode: nothing by default (`GTKTableViewCell` shows it).
  open func setEditingControl(_ style: TableView.EditingStyle, canMove: Bool) {}

  /// The content everywhere (a cell with controls tells where they are).
  open func region(at point: Point) -> CellRegion { .content }

  /// Adds (`enabled`) or removes a CSS class on the widget.
  public func setCSSClass(_ name: String, enabled: Bool) {
    if enabled { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
  }
}

/// Creation helpers for the GTK C API.
enum GTK {
  /// What surrounds a widget's content, horizontally and vertically: its CSS margins, borders
  /// and padding and its own margins (what GTK takes off a size before the widget measures).
  static func boxExtras(of widget: UnsafeMutablePointer<GtkWidget>) -> (horizontal: Int32, vertical: Int32) {
    let context = gtk_widget_get_style_context(widget)
    var margin = GtkBorder()
    var border = GtkBorder()
    var padding = GtkBorder()
    gtk_style_context_get_margin(context, &margin)
    gtk_style_context_get_border(context, &border)
    gtk_style_context_get_padding(context, &padding)
    let horizontal =
      Int32(margin.left) + Int32(margin.right) + Int32(border.left) + Int32(border.right) + Int32(padding.left)
      + Int32(padding.right) + gtk_widget_get_margin_start(widget) + gtk_widget_get_margin_end(widget)
    let vertical =
      Int32(margin.top) + Int32(margin.bottom) + Int32(border.top) + Int32(border.bottom) + Int32(padding.top)
      + Int32(padding.bottom) + gtk_widget_get_margin_top(widget) + gtk_widget_get_margin_bottom(widget)
    return (horizontal, vertical)
  }

  /// A GTK label: left-aligned, ellipsized or wrapping.
  static func label(wrap: Bool, cssClass: String?) -> UnsafeMutablePointer<GtkWidget> {
    let widget = gtk_label_new(nil)!
    let label = OpaquePointer(widget)
    gtk_label_set_xalign(label, 0)
    if wrap {
      gtk_label_set_wrap(label, 1)
      gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD)
      gtk_label_set_natural_wrap_mode(label, GTK_NATURAL_WRAP_NONE)
    } else {
      gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
      gtk_label_set_single_line_mode(label, 1)
    }
    if let cssClass { gtk_widget_add_css_class(widget, cssClass) }
    return widget
  }

  /// Sets a label's text (only when it changed: GTK re-measures on every set).
  static func setText(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
    let label = OpaquePointer(widget)
    if let current = gtk_label_get_text(label), String(cString: current) == text { return }
    gtk_label_set_text(label, text)
    // The label asks its parent to lay out again, but only the first time: GTK stops passing a
    // resize up from a widget that still waits to be measured, and a cell's labels are measured on
    // their own layouts (`GTKLabel.height(of:forWidth:)`), never by GTK. Without this, a reused
    // cell of the same height would not be allocated again, and its labels would keep the places
    // of its first text.
    if let parent = gtk_widget_get_parent(widget) { gtk_widget_queue_resize(parent) }
  }

  /// A box.
  static func box(_ orientation: GtkOrientation, spacing: Int32) -> UnsafeMutablePointer<GtkWidget> {
    gtk_box_new(orientation, spacing)
  }

  /// Appends `child` to `box`.
  static func append(_ box: UnsafeMutablePointer<GtkWidget>, _ child: UnsafeMutablePointer<GtkWidget>) {
    gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), child)
  }
}
