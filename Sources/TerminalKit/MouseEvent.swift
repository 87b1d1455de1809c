/// A mouse event reported by the terminal, at a 0-based cell position.
public struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  public enum Kind: Hashable, Sendable {
    /// A button went down.
    case press(MouseButton)
    /// A button went up; `nil` when the terminal does not say which (legacy X10 encoding).
    case release(MouseButton?)
    /// The mouse moved with a button held.
    case drag(MouseButton)
    /// The mouse moved with no button held (only with any-event tracking).
    case move
    /// The wheel turned away from the user: content should scroll up.
    case scrollUp
    /// The wheel turned towards the user: content should scroll down.
    case scrollDown
    /// Horizontal scrolling to the left.
    case scrollLeft
    /// Horizontal scrolling to the right.
    case scrollRight
  }

  /// What the mouse did.
  public var kind: Kind
  /// The 0-based column.
  public var x: Int
  /// The 0-based row.
  public var y: Int
  /// The modifier keys held.
  public var modifiers: KeyModifiers

  /// Creates a mouse event.
  public init(_ kind: Kind, x: Int, y: Int, modifiers: KeyModifiers = []) {
    self.kind = kind
    self.x = x
    self.y = y
    self.modifiers = modifiers
  }
}
