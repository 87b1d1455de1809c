import CGtk
import CGtkX11
import TableViewGTK

/// A window destroyed by another program (`xdotool windowclose`, `xkill`, a session tearing windows down): the demo
/// ends as if the window had been closed, instead of dying inside GDK.
///
/// GTK 4.8 does not survive it on X11. GDK's handling of the window's `DestroyNotify` asserts when it had made an
/// EGL surface for the window (`egl_native_window == NULL`: an abort, even with the cairo renderer), and a request
/// GDK sends to the window once it is gone (a property or a geometry query for the next frame) is an X error, for
/// which GDK's error handler ends the process at once with status 1. Which comes first depends on timing (a drag
/// that keeps frames coming makes the second likelier). So on X11 the guard
/// - takes the window's `DestroyNotify` before GDK sees it (the display's `xevent` signal), unless GDK destroyed the
///   window itself;
/// - holds a GDK error trap open (`gdk_x11_display_error_trap_push`), so that no X error ends the process on the
///   spot, and looks at it once a second: an error while the window still exists is the program's own, reported
///   and fatal as GDK would have it (a second later); an error because the window is gone is the outside destroy.
///   (GDK's error handler, not one of the demo's, is installed whenever GDK traps errors itself, so a handler of
///   the demo's own would miss errors read inside GDK's traps.)
/// Either way `onDestroyed` runs once, from GLib's main loop. On Wayland the guard does nothing (another client
/// cannot destroy a client's surfaces).
final class OutsideDestroyGuard {
  private let display: OpaquePointer
  private let surface: OpaquePointer
  private let xid: XID
  private let onDestroyed: () -> Void
  private var reported = false
  private var handlerID: UInt = 0
  private var checkSourceID: UInt32 = 0

  /// Watches `window` (realized) on X11; `nil` elsewhere. `onDestroyed` runs once if another program destroys it.
  init?(_ window: UnsafeMutablePointer<GtkWindow>, onDestroyed: @escaping () -> Void) {
    guard let display = gdk_display_get_default(), Self.isX11(display),
      let surface = gtk_native_get_surface(OpaquePointer(window))
    else { return nil }
    self.display = display
    // Held, so that asking whether GDK destroyed it stays safe whatever GTK does with the window.
    g_object_ref(UnsafeMutableRawPointer(surface))
    self.surface = surface
    xid = gdk_x11_surface_get_xid(surface)
    self.onDestroyed = onDestroyed
    let owner = Unmanaged.passUnretained(self).toOpaque()
    let thunk: @convention(c) (OpaquePointer?, gpointer?, gpointer?) -> gboolean = { _, event, owner in
      guard let event, let owner else { return 0 }
      let guardian = Unmanaged<OutsideDestroyGuard>.fromOpaque(owner).takeUnretainedValue()
      return guardian.take(event.assumingMemoryBound(to: XEvent.self)) ? 1 : 0
    }
    handlerID = g_signal_connect_data(
      UnsafeMutableRawPointer(display), "xevent", unsafeBitCast(thunk, to: GCallback.self), owner, nil,
      GConnectFlags(rawValue: 0))
    gdk_x11_display_error_trap_push(display)
    checkSourceID = g_timeout_add_full(
      G_PRIORITY_LOW, 1000,
      { owner in
        Unmanaged<OutsideDestroyGuard>.fromOpaque(owner!).takeUnretainedValue().checkErrors()
        return 1
      }, owner, nil)
  }

  deinit {
    g_signal_handler_disconnect(UnsafeMutableRawPointer(display), handlerID)
    g_source_remove(checkSourceID)
    gdk_x11_display_error_trap_pop_ignored(display)
    g_object_unref(UnsafeMutableRawPointer(surface))
  }

  private static func isX11(_ display: OpaquePointer) -> Bool {
    g_type_check_instance_is_a(
      UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self), gdk_x11_display_get_type()) != 0
  }

  /// Whether `event` is the window's destruction by someone else (then GDK must not see it).
  private func take(_ event: UnsafeMutablePointer<XEvent>) -> Bool {
    guard event.pointee.type == DestroyNotify, event.pointee.xdestroywindow.window == xid,
      gdk_surface_is_destroyed(surface) == 0
    else { return false }
    report()
    return true
  }

  /// Looks at the errors trapped since the last look (a round trip to the X server), then traps again.
  private func checkErrors() {
    let code = gdk_x11_display_error_trap_pop(display)
    gdk_x11_display_error_trap_push(display)
    guard code != 0, !reported else { return }
    if windowExists() {
      // The program's own error: fatal, as GDK makes it.
      printError("tableview-gtk-demo: X error \(code) (GDK would have ended the program)")
      exit(1)
    }
    report()
  }

  /// Whether the X server still has the window.
  private func windowExists() -> Bool {
    var attributes = XWindowAttributes()
    gdk_x11_display_error_trap_push(display)
    let status = XGetWindowAttributes(gdk_x11_display_get_xdisplay(display), xid, &attributes)
    return gdk_x11_display_error_trap_pop(display) == 0 && status != 0
  }

  /// Calls `onDestroyed` once, from the main loop.
  private func report() {
    guard !reported else { return }
    reported = true
    g_idle_add_full(
      G_PRIORITY_HIGH,
      { owner in
        Unmanaged<OutsideDestroyGuard>.fromOpaque(owner!).takeUnretainedValue().onDestroyed()
        return 0
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
  }
}
