import CGtk
@_spi(Backend) import TableViewCore

// Overlay scrollbars, as GNOME draws them (GtkScrolledWindow's "overlay indicators"): the scrollbar lies over the
// content's right edge instead of beside it, thin and invisible at rest; a scroll or the pointer moving over the
// table fades it in, and it fades out two seconds later unless the pointer is on it, where it widens to be grabbed.
// The rules are the core's `ScrollIndicatorState`; this file moves the widget, and applies the state's opacity and
// its "hovering" class (libadwaita's stylesheet draws `scrollbar.overlay-indicator` and `.hovering`).
//
// The desktop's "Always Show Scrollbars" (GtkSettings' `gtk-overlay-scrolling` false) puts the scrollbar back
// beside the content, where it always shows, as GTK's own scrolled windows do; so does `overlayScrolling = false`.

extension GTKTableView {
  /// Whether the scrollbar lies over the content now: both `overlayScrolling` and the desktop's setting allow it.
  public var usesOverlayScrollbar: Bool { overlayScrolling && Self.desktopAllowsOverlayScrolling() }

  /// GtkSettings' `gtk-overlay-scrolling`: false when the desktop asks for scrollbars that always show.
  static func desktopAllowsOverlayScrolling() -> Bool {
    guard let settings = gtk_settings_get_default() else { return true }
    var value = GValue()
    g_value_init(&value, g_type_from_name("gboolean"))
    g_object_get_property(
      UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-overlay-scrolling", &value)
    let allowed = g_value_get_boolean(&value) != 0
    g_value_unset(&value)
    return allowed
  }

  /// Puts the scrollbar over the content or beside it, as `usesOverlayScrollbar` says (when that changed).
  func placeScrollbar() {
    let overlay = usesOverlayScrollbar
    let parent = gtk_widget_get_parent(scrollbar)
    if parent != nil, scrollbarIsOverlay == overlay { return }
    if parent == overlayWidget {
      gtk_overlay_remove_overlay(OpaquePointer(overlayWidget), scrollbar)
    } else if parent != nil {
      gtk_box_remove(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self), scrollbar)
    }
    scrollbarIsOverlay = overlay
    if overlay {
      gtk_widget_set_halign(scrollbar, GTK_ALIGN_END)
      gtk_widget_set_valign(scrollbar, GTK_ALIGN_FILL)
      gtk_widget_add_css_class(scrollbar, "overlay-indicator")
      gtk_overlay_add_overlay(OpaquePointer(overlayWidget), scrollbar)
      applyScrollIndicator()
    } else {
      gtk_widget_remove_css_class(scrollbar, "overlay-indicator")
      gtk_widget_remove_css_class(scrollbar, "hovering")
      gtk_widget_set_opacity(scrollbar, 1)
      stopScrollIndicatorTimers()
      GTK.append(widget, scrollbar)
    }
    drawnThumb = nil
    setNeedsLayout()
  }

  /// The content scrolled (by the user or the table): an overlay scrollbar fades in.
  func scrollIndicatorScrolled() {
    guard scrollbarIsOverlay else { return }
    scrollIndicator.scrolled(at: clock.now)
    applyScrollIndicator()
  }

  /// The pointer moved over the table (`x` in the overlay's coordinates), with a button held or not.
  func scrollIndicatorPointerMoved(x: Double, buttonHeld: Bool) {
    guard scrollbarIsOverlay else { return }
    var bounds = graphene_rect_t()
    let distance: Double
    if gtk_widget_compute_bounds(scrollbar, overlayWidget, &bounds) != 0 {
      let left = Double(bounds.origin.x)
      let right = left + Double(bounds.size.width)
      distance = x < left ? left - x : x >= right ? x - right + 1 : 0
    } else {
      distance = .infinity
    }
    scrollIndicator.pointerMoved(distance: distance, buttonHeld: buttonHeld, at: clock.now)
    applyScrollIndicator()
  }

  /// The pointer left the table.
  func scrollIndicatorPointerLeft() {
    guard scrollbarIsOverlay else { return }
    scrollIndicator.pointerLeft(at: clock.now)
    applyScrollIndicator()
  }

  /// Draws the indicator as the state says now, and wakes up when it must change: every frame of a fade, or at
  /// the state's next deadline.
  func applyScrollIndicator() {
    guard scrollbarIsOverlay else { return }
    let now = clock.now
    scrollIndicator.update(at: now)
    let opacity = scrollIndicator.opacity(at: now)
    if gtk_widget_get_opacity(scrollbar) != opacity { gtk_widget_set_opacity(scrollbar, opacity) }
    let hovering = gtk_widget_has_css_class(scrollbar, "hovering") != 0
    if hovering != scrollIndicator.isHovering {
      if scrollIndicator.isHovering {
        gtk_widget_add_css_class(scrollbar, "hovering")
      } else {
        gtk_widget_remove_css_class(scrollbar, "hovering")
      }
    }
    let look = (scrollIndicator.targetOpacity, !scrollIndicator.isFading(at: now), scrollIndicator.isHovering)
    if scrollIndicatorLook.map({ $0 != look }) ?? true {
      scrollIndicatorLook = look
      scrollIndicatorDidChange?()
    }
    if scrollIndicator.isFading(at: now) {
      if scrollIndicatorTickID == 0 {
        scrollIndicatorTickID = gtk_widget_add_tick_callback(
          viewport,
          { widget, frameClock, _ in
            guard let owner = GTKTableView.owner(of: widget) else { return 0 }
            if let frameClock {
              owner.clock.frameTime = Double(gdk_frame_clock_get_frame_time(frameClock)) / 1_000_000
            }
            defer { owner.clock.frameTime = nil }
            owner.applyScrollIndicator()
            guard owner.scrollIndicator.isFading(at: owner.clock.now) else {
              owner.scrollIndicatorTickID = 0
              return 0
            }
            return 1
          }, nil, nil)
      }
    }
    if scrollIndicatorTimerID != 0 {
      g_source_remove(scrollIndicatorTimerID)
      scrollIndicatorTimerID = 0
    }
    // The state's next deadline, or the fade's end (drawn even if no frame comes: a starved or hidden window).
    let wake = [scrollIndicator.nextDeadline(at: now), scrollIndicator.fadeEnd(at: now)].compactMap { $0 }.min()
    if let deadline = wake {
      let milliseconds = UInt32(min(60_000, max(1, ((deadline - now) * 1_000).rounded(.up))))
      let owner = Unmanaged.passUnretained(self).toOpaque()
      scrollIndicatorTimerID = g_timeout_add(
        milliseconds,
        { data in
          guard let data else { return 0 }
          let owner = Unmanaged<GTKTableView>.fromOpaque(data).takeUnretainedValue()
          owner.scrollIndicatorTimerID = 0
          owner.applyScrollIndicator()
          return 0
        }, owner)
    }
  }

  /// Stops the indicator's fade and timer (the scrollbar went beside the content, or the table goes).
  func stopScrollIndicatorTimers() {
    if scrollIndicatorTickID != 0 {
      gtk_widget_remove_tick_callback(viewport, scrollIndicatorTickID)
      scrollIndicatorTickID = 0
    }
    if scrollIndicatorTimerID != 0 {
      g_source_remove(scrollIndicatorTimerID)
      scrollIndicatorTimerID = 0
    }
  }

  /// Listens to the pointer over the table (before the cells see it) and to the desktop's setting.
  func installOverlayScrollbar() {
    let motion = gtk_event_controller_motion_new()!
    gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
    Signals.connect(gpointerOf(motion), "motion") { [weak self] x, _ in
      let state = gtk_event_controller_get_current_event_state(motion).rawValue
      let buttons = GDK_BUTTON1_MASK.rawValue | GDK_BUTTON2_MASK.rawValue | GDK_BUTTON3_MASK.rawValue
      self?.scrollIndicatorPointerMoved(x: x, buttonHeld: state & buttons != 0)
    }
    Signals.connect(gpointerOf(motion), "leave") { [weak self] in self?.scrollIndicatorPointerLeft() }
    gtk_widget_add_controller(overlayWidget, motion)
    if let settings = gtk_settings_get_default() {
      settingsHandlerID = Signals.connect(gpointerOf(settings), "notify::gtk-overlay-scrolling") {
        [weak self] (_: UnsafeMutableRawPointer?) in self?.placeScrollbar()
      }
    }
    placeScrollbar()
  }

  /// Disconnects from the desktop's settings (they outlive every table).
  func removeOverlayScrollbar() {
    stopScrollIndicatorTimers()
    if settingsHandlerID != 0, let settings = gtk_settings_get_default() {
      g_signal_handler_disconnect(gpointerOf(settings), settingsHandlerID)
      settingsHandlerID = 0
    }
  }
}
