/// A source of time in seconds for animations, deceleration and idle work. Injected so tests
/// never sleep: give the table a `ManualClock` and advance it by hand.
public protocol TableViewClock: AnyObject {
  /// Seconds since an arbitrary origin, never decreasing.
  var now: Double { get }
}

/// A clock that moves only when told to.
public final class ManualClock: TableViewClock {
  /// The current time in seconds.
  public var now: Double
  /// Creates a clock at `start` seconds.
  public init(start: Double = 0) { now = start }
  /// Moves time forward by `seconds`. A negative or NaN step is taken as 0, and a step that
  /// would leave the clock at a time that is not finite (∞, 1e308 twice) leaves it where it is:
  /// animations compute with the time, and an infinite one would never end them.
  public func advance(by seconds: Double) {
    guard seconds > 0 else { return }
    let next = now + seconds
    if next.isFinite { now = next }
  }
}
