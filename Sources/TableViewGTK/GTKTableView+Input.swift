import CGtk
@_spi(Backend) import TableViewCore

// Input, translated: the wheel and the touchpad scroll (notches glide and add up; a touchpad follows the
// fingers and flings with the engine's deceleration on lift-off); the buttons become the engine's pointer
// events (`TableView.handlePointer(_:)`), whose router decides what they mean — a tap selects, a drag
// scrolls like a finger, a sideways drag swipes, a long press or a press on a drag handle picks the row
// up, a press on an editing control commits it, the right button opens the row's menu — the same rules
// as every backend; and the keys are the engine's table commands.

extension GTKTableView {
  func installInput() {
    // Scrolling: wheel notches glide; touchpad deltas (pixel units) drag the content like a finger,
    // rubber band past the edges included, and fling on lift-off ("scroll-end"). GTK's X11 backend
    // brackets wheel notches with "scroll-begin" too, so the drag starts with the first pixel delta,
    // not at "scroll-begin", and a wheel notch or a quiet quarter second ends it.
    // Both axes: a sideways touchpad gesture over a row swipes it (wheels' sideways notches do nothing).
    let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
    Signals.connectHandled(gpointerOf(scroll), "scroll") { [weak self] dx, dy in
      guard let self else { return false }
      let isWheel = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL
      if !isWheel, self.touchpadY == nil, self.touchpadSwipe != nil || abs(dx) > abs(dy) {
        if let pointer = self.pointerPosition, self.touchpadSwipeInput(dx: dx, at: pointer) { return true }
      }
      guard dy != 0 || !isWheel else { return false }
      self.scrollInput(dy: dy, isWheel: isWheel)
      return true
    }
    Signals.connect(gpointerOf(scroll), "scroll-end") { [weak self] in self?.touchpadEnded() }
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

  /// A scroll event: a wheel notch (`dy` ±1 per notch) glides by `wheelStep`; touchpad deltas
  /// (pixels) drag the content with the fingers, starting a touchpad gesture if none is on.
  @_spi(Testing) public func scrollInput(dy: Double, isWheel: Bool) {
    if isWheel {
      if touchpadY != nil { touchpadEnded() }
      // Not `WheelAcceleration` (the terminal's jumps by a growing step per notch): here notches glide
      // and add up to the running scroll's target, which already crosses a long list fast on a flick.
      table.scrollSmoothly(by: dy * wheelStep)
    } else {
      if touchpadY == nil { touchpadBegan() }
      let moved = (touchpadY ?? 0) - dy
      touchpadY = moved
      touchpadTracker.add(position: moved, at: clock.now)
      table.drag(to: moved)
      endTouchpadWhenQuiet()
    }
    setNeedsLayout()
  }

  /// Fingers went down on the touchpad: the content stops and follows them. (`scrollInput` calls it
  /// on the first pixel delta; public so that other input sources, and tests, can drive a gesture:
  /// `touchpadBegan()`, `scrollInput(dy:isWheel: false)` per move, `touchpadEnded()`.)
  @_spi(Testing) public func touchpadBegan() {
    touchpadY = 0
    touchpadTracker.reset()
    touchpadTracker.add(position: 0, at: clock.now)
    table.beginDragging(at: 0)
    setNeedsLayout()
  }

  /// The fingers lifted: the engine decelerates at their speed, or bounces back from past an edge.
  /// Does nothing when no gesture is on.
  @_spi(Testing) public func touchpadEnded() {
    if touchpadQuietSourceID != 0 {
      g_source_remove(touchpadQuietSourceID)
      touchpadQuietSourceID = 0
    }
    if let swipe = touchpadSwipe {
      touchpadSwipe = nil
      // The fingers' velocity sideways is the row's.
      table.endSwipe(velocity: swipe.tracker.velocity(at: clock.now))
      setNeedsLayout()
      return
    }
    guard touchpadY != nil else { return }
    touchpadY = nil
    table.endDragging(velocity: -touchpadTracker.velocity(at: clock.now))
    setNeedsLayout()
  }

  /// A touchpad scroll sideways (`dx` in pixels, positive as the content would scroll right) over
  /// `point` of the viewport: the first one over a row with swipe actions starts swiping it (the row
  /// follows the fingers), later ones move it; `touchpadEnded()` lets go. Returns whether the delta
  /// swiped a row (false: no row there, or it has no actions; the delta is then an ordinary scroll).
  @discardableResult
  @_spi(Testing) public func touchpadSwipeInput(dx: Double, at point: Point) -> Bool {
    guard dx.isFinite else { return false }
    if touchpadSwipe == nil {
      guard dx != 0, !table.isEditing, let row = table.indexPathForTouch(at: point), table.beginSwipe(at: row) else {
        return false
      }
      var tracker = VelocityTracker()
      tracker.add(position: 0, at: clock.now)
      touchpadSwipe = (0, tracker)
    }
    guard var swipe = touchpadSwipe else { return false }
    // As for the vertical gesture, the fingers move against the scroll's direction.
    swipe.x -= dx
    swipe.tracker.add(position: swipe.x, at: clock.now)
    touchpadSwipe = swipe
    table.updateSwipe(translation: swipe.x)
    endTouchpadWhenQuiet()
    setNeedsLayout()
    return true
  }

  /// A device that never sends a stop event must not leave the table dragging: a gesture with no
  /// delta for a quarter of a second ends (at rest: no fling).
  func endTouchpadWhenQuiet() {
    if touchpadQuietSourceID != 0 { g_source_remove(touchpadQuietSourceID) }
    touchpadQuietSourceID = g_timeout_add_full(
      G_PRIORITY_DEFAULT, 250,
      { data in
        guard let data else { return 0 }
        let owner = Unmanaged<GTKTableView>.fromOpaque(data).takeUnretainedValue()
        owner.touchpadQuietSourceID = 0
        owner.touchpadEnded()
        return 0
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
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

  /// A press that may become a long press gets a `.stationary` event when it is due (GTK reports no time passing
  /// with the button still).
  func scheduleLongPress() {
    if longPressSourceID != 0 {
      g_source_remove(longPressSourceID)
      longPressSourceID = 0
    }
    guard let deadline = table.pointerLongPressDeadline else { return }
    let milliseconds = UInt32(max(0, min(10, deadline - clock.now)) * 1000 + 1)
    longPressSourceID = g_timeout_add_full(
      G_PRIORITY_DEFAULT, milliseconds,
      { data in
        guard let data else { return 0 }
        let owner = Unmanaged<GTKTableView>.fromOpaque(data).takeUnretainedValue()
        owner.longPressSourceID = 0
        owner.pointer(PointerEvent(.stationary, at: owner.pointerLast, time: owner.clock.now))
        return 0
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  // MARK: Keys

  /// Handles a key: ↑/↓ move the focus (the selection follows in single selection mode; with Shift in
  /// multiple selection mode the selection extends), Page Up/Down scroll a page keeping the focused row's
  /// place on screen (Shift extends too), Home/End focus the first/last row, [ and ] the first row of this or
  /// the previous section and of the next one, Space and Enter select the focused row like a click (in
  /// multiple selection mode they toggle it), Escape closes a swiped row or else clears the selection. m picks
  /// up the focused row to move it (then ↑/↓, Page Up/Down move it, Enter or m drops it, Escape puts it
  /// back); the Menu key or Shift+F10 opens the focused row's context menu. (See `TableView`'s keyboard
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
    default: return nil
    }
  }

  /// How much of the previous page a page key leaves in view, in points.
  var pageOverlap: Double { 40 }
}
