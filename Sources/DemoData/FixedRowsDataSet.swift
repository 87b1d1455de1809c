/// The fixed-height list's shape and texts: ten million one-line rows in sections of a hundred thousand.
///
///     FixedRowsDataSet.rowTitle(number: 1233)     // "Row 1,234"
///     FixedRowsDataSet.rowDetail(number: 1234)    // "0x4D2"
public enum FixedRowsDataSet {
  /// Rows per section (the last one may have fewer).
  public static let rowsPerSection = 100_000

  /// The number of rows when the user does not choose one.
  public static let defaultRowCount = 10_000_000

  /// The screen's title for `rowCount` rows: "10,000,000 rows".
  public static func title(rowCount: Int) -> String {
    "\(rowCount.grouped) rows"
  }

  /// The number of sections for `rowCount` rows: a hundred thousand rows each, the last one possibly fewer.
  public static func numberOfSections(rowCount: Int) -> Int {
    (rowCount + rowsPerSection - 1) / rowsPerSection
  }

  /// The number of rows in `section` (0-based, less than `numberOfSections(rowCount:)`) of `rowCount` rows.
  public static func numberOfRows(inSection section: Int, rowCount: Int) -> Int {
    min(rowsPerSection, rowCount - section * rowsPerSection)
  }

  /// The number (0-based, across the whole list) of the row at `row` of `section`.
  public static func rowNumber(section: Int, row: Int) -> Int {
    section * rowsPerSection + row
  }

  /// The row's title, counted from one: "Row 1,234" for row number 1233.
  public static func rowTitle(number: Int) -> String {
    "Row \((number + 1).grouped)"
  }

  /// The row's detail, its 0-based number in hexadecimal: "0x4D2" for row number 1234.
  public static func rowDetail(number: Int) -> String {
    "0x\(String(number, radix: 16, uppercase: true))"
  }

  /// The header of `section`, the rows it covers: "Rows 1–100,000" for section 0.
  public static func headerTitle(section: Int, rowCount: Int) -> String {
    let first = section * rowsPerSection
    let count = numberOfRows(inSection: section, rowCount: rowCount)
    return "Rows \((first + 1).grouped)–\((first + count).grouped)"
  }

  /// The sections the section index jumps to: every section below twenty, else every tenth (a million rows) or
  /// wider steps of ten, at most 26 titles, as a contacts app's A–Z.
  public static func sectionIndexSections(rowCount: Int) -> [Int] {
    let sections = numberOfSections(rowCount: max(0, rowCount))
    guard sections > 1 else { return [] }
    let step = sections < 20 ? 1 : 10 * ((sections + 259) / 260)
    return Array(stride(from: 0, to: sections, by: step))
  }

  /// The section index's titles, the first row of each of its sections in short: "0", "100K", "1M", "1.5M"…
  public static func sectionIndexTitles(rowCount: Int) -> [String] {
    sectionIndexSections(rowCount: rowCount).map { section in
      let first = section * rowsPerSection
      if first == 0 { return "0" }
      if first % 1_000_000 == 0 { return "\(first / 1_000_000)M" }
      if first >= 1_000_000 { return "\(first / 1_000_000).\(first % 1_000_000 / 100_000)M" }
      return "\(first / 1_000)K"
    }
  }
}
