/// What a ``SQLiteRecordDataSource`` has read so far: for tests, benchmarks and diagnostics
/// (opening a million rows reads a screen of them; paging reads a page per page).
public struct SQLiteReadCounts: Sendable, Equatable {
  /// Whole rows fetched and decoded into records.
  public var rowsFetched = 0
  /// Sort keys read (the order's columns only) walking to a page far from any known one.
  public var keysRead = 0
  /// Page queries run (each one keyset range, `LIMIT` a page or less).
  public var pageQueries = 0
  /// Counting queries run: the sections' `GROUP BY` at open and after a change, a row's position.
  public var countQueries = 0
  /// Of ``countQueries``, those that counted every section's rows (a `GROUP BY` over the rows
  /// shown): at open and after each change, unless the counts are kept by triggers.
  public var sectionCounts = 0
  /// Of ``countQueries``, the reads of the counts kept by triggers (``SQLiteSectionCounts``):
  /// one row per section instead of counting the rows.
  public var keptCountReads = 0
  /// Row heights found in the ``SQLiteRowHeightStore`` for the rows read (at any width).
  public var heightsRead = 0

  /// No reads yet.
  public init() {}
}
