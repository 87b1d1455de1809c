/// The hour a log line belongs to, read from a timestamp at the start of the line: ISO 8601
/// (`2026-11-28T07:12:45Z`, or with a space for the `T`) or syslog's (`Nov 28 07:12:45`, no year). Lines
/// without a timestamp (a stack trace's lines, a wrapped message) belong to the hour of the line before.
struct HourKey: Hashable, Sendable {
  /// `yyyymmddhh` for ISO 8601 (2026112807), `mmddhh` for syslog (112807), -1 for none.
  let rawValue: Int64

  /// No timestamp seen yet (the lines at the top of a file that starts without one).
  static let none = HourKey(rawValue: -1)

  /// The bytes of an ISO 8601 timestamp up to the hour (`2026-11-28T07`).
  static let isoPrefixLength = 13
  /// The bytes of a syslog timestamp up to the hour (`Nov 28 07`).
  static let syslogPrefixLength = 9
  /// The most bytes a timestamp needs to be told: the ISO prefix and the `:` after it.
  static let longestTimestamp = isoPrefixLength + 1

  private static let months: [String] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  /// The months' three letters as bytes, for matching without making strings.
  private static let monthBytes: [[UInt8]] = months.map { Array($0.utf8) }

  /// The hour of the timestamp at the start of `line`, and how many bytes of the line name it (lines starting with
  /// the same bytes are in the same hour); `nil` when the line does not start with a timestamp.
  static func parse(_ line: UnsafeRawBufferPointer) -> (key: HourKey, prefixLength: Int)? {
    if let key = parseISO(line) { return (key, isoPrefixLength) }
    if let key = parseSyslog(line) { return (key, syslogPrefixLength) }
    return nil
  }

  /// `yyyy-mm-ddThh:` (or a space for the `T`).
  private static func parseISO(_ line: UnsafeRawBufferPointer) -> HourKey? {
    guard line.count > isoPrefixLength, line[4] == UInt8(ascii: "-"), line[7] == UInt8(ascii: "-"),
      line[10] == UInt8(ascii: "T") || line[10] == UInt8(ascii: " "), line[13] == UInt8(ascii: ":"),
      let year = number(line, 0, 4), let month = number(line, 5, 2), let day = number(line, 8, 2),
      let hour = number(line, 11, 2), (1...12).contains(month), (1...31).contains(day), hour < 24
    else { return nil }
    return HourKey(rawValue: ((Int64(year) * 100 + Int64(month)) * 100 + Int64(day)) * 100 + Int64(hour))
  }

  /// `Mmm dd hh:` (a space pads a one-digit day: `Nov  3 07:`).
  private static func parseSyslog(_ line: UnsafeRawBufferPointer) -> HourKey? {
    guard line.count > syslogPrefixLength, line[3] == UInt8(ascii: " "), line[6] == UInt8(ascii: " "),
      line[9] == UInt8(ascii: ":"),
      let month = monthBytes.firstIndex(where: { $0[0] == line[0] && $0[1] == line[1] && $0[2] == line[2] }),
      let day = line[4] == UInt8(ascii: " ") ? number(line, 5, 1) : number(line, 4, 2),
      let hour = number(line, 7, 2), (1...31).contains(day), hour < 24
    else { return nil }
    return HourKey(rawValue: (Int64(month + 1) * 100 + Int64(day)) * 100 + Int64(hour))
  }

  /// The decimal number in `count` bytes from `start`, `nil` unless they are all digits.
  private static func number(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
    var value = 0
    for i in start..<(start + count) {
      let digit = Int(bytes[i]) - 48
      guard digit >= 0, digit <= 9 else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  /// What a section header shows: `2026-11-28 07:00`, `Nov 28 07:00`, or "(no time)".
  var title: String {
    guard rawValue >= 0 else { return "(no time)" }
    let hour = Int(rawValue % 100)
    let day = Int(rawValue / 100 % 100)
    let month = Int(rawValue / 10_000 % 100)
    let time = Self.twoDigits(hour) + ":00"
    guard rawValue >= 1_000_000 else {
      return Self.months[max(0, min(11, month - 1))] + " " + (day < 10 ? " " : "") + "\(day) " + time
    }
    return "\(rawValue / 1_000_000)-" + Self.twoDigits(month) + "-" + Self.twoDigits(day) + " " + time
  }

  private static func twoDigits(_ value: Int) -> String { (value < 10 ? "0" : "") + "\(value)" }
}
