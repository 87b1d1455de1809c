import CGtk
import TableViewCore

/// The table's clock in a GTK program: GLib's monotonic time, or, during a frame, the frame
/// clock's time for that frame, so that animations advance by whole, evenly spaced frames.
public final class GTKClock: TableViewClock {
  /// The frame being drawn's time, in seconds, while a tick callback runs.
  var frameTime: Double?

  /// A clock.
  public init() {}

  /// Seconds on GLib's monotonic clock (the frame's time during a frame).
  public var now: Double { frameTime ?? Double(g_get_monotonic_time()) / 1_000_000 }
}
