import SeededRandom

/// One message of the chat demo's conversation, computed from its number alone (like ``FeedPost``): a million
/// messages cost nothing until they are shown. Lengths vary a lot, from one word to a long paragraph, in Chinese,
/// English or both.
///
///     ChatMessage(number: 999_999).text   // the same text on every run
public struct ChatMessage: Sendable, Hashable {
  /// The message's number in the conversation (0-based, oldest first).
  public let number: Int
  /// Who wrote it ("me" for the user's own).
  public let author: String
  /// Whether the user wrote it (the demos draw it on the right).
  public let isMine: Bool
  /// The time of day it was sent, "HH:MM".
  public let time: String
  /// The body.
  public let text: String

  /// The seed mixed into every message's generator.
  public static let seed: UInt64 = 0x4348_4154_5f44_454d

  /// The author shown for the user's own messages.
  public static let myName = "me"

  /// Computes message `number` of the conversation (`fromOthers`: someone else wrote it, as a
  /// message that arrives while the user reads does).
  public init(number: Int, fromOthers: Bool = false) {
    self.number = number
    // Seeded through one step of the generator: seeding with `seed + number × γ` (SplitMix64's own
    // increment) would make message n + 1's draws message n's shifted by one.
    var seeder = SplitMix64(seed: ChatMessage.seed ^ UInt64(truncatingIfNeeded: number))
    var random = SplitMix64(seed: seeder.next())
    isMine = random.below(3) == 0 && !fromOthers
    author = isMine ? ChatMessage.myName : FeedWords.authors[random.below(FeedWords.authors.count)].name
    time = ChatMessage.time(of: number)
    // Mostly one-liners, some replies of a word, now and then a wall of text.
    switch random.below(10) {
    case 0:
      text = random.pick(["ok", "好", "👍", "lol", "真的吗？", "+1", "明天见", "on it", "收到"])
    case 1:
      var body = ""
      for _ in 0..<(6 + random.below(10)) {
        let sentence = FeedPost.sentence(&random)
        if let last = body.last, !FeedPost.isCJK(last) { body += " " }
        body += sentence
      }
      text = body
    default:
      var body = ""
      for _ in 0..<(1 + random.below(3)) {
        let sentence = FeedPost.sentence(&random)
        if let last = body.last, !FeedPost.isCJK(last) { body += " " }
        body += sentence
      }
      text = body
    }
  }

  /// A message the user typed (sent as number `number`).
  public init(number: Int, sentText text: String) {
    self.number = number
    author = ChatMessage.myName
    isMine = true
    time = ChatMessage.time(of: number)
    self.text = text
  }

  /// A message stored elsewhere (a database): number `number`, by `author` (the user's own when it
  /// is ``myName``), saying `text`; its time follows from its number, as a computed message's does.
  public init(number: Int, author: String, text: String) {
    self.number = number
    self.author = author
    isMine = author == ChatMessage.myName
    time = ChatMessage.time(of: number)
    self.text = text
  }

  /// Messages a day: one every 20 seconds (``time`` wraps daily).
  public static let messagesPerDay = 3 * 24 * 60

  /// The day of message `number`, counted from the conversation's first (a database keeps a day
  /// per section).
  public static func day(ofMessage number: Int) -> Int { max(0, number) / messagesPerDay }

  /// The heading of day `day` of the conversation, a date from Wednesday 1 January 2025 on:
  /// "Wed 1 Jan 2025 · 星期三".
  public static func dayTitle(day: Int) -> String {
    let d = min(max(day, 0), 1_000_000_000)
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = 20_089 + d + 719_468
    let era = z / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let dayOfMonth = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    let weekday = (d + 3) % 7  // 1 January 2025 was a Wednesday (index 3 from Sunday)
    let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let chinese = ["日", "一", "二", "三", "四", "五", "六"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return "\(names[weekday]) \(dayOfMonth) \(months[month - 1]) \(year) · 星期\(chinese[weekday])"
  }

  /// The line over the text: "李雷 · 09:41".
  public var title: String { "\(author) · \(time)" }

  /// A clock time that advances with the message number (about one message every 20 seconds), wrapping daily.
  static func time(of number: Int) -> String {
    let minutes = (number / 3) % (24 * 60)
    let hh = minutes / 60
    let mm = minutes % 60
    return (hh < 10 ? "0" : "") + "\(hh):" + (mm < 10 ? "0" : "") + "\(mm)"
  }
}
