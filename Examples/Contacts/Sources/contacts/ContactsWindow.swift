import CGtk
import TableViewCore
import TableViewGTK

/// The window: a header bar with the search field and the Edit button, the list below it, GLib's main loop.
@MainActor
final class ContactsWindow {
  let loop = g_main_loop_new(nil, 0)
  let window = gtk_window_new()!
  let searchEntry = gtk_search_entry_new()!
  let editButton = gtk_toggle_button_new_with_label("Edit")!
  let list: ContactsList
  /// Runs once, on the loop's next turn after the first frame that shows rows.
  var afterFirstFrame: (() -> Void)?
  private var shownFirstFrame = false

  var gtkWindow: UnsafeMutablePointer<GtkWindow> {
    UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
  }

  init(book: ContactBook) {
    list = ContactsList(book: book)
    gtk_window_set_title(gtkWindow, "Contacts")
    gtk_window_set_default_size(gtkWindow, 420, 640)
    let header = gtk_header_bar_new()!
    let headerBar = OpaquePointer(header)
    gtk_header_bar_pack_start(headerBar, searchEntry)
    gtk_header_bar_pack_end(headerBar, editButton)
    gtk_window_set_titlebar(gtkWindow, header)
    Self.setString(searchEntry, "placeholder-text", "Search")
    gtk_window_set_child(gtkWindow, list.tableView.widget)

    // GtkSearchEntry says "search-changed" after a pause in the typing.
    Signals.connect(gpointerOf(searchEntry), "search-changed") { [weak self] in
      guard let self else { return }
      list.search(String(cString: gtk_editable_get_text(OpaquePointer(searchEntry))))
    }
    Signals.connect(gpointerOf(editButton), "toggled") { [weak self] in self?.editToggled() }
    list.tableView.didLayout = { [weak self] view in
      guard let self, !shownFirstFrame, !view.table.indexPathsForVisibleRows.isEmpty else { return }
      shownFirstFrame = true
      // Not from inside GTK's allocation: on the loop's next turn.
      Task { @MainActor in self.afterFirstFrame?() }
    }
    let loop = self.loop
    Signals.connectHandled(gpointerOf(window), "close-request") {
      g_main_loop_quit(loop)
      return false
    }
  }

  var isEditing: Bool {
    get { gtk_toggle_button_get_active(toggle) != 0 }
    set { gtk_toggle_button_set_active(toggle, newValue ? 1 : 0) }
  }

  private var toggle: UnsafeMutablePointer<GtkToggleButton> {
    UnsafeMutableRawPointer(editButton).assumingMemoryBound(to: GtkToggleButton.self)
  }

  /// The Edit button: edit mode on or off (delete controls on every row, reorder controls on the favourites).
  private func editToggled() {
    let on = isEditing
    gtk_button_set_label(
      UnsafeMutableRawPointer(editButton).assumingMemoryBound(to: GtkButton.self), on ? "Done" : "Edit")
    list.tableView.setEditing(on, animated: true)
  }

  func run() {
    gtk_window_present(gtkWindow)
    g_main_loop_run(loop)
  }

  func quit() { g_main_loop_quit(loop) }

  /// Sets a string property of a widget (GTK's `g_object_set` is variadic, which Swift does not call).
  static func setString(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
    g_value_set_string(&value, text)
    g_object_set_property(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), property, &value)
    g_value_unset(&value)
  }
}
