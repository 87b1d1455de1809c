/// The text measuring of the test cells: characters of one width, wrapped at a cell's width (no word breaks).
public enum TextMetrics {
  /// The lines `characters` characters of `characterWidth` points take at `width` points (at least one
  /// character a line; 0 lines for no characters).
  public static func lineCount(characters: Int, width: Double, characterWidth: Double) -> Int {
    let perLine = width.isFinite ? max(1, Int(min(max(width / characterWidth, 1), 1e9))) : 1
    return (max(0, characters) + perLine - 1) / perLine
  }

  /// A text cell's height: `padding` plus `lineHeight` for each line of `text` wrapped at `width` (`characterWidth`
  /// points a character).
  public static func height(
    of text: String, width: Double, characterWidth: Double = 8, lineHeight: Double = 16, padding: Double = 20
  ) -> Double {
    padding + lineHeight * Double(lineCount(characters: text.count, width: width, characterWidth: characterWidth))
  }
}
