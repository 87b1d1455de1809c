import DemoData
@_spi(Backend) import TableViewCore
import Testing

@Suite("feed posts")
struct FeedPostTests {
  @Test("a post is computed from its number alone: the same twice, different for other numbers")
  func deterministic() {
    for number in [0, 1, 12_345, 999_999] {
      #expect(FeedPost(number: number) == FeedPost(number: number))
      #expect(FeedPost(number: number).text == FeedPost(number: number).text)
      #expect(!FeedPost(number: number).text.isEmpty)
    }
    let texts = Set((0..<50).map { FeedPost(number: $0).text })
    #expect(texts.count == 50, "fifty posts, fifty different texts")
    #expect(FeedPost(number: 7) != FeedPost(number: 8))
  }

  @Test("the title line names the author, the handle, the age and the 1-based number")
  func postTitle() {
    let post = FeedPost(number: 1_233)
    #expect(FeedDataSet.postTitle(post) == "\(post.author) @\(post.handle) · \(post.age) · #1,234")
    #expect(["m", "h", "d"].contains(post.age.last.map(String.init) ?? ""))
  }
}

@Suite("number formatting")
struct NumberFormattingTests {
  @Test(
    "thousands separators",
    arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_234_567, "1,234,567"), (-1_234, "-1,234")])
  func grouped(number: Int, text: String) {
    #expect(number.grouped == text)
  }

  @Test("other integer types and the extremes")
  func otherTypes() {
    #expect(UInt8(255).grouped == "255")
    #expect(Int64.min.grouped == "-9,223,372,036,854,775,808")
  }

  @Test("seconds as milliseconds with two decimals")
  func milliseconds() {
    #expect(0.00008.milliseconds == "0.08 ms")
    #expect(0.0123.milliseconds == "12.30 ms")
    #expect(0.0.milliseconds == "0.00 ms")
  }
}

@Suite("section arithmetic")
struct SectionTests {
  @Test("1,000,001 posts: 1001 sections, the last with one post")
  func feedSections() {
    let rows = 1_000_001
    #expect(FeedDataSet.numberOfSections(rowCount: rows) == 1_001)
    #expect(FeedDataSet.numberOfRows(inSection: 0, rowCount: rows) == 1_000)
    #expect(FeedDataSet.numberOfRows(inSection: 999, rowCount: rows) == 1_000)
    #expect(FeedDataSet.numberOfRows(inSection: 1_000, rowCount: rows) == 1)
    #expect(FeedDataSet.postNumber(section: 1_000, row: 0) == 1_000_000)
    #expect(FeedDataSet.numberOfSections(rowCount: FeedDataSet.defaultRowCount) == 1_000)
    #expect(FeedDataSet.numberOfSections(rowCount: 0) == 0)
  }

  @Test("the feed's header texts")
  func feedHeaders() {
    #expect(FeedDataSet.headerTitle(section: 0) == "Section 1 · 第 1 组")
    #expect(FeedDataSet.headerTitle(section: 1_233) == "Section 1,234 · 第 1234 组")
    #expect(FeedDataSet.headerDetail(section: 1, rowCount: 1_000_000) == "posts #1,001–#2,000 · 1,000 条")
    #expect(FeedDataSet.headerDetail(section: 1_000, rowCount: 1_000_001) == "posts #1,000,001–#1,000,001 · 1 条")
  }

  @Test("fixed rows: sections of 100,000, titles from one, details in hexadecimal from zero")
  func fixedRows() {
    let rows = 250_001
    #expect(FixedRowsDataSet.numberOfSections(rowCount: rows) == 3)
    #expect(FixedRowsDataSet.numberOfRows(inSection: 2, rowCount: rows) == 50_001)
    #expect(FixedRowsDataSet.rowNumber(section: 2, row: 5) == 200_005)
    #expect(FixedRowsDataSet.rowTitle(number: 1_233) == "Row 1,234")
    #expect(FixedRowsDataSet.rowDetail(number: 1_234) == "0x4D2")
    #expect(FixedRowsDataSet.headerTitle(section: 0, rowCount: rows) == "Rows 1–100,000")
    #expect(FixedRowsDataSet.headerTitle(section: 2, rowCount: rows) == "Rows 200,001–250,001")
    #expect(FixedRowsDataSet.title(rowCount: FixedRowsDataSet.defaultRowCount) == "10,000,000 rows")
  }

  @Test("fixed rows' section index: a title a section below twenty, a million rows each at ten million, at most 26")
  func fixedRowsSectionIndex() {
    #expect(FixedRowsDataSet.sectionIndexTitles(rowCount: 250_001) == ["0", "100K", "200K"])
    #expect(FixedRowsDataSet.sectionIndexTitles(rowCount: 1_200_000).suffix(2) == ["1M", "1.1M"])
    let tenMillion = FixedRowsDataSet.sectionIndexTitles(rowCount: 10_000_000)
    #expect(tenMillion == ["0"] + (1...9).map { "\($0)M" })
    #expect(FixedRowsDataSet.sectionIndexSections(rowCount: 10_000_000).last == 90)
    #expect(FixedRowsDataSet.sectionIndexSections(rowCount: 100_000_000).count <= 26)
    #expect(FixedRowsDataSet.sectionIndexTitles(rowCount: 100_000).isEmpty)
    #expect(FixedRowsDataSet.sectionIndexTitles(rowCount: -5).isEmpty)
  }
}

@Suite("hours")
struct HoursTests {
  @Test("titles, details, heights and periods")
  func hours() {
    #expect(HoursDataSet.title(hour: 7) == "07:00  清晨 dawn")
    #expect(HoursDataSet.title(hour: 0) == "00:00  深夜 night")
    #expect(HoursDataSet.title(hour: 23) == "23:00  夜里 night")
    #expect(HoursDataSet.detail(hour: 7) == "hour 8 of 24")
    #expect((0..<HoursDataSet.hours).map(HoursDataSet.heightUnits(row:)).reduce(0, +) == 32)
    #expect(HoursDataSet.period(hour: 14).colour == .brightYellow)
    #expect(HoursDataSet.period(hour: 4).colour == .blue)
    #expect(HoursDataSet.isEmphasized(hour: 12) && !HoursDataSet.isEmphasized(hour: 13))
  }
}

@Suite("dates")
struct DateTests {
  @Test("days in a month, leap years included")
  func daysIn() {
    #expect(DatePickerData.daysIn(month: 2, year: 2000) == 29)
    #expect(DatePickerData.daysIn(month: 2, year: 1900) == 28)
    #expect(DatePickerData.daysIn(month: 2, year: 2024) == 29)
    #expect(DatePickerData.daysIn(month: 2, year: 2023) == 28)
    #expect(DatePickerData.daysIn(month: 4, year: 2026) == 30)
    #expect(DatePickerData.daysIn(month: 12, year: 2026) == 31)
  }

  @Test("weekdays by Zeller's congruence")
  func weekday() {
    #expect(DatePickerData.weekday(year: 2026, month: 11, day: 22) == "Sunday")
    #expect(DatePickerData.weekday(year: 2000, month: 1, day: 1) == "Saturday")
    #expect(DatePickerData.weekday(year: 1970, month: 1, day: 1) == "Thursday")
    #expect(DatePickerData.weekday(year: 2024, month: 2, day: 29) == "Thursday")
    #expect(DatePickerData.dateTitle(year: 2026, month: 11, day: 22) == "Sunday, 22 November 2026")
  }

  @Test("the wheels: rows and titles")
  func wheels() {
    #expect(DatePickerData.numberOfRows(inComponent: DatePickerData.yearComponent) == 201)
    #expect(DatePickerData.title(row: 126, component: DatePickerData.yearComponent) == "2026")
    #expect(DatePickerData.title(row: 10, component: DatePickerData.monthComponent) == "November")
    #expect(DatePickerData.title(row: 21, component: DatePickerData.dayComponent) == "22")
    #expect(DatePickerData.selectableYearRows == 70...170)
    #expect(DatePickerData.year(forRow: DatePickerData.row(forYear: 2026)) == 2026)
  }
}

/// A picker row for tests: keeps its title.
private final class TitleCell: PickerTitleCell {
  var reuseIdentifier: String?
  var frame: Rect = .zero
  var title = ""
  func setTitle(_ title: String) { self.title = title }
}

@Suite("DatePickerModel")
struct DatePickerModelTests {
  /// A model on a 9-row picker driven by a manual clock.
  func make() -> (DatePickerModel, PickerView, ManualClock) {
    let clock = ManualClock()
    let picker = PickerView(clock: clock, titleCell: { TitleCell() })
    picker.size = Size(width: 48, height: 9)
    return (DatePickerModel(picker: picker, componentWidths: [14, 20, 14]), picker, clock)
  }

  /// Turns `component` by `rows` as a user would, and lets it settle.
  func turn(_ picker: PickerView, _ clock: ManualClock, _ component: Int, by rows: Int) {
    picker.moveSelection(inComponent: component, by: rows)
    for _ in 0..<600 where picker.isAnimating {
      clock.advance(by: 1.0 / 60)
      picker.tick()
    }
  }

  @Test("opens on 22 November 2026 with 1970–2070 selectable and months and days looping")
  func initialState() {
    let (model, picker, _) = make()
    #expect((model.year, model.month, model.day) == (2026, 11, 22))
    #expect(model.title == "Sunday, 22 November 2026")
    #expect(picker.selectableRange(inComponent: DatePickerData.yearComponent) == DatePickerData.selectableYearRows)
    #expect(picker.loops(inComponent: DatePickerData.monthComponent))
    #expect(picker.loops(inComponent: DatePickerData.dayComponent))
    #expect(picker.selectableRange(inComponent: DatePickerData.dayComponent) == 0...29, "November has 30 days")
    #expect(model.changes == 0)
  }

  @Test("31 October, then November: the day moves to the 30th and the change is reported")
  func dayFollowsMonth() {
    let (model, picker, clock) = make()
    var reported = 0
    model.onChange = { reported += 1 }
    turn(picker, clock, DatePickerData.monthComponent, by: -1)
    #expect(model.month == 10)
    #expect(picker.selectableRange(inComponent: DatePickerData.dayComponent) == nil, "October has 31 days")
    turn(picker, clock, DatePickerData.dayComponent, by: 9)
    #expect(model.day == 31)
    turn(picker, clock, DatePickerData.monthComponent, by: 1)
    #expect((model.month, model.day) == (11, 30))
    #expect(model.title == "Monday, 30 November 2026")
    #expect(reported >= 3 && model.changes >= 3)
  }
}
