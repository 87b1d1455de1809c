/// The feed's shape and texts: posts in sections of a thousand, a sticky header over each, and a title line over
/// each post's text. The post itself is `FeedPost(number:)`.
///
///     FeedDataSet.numberOfSections(rowCount: 1_000_001)        // 1001
///     FeedDataSet.headerTitle(section: 1233)                   // "Section 1,234 · 第 1234 组"
public enum FeedDataSet {
  /// Posts per section (the last one may have fewer).
  public static let rowsPerSection = 1_000

  /// The number of posts when the user does not choose one.
  public static let defaultRowCount = 1_000_000

  /// The most rows the demos accept for any of their tables (a billion): their `--rows` options stop there with
  /// a message rather than overflow a computation or run out of memory.
  public static let maximumRowCount = 1_000_000_000

  /// The number of sections for `rowCount` posts: a thousand posts each, the last one possibly fewer; none for
  /// a count of zero or less.
  public static func numberOfSections(rowCount: Int) -> Int {
    guard rowCount > 0 else { return 0 }
    return rowCount / rowsPerSection + (rowCount % rowsPerSection == 0 ? 0 : 1)
  }

  /// The number of posts in `section` (0-based, less than `numberOfSections(rowCount:)`) of `rowCount` posts.
  public static func numberOfRows(inSection section: Int, rowCount: Int) -> Int {
    min(rowsPerSection, rowCount - section * rowsPerSection)
  }

  /// The number (0-based, across the whole feed) of the post at `row` of `section`.
  public static func postNumber(section: Int, row: Int) -> Int {
    section * rowsPerSection + row
  }

  /// The post at `row` of `section`.
  public static func post(section: Int, row: Int) -> FeedPost {
    FeedPost(number: postNumber(section: section, row: row))
  }

  /// The header's title line: "Section 1,234 · 第 1234 组" for section 1233 (0-based).
  public static func headerTitle(section: Int) -> String {
    "Section \((section + 1).grouped) · 第 \(section + 1) 组"
  }

  /// The header's second line, the posts it covers: "posts #1,001–#2,000 · 1,000 条" for section 1.
  public static func headerDetail(section: Int, rowCount: Int) -> String {
    let first = section * rowsPerSection
    let count = numberOfRows(inSection: section, rowCount: rowCount)
    return "posts #\((first + 1).grouped)–#\((first + count).grouped) · \(count.grouped) 条"
  }

  /// The header's second line in the feed served from a database: "1,000 条 posts", or "3 matches" when
  /// the section's rows are a search's results.
  public static func headerDetail(count: Int, isSearchResult: Bool) -> String {
    isSearchResult ? "\(count.grouped) \(count == 1 ? "match" : "matches")" : "\(count.grouped) 条 posts"
  }

  /// The line over a post's text: "李雷 @lilei · 12m · #1,234" (the number 1-based).
  public static func postTitle(_ post: FeedPost) -> String {
    "\(post.author) @\(post.handle) · \(post.age) · #\((post.number + 1).grouped)"
  }
}
