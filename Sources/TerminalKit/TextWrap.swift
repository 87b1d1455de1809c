/// Word wrapping and truncation of text measured in terminal cells (see ``DisplayWidth``).
///
/// Lines never exceed the requested width. Latin text breaks at spaces; a word longer than a line is broken
/// between grapheme clusters. Wide (CJK) characters may break before or after any of them, except that closing
/// punctuation never starts a line and opening punctuation never ends one when another break is possible.
/// Explicit newlines start new lines, trailing spaces are trimmed, tabs count as one space and other control
/// characters are dropped.
public enum TextWrap {
  /// Wraps text into lines no wider than `width` cells.
  ///
  /// - Parameters:
  ///   - text: The text to wrap; `\n`, `\r\n` and `\r` separate paragraphs.
  ///   - width: The maximum width of a line in cells. A width of zero or less yields no lines.
  ///   - maxLines: If given, at most this many lines are returned, and when text was cut off the last one ends
  ///     with `ellipsis`. The work is then bounded by the lines kept, not by the text: a 10 MB text wrapped to
  ///     three lines reads a few hundred of its characters (past a budget of characters that fill no line —
  ///     thousands of spaces in a row — the text counts as cut off there).
  ///   - ellipsis: The marker appended to the last line when `maxLines` cut text off.
  /// - Returns: The lines, without newline characters. Empty paragraphs yield empty lines; empty text yields one
  ///   empty line.
  public static func wrap(_ text: String, width: Int, maxLines: Int? = nil, ellipsis: Character = "…") -> [String] {
    guard width > 0, maxLines.map({ $0 > 0 }) ?? true else { return [] }
    var lines: [String] = []
    var paragraph: [Character] = []
    func finishParagraph() {
      wrapParagraph(paragraph, width: width, into: &lines)
      paragraph.removeAll(keepingCapacity: true)
    }
    // With a line limit, the characters a paragraph may still take: enough to fill one line more than the limit
    // needs (a character is at least a cell wide but for spaces and zero-width ones), generously.
    func budget(_ maxLines: Int) -> Int {
      let remaining = max(0, maxLines - lines.count) + 1
      return remaining.multipliedReportingOverflow(by: min(width, 1 << 20) &* 4).partialValue &+ 256
    }
    var cutOff = false
    var allowed = maxLines.map(budget) ?? Int.max
    for character in text {
      if character.isNewline {
        finishParagraph()
        if let maxLines {
          if lines.count > maxLines { break }
          allowed = budget(maxLines)
        }
      } else if paragraph.count < allowed {
        paragraph.append(character)
      } else {
        cutOff = true
        break
      }
    }
    finishParagraph()
    if let maxLines, lines.count > maxLines || cutOff {
      if lines.count > maxLines { lines.removeSubrange(maxLines...) }
      if let last = lines.indices.last {
        lines[last] = truncate(lines[last], width: width, ellipsis: ellipsis, alwaysMark: true)
      }
    }
    return lines
  }

  /// Shortens text to at most `width` cells, ending it with `ellipsis` when anything was cut off.
  ///
  /// Only the first line is kept: text after a newline counts as cut off.
  ///
  /// - Parameters:
  ///   - text: The text to shorten.
  ///   - width: The maximum width in cells. A width of zero or less yields an empty string.
  ///   - ellipsis: The marker that replaces the text cut off.
  /// - Returns: `text` itself if it fits, otherwise its longest prefix of whole characters that leaves room for the
  ///   ellipsis, followed by the ellipsis.
  public static func truncate(_ text: String, width: Int, ellipsis: Character = "…") -> String {
    truncate(text, width: width, ellipsis: ellipsis, alwaysMark: false)
  }

  static func truncate(_ text: String, width: Int, ellipsis: Character, alwaysMark: Bool) -> String {
    guard width > 0 else { return "" }
    var firstLine = Substring(text)
    var cut = alwaysMark
    if let newline = text.firstIndex(where: \.isNewline) {
      firstLine = text[..<newline]
      cut = true
    }
    if !cut && firstLine.displayWidth <= width {
      return String(firstLine)
    }
    let ellipsisWidth = ellipsis.displayWidth
    guard ellipsisWidth <= width else { return "" }
    let room = width - ellipsisWidth
    var result = ""
    var used = 0
    for character in firstLine {
      let characterWidth = character.displayWidth
      if used + characterWidth > room {
        break
      }
      result.append(character)
      used += characterWidth
    }
    while result.last == " " {
      result.removeLast()
    }
    result.append(ellipsis)
    return result
  }

  /// Closing punctuation that must not start a line after a break next to a wide character.
  static let closingPunctuation: Set<Character> = [
    "、", "。", "，", "．", "：", "；", "？", "！", "）", "］", "｝", "」", "』", "】", "〉", "》", "〕", "〗", "〙",
    "〛", "’", "”", "ー", "…", ",", ".", ";", ":", "!", "?", ")", "]", "}", "%",
  ]

  /// Opening punctuation that must not end a line before a break next to a wide character.
  static let openingPunctuation: Set<Character> = [
    "（", "［", "｛", "「", "『", "【", "〈", "《", "〔", "〖", "〘", "〚", "‘", "“", "(", "[", "{",
  ]

  /// One grapheme cluster of a paragraph with its width and line-breaking class.
  private struct Glyph {
    var character: Character
    var width: Int
    var isSpace: Bool
    var isBreakSpace: Bool
    /// Whether the glyph's first scalar may extend the cluster before it (see ``mayJoin(_:)``).
    var opensWithJoiner = false
    /// Whether the glyph's last scalar may be extended by the cluster after it.
    var closesWithJoiner = false
  }

  private static func glyphs(of paragraph: [Character]) -> [Glyph] {
    var result: [Glyph] = []
    result.reserveCapacity(paragraph.count)
    for character in paragraph {
      if character == "\t" {
        result.append(Glyph(character: " ", width: 1, isSpace: true, isBreakSpace: true))
      } else if character == "\u{200B}" {
        result.append(Glyph(character: character, width: 0, isSpace: true, isBreakSpace: false))
      } else if let scalar = character.unicodeScalars.first, DisplayWidth.isControl(scalar.value) {
        continue
      } else if character.isWhitespace && character != "\u{00A0}" && character != "\u{202F}" {
        result.append(Glyph(character: character, width: character.displayWidth, isSpace: true, isBreakSpace: true))
      } else {
        var glyph = Glyph(character: character, width: character.displayWidth, isSpace: false, isBreakSpace: false)
        let scalars = character.unicodeScalars
        let length = character.utf8.count
        if let first = scalars.first, first.value >= 0x300 || length > 2 {
          if length == UTF8.width(first) {
            // One scalar: its width is the glyph's.
            glyph.opensWithJoiner = glyph.width == 0 || isJoiningEmoji(first)
            glyph.closesWithJoiner = glyph.opensWithJoiner
          } else {
            glyph.opensWithJoiner = mayJoin(first)
            glyph.closesWithJoiner = mayJoin(scalars.last!)
          }
        }
        result.append(glyph)
      }
    }
    return result
  }

  /// The width of `line` (`lineWidth` cells) once text that starts with `firstCharacter` and is `width` cells wide
  /// on its own is appended to it.
  ///
  /// Usually the sum, but text whose first scalar can extend a grapheme cluster (a variation selector, a
  /// combining mark, an emoji modifier, a joiner) joins the line's last cluster when what separated them in the
  /// paragraph (a control character, a zero-width space) was dropped, and the joined cluster may be wider or
  /// narrower than its parts: `"☺"` (1 cell) followed by a lone `U+FE0F` (0 cells) becomes `"☺️"` (2 cells).
  private static func widthOf(
    _ line: String, lineWidth: Int, appending firstCharacter: Character, width: Int
  ) -> Int {
    guard let lastCharacter = line.last else { return lineWidth + width }
    var joint = String(lastCharacter)
    joint.append(firstCharacter)
    let separateWidth = lastCharacter.displayWidth + firstCharacter.displayWidth
    return lineWidth + width + joint.displayWidth - separateWidth
  }

  /// Whether a scalar may join a grapheme cluster with its neighbour across a dropped character: only a
  /// zero-width scalar, an emoji modifier or a regional indicator extends the cluster before it, and only a
  /// cluster ending in a zero-width scalar (a joiner, a prepended format character) or a regional indicator is
  /// extended by anything else.
  private static func mayJoin(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x300 && (isJoiningEmoji(scalar) || DisplayWidth.of(scalar) == 0)
  }

  /// Whether the scalar is a regional indicator or an emoji modifier, which join neighbours though visible.
  private static func isJoiningEmoji(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value) || (0x1F3FB...0x1F3FF).contains(scalar.value)
  }

  /// Whether a line may break between two adjacent non-space glyphs.
  private static func canBreak(between before: Glyph, and after: Glyph) -> Bool {
    guard before.width == 2 || after.width == 2 else { return false }
    return !closingPunctuation.contains(after.character) && !openingPunctuation.contains(before.character)
  }

  private static func wrapParagraph(_ paragraph: [Character], width: Int, into lines: inout [String]) {
    let glyphs = glyphs(of: paragraph)
    var line = ""
    var lineWidth = 0
    var lineHasText = false
    var pendingSpaces = ""
    var pendingSpacesWidth = 0
    var isFirstLine = true
    var lineClosesWithJoiner = false

    func flushLine() {
      lines.append(line)
      line = ""
      lineWidth = 0
      lineClosesWithJoiner = false
      lineHasText = false
      pendingSpaces = ""
      pendingSpacesWidth = 0
      isFirstLine = false
    }

    var index = 0
    while index < glyphs.count {
      if glyphs[index].isSpace {
        if glyphs[index].isBreakSpace {
          pendingSpaces.append(glyphs[index].character)
          pendingSpacesWidth += glyphs[index].width
        }
        index += 1
        continue
      }
      var end = index + 1
      var segmentWidth = glyphs[index].width
      while end < glyphs.count && !glyphs[end].isSpace && !canBreak(between: glyphs[end - 1], and: glyphs[end]) {
        segmentWidth += glyphs[end].width
        end += 1
      }
      let keepsSpaces = lineHasText || isFirstLine
      let spacesWidth = keepsSpaces ? pendingSpacesWidth : 0
      if lineWidth + spacesWidth + segmentWidth <= width {
        if keepsSpaces, let firstSpace = pendingSpaces.first {
          lineWidth =
            lineClosesWithJoiner
            ? widthOf(line, lineWidth: lineWidth, appending: firstSpace, width: pendingSpacesWidth)
            : lineWidth + pendingSpacesWidth
          line += pendingSpaces
          lineClosesWithJoiner = false
        }
      } else {
        if lineHasText {
          flushLine()
        }
        pendingSpaces = ""
        pendingSpacesWidth = 0
        lineWidth = 0
        lineClosesWithJoiner = false
        line = ""
      }
      pendingSpaces = ""
      pendingSpacesWidth = 0
      for glyph in glyphs[index..<end] {
        var character = glyph.character
        var glyphWidth = glyph.width
        var closesWithJoiner = glyph.closesWithJoiner
        if glyphWidth > width {
          character = "…"
          glyphWidth = 1
          closesWithJoiner = false
        }
        var widthAfter =
          glyph.opensWithJoiner || lineClosesWithJoiner
          ? widthOf(line, lineWidth: lineWidth, appending: character, width: glyphWidth) : lineWidth + glyphWidth
        if widthAfter > width {
          flushLine()
          widthAfter = glyphWidth
        }
        line.append(character)
        lineWidth = widthAfter
        lineClosesWithJoiner = closesWithJoiner
        lineHasText = true
      }
      index = end
    }
    if lineHasText || isFirstLine {
      lines.append(line)
    }
  }
}
