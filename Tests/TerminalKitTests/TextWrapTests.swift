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
      // The model: the whole text wrapped, cut to the limit, the last line kept marked (the limit stops reading
      // early; short of its budget it must give the same lines).
      var model = lines
      if model.count > maxLines {
        model.removeSubrange(maxLines...)
        model[maxLines - 1] = TextWrap.truncate(model[maxLines - 1], width: width, ellipsis: "…", alwaysMark: true)
      }
      #expect(limited == model, "\(text.debugDescription) width \(width) lines \(maxLines)")
      let truncated = TextWrap.truncate(text, width: width)
      #expect(truncated.displayWidth <= width)
    }
  }

  @Test("a line limit bounds the work: 10 MB in one paragraph or in a million short ones gives its lines at once")
  func limitOnHugeText() {
    let words = String(repeating: "lorem ipsum dolor sit amet ", count: 400_000)
    let one = TextWrap.wrap(words, width: 40, maxLines: 3)
    #expect(
      one == [
        "lorem ipsum dolor sit amet lorem ipsum", "dolor sit amet lorem ipsum dolor sit",
        "amet lorem ipsum dolor sit amet lorem…",
      ])
    let paragraphs = String(repeating: "line\n", count: 2_000_000)
    #expect(TextWrap.wrap(paragraphs, width: 10, maxLines: 2) == ["line", "line…"])
    // A run of spaces longer than the budget: what follows counts as cut off.
    let spaces = "a" + String(repeating: " ", count: 1_000_000) + "b"
    #expect(TextWrap.wrap(spaces, width: 10, maxLines: 2) == ["a…"])
  }

  @Test("a mark left alone by a dropped control or zero-width space never widens a line past the width")
  func loneMarkAfterDroppedCharacter() {
    // The variation selector joins "☺" once the zero-width space or the control between them is dropped, and
    // "☺️" takes two cells: it must not be counted as the one cell "☺" takes alone.
    let afterSpace = TextWrap.wrap("☺\u{200B}\u{FE0F}a", width: 2)
    #expect(afterSpace.allSatisfy { $0.displayWidth <= 2 }, "\(afterSpace)")
    #expect(afterSpace.joined() == "☺\u{FE0F}a")
    let afterControl = TextWrap.wrap("☺\u{1}\u{FE0F}", width: 1)
    #expect(afterControl.allSatisfy { $0.displayWidth <= 1 }, "\(afterControl)")
    #expect(afterControl.joined() == "☺\u{FE0F}")
    // Found by the fuzz target (Fuzz/TextWrap/corpus/regression-control-zwj): a joiner after a dropped control
    // made "☺‍", two cells, on a line of one.
    let joiner = TextWrap.wrap("\u{D7FF}\u{200B}\u{D7FF}\u{3000}\u{3000}☺\u{7}\u{200D}", width: 1)
    #expect(joiner.allSatisfy { $0.displayWidth <= 1 } && joiner.joined() == "\u{D7FF}\u{D7FF}☺\u{200D}", "\(joiner)")
    // A lone skin tone (two cells) after a dropped control joins the emoji before it.
    let skinTone = TextWrap.wrap("👍\u{7}\u{1F3FD}", width: 2)
    #expect(skinTone.allSatisfy { $0.displayWidth <= 2 } && skinTone.joined() == "👍\u{1F3FD}", "\(skinTone)")
  }

  @Test("hostile scalars never yield a line wider than the width, and only controls are lost")
  func hostileScalars() {
    var generator = SplitMix64(seed: 16)
    let alphabet: [String] = [
      "\u{1}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\t", "\n", "\r", " ", "\u{A0}", "\u{3000}",
      "\u{200B}", "\u{200D}", "\u{FE0E}", "\u{FE0F}", "\u{301}", "\u{308}", "\u{20E3}", "\u{1F3FB}", "\u{1F3FF}",
      "\u{600}", "\u{1160}", "\u{1100}", "\u{E0061}", "\u{1F1EF}", "\u{1F1F5}", "a", "Z", "1", "#", "é", "世", "界",
      "。", "「", "ｱ", "☺", "❤", "✌", "👍", "👨", "👩", "🏳", "😀", "…",
    ]
    for iteration in 0..<3000 {
      let text = (0..<generator.below(24)).map { _ in generator.pick(alphabet) }.joined()
      let width = iteration % 4 == 0 ? 1 : 1 + generator.below(12)
      let lines = TextWrap.wrap(text, width: width)
      for line in lines {
        #expect(line.displayWidth <= width, "\(text.unicodeScalars.map(\.value)) width \(width): \(lines)")
      }
      // Nothing is lost but controls, zero-width spaces and the spaces at line breaks (with any marks on
      // them), and nothing is added but an ellipsis for a character wider than a line of one cell.
      let kept = Array(lines.joined().unicodeScalars.filter { !$0.properties.isWhitespace })
      var required: [Unicode.Scalar] = []
      var allowed: [Unicode.Scalar] = []
      for character in text {
        guard let first = character.unicodeScalars.first, !DisplayWidth.isControl(first.value) else { continue }
        let scalars: [Unicode.Scalar] = character.displayWidth > width ? ["…"] : Array(character.unicodeScalars)
        allowed += scalars.filter { !$0.properties.isWhitespace }
        if !character.isWhitespace && character != "\u{200B}" {
          required += scalars.filter { !$0.properties.isWhitespace }
        }
      }
      let context = "\(text.unicodeScalars.map(\.value)) width \(width): \(lines)"
      #expect(Self.isSubsequence(required, of: kept), "lost text: \(context)")
      #expect(Self.isSubsequence(kept, of: allowed), "added text: \(context)")
      let limited = TextWrap.wrap(text, width: width, maxLines: 1 + generator.below(3))
      #expect(limited.allSatisfy { $0.displayWidth <= width }, "\(text.unicodeScalars.map(\.value)): \(limited)")
      let truncated = TextWrap.truncate(text, width: width)
      #expect(truncated.displayWidth <= width, "\(text.unicodeScalars.map(\.value)): \(truncated)")
    }
  }

  /// Whether `part` is `whole` with some elements removed.
  static func isSubsequence(_ part: [Unicode.Scalar], of whole: [Unicode.Scalar]) -> Bool {
    var remaining = whole[...]
    for scalar in part {
      guard let found = remaining.firstIndex(of: scalar) else { return false }
      remaining = remaining[(found + 1)...]
    }
    return true
  }
}
