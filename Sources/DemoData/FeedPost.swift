import SeededRandom
import TableViewCore

/// One post of the feed, computed from its number alone: nothing is stored, so a million rows cost nothing until
/// they are shown.
///
///     FeedPost(number: 12_345).text   // the same mixed Chinese and English text on every run
public struct FeedPost: Sendable, Hashable {
  /// The post's number in the feed (0-based).
  public let number: Int
  /// Who wrote it.
  public let author: String
  /// Their handle, without the "@".
  public let handle: String
  /// How long ago, as "12m", "3h" or "2d".
  public let age: String
  /// The body: one to a dozen sentences in Chinese, English or both.
  public let text: String

  /// The seed mixed into every post's generator.
  public static let seed: UInt64 = 0x5157_4946_5454_5631

  /// Computes post `number`.
  public init(number: Int) {
    self.number = number
    var random = SplitMix64(seed: FeedPost.seed &+ UInt64(truncatingIfNeeded: number) &* 0x2545_F491_4F6C_DD1D)
    let person = random.below(FeedWords.authors.count)
    author = FeedWords.authors[person].name
    handle = FeedWords.authors[person].handle
    let minutes = 1 + random.below(60 * 24 * 3)
    age = minutes < 60 ? "\(minutes)m" : minutes < 60 * 24 ? "\(minutes / 60)h" : "\(minutes / (60 * 24))d"
    // Mostly short posts, some long ones: from one line to a dozen.
    let sentences = random.pick([1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 7, 10])
    var body = ""
    for _ in 0..<sentences {
      let sentence = FeedPost.sentence(&random)
      // Chinese text takes no space after a sentence; English and emoji do.
      if let last = body.last, !FeedPost.isCJK(last) { body += " " }
      body += sentence
    }
    text = body
  }

  /// One sentence in one of four forms: English, Chinese, or two mixes.
  static func sentence(_ random: inout SplitMix64) -> String {
    var sentence: String
    switch random.below(4) {
    case 0:
      let tail = random.pick(FeedWords.tails)
      sentence = "\(random.pick(FeedWords.subjects)) \(random.pick(FeedWords.predicates))"
      sentence += (tail.isEmpty ? "" : " " + tail) + random.pick([".", ".", "!"])
    case 1:
      sentence = random.pick(FeedWords.times) + random.pick(FeedWords.chineseSubjects)
      sentence +=
        random.pick(FeedWords.adverbs) + random.pick(FeedWords.chinesePredicates) + random.pick(["。", "。", "！"])
    case 2:
      sentence = random.pick(FeedWords.times) + random.pick(FeedWords.chineseSubjects) + "把 "
      sentence += random.pick(FeedWords.nouns) + " " + random.pick(FeedWords.verbs)
      sentence += "，" + random.pick(FeedWords.comments) + "。"
    default:
      sentence = "\(random.pick(FeedWords.subjects)) \(random.pick(FeedWords.predicates))，"
      sentence += random.pick(FeedWords.comments) + "！"
    }
    if random.below(10) == 0 { sentence += " " + random.pick(FeedWords.emoji) }
    return sentence
  }

  /// Whether a character is CJK (ideographs, kana, fullwidth punctuation).
  static func isCJK(_ character: Character) -> Bool {
    character.unicodeScalars.first.map { (0x2E80..<0xFFF0).contains($0.value) } ?? false
  }
}
