import CGtk
import TableViewCore

/// The table's clock in a GTK program: GLib's monotonic time, or, during a frame, the frame
/// clock's time for that frame, so that animations advance by whole, evenly spaced frames.
public final class GTKClock: TableViewClock {
  /// The frame being drawn's time, in seconds, while a tick callback runs.
  var frameTime: Double?

  /// A time of the caller's own, in seconds, that `now` reports while it is set, before the frame's
  /// time and GLib's clock: for a script that replays input at an even pace of its own (the demo's
  /// self-tests play touchpad gestures one move per 1/60 s, however late a starved machine draws
  /// the frames). Set it around the calls it times, then back to `nil`; a value that is not finite
  /// is ignored.
  @_spi(Testing) public var scriptedTime: Double?

  /// A clock.
  public init() {}

  /// Seconds: the scripted time while one is set, else the frame's time during a frame, else
  /// GLib's monotonic clock.
  public var now: Double {
    if let scriptedTime, scriptedTime.isFinite { return scriptedTime }
    return frameTime ?? Double(g_get_monotonic_time()) / 1_000_000
  }
}
