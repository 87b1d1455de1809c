import CGtk
@_spi(Backend) import TableViewCore

// Input: the wheel and the touchpad scroll (notches glide and add up; a touchpad follows the
// fingers and flings with the engine's deceleration on lift-off), a drag with the pointer scrolls
// like a finger, a click selects (the row highlights while the button is down), and the keys
// navigate as on a Mac or iPad table (see `TableView`'s keyboard navigation).

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

    // The pointer's left button: a tap selects, a drag scrolls.
    let drag = gtk_gesture_drag_new()!
    gtk_gesture_single_set_button(drag, 1)
    Signals.connect(gpointerOf(drag), "drag-begin") { [weak self] x, y in self?.pointerDown(x: x, y: y) }
    Signals.connect(gpointerOf(drag), "drag-update") { [weak self] dx, dy in self?.pointerMoved(dx: dx, dy: dy) }
    Signals.connect(gpointerOf(drag), "drag-end") { [weak self] dx, dy in self?.pointerUp(dx: dx, dy: dy) }
    // A gesture GTK cancels (a grab elsewhere) selects nothing: its "drag-end" follows as a no-op.
    Signals.connect(gpointerOf(drag), "cancel") { [weak self] (_: UnsafeMutableRawPointer?) in self?.pointerCancelled()
    }
    gtk_widget_add_controller(viewport, drag)
    // A long press picks the row up (the drag above then moves it).
    let longPress = gtk_gesture_long_press_new()!
    gtk_gesture_single_set_button(longPress, 1)
    Signals.connect(gpointerOf(longPress), "pressed") { [weak self] x, y in self?.longPressed(at: Point(x: x, y: y)) }
    gtk_widget_add_controller(viewport, longPress)
    // The right button opens the row's context menu.
    let rightClick = gtk_gesture_click_new()!
    gtk_gesture_single_set_button(rightClick, 3)
    Signals.connect(gpointerOf(rightClick), "pressed") { [weak self] (_: Int32, x: Double, y: Double) in
      self?.contextClick(at: Point(x: x, y: y))
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

  func pointerDown(x: Double, y: Double) {
    gtk_widget_grab_focus(viewport)
    let point = Point(x: x, y: y)
    dragStart = point
    // A press on a row's drag handle (edit mode) picks the row up: the drag moves it.
    if beginReorderOnHandle(at: point) {
      press.cancel()
      return
    }
    press.slop = table.tapMoveThreshold
    // A press on moving content stops it and is not a tap (as on iOS): no row is selected.
    let mayTap = press.press(at: point, contentIsMoving: table.isScrollAnimating)
    table.stopScrolling()
    dragTracker.reset()
    dragTracker.add(position: y, at: clock.now)
    swipeDrag = nil
    // While a row is swiped open, a tap closes it (and selects nothing); a sideways drag of that
    // row moves it on from where it is.
    pressWhileSwiped = table.swipedRow != nil
    if mayTap && !pressWhileSwiped { table.touchBegan(at: point) }
    setNeedsLayout()
  }

  func pointerCancelled() {
    if cancelReorderDrag() { return }
    if swipeDrag != nil {
      swipeDrag = nil
      table.endSwipe(velocity: 0)
    }
    if press.phase == .dragging { table.endDragging(velocity: 0) }
    press.cancel()
    table.touchCancelled()
    setNeedsLayout()
  }

  func pointerMoved(dx: Double, dy: Double) {
    if dragReorder(to: dragStart.y + dy) { return }
    if var swipe = swipeDrag {
      // A swipe follows the pointer sideways only.
      swipe.tracker.add(position: swipe.startX + dx, at: clock.now)
      swipeDrag = swipe
      table.updateSwipe(translation: dx)
      setNeedsLayout()
      return
    }
    guard press.phase != .idle else { return }
    if beginSwipeIfSideways(dx: dx, dy: dy) { return }
    let point = Point(x: press.start.x + dx, y: press.start.y + dy)
    dragTracker.add(position: point.y, at: clock.now)
    switch press.move(to: point) {
    case .dragBegan(let anchorY):
      table.touchCancelled()
      // Scrolling closes a swiped row.
      table.closeSwipe(animated: true)
      table.beginDragging(at: anchorY)
      table.drag(to: point.y)
    case .dragged:
      table.drag(to: point.y)
    case .tapCancelled:
      table.touchCancelled()
    case .unchanged:
      return
    }
    setNeedsLayout()
  }

  func pointerUp(dx: Double, dy: Double) {
    if endReorderDrag(at: dragStart.y + dy) {
      press.cancel()
      return
    }
    if let swipe = swipeDrag {
      swipeDrag = nil
      table.endSwipe(velocity: swipe.tracker.velocity(at: clock.now))
      setNeedsLayout()
      return
    }
    guard press.phase != .idle else { return }
    switch press.release(at: Point(x: press.start.x + dx, y: press.start.y + dy)) {
    case .tap(let point):
      if pressWhileSwiped {
        table.closeSwipe(animated: true)
      } else {
        table.touchEnded(at: point)
      }
    case .drag:
      // The finger's velocity is the opposite of the content offset's.
      table.endDragging(velocity: -dragTracker.velocity(at: clock.now))
    case .nothing:
      table.touchCancelled()
    }
    setNeedsLayout()
  }

  /// A press that moved sideways past the tap threshold (more than it moved up or down) over a row
  /// with swipe actions starts swiping that row: from then on the pointer's horizontal movement
  /// moves the row (`TableView.updateSwipe(translation:)`). Returns whether it started.
  func beginSwipeIfSideways(dx: Double, dy: Double) -> Bool {
    guard press.phase == .pressed || press.phase == .movedAway, abs(dx) >= press.slop, abs(dx) > abs(dy),
      !table.isEditing, let row = table.indexPathForTouch(at: press.start)
    else { return false }
    // Another row swiped open closes (beginSwipe does it); the open row itself goes on from its place.
    guard table.beginSwipe(at: row) else { return false }
    table.touchCancelled()
    press.cancel()
    var tracker = VelocityTracker()
    tracker.add(position: press.start.x + dx, at: clock.now)
    swipeDrag = (press.start.x, tracker)
    table.updateSwipe(translation: dx)
    setNeedsLayout()
    return true
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
    // Escape puts back a row held by the pointer too: the drag that held it is over.
    if table.reorderingRow == nil { reorderDragY = nil }
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
