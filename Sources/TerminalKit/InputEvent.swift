/// One input event decoded from terminal input by ``InputDecoder``.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(KeyEvent)
  /// A mouse event.
  case mouse(MouseEvent)

  /// A key press event.
  public static func key(_ key: Key, modifiers: KeyModifiers = []) -> InputEvent {
    .key(KeyEvent(key, modifiers: modifiers))
  }
}
