import CGtk
@_spi(Backend) import TableViewCore

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
/// text at the row's width, so Chinese and English posts get their real heights. Each label is
/// measured on the layout it then draws with (``GTKLabel/height(of:forWidth:)``): a new text is
/// laid out once, where GTK's own measure of a label would lay it out three times.
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
  /// The round editing control at the leading edge (⊖ or ⊕), shown in edit mode.
  @_spi(Testing) public let editingControl: UnsafeMutablePointer<GtkWidget>
  /// The reorder control (≡, a drag handle) at the trailing edge, shown in edit mode where the row can move.
  @_spi(Testing) public let reorderControl: UnsafeMutablePointer<GtkWidget>

  /// Whether the cell shows a reorder control (≡) at its right in edit mode, as UIKit's
  /// `showsReorderControl`: set it when configuring the cell of a row that can move. The control
  /// shows where the table also allows the move (`TableView.canMoveRow(at:)`, which the
  /// `GTKTableView` tells the cell as ``canMove``); a drag on it picks the row up. In edit mode it
  /// takes the accessory's place.
  public var showsReorderControl = false {
    didSet {
      guard showsReorderControl != oldValue else { return }
      updateEditingControlVisibility()
      gtk_widget_queue_resize(widget)
    }
  }
  /// Whether the table allows the row to move now (set by the table in edit mode).
  public internal(set) var canMove = false {
    didSet { if canMove != oldValue { updateEditingControlVisibility() } }
  }

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
    editingControl = gtk_button_new_with_label("−")!
    gtk_widget_add_css_class(editingControl, "stv-editing-control")
    gtk_widget_add_css_class(editingControl, "delete")
    // The theme paints ⊖ as it paints a destructive button (red in Adwaita, light or dark).
    gtk_widget_add_css_class(editingControl, "destructive-action")
    gtk_widget_set_focusable(editingControl, 0)
    // The pointer does not click it: its press goes to the table, whose pointer router commits the control
    // (`region(at:)` says where it is). Accessibility's activation still clicks it.
    gtk_widget_set_can_target(editingControl, 0)
    gtk_widget_set_child_visible(editingControl, 0)
    gtk_widget_set_parent(editingControl, root)
    reorderControl = gtk_label_new("≡")!
    gtk_widget_add_css_class(reorderControl, "stv-reorder-control")
    gtk_widget_set_child_visible(reorderControl, 0)
    gtk_widget_set_parent(reorderControl, root)
    // The control slides in from the cell's leading edge: what is left of it is clipped.
    gtk_widget_set_overflow(root, GTK_OVERFLOW_HIDDEN)
    super.init(widget: root, accessibleRole: GTK_ACCESSIBLE_ROLE_LIST_ITEM)
    g_object_set_data(gobject(root), GTKTableViewCell.ownerKey, Unmanaged.passUnretained(self).toOpaque())
    // A plain C handler (no closure per cell): the button finds its cell through its parent.
    let clicked: @convention(c) (gpointer?, gpointer?) -> Void = { button, _ in
      guard let button else { return }
      let widget = button.assumingMemoryBound(to: GtkWidget.self)
      GTKTableViewCell.owner(of: gtk_widget_get_parent(widget))?.editingControlClicked()
    }
    g_signal_connect_data(
      gpointerOf(editingControl), "clicked", unsafeBitCast(clicked, to: GCallback.self), nil, nil, GConnectFlags(0))
  }

  deinit {
    if editingTickID != 0 { gtk_widget_remove_tick_callback(widget, editingTickID) }
    g_object_set_data(gobject(widget), GTKTableViewCell.ownerKey, nil)
  }

  // MARK: Edit mode

  /// How far the content moves right in edit mode, making room for the editing control, in pixels.
  public static let editingIndent: Int32 = 36
  /// How long the editing control takes to slide in or out, in seconds.
  public static let editingAnimationDuration = 0.25

  /// Whether the cell shows its editing control (the table tells it: `TableView.setEditing(_:animated:)`).
  public private(set) var isEditing = false
  /// How far the editing control is in: 0 out, 1 in (animated on the widget's frame clock).
  @_spi(Testing) public private(set) var editingProgress = 0.0
  private var editingAnimation: (from: Double, start: Int?)?
  private var editingTickID: UInt32 = 0

  /// The row's editing control (the table sets it: ``setEditingControl(_:canMove:)``): ⊖ on red
  /// for `.delete`, ⊕ on green for `.insert`, nothing for `.none`.
  public var editingStyle: TableView.EditingStyle = .delete {
    didSet {
      guard editingStyle != oldValue else { return }
      let button = UnsafeMutableRawPointer(editingControl).assumingMemoryBound(to: GtkButton.self)
      gtk_button_set_label(button, editingStyle == .insert ? "+" : "−")
      setClass("delete", on: editingControl, editingStyle == .delete)
      setClass("destructive-action", on: editingControl, editingStyle == .delete)
      setClass("insert", on: editingControl, editingStyle == .insert)
      updateEditingControlVisibility()
    }
  }

  private func setClass(_ name: String, on widget: UnsafeMutablePointer<GtkWidget>, _ enabled: Bool) {
    if enabled { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
  }

  private func updateEditingControlVisibility() {
    let shown = editingProgress > 0 && editingStyle != .none
    gtk_widget_set_child_visible(editingControl, shown ? 1 : 0)
    let handle = editingProgress > 0 && showsReorderControl && canMove
    if (gtk_widget_get_child_visible(reorderControl) != 0) != handle {
      gtk_widget_set_child_visible(reorderControl, handle ? 1 : 0)
      gtk_widget_queue_allocate(widget)
    }
  }

  /// Whether the reorder control takes the trailing edge (in edit mode, when the cell shows one).
  private var reservesReorderControl: Bool { isEditing && showsReorderControl }

  /// The reorder control's width, in pixels.
  public static let reorderControlWidth: Int32 = 32

  /// Enters or leaves edit mode: the content moves right by ``editingIndent`` and the control
  /// slides in (animated: over ``editingAnimationDuration`` on the frame clock). The height the
  /// cell reports is the height at its new width at once, so a table that measures again (an empty
  /// batch update) animates the row to it.
  /// The row's editing control, as the table says (``editingStyle`` and ``canMove``).
  public override func setEditingControl(_ style: TableView.EditingStyle, canMove: Bool) {
    editingStyle = style
    self.canMove = canMove
  }

  public override func setEditing(_ editing: Bool, animated: Bool) {
    guard editing != isEditing else {
      if !animated, editingAnimation != nil { finishEditingAnimation() }
      return
    }
    isEditing = editing
    gtk_widget_queue_resize(widget)
    if animated, gtk_widget_get_mapped(widget) != 0 {
      editingAnimation = (editingProgress, nil)
      if editingTickID == 0 {
        editingTickID = gtk_widget_add_tick_callback(
          widget,
          { widget, frameClock, _ in
            guard let cell = GTKTableViewCell.owner(of: widget), let frameClock else { return 0 }
            return cell.editingTick(gdk_frame_clock_get_frame_time(frameClock)) ? 1 : 0
          }, nil, nil)
      }
    } else {
      finishEditingAnimation()
    }
  }

  /// Leaves edit mode without animation: a reused cell starts as its new row says; the lifted look
  /// of a row being moved goes.
  public override func prepareForReuse() {
    super.prepareForReuse()
    setCSSClass("lifted", enabled: false)
    canMove = false
    if editingAnimation != nil { finishEditingAnimation() }
  }

  private func finishEditingAnimation() {
    if editingTickID != 0 {
      gtk_widget_remove_tick_callback(widget, editingTickID)
      editingTickID = 0
    }
    editingAnimation = nil
    editingProgress = isEditing ? 1 : 0
    updateEditingControlVisibility()
    gtk_widget_queue_allocate(widget)
  }

  /// One frame of the control's slide (ease out); returns whether it goes on.
  private func editingTick(_ frameTime: Int) -> Bool {
    guard var animation = editingAnimation else {
      editingTickID = 0
      return false
    }
    let start = animation.start ?? frameTime
    animation.start = start
    editingAnimation = animation
    let t = min(1, Double(frameTime - start) / 1_000_000 / Self.editingAnimationDuration)
    let eased = 1 - (1 - t) * (1 - t)
    let target = isEditing ? 1.0 : 0.0
    editingProgress = animation.from + (target - animation.from) * eased
    updateEditingControlVisibility()
    gtk_widget_queue_allocate(widget)
    if t >= 1 {
      editingTickID = 0
      editingAnimation = nil
      editingProgress = target
      updateEditingControlVisibility()
      // The table view lays out once more: its monitors (`didLayout`) see the control settled.
      GTKTableView.owner(of: gtk_widget_get_parent(widget))?.queueAllocation()
      return false
    }
    return true
  }

  /// The editing control was clicked: the table view commits the row's editing style.
  private func editingControlClicked() {
    guard let tableView = GTKTableView.owner(of: gtk_widget_get_parent(widget)) else { return }
    tableView.commitEditingStyle(of: self)
  }

  static let ownerKey = "swift-table-view-cell"

  /// What assistive technology reads for the row (UIKit's `accessibilityLabel`): by default the title and
  /// the detail, joined by a comma. Set it (or override it) to say something else; `nil` goes back to the
  /// default.
  ///
  /// The table view reads it for every row on screen at every frame: the default label is joined again only
  /// when the title or the detail changed (comparing a text with the one it was joined from costs nothing
  /// while it is the same string).
  public override var accessibilityLabel: String? {
    get {
      if let customAccessibilityLabel { return customAccessibilityLabel }
      let title = textLabel.text
      let detail = detailTextLabel?.text ?? ""
      if let joined = joinedLabel, joined.title == title, joined.detail == detail { return joined.label }
      let label = [title, detail].filter { !$0.isEmpty }.joined(separator: ", ")
      joinedLabel = (title, detail, label)
      return label
    }
    set { customAccessibilityLabel = newValue }
  }
  /// The default label and the title and detail it was joined from.
  private var joinedLabel: (title: String, detail: String, label: String)?

  static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> GTKTableViewCell? {
    guard let widget, let data = g_object_get_data(gobject(widget), ownerKey) else { return nil }
    return Unmanaged<GTKTableViewCell>.fromOpaque(data).takeUnretainedValue()
  }

  /// The gap between the title and a subtitle, and before the accessory.
  static let gap: Int32 = 3

  /// A child's natural size along `orientation` for `forSize` (−1: unconstrained). A label's
  /// height at a width is read from the layout it draws with (``GTKLabel/height(of:forWidth:)``):
  /// GTK's measure would lay a new text out twice more.
  private static func natural(
    _ child: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation, _ forSize: Int32
  ) -> Int32 {
    if orientation == GTK_ORIENTATION_VERTICAL, forSize >= 0, GTKLabel.isLabel(child) {
      return GTKLabel.height(of: child, forWidth: forSize)
    }
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(child, orientation, forSize, &minimum, &natural, nil, nil)
    return max(minimum, natural)
  }

  /// The cell's height at `width`, from its labels' own layouts at the widths they will have (see
  /// ``GTKLabel/height(of:forWidth:)``), its padding and border included: what `gtk_widget_measure`
  /// gives, computed afresh. (GTK's cached measure of a cell is only as fresh as its labels'
  /// requests to measure again.)
  /// - Complexity: A Pango layout of each label whose text or width changed.
  public override func sizeThatFits(width: Double) -> Double {
    let (horizontal, vertical) = GTK.boxExtras(of: widget)
    let outer = Int32(min(max(0, width), Double(Int32.max / 2)))
    return Double(layout(width: max(0, outer - horizontal)).height + vertical)
  }

  /// The frames of the image, title, detail and accessory in a content box `width` wide, and its height.
  func layout(width fullWidth: Int32) -> (
    image: GtkAllocation?, title: GtkAllocation, detail: GtkAllocation?, accessory: GtkAllocation?, height: Int32
  ) {
    // In edit mode the content is narrower by the indent (at once: the height is the final one).
    let width = max(0, fullWidth - (isEditing ? Self.editingIndent : 0))
    let textX: Int32 = imageView == nil ? 0 : imageSize + 10
    var textWidth = max(0, width - textX)
    var accessory: GtkAllocation?
    if reservesReorderControl {
      textWidth = max(0, textWidth - Self.reorderControlWidth)
    } else if gtk_widget_get_visible(accessoryLabel) != 0 {
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
  /// Places the labels in the content box, moved right by the editing control's animated indent,
  /// and the control in the space they leave.
  func allocateChildren(width: Int32, height: Int32) {
    let frames = layout(width: width)
    let shift = Int32((Double(Self.editingIndent) * editingProgress).rounded())
    func place(_ child: UnsafeMutablePointer<GtkWidget>, _ frame: GtkAllocation) {
      var moved = frame
      moved.x += shift
      gtk_widget_size_allocate(child, &moved, -1)
    }
    place(textLabel.widget, frames.title)
    if let imageView, let image = frames.image { place(imageView, image) }
    if let detailLabel = detailTextLabel?.widget, gtk_widget_get_visible(detailLabel) != 0, let detail = frames.detail {
      place(detailLabel, detail)
    }
    // In edit mode the reorder control takes the accessory's place.
    let accessoryShown: gboolean = reservesReorderControl ? 0 : 1
    if gtk_widget_get_child_visible(accessoryLabel) != accessoryShown {
      gtk_widget_set_child_visible(accessoryLabel, accessoryShown)
    }
    if let accessory = frames.accessory { place(accessoryLabel, accessory) }
    if gtk_widget_get_child_visible(reorderControl) != 0 {
      // It slides in from the trailing edge as the editing control does from the leading one.
      let side = Self.reorderControlWidth
      let slide = Int32((Double(side) * (1 - editingProgress)).rounded())
      var control = GtkAllocation(x: width - side + slide, y: 0, width: side, height: height)
      gtk_widget_size_allocate(reorderControl, &control, -1)
      gtk_widget_set_opacity(reorderControl, editingProgress)
    }
    if gtk_widget_get_child_visible(editingControl) != 0 {
      let side = Self.editingControlSide
      var control = GtkAllocation(
        x: shift - Self.editingIndent + (Self.editingIndent - side) / 2 - 4, y: max(0, (height - side) / 2),
        width: side, height: side)
      gtk_widget_size_allocate(editingControl, &control, -1)
      gtk_widget_set_opacity(editingControl, editingProgress)
    }
  }

  /// The part of the cell under `point` (the cell's own coordinates, pixels: from the corner the engine placed it
  /// at): the editing control or the reorder control where GTK drew them (sliding in included), else the
  /// content. The engine's pointer router asks on a press.
  public override func region(at point: Point) -> CellRegion {
    // The widget's CSS margins put its drawn box inside the frame the engine gave it: compare in the viewport's
    // coordinates, where the engine's frame and GTK's bounds meet.
    guard let viewport = gtk_widget_get_parent(widget), let owner = GTKTableView.owner(of: viewport) else {
      return .content
    }
    let frame = owner.table.presentation(of: self).frame
    let offset = owner.table.contentOffset
    let inViewport = Point(x: frame.minX - offset.x + point.x, y: frame.minY - offset.y + point.y)
    if contains(editingControl, inViewport, viewport) { return .editingControl }
    if contains(reorderControl, inViewport, viewport) { return .reorderControl }
    return .content
  }

  /// Whether `child`, shown, covers `point` of `viewport`.
  private func contains(
    _ child: UnsafeMutablePointer<GtkWidget>, _ point: Point, _ viewport: UnsafeMutablePointer<GtkWidget>
  ) -> Bool {
    guard gtk_widget_get_child_visible(child) != 0 else { return false }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(child, viewport, &bounds) != 0 else { return false }
    // Single-precision bounds of a widget a few hundred pixels from the viewport's origin: exact enough.
    let frame = Rect(
      x: Double(bounds.origin.x), y: Double(bounds.origin.y), width: Double(bounds.size.width),
      height: Double(bounds.size.height))
    return frame.contains(point)
  }

  /// The editing control's diameter, in pixels.
  static let editingControlSide: Int32 = 22

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
  ///
  /// - Parameter accessibleRole: What it is to assistive technology: a heading (a section header), or for a
  ///   footer `GTK_ACCESSIBLE_ROLE_GROUP` (register footers under their own reuse identifier then).
  public init(accessibleRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_HEADING) {
    let box = GTK.box(GTK_ORIENTATION_VERTICAL, spacing: 1)
    gtk_widget_add_css_class(box, "stv-header")
    textLabel = GTKLabel(wrap: false, cssClass: "stv-title")
    detailTextLabel = GTKLabel(wrap: false, cssClass: "stv-detail", hidesWhenEmpty: true)
    GTK.append(box, textLabel.widget)
    GTK.append(box, detailTextLabel.widget)
    super.init(widget: box, accessibleRole: accessibleRole)
    if accessibleRole == GTK_ACCESSIBLE_ROLE_HEADING {
      GTKAccessible.setProperty(box, GTK_ACCESSIBLE_PROPERTY_LEVEL, 2)
    }
  }

  /// What assistive technology reads for the header (UIKit's `accessibilityLabel`): by default its title.
  /// Set it (or override it) to say something else; `nil` goes back to the default.
  public override var accessibilityLabel: String? {
    get { customAccessibilityLabel ?? (textLabel.text.isEmpty ? nil : textLabel.text) }
    set { customAccessibilityLabel = newValue }
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
