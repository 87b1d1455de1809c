import CGtk
@_spi(Backend) import TableViewCore

// Pull to refresh in GTK: while the content is pulled down past its top, or rests below the indicator while the
// app refreshes (`TableView.refreshControl`), the space above the content shows a spinner and a line saying what
// letting go does: "Pull to refresh", "Release to refresh", "Refreshing…". It is placed relative to the
// viewport, just above the content's top, and hidden otherwise.

extension GTKTableView {
  /// In the allocation: shows the indicator in the space above the content (a viewport `width` wide),
  /// or hides it.
  func placeRefreshIndicator(width: Int32) {
    let contentTop = Self.pixel(-table.contentOffset.y)
    guard let state = table.refreshIndicator, contentTop >= 1 else {
      if let refreshIndicator, gtk_widget_get_child_visible(refreshIndicator.box) != 0 {
        gtk_widget_set_child_visible(refreshIndicator.box, 0)
        gtk_spinner_stop(OpaquePointer(refreshIndicator.spinner))
      }
      refreshIndicatorText = ""
      return
    }
    let indicator = refreshIndicator ?? makeRefreshIndicator()
    let text = state.text
    if text != refreshIndicatorText {
      GTK.setText(indicator.label, text)
      refreshIndicatorText = text
      if state.phase == .refreshing {
        gtk_spinner_start(OpaquePointer(indicator.spinner))
      } else {
        gtk_spinner_stop(OpaquePointer(indicator.spinner))
      }
    }
    gtk_widget_set_child_visible(indicator.box, 1)
    gtk_widget_set_opacity(indicator.box, state.phase == .refreshing ? 1 : 0.4 + 0.6 * state.progress)
    // As tall as the control, its bottom at the content's top (clipped by the viewport while pulled less).
    let height = max(1, Self.pixel(table.refreshControl?.height ?? 0))
    var point = graphene_point_t(x: 0, y: Float(contentTop - height))
    gtk_widget_allocate(
      indicator.box, Self.allocatableWidth(width, of: indicator.box), Int32(height), -1,
      gsk_transform_translate(nil, &point))
  }

  /// The indicator's widgets, made once (a child of the viewport, behind the rows).
  func makeRefreshIndicator() -> (
    box: UnsafeMutablePointer<GtkWidget>, spinner: UnsafeMutablePointer<GtkWidget>,
    label: UnsafeMutablePointer<GtkWidget>
  ) {
    let box = GTK.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    gtk_widget_add_css_class(box, "stv-refresh")
    gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
    let spinner = gtk_spinner_new()!
    let label = GTK.label(wrap: false, cssClass: "stv-refresh-label")
    gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
    gtk_widget_set_hexpand(label, 0)
    GTK.append(box, spinner)
    GTK.append(box, label)
    gtk_widget_set_child_visible(box, 0)
    // Behind the rows: the first child.
    gtk_widget_insert_after(box, viewport, nil)
    let made = (box, spinner, label)
    refreshIndicator = made
    return made
  }
}
