import GRDB

// The queries: each reads through an index range, none uses OFFSET or scans the posts table.

extension PostStore {
  /// Every section's row count and version, indexed by section id (a gap in the ids is an empty
  /// section).
  /// - Complexity: O(sections).
  public func sectionStates() throws(PostStoreError) -> [SectionState] {
    try read("reading the sections") { db in try Self.sectionStates(db) }
  }

  /// The posts of `section` in row order.
  /// - Complexity: O(rows of the section).
  public func posts(inSection section: Int) throws(PostStoreError) -> [Post] {
    try read("reading section \(section)") { db in
      try Self.posts(db, sql: "\(Self.postColumns) WHERE section = ? ORDER BY position", [section])
    }
  }

  /// The ids of the posts of `section` in row order.
  /// - Complexity: O(rows of the section), one range of the `(section, position)` index.
  public func postIDs(inSection section: Int) throws(PostStoreError) -> [Int64] {
    try read("reading section \(section)") { db in try Self.directory(db, section: section).ids }
  }

  /// The post `id`, or `nil` when there is none.
  /// - Complexity: O(log posts).
  public func post(id: Int64) throws(PostStoreError) -> Post? {
    try read("reading post \(id)") { db in try Self.posts(db, sql: "\(Self.postColumns) WHERE id = ?", [id]).first }
  }

  /// The stored heights of post `id`, by width.
  /// - Complexity: O(log heights + widths).
  func heights(ofPost id: Int64) throws(PostStoreError) -> [Double: Double] {
    try read("reading heights of post \(id)") { db in try Self.heights(db, ids: [id])[id] ?? [:] }
  }

  /// The ids of the posts matching a full-text `query` (FTS5; words are matched as prefixes, all
  /// of them), in row order (section, then position).
  /// - Complexity: O(matches · log posts) after FTS5's lookup.
  public func search(_ query: String) throws(PostStoreError) -> [Int64] {
    try read("searching \"\(query)\"") { db in
      try Self.matchingDirectories(db, query: query).sorted { $0.key < $1.key }.flatMap(\.value.ids)
    }
  }

  // MARK: For the background reader (inside its read transaction)

  static let postColumns =
    "SELECT id, section, position, author, body, created, revision, is_starred, is_read FROM post"

  static func posts(_ db: Database, sql: String, _ arguments: StatementArguments) throws -> [Post] {
    try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
      Post(
        id: row[0], section: row[1], position: row[2], author: row[3], body: row[4], created: row[5],
        revision: row[6], isStarred: row[7], isRead: row[8])
    }
  }

  static func sectionStates(_ db: Database) throws -> [SectionState] {
    var states: [SectionState] = []
    for row in try Row.fetchAll(db, sql: "SELECT id, row_count, version FROM section WHERE id >= 0 ORDER BY id") {
      let id: Int = row[0]
      while states.count < id { states.append(SectionState(count: 0, version: 0)) }
      states.append(SectionState(count: row[1], version: row[2]))
    }
    return states
  }

  /// The section's rows in order: one range of the `(section, position)` index.
  static func directory(_ db: Database, section: Int) throws -> SectionDirectory {
    var directory = SectionDirectory()
    let rows = try Row.fetchCursor(
      db, sql: "SELECT id, position, revision FROM post WHERE section = ? ORDER BY position", arguments: [section])
    while let row = try rows.next() {
      directory.ids.append(row[0])
      directory.positions.append(row[1])
      directory.revisions.append(row[2])
    }
    return directory
  }

  /// The rows matching `query`, by section, in row order.
  static func matchingDirectories(_ db: Database, query: String) throws -> [Int: SectionDirectory] {
    var result: [Int: SectionDirectory] = [:]
    let pattern = ftsPattern(query)
    guard !pattern.isEmpty else { return [:] }
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT p.section, p.id, p.position, p.revision FROM post_fts JOIN post p ON p.id = post_fts.rowid
        WHERE post_fts MATCH ? ORDER BY p.section, p.position
        """, arguments: [pattern])
    while let row = try rows.next() {
      let section: Int = row[0]
      result[section, default: SectionDirectory()].ids.append(row[1])
      result[section, default: SectionDirectory()].positions.append(row[2])
      result[section, default: SectionDirectory()].revisions.append(row[3])
    }
    return result
  }

  /// A user's words as an FTS5 query: every word a quoted prefix, all required.
  static func ftsPattern(_ query: String) -> String {
    query.split(whereSeparator: { $0.isWhitespace }).map { word in
      "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
    }.joined(separator: " ")
  }

  /// One page by keyset: the rows of `section` from `position` on, `limit` of them, through the
  /// `(section, position)` index (never OFFSET).
  static func page(_ db: Database, section: Int, from position: Int64, limit: Int) throws -> [Post] {
    try posts(
      db, sql: "\(postColumns) WHERE section = ? AND position >= ? ORDER BY position LIMIT ?",
      [section, position, limit])
  }

  /// Posts by id, in the order of `ids` (a filtered section's page).
  static func posts(_ db: Database, ids: [Int64]) throws -> [Post] {
    guard !ids.isEmpty else { return [] }
    let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
    let found = try posts(db, sql: "\(postColumns) WHERE id IN (\(marks))", StatementArguments(ids))
    let byID = Dictionary(uniqueKeysWithValues: found.map { ($0.id, $0) })
    return ids.compactMap { byID[$0] }
  }

  /// The stored heights of `ids`, by id and width.
  static func heights(_ db: Database, ids: [Int64]) throws -> [Int64: [Double: Double]] {
    guard !ids.isEmpty else { return [:] }
    let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
    var result: [Int64: [Double: Double]] = [:]
    for row in try Row.fetchAll(
      db, sql: "SELECT post_id, width, height FROM row_height WHERE post_id IN (\(marks))",
      arguments: StatementArguments(ids))
    {
      result[row[0], default: [:]][row[1]] = row[2]
    }
    return result
  }
}
