import GRDB

// Writes: each one transaction, committed whole or not at all. The triggers of `PostSchema` keep
// the section counts and versions, the revisions, the search index and the heights in step.

extension PostStore {
  /// Where an inserted post goes in its section.
  public enum InsertionPoint: Sendable, Equatable {
    /// Before the first row.
    case top
    /// After the last row.
    case bottom
    /// Right after the post with this id (when it is not in the section: after the last row).
    case after(Int64)
    /// Right before the post with this id (when it is not in the section: before the first row).
    case before(Int64)
    /// At this row of the section, counted without the post being placed (0: the top; past the end, or
    /// negative: clamped). For a caller that knows the row but not its neighbours' ids.
    case row(Int)
  }

  /// The gap between consecutive positions made by the generator and by appends, so that an
  /// insertion between two rows rarely has to renumber.
  static let positionStep: Int64 = 1_024

  /// Inserts a post and returns it.
  /// - Complexity: O(log posts), O(rows of the section) when the section has to be renumbered.
  @discardableResult
  public func insert(
    section: Int, author: String, body: String, at point: InsertionPoint = .bottom, created: Int64 = 0
  ) throws(PostStoreError) -> Post {
    try write("inserting a post in section \(section)") { db in
      let position = try Self.freePosition(db, section: section, at: point)
      try db.execute(
        sql: "INSERT INTO post(section, position, author, body, created) VALUES (?, ?, ?, ?, ?)",
        arguments: [section, position, author, body, created])
      let id = db.lastInsertedRowID
      return Post(
        id: id, section: section, position: position, author: author, body: body, created: created, revision: 0)
    }
  }

  /// Inserts several posts into `section` in one transaction (one change for a table to apply),
  /// in the order given, starting at `point`; returns them.
  /// - Complexity: O(n log posts) for n posts.
  @discardableResult
  public func insert(
    section: Int, contents: [(author: String, body: String)], at point: InsertionPoint = .bottom, created: Int64 = 0
  ) throws(PostStoreError) -> [Post] {
    try write("inserting \(contents.count) posts in section \(section)") { db in
      var inserted: [Post] = []
      var next = point
      for content in contents {
        let position = try Self.freePosition(db, section: section, at: next)
        try db.execute(
          sql: "INSERT INTO post(section, position, author, body, created) VALUES (?, ?, ?, ?, ?)",
          arguments: [section, position, content.author, content.body, created])
        let post = Post(
          id: db.lastInsertedRowID, section: section, position: position, author: content.author,
          body: content.body, created: created)
        inserted.append(post)
        next = .after(post.id)
      }
      return inserted
    }
  }

  /// Replaces the body (and the author, when given) of post `id`: its revision is bumped and its
  /// stored heights dropped. Returns whether the post existed.
  /// - Complexity: O(log posts).
  @discardableResult
  public func edit(id: Int64, body: String, author: String? = nil) throws(PostStoreError) -> Bool {
    try write("editing post \(id)") { db in
      if let author {
        try db.execute(sql: "UPDATE post SET body = ?, author = ? WHERE id = ?", arguments: [body, author, id])
      } else {
        try db.execute(sql: "UPDATE post SET body = ? WHERE id = ?", arguments: [body, id])
      }
      return db.changesCount > 0
    }
  }

  /// A mark a post carries.
  public enum Mark: Sendable, Equatable {
    /// A star (the feed's Mark).
    case starred
    /// Read (the feed's Read).
    case read

    var column: String {
      switch self {
      case .starred: "is_starred"
      case .read: "is_read"
      }
    }
  }

  /// Turns `mark` on or off for post `id`: its revision is bumped (the row is shown again) and its
  /// stored heights dropped. Returns whether the post existed.
  /// - Complexity: O(log posts).
  @discardableResult
  public func toggle(_ mark: Mark, id: Int64) throws(PostStoreError) -> Bool {
    try write("marking post \(id)") { db in
      try db.execute(sql: "UPDATE post SET \(mark.column) = NOT \(mark.column) WHERE id = ?", arguments: [id])
      return db.changesCount > 0
    }
  }

  /// Deletes post `id`. Returns whether it existed.
  /// - Complexity: O(log posts).
  @discardableResult
  public func delete(id: Int64) throws(PostStoreError) -> Bool {
    try write("deleting post \(id)") { db in
      try db.execute(sql: "DELETE FROM post WHERE id = ?", arguments: [id])
      return db.changesCount > 0
    }
  }

  /// Moves post `id` to `section` at `point` (its new neighbours: ``InsertionPoint/after(_:)``,
  /// ``InsertionPoint/before(_:)``, a row, the top or the bottom), in one transaction, and returns it
  /// as moved (`nil` when there is no such post). The post takes a free position between its new
  /// neighbours (positions are 1,024 apart when a section is numbered); only when they have none is
  /// the section renumbered.
  /// Its id, revision, marks and stored heights stay (heights are kept per post, so they move with
  /// it); the schema's `post_moved` trigger updates both sections' counts and versions.
  ///
  ///     try store.move(id: 42, toSection: 3, at: .after(17))   // right below post 17
  ///
  /// - Throws: ``PostStoreError``: `.other` for a negative section; `.locked`, `.readOnly` and the
  ///   others as every write.
  /// - Complexity: O(log posts); O(row) for ``InsertionPoint/row(_:)``; O(rows of the section) when
  ///   it has to be renumbered.
  @discardableResult
  public func move(id: Int64, toSection section: Int, at point: InsertionPoint) throws(PostStoreError) -> Post? {
    guard section >= 0 else {
      throw PostStoreError(.other, path: path, message: "moving post \(id) failed: section \(section) is negative")
    }
    return try write("moving post \(id) to section \(section)") { db in
      guard try Int64.fetchOne(db, sql: "SELECT 1 FROM post WHERE id = ?", arguments: [id]) != nil else { return nil }
      let position = try Self.freePosition(db, section: section, at: point, excluding: id)
      try db.execute(sql: "UPDATE post SET section = ?, position = ? WHERE id = ?", arguments: [section, position, id])
      return try Self.posts(db, sql: "\(Self.postColumns) WHERE id = ?", [id]).first
    }
  }

  /// Stores measured heights (post id, width, height), replacing older ones, in one transaction.
  /// Heights of posts that no longer exist are skipped.
  /// - Complexity: O(h log n) for h heights.
  func storeHeights(_ heights: [MeasuredHeight]) throws(PostStoreError) {
    guard !heights.isEmpty else { return }
    try write("storing \(heights.count) row heights") { db in
      let statement = try db.makeStatement(
        sql: "INSERT OR REPLACE INTO row_height(post_id, width, height) SELECT id, ?, ? FROM post WHERE id = ?")
      for height in heights {
        try statement.execute(arguments: [height.width, height.height, height.postID])
      }
    }
  }

  /// A free position for a post placed at `point` in `section`, leaving the post `excluding` (one
  /// being moved) out of the neighbours: the middle of the gap, or the section renumbered with
  /// ``positionStep`` gaps when there is none.
  static func freePosition(
    _ db: Database, section: Int, at point: InsertionPoint, excluding: Int64? = nil
  ) throws -> Int64 {
    // Every query leaves the excluded post out (id -1 is never a row id: SQLite's are positive here).
    let other = excluding ?? -1
    func first() throws -> Int64? {
      try Int64.fetchOne(
        db, sql: "SELECT min(position) FROM post WHERE section = ? AND id != ?", arguments: [section, other])
    }
    func last() throws -> Int64? {
      try Int64.fetchOne(
        db, sql: "SELECT max(position) FROM post WHERE section = ? AND id != ?", arguments: [section, other])
    }
    func position(of id: Int64) throws -> Int64? {
      guard id != other else { return nil }
      return try Int64.fetchOne(
        db, sql: "SELECT position FROM post WHERE id = ? AND section = ?", arguments: [id, section])
    }
    func next(after position: Int64) throws -> Int64? {
      try Int64.fetchOne(
        db, sql: "SELECT position FROM post WHERE section = ? AND position > ? AND id != ? ORDER BY position LIMIT 1",
        arguments: [section, position, other])
    }
    func previous(before position: Int64) throws -> Int64? {
      try Int64.fetchOne(
        db,
        sql: "SELECT position FROM post WHERE section = ? AND position < ? AND id != ? ORDER BY position DESC LIMIT 1",
        arguments: [section, position, other])
    }
    func bounds() throws -> (Int64?, Int64?) {
      switch point {
      case .top: return (nil, try first())
      case .bottom: return (try last(), nil)
      case .after(let id):
        guard let position = try position(of: id) else { return (try last(), nil) }
        return (position, try next(after: position))
      case .before(let id):
        guard let position = try position(of: id) else { return (nil, try first()) }
        return (try previous(before: position), position)
      case .row(let row):
        guard row > 0 else { return (nil, try first()) }
        // The row's upper neighbour: the (row - 1)th of the others (an index range walk, O(row)).
        guard
          let above = try Int64.fetchOne(
            db, sql: "SELECT position FROM post WHERE section = ? AND id != ? ORDER BY position LIMIT 1 OFFSET ?",
            arguments: [section, other, row - 1])
        else { return (try last(), nil) }
        return (above, try next(after: above))
      }
    }
    for _ in 0..<2 {
      switch try bounds() {
      case (nil, nil): return 0
      case (let low?, nil): return low + positionStep
      case (nil, let high?): return high - positionStep
      case (let low?, let high?):
        if high - low >= 2 { return low + (high - low) / 2 }
        // No gap: spread the section's positions out again (rare), then look again.
        try db.execute(
          sql: """
            CREATE TEMP TABLE renumbered AS
              SELECT id, row_number() OVER (ORDER BY position) AS rank FROM post WHERE section = ?;
            UPDATE post SET position = -1 - position WHERE section = ?;
            UPDATE post SET position = (SELECT rank FROM renumbered WHERE renumbered.id = post.id) * ?
              WHERE section = ?;
            DROP TABLE renumbered;
            """, arguments: [section, section, positionStep, section])
      }
    }
    throw PostStoreError(.other, path: "", message: "no free position in section \(section)")
  }
}

/// A row height measured at a width, for ``PostStore/storeHeights(_:)``.
struct MeasuredHeight: Sendable, Hashable {
  /// The post.
  var postID: Int64
  /// The width it was measured at.
  var width: Double
  /// Its height there.
  var height: Double
}
