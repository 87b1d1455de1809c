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

  /// The text. A new text clears ``highlightedRanges`` (they index the old one).
  public var text: String = "" {
    didSet {
      guard text != oldValue else { return }
      highlightedRanges = []
      GTK.setText(widget, text)
      if hidesWhenEmpty, text.isEmpty != oldValue.isEmpty { gtk_widget_set_visible(widget, text.isEmpty ? 0 : 1) }
    }
  }

  /// Ranges of ``text`` drawn highlighted, as a search shows its matches: a translucent yellow behind them that
  /// reads in the light and the dark style, with no change of font, so the label's size (and the row's height)
  /// stays the same. Set them after the text; ranges outside it are ignored.
  ///
  ///     cell.detailTextLabel?.text = post.body
  ///     cell.detailTextLabel?.highlightedRanges = post.body.ranges(of: "quokka")
  public var highlightedRanges: [Range<String.Index>] = [] {
    didSet {
      guard highlightedRanges != oldValue else { return }
      applyHighlights()
    }
  }

  /// The highlight's colour (GNOME's yellow, #f6d32d) and opacity, as Pango takes them (16 bits a channel).
  static let highlight = (red: UInt16(0xf6f6), green: UInt16(0xd3d3), blue: UInt16(0x2d2d), alpha: UInt16(0x8000))

  /// Gives the label the highlights as Pango attributes (byte ranges of the UTF-8 text), or none.
  private func applyHighlights() {
    let label = OpaquePointer(widget)
    let utf8 = text.utf8
    let bytes = highlightedRanges.compactMap { range -> (UInt32, UInt32)? in
      guard range.lowerBound >= text.startIndex, range.upperBound <= text.endIndex, !range.isEmpty else { return nil }
      let start = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
      let end = utf8.distance(from: utf8.startIndex, to: range.upperBound)
      return (UInt32(start), UInt32(end))
    }
    guard !bytes.isEmpty else {
      if gtk_label_get_attributes(label) != nil { gtk_label_set_attributes(label, nil) }
      return
    }
    let list = pango_attr_list_new()
    for (start, end) in bytes {
      for attribute in [
        pango_attr_background_new(Self.highlight.red, Self.highlight.green, Self.highlight.blue),
        pango_attr_background_alpha_new(Self.highlight.alpha),
      ] {
        guard let attribute else { continue }
        attribute.pointee.start_index = start
        attribute.pointee.end_index = end
        pango_attr_list_insert(list, attribute)
      }
    }
    gtk_label_set_attributes(label, list)
    pango_attr_list_unref(list)
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
