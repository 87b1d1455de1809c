/// The escape sequences that place, show and hide the terminal's cursor between frames.
///
/// Screen readers and braille displays follow the hardware cursor: an interface that parks it on the row the
/// user is on (and shows it) lets them read that row, where a hidden cursor left wherever the last write ended
/// loses them.
public enum CursorControl {
  /// Moves the cursor to column `x`, row `y` (0-based; CUP). Values are clamped to 0…65,534 (a terminal
  /// moves the cursor as far as its edge).
  public static func move(toColumn x: Int, row y: Int) -> [UInt8] {
    Array("\u{1B}[\(min(max(0, y), 65_534) + 1);\(min(max(0, x), 65_534) + 1)H".utf8)
  }

  /// Shows the cursor (DECTCEM set).
  public static let show: [UInt8] = Array("\u{1B}[?25h".utf8)

  /// Hides the cursor (DECTCEM reset).
  public static let hide: [UInt8] = Array("\u{1B}[?25l".utf8)

  /// Erases the whole line the cursor is on (EL 2), in the default style.
  public static let eraseLine: [UInt8] = Array("\u{1B}[2K".utf8)
}
