/// The number of terminal cells a character or a string occupies, computed from Unicode data alone.
///
/// The result never depends on the process locale (no `wcwidth`): East Asian Wide and Fullwidth characters take two
/// cells, combining marks, zero-width joiners, variation selectors and other format characters take none, control
/// characters take none, and emoji shown in emoji presentation take two. Widths are computed per grapheme cluster
/// (a Swift `Character`), so an emoji ZWJ sequence, a flag or a letter with combining accents is measured as the
/// single glyph a terminal draws for it and is never split.
public enum DisplayWidth {
  /// The width of one grapheme cluster: 0, 1 or 2 cells.
  ///
  /// - Parameter character: The grapheme cluster to measure.
  /// - Returns: 0 for control characters and clusters made only of zero-width code points, 2 for wide characters
  ///   and emoji presentation sequences, 1 otherwise.
  public static func of(_ character: Character) -> Int {
    if let ascii = character.asciiValue {
      return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let baseWidth = of(first)
    if isControl(first.value) {
      return 0
    }
    var regionalIndicators = 0
    var hasEmojiSelector = false
    var hasJoiner = false
    var hasEmojiModifier = false
    for scalar in scalars {
      switch scalar.value {
      case 0x1F1E6...0x1F1FF: regionalIndicators += 1
      case 0xFE0F: hasEmojiSelector = true
      case 0x200D: hasJoiner = true
      case 0x1F3FB...0x1F3FF: hasEmojiModifier = true
      default: break
      }
    }
    if regionalIndicators >= 2 {
      return 2
    }
    if baseWidth == 2 {
      return 2
    }
    let properties = first.properties
    if properties.isEmojiPresentation {
      return 2
    }
    if properties.isEmoji && (hasEmojiSelector || hasJoiner || hasEmojiModifier) {
      return 2
    }
    return baseWidth
  }

  /// The total width of a string: the sum of the widths of its grapheme clusters.
  ///
  /// - Parameter string: The text to measure. Newlines and other control characters count as 0.
  /// - Returns: The number of cells the text occupies on one line.
  public static func of<S: StringProtocol>(_ string: S) -> Int {
    var width = 0
    for byte in string.utf8 {
      if byte >= 0x80 {
        return string.reduce(0) { $0 + of($1) }
      }
      if byte >= 0x20 && byte != 0x7F {
        width += 1
      }
    }
    return width
  }

  /// The width of a single Unicode scalar taken on its own: 0, 1 or 2 cells.
  ///
  /// Prefer the `Character` overload for text: a scalar's width is only meaningful as the base of a cluster.
  ///
  /// - Parameter scalar: The code point to measure.
  /// - Returns: 0 for controls and zero-width code points, 2 for East Asian Wide or Fullwidth ones, 1 otherwise.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F {
      return value >= 0x20 ? 1 : 0
    }
    if isControl(value) {
      return 0
    }
    if value < 0x300 {
      return 1
    }
    if contains(zeroWidthCodePointRanges, value) {
      return 0
    }
    if value >= 0x1100 && contains(wideCodePointRanges, value) {
      return 2
    }
    return 1
  }

  /// Whether the code point is a C0 or C1 control character or DEL.
  static func isControl(_ value: UInt32) -> Bool {
    value < 0x20 || (value >= 0x7F && value <= 0x9F)
  }

  /// Binary search in a flat table of inclusive ranges (`start, end, start, end, …`).
  static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
    var low = 0
    var high = table.count / 2 - 1
    if high < 0 || value < table[0] || value > table[table.count - 1] {
      return false
    }
    while low <= high {
      let middle = (low + high) / 2
      if value < table[2 * middle] {
        high = middle - 1
      } else if value > table[2 * middle + 1] {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}

extension Character {
  /// The number of terminal cells this grapheme cluster occupies (0, 1 or 2); see ``DisplayWidth``.
  public var displayWidth: Int { DisplayWidth.of(self) }
}

extension StringProtocol {
  /// The number of terminal cells this text occupies on one line; see ``DisplayWidth``.
  public var displayWidth: Int { DisplayWidth.of(self) }
}
