import CGtk

/// The backend's CSS: cells, separators, the selection and highlight, headers, the picker's band.
/// Installed once for the default display by the first table or picker view.
public enum GTKStyle {
  nonisolated(unsafe) private static var installed = false

  /// The colour of a selected row's background (also what the screenshot test looks for).
  public static let selectionColor = "#3584e4"

  /// The colour of the focus ring on the focused row while the table has the keyboard focus.
  public static let focusRingColor = "#1a5fb4"

  /// The background of a row being moved (also what the reorder test looks for).
  public static let liftedColor = "#e8f0fc"

  /// The style sheet.
  public static let css = """
    .stv-viewport { background-color: #ffffff; }
    .stv-cell { padding: 6px 14px; color: #1e1e1e;
      border-bottom: 1px solid #e4e4e4; }
    .stv-cell.highlighted { background-color: #cfe1f9; }
    .stv-cell.selected { background-color: \(selectionColor); color: #ffffff; }
    .stv-viewport:focus > .focused { outline: 2px solid \(focusRingColor); outline-offset: -2px; }
    .stv-cell.selected .stv-detail, .stv-cell.selected .stv-value { color: #f0f4ff; }
    .stv-title { font-weight: bold; }
    .stv-avatar { border-radius: 9999px; color: #ffffff; font-weight: bold; background-color: #9a9996; }
    .stv-detail { color: #444444; }
    .stv-value { color: #6a6a6a; }
    .stv-accessory { color: \(selectionColor); font-weight: bold; margin-left: 8px; }
    .stv-cell.selected .stv-accessory { color: #ffffff; }
    .stv-header { padding: 5px 14px; background-color: #f2f2f4; color: #3a3a3a;
      border-bottom: 1px solid #d8d8dc; }
    .stv-header .stv-title { font-weight: bold; }
    .stv-header .stv-detail { color: #7a7a7a; font-size: smaller; }
    .stv-editing-control { border-radius: 9999px; min-width: 0; min-height: 0; padding: 0; margin: 0;
      border: none; box-shadow: none; color: #ffffff; font-weight: bold; font-size: 16px; }
    .stv-editing-control.delete { background: #e01b24; }
    .stv-editing-control.insert { background: #26a269; }
    .stv-swipe-action { border-radius: 0; min-width: 0; min-height: 0; padding: 0; margin: 0; border: none;
      box-shadow: none; background: #8e8e93; color: #ffffff; font-weight: bold; }
    .stv-swipe-action.normal { background: #3584e4; }
    .stv-swipe-action.destructive { background: #e01b24; }
    .stv-reorder-control { color: #8e8e93; font-size: 22px; font-weight: bold; }
    .stv-cell.lifted { background-color: \(liftedColor); border-bottom-color: transparent;
      box-shadow: 0 6px 18px rgba(0, 0, 0, 0.35), 0 0 0 1px rgba(53, 132, 228, 0.45); }
    .stv-cell.lifted.selected { background-color: \(selectionColor); }
    .stv-context-menu { padding: 4px 0; min-width: 200px; }
    .stv-context-menu-title { font-weight: bold; color: #6a6a6a; padding: 2px 12px 6px 12px; }
    .stv-context-menu-item { padding: 4px 12px; }
    .stv-context-menu-item.destructive { color: #e01b24; }
    .stv-context-menu-check { min-width: 14px; color: \(selectionColor); font-weight: bold; }
    popover.stv-uncomposited, popover.stv-uncomposited > contents { margin: 0; box-shadow: none; }
    popover.stv-uncomposited > contents { border-radius: 0; border: 1px solid #c0c0c0; }
    .stv-refresh { color: #6a6a6a; }
    .stv-refresh-label { font-weight: bold; }
    .stv-picker { background-color: #fafafa; }
    .stv-picker-row { font-size: 15px; color: #1e1e1e; }
    .stv-picker-row.unselectable { color: #b0b0b0; }
    .stv-picker-band { background-color: rgba(53, 132, 228, 0.12); border-top: 1px solid rgba(53, 132, 228, 0.5);
      border-bottom: 1px solid rgba(53, 132, 228, 0.5); }
    .stv-picker-band.focused { background-color: rgba(53, 132, 228, 0.22); }
    """

  nonisolated(unsafe) private static var colorClasses: [String: String] = [:]

  /// A CSS class that colours text with `color` ("#rrggbb"), added to the display on first use.
  public static func colorClass(_ color: String) -> String { cssClass(property: "color", value: color) }

  /// A CSS class that paints the background with `color` ("#rrggbb"), added on first use.
  public static func backgroundClass(_ color: String) -> String {
    cssClass(property: "background-color", value: color)
  }

  /// A class for one `property: value` declaration, made (and its style sheet added) once.
  private static func cssClass(property: String, value: String) -> String {
    let key = property + ":" + value
    if let name = colorClasses[key] { return name }
    let name = "stv-color-\(colorClasses.count)"
    colorClasses[key] = name
    install()
    if let display = gdk_display_get_default() {
      let provider = gtk_css_provider_new()
      gtk_css_provider_load_from_data(provider, ".\(name) { \(property): \(value); }", -1)
      gtk_style_context_add_provider_for_display(
        display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
      g_object_unref(gpointerOf(provider!))  // the display keeps its own reference
    }
    return name
  }

  /// Adds the style sheet to the default display (once).
  public static func install() {
    guard !installed, let display = gdk_display_get_default() else { return }
    installed = true
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(gpointerOf(provider!))  // the display keeps its own reference
  }
}
