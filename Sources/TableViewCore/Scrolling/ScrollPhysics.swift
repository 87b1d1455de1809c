// The arithmetic of UIScrollView's feel, as pure functions: rubber banding past an edge,
// kinetic deceleration after a fling, and easing for animated scrolls.

/// UIScrollView's deceleration rates, for ``TableView/decelerationRate``. (The physics itself —
/// rubber banding, deceleration curves, easing — is the engine's; backends that need its formulas
/// reach them through `@_spi(Backend)`.)
public enum ScrollPhysics {
  /// UIScrollView's normal deceleration rate: velocity is multiplied by this every millisecond.
  public static let normalDecelerationRate = 0.998
  /// UIScrollView's fast deceleration rate.
  public static let fastDecelerationRate = 0.99
  /// Below this speed (points per second) a deceleration stops.
  @_spi(Backend) public static let stopVelocity = 5.0

  /// How far content follows a finger dragged `overshoot` points past an edge, for a viewport
  /// `dimension` points tall (UIKit's formula, c = 0.55): it resists more the further it goes.
  @_spi(Backend)
  public static func rubberBand(overshoot: Double, dimension: Double, constant: Double = 0.55) -> Double {
    guard dimension > 0 else { return 0 }
    let sign: Double = overshoot < 0 ? -1 : 1
    let x = abs(overshoot)
    return sign * (1 - 1 / (x * constant / dimension + 1)) * dimension
  }

  /// The overshoot that `rubberBand(overshoot:dimension:constant:)` stretches to `stretched`: where a
  /// finger would have to be for the content to show where it is, so that a drag begun on content
  /// resting past an edge picks it up without a jump.
  @_spi(Backend) public static func overshoot(
    rubberBanded stretched: Double, dimension: Double, constant: Double = 0.55
  ) -> Double {
    guard dimension > 0, constant > 0 else { return 0 }
    let sign: Double = stretched < 0 ? -1 : 1
    // The stretch never reaches `dimension`; past it there is no finite overshoot.
    let y = min(abs(stretched) / dimension, 1 - 1e-9)
    return sign * (1 / (1 - y) - 1) * dimension / constant
  }

  /// The distance a fling at `velocity` points per second travels before it stops.
  @_spi(Backend) public static func projectedDistance(velocity: Double, rate: Double) -> Double {
    velocity / 1000 * rate / (1 - rate)
  }

  /// The distance travelled `t` seconds into a deceleration that started at `velocity`.
  @_spi(Backend) public static func decelerationDistance(velocity: Double, rate: Double, at t: Double) -> Double {
    let ms = t * 1000
    return velocity / 1000 * rate * (1 - CMath.pow(rate, ms)) / (1 - rate)
  }

  /// The velocity `t` seconds into a deceleration.
  @_spi(Backend) public static func decelerationVelocity(velocity: Double, rate: Double, at t: Double) -> Double {
    velocity * CMath.pow(rate, t * 1000)
  }

  /// How long a deceleration from `velocity` lasts until its speed falls below `stopVelocity`.
  @_spi(Backend) public static func decelerationDuration(velocity: Double, rate: Double) -> Double {
    let speed = abs(velocity)
    guard speed > stopVelocity else { return 0 }
    return CMath.ln(stopVelocity / speed) / CMath.ln(rate) / 1000
  }

  /// The initial velocity whose deceleration travels exactly `distance` (used to end a fling on
  /// a chosen offset, e.g. a picker row).
  @_spi(Backend) public static func velocity(forDistance distance: Double, rate: Double) -> Double {
    distance * 1000 * (1 - rate) / rate
  }

  /// Ease-in-out (smoothstep) for `t` in 0…1.
  @inlinable
  static func easeInOut(_ t: Double) -> Double {
    let t = min(max(t, 0), 1)
    return t * t * (3 - 2 * t)
  }

  /// Ease-out cubic for `t` in 0…1 (bounce-back).
  static func easeOut(_ t: Double) -> Double {
    let t = min(max(t, 0), 1)
    let u = 1 - t
    return 1 - u * u * u
  }
}
