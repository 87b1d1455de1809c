import CGtk
@_spi(Backend) import TableViewCore

/// What a view last told GTK for assistive technology: its label, its row's position (or row index), its selected and
/// hidden states. GTK sends every update over the accessibility bus (AT-SPI) when a screen reader listens,
/// so each is set only when it changes; the table view calls these for every view it lays out.
struct GTKAccessibilityState {
  private(set) var label: String?
  private(set) var position: TableView.AccessibilityPosition?
  /// The `ROW_INDEX` GTK was told (a row of a data table), from 1.
  private(set) var rowIndex: Int?
  private(set) var describesSections = false
  private(set) var selected: Bool?
  private(set) var hidden: Bool?

  /// Sets the `LABEL` property (what a screen reader reads for the view); `nil` removes it.
  mutating func setLabel(_ text: String?, on widget: UnsafeMutablePointer<GtkWidget>) {
    guard text != label else { return }
    label = text
    if let text {
      GTKAccessible.setProperty(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
    } else {
      gtk_accessible_reset_property(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_LABEL)
    }
  }

  /// Sets the row's place in the whole table: in a list, the `POS_IN_SET` and `SET_SIZE` relations; in a data table
  /// (`inGrid`), the `ROW_INDEX` relation (the table's `ROW_COUNT` says the size); and the `DESCRIPTION` property
  /// saying it ("row 41 of 1,000,000, section 1"): GTK 4.8 does not pass these relations on to AT-SPI, so the
  /// description is what a screen reader reads today. `describe` builds the description; it is called only when
  /// the position changed.
  mutating func setPosition(
    _ new: TableView.AccessibilityPosition, sections: Bool, inGrid: Bool, on widget: UnsafeMutablePointer<GtkWidget>,
    describe: () -> String?
  ) {
    guard new != position || sections != describesSections else { return }
    if inGrid {
      if new.positionInSet != rowIndex {
        GTKAccessible.setRelation(widget, GTK_ACCESSIBLE_RELATION_ROW_INDEX, new.positionInSet)
        rowIndex = new.positionInSet
      }
    } else {
      if new.positionInSet != position?.positionInSet {
        GTKAccessible.setRelation(widget, GTK_ACCESSIBLE_RELATION_POS_IN_SET, new.positionInSet)
      }
      if new.setSize != position?.setSize {
        GTKAccessible.setRelation(widget, GTK_ACCESSIBLE_RELATION_SET_SIZE, new.setSize)
      }
    }
    position = new
    describesSections = sections
    if let description = describe() {
      GTKAccessible.setProperty(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
    }
  }

  /// Sets the `SELECTED` state.
  mutating func setSelected(_ flag: Bool, on widget: UnsafeMutablePointer<GtkWidget>) {
    guard flag != selected else { return }
    selected = flag
    GTKAccessible.setState(widget, GTK_ACCESSIBLE_STATE_SELECTED, flag)
  }

  /// Sets the `HIDDEN` state: a view in the reuse pool is left out of the accessibility tree. (Hiding it
  /// with `gtk_widget_set_child_visible` does not: GTK presents every visible child to AT-SPI, mapped or
  /// not.)
  mutating func setHidden(_ flag: Bool, on widget: UnsafeMutablePointer<GtkWidget>) {
    guard flag != hidden else { return }
    hidden = flag
    GTKAccessible.setState(widget, GTK_ACCESSIBLE_STATE_HIDDEN, flag)
  }

  /// Asks GTK to send what it still holds back about the widget, and nothing else: the `SELECTED` state again, as it
  /// is (a value GTK already has is no change). GTK 4.8 sends nothing until a screen reader first reads the row, and
  /// then sends all of it (the row "added" to the list, its name, description, orientation and states) with the
  /// next change: without this, with the state a key changes, where a screen reader takes the name and description
  /// as news about the row. The table calls it before each key's changes (see `installFocusTracking()`).
  func sendPendingChanges(on widget: UnsafeMutablePointer<GtkWidget>) {
    GTKAccessible.setState(widget, GTK_ACCESSIBLE_STATE_SELECTED, selected ?? false)
  }

  /// The text of the visible labels in `widget`'s tree, in order, joined by ", "; `nil` when there is none.
  /// - Complexity: O(w) for w widgets in the tree.
  static func labelText(in widget: UnsafeMutablePointer<GtkWidget>) -> String? {
    var parts: [String] = []
    collectLabels(in: widget, into: &parts)
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  private static func collectLabels(in widget: UnsafeMutablePointer<GtkWidget>, into parts: inout [String]) {
    guard gtk_widget_get_visible(widget) != 0, gtk_widget_get_child_visible(widget) != 0 else { return }
    if GTKLabel.isLabel(widget) {
      if let text = gtk_label_get_text(OpaquePointer(widget)) {
        let string = String(cString: text)
        if !string.isEmpty { parts.append(string) }
      }
      return
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      collectLabels(in: current, into: &parts)
      child = gtk_widget_get_next_sibling(current)
    }
  }
}
