import Testing

@testable import TerminalKit

@Suite("DisplayWidth")
struct DisplayWidthTests {
  @Test(
    "characters have the width a terminal gives them",
    arguments: [
      ("a", 1), ("~", 1), (" ", 1), ("é", 1), ("ß", 1), ("Ж", 1), ("…", 1), ("ｱ", 1), ("─", 1),
      ("世", 2), ("界", 2), ("あ", 2), ("ア", 2), ("한", 2), ("ᄀ", 2), ("。", 2), ("「", 2), ("Ａ", 2), ("￥", 2),
      ("𠀀", 2), ("\u{3400}", 2), ("\u{30000}", 2),
    ] as [(Character, Int)])
  func characterWidths(character: Character, width: Int) {
    #expect(DisplayWidth.of(character) == width)
    #expect(character.displayWidth == width)
  }

  @Test(
    "emoji in emoji presentation take two cells",
    arguments: [
      "😀", "👍", "🎉", "⌚", "🇯🇵", "🇺🇸", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "❤️", "☺️", "1️⃣", "#️⃣", "🧑‍💻", "🫠",
    ] as [Character])
  func emojiWidths(character: Character) {
    #expect(DisplayWidth.of(character) == 2)
  }

  @Test("text-presentation symbols without VS16 take one cell")
  func textPresentationSymbols() {
    #expect(DisplayWidth.of("❤" as Character) == 1)
    #expect(DisplayWidth.of("☺" as Character) == 1)
    #expect(DisplayWidth.of("1" as Character) == 1)
  }

  @Test("combining marks, ZWJ and variation selectors take no cell of their own")
  func zeroWidthCharacters() {
    #expect(DisplayWidth.of("e\u{301}" as Character) == 1)
    #expect(DisplayWidth.of("a\u{301}\u{302}\u{303}" as Character) == 1)
    #expect(DisplayWidth.of("\u{301}" as Character) == 0)
    #expect(DisplayWidth.of("\u{200D}" as Character) == 0)
    #expect(DisplayWidth.of("\u{FE0F}" as Character) == 0)
    #expect(DisplayWidth.of("\u{FE00}" as Character) == 0)
    #expect(DisplayWidth.of("\u{200B}" as Character) == 0)
    #expect(DisplayWidth.of("\u{1160}" as Character) == 0)
    #expect(DisplayWidth.of("각" as Character) == 2)
    #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}" as Character) == 2)
  }

  @Test("control characters take no cell")
  func controlCharacters() {
    for value in [0x00, 0x07, 0x09, 0x0A, 0x1B, 0x7F, 0x85, 0x9F] as [UInt32] {
      #expect(DisplayWidth.of(Character(Unicode.Scalar(value)!)) == 0)
    }
    #expect(DisplayWidth.of("\r\n" as Character) == 0)
  }

  @Test("a string's width is the sum of its grapheme clusters' widths")
  func stringWidths() {
    #expect(DisplayWidth.of("") == 0)
    #expect(DisplayWidth.of("Hello") == 5)
    #expect(DisplayWidth.of("Hello, 世界!") == 12)
    #expect(DisplayWidth.of("日本語テキスト") == 14)
    #expect(DisplayWidth.of("👨‍👩‍👧‍👦 family") == 9)
    #expect(DisplayWidth.of("🇯🇵🇺🇸") == 4)
    #expect(DisplayWidth.of("Cafe\u{301}") == 4)
    #expect(DisplayWidth.of("a\tb\n") == 2)
    #expect("abc"[...].displayWidth == 3)
  }

  @Test("the range tables are sorted, well formed and agree with their lookup")
  func tablesAreWellFormed() {
    for table in [wideCodePointRanges, zeroWidthCodePointRanges] {
      #expect(table.count % 2 == 0)
      for index in stride(from: 0, to: table.count, by: 2) {
        #expect(table[index] <= table[index + 1])
        if index > 0 {
          #expect(table[index - 1] < table[index])
        }
        #expect(DisplayWidth.contains(table, table[index]))
        #expect(DisplayWidth.contains(table, table[index + 1]))
      }
    }
    #expect(!DisplayWidth.contains(wideCodePointRanges, 0x10FFFF))
    #expect(!DisplayWidth.contains([], 5))
  }
}
