import DemoData
import GRDB

/// Fills a database with generated posts — the demo feed's text (`DemoData.FeedPost`), so every
/// backend shows the same words — in one transaction with one prepared statement.
///
///     try PostGenerator.fill(store, posts: 1_000_000, sections: 1_000) { done in bar.update(done) }
///
/// The posts go in as one bulk load: the per-row triggers that keep the section counts and the
/// search index (`post_inserted`, `post_fts_inserted`) are dropped for the load and made again,
/// word for word, before the transaction commits; the counts are then added once per section and
/// the new posts indexed in one statement. A million posts take seconds (per-row index updates
/// took a minute), and every later insert, edit or delete finds its triggers in place.
public enum PostGenerator {
  /// Appends `posts` posts spread evenly over `sections` sections (the first sections take one
  /// more when it does not divide), after any rows already there, calling `progress` with the
  /// number inserted so far every `progressInterval` posts and at the end (once they are indexed).
  /// - Throws: ``PostStoreError``; nothing is written unless everything is.
  /// - Complexity: O(posts · log posts).
  public static func fill(
    _ store: PostStore, posts: Int, sections: Int, progressInterval: Int = 10_000,
    progress: (Int) -> Void = { _ in }
  ) throws(PostStoreError) {
    precondition(posts >= 0 && sections > 0, "posts must be >= 0 and sections > 0")
    try store.write("generating \(posts) posts") { db in
      try fill(db, posts: posts, sections: sections, progressInterval: progressInterval) { step in
        if case .inserted(let done) = step { progress(done) }
        if case .finished(let done) = step { progress(done) }
      }
    }
  }

  /// The triggers replaced, during a bulk load, by one statement each at its end.
  static let bulkTriggers = ["post_inserted", "post_fts_inserted"]

  /// How far a fill has come.
  enum Step {
    /// This many posts inserted (every `progressInterval`).
    case inserted(Int)
    /// All inserted; being counted and indexed.
    case indexing
    /// All inserted, counted and indexed.
    case finished(Int)
  }

  /// Fills inside the caller's transaction, telling `progress` every `progressInterval` posts,
  /// when indexing starts, and at the end.
  static func fill(
    _ db: Database, posts: Int, sections: Int, progressInterval: Int, progress: (Step) -> Void
  ) throws {
    let base = posts / sections
    let extra = posts % sections
    try fill(
      db, sizes: (0..<sections).map { base + ($0 < extra ? 1 : 0) }, title: FeedDataSet.headerTitle(section:),
      progressInterval: progressInterval, progress: progress
    ) { number in
      let post = FeedPost(number: number)
      return (post.author, post.text, 1_700_000_000 + Int64(number) * 60)
    }
  }

  /// Fills inside the caller's transaction: `sizes[s]` posts appended to section `s` (titled
  /// `title(s)` when new), numbered from 0 in order across the sections, each `content(number)`'s
  /// author, body and creation time; `progress` told every `progressInterval` posts, when
  /// indexing starts, and at the end. The feed's posts and the chat's messages both go in this way.
  static func fill(
    _ db: Database, sizes: [Int], title: (Int) -> String, progressInterval: Int, progress: (Step) -> Void,
    content: (Int) -> (author: String, body: String, created: Int64)
  ) throws {
    let sectionStatement = try db.makeStatement(sql: "INSERT OR IGNORE INTO section(id, title) VALUES (?, ?)")
    for section in sizes.indices {
      try sectionStatement.execute(arguments: [section, title(section)])
    }
    let start = try Int64.fetchOne(db, sql: "SELECT coalesce(max(position), -1) + 1 FROM post") ?? 0
    let lastID = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM post") ?? 0
    // The per-row triggers go for the load and come back as they were.
    let triggers = try Row.fetchAll(
      db,
      sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?) ORDER BY name",
      arguments: StatementArguments(bulkTriggers)
    ).map { row -> (name: String, sql: String) in (row[0], row[1]) }
    guard triggers.count == bulkTriggers.count else {
      throw PostStoreError(
        .other, path: "", message: "the schema lacks the triggers \(bulkTriggers)")
    }
    for trigger in triggers { try db.execute(sql: "DROP TRIGGER \(trigger.name)") }
    let insert = try db.makeStatement(
      sql: "INSERT INTO post(section, position, author, body, created) VALUES (?, ?, ?, ?, ?)")
    var done = 0
    let interval = max(1, progressInterval)
    for (section, count) in sizes.enumerated() {
      for row in 0..<count {
        let post = content(done)
        insert.setUncheckedArguments([
          section, start + Int64(row) * PostStore.positionStep, post.author, post.body, post.created,
        ])
        try insert.execute()
        done += 1
        if done % interval == 0 { progress(.inserted(done)) }
      }
    }
    progress(.indexing)
    // What the triggers would have done, once: the counts (and versions) of the sections, the
    // search index of the new posts.
    let count = try db.makeStatement(
      sql: "UPDATE section SET row_count = row_count + ?, version = version + 1 WHERE id = ?")
    for (section, added) in sizes.enumerated() where added > 0 {
      try count.execute(arguments: [added, section])
    }
    try db.execute(
      sql: "INSERT INTO post_fts(rowid, author, body) SELECT id, author, body FROM post WHERE id > ?",
      arguments: [lastID])
    for trigger in triggers { try db.execute(sql: trigger.sql) }
    progress(.finished(done))
  }
}
