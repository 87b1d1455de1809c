@_spi(Backend) import TableViewCore
import Testing

/// The mouse wheel: precise for a slow turn, faster and faster for a flick.
@Suite("WheelAcceleration")
struct WheelAccelerationTests {
  @Test("a single notch scrolls three lines; notches in a fast burst scroll more and more")
  func burst() {
    var wheel = WheelAcceleration()
    #expect(wheel.delta(direction: 1, at: 0) == 3)
    #expect(wheel.delta(direction: 1, at: 0.01) == 4.5)
    #expect(wheel.delta(direction: 1, at: 0.02) == 6)
  }

  @Test("slow notches, a reversal or a pause start over")
  func reset() {
    var wheel = WheelAcceleration()
    _ = wheel.delta(direction: 1, at: 0)
    _ = wheel.delta(direction: 1, at: 0.01)
    #expect(wheel.delta(direction: -1, at: 0.02) == -3, "reversal")
    #expect(wheel.delta(direction: -1, at: 0.5) == -3, "pause")
    #expect(wheel.delta(direction: -1, at: 0.6) == -3, "slow notches")
  }

  @Test("the multiplier is capped")
  func cap() {
    var wheel = WheelAcceleration()
    var last = 0.0
    for i in 0..<100 { last = wheel.delta(direction: 1, at: Double(i) * 0.001) }
    #expect(last == 3 * wheel.maximumMultiplier)
  }
}
