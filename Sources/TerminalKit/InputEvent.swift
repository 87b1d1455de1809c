/// One input event decoded from terminal input by ``InputDecoder``.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(KeyEvent)
  /// A mouse event.
  case mouse(MouseEvent)
  /// Text the user pasted, as one event (bracketed paste): insert it as text, never run it as keys. It is the
  /// terminal's bytes between the paste's start and end markers, decoded as UTF-8 (invalid bytes become U+FFFD),
  /// control characters (Tab, line breaks, Escape) included: see `String.removingControlCharacters(lineBreak:)`.
  case paste(String)

  /// A key press event.
  public static func key(_ key: Key, modifiers: KeyModifiers = []) -> InputEvent {
    .key(KeyEvent(key, modifiers: modifiers))
  }
}
