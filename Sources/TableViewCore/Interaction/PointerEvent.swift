/// One platform-free pointer event: what a backend turns a mouse button, a finger or a pen into
/// before the table decides what it means (``TableView/handlePointer(_:)``).
///
/// The phases are UITouch's: a press `began`, `moved`, stayed `stationary` (a backend's timer
/// says the pointer is still down where it was: the way a long press is noticed), `ended`, or was
/// `cancelled` (the platform took the pointer away).
///
///     // a terminal's left button going down in column 12 of line 3
///     table.handlePointer(PointerEvent(.began, at: Point(x: 12, y: 3), time: clock.now))
@_spi(Backend) public struct PointerEvent: Hashable, Sendable, CustomStringConvertible {
  /// Where a press is between going down and coming up (UIKit's `UITouch.Phase`).
  public enum Phase: Hashable, Sendable {
    /// The button went down (a finger touched).
    case began
    /// The pointer moved with the button down.
    case moved
    /// The button is still down and the pointer has not moved: a backend sends it when the
    /// router's ``PointerRouter/longPressDeadline`` comes, so that a long press is noticed.
    case stationary
    /// The button came up.
    case ended
    /// The platform took the pointer away (a grab elsewhere): nothing the press began happens.
    case cancelled
  }

  /// Which button (UIKit's `UIEvent.ButtonMask`): a finger is the primary one.
  public enum Button: Hashable, Sendable {
    /// The left button, a finger, a pen: taps, drags, swipes, reorder.
    case primary
    /// The right button (a two-finger click): the row's context menu.
    case secondary
  }

  /// The modifier keys held (UIKit's `UIKeyModifierFlags`).
  public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    /// Creates a set from its raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Control.
    public static let control = Modifiers(rawValue: 1 << 1)
    /// Alt (Option).
    public static let alternate = Modifiers(rawValue: 1 << 2)
    /// Super (Command).
    public static let command = Modifiers(rawValue: 1 << 3)
  }

  /// What happened.
  public var phase: Phase
  /// Which button.
  public var button: Button
  /// Where, in the table's own coordinates: points, (0, 0) the visible top-left, as every touch
  /// entry point of ``TableView`` takes them (content coordinates minus ``TableView/contentOffset``).
  /// It may lie outside the visible area: a drag may leave the table.
  public var location: Point
  /// When, in seconds on the table's clock (``TableView/clock``): velocities and long presses are
  /// measured with it.
  public var time: Double
  /// The modifier keys held.
  public var modifiers: Modifiers

  /// An event.
  public init(
    _ phase: Phase, _ button: Button = .primary, at location: Point, time: Double, modifiers: Modifiers = []
  ) {
    self.phase = phase
    self.button = button
    self.location = location
    self.time = time
    self.modifiers = modifiers
  }

  /// `began(primary) at (12.0, 3.0) t=0.5`.
  public var description: String { "\(phase)(\(button)) at \(location) t=\(time)" }
}
