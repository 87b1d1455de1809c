import CGtk

/// A closure run from GLib's main loop after `milliseconds`, again every `milliseconds` while it
/// returns true, until it returns false or the timeout is cancelled.
///
///     let arrivals = GLibTimeout(milliseconds: 2_000) { page.receive(); return true }
///     arrivals.cancel()
final class GLibTimeout {
  private var sourceID: UInt32 = 0
  private let body: () -> Bool

  /// Schedules `body` on GLib's main loop (the timeout keeps itself alive while scheduled).
  init(milliseconds: UInt32, _ body: @escaping () -> Bool) {
    self.body = body
    sourceID = g_timeout_add_full(
      G_PRIORITY_DEFAULT, milliseconds,
      { data in
        let timeout = Unmanaged<GLibTimeout>.fromOpaque(data!).takeUnretainedValue()
        if timeout.body() { return 1 }
        timeout.sourceID = 0
        return 0
      }, Unmanaged.passRetained(self).toOpaque(), { data in Unmanaged<GLibTimeout>.fromOpaque(data!).release() })
  }

  /// Whether the closure will run again.
  var isScheduled: Bool { sourceID != 0 }

  /// Stops it (nothing runs any more).
  func cancel() {
    guard sourceID != 0 else { return }
    let id = sourceID
    sourceID = 0
    g_source_remove(id)
  }
}
