import CGtk

/// The demo's buttons and their keys.
enum DemoButtons {
  /// Makes `button` reachable with Tab (and so by the keyboard alone) without taking the focus on a click: a click on
  /// New post leaves the arrows with the list, as before, but Tab stops on it.
  static func reachableByKeyboard(_ button: UnsafeMutablePointer<GtkWidget>) {
    gtk_widget_set_focusable(button, 1)
    gtk_widget_set_focus_on_click(button, 0)
  }

  /// The feed pages' shortcuts: Ctrl-E toggles `edit` (edit mode, Edit ↔ Done), Ctrl-N runs `newPost`. Whether the
  /// key was one of them.
  static func feedShortcut(
    _ keyval: UInt32, edit: UnsafeMutablePointer<GtkWidget>, newPost: () -> Void
  ) -> Bool {
    switch Int32(keyval) {
    case GDK_KEY_e, GDK_KEY_E:
      let toggle = UnsafeMutableRawPointer(edit).assumingMemoryBound(to: GtkToggleButton.self)
      gtk_toggle_button_set_active(toggle, gtk_toggle_button_get_active(toggle) == 0 ? 1 : 0)
      return true
    case GDK_KEY_n, GDK_KEY_N:
      newPost()
      return true
    default: return false
    }
  }
}
