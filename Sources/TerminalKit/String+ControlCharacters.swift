extension String {
  /// This text made safe for a text input, as a paste is inserted: each line break (CR LF, CR or LF) becomes
  /// `lineBreak`, each Tab a space, and every other control character (C0, DEL and C1, Escape among them) is
  /// removed, so nothing in it can move the cursor, restyle the screen or run as a command.
  ///
  ///     "see the table:\tq\r\n\u{1B}[31mred".removingControlCharacters()  // "see the table: q [31mred"
  ///
  /// - Parameter lineBreak: What a line break becomes: a space (the default) for a one-line field, "\n" for a
  ///   text area.
  /// - Complexity: O(n) in the text's length: one pass over its UTF-8 bytes into one buffer.
  public func removingControlCharacters(lineBreak: String = " ") -> String {
    let breakBytes = Array(lineBreak.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(utf8.count)
    var afterCarriageReturn = false
    var afterC2 = false
    for byte in utf8 {
      defer { afterCarriageReturn = byte == 0x0D }
      if afterC2 {
        afterC2 = false
        // U+0080...U+009F (C1) is C2 80...C2 9F in UTF-8: drop both bytes.
        if (0x80...0x9F).contains(byte) { continue }
        result.append(0xC2)
      }
      switch byte {
      case 0x0A where afterCarriageReturn: continue
      case 0x0A, 0x0D: result.append(contentsOf: breakBytes)
      case 0x09: result.append(0x20)
      case 0x00..<0x20, 0x7F: continue
      case 0xC2: afterC2 = true
      default: result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
