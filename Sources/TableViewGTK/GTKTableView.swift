import CGtk
@_spi(Backend) import TableViewCore

/// The engine's `TableView` in a GTK window: a viewport widget whose children are the cells and
/// header views the engine reuses, and a `GtkScrollbar` on an adjustment the table drives.
///
///     let tableView = GTKTableView()
///     tableView.table.register({ GTKTableViewCell(style: .subtitle) }, forCellReuseIdentifier: "post")
///     tableView.table.dataSource = model
///     gtk_window_set_child(window, tableView.widget)
///
/// The table owns the scrolling. Cells are placed relative to the viewport (at
/// `frame.minY − contentOffset.y`, in whole pixels), so GTK's single-precision coordinates never
/// see a content offset of millions of points. Layout runs in GTK's allocation of the viewport,
/// animations and flings from the widget's frame clock (a tick callback, only while something
/// moves), and the table's idle precompute in GLib idle time between frames. A widget that goes
/// to the reuse pool is hidden, not destroyed; GTK never holds more widgets than the visible rows
/// plus the pool.
public final class GTKTableView: TableViewHost {
  /// The engine.
  public let table: TableView
  /// The outer widget (the viewport with its scrollbar, and the section index): put it in a window.
  public let widget: UnsafeMutablePointer<GtkWidget>
  /// The widget the cells are children of.
  public let viewport: UnsafeMutablePointer<GtkWidget>
  /// The vertical scrollbar: over the viewport's right edge (`usesOverlayScrollbar`), or beside it.
  public let scrollbar: UnsafeMutablePointer<GtkWidget>
  /// Whether the scrollbar lies over the content, thin, and fades out when nothing scrolls, as GNOME's overlay
  /// scrollbars do (GtkScrolledWindow's `overlay-scrolling`). The desktop's "Always Show Scrollbars" setting
  /// overrides it for every table. Off, the scrollbar always shows beside the content, which it narrows.
  public var overlayScrolling = true {
    didSet { if overlayScrolling != oldValue { placeScrollbar() } }
  }
  /// The GtkOverlay holding the viewport, and the scrollbar over it when it is an overlay one.
  let overlayWidget: UnsafeMutablePointer<GtkWidget>
  /// When the overlay scrollbar shows, widens and fades (the core's rules).
  var scrollIndicator = ScrollIndicatorState(fadeOutDelay: GTKTableView.scrollIndicatorFadeOutDelay)
  /// Seconds the overlay scrollbars of tables made from now on stay after a scroll (GTK's 2 s): the end-to-end tests
  /// lengthen it, so that a starved machine still sees the scrollbar shown.
  @_spi(Testing) nonisolated(unsafe) public static var scrollIndicatorFadeOutDelay =
    ScrollIndicatorState.defaultFadeOutDelay
  /// Whether the scrollbar is placed over the content now.
  var scrollbarIsOverlay = false
  var scrollIndicatorTickID: UInt32 = 0
  var scrollIndicatorTimerID: UInt32 = 0
  var settingsHandlerID: UInt = 0
  /// Called when the overlay scrollbar starts or ends a fade, or widens or narrows (the end-to-end tests' state).
  @_spi(Testing) public var scrollIndicatorDidChange: (() -> Void)?
  /// What the overlay scrollbar last showed: fading towards visible, fully shown, hovering.
  var scrollIndicatorLook: (target: Double, settled: Bool, hovering: Bool)?
  /// The section index bar, between the list and the scrollbar (see GTKTableView+SectionIndex).
  let sectionIndexBar = GTKSectionIndexBar()
  let adjustment: UnsafeMutablePointer<GtkAdjustment>
  /// The clock animations run on.
  public let clock: GTKClock

  /// The views the engine has attached (shown), in no particular order.
  @_spi(Testing) public private(set) var shownViews: [GTKView] = []
  /// Where the scrollbar's thumb is (see `ScrollbarMapping`).
  @_spi(Testing) public internal(set) var scrollbarMapping = ScrollbarMapping()
  /// How far up or down a wheel notch scrolls, in points.
  public var wheelStep: Double = 64
  /// Called after every allocation of the viewport (every frame that moved or changed something),
  /// once the cells are in place: for monitors and tests.
  ///
  /// It runs inside GTK's allocation. A widget outside the table that GTK has already allocated in
  /// this pass (a label beside the table) must not be changed here: GTK would draw this frame without
  /// it ("Trying to snapshot … without a current allocation"). Change such widgets on the main loop's
  /// next turn (`g_idle_add`, `Task { @MainActor in … }`).
  public var didLayout: ((GTKTableView) -> Void)?
  /// How many times the viewport was allocated (laid out and placed).
  @_spi(Testing) public private(set) var layoutCount = 0

  var tickCallbackID: UInt32 = 0
  var idleSourceID: UInt32 = 0
  var updatingAdjustment = false
  var lastOffset: Double = 0
  var lastCorrection: Double = 0
  var syncedSpan: Double = -1
  /// Where GTK draws the thumb's top (pixels into the trough) after the last sync, and the trough's
  /// length then; `nil` after a jump (the thumb goes where it was put).
  var drawnThumb: (top: Double, trough: Double)?
  /// Where the left button went down (viewport coordinates): GTK's drag reports moves from there.
  var pointerStart = Point(x: 0, y: 0)
  /// Where the pointer was last seen with the button down (a long press happens there).
  var pointerLast = Point(x: 0, y: 0)
  /// The timer that tells the engine a press is still held (a long press), or 0.
  var longPressSourceID: UInt32 = 0
  /// The timer that ends a touchpad gesture whose fingers went quiet (the engine's
  /// `scrollGestureEndDeadline`), or 0.
  var touchpadQuietSourceID: UInt32 = 0
  /// The buttons of the swiped row's revealed actions (reused: made when first needed, hidden when
  /// no row is swiped), and the titles and styles they show, and whether the keys chose each.
  var swipeButtons: [UnsafeMutablePointer<GtkWidget>] = []
  var swipeButtonLooks: [(title: String, style: ContextualAction.Style, chosen: Bool)] = []
  /// Where the pointer is over the viewport (`nil` while it is elsewhere).
  var pointerPosition: Point?
  /// The held row's view, drawn with the lifted look (see `draw(_:width:)`).
  var liftedView: GTKView?
  /// The pull-to-refresh indicator (a spinner and a label), made when first shown.
  var refreshIndicator:
    (
      box: UnsafeMutablePointer<GtkWidget>, spinner: UnsafeMutablePointer<GtkWidget>,
      label: UnsafeMutablePointer<GtkWidget>
    )?
  /// What the refresh indicator says now (empty while hidden).
  @_spi(Testing) public internal(set) var refreshIndicatorText = ""
  /// The refresh indicator's widget while it shows (a spinner and a label, above the content).
  @_spi(Testing) public var refreshIndicatorWidget: UnsafeMutablePointer<GtkWidget>? {
    guard let box = refreshIndicator?.box, gtk_widget_get_child_visible(box) != 0 else { return nil }
    return box
  }
  /// What assistive technology calls the table (the list's `LABEL`), e.g. the page's title; `nil`: nothing.
  public var accessibilityLabel: String? {
    didSet {
      if let accessibilityLabel, accessibilityLabel != oldValue {
        GTKAccessible.setProperty(viewport, GTK_ACCESSIBLE_PROPERTY_LABEL, accessibilityLabel)
      }
    }
  }
  /// What the table is to assistive technology: a list (the default) or a data table (see
  /// ``AccessibilityContainerType``).
  public let accessibilityContainerType: AccessibilityContainerType
  /// How many columns a data table has (its `COL_COUNT`, and its description's "8 columns"): the app's, as its
  /// cells are. Ignored by a list.
  public var accessibilityColumnCount = 0 {
    didSet { if accessibilityColumnCount != oldValue { updateDataTableAccessibility() } }
  }
  /// The rows and columns GTK was last told a data table has (its `ROW_COUNT` and `COL_COUNT`); `nil` for a list, or
  /// when GTK does not hold both relations.
  @_spi(Testing) public var accessibleTableSize: (rows: Int, columns: Int)? {
    guard GTKAccessible.hasRelation(viewport, GTK_ACCESSIBLE_RELATION_ROW_COUNT),
      GTKAccessible.hasRelation(viewport, GTK_ACCESSIBLE_RELATION_COL_COUNT)
    else { return nil }
    return toldTableSize
  }
  /// The rows and columns GTK was last told a data table has.
  var toldTableSize: (rows: Int, columns: Int)?
  /// Whether GTK was told that the list is multi-selectable (`MULTI_SELECTABLE`).
  var accessibleMultiSelectable: Bool?
  /// The widgets the last draw list drew, back to front (the viewport's `snapshot` draws them in this order).
  var drawOrder: [UnsafeMutablePointer<GtkWidget>] = []
  /// The cell that takes the keyboard focus for the focused row (focusable while it does; see
  /// `syncKeyboardFocus()`), or `nil`.
  var focusableCell: UnsafeMutablePointer<GtkWidget>?

  /// The context menu's popover (made when first shown, then reused).
  @_spi(Testing) public internal(set) var contextMenuPopover: UnsafeMutablePointer<GtkWidget>?
  /// The actions of the context menu shown (or last shown), top to bottom.
  @_spi(Testing) public internal(set) var contextMenuActions: [ContextMenuAction] = []
  /// The buttons of the context menu shown (or last shown), top to bottom.
  @_spi(Testing) public internal(set) var contextMenuButtons: [UnsafeMutablePointer<GtkWidget>] = []

  /// Creates a table view (call on the main thread, after `gtk_init`): a list to assistive technology.
  ///
  /// - Parameter style: `.plain` floats section headers; `.grouped` does not.
  public convenience init(style: TableView.Style = .plain) {
    self.init(style: style, accessibilityContainerType: .list)
  }

  /// Creates a table view (call on the main thread, after `gtk_init`) that is `accessibilityContainerType` to
  /// assistive technology.
  ///
  /// - Parameters:
  ///   - style: `.plain` floats section headers; `.grouped` does not.
  ///   - accessibilityContainerType: A list of items, or a data table of rows and columns (see
  ///     ``AccessibilityContainerType``).
  public init(style: TableView.Style = .plain, accessibilityContainerType: AccessibilityContainerType) {
    self.accessibilityContainerType = accessibilityContainerType
    GTKStyle.install()
    clock = GTKClock()
    table = TableView(style: style, clock: clock)

    widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
    g_object_ref_sink(gpointerOf(widget))
    // Tab and Shift-Tab stop on the viewport (a plain box would pass the focus to its cells, which take none).
    viewport = FocusableBox.make(GTK_ORIENTATION_VERTICAL)
    gtk_widget_add_css_class(viewport, "stv-viewport")
    gtk_widget_set_hexpand(viewport, 1)
    gtk_widget_set_vexpand(viewport, 1)
    gtk_widget_set_overflow(viewport, GTK_OVERFLOW_HIDDEN)
    gtk_widget_set_focusable(viewport, 1)
    // To assistive technology the viewport is the list, the cells its items, or the grid and its rows (see
    // GTKTableView+Accessibility).
    GTKAccessible.setRole(
      viewport, accessibilityContainerType == .dataTable ? GTK_ACCESSIBLE_ROLE_GRID : GTK_ACCESSIBLE_ROLE_LIST)
    gtk_widget_set_layout_manager(viewport, gtk_custom_layout_new(nil, viewportMeasure, viewportAllocate))
    adjustment = gtk_adjustment_new(0, 0, 1, 1, 1, 1)
    g_object_ref_sink(gpointerOf(adjustment))
    // Kept alive by the table, as it moves between the overlay and the box (see placeScrollbar()).
    scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, adjustment)
    g_object_ref_sink(gpointerOf(scrollbar))
    overlayWidget = gtk_overlay_new()
    gtk_overlay_set_child(OpaquePointer(overlayWidget), viewport)
    GTK.append(widget, overlayWidget)
    GTK.append(widget, sectionIndexBar.widget)

    table.host = self
    g_object_set_data(gobject(viewport), GTKTableView.ownerKey, Unmanaged.passUnretained(self).toOpaque())
    installInput()
    installFocusTracking()
    installOverlayScrollbar()
    sectionIndexBar.onSelect = { [weak self] title in self?.jumpToSectionIndexTitle(at: title) }
    Signals.connect(gpointerOf(adjustment), "value-changed") { [weak self] in self?.adjustmentChanged() }
  }

  deinit {
    g_object_set_data(gobject(viewport), GTKTableView.ownerKey, nil)
    if tickCallbackID != 0 { gtk_widget_remove_tick_callback(viewport, tickCallbackID) }
    if idleSourceID != 0 { g_source_remove(idleSourceID) }
    if touchpadQuietSourceID != 0 { g_source_remove(touchpadQuietSourceID) }
    if longPressSourceID != 0 { g_source_remove(longPressSourceID) }
    removeOverlayScrollbar()
    for view in shownViews where gtk_widget_get_parent(view.widget) != nil { gtk_widget_unparent(view.widget) }
    for button in swipeButtons { gtk_widget_unparent(button) }
    if let refreshIndicator { gtk_widget_unparent(refreshIndicator.box) }
    if let contextMenuPopover { gtk_widget_unparent(contextMenuPopover) }
    g_object_unref(gpointerOf(adjustment))
    g_object_unref(gpointerOf(widget))
    g_object_unref(gpointerOf(scrollbar))
  }

  static let ownerKey = "swift-table-view"

  /// The table view that owns `viewport`, if it is alive.
  static func owner(of viewport: UnsafeMutablePointer<GtkWidget>?) -> GTKTableView? {
    guard let viewport, let data = g_object_get_data(gobject(viewport), ownerKey) else { return nil }
    return Unmanaged<GTKTableView>.fromOpaque(data).takeUnretainedValue()
  }

  /// Reloads everything from the data source.
  public func reloadData() {
    table.reloadData()
    setNeedsLayout()
  }

  // MARK: TableViewHost

  /// Shows a view the engine is about to display: parents it to the viewport the first time,
  /// shows it again when it comes back from the pool.
  public func attach(_ view: any ReusableView) {
    guard let view = view as? GTKView else { return }
    if gtk_widget_get_parent(view.widget) != viewport {
      if gtk_widget_get_parent(view.widget) != nil { gtk_widget_unparent(view.widget) }
      gtk_widget_set_parent(view.widget, viewport)
    }
    gtk_widget_set_child_visible(view.widget, 1)
    view.accessibility.setHidden(false, on: view.widget)
    if !shownViews.contains(where: { $0 === view }) { shownViews.append(view) }
    viewsChanged()
  }

  /// Hides a view that went to the reuse pool (it stays a child, so reusing it costs no re-parenting).
  ///
  /// Hiding is `gtk_widget_set_child_visible` (unmapped, not drawn), not `gtk_widget_set_visible`:
  /// it does not change the viewport's visible children in the middle of its allocation, and the
  /// widget can still be measured for self-sizing while it waits in the pool. GTK still presents such a
  /// widget to assistive technology, so it is also marked `HIDDEN` there.
  public func detach(_ view: any ReusableView) {
    guard let view = view as? GTKView else { return }
    // The focused row's cell leaves the screen: the list keeps the keyboard focus.
    if view.widget == focusableCell { releaseFocusableCell() }
    gtk_widget_set_child_visible(view.widget, 0)
    view.accessibility.setHidden(true, on: view.widget)
    viewsChanged()
    if let index = shownViews.firstIndex(where: { $0 === view }) { shownViews.swapAt(index, shownViews.count - 1) }
    if shownViews.last === view { shownViews.removeLast() }
  }

  /// A floating header must cover the rows again: the next allocation puts the viewport's children in the
  /// draw list's order (see `draw(_:width:)`).
  public func bringToFront(_ view: any ReusableView) {
    viewsChanged()
  }

  /// An animated update started: the frame clock ticks until it ends (the draw list puts the views on
  /// their way out behind the others).
  public func animationsDidStart() {
    queueAllocation()
    startTicking()
  }

  // MARK: Layout

  /// Asks GTK for a new allocation of the viewport (the cells are placed there).
  public func setNeedsLayout() {
    queueAllocation()
    syncScrollbar()
    if !isAllocating { syncSectionIndex() }
    if table.isAnimating { startTicking() }
    scheduleIdleWork()
  }

  /// The viewport's allocation: the table takes the size, lays out (cells enter and leave), and
  /// every shown view is placed relative to the viewport.
  ///
  /// As in GtkListView, cells are configured and attached during the allocation (their labels
  /// queue resizes, new ones are parented): every shown view is allocated right after, in this same
  /// pass, which is what those queued resizes ask for, and the containers above the viewport are
  /// being allocated in full (see `queueAllocation`).
  func allocate(width: Int32, height: Int32) {
    isAllocating = true
    defer { isAllocating = false }
    let size = Size(width: Double(width), height: Double(height))
    if table.viewportSize != size { table.viewportSize = size }
    table.layoutIfNeeded()
    updateAccessibility()
    let offset = table.contentOffset
    syncKeyboardFocus()
    draw(table.drawList, width: width)
    layoutCount += 1
    drawnScrollPosition = offset.y - table.contentOffsetCorrection
    isLayoutPending = false
    if !table.isAnimating && !table.isTracking { scheduleIdleWork() }
    // The scrollbar is a sibling: changing its adjustment now would queue a second allocation of
    // the box being allocated. It follows on the next frame's tick instead (only if it must).
    if table.isAnimating {
      // An animation started inside this pass (a delegate) or through the engine directly.
      startTicking()
    } else if !table.isLooping,
      table.contentOffset.y != lastOffset || gtk_adjustment_get_page_size(adjustment) != table.viewportSize.height
        || table.maximumContentOffsetY - table.minimumContentOffsetY != syncedSpan
    {
      startTicking()
    }
    // The section index bar is a sibling too: the next frame's tick shows its new titles.
    if sectionIndexNeedsSync { startTicking() }
    didLayout?(self)
  }

  /// Draws the table's draw list (``TableView/drawList``): each item's widget is allocated at its frame
  /// (relative to the viewport), as opaque as the item says, and drawn in the list's order (`snapshotChildren`:
  /// later items on top). The viewport's children are in the order assistive technology reads them instead (AT-SPI
  /// lists them in GTK's child order): each section header before its rows (see `accessibilityOrder()`); that
  /// order changes only when rows come or go, never when a key moves the selection.
  ///
  /// Edges snap to whole pixels, each the same way (half up, also below zero), and the height is the
  /// distance between the snapped edges: neighbouring rows always abut, never a pixel apart or overlapping,
  /// whatever the fraction of the offset.
  /// - Complexity: O(items)
  func draw(_ list: DrawList, width: Int32) {
    let offset = table.contentOffset
    var lifted: GTKView?
    var buttons = 0
    var indicatorShown = false
    drawOrder.removeAll(keepingCapacity: true)
    for item in list.items {
      let widget: UnsafeMutablePointer<GtkWidget>
      switch item.content {
      case .view(let view):
        guard let view = view as? GTKView, gtk_widget_get_parent(view.widget) == viewport else { continue }
        widget = view.widget
        if item.layer == .lifted { lifted = view }
      case .swipeAction(let action, let index):
        widget = swipeButton(index)
        show(action, on: index)
        buttons = max(buttons, index + 1)
      case .refreshIndicator(let indicator):
        widget = showRefreshIndicator(indicator)
        indicatorShown = true
      }
      drawOrder.append(widget)
      if gtk_widget_get_opacity(widget) != item.alpha { gtk_widget_set_opacity(widget, item.alpha) }
      let top = Self.pixel(item.frame.minY - offset.y)
      let bottom = Self.pixel(item.frame.maxY - offset.y)
      let left = Self.pixel(item.frame.minX - offset.x)
      let right = Self.pixel(item.frame.maxX - offset.x)
      var allocated = Int32(max(0, right - left))
      switch item.content {
      case .view: allocated = Self.allocatableWidth(allocated, of: widget)
      case .swipeAction:
        // A strip narrower than the button can be drawn (the swipe's first pixels) shows nothing yet.
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        let fits = allocated >= max(minimum, 1)
        if (gtk_widget_get_child_visible(widget) != 0) != fits { gtk_widget_set_child_visible(widget, fits ? 1 : 0) }
        guard fits else { continue }
      case .refreshIndicator:
        allocated = Self.allocatableWidth(width, of: widget)
      }
      var point = graphene_point_t(x: Float(left), y: Float(top))
      gtk_widget_allocate(widget, allocated, Int32(max(0, bottom - top)), -1, gsk_transform_translate(nil, &point))
    }
    for index in buttons..<swipeButtons.count where gtk_widget_get_child_visible(swipeButtons[index]) != 0 {
      gtk_widget_set_child_visible(swipeButtons[index], 0)
    }
    if !indicatorShown { hideRefreshIndicator() }
    var previous: UnsafeMutablePointer<GtkWidget>?
    for widget in accessibilityOrder() {
      if let previous, gtk_widget_get_prev_sibling(widget) != previous {
        gtk_widget_insert_after(widget, viewport, previous)
      }
      previous = widget
    }
    if liftedView !== lifted {
      liftedView?.setCSSClass("lifted", enabled: false)
      lifted?.setCSSClass("lifted", enabled: true)
      liftedView = lifted
    }
  }

  /// Draws the viewport's children (its `snapshot` handler, see `FocusableBox`): those the last draw list did not
  /// draw first (the reuse pool's and hidden ones draw nothing), then the draw list's in its order, back to front.
  /// - Complexity: O(children · drawn), a few dozen of each; allocates nothing.
  func snapshotChildren(_ snapshot: OpaquePointer?) {
    var child = gtk_widget_get_first_child(viewport)
    while let current = child {
      if !drawOrder.contains(current) { gtk_widget_snapshot_child(viewport, current, snapshot) }
      child = gtk_widget_get_next_sibling(current)
    }
    for widget in drawOrder where isChild(widget) { gtk_widget_snapshot_child(viewport, widget, snapshot) }
  }

  /// Whether `widget` is one of the viewport's children (compared by address, never dereferenced).
  private func isChild(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    var child = gtk_widget_get_first_child(viewport)
    while let current = child {
      if current == widget { return true }
      child = gtk_widget_get_next_sibling(current)
    }
    return false
  }

  /// A width at which GTK can allocate `widget`: `width`, or the widget's minimum width (its CSS padding, border
  /// and margins, at least) if that is more. GTK subtracts those from the allocation and measures what remains, so
  /// a narrower allocation (a viewport a few pixels wide) makes it measure a negative width: a critical on
  /// standard error for every view, every frame. The view then overflows the viewport, which clips it.
  static func allocatableWidth(_ width: Int32, of widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
    // Only narrow allocations can be below a view's minimum; wide ones skip the measurement.
    guard width < 100 else { return width }
    var minimum: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
    return max(width, minimum)
  }

  /// How far the content had scrolled when the shown views were last placed: the vertical content
  /// offset less the table's `contentOffsetCorrection` then (corrections move nothing on screen).
  /// Its change between two frames is how far the drawn content scrolled, whatever the engine did
  /// since the last placement (see `isLayoutPending`).
  @_spi(Testing) public private(set) var drawnScrollPosition = 0.0

  /// Whether the engine changed something that the viewport's next allocation will draw: until
  /// then, what GTK shows (and reports through `gtk_widget_compute_bounds`) is the previous frame.
  @_spi(Testing) public private(set) var isLayoutPending = false
  /// Whether the viewport's allocation is running (views attached now are placed by it).
  var isAllocating = false

  /// A view came or went: placed by the allocation in progress, or else by one queued now.
  func viewsChanged() {
    if isAllocating { isLayoutPending = true } else { queueAllocation() }
  }

  /// Asks GTK to allocate the viewport again, and notes that the drawn state is behind the engine.
  ///
  /// It asks for a resize, not only an allocation, so that every container between the viewport and
  /// the window is allocated in full in GTK's next layout pass. A change made while GTK allocates the
  /// viewport (a cell configured, a child reordered for assistive technology, an app's `didLayout`
  /// setting a label) queues a resize of every ancestor, and GTK clears each ancestor's flags when its
  /// own allocation ends. Had only the viewport been queued, a container that merely re-allocated its
  /// child would keep those flags while an ancestor allocated in full for another reason (a status
  /// line's new text) cleared its own: GTK would then draw the frame without that container ("Trying to
  /// snapshot GtkBox … without a current allocation"; the table's page blinks empty for a frame).
  /// Measuring the containers again is cheap: the viewport's measure is a constant, the other
  /// children's are cached.
  func queueAllocation() {
    isLayoutPending = true
    gtk_widget_queue_resize(viewport)
  }

  /// A viewport coordinate snapped to a whole pixel: halves round up on both sides of zero (Swift's
  /// `rounded()` rounds them away from zero, which would put rows straddling the top a pixel off).
  static func pixel(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

  // MARK: Frame clock and idle time

  /// Runs `tick` on every frame while the table animates.
  func startTicking() {
    guard tickCallbackID == 0 else { return }
    tickCallbackID = gtk_widget_add_tick_callback(
      viewport,
      { widget, frameClock, _ in
        guard let owner = GTKTableView.owner(of: widget) else { return 0 }
        return owner.frameTick(frameClock) ? 1 : 0
      }, nil, nil)
  }

  /// One frame: the animation advances to the frame's time. Returns whether to keep ticking.
  func frameTick(_ frameClock: OpaquePointer?) -> Bool {
    if let frameClock { clock.frameTime = Double(gdk_frame_clock_get_frame_time(frameClock)) / 1_000_000 }
    defer { clock.frameTime = nil }
    let wasAnimating = table.isAnimating
    let moving = wasAnimating && table.tick()
    syncScrollbar()
    syncSectionIndex()
    // The last frame of an animation lands it on its target: that frame is laid out too.
    if wasAnimating { queueAllocation() }
    if !moving {
      tickCallbackID = 0
      scheduleIdleWork()
    }
    return moving
  }

  /// Whether the table's idle precompute has slices left to run: a GLib idle callback is scheduled that
  /// measures more rows (within `IdlePrecompute.reach`) once nothing moves. `false` once the rows around
  /// the user are measured, and while a scroll or an animation holds the precompute back (it is scheduled
  /// again when they end). For monitors and benchmarks that wait until the heights near the user are known.
  @_spi(Testing) public var isIdleWorkPending: Bool { idleSourceID != 0 }

  /// Schedules the table's idle precompute in GLib idle time (after frames are drawn), one slice
  /// (the precompute's budget) per idle callback, while rows remain and nothing moves.
  func scheduleIdleWork() {
    guard idleSourceID == 0, table.idlePrecompute.isEnabled else { return }
    idleSourceID = g_idle_add_full(
      G_PRIORITY_DEFAULT_IDLE,
      { data in
        guard let data else { return 0 }
        let owner = Unmanaged<GTKTableView>.fromOpaque(data).takeUnretainedValue()
        return owner.idleSlice() ? 1 : 0
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  /// One idle slice; returns whether to be called again.
  func idleSlice() -> Bool {
    if table.isAnimating || table.isTracking {
      idleSourceID = 0
      return false
    }
    let offset = table.contentOffset.y
    let height = table.contentSize.height
    let more = table.runIdleSlice()
    // Measuring corrects the offset and the height: the scrollbar's range follows; nothing on screen moves.
    if table.contentOffset.y != offset || table.contentSize.height != height { queueAllocation() }
    if !more { idleSourceID = 0 }
    return more
  }
}

// The custom layout's C callbacks (no captured context: the owner is found from the widget).

private let viewportMeasure: GtkCustomMeasureFunc = { _, orientation, _, minimum, natural, _, _ in
  minimum?.pointee = 0
  natural?.pointee = orientation == GTK_ORIENTATION_VERTICAL ? 480 : 360
}

private let viewportAllocate: GtkCustomAllocateFunc = { widget, width, height, _ in
  GTKTableView.owner(of: widget)?.allocate(width: width, height: height)
}
