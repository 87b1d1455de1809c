import TerminalKit

/// The editing of a one-line text field, apart from drawing: the text, the insertion point, and what each
/// editing key does to them (as a shell's line editor does), with a history of submitted lines.
///
/// The insertion point counts characters (grapheme clusters: an emoji with its modifiers, a letter with its
/// combining marks are one), from 0 (before the first) to the text's count (after the last).
///
///     var editor = TextFieldEditor()
///     editor.insert("héllo wörld")
///     editor.handle(KeyEvent(.character("w"), modifiers: .control))  // deletes "wörld"
///     editor.text  // "héllo "
public struct TextFieldEditor: Hashable, Sendable {
  /// What a key did.
  public enum Outcome: Hashable, Sendable {
    /// The key is not an editing key (the caller may use it).
    case ignored
    /// The text changed.
    case edited
    /// Only the insertion point moved (or nothing changed: at the end already).
    case moved
    /// Enter: the line to act on (also added to the history when it is not empty). The field keeps it; clear it
    /// with ``clear()`` if the app wants.
    case submitted(String)
    /// Escape.
    case cancelled
  }

  /// The text.
  public private(set) var text: String
  /// The insertion point, in characters from the start (0...text.count).
  public private(set) var cursor: Int
  /// Lines submitted before, oldest first (Up and Down recall them). At most ``historyLimit`` are kept.
  public private(set) var history: [String] = []
  /// How many lines the history keeps.
  public var historyLimit = 100 {
    didSet {
      historyLimit = max(0, historyLimit)
      if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
    }
  }
  /// Where Up and Down are in the history (`nil`: on the line being written, kept in `draft`).
  private var historyIndex: Int?
  private var draft = ""

  /// An editor holding `text`, the insertion point at its end.
  public init(text: String = "") {
    self.text = text.removingControlCharacters()
    cursor = self.text.count
  }

  /// Replaces the text; the insertion point goes to its end.
  public mutating func setText(_ newText: String) {
    text = newText.removingControlCharacters()
    cursor = text.count
    historyIndex = nil
  }

  /// Empties the field.
  public mutating func clear() { setText("") }

  /// Moves the insertion point to `position` (clamped to the text).
  public mutating func moveCursor(to position: Int) {
    cursor = min(max(0, position), text.count)
  }

  /// Inserts `string` at the insertion point, which moves after it: typed text, or a paste (inserted whole in
  /// one step). Line breaks and tabs become spaces; other control characters (escape codes in a paste) are
  /// dropped, never acted on.
  /// - Complexity: O(text + string).
  public mutating func insert(_ string: String) {
    let inserted = string.removingControlCharacters()
    guard !inserted.isEmpty else { return }
    let split = text.index(text.startIndex, offsetBy: cursor)
    let before = String(text[..<split]) + inserted
    text = before + text[split...]
    // A combining mark joins the character before it: count what is before the point after the join.
    cursor = min(before.count, text.count)
    historyIndex = nil
  }

  /// Removes the character before the insertion point (Backspace).
  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    remove(cursor - 1..<cursor)
  }

  /// Removes the character after the insertion point (Delete).
  public mutating func deleteForward() {
    guard cursor < text.count else { return }
    remove(cursor..<cursor + 1)
  }

  /// Removes the word before the insertion point, and the spaces after it (Ctrl-W, Alt-Backspace).
  public mutating func deleteWordBackward() {
    remove(wordStart(before: cursor)..<cursor)
  }

  /// Removes from the insertion point to the end of the next word (Alt-D).
  public mutating func deleteWordForward() {
    remove(cursor..<wordEnd(after: cursor))
  }

  /// Handles an editing key:
  ///
  /// - characters insert themselves; Backspace and Delete delete a character; Ctrl-W / Alt-Backspace delete
  ///   the word before, Alt-D the word after; Ctrl-U deletes to the start, Ctrl-K to the end
  /// - ← → move a character; Ctrl-← / Alt-← (Alt-B) and Ctrl-→ / Alt-→ (Alt-F) move a word; Home / Ctrl-A and
  ///   End / Ctrl-E go to the start and the end
  /// - ↑ ↓ recall the history; Enter submits; Escape cancels
  ///
  /// - Returns: What the key did (``Outcome/ignored`` for a key that is not an editing key, such as Tab).
  @discardableResult
  public mutating func handle(_ event: KeyEvent) -> Outcome {
    let control = event.modifiers.contains(.control)
    let word = control || event.modifiers.contains(.alt) || event.modifiers.contains(.meta)
    let before = (text, cursor)
    switch event.key {
    case .character(let character) where control:
      switch character {
      case "a": cursor = 0
      case "e": cursor = text.count
      case "b": cursor = max(0, cursor - 1)
      case "f": cursor = min(text.count, cursor + 1)
      case "w": deleteWordBackward()
      case "u": remove(0..<cursor)
      case "k": remove(cursor..<text.count)
      case "h": deleteBackward()
      case "d": deleteForward()
      default: return .ignored
      }
    case .character(let character) where word:
      switch character {
      case "b": cursor = wordStart(before: cursor)
      case "f": cursor = wordEnd(after: cursor)
      case "d": deleteWordForward()
      default: return .ignored
      }
    case .character(let character):
      insert(String(character))
    case .backspace: if word { deleteWordBackward() } else { deleteBackward() }
    case .delete: if word { deleteWordForward() } else { deleteForward() }
    case .left: cursor = word ? wordStart(before: cursor) : max(0, cursor - 1)
    case .right: cursor = word ? wordEnd(after: cursor) : min(text.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = text.count
    case .up: recall(older: true)
    case .down: recall(older: false)
    case .enter:
      let line = text
      if !line.isEmpty, history.last != line, historyLimit > 0 {
        history.append(line)
        if history.count > historyLimit { history.removeFirst() }
      }
      historyIndex = nil
      return .submitted(line)
    case .escape: return .cancelled
    default: return .ignored
    }
    return before.0 != text ? .edited : .moved
  }

  // MARK: Drawing

  /// The part of the text to show in `width` cells so that the insertion point is visible, and the insertion
  /// point's column within it: the whole text when it fits; otherwise a window around the insertion point,
  /// counted in display cells (a CJK character takes two).
  /// - Complexity: O(text).
  public func visible(width: Int) -> (text: String, cursorColumn: Int) {
    guard width > 0 else { return ("", 0) }
    let characters = Array(text)
    let widths = characters.map { DisplayWidth.of($0) }
    // The caret's cell must fit: the character under it, or one cell after the text's end.
    let caret = cursor < characters.count ? widths[cursor] : 1
    var start = cursor
    var used = 0
    while start > 0, used + widths[start - 1] <= width - caret {
      start -= 1
      used += widths[start]
    }
    var end = cursor
    var total = used
    while end < characters.count, total + widths[end] <= width {
      total += widths[end]
      end += 1
    }
    // Room left at the end: show more of the start (keeping a cell for a caret after the shown text).
    let reserved = end == cursor ? 1 : 0
    while start > 0, total + reserved + widths[start - 1] <= width {
      start -= 1
      total += widths[start]
      used += widths[start]
    }
    return (String(characters[start..<end]), used)
  }

  // MARK: Private

  private mutating func remove(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
    let upper = text.index(lower, offsetBy: range.count)
    text.removeSubrange(lower..<upper)
    cursor = min(range.lowerBound, text.count)
    historyIndex = nil
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The start of the word before `position` (skipping the non-word characters just before it).
  private func wordStart(before position: Int) -> Int {
    let characters = Array(text)
    var index = position
    while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
    while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
    return index
  }

  /// The end of the word after `position` (skipping the non-word characters just after it).
  private func wordEnd(after position: Int) -> Int {
    let characters = Array(text)
    var index = position
    while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
    while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
    return index
  }

  private mutating func recall(older: Bool) {
    guard !history.isEmpty else { return }
    if historyIndex == nil {
      guard older else { return }
      draft = text
      historyIndex = history.count
    }
    let index = (historyIndex ?? history.count) + (older ? -1 : 1)
    if index < 0 { return }
    if index >= history.count {
      historyIndex = nil
      text = draft
    } else {
      historyIndex = index
      text = history[index]
    }
    cursor = text.count
  }
}
