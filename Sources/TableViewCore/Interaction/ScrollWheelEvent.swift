/// One platform-free scroll event: what a backend turns a mouse wheel's notch or a touchpad's two-finger scroll
/// into before the table decides what it means (``TableView/handleScrollWheel(_:)``), as AppKit's
/// `scrollWheel(with:)` receives them.
///
/// A wheel's notches glide the content by their distance. A touchpad's deltas (`hasPreciseScrollingDeltas`, as
/// `NSEvent` says) are a gesture: the first delta starts it, the content (or a row swiped sideways) follows the
/// fingers, and an `.ended` event — the platform's "fingers lifted", or the table's
/// ``TableView/scrollGestureEndDeadline`` when a device never says so — lets go with the fingers' speed.
///
///     // GTK's scroll controller: a touchpad delta at the pointer
///     table.handleScrollWheel(ScrollWheelEvent(.changed, delta: Point(x: dx, y: dy),
///                                              hasPreciseScrollingDeltas: true, at: pointer, time: clock.now))
@_spi(Backend) public struct ScrollWheelEvent: Hashable, Sendable, CustomStringConvertible {
  /// Where a touchpad gesture is (AppKit's `NSEvent.Phase`, fewer of them).
  public enum Phase: Hashable, Sendable {
    /// A delta: the wheel turned a notch, or the fingers moved (the first delta of a gesture begins it).
    case changed
    /// The fingers lifted: the gesture ends (nothing when none is under way).
    case ended
  }

  /// What happened.
  public var phase: Phase
  /// How far, in points, positive as the content scrolls towards its end (down, or right): the fingers move the
  /// other way. A wheel's delta is its notches times the backend's step.
  public var delta: Point
  /// Whether the deltas are a touchpad's, pixel-precise, that the content follows (`true`), or a wheel's
  /// notches, that glide (`false`).
  public var hasPreciseScrollingDeltas: Bool
  /// Where the pointer is, in the table's own coordinates ((0, 0) the visible top-left, as
  /// ``PointerEvent/location``), or `nil` when the platform does not say: a sideways gesture swipes the row
  /// under it.
  public var location: Point?
  /// When, in seconds on the table's clock: the fingers' speed is measured with it.
  public var time: Double

  /// An event.
  public init(
    _ phase: Phase, delta: Point = .zero, hasPreciseScrollingDeltas: Bool, at location: Point? = nil, time: Double
  ) {
    self.phase = phase
    self.delta = delta
    self.hasPreciseScrollingDeltas = hasPreciseScrollingDeltas
    self.location = location
    self.time = time
  }

  /// `changed(precise) by (0.0, 12.0) t=0.5`.
  public var description: String {
    "\(phase)(\(hasPreciseScrollingDeltas ? "precise" : "wheel")) by \(delta) t=\(time)"
  }
}
