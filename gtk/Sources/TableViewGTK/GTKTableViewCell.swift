import CGtk
import TableViewCore

/// A table row as a GTK widget tree, in UIKit's cell styles: a title, a detail (below it, wrapping,
/// or on the right) and an accessory (a check mark or a disclosure chevron).
///
///     table.register({ GTKTableViewCell(style: .subtitle) }, forCellReuseIdentifier: "post")
///     let cell = table.dequeueReusableCell(withIdentifier: "post", for: path, as: GTKTableViewCell.self)
///     cell.textLabel.text = "李雷 @lilei"
///     cell.detailTextLabel?.text = "今天我们把 reuse pool 重写了。"
///     cell.accessoryType = .checkmark
///
/// Self-sizing measures the widget with GTK (`gtk_widget_measure`): Pango lays out the wrapped
/// text at the row's width, so Chinese and English posts get their real heights.
public final class GTKTableViewCell: GTKView {
  /// The layouts of UIKit's `UITableViewCell.CellStyle`.
  public typealias CellStyle = TableViewCellStyle

  /// A mark at the right edge, as UIKit's `UITableViewCell.AccessoryType`.
  public typealias AccessoryType = TableViewCellAccessoryType

  /// The layout, fixed at creation.
  public let cellStyle: CellStyle
  /// The main text.
  public let textLabel: GTKLabel
  /// The secondary text (below the main text, wrapping, or on its right); `nil` in the default style. An empty
  /// one is hidden, taking no height.
  public let detailTextLabel: GTKLabel?
  private let accessoryLabel: UnsafeMutablePointer<GtkWidget>

  /// The image at the leading edge (an avatar: a coloured disc with a few letters), `nil` unless
  /// the cell was made with an `imageSize`.
  public let imageView: UnsafeMutablePointer<GtkWidget>?
  /// The image's side, in pixels (0: no image).
  public let imageSize: Int32

  /// Creates a cell; with an `imageSize` it shows an image of that side at its leading edge.
  public init(style: CellStyle = .default, imageSize: Int32 = 0) {
    cellStyle = style
    self.imageSize = max(0, imageSize)
    // The cell lays its labels out itself (a custom layout, not a GtkBox): a box measures a
    // wrapping label's width for every allocation, which costs milliseconds per row with long text;
    // this asks each label only for its height at the width it gets.
    let root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_add_css_class(root, "stv-cell")
    gtk_widget_set_layout_manager(root, gtk_custom_layout_new(nil, cellMeasure, cellAllocate))
    textLabel = GTKLabel(wrap: false, cssClass: "stv-title")
    switch style {
    case .default:
      detailTextLabel = nil
    case .subtitle:
      detailTextLabel = GTKLabel(wrap: true, cssClass: "stv-detail", hidesWhenEmpty: true)
    case .value1:
      let detail = GTKLabel(wrap: false, cssClass: "stv-value", hidesWhenEmpty: true)
      gtk_label_set_xalign(OpaquePointer(detail.widget), 1)
      detailTextLabel = detail
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
    gtk_widget_set_parent(textLabel.widget, root)
    if let detailTextLabel { gtk_widget_set_parent(detailTextLabel.widget, root) }
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
    let titleHeight = Self.natural(textLabel.widget, GTK_ORIENTATION_VERTICAL, textWidth)
    var title = GtkAllocation(x: textX, y: 0, width: textWidth, height: titleHeight)
    var detail: GtkAllocation?
    var height = titleHeight
    if let detailTextLabel {
      let detailLabel = detailTextLabel.widget
      switch cellStyle {
      case .value1:
        let w = min(Self.natural(detailLabel, GTK_ORIENTATION_HORIZONTAL, -1), textWidth / 2)
        title.width = max(0, textWidth - w - 8)
        let h = Self.natural(detailLabel, GTK_ORIENTATION_VERTICAL, w)
        detail = GtkAllocation(x: textX + textWidth - w, y: 0, width: w, height: h)
        height = max(height, h)
      default:
        let h = detailTextLabel.text.isEmpty ? 0 : Self.natural(detailLabel, GTK_ORIENTATION_VERTICAL, textWidth)
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
    gtk_widget_size_allocate(textLabel.widget, &title, -1)
    if let imageView, var image = frames.image { gtk_widget_size_allocate(imageView, &image, -1) }
    if let detailLabel = detailTextLabel?.widget, gtk_widget_get_visible(detailLabel) != 0, var detail = frames.detail {
      gtk_widget_size_allocate(detailLabel, &detail, -1)
    }
    if var accessory = frames.accessory { gtk_widget_size_allocate(accessoryLabel, &accessory, -1) }
  }

  /// The mark at the right edge.
  public var accessoryType: AccessoryType = .none {
    didSet {
      guard accessoryType != oldValue else { return }
      switch accessoryType {
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
}

/// A section header or footer as a GTK widget: a bold title and a smaller detail line, on an
/// opaque background so that a floating header covers the rows scrolling under it.
public final class GTKTableViewHeaderFooterView: GTKView {
  /// The main text.
  public let textLabel: GTKLabel
  /// The secondary line (hidden when empty).
  public let detailTextLabel: GTKLabel

  /// Creates a header/footer view.
  public init() {
    let box = GTK.box(GTK_ORIENTATION_VERTICAL, spacing: 1)
    gtk_widget_add_css_class(box, "stv-header")
    textLabel = GTKLabel(wrap: false, cssClass: "stv-title")
    detailTextLabel = GTKLabel(wrap: false, cssClass: "stv-detail", hidesWhenEmpty: true)
    GTK.append(box, textLabel.widget)
    GTK.append(box, detailTextLabel.widget)
    super.init(widget: box)
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
