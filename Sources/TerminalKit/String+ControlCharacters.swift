extension String {
  /// This text made safe for a text input, as a paste is inserted: each line break (CR LF, CR or LF) becomes
  /// `lineBreak`, each Tab a space, and every other control character (C0, DEL and C1, Escape among them) is
  /// removed, so nothing in it can move the cursor, restyle the screen or run as a command.
  ///
  ///     "see the table:\tq\r\n\u{1B}[31mred".removingControlCharacters()  // "see the table: q [31mred"
  ///
  /// - Parameter lineBreak: What a line break becomes: a space (the default) for a one-line field, "\n" for a
  ///   text area.
  /// - Complexity: O(n) in the text's length.
  public func removingControlCharacters(lineBreak: String = " ") -> String {
    var result = String.UnicodeScalarView()
    var afterCarriageReturn = false
    for scalar in unicodeScalars {
      defer { afterCarriageReturn = scalar == "\r" }
      switch scalar.value {
      case 0x0A where afterCarriageReturn: continue
      case 0x0A, 0x0D: result.append(contentsOf: lineBreak.unicodeScalars)
      case 0x09: result.append(" ")
      case 0x00..<0x20, 0x7F...0x9F: continue
      default: result.append(scalar)
      }
    }
    return String(result)
  }
}
