import CGtk
@_spi(Backend) import TableViewCore

// The section index in GTK (UIKit's A–Z bar of contacts apps): a narrow column between the list and its scrollbar,
// the index's titles in small text down it, placed by the core's rule (`SectionIndexLayout`: centred when they fit,
// else each line shows the title it stands for), so the title drawn at a place is the one a press there jumps to. A
// press or a drag along the bar jumps to the title under the pointer, again each time the pointer reaches another
// one, as UIKit's index does while dragging; past either end of the titles it stays on the first or the last.
//
// To assistive technology (GTK 4.8's GtkAccessible, read through AT-SPI) the bar is a TOOLBAR labelled "Section
// index" and every title a BUTTON named by its title, whose activation (AT-SPI's "click" action) jumps. All the
// titles are there, also those a short bar skips on screen: a screen reader's user reaches every section.

/// A table's section index bar: one button per title, placed by its own layout, the pointer handled by the bar.
final class GTKSectionIndexBar {
  /// The bar: hidden while the table shows no index.
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The titles the buttons show, in order.
  private(set) var titles: [String] = []
  /// One button per title (the pointer does not reach them: the bar takes its presses and drags).
  private(set) var buttons: [UnsafeMutablePointer<GtkWidget>] = []
  /// Called with a title's index when the pointer presses or drags onto it, or assistive technology activates it.
  var onSelect: ((Int) -> Void)?
  /// The lines of the last allocation.
  private(set) var layout = SectionIndexLayout(titleCount: 0, height: 0, titleHeight: 1)
  /// Where the drag began (the bar's coordinates): GTK reports its moves from there.
  private var dragStartY = 0.0
  /// The title the current press or drag last jumped to (a drag jumps again only on another title).
  private var lastSelected: Int?

  /// The name assistive technology reads for the bar.
  static let accessibleName = "Section index"

  init() {
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    g_object_ref_sink(gpointerOf(widget))
    gtk_widget_add_css_class(widget, "stv-section-index")
    gtk_widget_set_vexpand(widget, 1)
    GTKAccessible.setRole(widget, GTK_ACCESSIBLE_ROLE_TOOLBAR)
    GTKAccessible.setProperty(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, Self.accessibleName)
    gtk_widget_set_layout_manager(widget, gtk_custom_layout_new(nil, sectionIndexMeasure, sectionIndexAllocate))
    gtk_widget_set_visible(widget, 0)
    g_object_set_data(gobject(widget), Self.ownerKey, Unmanaged.passUnretained(self).toOpaque())

    let drag = gtk_gesture_drag_new()!
    gtk_gesture_single_set_button(drag, 1)
    Signals.connect(gpointerOf(drag), "drag-begin") { [weak self] (_: Double, y: Double) in
      guard let self else { return }
      self.dragStartY = y
      self.lastSelected = nil
      self.select(self.layout.title(nearestOffset: y))
    }
    Signals.connect(gpointerOf(drag), "drag-update") { [weak self] (_: Double, dy: Double) in
      guard let self else { return }
      self.select(self.layout.title(nearestOffset: self.dragStartY + dy))
    }
    Signals.connect(gpointerOf(drag), "drag-end") { [weak self] (_: Double, _: Double) in self?.lastSelected = nil }
    gtk_widget_add_controller(widget, drag)
  }

  deinit {
    g_object_set_data(gobject(widget), Self.ownerKey, nil)
    for button in buttons { gtk_widget_unparent(button) }
    g_object_unref(gpointerOf(widget))
  }

  static let ownerKey = "swift-table-view-section-index"

  /// The bar that owns `widget`, if it is alive.
  static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> GTKSectionIndexBar? {
    guard let widget, let data = g_object_get_data(gobject(widget), ownerKey) else { return nil }
    return Unmanaged<GTKSectionIndexBar>.fromOpaque(data).takeUnretainedValue()
  }

  /// Jumps to `title` unless the press or drag is already there.
  private func select(_ title: Int?) {
    guard let title, title != lastSelected else { return }
    lastSelected = title
    onSelect?(title)
  }

  /// Shows `titles` (buttons made, renamed or removed as needed). Call outside GTK's allocation.
  /// - Complexity: O(titles)
  func setTitles(_ new: [String]) {
    guard new != titles else { return }
    while buttons.count < new.count {
      let button = gtk_button_new_with_label("")!
      gtk_widget_add_css_class(button, "stv-section-index-title")
      gtk_widget_set_focusable(button, 0)
      // The pointer does not click it: the bar's drag jumps (and keeps jumping while the pointer moves).
      // Accessibility's activation still clicks it.
      gtk_widget_set_can_target(button, 0)
      gtk_widget_set_child_visible(button, 0)
      gtk_widget_set_parent(button, widget)
      let number = buttons.count
      Signals.connect(gpointerOf(button), "clicked") { [weak self] in self?.onSelect?(number) }
      buttons.append(button)
    }
    while buttons.count > new.count, let button = buttons.popLast() { gtk_widget_unparent(button) }
    for (index, title) in new.enumerated() where index >= titles.count || titles[index] != title {
      gtk_button_set_label(UnsafeMutableRawPointer(buttons[index]).assumingMemoryBound(to: GtkButton.self), title)
      GTKAccessible.setProperty(buttons[index], GTK_ACCESSIBLE_PROPERTY_LABEL, title)
    }
    titles = new
    gtk_widget_queue_resize(widget)
  }

  /// The bar's width: its widest title's.
  func measureWidth() -> Int32 {
    var widest: Int32 = 0
    for button in buttons {
      var natural: Int32 = 0
      gtk_widget_measure(button, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
      widest = max(widest, natural)
    }
    return widest
  }

  /// Places the titles down the bar by the core's rule; those it skips are not drawn.
  func allocate(width: Int32, height: Int32) {
    var titleHeight: Int32 = 0
    if let first = buttons.first {
      gtk_widget_measure(first, GTK_ORIENTATION_VERTICAL, width, nil, &titleHeight, nil, nil)
    }
    layout = SectionIndexLayout(titleCount: buttons.count, height: Double(height), titleHeight: Double(titleHeight))
    var next = 0
    for line in 0..<layout.lineCount {
      guard let title = layout.title(onLine: line) else { continue }
      for skipped in next..<title { hide(buttons[skipped]) }
      next = title + 1
      let button = buttons[title]
      if gtk_widget_get_child_visible(button) == 0 { gtk_widget_set_child_visible(button, 1) }
      var point = graphene_point_t(x: 0, y: Float(layout.top(ofLine: line)))
      gtk_widget_allocate(button, width, titleHeight, -1, gsk_transform_translate(nil, &point))
    }
    for skipped in next..<buttons.count { hide(buttons[skipped]) }
  }

  private func hide(_ button: UnsafeMutablePointer<GtkWidget>) {
    if gtk_widget_get_child_visible(button) != 0 { gtk_widget_set_child_visible(button, 0) }
  }
}

// The custom layout's C callbacks (no captured context: the owner is found from the widget).

private let sectionIndexMeasure: GtkCustomMeasureFunc = { widget, orientation, _, minimum, natural, _, _ in
  // Across, the widest title; down, nothing: a short bar skips titles.
  let width = orientation == GTK_ORIENTATION_HORIZONTAL ? GTKSectionIndexBar.owner(of: widget)?.measureWidth() ?? 0 : 0
  minimum?.pointee = width
  natural?.pointee = width
}

private let sectionIndexAllocate: GtkCustomAllocateFunc = { widget, width, height, _ in
  GTKSectionIndexBar.owner(of: widget)?.allocate(width: width, height: height)
}
