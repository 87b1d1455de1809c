@_spi(Backend) import TableViewCore
import Testing

/// The pointer's speed for a fling: the average over the last tenth of a second.
@Suite("VelocityTracker")
struct VelocityTrackerTests {
  /// Samples every `interval` seconds from `start` to `end` of a pointer moving at `speed` from `origin`.
  func track(
    _ tracker: inout VelocityTracker, speed: Double, from start: Double, to end: Double, interval: Double = 0.008,
    origin: Double = 0
  ) {
    var time = start
    while time <= end + 1e-9 {
      tracker.add(position: origin + speed * (time - start), at: time)
      time += interval
    }
  }

  @Test("samples at a constant speed give that speed", arguments: [1200.0, -850.0, 35.0])
  func constantSpeed(speed: Double) {
    var tracker = VelocityTracker()
    track(&tracker, speed: speed, from: 10, to: 10.2)
    #expect(abs(tracker.velocity(at: 10.2) - speed) < 1e-6)
  }

  @Test("a pause longer than the window before lifting gives no fling")
  func pauseGivesZero() {
    var tracker = VelocityTracker()
    track(&tracker, speed: 2000, from: 0, to: 0.2)
    #expect(abs(tracker.velocity(at: 0.2) - 2000) < 1e-6)
    #expect(tracker.velocity(at: 0.2 + tracker.window + 0.05) == 0)
    #expect(tracker.velocity(at: 5) == 0)
  }

  @Test("holding still after moving (a sample after the pause) gives no fling")
  func holdStill() {
    var tracker = VelocityTracker()
    track(&tracker, speed: 2000, from: 0, to: 0.2)
    tracker.add(position: 400, at: 0.5)
    #expect(tracker.velocity(at: 0.5) == 0)
  }

  @Test("only the last window counts: slowing down gives the new speed")
  func recentSamplesOnly() {
    var tracker = VelocityTracker()
    track(&tracker, speed: 3000, from: 0, to: 0.3, interval: 0.01)
    let position = 3000 * 0.3
    track(&tracker, speed: 200, from: 0.31, to: 0.6, interval: 0.01, origin: position)
    #expect(abs(tracker.velocity(at: 0.6) - 200) < 1e-6)
  }

  @Test("fewer than two samples, or a reset, give 0")
  func notEnoughSamples() {
    var tracker = VelocityTracker()
    #expect(tracker.velocity(at: 0) == 0)
    tracker.add(position: 10, at: 1)
    #expect(tracker.velocity(at: 1) == 0)
    tracker.add(position: 30, at: 1.01)
    #expect(tracker.velocity(at: 1.01) > 0)
    tracker.reset()
    #expect(tracker.velocity(at: 1.01) == 0)
  }

  @Test("a longer window averages over more of the gesture")
  func customWindow() {
    var tracker = VelocityTracker()
    tracker.window = 0.5
    tracker.add(position: 0, at: 0)
    tracker.add(position: 100, at: 0.1)
    tracker.add(position: 100, at: 0.3)
    #expect(abs(tracker.velocity(at: 0.3) - 100 / 0.3) < 1e-9)
  }
}
