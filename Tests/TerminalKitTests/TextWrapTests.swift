import SeededRandom
import Testing

@testable import TerminalKit

@Suite("TextWrap")
struct TextWrapTests {
  @Test("Latin text breaks at spaces")
  func latinBreaksAtSpaces() {
    #expect(TextWrap.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    #expect(TextWrap.wrap("a b c", width: 1) == ["a", "b", "c"])
    #expect(TextWrap.wrap("fits exactly", width: 12) == ["fits exactly"])
  }

  @Test("a word longer than the line is broken between characters")
  func longWordIsBroken() {
    #expect(TextWrap.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TextWrap.wrap("to supercalifragilistic", width: 8) == ["to", "supercal", "ifragili", "stic"])
  }

  @Test("CJK text may break between any two characters")
  func cjkBreaksAnywhere() {
    #expect(TextWrap.wrap("今日は良い天気です", width: 6) == ["今日は", "良い天", "気です"])
    #expect(TextWrap.wrap("今日は良い天気です", width: 7) == ["今日は", "良い天", "気です"])
    #expect(TextWrap.wrap("한국어 텍스트", width: 6) == ["한국어", "텍스트"])
  }

  @Test("closing punctuation does not start a line and opening punctuation does not end one")
  func lineBreakingRulesForPunctuation() {
    #expect(TextWrap.wrap("今日は。良い", width: 6) == ["今日", "は。良", "い"])
    #expect(TextWrap.wrap("ab「引用」", width: 4) == ["ab", "「引", "用」"])
  }

  @Test("mixed Latin and CJK text wraps at spaces and around CJK characters")
  func mixedText() {
    #expect(TextWrap.wrap("Swift は楽しい language", width: 10) == ["Swift は楽", "しい", "language"])
    #expect(TextWrap.wrap("abc世界def", width: 5) == ["abc世", "界def"])
  }

  @Test("explicit newlines are respected and empty lines kept")
  func explicitNewlines() {
    #expect(TextWrap.wrap("a\n\nb", width: 5) == ["a", "", "b"])
    #expect(TextWrap.wrap("one\r\ntwo\rthree", width: 10) == ["one", "two", "three"])
    #expect(TextWrap.wrap("", width: 5) == [""])
    #expect(TextWrap.wrap("end\n", width: 5) == ["end", ""])
  }

  @Test("trailing spaces are trimmed and continuation lines do not start with spaces")
  func spacesAreTrimmed() {
    #expect(TextWrap.wrap("abc   ", width: 10) == ["abc"])
    #expect(TextWrap.wrap("abc    def", width: 5) == ["abc", "def"])
    #expect(TextWrap.wrap("  indented text", width: 20) == ["  indented text"])
    #expect(TextWrap.wrap("     ", width: 3) == [""])
    #expect(TextWrap.wrap("a\tb", width: 5) == ["a b"])
  }

  @Test("a character wider than the whole line becomes an ellipsis")
  func characterWiderThanLine() {
    #expect(TextWrap.wrap("世a", width: 1) == ["…", "a"])
  }

  @Test("no width yields no lines")
  func zeroWidth() {
    #expect(TextWrap.wrap("text", width: 0) == [])
    #expect(TextWrap.wrap("text", width: -3) == [])
  }

  @Test("maxLines keeps the first lines and marks the cut with an ellipsis")
  func maxLines() {
    #expect(TextWrap.wrap("one two three four", width: 9, maxLines: 1) == ["one two…"])
    #expect(TextWrap.wrap("one two three four", width: 9, maxLines: 2) == ["one two", "three…"])
    #expect(TextWrap.wrap("short", width: 9, maxLines: 1) == ["short"])
    #expect(TextWrap.wrap("世界世界世界", width: 4, maxLines: 1) == ["世…"])
  }

  @Test("truncation ends with an ellipsis only when text was cut")
  func truncation() {
    #expect(TextWrap.truncate("Hello world", width: 8) == "Hello w…")
    #expect(TextWrap.truncate("Hello world", width: 11) == "Hello world")
    #expect(TextWrap.truncate("Hello world", width: 7) == "Hello…")
    #expect(TextWrap.truncate("世界世界", width: 5) == "世界…")
    #expect(TextWrap.truncate("世界世界", width: 4) == "世…")
    #expect(TextWrap.truncate("abc", width: 1) == "…")
    #expect(TextWrap.truncate("abc", width: 0) == "")
    #expect(TextWrap.truncate("line one\nline two", width: 20) == "line one…")
    #expect(TextWrap.truncate("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", width: 3) == "👨‍👩‍👧‍👦…")
  }

  @Test("randomized text never yields a line wider than the width and loses no text")
  func randomizedWrapping() {
    var generator = SplitMix64(seed: 2024)
    let pieces = [
      "a", "word", "supercalifragilistic", "世界", "日本語", "。", "「", "」", "👍", "👨‍👩‍👧", "🇯🇵", "é", "e\u{301}",
      " ", " ", "  ", "\n", ",", "x", "한국", "ｱ", "Ａ",
    ]
    for _ in 0..<500 {
      let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let width = Int.random(in: 2...24, using: &generator)
      let lines = TextWrap.wrap(text, width: width)
      for line in lines {
        #expect(line.displayWidth <= width, "\(text.debugDescription) width \(width)")
        #expect(line.last != " ")
      }
      let kept = lines.joined().filter { !$0.isWhitespace }
      #expect(kept == text.filter { !$0.isWhitespace }, "\(text.debugDescription) width \(width)")
      let maxLines = Int.random(in: 1...4, using: &generator)
      let limited = TextWrap.wrap(text, width: width, maxLines: maxLines)
      #expect(limited.count <= maxLines)
      #expect(limited.allSatisfy { $0.displayWidth <= width })
      let truncated = TextWrap.truncate(text, width: width)
      #expect(truncated.displayWidth <= width)
    }
  }
}
