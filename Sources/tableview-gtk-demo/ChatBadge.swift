import CGtk
import DemoData
import TableViewGTK

/// The chats' "N new ↓" badge: a round red button over the bottom right of the table, shown while
/// messages wait below the visible area (the table's `rowsBelowVisibleArea`), hidden otherwise.
/// Both chat pages (in memory and from the database) keep one and forward the table's delegate call
/// to it; a click calls `onClick` (the pages scroll to the newest).
final class ChatBadge {
  /// The button (the page adds it to its overlay).
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The count shown (as the table last told it).
  private(set) var count = 0
  /// Called when the badge is clicked.
  var onClick: (() -> Void)?
  /// The table view whose layout the badge follows (laid out again after a change, so that the state
  /// hook writes the badge beside the rows).
  private unowned let tableView: GTKTableView
  private var refresh: GLibTimeout?

  /// A hidden badge over `tableView`.
  init(over tableView: GTKTableView) {
    self.tableView = tableView
    widget = gtk_button_new_with_label("")
    gtk_widget_add_css_class(widget, "chat-badge")
    gtk_widget_set_halign(widget, GTK_ALIGN_END)
    gtk_widget_set_valign(widget, GTK_ALIGN_END)
    gtk_widget_set_visible(widget, 0)
    // It leaves the keyboard with the table.
    gtk_widget_set_focusable(widget, 0)
    Signals.connect(gpointerOf(widget), "clicked") { [weak self] in self?.onClick?() }
  }

  /// Stops a refresh on its way (the page is going).
  func cancel() {
    refresh?.cancel()
    refresh = nil
  }

  /// The table counted `count` rows below the visible area (0: the user is back at the bottom).
  /// Told during the table's layout: the badge (a sibling in the overlay) changes after it.
  func tell(count: Int) {
    self.count = count
    guard refresh == nil else { return }
    refresh = GLibTimeout(milliseconds: 0) { [weak self] in
      self?.show()
      return false
    }
  }

  /// Shows "N new ↓" while messages wait below, hides the badge otherwise.
  private func show() {
    refresh = nil
    if count > 0 {
      gtk_button_set_label(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self), text)
    }
    gtk_widget_set_visible(widget, count > 0 ? 1 : 0)
    tableView.setNeedsLayout()
  }

  /// The badge's text.
  var text: String { "\(count.grouped) new ↓" }

  /// Whether it is shown.
  var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }
}
