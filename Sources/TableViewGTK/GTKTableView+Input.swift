import CGtk
@_spi(Backend) import TableViewCore

// Input, translated: the wheel and the touchpad become the engine's scroll events
// (`TableView.handleScrollWheel(_:)`: notches glide and add up; a touchpad follows the fingers, swipes a row
// sideways, and flings on lift-off); the buttons become the engine's pointer events
// (`TableView.handlePointer(_:)`), whose router decides what they mean — a tap selects, a drag scrolls like a
// finger, a sideways drag swipes, a long press or a press on a drag handle picks the row up, a press on an
// editing control commits it, the right button opens the row's menu — the same rules as every backend; and the
// keys are the engine's table commands.

extension GTKTableView {
  func installInput() {
    // Scrolling: the engine's scroll events (`TableView.handleScrollWheel(_:)`), whose gesture decides what they
    // mean — wheel notches glide; touchpad deltas (pixel units) drag the content like a finger, rubber band past
    // the edges included, or, more sideways than vertical over a row with actions, swipe it; lift-off
    // ("scroll-end", or the engine's quiet deadline) flings. Both axes: a wheel's sideways notch is not the table's.
    let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
    Signals.connectHandled(gpointerOf(scroll), "scroll") { [weak self] dx, dy in
      guard let self else { return false }
      let isWheel = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL
      let delta = isWheel ? Point(x: 0, y: dy * self.wheelStep) : Point(x: dx, y: dy)
      return self.scrollWheel(
        ScrollWheelEvent(
          .changed, delta: delta, hasPreciseScrollingDeltas: !isWheel, at: self.pointerPosition, time: self.clock.now))
    }
    Signals.connect(gpointerOf(scroll), "scroll-end") { [weak self] in
      guard let self else { return }
      self.scrollWheel(ScrollWheelEvent(.ended, hasPreciseScrollingDeltas: true, time: self.clock.now))
    }
    gtk_widget_add_controller(viewport, scroll)
    // Where the pointer is (scroll events carry no position): the row a touchpad swipe starts on.
    let motion = gtk_event_controller_motion_new()!
    Signals.connect(gpointerOf(motion), "motion") { [weak self] x, y in self?.pointerPosition = Point(x: x, y: y) }
    Signals.connect(gpointerOf(motion), "leave") { [weak self] in self?.pointerPosition = nil }
    gtk_widget_add_controller(viewport, motion)

    // The pointer's left button: the engine's pointer events, from press to release.
    let drag = gtk_gesture_drag_new()!
    gtk_gesture_single_set_button(drag, 1)
    Signals.connect(gpointerOf(drag), "drag-begin") { [weak self] x, y in self?.pointerDown(at: Point(x: x, y: y)) }
    Signals.connect(gpointerOf(drag), "drag-update") { [weak self] dx, dy in self?.pointer(.moved, dx: dx, dy: dy) }
    Signals.connect(gpointerOf(drag), "drag-end") { [weak self] dx, dy in self?.pointer(.ended, dx: dx, dy: dy) }
    // A gesture GTK cancels (a grab elsewhere) does nothing: its "drag-end" follows as a no-op.
    Signals.connect(gpointerOf(drag), "cancel") { [weak self] (_: UnsafeMutableRawPointer?) in
      self?.pointer(.cancelled, dx: 0, dy: 0)
    }
    gtk_widget_add_controller(viewport, drag)
    // The right button.
    let rightClick = gtk_gesture_click_new()!
    gtk_gesture_single_set_button(rightClick, 3)
    Signals.connect(gpointerOf(rightClick), "pressed") { [weak self] (_: Int32, x: Double, y: Double) in
      guard let self else { return }
      gtk_widget_grab_focus(self.viewport)
      self.pointer(PointerEvent(.began, .secondary, at: Point(x: x, y: y), time: self.clock.now))
    }
    gtk_widget_add_controller(viewport, rightClick)

    let keys = gtk_event_controller_key_new()!
    Signals.connectKey(gpointerOf(keys), "key-pressed") { [weak self] keyval, state in
      self?.handleKey(keyval, modifiers: state) ?? false
    }
    gtk_widget_add_controller(viewport, keys)
  }

  // MARK: Wheel and touchpad

  /// Hands a scroll event to the engine (see `TableView.handleScrollWheel(_:)`), then ends the gesture when the
  /// fingers go quiet (a device that never sends "scroll-end") and draws. Returns whether the table used it.
  /// (SPI so that other input sources, and the demo's self-tests, can drive a gesture.)
  @discardableResult
  @_spi(Testing) public func scrollWheel(_ event: ScrollWheelEvent) -> Bool {
    let used = table.handleScrollWheel(event)
    scheduleGestureEnd()
    setNeedsLayout()
    return used
  }

  // MARK: Pointer

  /// The left button went down at `point` (viewport coordinates).
  func pointerDown(at point: Point) {
    gtk_widget_grab_focus(viewport)
    pointerStart = point
    pointer(PointerEvent(.began, at: point, time: clock.now))
  }

  /// The left button's press moved by (`dx`, `dy`) from where it went down, or ended, or was cancelled.
  func pointer(_ phase: PointerEvent.Phase, dx: Double, dy: Double) {
    pointer(PointerEvent(phase, at: Point(x: pointerStart.x + dx, y: pointerStart.y + dy), time: clock.now))
  }

  /// Hands `event` to the engine, then shows what it decided: the context menu, a long press to come.
  @_spi(Testing) public func pointer(_ event: PointerEvent) {
    if event.phase != .began || event.button == .primary { pointerLast = event.location }
    switch table.handlePointer(event) {
    case .openContextMenu(let row, let at): showContextMenu(forRowAt: row, at: at)
    case .pressInContextMenu: hideContextMenu()
    default: break
    }
    scheduleLongPress()
    setNeedsLayout()
  }

  /// The engine's deadlines GTK cannot see come: a still press becoming a long press (GTK reports no time
  /// passing with the button down), and a touchpad gesture whose fingers went quiet (a device that never sends
  /// "scroll-end").
  enum InputTimer {
    case longPress, gestureEnd
  }

  /// A press that may become a long press gets a `.stationary` event when it is due.
  func scheduleLongPress() { schedule(.longPress, at: table.pointerLongPressDeadline) }

  /// A touchpad gesture gets its `.ended` event at the engine's deadline (at rest by then: no fling).
  func scheduleGestureEnd() { schedule(.gestureEnd, at: table.scrollGestureEndDeadline) }

  /// Replaces `timer`'s GLib timeout with one due at `deadline` (table clock seconds; none when `nil`).
  func schedule(_ timer: InputTimer, at deadline: Double?) {
    let running = timer == .longPress ? longPressSourceID : touchpadQuietSourceID
    if running != 0 { g_source_remove(running) }
    var id: UInt32 = 0
    if let deadline {
      let milliseconds = UInt32(max(0, min(10, deadline - clock.now)) * 1000 + 1)
      let owner = Unmanaged.passUnretained(self).toOpaque()
      id =
        timer == .longPress
        ? g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { GTKTableView.fire(.longPress, $0) }, owner, nil)
        : g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { GTKTableView.fire(.gestureEnd, $0) }, owner, nil)
    }
    if timer == .longPress { longPressSourceID = id } else { touchpadQuietSourceID = id }
  }

  /// `timer` came for the table view at `data`: the engine hears of it.
  static func fire(_ timer: InputTimer, _ data: UnsafeMutableRawPointer?) -> gboolean {
    guard let data else { return 0 }
    let owner = Unmanaged<GTKTableView>.fromOpaque(data).takeUnretainedValue()
    switch timer {
    case .longPress:
      owner.longPressSourceID = 0
      owner.pointer(PointerEvent(.stationary, at: owner.pointerLast, time: owner.clock.now))
    case .gestureEnd:
      owner.touchpadQuietSourceID = 0
      owner.scrollWheel(ScrollWheelEvent(.ended, hasPreciseScrollingDeltas: true, time: owner.clock.now))
    }
    return 0
  }

  // MARK: Keys

  /// Handles a key: ↑/↓ move the focus (the selection follows in single selection mode; with Shift in
  /// multiple selection mode the selection extends), Page Up/Down scroll a page keeping the focused row's
  /// place on screen (Shift extends too), Home/End focus the first/last row, [ and ] the first row of this or
  /// the previous section and of the next one, Space and Enter select the focused row like a click (in
  /// multiple selection mode they toggle it), Escape closes a swiped row or else clears the selection. m picks
  /// up the focused row to move it (then ↑/↓, Page Up/Down move it, Enter or m drops it, Escape puts it
  /// back); the Menu key or Shift+F10 opens the focused row's context menu. s (or ←, or → for the leading
  /// side) opens the focused row's swipe actions; then ←/→ or Tab/Shift+Tab choose one, Enter performs it,
  /// Escape or s closes the row. (See `TableView`'s keyboard
  /// navigation: the focus is the engine's.)
  /// - Returns: Whether the key was used.
  @discardableResult
  public func handleKey(_ keyval: UInt32, modifiers state: GdkModifierType = GdkModifierType(rawValue: 0)) -> Bool {
    // Ctrl and Alt combinations belong to the application (shortcuts), not to the table.
    if state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) != 0 { return false }
    // The Menu key opens the row's menu; every other key is a table command (TableView.perform
    // decides what it does: a held row takes the movement keys).
    if handleContextMenuKey(keyval, modifiers: state) {
      setNeedsLayout()
      return true
    }
    guard let command = command(for: keyval, modifiers: state) else { return table.takesEveryKey }
    let used = table.perform(command)
    setNeedsLayout()
    return used
  }

  /// The table command a key stands for, if any.
  func command(for keyval: UInt32, modifiers state: GdkModifierType) -> TableCommand? {
    let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
    switch Int32(keyval) {
    case GDK_KEY_Up, GDK_KEY_KP_Up: return .moveFocus(.previous, extendingSelection: shift)
    case GDK_KEY_Down, GDK_KEY_KP_Down: return .moveFocus(.next, extendingSelection: shift)
    case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up:
      return .scrollPage(.up, overlap: pageOverlap, extendingSelection: shift)
    case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down:
      return .scrollPage(.down, overlap: pageOverlap, extendingSelection: shift)
    case GDK_KEY_Home, GDK_KEY_KP_Home: return .focusEdge(.first)
    case GDK_KEY_End, GDK_KEY_KP_End: return .focusEdge(.last)
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space, GDK_KEY_KP_Space: return .activate
    case GDK_KEY_bracketleft: return .focusSection(.previous)
    case GDK_KEY_bracketright: return .focusSection(.next)
    case GDK_KEY_Escape: return .cancel
    case GDK_KEY_Delete, GDK_KEY_BackSpace, GDK_KEY_KP_Delete: return .commitEditingControl
    case GDK_KEY_m where !shift: return .pickUpRow
    case GDK_KEY_s where !shift: return .toggleSwipeActions
    case GDK_KEY_Left, GDK_KEY_KP_Left: return .swipe(.left)
    case GDK_KEY_Right, GDK_KEY_KP_Right: return .swipe(.right)
    case GDK_KEY_Tab, GDK_KEY_KP_Tab: return shift ? .focusSwipeAction(.previous) : .focusSwipeAction(.next)
    case GDK_KEY_ISO_Left_Tab: return .focusSwipeAction(.previous)
    default: return nil
    }
  }

  /// How much of the previous page a page key leaves in view, in points.
  var pageOverlap: Double { 40 }
}
