import CGtk
import TableViewGTK

/// The browser's CSS, over the backend's: the grid's cells (a padding and a faint divider a column, the frozen
/// column's divider stronger), NULL dim and italic, the header in the window's background colour with the column
/// cursor shaded in the accent (and, in the focused row, the cursor's cell). Every colour is the theme's (named colours and shades of the text's colour), so the
/// dark style works.
enum BrowserStyle {
  nonisolated(unsafe) private static var installed = false

  static let css = """
    .browser-row { padding: 0; }
    .browser-value { padding: 0 8px; border-right: 1px solid alpha(currentColor, 0.12); }
    .browser-value.browser-frozen { border-right: 1px solid alpha(currentColor, 0.35); }
    .browser-null { font-style: italic; color: alpha(currentColor, 0.45); }
    .browser-placeholder { color: alpha(currentColor, 0.35); }
    textview.browser-null > text { font-style: italic; color: alpha(@view_fg_color, 0.45); }
    .browser-header { background-color: @theme_bg_color; color: @theme_fg_color;
      border-bottom: 1px solid alpha(currentColor, 0.2); }
    .browser-header .browser-value { font-weight: bold; }
    .browser-header .browser-value.browser-frozen { background-color: @theme_bg_color; }
    .browser-header .browser-value.browser-cursor { background-color: alpha(@theme_selected_bg_color, 0.2); }
    .browser-row .browser-value.browser-cursor { background-color: alpha(@theme_selected_bg_color, 0.14); }
    """

  /// Adds the style sheet to the default display (once).
  static func install() {
    guard !installed else { return }
    installed = DemoStyleSheet.add(css)
  }
}
