import CGtk
import TableViewGTK

/// The chat page's CSS: bubbles (a shade of the text's colour on the left, the accent on the right), the loading
/// row, the "N new ↓" badge, the composer. Added once, over the backend's style sheet. Every colour is one of
/// libadwaita's named colours (the demo runs under libadwaita), so the chat follows the light or dark style.
enum ChatStyle {
  nonisolated(unsafe) private static var installed = false

  /// The user's bubbles: the accent (#3584e4 in Adwaita's light and dark styles; the screenshot test looks for it).
  static let mineColor = "@accent_bg_color"
  /// Other people's bubbles: a tenth of the text's colour over the view.
  static let otherColor = "alpha(@view_fg_color, 0.1)"
  /// The badge.
  static let badgeColor = "@destructive_bg_color"

  static let css = """
    .chat-row { padding: 3px 12px; }
    .chat-bubble { padding: 6px 11px; border-radius: 14px; background-color: \(otherColor); color: @view_fg_color; }
    .chat-bubble.mine { background-color: \(mineColor); color: @accent_fg_color; }
    .chat-bubble.unread { box-shadow: 0 0 0 2px @warning_bg_color; }
    .chat-meta { font-size: smaller; font-weight: bold; color: alpha(currentColor, 0.65); }
    .chat-bubble.mine .chat-meta { color: alpha(currentColor, 0.85); }
    .chat-loading { padding: 12px; color: alpha(currentColor, 0.55); font-style: italic; }
    .chat-badge { border-radius: 9999px; background: \(badgeColor); color: @destructive_fg_color; font-weight: bold;
      padding: 4px 14px; margin: 14px 22px; box-shadow: 0 1px 4px alpha(black, 0.3); }
    .chat-bar { padding: 4px 8px; border-bottom: 1px solid alpha(currentColor, 0.15); }
    .chat-composer { padding: 6px 8px; border-top: 1px solid alpha(currentColor, 0.15); }
    """

  /// Adds the style sheet to the default display (once).
  static func install() {
    guard !installed else { return }
    installed = DemoStyleSheet.add(css)
  }
}
