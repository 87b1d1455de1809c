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

  /// The image at the leading edge (an avatar: a coloured disc with a few letters), `nil` unless
  /// the cell was made with an `imageSize`.
  public let imageView: UnsafeMutablePointer<GtkWidget>?
  /// The image's side, in pixels (0: no image).
  public let imageSize: Int32

  /// Creates a cell; with an `imageSize` it shows an image of that side at its leading edge.
  public init(style: Style = .default, imageSize: Int32 = 0) {
    self.style = style
    self.imageSize = max(0, imageSize)
    // The cell lays its labels out itself (a custom layout, not a GtkBox): a box measures a
    // wrapping label's width for every allocation, which costs milliseconds per row with long text;
    // this asks each label only for its height at the width it gets.
    let root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_add_css_class(root, "stv-cell")
    gtk_widget_set_layout_manager(root, gtk_custom_layout_new(nil, cellMeasure, cellAllocate))
    titleLabel = GTK.label(wrap: false, cssClass: "stv-title")
    switch style {
    case .default:
      detailLabel = nil
    case .subtitle:
      detailLabel = GTK.label(wrap: true, cssClass: "stv-detail")
    case .value1:
      let detail = GTK.label(wrap: false, cssClass: "stv-value")
      gtk_label_set_xalign(OpaquePointer(detail), 1)
      detailLabel = detail
    }
    accessoryLabel = GTK.label(wrap: false, cssClass: "stv-accessory")
    gtk_widget_set_visible(accessoryLabel, 0)
    if imageSize > 0 {
      let image = gtk_label_new(nil)!
      gtk_widget_add_css_class(image, "stv-avatar")
      gtk_label_set_xalign(OpaquePointer(image), 0.5)
      gtk_label_set_yalign(OpaquePointer(image), 0.5)
      gtk_widget_set_parent(image, root)
      imageView = image
    } else {
      imageView = nil
    }
    gtk_widget_set_parent(titleLabel, root)
    if let detailLabel {
      gtk_widget_set_visible(detailLabel, 0)  // until it has a text
      gtk_widget_set_parent(detailLabel, root)
    }
    gtk_widget_set_parent(accessoryLabel, root)
    super.init(widget: root)
    g_object_set_data(gobject(root), GTKTableViewCell.ownerKey, Unmanaged.passUnretained(self).toOpaque())
  }

  deinit {
    g_object_set_data(gobject(widget), GTKTableViewCell.ownerKey, nil)
  }

  static let ownerKey = "swift-table-view-cell"

  static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> GTKTableViewCell? {
    guard let widget, let data = g_object_get_data(gobject(widget), ownerKey) else { return nil }
    return Unmanaged<GTKTableViewCell>.fromOpaque(data).takeUnretainedValue()
  }

  /// The gap between the title and a subtitle, and before the accessory.
  static let gap: Int32 = 3

  /// A child's natural size along `orientation` for `forSize` (−1: unconstrained).
  private static func natural(
    _ child: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation, _ forSize: Int32
  ) -> Int32 {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(child, orientation, forSize, &minimum, &natural, nil, nil)
    return max(minimum, natural)
  }

  /// The frames of the image, title, detail and accessory in a content box `width` wide, and its height.
  func layout(width: Int32) -> (
    image: GtkAllocation?, title: GtkAllocation, detail: GtkAllocation?, accessory: GtkAllocation?, height: Int32
  ) {
    let textX: Int32 = imageView == nil ? 0 : imageSize + 10
    var textWidth = max(0, width - textX)
    var accessory: GtkAllocation?
    if gtk_widget_get_visible(accessoryLabel) != 0 {
      let w = Self.natural(accessoryLabel, GTK_ORIENTATION_HORIZONTAL, -1)
      textWidth = max(0, textWidth - w - 8)
      accessory = GtkAllocation(x: textX + textWidth + 8, y: 0, width: w, height: 0)
    }
    let titleHeight = Self.natural(titleLabel, GTK_ORIENTATION_VERTICAL, textWidth)
    var title = GtkAllocation(x: textX, y: 0, width: textWidth, height: titleHeight)
    var detail: GtkAllocation?
    var height = titleHeight
    if let detailLabel {
      switch style {
      case .value1:
        let w = min(Self.natural(detailLabel, GTK_ORIENTATION_HORIZONTAL, -1), textWidth / 2)
        title.width = max(0, textWidth - w - 8)
        let h = Self.natural(detailLabel, GTK_ORIENTATION_VERTICAL, w)
        detail = GtkAllocation(x: textX + textWidth - w, y: 0, width: w, height: h)
        height = max(height, h)
      default:
        let h = detailText.isEmpty ? 0 : Self.natural(detailLabel, GTK_ORIENTATION_VERTICAL, textWidth)
        detail = GtkAllocation(x: textX, y: titleHeight + Self.gap, width: textWidth, height: h)
        if h > 0 { height = titleHeight + Self.gap + h }
      }
    }
    var image: GtkAllocation?
    if imageView != nil {
      image = GtkAllocation(x: 0, y: 0, width: imageSize, height: imageSize)
      height = max(height, imageSize)
    }
    if var a = accessory {
      a.height = Self.natural(accessoryLabel, GTK_ORIENTATION_VERTICAL, a.width)
      a.y = max(0, (height - a.height) / 2)
      accessory = a
    }
    return (image, title, detail, accessory, height)
  }

  /// Places the labels in the content box.
  func allocateChildren(width: Int32, height: Int32) {
    let frames = layout(width: width)
    var title = frames.title
    gtk_widget_size_allocate(titleLabel, &title, -1)
    if let imageView, var image = frames.image { gtk_widget_size_allocate(imageView, &image, -1) }
    if let detailLabel, gtk_widget_get_visible(detailLabel) != 0, var detail = frames.detail {
      gtk_widget_size_allocate(detailLabel, &detail, -1)
    }
    if var accessory = frames.accessory { gtk_widget_size_allocate(accessoryLabel, &accessory, -1) }
  }

  /// The title.
  public var text: String = "" {
    didSet { if text != oldValue { GTK.setText(titleLabel, text) } }
  }

  /// The detail text (ignored in the default style); an empty one is hidden, taking no height.
  public var detailText: String = "" {
    didSet {
      guard detailText != oldValue, let detailLabel else { return }
      GTK.setText(detailLabel, detailText)
      if detailText.isEmpty != oldValue.isEmpty { gtk_widget_set_visible(detailLabel, detailText.isEmpty ? 0 : 1) }
    }
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

  /// Shows `text` (an initial or two) on a disc of `color` ("#rrggbb") as the cell's image.
  public func setImage(text: String, color: String) {
    guard let imageView else { return }
    GTK.setText(imageView, text)
    guard color != imageColor else { return }
    imageColor = color
    if let old = imageColorClass { gtk_widget_remove_css_class(imageView, old) }
    let new = GTKStyle.backgroundClass(color)
    imageColorClass = new
    gtk_widget_add_css_class(imageView, new)
  }
  private var imageColor: String?
  private var imageColorClass: String?

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

private let cellMeasure: GtkCustomMeasureFunc = { widget, orientation, forSize, minimum, natural, _, _ in
  guard let cell = GTKTableViewCell.owner(of: widget) else { return }
  if orientation == GTK_ORIENTATION_HORIZONTAL {
    minimum?.pointee = 0
    natural?.pointee = 320
  } else {
    let height = cell.layout(width: forSize < 0 ? 320 : forSize).height
    minimum?.pointee = height
    natural?.pointee = height
  }
}

private let cellAllocate: GtkCustomAllocateFunc = { widget, width, height, _ in
  GTKTableViewCell.owner(of: widget)?.allocateChildren(width: width, height: height)
}
