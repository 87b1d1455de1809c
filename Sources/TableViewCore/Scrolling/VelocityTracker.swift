/// The speed of a finger (or pointer) from its recent positions: the average over the last
/// `window` seconds, so a pause before lifting gives no fling.
///
///     var tracker = VelocityTracker()
///     tracker.add(position: 100, at: 0.00)
///     tracker.add(position: 112, at: 0.01)
///     table.endDragging(velocity: -tracker.velocity(at: 0.01))   // the content moves against the finger
///
/// It keeps the last 16 samples only, so a long gesture costs no memory and every call is O(1).
@_spi(Backend) public struct VelocityTracker: Sendable {
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
  ///
  /// - Complexity: O(k) for the k ≤ 16 samples kept.
  public func velocity(at time: Double) -> Double {
    guard let last = samples.last, time - last.time <= window else { return 0 }
    guard let first = samples.first(where: { last.time - $0.time <= window }), last.time > first.time else {
      return 0
    }
    return (last.position - first.position) / (last.time - first.time)
  }
}
