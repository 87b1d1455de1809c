/// How far one notch of the mouse wheel scrolls: a few lines for a single notch, more and more while notches
/// arrive in a fast burst (a flick of the wheel), so a long list can be crossed quickly and a slow turn stays
/// precise. A line is whatever the backend scales it to (a terminal row is one point). An app tunes
/// the settings (a backend's `wheelAcceleration`); the backend asks for each notch's distance
/// (`delta(direction:at:)`, in the backend interface):
///
///     var wheel = WheelAcceleration()
///     wheel.delta(direction: 1, at: 0.00)   // 3
///     wheel.delta(direction: 1, at: 0.01)   // 4.5: same direction, within the burst interval
///     wheel.delta(direction: -1, at: 0.02)  // -3: a reversal starts over
public struct WheelAcceleration: Hashable, Sendable {
  /// The lines one notch scrolls on its own (the terminal's three, as most terminal programs).
  public var linesPerNotch: Double = 3
  /// Notches closer together than this (seconds) belong to one burst.
  public var burstInterval: Double = 0.06
  /// How much each further notch of a burst adds to the multiplier.
  public var step: Double = 0.5
  /// The largest multiplier a burst reaches.
  public var maximumMultiplier: Double = 10

  private var lastTime: Double?
  private var lastDirection = 0
  private var streak = 0

  /// Creates the default acceleration.
  public init() {}

  /// The lines to scroll for one notch.
  ///
  /// - Parameters:
  ///   - direction: 1 to scroll down (towards larger offsets), -1 up.
  ///   - time: When the notch arrived, in seconds.
  /// - Returns: A signed distance in lines.
  @_spi(Backend) public mutating func delta(direction: Int, at time: Double) -> Double {
    let sign = direction < 0 ? -1 : 1
    if let lastTime, sign == lastDirection, time - lastTime <= burstInterval, time >= lastTime {
      streak += 1
    } else {
      streak = 0
    }
    lastTime = time
    lastDirection = sign
    return Double(sign) * linesPerNotch * multiplier
  }

  /// The multiplier of the current burst.
  @_spi(Backend) public var multiplier: Double { min(maximumMultiplier, 1 + Double(streak) * step) }
}
