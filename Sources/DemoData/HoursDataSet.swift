/// The looping list's data: the hours of a day, round and round (after 23:00 comes 00:00 again), every third
/// row twice as tall, each hour named and coloured by its period of the day.
///
///     HoursDataSet.title(hour: 7)     // "07:00  清晨 dawn"
///     HoursDataSet.detail(hour: 7)    // "hour 8 of 24"
public enum HoursDataSet {
  /// A colour by name, for a backend to map to its own (a terminal's palette, or `rgb`).
  public enum Colour: String, Sendable, Hashable, CaseIterable {
    /// Blue: the night.
    case blue
    /// Cyan: dawn.
    case cyan
    /// Green: the morning.
    case green
    /// Yellow: noon.
    case yellow
    /// Bright yellow: the afternoon.
    case brightYellow
    /// Magenta: the evening.
    case magenta

    /// The colour as red, green and blue from 0 to 255: the Tango palette, which GNOME Terminal uses for the
    /// terminal demo's colours.
    public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
      switch self {
      case .blue: (0x34, 0x65, 0xA4)
      case .cyan: (0x06, 0x98, 0x9A)
      case .green: (0x4E, 0x9A, 0x06)
      case .yellow: (0xC4, 0xA0, 0x00)
      case .brightYellow: (0xFC, 0xE9, 0x4F)
      case .magenta: (0x75, 0x50, 0x7B)
      }
    }
  }

  /// A period of the day: from its first hour until the next period's.
  public struct Period: Sendable, Hashable {
    /// The first hour (0–23) of the period.
    public let startHour: Int
    /// Its name, in Chinese and English: "清晨 dawn".
    public let name: String
    /// The colour its hours are written in.
    public let colour: Colour

    /// A period that starts at `startHour`.
    public init(startHour: Int, name: String, colour: Colour) {
      self.startHour = startHour
      self.name = name
      self.colour = colour
    }
  }

  /// The rows of one lap: the hours of a day.
  public static let hours = 24

  /// The periods of the day, by their first hour.
  public static let periods = [
    Period(startHour: 0, name: "深夜 night", colour: .blue),
    Period(startHour: 5, name: "清晨 dawn", colour: .cyan),
    Period(startHour: 8, name: "上午 morning", colour: .green),
    Period(startHour: 12, name: "中午 noon", colour: .yellow),
    Period(startHour: 14, name: "下午 afternoon", colour: .brightYellow),
    Period(startHour: 18, name: "傍晚 evening", colour: .magenta),
    Period(startHour: 21, name: "夜里 night", colour: .blue),
  ]

  /// The row's height in units (terminal lines, or a backend's base row height): every third row, starting with
  /// 00:00, is two units tall, the others one.
  public static func heightUnits(row: Int) -> Int {
    row % 3 == 0 ? 2 : 1
  }

  /// The period `hour` (0–23) falls in.
  public static func period(hour: Int) -> Period {
    periods.last { $0.startHour <= hour } ?? periods[0]
  }

  /// The hour's title: "07:00  清晨 dawn" (two spaces before the period's name).
  public static func title(hour: Int) -> String {
    (hour < 10 ? "0" : "") + "\(hour):00  \(period(hour: hour).name)"
  }

  /// The hour's detail, counted from one: "hour 8 of 24" for 07:00.
  public static func detail(hour: Int) -> String {
    "hour \(hour + 1) of \(hours)"
  }

  /// Whether the hour is written in bold: every sixth hour (00:00, 06:00, 12:00, 18:00).
  public static func isEmphasized(hour: Int) -> Bool {
    hour % 6 == 0
  }
}
