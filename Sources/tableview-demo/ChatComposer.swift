import TableViewTerminal
import TerminalKit

/// The chat's composer line: what the user is typing, drawn after a prompt with a cursor at its end. Text longer
/// than the line shows its end (counted in display cells: a CJK character takes two).
struct ChatComposer {
  /// The text typed so far.
  private(set) var text = ""

  /// The prompt before the text.
  var prompt = "› "
  /// What an empty composer shows.
  var placeholder = "Type a message, Enter sends"

  /// Adds a typed character at the end (control characters are not text and are ignored).
  mutating func type(_ character: Character) {
    guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return }
    text.append(character)
  }

  /// Adds pasted text at the end in one step, as text: a Tab or a line break becomes a space and other control
  /// characters are removed, so nothing in a paste runs as a key.
  /// - Complexity: O(pasted text length).
  mutating func paste(_ pasted: String) {
    text += pasted.removingControlCharacters()
  }

  /// Removes the last character (Backspace).
  mutating func deleteBackward() {
    if !text.isEmpty { text.removeLast() }
  }

  /// Puts back messages whose sending failed, before what is typed now, so that nothing typed is lost.
  mutating func restore(_ messages: [String]) {
    guard !messages.isEmpty else { return }
    text = (messages + (text.isEmpty ? [] : [text])).joined(separator: " ")
  }

  /// Empties the composer.
  mutating func clear() { text = "" }

  /// The text to send, emptying the composer; `nil` (and the composer kept) when there is nothing but spaces.
  mutating func takeMessage() -> String? {
    guard text.contains(where: { !$0.isWhitespace }) else { return nil }
    defer { text = "" }
    return text
  }

  /// The end of the text that fits in `width` cells: the whole text, or "…" and as many of the last characters as
  /// fit after it.
  /// - Complexity: O(width): only the end of a long text (a 1 MB paste) is measured.
  func visibleText(width: Int) -> String {
    guard width > 0 else { return "" }
    // Walk back from the end while the tail fits in the whole width; once it does not, keep what fits after "…".
    var used = 0
    var index = text.endIndex
    var fitsWithEllipsis = text.endIndex
    while index > text.startIndex {
      let previous = text.index(before: index)
      used += text[previous].displayWidth
      if used > width { return "…" + text[fitsWithEllipsis...] }
      index = previous
      if used + 1 <= width { fitsWithEllipsis = index }
    }
    return text
  }

  /// Draws the prompt, the text and the cursor (a reverse-video cell) on line `y` from column `x`, `width` cells
  /// wide; the placeholder when empty.
  /// Draws the prompt, the text's end and the caret on line `y` from column `x`.
  /// - Returns: The caret's column, or `nil` when there is no room for it.
  @discardableResult
  func draw(into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) -> Int? {
    guard width > 0 else { return nil }
    var column =
      x + buffer.write(prompt, x: x, y: y, style: Style(foreground: .cyan, attributes: .bold), maxWidth: width)
    let room = x + width - column - 1  // the cursor's cell
    guard room >= 0 else { return nil }
    column += buffer.write(visibleText(width: room), x: column, y: y, style: .plain, maxWidth: room)
    buffer.write(" ", x: column, y: y, style: Style(attributes: .reverse))
    if text.isEmpty {
      buffer.write(
        " " + placeholder, x: column + 1, y: y, style: Style(foreground: .brightBlack),
        maxWidth: max(0, x + width - column - 1))
    }
    return column
  }
}
