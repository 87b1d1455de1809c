import CGtk

/// A cell's text, as UIKit's `UILabel` (`cell.textLabel.text = …`): a `GtkLabel` in the cell's widget
/// tree.
///
///     cell.textLabel.text = "李雷 @lilei"
///     cell.textLabel.textColor = "@error_color"
///     cell.detailTextLabel?.text = "今天我们把 reuse pool 重写了。"
///
/// The cell owns the widget; the label only names it, so it lives as long as its cell.
public final class GTKLabel {
  /// The `GtkLabel *`.
  public let widget: UnsafeMutablePointer<GtkWidget>
  /// Whether an empty text hides the label, so that it takes no height (a subtitle without text).
  let hidesWhenEmpty: Bool

  init(wrap: Bool, cssClass: String, hidesWhenEmpty: Bool = false) {
    widget = GTK.label(wrap: wrap, cssClass: cssClass)
    self.hidesWhenEmpty = hidesWhenEmpty
    if hidesWhenEmpty { gtk_widget_set_visible(widget, 0) }
  }

  /// The text.
  public var text: String = "" {
    didSet {
      guard text != oldValue else { return }
      GTK.setText(widget, text)
      if hidesWhenEmpty, text.isEmpty != oldValue.isEmpty { gtk_widget_set_visible(widget, text.isEmpty ? 0 : 1) }
    }
  }

  /// The text's colour (a CSS colour: a theme's named colour such as "@error_color", or "#rrggbb"), or the style sheet's with `nil`.
  public var textColor: String? {
    didSet {
      guard textColor != oldValue else { return }
      if let old = colorClass { gtk_widget_remove_css_class(widget, old) }
      colorClass = textColor.map { GTKStyle.colorClass($0) }
      if let new = colorClass { gtk_widget_add_css_class(widget, new) }
    }
  }
  private var colorClass: String?
}
