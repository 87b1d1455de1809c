/// The lines a `/` filter kept: the numbers of the lines containing its text, in order, grouped by the index's
/// hours (a filtered view has a section for each hour with a match).
struct FilterResults {
  /// The text searched for (case-sensitive, as bytes).
  let text: String
  /// The matching lines' numbers, ascending.
  private(set) var lines: [Int] = []
  /// The filtered view's sections: the index's section, and the first of `lines` in it.
  private(set) var sections: [(indexSection: Int, firstMatch: Int)] = []
  /// The lines checked so far: 0..<checkedLines.
  private(set) var checkedLines = 0

  init(text: String) {
    self.text = text
  }

  /// Adds the matches among the lines up to `checkedLines` (the lines of `index` they are in).
  /// - Complexity: O(matches + sections passed).
  mutating func append(_ matches: [Int], checkedThrough checked: Int, index: LogIndex) {
    for line in matches {
      let section = index.section(containingLine: line)
      if sections.last?.indexSection != section { sections.append((section, lines.count)) }
      lines.append(line)
    }
    checkedLines = max(checkedLines, checked)
  }

  /// The positions in `lines` of section `section`'s matches.
  func matches(inSection section: Int) -> Range<Int> {
    sections[section].firstMatch..<(section + 1 < sections.count ? sections[section + 1].firstMatch : lines.count)
  }

  /// The position in `lines` of the first match at or after line `line` (`lines.count` when none is).
  func firstMatch(atOrAfter line: Int) -> Int {
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if lines[middle] < line { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The section of the match at position `match` in `lines`.
  func section(containingMatch match: Int) -> Int {
    var low = 0
    var high = sections.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if sections[middle].firstMatch <= match { low = middle } else { high = middle }
    }
    return low
  }
}
