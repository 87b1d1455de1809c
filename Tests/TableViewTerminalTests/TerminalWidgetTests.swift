import TableViewCore
import TableViewTerminal
import TerminalKit
import Testing

/// The view drawn alone into a buffer of its size, as lines with trailing spaces removed.
private func draw(_ view: TerminalView, width: Int, height: Int) -> (ScreenBuffer, [String]) {
  view.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
  var buffer = ScreenBuffer(width: width, height: height)
  view.render(into: &buffer, origin: CellPoint(x: 0, y: 0))
  let lines = buffer.lines.map { line in
    var trimmed = Substring(line)
    while trimmed.last == " " { trimmed.removeLast() }
    return String(trimmed)
  }
  return (buffer, lines)
}

private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent { .key(KeyEvent(key, modifiers: modifiers)) }

@Suite("Status bar, help overlay and prompt")
struct TerminalWidgetTests {
  @Test("the status bar joins its items, keeps the right text whole and cuts the items with … where they meet")
  func statusBar() {
    let bar = TerminalStatusBar(items: ["1,000 posts", "section 3", "editing"], trailingText: "? keys")
    #expect(draw(bar, width: 41, height: 1).1 == [" 1,000 posts · section 3 · editing ? keys"])
    #expect(draw(bar, width: 40, height: 1).1 == [" 1,000 posts · section 3 · editi… ? keys"])
    #expect(draw(bar, width: 30, height: 1).1 == [" 1,000 posts · section… ? keys"])
    // Narrower than the right text: it is cut itself, the items get no room.
    #expect(draw(bar, width: 5, height: 1).1 == ["? ke…"])
    // Wide characters count two cells each.
    bar.items = ["第 1 组", "选中"]
    bar.trailingText = ""
    #expect(draw(bar, width: 12, height: 1).1 == [" 第 1 组 ·…"])
    #expect(draw(bar, width: 0, height: 1).1 == [""])
  }

  @Test("the help overlay centres its keys in a box; plain, it has no box-drawing characters")
  func helpOverlay() {
    let help = TerminalHelpOverlay(entries: [("↑ ↓", "move"), ("Enter", "open the post"), ("q", "quit")])
    let (buffer, lines) = draw(help, width: 40, height: 9)
    #expect(
      lines == [
        "", "", "        ┌ Keys ───────────────┐", "        │ ↑ ↓   move          │", "        │ Enter open the post │",
        "        │ q     quit          │", "        └───── any key closes ┘", "", "",
      ], "\(lines)")
    #expect(buffer[x: 9, y: 3].style.attributes.contains(.bold), "keys are bold")
    help.drawsDecorations = false
    let plain = draw(help, width: 40, height: 9).1
    #expect(!plain.joined().contains { "┌─│└┘┐".contains($0) }, "\(plain)")
    #expect(plain[2].contains("Keys") && plain[6].contains("any key closes"))
    // Too small for a box: nothing drawn, no crash.
    #expect(draw(help, width: 6, height: 2).1.allSatisfy { $0.isEmpty })
  }

  @Test("a confirmation takes every key: y and n answer, Enter gives the default, Esc cancels")
  func confirm() {
    let prompt = TerminalPrompt(confirm: "Delete 3 posts?")
    #expect(draw(prompt, width: 30, height: 1).1 == ["Delete 3 posts? [y/N]"])
    #expect(prompt.cursorPosition == CellPoint(x: 22, y: 0))
    #expect(prompt.handle(key(.character("q"))) == .pending, "q does not quit behind a modal prompt")
    #expect(prompt.handle(key(.down)) == .pending)
    #expect(prompt.handle(.paste("yes")) == .pending, "a paste does not answer")
    #expect(prompt.handle(key(.character("y"))) == .confirmed(true))
    #expect(prompt.handle(key(.character("n"))) == .confirmed(false))
    #expect(prompt.handle(key(.enter)) == .confirmed(false))
    #expect(prompt.handle(key(.escape)) == .cancelled)
    let yes = TerminalPrompt(confirm: "Send?", default: true)
    #expect(draw(yes, width: 30, height: 1).1 == ["Send? [Y/n]"])
    #expect(yes.handle(key(.enter)) == .confirmed(true))
  }

  @Test("a text prompt edits a line: keys and pastes are text, Enter submits it, Esc and Ctrl-G cancel")
  func textPrompt() {
    let prompt = TerminalPrompt("Go to row:", placeholder: "number")
    #expect(draw(prompt, width: 30, height: 1).1 == ["Go to row:  number"])
    for character in "12q" { #expect(prompt.handle(key(.character(character))) == .pending) }
    #expect(prompt.handle(.paste("\t3")) == .pending)
    #expect(prompt.textField?.text == "12q 3")
    #expect(draw(prompt, width: 30, height: 1).1 == ["Go to row: 12q 3"])
    #expect(prompt.cursorPosition == CellPoint(x: 16, y: 0))
    #expect(prompt.handle(key(.enter)) == .submitted("12q 3"))
    #expect(prompt.handle(key(.character("g"), .control)) == .cancelled)
    #expect(prompt.handle(key(.escape)) == .cancelled)
  }
}
