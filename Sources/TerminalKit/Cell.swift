/// One cell of a ``ScreenBuffer``: a grapheme cluster and the style it is drawn with.
///
/// A wide character (two columns) is stored in its left cell with ``width`` 2; the cell to its right is a
/// *continuation* cell (``width`` 0, a space, the same style) that the terminal fills with the wide character's
/// right half.
public struct Cell: Hashable, Sendable {
  /// The grapheme cluster shown in the cell; a space for blank and continuation cells.
  public internal(set) var character: Character
  /// The style the cell is drawn with.
  public internal(set) var style: Style
  private var storedWidth: UInt8

  /// How many columns the character occupies: 1, 2 for the left half of a wide character, 0 for a continuation.
  public var width: Int { Int(storedWidth) }

  /// Whether this cell is the right half of a wide character.
  public var isContinuation: Bool { storedWidth == 0 }

  /// A cell showing `character`; a character that is not one or two columns wide becomes a space.
  ///
  /// - Parameters:
  ///   - character: The grapheme cluster to show.
  ///   - style: How to draw it.
  public init(_ character: Character, style: Style = .plain) {
    let width = character.displayWidth
    if width == 1 || width == 2 {
      self.init(character: character, style: style, width: width)
    } else {
      self.init(character: " ", style: style, width: 1)
    }
  }

  init(character: Character, style: Style, width: Int) {
    self.character = character
    self.style = style
    self.storedWidth = UInt8(width)
  }

  /// A space in the terminal's default style.
  public static let blank = Cell(character: " ", style: .plain, width: 1)

  /// The continuation cell to the right of a wide character drawn with `style`.
  static func continuation(style: Style) -> Cell {
    Cell(character: " ", style: style, width: 0)
  }
}
