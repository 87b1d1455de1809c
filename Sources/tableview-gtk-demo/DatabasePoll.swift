/// How a page served from the database hears what its data source did: GLib calls `poll` every `busyInterval`
/// milliseconds while `isWaiting` says something is on its way (a page, a write, a refresh), else every
/// `idleInterval` (GLib then wakes the demo ten times a second), switching as soon as that changes.
/// Both database pages (the feed and the chat) use one.
final class DatabasePoll {
  /// Milliseconds between polls while something is on its way.
  static let busyInterval: UInt32 = 10
  /// Milliseconds between polls otherwise.
  static let idleInterval: UInt32 = 100

  private let isWaiting: () -> Bool
  private let poll: () -> Void
  private var timer: GLibTimeout?
  private var isFast = false

  /// A poller that asks `isWaiting` which pace to keep and calls `poll` on GLib's main loop.
  init(isWaiting: @escaping () -> Bool, poll: @escaping () -> Void) {
    self.isWaiting = isWaiting
    self.poll = poll
  }

  deinit { timer?.cancel() }

  /// Polls soon, at the pace `isWaiting` asks for now (nothing changes when a poll at that pace is scheduled).
  func schedule() {
    let fast = isWaiting()
    if timer?.isScheduled == true, fast == isFast { return }
    timer?.cancel()
    isFast = fast
    timer = GLibTimeout(milliseconds: fast ? Self.busyInterval : Self.idleInterval) { [weak self] in
      guard let self else { return false }
      self.poll()
      if self.isWaiting() != self.isFast {
        self.timer = nil
        self.schedule()
        return false
      }
      return true
    }
  }
}
