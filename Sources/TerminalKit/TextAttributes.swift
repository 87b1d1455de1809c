/// Text attributes a terminal can combine with colours: bold, dim, italic, underline, reverse video and
/// strikethrough.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The raw bit set.
  public let rawValue: UInt8

  /// Creates a set from its raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Bold or increased intensity (SGR 1).
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Dim or decreased intensity (SGR 2).
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Italic (SGR 3).
  public static let italic = TextAttributes(rawValue: 1 << 2)
  /// Underline (SGR 4).
  public static let underline = TextAttributes(rawValue: 1 << 3)
  /// Reverse video: foreground and background swapped (SGR 7). Still shown when colours are disabled.
  public static let reverse = TextAttributes(rawValue: 1 << 4)
  /// Strikethrough (SGR 9).
  public static let strikethrough = TextAttributes(rawValue: 1 << 5)

  /// Every attribute, in SGR order, with its "on" parameter.
  static let sgrOrder: [(TextAttributes, Int)] = [
    (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7), (.strikethrough, 9),
  ]
}
