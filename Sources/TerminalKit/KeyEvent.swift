/// A key press together with the modifiers held.
public struct KeyEvent: Hashable, Sendable {
  /// The key.
  public var key: Key
  /// The modifiers held.
  public var modifiers: KeyModifiers

  /// Creates a key event.
  public init(_ key: Key, modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }

  /// Ctrl-C, which a terminal in raw mode delivers as a key instead of a signal.
  public static let controlC = KeyEvent(.character("c"), modifiers: .control)

  /// Ctrl-Z, which a terminal in raw mode delivers as a key instead of stopping the program: see
  /// ``Terminal/suspend()``.
  public static let controlZ = KeyEvent(.character("z"), modifiers: .control)
}
