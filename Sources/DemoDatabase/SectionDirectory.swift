import TableViewSQLite

/// The rows of one section as the data source knows them: ids, order keys and revisions, in row
/// order. Read from the `(section, position)` index in one range scan; it maps a row index to
/// the keyset where its page starts, and lets a change be diffed by id.
struct SectionDirectory: Sendable, Equatable {
  /// Post ids in row order.
  var ids: [Int64] = []
  /// Their positions (order keys), ascending.
  var positions: [Int64] = []
  /// Their revisions (an edit bumps it).
  var revisions: [Int64] = []

  /// Creates an empty directory.
  init() {}

  /// The number of rows.
  var count: Int { ids.count }
}

/// A section's row count and change version, as stored in the `section` table.
public struct SectionState: Sendable, Equatable {
  /// Rows in the section.
  public var count: Int
  /// Bumped by a trigger on every change to one of its posts.
  public var version: Int64

  /// Creates a section state.
  public init(count: Int, version: Int64) {
    self.count = count
    self.version = version
  }
}

/// One page of a section: consecutive rows from `firstRow`, with their known heights per width.
struct PostPage: Sendable, CachedPage {
  var key: PageKey
  var posts: [Post]
  var heights: [Int64: [Double: Double]]
}
