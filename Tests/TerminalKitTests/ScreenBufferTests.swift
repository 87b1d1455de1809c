import Testing

@testable import TerminalKit

@Suite("ScreenBuffer")
struct ScreenBufferTests {
  @Test("a new buffer is blank")
  func newBufferIsBlank() {
    let buffer = ScreenBuffer(width: 3, height: 2)
    #expect(buffer.cells.count == 6)
    #expect(buffer.cells.allSatisfy { $0 == .blank })
    #expect(buffer.lines == ["   ", "   "])
  }

  @Test("writing text fills cells left to right and returns the columns used")
  func writeReturnsColumnsUsed() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    let bold = Style(attributes: .bold)
    #expect(buffer.write("abc", x: 1, y: 0, style: bold) == 3)
    #expect(buffer.text(row: 0) == " abc      ")
    #expect(buffer[x: 1, y: 0] == Cell("a", style: bold))
    #expect(buffer.write("世界", x: 4, y: 0) == 4)
    #expect(buffer.text(row: 0) == " abc世界  ")
  }

  @Test("a wide character occupies its cell and a continuation cell")
  func wideCharacterUsesTwoCells() {
    var buffer = ScreenBuffer(width: 4, height: 1)
    let style = Style(foreground: .red)
    buffer.write("世", x: 1, y: 0, style: style)
    #expect(buffer[x: 1, y: 0].width == 2)
    #expect(buffer[x: 1, y: 0].character == "世")
    #expect(buffer[x: 2, y: 0].isContinuation)
    #expect(buffer[x: 2, y: 0].style == style)
  }

  @Test("a wide character that would cross the right edge is replaced by a space")
  func wideCharacterAtRightEdge() {
    var buffer = ScreenBuffer(width: 5, height: 1)
    #expect(buffer.write("abcd世", x: 0, y: 0) == 5)
    #expect(buffer.text(row: 0) == "abcd ")
    #expect(buffer[x: 4, y: 0].width == 1)
    #expect(buffer.put("世", x: 4, y: 0) == 1)
    #expect(buffer.put("界", x: 2, y: 0) == 2)
    #expect(buffer.text(row: 0) == "ab界 ")
  }

  @Test("overwriting half of a wide character blanks the other half")
  func overwritingHalfOfWideCharacter() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    let style = Style(background: .blue)
    buffer.write("世界", x: 0, y: 0, style: style)
    buffer.write("x", x: 1, y: 0)
    #expect(buffer.text(row: 0) == " x界  ")
    #expect(buffer[x: 0, y: 0] == Cell(" ", style: style))
    buffer.write("y", x: 2, y: 0)
    #expect(buffer.text(row: 0) == " xy   ")
    #expect(!buffer.cells.contains { $0.isContinuation })
    buffer.write("日本", x: 2, y: 0)
    buffer.write("語", x: 3, y: 0)
    #expect(buffer.text(row: 0) == " x 語 ")
    #expect(buffer[x: 3, y: 0].width == 2 && buffer[x: 4, y: 0].isContinuation)
  }

  @Test("writes are clipped to the buffer")
  func writesAreClipped() {
    var buffer = ScreenBuffer(width: 4, height: 2)
    #expect(buffer.write("abcdef", x: 2, y: 0) == 2)
    #expect(buffer.text(row: 0) == "  ab")
    #expect(buffer.write("hello", x: -3, y: 1) == 5)
    #expect(buffer.text(row: 1) == "lo  ")
    #expect(buffer.write("世x", x: -1, y: 1) == 3)
    #expect(buffer.text(row: 1) == " x  ")
    #expect(buffer.write("zzz", x: 0, y: 5) == 3)
    #expect(buffer.write("zzz", x: 0, y: -1) == 3)
    #expect(buffer.write("zzz", x: 9, y: 0) == 0)
    #expect(buffer.lines == ["  ab", " x  "])
  }

  @Test("maxWidth limits a write and a wide character crossing it becomes a space")
  func maxWidthLimitsWrite() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    #expect(buffer.write("abcdef", x: 1, y: 0, maxWidth: 3) == 3)
    #expect(buffer.write("世界", x: 5, y: 0, maxWidth: 3) == 3)
    #expect(buffer.text(row: 0) == " abc 世   ")
    #expect(buffer.write("abc", x: 0, y: 0, maxWidth: 0) == 0)
  }

  @Test("zero-width characters and controls are skipped when writing")
  func zeroWidthSkipped() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    #expect(buffer.write("a\u{1B}b\nc\u{301}", x: 0, y: 0) == 3)
    #expect(buffer.text(row: 0) == "abc\u{301}   ")
    #expect(buffer[x: 2, y: 0].character == "c\u{301}")
    #expect(buffer.write("\u{301}x", x: 0, y: 0) == 1)
    #expect(buffer[x: 0, y: 0].character == "x")
  }

  @Test("filling a rectangle is clipped and keeps wide characters whole")
  func fillRectangle() {
    var buffer = ScreenBuffer(width: 5, height: 3)
    buffer.write("世界!", x: 0, y: 1)
    let style = Style(background: .green)
    buffer.fill(CellRect(x: 1, y: 1, width: 10, height: 10), with: ".", style: style)
    #expect(buffer.lines == ["     ", " ....", " ...."])
    #expect(buffer[x: 0, y: 1] == Cell(" "))
    #expect(buffer[x: 4, y: 2].style == style)
    buffer.fill(CellRect(x: 0, y: 0, width: 2, height: 1), with: "世")
    #expect(buffer.text(row: 0) == "     ")
  }

  @Test("restyling a rectangle restyles a wide character it cuts as a whole")
  func updateStyleKeepsWideCharactersWhole() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    buffer.write("a世界", x: 0, y: 0)
    buffer.updateStyle(in: CellRect(x: 2, y: 0, width: 2, height: 1)) { $0.attributes.insert(.reverse) }
    let reversed = buffer.cells.map { $0.style.attributes.contains(.reverse) }
    #expect(reversed == [false, true, true, true, true, false])
    #expect(buffer.text(row: 0) == "a世界 ")
  }

  @Test("clearing makes every cell a blank of the given style")
  func clearing() {
    var buffer = ScreenBuffer(width: 3, height: 1)
    buffer.write("世a", x: 0, y: 0)
    buffer.clear(style: Style(background: .red))
    #expect(buffer.cells.allSatisfy { $0 == Cell(" ", style: Style(background: .red)) })
  }

  @Test("a cell made from a character of no width holds a space")
  func cellOfZeroWidthCharacter() {
    #expect(Cell("\u{1B}").character == " ")
    #expect(Cell("世").width == 2)
  }

  @Test("rectangles intersect and report containment")
  func rectangles() {
    let rect = CellRect(x: 1, y: 1, width: 3, height: 2)
    #expect(rect.intersection(CellRect(x: 2, y: 0, width: 10, height: 2)) == CellRect(x: 2, y: 1, width: 2, height: 1))
    #expect(rect.intersection(CellRect(x: 9, y: 9, width: 1, height: 1)).isEmpty)
    #expect(rect.contains(x: 3, y: 2))
    #expect(!rect.contains(x: 4, y: 2))
    #expect(CellRect(x: 0, y: 0, width: -2, height: 3).isEmpty)
  }
}
