// A libFuzzer target for TableViewTerminal's TextFieldEditor (the text field's editing), built by scripts/fuzz.sh.
//
// The input is a program of keys and pastes: each step a key (a character of a hostile alphabet — controls,
// combining marks, joiners, variation selectors, emoji modifiers, regional indicators, wide CJK — or an editing key:
// arrows, Home, End, Backspace, Delete, with or without Control or Alt, Ctrl-A/E/B/F/W/U/K/H/D, Alt-B/F/D, Up, Down,
// Enter, Escape), a paste of several characters, a jump of the insertion point, or a new text. Checked after every
// step: the insertion point within the text; no control character in it; Ctrl-U leaves what was after the point
// and Ctrl-K what was before it; Home and End put the point at 0 and at the end; Enter adds a non-empty line to the
// history's end; on text of plain ASCII, typing a letter, Backspace and Delete change it as a list of characters
// would; what the field shows in any width fits it, holds the insertion point, and is a part of the text. A crash
// or a hang is a failure too.

import TableViewTerminal
import TerminalKit

let alphabet: [Character] = [
  "a", "b", "Z", " ", "-", ".", "1", "_", "é", "\u{301}", "\u{308}", "\u{200D}", "\u{200B}", "\u{FE0F}", "\u{1F3FB}",
  "\u{1F1EF}", "\u{1F1F5}", "世", "界", "ｱ", "👍", "👨", "👩", "😀", "\u{1}", "\u{7}", "\u{1B}", "\t", "\n", "\r",
  "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{3000}", "\u{E000}", "\u{10FFFF}",
]

let keys: [Key] = [.enter, .tab, .backTab, .backspace, .escape, .up, .down, .left, .right, .home, .end, .delete]
let modifiers: [KeyModifiers] = [[], [], .control, .alt, .meta, .shift]
let controlLetters: [Character] = ["a", "e", "b", "f", "w", "u", "k", "h", "d", "c", "z"]

/// Stops the run, so that libFuzzer keeps the input, when a property does not hold.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("TextField fuzz target: \(message())") }
}

func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextField(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var program = Program(bytes: UnsafeBufferPointer(start: data, count: size))
  var editor = TextFieldEditor()
  var steps = 0
  while !program.isDone, steps < 400 {
    steps += 1
    let before = editor
    let characters = Array(before.text)
    let ascii = before.text.unicodeScalars.allSatisfy { $0.isASCII }
    var event: KeyEvent?
    switch program.below(8) {
    case 0, 1, 2:
      event = KeyEvent(.character(alphabet[program.below(alphabet.count)]))
    case 3:
      event = KeyEvent(keys[program.below(keys.count)], modifiers: modifiers[program.below(modifiers.count)])
    case 4:
      event = KeyEvent(
        .character(controlLetters[program.below(controlLetters.count)]),
        modifiers: program.below(2) == 0 ? .control : .alt)
    case 5:
      var paste = ""
      for _ in 0..<program.below(12) { paste.append(alphabet[program.below(alphabet.count)]) }
      editor.insert(paste)
    case 6:
      editor.moveCursor(to: program.byte() - 20)
    default:
      var text = ""
      for _ in 0..<program.below(8) { text.append(alphabet[program.below(alphabet.count)]) }
      editor.setText(text)
    }
    let context =
      "step \(steps) \(event.map { "\($0)" } ?? "edit") on \(before.text.debugDescription) at \(before.cursor)"
    if let event {
      let outcome = editor.handle(event)
      let control = event.modifiers.contains(.control)
      switch (event.key, control) {
      case (.character("u"), true):
        check(editor.text == String(characters[before.cursor...]) && editor.cursor == 0, "Ctrl-U: \(context)")
      case (.character("k"), true):
        check(editor.text == String(characters[..<before.cursor]), "Ctrl-K: \(context)")
      case (.home, _):
        check(editor.cursor == 0 && editor.text == before.text, "Home: \(context)")
      case (.end, _):
        check(editor.cursor == editor.text.count && editor.text == before.text, "End: \(context)")
      case (.enter, _):
        check(outcome == .submitted(before.text), "Enter: \(context)")
        if !before.text.isEmpty { check(editor.history.last == before.text, "history: \(context)") }
      case (.character(let character), false)
      where event.modifiers.isEmpty && ascii && character.isASCII
        && character.isLetter:
        var expected = characters
        expected.insert(character, at: before.cursor)
        check(editor.text == String(expected) && editor.cursor == before.cursor + 1, "typing: \(context)")
      case (.backspace, false) where event.modifiers.isEmpty && ascii:
        var expected = characters
        if before.cursor > 0 { expected.remove(at: before.cursor - 1) }
        check(editor.text == String(expected) && editor.cursor == max(0, before.cursor - 1), "Backspace: \(context)")
      case (.delete, false) where event.modifiers.isEmpty && ascii:
        var expected = characters
        if before.cursor < characters.count { expected.remove(at: before.cursor) }
        check(editor.text == String(expected) && editor.cursor == before.cursor, "Delete: \(context)")
      default:
        break
      }
    }
    check((0...editor.text.count).contains(editor.cursor), "cursor \(editor.cursor) out of the text: \(context)")
    check(!editor.text.unicodeScalars.contains(where: isControl), "a control character kept: \(context)")
    for width in [1, 2, 3, 8, 40] {
      let shown = editor.visible(width: width)
      check(shown.text.displayWidth <= width, "shows \(shown.text.debugDescription) in \(width): \(context)")
      check((0...width).contains(shown.cursorColumn), "caret at \(shown.cursorColumn) of \(width): \(context)")
      check(shown.text.isEmpty || editor.text.contains(shown.text), "shows what is not there: \(context)")
    }
  }
  return 0
}
