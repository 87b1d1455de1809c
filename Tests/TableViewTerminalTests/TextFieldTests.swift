import SeededRandom
import TableViewCore
import TableViewTerminal
import TerminalKit
import Testing

private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> KeyEvent { KeyEvent(key, modifiers: modifiers) }
private func ctrl(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .control) }
private func alt(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .alt) }

/// A simple reference: the text as an array of characters and an index, each key spelled out.
private struct ReferenceField {
  var characters: [Character] = []
  var cursor = 0

  static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
  func wordStart() -> Int {
    var i = cursor
    while i > 0, !Self.isWord(characters[i - 1]) { i -= 1 }
    while i > 0, Self.isWord(characters[i - 1]) { i -= 1 }
    return i
  }
  func wordEnd() -> Int {
    var i = cursor
    while i < characters.count, !Self.isWord(characters[i]) { i += 1 }
    while i < characters.count, Self.isWord(characters[i]) { i += 1 }
    return i
  }
  mutating func apply(_ event: KeyEvent) {
    switch (event.key, event.modifiers) {
    case (.character(let c), []):
      characters.insert(c, at: cursor)
      cursor += 1
    case (.backspace, []):
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case (.delete, []): if cursor < characters.count { characters.remove(at: cursor) }
    case (.left, []): cursor = max(0, cursor - 1)
    case (.right, []): cursor = min(characters.count, cursor + 1)
    case (.left, .control): cursor = wordStart()
    case (.right, .control): cursor = wordEnd()
    case (.home, []), (.character("a"), .control): cursor = 0
    case (.end, []), (.character("e"), .control): cursor = characters.count
    case (.character("w"), .control):
      let start = wordStart()
      characters.removeSubrange(start..<cursor)
      cursor = start
    case (.character("d"), .alt): characters.removeSubrange(cursor..<wordEnd())
    case (.character("u"), .control):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case (.character("k"), .control): characters.removeSubrange(cursor...)
    default: break
    }
  }
}

@Suite("A one-line text field")
struct TextFieldTests {
  @Test("random editing keys do what a plain array of characters and an index says")
  func model() {
    let alphabet: [Character] = ["a", "b", "z", " ", "-", "9", "中", "文", "👍", "é", "_"]
    let keys: [KeyEvent] = [
      key(.backspace), key(.delete), key(.left), key(.right), key(.left, .control), key(.right, .control),
      key(.home), key(.end), ctrl("a"), ctrl("e"), ctrl("w"), alt("d"), ctrl("u"), ctrl("k"),
    ]
    for seed in 1...20 as ClosedRange<UInt64> {
      var random = SplitMix64(seed: seed)
      var editor = TextFieldEditor()
      var reference = ReferenceField()
      for step in 0..<400 {
        let event =
          random.next() % 3 == 0
          ? keys[Int(random.next() % UInt64(keys.count))]
          : key(.character(alphabet[Int(random.next() % UInt64(alphabet.count))]))
        editor.handle(event)
        reference.apply(event)
        guard editor.text == String(reference.characters), editor.cursor == reference.cursor else {
          Issue.record(
            "seed \(seed) step \(step) after \(event): \(editor.text)|\(editor.cursor) ≠ \(String(reference.characters))|\(reference.cursor)"
          )
          return
        }
        let width = 1 + Int(random.next() % 12)
        let shown = editor.visible(width: width)
        #expect(DisplayWidth.of(shown.text) <= width && shown.cursorColumn < width)
      }
    }
  }

  @Test("a script of keys: words, the start and end, history, Enter and Escape")
  func script() {
    var editor = TextFieldEditor()
    editor.insert("hello wide 世界")
    #expect(editor.handle(ctrl("w")) == .edited)
    #expect(editor.text == "hello wide " && editor.cursor == 11)
    editor.handle(key(.left, .control))
    #expect(editor.cursor == 6)
    editor.handle(ctrl("k"))
    #expect(editor.text == "hello ")
    editor.handle(key(.home))
    #expect(editor.handle(key(.left)) == .moved && editor.cursor == 0)
    #expect(editor.handle(key(.enter)) == .submitted("hello "))
    editor.setText("draft")
    editor.handle(key(.up))
    #expect(editor.text == "hello ")
    editor.handle(key(.down))
    #expect(editor.text == "draft", "back to the line being written")
    #expect(editor.handle(key(.escape)) == .cancelled)
    #expect(editor.handle(key(.tab)) == .ignored)
    #expect(editor.handle(KeyEvent(.function(3))) == .ignored)
  }

  @Test("a paste is text: a tab and line breaks become spaces, escape codes are dropped; 1 MB in one step")
  func paste() {
    var editor = TextFieldEditor()
    editor.insert("see the table:\tq\r\n\u{1B}[31mred")
    #expect(editor.text == "see the table: q [31mred", "a CR LF is one line break")
    let big = String(repeating: "日本語 text ", count: 100_000)
    editor.clear()
    editor.insert(big)
    #expect(editor.text.count == big.count && editor.cursor == big.count)
    let shown = editor.visible(width: 80)
    #expect(DisplayWidth.of(shown.text) <= 80 && shown.cursorColumn == DisplayWidth.of(shown.text))
  }

  @Test("combining marks join the character before them; wide characters scroll by their width")
  func graphemes() {
    var editor = TextFieldEditor(text: "e")
    editor.insert("\u{301}")
    #expect(editor.text == "é" && editor.text.count == 1 && editor.cursor == 1)
    editor.handle(key(.backspace))
    #expect(editor.text.isEmpty)
    editor.insert("中文中文中文")
    let shown = editor.visible(width: 5)
    #expect(shown.text == "中文" && shown.cursorColumn == 4, "the end in view, the caret's cell after it")
    editor.handle(key(.home))
    #expect(editor.visible(width: 5).text == "中文" && editor.visible(width: 5).cursorColumn == 0)
  }

  @Test("drawn: the prompt, the text's end in view, the caret reversed; the placeholder while empty")
  func drawing() {
    let field = TerminalTextField(prompt: "/ ", placeholder: "filter")
    field.frame = Rect(x: 0, y: 0, width: 10, height: 1)
    var buffer = ScreenBuffer(width: 10, height: 1)
    field.render(into: &buffer, origin: CellPoint(x: 0, y: 0))
    #expect(buffer.text(row: 0) == "/  filter ")
    #expect(field.handle(.paste("abc\tdefghijk")) == .edited)
    buffer.clear()
    field.render(into: &buffer, origin: CellPoint(x: 0, y: 0))
    #expect(buffer.text(row: 0) == "/ efghijk ")
    #expect(field.text == "abc defghijk", "the tab in the paste is a space")
    #expect(field.cursorPosition == CellPoint(x: 9, y: 0))
  }
}

@Suite("A label with styled text")
struct StyledLabelTests {
  @Test("each run drawn in its style, wrapped as the plain text; setting text drops the styles")
  func drawing() {
    var styled = StyledText("find ")
    styled.append("this", style: Style(foreground: .yellow, attributes: .bold))
    styled.append(" here and 中文")
    let label = TerminalLabel(attributedText: styled, style: Style(foreground: .green), numberOfLines: 0)
    label.frame = Rect(x: 0, y: 0, width: 10, height: 3)
    #expect(label.text == "find this here and 中文")
    var buffer = ScreenBuffer(width: 10, height: 3)
    label.render(into: &buffer, origin: CellPoint(x: 0, y: 0))
    #expect(buffer.lines.map { $0.trimmingSuffix() } == ["find this", "here and", "中文"])
    #expect(buffer[x: 0, y: 0].style == Style(foreground: .green))
    #expect(buffer[x: 5, y: 0].style == Style(foreground: .yellow, attributes: .bold))
    #expect(buffer[x: 8, y: 0].style == Style(foreground: .yellow, attributes: .bold))
    #expect(buffer[x: 0, y: 1].style == Style(foreground: .green))
    #expect(buffer[x: 0, y: 2].style == Style(foreground: .green))
    label.text = "plain"
    #expect(label.attributedText == nil)
  }
}

extension String {
  fileprivate func trimmingSuffix() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
