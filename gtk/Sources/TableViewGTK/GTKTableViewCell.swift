import CGtk
import TableViewCore

/// A table row as a GTK widget tree, in UIKit's cell styles: a title, a detail (below it, wrapping,
/// or on the right) and an accessory (a check mark or a disclosure chevron).
///
///     table.register({ GTKTableViewCell(style: .subtitle) }, forCellReuseIdentifier: "post")
///     let cell = table.dequeueReusableCell(withIdentifier: "post", for: path, as: GTKTableViewCell.self)
///     cell.text = "李雷 @lilei"
///     cell.detailText = "今天我们把 reuse pool 重写了。"
///
/// Self-sizing measures the widget with GTK (`gtk_widget_measure`): Pango lays out the wrapped
/// text at the row's width, so Chinese and English posts get their real heights.
public final class GTKTableViewCell: GTKView {
  /// UIKit's cell styles.
  public enum Style: Sendable {
    /// A title only.
    case `default`
    /// A title with the detail below it, wrapping over as many lines as it needs.
    case subtitle
    /// A title on the left, the detail on the right.
    case value1
  }

  /// What the right edge shows.
  public enum Accessory: Sendable {
    /// Nothing.
    case none
    /// ✓
    case checkmark
    /// ›
    case disclosureIndicator
  }

  /// The cell's style.
  public let style: Style
  /// The title label (a `GtkLabel *`).
  public let titleLabel: UnsafeMutablePointer<GtkWidget>
  /// The detail label (a `GtkLabel *`), `nil` in the default style.
  public let detailLabel: UnsafeMutablePointer<GtkWidget>?
  private let accessoryLabel: UnsafeMutablePointer<GtkWidget>

  /// Creates a cell.
  public init(style: Style = .default) {
    self.style = style
    let row = GTK.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    gtk_widget_add_css_class(row, "stv-cell")
    titleLabel = GTK.label(wrap: false, cssClass: "stv-title")
    gtk_widget_set_hexpand(titleLabel, 1)
    switch style {
    case .default:
      detailLabel = nil
      GTK.append(row, titleLabel)
    case .subtitle:
      let column = GTK.box(GTK_ORIENTATION_VERTICAL, spacing: 3)
      gtk_widget_set_hexpand(column, 1)
      let detail = GTK.label(wrap: true, cssClass: "stv-detail")
      detailLabel = detail
      GTK.append(column, titleLabel)
      GTK.append(column, detail)
      GTK.append(row, column)
    case .value1:
      let detail = GTK.label(wrap: false, cssClass: "stv-value")
      gtk_label_set_xalign(OpaquePointer(detail), 1)
      detailLabel = detail
      GTK.append(row, titleLabel)
      GTK.append(row, detail)
    }
    accessoryLabel = GTK.label(wrap: false, cssClass: "stv-accessory")
    gtk_widget_set_valign(accessoryLabel, GTK_ALIGN_CENTER)
    gtk_widget_set_visible(accessoryLabel, 0)
    GTK.append(row, accessoryLabel)
    super.init(widget: row)
  }

  /// The title.
  public var text: String = "" {
    didSet { if text != oldValue { GTK.setText(titleLabel, text) } }
  }

  /// The detail text (ignored in the default style).
  public var detailText: String = "" {
    didSet { if detailText != oldValue, let detailLabel { GTK.setText(detailLabel, detailText) } }
  }

  /// The accessory.
  public var accessory: Accessory = .none {
    didSet {
      guard accessory != oldValue else { return }
      switch accessory {
      case .none: gtk_widget_set_visible(accessoryLabel, 0)
      case .checkmark:
        GTK.setText(accessoryLabel, "✓")
        gtk_widget_set_visible(accessoryLabel, 1)
      case .disclosureIndicator:
        GTK.setText(accessoryLabel, "›")
        gtk_widget_set_visible(accessoryLabel, 1)
      }
    }
  }

  /// Sets the title's colour (a CSS colour such as "#c01c28"), or the style sheet's with `nil`.
  public func setTitleColor(_ color: String?) {
    guard color != titleColor else { return }
    titleColor = color
    if let old = titleColorClass { gtk_widget_remove_css_class(titleLabel, old) }
    titleColorClass = color.map { GTKStyle.colorClass($0) }
    if let new = titleColorClass { gtk_widget_add_css_class(titleLabel, new) }
  }
  private var titleColor: String?
  private var titleColorClass: String?
}

/// A section header or footer as a GTK widget: a bold title and a smaller detail line, on an
/// opaque background so that a floating header covers the rows scrolling under it.
public final class GTKTableViewHeaderFooterView: GTKView {
  /// The title label.
  public let titleLabel: UnsafeMutablePointer<GtkWidget>
  /// The detail label.
  public let detailLabel: UnsafeMutablePointer<GtkWidget>

  /// Creates a header/footer view.
  public init() {
    let box = GTK.box(GTK_ORIENTATION_VERTICAL, spacing: 1)
    gtk_widget_add_css_class(box, "stv-header")
    titleLabel = GTK.label(wrap: false, cssClass: "stv-title")
    detailLabel = GTK.label(wrap: false, cssClass: "stv-detail")
    GTK.append(box, titleLabel)
    GTK.append(box, detailLabel)
    super.init(widget: box)
  }

  /// The title.
  public var text: String = "" {
    didSet { if text != oldValue { GTK.setText(titleLabel, text) } }
  }

  /// The detail line (hidden when empty).
  public var detailText: String = "" {
    didSet {
      guard detailText != oldValue else { return }
      GTK.setText(detailLabel, detailText)
      gtk_widget_set_visible(detailLabel, detailText.isEmpty ? 0 : 1)
    }
  }

  /// Headers are not selectable: no selection look.
  public override func setSelected(_ selected: Bool, animated: Bool) {}
  /// Headers are not selectable: no highlight.
  public override func setHighlighted(_ highlighted: Bool, animated: Bool) {}
}
