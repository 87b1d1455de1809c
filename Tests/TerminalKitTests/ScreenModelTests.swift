import TerminalTesting
import Testing

@testable import TerminalKit

@Suite("ScreenModel")
struct ScreenModelTests {
  private func model(_ width: Int, _ height: Int, _ output: String) -> ScreenModel {
    var model = ScreenModel(width: width, height: height)
    model.apply(Array(output.utf8))
    return model
  }

  @Test("printing places characters at the cursor and advances it by their width")
  func printing() {
    let result = model(6, 2, "a世b")
    #expect(result.screen.lines == ["a世b  ", "      "])
    #expect(result.cursorX == 4 && result.cursorY == 0)
  }

  @Test("cursor positioning is 1-based with defaults, and relative moves are clamped")
  func cursorMovement() {
    var result = model(10, 5, "\u{1B}[3;4Hx\u{1B}[Hy\u{1B}[5Gz\u{1B}[2Bw\u{1B}[99C\u{1B}[Dv")
    #expect(result.screen.lines == ["y   z     ", "          ", "   x w  v ", "          ", "          "])
    result.apply(Array("\u{1B}[9A".utf8))
    #expect(result.cursorY == 0)
  }

  @Test("SGR sets and clears attributes and colours of every kind")
  func selectGraphicRendition() {
    var result = model(4, 1, "\u{1B}[1;4;38;5;100;48;2;1;2;3m")
    #expect(
      result.pen
        == Style(
          foreground: .indexed(100), background: .rgb(red: 1, green: 2, blue: 3), attributes: [.bold, .underline]))
    result.apply(Array("\u{1B}[22;24;39;49;7;93;104m".utf8))
    #expect(result.pen == Style(foreground: .brightYellow, background: .brightBlue, attributes: .reverse))
    result.apply(Array("\u{1B}[m".utf8))
    #expect(result.pen == .plain)
  }

  @Test("erasing uses the pen's background")
  func erasing() {
    let result = model(4, 2, "abcd\r\nefgh\u{1B}[1;3H\u{1B}[44m\u{1B}[K")
    #expect(result.screen.lines == ["ab  ", "efgh"])
    #expect(result.screen[x: 3, y: 0].style == Style(background: .blue))
    let cleared = model(3, 2, "abc\u{1B}[2J")
    #expect(cleared.screen.lines == ["   ", "   "])
  }

  @Test("printing in the last column wraps only with the next character, scrolling at the bottom")
  func pendingWrap() {
    let result = model(3, 2, "abcdefg")
    #expect(result.screen.lines == ["def", "g  "])
    let noWrap = model(3, 2, "abc\u{1B}[1;1Hx")
    #expect(noWrap.screen.lines == ["xbc", "   "])
  }

  @Test("overwriting half of a wide character leaves a damaged marker in the other half")
  func damagedHalves() {
    let result = model(4, 1, "世界\u{1B}[1;2Hx")
    #expect(result.screen.text(row: 0) == "\(ScreenModel.damagedCharacter)x界")
  }

  @Test("combining marks and emoji sequences are grouped into one cell")
  func graphemeClusters() {
    let result = model(6, 1, "e\u{301}👨‍👩‍👧x")
    #expect(result.screen[x: 0, y: 0].character == "e\u{301}")
    #expect(result.screen[x: 1, y: 0].character == "👨‍👩‍👧")
    #expect(result.screen[x: 3, y: 0].character == "x")
  }

  @Test("unknown sequences are recorded and private modes ignored")
  func unsupportedSequences() {
    let result = model(4, 1, "\u{1B}[?25l\u{1B}[5n\u{1B}[38;9mok")
    #expect(result.unsupportedSequences == ["^[[5n", "^[[38;9m"])
    #expect(result.screen.text(row: 0) == "ok  ")
  }

  @Test("a sequence split across calls is completed by the next one")
  func splitSequences() {
    var result = ScreenModel(width: 4, height: 2)
    for byte in Array("\u{1B}[2;2H世".utf8) {
      result.apply([byte])
    }
    #expect(result.screen.lines == ["    ", " 世 "])
  }
}
