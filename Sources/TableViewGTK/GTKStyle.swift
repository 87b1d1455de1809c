import CGtk

/// The backend's CSS: cells, separators, the selection and highlight, headers, the section index, the picker's band.
/// Installed once for the default display by the first table or picker view.
///
/// Every colour comes from the theme: GTK's named colours (`@theme_base_color`, `@theme_text_color`,
/// `@theme_bg_color`, `@theme_fg_color`, `@theme_selected_bg_color`, `@success_color`, `@error_color`, and
/// `@borders` for the separators, which high contrast darkens),
/// which GTK's own theme defines and libadwaita maps onto its palette (`@view_bg_color`, `@accent_bg_color`…),
/// the theme's button classes (`suggested-action`, `destructive-action`) and shades of the text's own colour
/// (`currentColor`). So light, dark and high-contrast themes all work, with or without libadwaita. The
/// selection and the pointer's highlight are GNOME's: a shade of the text's colour, not a blue fill.
public enum GTKStyle {
  nonisolated(unsafe) private static var installed = false

  /// The colour of a selected row's background, a CSS colour expression: a shade of the row's text
  /// colour, as GNOME's lists show a selection (grey on a light theme, lighter on a dark one).
  public static let selectionColor = "alpha(currentColor, 0.1)"

  /// The colour of the focus ring on the focused row while the table has the keyboard focus: the theme's
  /// accent at half strength, as GNOME draws focus rings.
  public static let focusRingColor = "alpha(@theme_selected_bg_color, 0.5)"

  /// The background of a row being moved: the view's background with a touch of the accent.
  public static let liftedColor = "mix(@theme_base_color, @theme_selected_bg_color, 0.1)"

  /// The style sheet.
  public static let css = """
    .stv-viewport { background-color: @theme_base_color; color: @theme_text_color; }
    .stv-cell { padding: 6px 14px; color: @theme_text_color;
      border-bottom: 1px solid @borders; }
    .stv-cell:hover { background-color: alpha(currentColor, 0.03); }
    .stv-cell.highlighted { background-color: alpha(currentColor, 0.08); }
    .stv-cell.selected { background-color: \(selectionColor); }
    .stv-cell.selected:hover { background-color: alpha(currentColor, 0.13); }
    .stv-viewport:focus > .focused, .stv-viewport > .focused:focus {
      outline: 2px solid \(focusRingColor); outline-offset: -2px;
    }
    .stv-title { font-weight: bold; }
    .stv-avatar { border-radius: 9999px; color: @theme_selected_fg_color; font-weight: bold;
      background-color: alpha(currentColor, 0.4); }
    .stv-detail { color: alpha(currentColor, 0.85); }
    .stv-value { color: alpha(currentColor, 0.6); }
    .stv-accessory { color: @theme_selected_bg_color; font-weight: bold; margin-left: 8px; }
    .stv-header { padding: 5px 14px; background-color: @theme_bg_color; color: @theme_fg_color;
      border-bottom: 1px solid @borders; }
    .stv-header .stv-title { font-weight: bold; }
    .stv-header .stv-detail { color: alpha(currentColor, 0.6); font-size: smaller; }
    .stv-editing-control { border-radius: 9999px; min-width: 0; min-height: 0; padding: 0; margin: 0;
      border: none; box-shadow: none; font-weight: bold; font-size: 16px; }
    .stv-editing-control.insert { background-image: none; background-color: @success_color;
      color: @theme_base_color; }
    .stv-swipe-action { border-radius: 0; min-width: 0; min-height: 0; padding: 0; margin: 0; border: none;
      box-shadow: none; font-weight: bold; }
    .stv-swipe-action.chosen { outline: 2px solid alpha(currentColor, 0.9); outline-offset: -5px; }
    .stv-reorder-control { color: alpha(currentColor, 0.5); font-size: 22px; font-weight: bold; }
    .stv-cell.lifted { background-color: \(liftedColor); border-bottom-color: transparent;
      box-shadow: 0 6px 18px alpha(black, 0.35), 0 0 0 1px alpha(@theme_selected_bg_color, 0.45); }
    .stv-context-menu { padding: 4px 0; min-width: 200px; }
    .stv-context-menu-title { font-weight: bold; color: alpha(currentColor, 0.6); padding: 2px 12px 6px 12px; }
    .stv-context-menu-item { padding: 4px 12px; }
    .stv-context-menu-item.destructive { color: @error_color; }
    .stv-context-menu-check { min-width: 14px; color: @theme_selected_bg_color; font-weight: bold; }
    popover.stv-uncomposited, popover.stv-uncomposited > contents { margin: 0; box-shadow: none; }
    popover.stv-uncomposited > contents { border-radius: 0; border: 1px solid alpha(currentColor, 0.25); }
    .stv-section-index { padding: 0 1px; background-color: @theme_base_color; }
    .stv-section-index-title { min-width: 0; min-height: 0; padding: 0 3px; margin: 0; border: none;
      border-radius: 0; box-shadow: none; background: none; font-size: 10px; font-weight: bold;
      color: @theme_selected_bg_color; }
    .stv-refresh { color: alpha(currentColor, 0.6); }
    .stv-refresh-label { font-weight: bold; }
    .stv-picker { background-color: @theme_base_color; }
    .stv-picker-row { font-size: 15px; color: @theme_text_color; }
    .stv-picker-row.unselectable { color: alpha(currentColor, 0.35); }
    .stv-picker-band { background-color: alpha(@theme_selected_bg_color, 0.12);
      border-top: 1px solid alpha(@theme_selected_bg_color, 0.5);
      border-bottom: 1px solid alpha(@theme_selected_bg_color, 0.5); }
    .stv-picker-band.focused { background-color: alpha(@theme_selected_bg_color, 0.22); }
    """

  nonisolated(unsafe) private static var colorClasses: [String: String] = [:]

  /// A CSS class that colours text with `color` (a CSS colour: "#rrggbb", or a theme's named colour such as
  /// "@error_color"), added to the display on first use.
  public static func colorClass(_ color: String) -> String { cssClass(property: "color", value: color) }

  /// A CSS class that paints the background with `color` (a CSS colour, as in ``colorClass(_:)``), added on
  /// first use.
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
