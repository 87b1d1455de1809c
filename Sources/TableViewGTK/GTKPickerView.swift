import CGtk
@_spi(Backend) import TableViewCore

/// The default picker row as a GTK widget: its title, centred.
public final class GTKPickerTitleCell: GTKView, PickerTitleCell {
  /// Creates a title cell.
  public init() {
    let label = gtk_label_new(nil)!
    gtk_widget_add_css_class(label, "stv-picker-row")
    gtk_label_set_xalign(OpaquePointer(label), 0.5)
    super.init(widget: label)
  }

  /// Shows `title`.
  public func setTitle(_ title: String) { GTK.setText(widget, title) }

  /// Picker rows show no selection look: the band shows it.
  public override func setSelected(_ selected: Bool, animated: Bool) {}
  /// Picker rows show no highlight.
  public override func setHighlighted(_ highlighted: Bool, animated: Bool) {}
}

/// The engine's `PickerView` drawn as a wheel in GTK: each component's rows are scaled down and
/// dimmed by their distance from the selection band (a cylinder seen from the front), rows outside
/// the selectable range are greyed, and a tinted band marks the selection.
///
/// Input: the wheel turns a component by a row per notch, a touchpad or a drag turns it freely and
/// flings settle exactly on a row, a click on a row brings it into the band, ←/→ choose the
/// component and ↑/↓/Page keys turn it.
public final class GTKPickerView {
  /// The engine's picker.
  public let picker: PickerView
  /// The widget: put it in a window.
  public let widget: UnsafeMutablePointer<GtkWidget>
  /// The component the keys turn.
  public private(set) var focusedComponent = 0
  /// The clock the settling animations run on.
  public let clock: GTKClock
  /// Called after every allocation (every frame that moved something).
  public var didLayout: ((GTKPickerView) -> Void)?

  /// What assistive technology calls each component ("Month"): UIKit's
  /// `pickerView(_:accessibilityLabelForComponent:)`. `nil`, or a `nil` answer: "component 2 of 3".
  public var accessibilityLabelForComponent: ((Int) -> String?)? {
    didSet {
      spinValues.removeAll()
      gtk_widget_queue_allocate(widget)
    }
  }
  /// What each component's spin button last told GTK (see GTKPickerView+Accessibility).
  var spinValues: [SpinValue] = []

  var bands: [UnsafeMutablePointer<GtkWidget>] = []
  private var shown: [GTKView] = []
  private var tickCallbackID: UInt32 = 0
  /// The pointer's press on a component: a tap or a drag (see `TapOrDrag`).
  private var press = TapOrDrag()
  /// The component the press went down on.
  private var pressComponent = 0
  private var tracker = VelocityTracker()

  /// Creates a picker view; `rowHeight` is the default row height in pixels.
  public init(rowHeight: Double = 36) {
    GTKStyle.install()
    clock = GTKClock()
    picker = PickerView(clock: clock, titleCell: { GTKPickerTitleCell() })
    picker.defaultRowHeight = rowHeight
    // Tab and Shift-Tab stop on the picker, which hands the focus to the focused component's band (see
    // `installFocusHandOver()`); from a band, they stop on the next band (the bands come first among the children),
    // as on a row of GTK spin buttons, then leave.
    widget = FocusableBox.make(GTK_ORIENTATION_VERTICAL)
    g_object_ref_sink(gpointerOf(widget))
    gtk_widget_add_css_class(widget, "stv-picker")
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    gtk_widget_set_focusable(widget, 1)
    gtk_widget_set_layout_manager(widget, gtk_custom_layout_new(nil, pickerMeasure, pickerAllocate))
    g_object_set_data(gobject(widget), GTKPickerView.ownerKey, Unmanaged.passUnretained(self).toOpaque())
    installInput()
    installFocusHandOver()
  }

  deinit {
    g_object_set_data(gobject(widget), GTKPickerView.ownerKey, nil)
    if tickCallbackID != 0 { gtk_widget_remove_tick_callback(widget, tickCallbackID) }
    for view in shown where gtk_widget_get_parent(view.widget) != nil { gtk_widget_unparent(view.widget) }
    for band in bands { gtk_widget_unparent(band) }
    g_object_unref(gpointerOf(widget))
  }

  static let ownerKey = "swift-picker-view"

  static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> GTKPickerView? {
    guard let widget, let data = g_object_get_data(gobject(widget), ownerKey) else { return nil }
    return Unmanaged<GTKPickerView>.fromOpaque(data).takeUnretainedValue()
  }

  /// Reloads every component from the data source.
  public func reloadAllComponents() throws(TableViewError) {
    try picker.reloadAllComponents()
    setNeedsLayout()
  }

  /// Whether a component is moving.
  public var isAnimating: Bool { picker.isAnimating }

  /// One selection band per component, behind the rows (made here, never during an allocation).
  private func syncBands() {
    while bands.count > picker.numberOfComponents { gtk_widget_unparent(bands.removeLast()) }
    while bands.count < picker.numberOfComponents {
      let band = Self.makeBand()
      let component = bands.count
      // The band takes the keyboard focus for its component (Tab, ←/→, a press on the wheel).
      let focus = gtk_event_controller_focus_new()!
      Signals.connect(gpointerOf(focus), "enter") { [weak self] in
        guard let self, self.focusedComponent != component else { return }
        self.focusedComponent = component
        self.setNeedsLayout()
      }
      gtk_widget_add_controller(band, focus)
      // Behind the rows: before them, in the components' order (assistive technology lists them so).
      gtk_widget_insert_after(band, widget, bands.last)
      bands.append(band)
    }
  }

  /// A component's selection band, which is also what assistive technology sees of the component: a spin button
  /// whose value is the selected row, focusable. GTK 4.8's AT-SPI bridge gives the Value interface (which screen
  /// readers read a spin button's value from) only to its own range widgets, whatever the role; the band is one of
  /// them, a `GtkLevelBar` with the spin button's role and its bar hidden (it draws only the band's CSS), and its
  /// value is what the picker tells GTK (see GTKPickerView+Accessibility), never the level bar's own.
  static func makeBand() -> UnsafeMutablePointer<GtkWidget> {
    let band = gtk_level_bar_new()!
    if let bar = gtk_widget_get_first_child(band) { gtk_widget_set_visible(bar, 0) }
    gtk_widget_add_css_class(band, "stv-picker-band")
    gtk_widget_set_can_target(band, 0)
    gtk_widget_set_focusable(band, 1)
    GTKAccessible.setRole(band, GTK_ACCESSIBLE_ROLE_SPIN_BUTTON)
    return band
  }

  /// Asks GTK for a new allocation (call after changing the picker's components), and frames while
  /// something moves.
  public func setNeedsLayout() {
    syncBands()
    gtk_widget_queue_allocate(widget)
    if picker.isAnimating, tickCallbackID == 0 {
      tickCallbackID = gtk_widget_add_tick_callback(
        widget,
        { widget, frameClock, _ in
          guard let owner = GTKPickerView.owner(of: widget) else { return 0 }
          if let frameClock {
            owner.clock.frameTime = Double(gdk_frame_clock_get_frame_time(frameClock)) / 1_000_000
          }
          defer { owner.clock.frameTime = nil }
          let moving = owner.picker.tick() || owner.picker.isAnimating
          gtk_widget_queue_allocate(owner.widget)
          if !moving { owner.tickCallbackID = 0 }
          return moving ? 1 : 0
        }, nil, nil)
    }
  }

  // MARK: Layout

  func allocate(width: Int32, height: Int32) {
    let size = Size(width: Double(width), height: Double(height))
    if picker.size != size { picker.size = size }
    var now: [GTKView] = []
    for c in 0..<min(bands.count, picker.numberOfComponents) {
      let rect = picker.rect(forComponent: c)
      let band = picker.selectionBand(forComponent: c)
      place(bands[c], x: rect.minX + 4, y: band.minY, width: rect.width - 8, height: band.height, scale: 1)
      if c == focusedComponent {
        gtk_widget_add_css_class(bands[c], "focused")
      } else {
        gtk_widget_remove_css_class(bands[c], "focused")
      }
      let table = picker.table(forComponent: c)
      for position in picker.rowPositions(inComponent: c) {
        guard let view = position.view as? GTKView else { continue }
        show(view)
        now.append(view)
        let distance = min(1, abs(position.position))
        // A cylinder seen from the front: rows shrink towards the edges and fade.
        let scale = max(0.35, (1 - distance * distance * 0.55))
        gtk_widget_set_opacity(view.widget, 1 - 0.65 * distance)
        if position.isSelectable {
          gtk_widget_remove_css_class(view.widget, "unselectable")
        } else {
          gtk_widget_add_css_class(view.widget, "unselectable")
        }
        place(
          view.widget, x: rect.minX, y: view.frame.minY - table.contentOffset.y, width: rect.width,
          height: view.frame.height, scale: scale)
      }
    }
    for view in shown where !now.contains(where: { $0 === view }) { gtk_widget_set_child_visible(view.widget, 0) }
    shown = now
    updateAccessibility()
    didLayout?(self)
  }

  /// Parents and shows a row's widget.
  func show(_ view: GTKView) {
    if gtk_widget_get_parent(view.widget) == nil { gtk_widget_set_parent(view.widget, widget) }
    gtk_widget_set_child_visible(view.widget, 1)
    // The rows are drawing: the component's spin button says which one is selected.
    view.accessibility.setHidden(true, on: view.widget)
  }

  /// Allocates `child` at a rectangle relative to the picker, scaled vertically about its centre.
  private func place(
    _ child: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, width: Double, height: Double, scale: Double
  ) {
    let top = GTKTableView.pixel(y)
    let h = GTKTableView.pixel(y + height) - top
    var origin = graphene_point_t(x: Float(GTKTableView.pixel(x)), y: Float(top + (h / 2).rounded(.down)))
    var transform = gsk_transform_translate(nil, &origin)
    transform = gsk_transform_scale(transform, 1, Float(scale))
    var back = graphene_point_t(x: 0, y: Float(-(h / 2).rounded(.down)))
    transform = gsk_transform_translate(transform, &back)
    let childWidth = GTKTableView.allocatableWidth(Int32(max(0, width.rounded())), of: child)
    gtk_widget_allocate(child, childWidth, Int32(max(0, h)), -1, transform)
  }

  // MARK: Input

  private func installInput() {
    let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
    Signals.connectHandled(gpointerOf(scroll), "scroll") { [weak self] _, dy in
      guard let self else { return false }
      let unit = gtk_event_controller_scroll_get_unit(scroll)
      guard let component = self.picker.component(atX: self.lastPointer.x) else { return false }
      self.focusedComponent = component
      if unit == GDK_SCROLL_UNIT_WHEEL {
        self.picker.moveSelection(inComponent: component, by: dy > 0 ? 1 : -1)
      } else {
        self.picker.scroll(inComponent: component, by: dy)
      }
      self.setNeedsLayout()
      return true
    }
    gtk_widget_add_controller(widget, scroll)

    let drag = gtk_gesture_drag_new()!
    gtk_gesture_single_set_button(drag, 1)
    Signals.connect(gpointerOf(drag), "drag-begin") { [weak self] x, y in
      guard let self else { return }
      // A press outside every component starts nothing (and leaves no state from the last one).
      self.press.cancel()
      guard let component = self.picker.component(atX: x) else { return }
      self.focusedComponent = component
      if component < self.bands.count { gtk_widget_grab_focus(self.bands[component]) }
      self.pressComponent = component
      self.press.slop = self.picker.table(forComponent: component).tapMoveThreshold
      // A wheel must come to rest on a row, so a press never only stops it (as a table's does): a tap
      // on a turning wheel still brings its row into the band.
      self.press.press(at: Point(x: x, y: y), contentIsMoving: false)
      self.tracker.reset()
      self.tracker.add(position: y, at: self.clock.now)
      self.setNeedsLayout()
    }
    Signals.connect(gpointerOf(drag), "drag-update") { [weak self] dx, dy in
      guard let self, self.press.phase != .idle else { return }
      let point = Point(x: self.press.start.x + dx, y: self.press.start.y + dy)
      self.tracker.add(position: point.y, at: self.clock.now)
      switch self.press.move(to: point) {
      case .dragBegan(let anchorY):
        self.picker.beginDragging(inComponent: self.pressComponent, at: anchorY)
        self.picker.drag(inComponent: self.pressComponent, to: point.y)
      case .dragged:
        self.picker.drag(inComponent: self.pressComponent, to: point.y)
      case .tapCancelled, .unchanged:
        return
      }
      self.setNeedsLayout()
    }
    Signals.connect(gpointerOf(drag), "drag-end") { [weak self] dx, dy in
      guard let self, self.press.phase != .idle else { return }
      let point = Point(x: self.press.start.x + dx, y: self.press.start.y + dy)
      switch self.press.release(at: point) {
      case .drag:
        self.picker.endDragging(inComponent: self.pressComponent, velocity: -self.tracker.velocity(at: self.clock.now))
      case .tap(let at):
        self.picker.tap(at: at)
      case .nothing:
        break
      }
      self.setNeedsLayout()
    }
    gtk_widget_add_controller(widget, drag)

    let motion = gtk_event_controller_motion_new()!
    Signals.connect(gpointerOf(motion), "motion") { [weak self] x, y in self?.lastPointer = (x, y) }
    gtk_widget_add_controller(widget, motion)

    let keys = gtk_event_controller_key_new()!
    Signals.connectKey(gpointerOf(keys), "key-pressed") { [weak self] keyval, _ in
      self?.handleKey(keyval) ?? false
    }
    gtk_widget_add_controller(widget, keys)
  }

  /// Where the pointer last was over the picker (the wheel turns the component under it).
  private var lastPointer: (x: Double, y: Double) = (0, 0)

  /// Handles a key: ←/→ choose the component, ↑/↓ turn it by a row, Page Up/Down by five (Tab is
  /// left to GTK, to move the focus on).
  /// - Returns: Whether the key was used.
  @discardableResult
  public func handleKey(_ keyval: UInt32) -> Bool {
    let count = picker.numberOfComponents
    guard count > 0 else { return false }
    switch Int32(keyval) {
    case GDK_KEY_Left: focusComponent((focusedComponent + count - 1) % count)
    case GDK_KEY_Right: focusComponent((focusedComponent + 1) % count)
    case GDK_KEY_Up: picker.moveSelection(inComponent: focusedComponent, by: -1)
    case GDK_KEY_Down: picker.moveSelection(inComponent: focusedComponent, by: 1)
    case GDK_KEY_Page_Up: picker.moveSelection(inComponent: focusedComponent, by: -5)
    case GDK_KEY_Page_Down: picker.moveSelection(inComponent: focusedComponent, by: 5)
    default: return false
    }
    setNeedsLayout()
    return true
  }
}

extension GTKPickerView {
  /// When the picker itself takes the focus (Tab, `gtk_widget_grab_focus`), it hands it to the focused component's
  /// band on the main loop's next turn (not inside GTK's change of focus).
  func installFocusHandOver() {
    let focus = gtk_event_controller_focus_new()!
    Signals.connect(gpointerOf(focus), "enter") { [weak self] in
      guard let self else { return }
      g_idle_add_full(
        G_PRIORITY_DEFAULT,
        { data in
          guard let data else { return 0 }
          let owner = Unmanaged<GTKPickerView>.fromOpaque(data).takeRetainedValue()
          if gtk_widget_is_focus(owner.widget) != 0, owner.focusedComponent < owner.bands.count {
            gtk_widget_grab_focus(owner.bands[owner.focusedComponent])
          }
          return 0
        }, Unmanaged.passRetained(self).toOpaque(), nil)
    }
    gtk_widget_add_controller(widget, focus)
  }

  /// Makes `component` the one the keys turn, with GTK's keyboard focus on its band if the picker has the focus.
  func focusComponent(_ component: Int) {
    focusedComponent = component
    guard component < bands.count, let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
      bands.contains(focus)
    else { return }
    gtk_widget_grab_focus(bands[component])
  }
}

private let pickerMeasure: GtkCustomMeasureFunc = { widget, orientation, _, minimum, natural, _, _ in
  let rows = 7.0
  let height = (GTKPickerView.owner(of: widget)?.picker.defaultRowHeight ?? 36) * rows
  minimum?.pointee = orientation == GTK_ORIENTATION_VERTICAL ? Int32(height) : 240
  natural?.pointee = orientation == GTK_ORIENTATION_VERTICAL ? Int32(height) : 420
}

private let pickerAllocate: GtkCustomAllocateFunc = { widget, width, height, _ in
  GTKPickerView.owner(of: widget)?.allocate(width: width, height: height)
}
