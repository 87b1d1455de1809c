import CGtk
@_spi(Backend) import TableViewCore

// Edit mode and swipe actions in GTK: the engine decides (TableView+Editing, and its pointer router
// for presses on the controls and the actions); this draws the editing controls' styles into the
// cells and the swiped row's actions as buttons in the strip the row reveals.

extension GTKTableView {
  // MARK: Edit mode

  /// Enters or leaves edit mode (UIKit's `setEditing(_:animated:)`): the cells' editing controls
  /// slide in or out and the rows glide to their heights at the narrower (or wider) content width.
  /// - Complexity: O(visible)
  public func setEditing(_ editing: Bool, animated: Bool) {
    guard editing != table.isEditing else { return }
    // The table tells the cells their controls and measures the rows again (their text is narrower
    // in edit mode); animated, the rows glide to their new heights.
    table.setEditing(editing, animated: animated)
    setNeedsLayout()
  }

  /// The editing control of `cell` was clicked: the data source commits the row's editing style.
  func commitEditingStyle(of cell: GTKTableViewCell) {
    guard let path = table.indexPath(for: cell) else { return }
    try? table.commitEditingStyle(forRowAt: path)
    setNeedsLayout()
  }

  // MARK: Swipe actions

  /// The `index`th action button, made the first time it is needed.
  func swipeButton(_ index: Int) -> UnsafeMutablePointer<GtkWidget> {
    while swipeButtons.count <= index {
      let button = gtk_button_new()!
      let label = gtk_label_new(nil)!
      gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
      gtk_button_set_child(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self), label)
      gtk_widget_add_css_class(button, "stv-swipe-action")
      gtk_widget_set_focusable(button, 0)
      // The pointer does not click it: its press goes to the table, whose pointer router performs the action under
      // it. Accessibility's activation still clicks it.
      gtk_widget_set_can_target(button, 0)
      gtk_widget_set_child_visible(button, 0)
      gtk_widget_set_parent(button, viewport)
      let number = swipeButtons.count
      Signals.connect(gpointerOf(button), "clicked") { [weak self] in self?.swipeButtonClicked(number) }
      swipeButtons.append(button)
      swipeButtonLooks.append(("", .normal, false))
    }
    return swipeButtons[index]
  }

  /// Shows `action`'s title and style on button `index` (only what changed).
  func show(_ action: ContextualAction, on index: Int) {
    let button = swipeButtons[index]
    let title = action.title ?? ""
    let look = swipeButtonLooks[index]
    if look.title != title,
      let label = gtk_button_get_child(
        UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self))
    {
      gtk_label_set_text(OpaquePointer(label), title)
    }
    if look.style != action.style || look.title.isEmpty {
      // The theme paints the button: its destructive (red) or suggested (accent) action, in any theme.
      let (old, new) =
        action.style == .destructive
        ? (("normal", "suggested-action"), ("destructive", "destructive-action"))
        : (("destructive", "destructive-action"), ("normal", "suggested-action"))
      gtk_widget_remove_css_class(button, old.0)
      gtk_widget_remove_css_class(button, old.1)
      gtk_widget_add_css_class(button, new.0)
      gtk_widget_add_css_class(button, new.1)
    }
    // The action the keys chose (s, then ←/→ or Tab) shows a focus ring: Enter performs it.
    let chosen = table.focusedSwipeAction == index
    if look.chosen != chosen {
      if chosen { gtk_widget_add_css_class(button, "chosen") } else { gtk_widget_remove_css_class(button, "chosen") }
    }
    swipeButtonLooks[index] = (title, action.style, chosen)
  }

  /// A click on action button `index`: the engine performs that action of the swiped row.
  func swipeButtonClicked(_ index: Int) {
    table.performSwipeAction(index)
    setNeedsLayout()
  }

  /// The on-screen rectangles (viewport coordinates: x, y, width, height) and titles of the
  /// revealed action buttons, for tests and monitors.
  @_spi(Testing) public var swipeButtonFrames: [(title: String, frame: Rect)] {
    swipeButtons.indices.compactMap { index in
      let button = swipeButtons[index]
      guard gtk_widget_get_child_visible(button) != 0 else { return nil }
      var bounds = graphene_rect_t()
      guard gtk_widget_compute_bounds(button, viewport, &bounds) != 0 else { return nil }
      return (
        swipeButtonLooks[index].title,
        Rect(
          x: Double(bounds.origin.x), y: Double(bounds.origin.y), width: Double(bounds.size.width),
          height: Double(bounds.size.height))
      )
    }
  }
}
