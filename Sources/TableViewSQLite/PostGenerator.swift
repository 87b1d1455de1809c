import DemoData
import GRDB

/// Fills a database with generated posts — the demo feed's text (`DemoData.FeedPost`), so every
/// backend shows the same words — in one transaction with one prepared statement.
///
///     try PostGenerator.fill(store, posts: 1_000_000, sections: 1_000) { done in bar.update(done) }
public enum PostGenerator {
  /// Appends `posts` posts spread evenly over `sections` sections (the first sections take one
  /// more when it does not divide), after any rows already there, calling `progress` with the
  /// number inserted so far every `progressInterval` posts and at the end.
  /// - Throws: ``PostStoreError``; nothing is written unless everything is.
  /// - Complexity: O(posts · log posts).
  public static func fill(
    _ store: PostStore, posts: Int, sections: Int, progressInterval: Int = 10_000,
    progress: (Int) -> Void = { _ in }
  ) throws(PostStoreError) {
    precondition(posts >= 0 && sections > 0, "posts must be >= 0 and sections > 0")
    try store.write("generating \(posts) posts") { db in
      let sectionStatement = try db.makeStatement(sql: "INSERT OR IGNORE INTO section(id, title) VALUES (?, ?)")
      for section in 0..<sections {
        try sectionStatement.execute(arguments: [section, FeedDataSet.headerTitle(section: section)])
      }
      let start = try Int64.fetchOne(db, sql: "SELECT coalesce(max(position), -1) + 1 FROM post") ?? 0
      let insert = try db.makeStatement(
        sql: "INSERT INTO post(section, position, author, body, created) VALUES (?, ?, ?, ?, ?)")
      let base = posts / sections
      let extra = posts % sections
      var done = 0
      for section in 0..<sections {
        let count = base + (section < extra ? 1 : 0)
        for row in 0..<count {
          let post = FeedPost(number: done)
          insert.setUncheckedArguments([
            section, start + Int64(row) * PostStore.positionStep, post.author, post.text,
            1_700_000_000 + Int64(done) * 60,
          ])
          try insert.execute()
          done += 1
          if done % progressInterval == 0 { progress(done) }
        }
      }
      progress(done)
    }
  }
}
