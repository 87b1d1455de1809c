import CGtk

/// Sets what a widget tells assistive technology (GTK's `GtkAccessible`: its role, properties, states and
/// relations), from Swift. GTK's `gtk_accessible_update_property` and its siblings are C variadic functions,
/// which Swift cannot call; these wrap their `_value` forms (arrays of `GValue`).
///
/// GTK passes what it exposes to the platform's accessibility layer: on Linux, AT-SPI, which Orca reads.
public enum GTKAccessible {
  /// Sets what a screen reader calls `widget` (its accessible `LABEL`; UIKit's `accessibilityLabel`): an entry's
  /// purpose ("Search posts"), where GTK 4.8 would otherwise give its type's name ("GtkSearchEntry"; a placeholder
  /// text is not a name to AT-SPI).
  public static func setAccessibilityLabel(_ label: String, on widget: UnsafeMutablePointer<GtkWidget>) {
    setProperty(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label)
  }

  /// Sets `widget`'s accessible `DESCRIPTION` (UIKit's `accessibilityHint` comes closest). GTK 4.8 has no way to
  /// announce (`gtk_accessible_announce` is GTK 4.14's): a screen reader speaks a change of the description of the
  /// widget with the keyboard focus (Orca does), which is the nearest thing — a chat's composer described by the
  /// message that just arrived.
  public static func setAccessibilityDescription(_ description: String, on widget: UnsafeMutablePointer<GtkWidget>) {
    setProperty(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
  }

  /// Sets what `widget` is to assistive technology (its accessible role): `GTK_ACCESSIBLE_ROLE_GRID_CELL` for a
  /// cell of a data table's row, `GTK_ACCESSIBLE_ROLE_COLUMN_HEADER` for a column's title. GTK fixes a widget's
  /// role once it is shown: call it on a new widget. (A row's role is its view's: `GTKView(widget:accessibleRole:)`.)
  public static func setAccessibilityRole(_ role: GtkAccessibleRole, on widget: UnsafeMutablePointer<GtkWidget>) {
    setRole(widget, role)
  }

  /// Sets the column of a data table `widget` is in, counted from 1 (its `COL_INDEX` relation): a cell's or a
  /// column header's, as GtkColumnView's cells have theirs. GTK 4.8 keeps it (its test context and later versions'
  /// AT-SPI bridge read it) but does not pass it on to AT-SPI: say the column in the widget's label or description
  /// too.
  public static func setAccessibilityColumnIndex(_ column: Int, on widget: UnsafeMutablePointer<GtkWidget>) {
    setRelation(widget, GTK_ACCESSIBLE_RELATION_COL_INDEX, column)
  }

  /// Sets how a column header's column orders the rows (its `SORT` property: `GTK_ACCESSIBLE_SORT_ASCENDING`,
  /// `_DESCENDING`, or `_NONE`). Like the column's index, GTK 4.8 does not pass it on to AT-SPI.
  public static func setAccessibilitySort(_ sort: GtkAccessibleSort, on widget: UnsafeMutablePointer<GtkWidget>) {
    // GTK 4.8 reads the value as an integer (`g_value_get_int`), not as the enum its `init_value` makes.
    var value = GValue()
    g_value_init(&value, intType)
    g_value_set_int(&value, Int32(bitPattern: sort.rawValue))
    update(widget, GTK_ACCESSIBLE_PROPERTY_SORT, &value)
  }

  /// Sets `widget`'s accessible role. GTK reads the role when the widget's accessibility context is realized,
  /// after which it cannot change: call it on a new widget, before it is put in a window.
  static func setRole(_ widget: UnsafeMutablePointer<GtkWidget>, _ role: GtkAccessibleRole) {
    var value = GValue()
    g_value_init(&value, gtk_accessible_role_get_type())
    g_value_set_enum(&value, Int32(bitPattern: role.rawValue))
    g_object_set_property(gobject(widget), "accessible-role", &value)
    g_value_unset(&value)
  }

  /// `widget`'s accessible role.
  static func role(of widget: UnsafeMutablePointer<GtkWidget>) -> GtkAccessibleRole {
    gtk_accessible_get_accessible_role(accessible(widget))
  }

  /// Sets a string property (`LABEL`, `DESCRIPTION`, `VALUE_TEXT`…).
  static func setProperty(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ text: String
  ) {
    var value = GValue()
    g_value_init(&value, stringType)
    g_value_set_string(&value, text)
    update(widget, property, &value)
  }

  /// Sets a number property (`VALUE_NOW`, `VALUE_MIN`, `VALUE_MAX`).
  static func setProperty(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ number: Double
  ) {
    var value = GValue()
    g_value_init(&value, doubleType)
    g_value_set_double(&value, number.isFinite ? number : 0)
    update(widget, property, &value)
  }

  /// Sets an integer property (`LEVEL`).
  static func setProperty(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ number: Int) {
    var value = GValue()
    g_value_init(&value, intType)
    g_value_set_int(&value, Int32(clamping: number))
    update(widget, property, &value)
  }

  /// Sets a boolean property (`MULTI_SELECTABLE`).
  static func setProperty(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ flag: Bool) {
    var value = GValue()
    g_value_init(&value, booleanType)
    g_value_set_boolean(&value, flag ? 1 : 0)
    update(widget, property, &value)
  }

  /// Sets a boolean state (`SELECTED`, `HIDDEN`).
  static func setState(_ widget: UnsafeMutablePointer<GtkWidget>, _ state: GtkAccessibleState, _ flag: Bool) {
    // GTK 4.8 collects a state that may also be "undefined" (SELECTED) as an integer, a plain one as a
    // boolean: the value is made as GTK expects it.
    var value = GValue()
    gtk_accessible_state_init_value(state, &value)
    if value.g_type == intType {
      g_value_set_int(&value, flag ? 1 : 0)
    } else {
      g_value_set_boolean(&value, flag ? 1 : 0)
    }
    var states = [state]
    withUnsafePointer(to: &value) { pointer in
      gtk_accessible_update_state_value(accessible(widget), 1, &states, pointer)
    }
    g_value_unset(&value)
  }

  /// Sets an integer relation (`POS_IN_SET`, `SET_SIZE`, `ROW_INDEX`, `ROW_COUNT`, `COL_INDEX`, `COL_COUNT`).
  static func setRelation(_ widget: UnsafeMutablePointer<GtkWidget>, _ relation: GtkAccessibleRelation, _ number: Int) {
    var value = GValue()
    g_value_init(&value, intType)
    g_value_set_int(&value, Int32(clamping: number))
    var relations = [relation]
    withUnsafePointer(to: &value) { pointer in
      gtk_accessible_update_relation_value(accessible(widget), 1, &relations, pointer)
    }
    g_value_unset(&value)
  }

  /// Whether GTK holds `relation` for `widget` (what its accessibility context was told; GTK's test API).
  static func hasRelation(_ widget: UnsafeMutablePointer<GtkWidget>, _ relation: GtkAccessibleRelation) -> Bool {
    gtk_test_accessible_has_relation(accessible(widget), relation) != 0
  }

  // GLib's fundamental types (its G_TYPE_ macros are not imported), found once by name.
  private static let booleanType = g_type_from_name("gboolean")
  private static let intType = g_type_from_name("gint")
  private static let doubleType = g_type_from_name("gdouble")
  private static let stringType = g_type_from_name("gchararray")

  private static func update(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ value: inout GValue
  ) {
    var properties = [property]
    withUnsafePointer(to: &value) { pointer in
      gtk_accessible_update_property_value(accessible(widget), 1, &properties, pointer)
    }
    g_value_unset(&value)
  }

  private static func accessible(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
    OpaquePointer(widget)
  }
}
