import CGtk
import TableViewGTK

/// Adds a page's style sheet to the default display, over the backend's (`GTKStyle`): the one place the demo's pages
/// load their CSS.
enum DemoStyleSheet {
  /// Adds `css` to the default display at the application's priority plus `raise`; false without a display.
  @discardableResult
  static func add(_ css: String, raise: UInt32 = 2) -> Bool {
    guard let display = gdk_display_get_default() else { return false }
    GTKStyle.install()
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + raise)
    g_object_unref(gpointerOf(provider!))  // the display keeps its own reference
    return true
  }
}
