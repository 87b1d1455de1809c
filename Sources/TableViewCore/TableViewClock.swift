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
  /// Moves time forward by `seconds`.
  public func advance(by seconds: Double) { now += max(0, seconds) }
}
