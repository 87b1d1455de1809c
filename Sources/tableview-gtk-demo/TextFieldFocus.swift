import CGtk

/// Whether the keyboard focus of the window that holds `widget` is in a text field (the chat's composer, the feed's
/// search entry): the user is typing there, so a key is text and a page that finishes opening leaves the focus alone.
func isTyping(in widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
  return g_type_check_instance_is_a(
    UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self), gtk_editable_get_type()) != 0
}
