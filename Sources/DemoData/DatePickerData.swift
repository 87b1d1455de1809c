/// The date picker's data: three wheels (year, month, day), the years 1900–2100 of which 1970–2070 can be
/// chosen, and the calendar arithmetic (days in a month, the weekday) of the Gregorian calendar.
///
///     DatePickerData.title(row: 126, component: 0)             // "2026"
///     DatePickerData.weekday(year: 2026, month: 11, day: 22)   // "Sunday"
public enum DatePickerData {
  /// The year wheel's component.
  public static let yearComponent = 0
  /// The month wheel's component (it loops).
  public static let monthComponent = 1
  /// The day wheel's component (it loops).
  public static let dayComponent = 2
  /// The number of wheels: year, month, day.
  public static let numberOfComponents = 3

  /// The year of the year wheel's first row.
  public static let firstYear = 1900
  /// The number of years on the wheel: 1900…2100.
  public static let years = 201
  /// The years that can be chosen; the others are shown but dimmed.
  public static let selectableYears = 1970...2070
  /// `selectableYears` as rows of the year wheel.
  public static let selectableYearRows =
    (selectableYears.lowerBound - firstYear)...(selectableYears.upperBound - firstYear)
  /// The months' names, January first.
  public static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// The date the picker opens on: 22 November 2026.
  public static let initialDate = (year: 2026, month: 11, day: 22)

  /// The number of rows of `component`: 201 years, 12 months, 31 days.
  public static func numberOfRows(inComponent component: Int) -> Int {
    [years, 12, 31][component]
  }

  /// The text of `row` of `component`: the year ("2026"), the month's name ("November") or the day ("22").
  public static func title(row: Int, component: Int) -> String {
    switch component {
    case yearComponent: String(firstYear + row)
    case monthComponent: months[row]
    default: String(row + 1)
    }
  }

  /// The row of the year wheel that shows `year`.
  public static func row(forYear year: Int) -> Int {
    year - firstYear
  }

  /// The year that row `row` of the year wheel shows.
  public static func year(forRow row: Int) -> Int {
    firstYear + row
  }

  /// Whether `year` is a leap year in the Gregorian calendar.
  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days of `month` (1–12) in `year`: 28 to 31.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The English name of the weekday of a date (`month` 1–12, `day` 1–31), by Zeller's congruence: "Sunday".
  public static func weekday(year: Int, month: Int, day: Int) -> String {
    var y = year
    var m = month
    if m < 3 {
      m += 12
      y -= 1
    }
    let h = (day + (13 * (m + 1)) / 5 + y % 100 + (y % 100) / 4 + (y / 100) / 4 + 5 * (y / 100)) % 7
    return ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"][h]
  }

  /// The date written out: "Sunday, 22 November 2026".
  public static func dateTitle(year: Int, month: Int, day: Int) -> String {
    "\(weekday(year: year, month: month, day: day)), \(day) \(months[month - 1]) \(year)"
  }
}
