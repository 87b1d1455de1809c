import CGtk
import TableViewGTK

/// The chat page's CSS: bubbles (grey on the left, the user's blue on the right), the loading row,
/// the "N new ↓" badge, the composer. Added once, over the backend's style sheet.
enum ChatStyle {
  nonisolated(unsafe) private static var installed = false

  /// The user's bubbles (also what the screenshot test looks for).
  static let mineColor = "#3584e4"
  /// Other people's bubbles.
  static let otherColor = "#ebebed"
  /// The badge.
  static let badgeColor = "#e01b24"

  static let css = """
    .chat-row { padding: 3px 12px; }
    .chat-bubble { padding: 6px 11px; border-radius: 14px; background-color: \(otherColor); color: #1e1e1e; }
    .chat-bubble.mine { background-color: \(mineColor); color: #ffffff; }
    .chat-bubble.unread { box-shadow: 0 0 0 2px #e5a50a; }
    .chat-meta { font-size: smaller; font-weight: bold; color: #6a6a6a; }
    .chat-bubble.mine .chat-meta { color: #dce8fb; }
    .chat-loading { padding: 12px; color: #7a7a7a; font-style: italic; }
    .chat-badge { border-radius: 9999px; background: \(badgeColor); color: #ffffff; font-weight: bold;
      padding: 4px 14px; margin: 14px 22px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.3); }
    .chat-bar { padding: 4px 8px; border-bottom: 1px solid #e4e4e4; }
    .chat-composer { padding: 6px 8px; border-top: 1px solid #e4e4e4; }
    """

  /// Adds the style sheet to the default display (once).
  static func install() {
    guard !installed, let display = gdk_display_get_default() else { return }
    installed = true
    GTKStyle.install()
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 2)
    g_object_unref(gpointerOf(provider!))  // the display keeps its own reference
  }
}
