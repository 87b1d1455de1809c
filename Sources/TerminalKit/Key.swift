/// A key a user pressed, as far as a terminal can tell.
public enum Key: Hashable, Sendable {
  /// A printable character. Control combinations are reported as the letter with ``KeyModifiers/control``
  /// (Ctrl-C is `.character("c")` with `.control`).
  case character(Character)
  /// Enter or Return (sent as CR or LF).
  case enter
  /// Tab.
  case tab
  /// Shift-Tab (`CSI Z`).
  case backTab
  /// Backspace (sent as DEL or BS).
  case backspace
  /// Escape, reported on its own only once the input is idle (see ``InputDecoder/flush()``).
  case escape
  /// Up arrow.
  case up
  /// Down arrow.
  case down
  /// Left arrow.
  case left
  /// Right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// Delete (forward delete).
  case delete
  /// A function key, F1 to F20.
  case function(Int)
}
