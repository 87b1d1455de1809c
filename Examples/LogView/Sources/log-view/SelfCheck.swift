/// `log-view selfcheck`: randomized checks of the two scanners against a plain model (the bytes split at line
/// breaks), run by `check.sh`. Chunk edges and a file that grows a few bytes at a time are where a scanner goes
/// wrong, so each round reads random text in random chunks while revealing it in random steps, and compares after
/// every step.
enum SelfCheck {
  /// A failed comparison: the round's seed and what differed.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `rounds` rounds from `seed`.
  static func run(rounds: Int, seed: UInt64) throws(Failure) {
    var random = SplitMix64(seed: seed)
    for round in 0..<rounds {
      let roundSeed = random.next()
      var generator = SplitMix64(seed: roundSeed)
      let text = randomLog(&generator)
      do throws(Failure) {
        try checkLineScanner(text, &generator)
        try checkSearch(text, &generator)
      } catch {
        throw Failure(description: "round \(round) (seed \(roundSeed)): \(error.description)")
      }
    }
  }

  // MARK: The model

  /// The lines of `bytes` as the scanner must give them once it has read `bytes` to their end: each line's start
  /// and its bytes without the line break; a last line without one only with enough bytes to tell its timestamp.
  static func modelLines(_ bytes: [UInt8]) -> [(start: Int, bytes: ArraySlice<UInt8>)] {
    var lines: [(start: Int, bytes: ArraySlice<UInt8>)] = []
    var start = 0
    for (i, byte) in bytes.enumerated() where byte == 0x0A {
      lines.append((start, bytes[start..<i]))
      start = i + 1
    }
    if bytes.count - start >= LineScanner.unfinishedLineMinimum { lines.append((start, bytes[start...])) }
    return lines
  }

  /// The sections of `lines`: one at the first line, and one wherever a line's timestamp names another hour than
  /// the last timestamp before it (a line without one stays in its hour).
  static func modelSections(_ lines: [(start: Int, bytes: ArraySlice<UInt8>)]) -> [IndexSection] {
    var sections: [IndexSection] = []
    var key = HourKey.none
    for (number, line) in lines.enumerated() {
      let parsed = Array(line.bytes).withUnsafeBytes { HourKey.parse($0)?.key }
      if let parsed, parsed != key || number == 0 {
        key = parsed
        sections.append(IndexSection(firstLine: number, key: parsed))
      } else if number == 0 {
        sections.append(IndexSection(firstLine: 0, key: key))
      }
    }
    return sections
  }

  // MARK: The checks

  /// Reveals `text` in random steps (a file being written), reading random chunks from the scanner's line start
  /// as the indexer does; after every step the lines given out are the model's lines of what is revealed.
  static func checkLineScanner(_ text: [UInt8], _ random: inout SplitMix64) throws(Failure) {
    var scanner = LineScanner()
    var starts: [Int] = []
    var sections: [IndexSection] = []
    var revealed = 0
    var chunk = 1 + random.below(64)
    while revealed < text.count {
      revealed = min(text.count, revealed + 1 + random.below(random.below(4) == 0 ? 200 : 20))
      // Read to the end of what is revealed.
      while true {
        let start = scanner.lineStart
        let count = min(chunk, revealed - start)
        let atEnd = start + count >= revealed
        let consumed = Array(text[start..<(start + count)]).withUnsafeBytes {
          scanner.scan($0, atEndOfFile: atEnd, lineStarts: &starts, sections: &sections)
        }
        if consumed == 0, !atEnd { chunk *= 2 }
        if atEnd { break }
      }
      let model = modelLines(Array(text[0..<revealed]))
      let modelStarts = model.map(\.start)
      guard starts == modelStarts else {
        throw Failure(description: "after \(revealed) bytes, line starts \(starts) (the model's: \(modelStarts))")
      }
      let modelSections = modelSections(model)
      guard sections == modelSections else {
        throw Failure(description: "after \(revealed) bytes, sections \(sections) (the model's: \(modelSections))")
      }
    }
  }

  /// Searches whole lines of `text` in random chunks for a random pattern; the matches are the model's lines that
  /// contain it.
  static func checkSearch(_ text: [UInt8], _ random: inout SplitMix64) throws(Failure) {
    let finished = text.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let lines = modelLines(Array(text[0..<finished]))
    let patterns = ["ERROR", "a", "07:", "request 1", "zz", "\u{E9}t\u{E9}"]
    let pattern = Array(patterns[random.below(patterns.count)].utf8)
    let expected = lines.indices.filter { lines[$0].bytes.firstRange(of: pattern) != nil }
    var found: [Int] = []
    var position = 0
    var line = 0
    while position < finished {
      // A chunk of whole lines, as the filter's thread reads them.
      var end = min(finished, position + 1 + random.below(300))
      while end < finished, text[end - 1] != 0x0A { end += 1 }
      line = Array(text[position..<end]).withUnsafeBytes {
        FilterScanner.search(pattern, in: $0, firstLine: line, into: &found)
      }
      position = end
    }
    guard found == expected, line == lines.count else {
      throw Failure(
        description: "\"\(String(decoding: pattern, as: UTF8.self))\" found in \(found), \(line) lines counted "
          + "(the model's: \(expected), \(lines.count))")
    }
  }

  /// A few dozen lines: ISO 8601 and syslog timestamps in a few hours, lines without one, empty lines, carriage
  /// returns, non-ASCII text, and maybe no line break at the end.
  static func randomLog(_ random: inout SplitMix64) -> [UInt8] {
    var text = ""
    let words = ["ERROR", "INFO", "request 1", "a", "\u{E9}t\u{E9}", "07:", "  at x", "", "\r"]
    for _ in 0..<random.below(40) {
      let hour = random.below(3)
      switch random.below(5) {
      case 0: text += "2026-11-28T0\(hour + 6):1\(random.below(10)):00Z "
      case 1: text += "2026-11-28 0\(hour + 6):00:00 "
      case 2: text += "Nov \(random.below(2) == 0 ? " 3" : "28") 0\(hour + 6):00:00 "
      default: break
      }
      for _ in 0..<random.below(5) { text += words[random.below(words.count)] + " " }
      text += "\n"
    }
    if random.below(2) == 0 { text += "2026-11-28T09:00:00Z unfinished" }
    return Array(text.utf8)
  }
}

/// A small deterministic random number generator (SplitMix64), so that a failing round can be run again from its
/// seed.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in 0..<bound (0 for a bound of 0).
  mutating func below(_ bound: Int) -> Int {
    bound > 0 ? Int(next() % UInt64(bound)) : 0
  }
}
