import CGtk
@_spi(Backend) import TableViewCore

// Pull to refresh in GTK: while the content is pulled down past its top, or rests below the indicator while the
// app refreshes (`TableView.refreshControl`), the space above the content shows a spinner and a line saying what
// letting go does: "Pull to refresh", "Release to refresh", "Refreshing…". It is placed relative to the
// viewport, just above the content's top, and hidden otherwise.

extension GTKTableView {
  /// Shows the indicator (made the first time) with the engine's words and phase: a spinner while refreshing,
  /// fading in as the pull nears the point where letting go refreshes. The draw list places it.
  /// - Returns: The indicator's widget.
  func showRefreshIndicator(_ state: RefreshIndicator) -> UnsafeMutablePointer<GtkWidget> {
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
    return indicator.box
  }

  /// Hides the indicator (nothing is pulled and nothing refreshes).
  func hideRefreshIndicator() {
    if let refreshIndicator, gtk_widget_get_child_visible(refreshIndicator.box) != 0 {
      gtk_widget_set_child_visible(refreshIndicator.box, 0)
      gtk_spinner_stop(OpaquePointer(refreshIndicator.spinner))
    }
    refreshIndicatorText = ""
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
