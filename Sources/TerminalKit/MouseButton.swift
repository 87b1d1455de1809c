/// A mouse button.
public enum MouseButton: Hashable, Sendable {
  /// The primary (usually left) button.
  case left
  /// The middle button or wheel click.
  case middle
  /// The secondary (usually right) button.
  case right
}
