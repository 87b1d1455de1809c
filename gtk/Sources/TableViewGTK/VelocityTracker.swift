/// The speed of a finger (or pointer) from its recent positions: the average over the last
/// `window` seconds, so a pause before lifting gives no fling.
public struct VelocityTracker: Sendable {
  /// How far back samples count, in seconds.
  public var window: Double = 0.1
  private var samples: [(time: Double, position: Double)] = []

  /// An empty tracker.
  public init() { samples.reserveCapacity(16) }

  /// Forgets every sample (a new gesture).
  public mutating func reset() { samples.removeAll(keepingCapacity: true) }

  /// Records the position at `time`.
  public mutating func add(position: Double, at time: Double) {
    samples.append((time, position))
    if samples.count > 16 { samples.removeFirst(samples.count - 16) }
  }

  /// Points per second at `time` (positive when the position grows); 0 without two recent samples.
  public func velocity(at time: Double) -> Double {
    guard let last = samples.last, time - last.time <= window else { return 0 }
    guard let first = samples.first(where: { last.time - $0.time <= window }), last.time > first.time else {
      return 0
    }
    return (last.position - first.position) / (last.time - first.time)
  }
}
