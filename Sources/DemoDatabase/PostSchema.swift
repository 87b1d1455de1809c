import GRDB

/// The database's schema and its migrations (GRDB's `DatabaseMigrator`): a file written by an
/// older version of this module is brought up to date when it is opened, its posts kept.
///
/// - `v1-posts`: `section(id, title)` and `post(id, section, position, author, body, created)`
///   with a unique index on `(section, position)`: the order of a section is an index range, so
///   pages are read by keyset (`WHERE section = ? AND position >= ? ORDER BY position LIMIT n`).
/// - `v2-counts-heights`: each section keeps its row count and a version (bumped by triggers on
///   every insert, delete, edit or move of one of its posts), so the counts of a launch are read
///   from `section` (O(sections)), never by scanning posts; `post.revision` is bumped on every
///   edit; `row_height(post_id, width, height)` keeps measured heights, dropped by triggers when
///   their post is edited or deleted.
/// - `v3-search`: `post_fts`, an FTS5 index of authors and bodies (external content: the text is
///   stored once, in `post`), kept in step by triggers and built from the posts already there.
/// - `v4-marks`: `post.is_starred` and `post.is_read` (the feed's Mark and Read); changing one
///   bumps the post's revision and its section's version and drops its heights, like an edit.
/// - `v5-ids-never-reused`: `post.id` becomes `AUTOINCREMENT`. Without it SQLite gives a post
///   inserted after the newest one was deleted that post's id (and revision 0 again), so a table
///   holding the deleted post took the new one for it. The table is rebuilt (ids, positions,
///   marks and heights kept) and its triggers made again.
enum PostSchema {
  /// The migrations' identifiers, oldest first.
  static let versions = ["v1-posts", "v2-counts-heights", "v3-search", "v4-marks", "v5-ids-never-reused"]

  /// The columns of the current schema the store reads and writes, by table.
  static let requiredColumns: KeyValuePairs<String, [String]> = [
    "section": ["id", "title", "row_count", "version"],
    "post": ["id", "section", "position", "author", "body", "created", "revision", "is_starred", "is_read"],
    "row_height": ["post_id", "width", "height"],
    "post_fts": ["author", "body"],
  ]

  /// The required tables and columns `db` lacks, as `table` or `table.column`, in the order above.
  static func missingColumns(_ db: Database) throws -> [String] {
    var missing: [String] = []
    for (table, columns) in requiredColumns {
      let present = Set(
        try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]).map {
          $0[0] as String
        })
      if present.isEmpty {
        missing.append(table)
      } else {
        missing += columns.filter { !present.contains($0) }.map { "\(table).\($0)" }
      }
    }
    return missing
  }

  /// The migrator that creates or upgrades a database to the current schema.
  static func migrator() -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration(versions[0]) { db in
      try db.execute(
        sql: """
          CREATE TABLE section (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '');
          CREATE TABLE post (
            id INTEGER PRIMARY KEY,
            section INTEGER NOT NULL,
            position INTEGER NOT NULL,
            author TEXT NOT NULL,
            body TEXT NOT NULL,
            created INTEGER NOT NULL
          );
          CREATE UNIQUE INDEX post_order ON post(section, position);
          """)
    }
    migrator.registerMigration(versions[1]) { db in
      try db.execute(
        sql: """
          ALTER TABLE section ADD COLUMN row_count INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE section ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE post ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
          INSERT OR IGNORE INTO section(id) SELECT DISTINCT section FROM post;
          UPDATE section SET row_count = (SELECT count(*) FROM post WHERE post.section = section.id);
          CREATE TABLE row_height (
            post_id INTEGER NOT NULL,
            width REAL NOT NULL,
            height REAL NOT NULL,
            PRIMARY KEY (post_id, width)
          ) WITHOUT ROWID;
          \(countTriggers)
          """)
    }
    migrator.registerMigration(versions[2]) { db in
      try db.execute(
        sql: """
          CREATE VIRTUAL TABLE post_fts USING fts5(author, body, content='post', content_rowid='id');
          INSERT INTO post_fts(post_fts) VALUES ('rebuild');
          \(searchTriggers)
          """)
    }
    migrator.registerMigration(versions[3]) { db in
      try db.execute(
        sql: """
          ALTER TABLE post ADD COLUMN is_starred INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE post ADD COLUMN is_read INTEGER NOT NULL DEFAULT 0;
          \(markTriggers)
          """)
    }
    migrator.registerMigration(versions[4]) { db in
      try db.execute(
        sql: """
          DROP TRIGGER post_inserted;
          DROP TRIGGER post_deleted;
          DROP TRIGGER post_moved;
          DROP TRIGGER post_edited;
          DROP TRIGGER post_fts_inserted;
          DROP TRIGGER post_fts_deleted;
          DROP TRIGGER post_fts_edited;
          DROP TRIGGER post_marked;
          CREATE TABLE post_v5 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            section INTEGER NOT NULL,
            position INTEGER NOT NULL,
            author TEXT NOT NULL,
            body TEXT NOT NULL,
            created INTEGER NOT NULL,
            revision INTEGER NOT NULL DEFAULT 0,
            is_starred INTEGER NOT NULL DEFAULT 0,
            is_read INTEGER NOT NULL DEFAULT 0
          );
          INSERT INTO post_v5(id, section, position, author, body, created, revision, is_starred, is_read)
            SELECT id, section, position, author, body, created, revision, is_starred, is_read FROM post ORDER BY id;
          DROP TABLE post;
          ALTER TABLE post_v5 RENAME TO post;
          CREATE UNIQUE INDEX post_order ON post(section, position);
          \(countTriggers)
          \(searchTriggers)
          \(markTriggers)
          """)
    }
    return migrator
  }

  /// The triggers on `post`, by the migration that made them first (`v5` makes them all again on
  /// the rebuilt table): counts and versions of sections, revisions and heights (`v2`); the
  /// search index (`v3`); marks (`v4`).
  static let countTriggers = """
    CREATE TRIGGER post_inserted AFTER INSERT ON post BEGIN
      INSERT OR IGNORE INTO section(id) VALUES (new.section);
      UPDATE section SET row_count = row_count + 1, version = version + 1 WHERE id = new.section;
    END;
    CREATE TRIGGER post_deleted AFTER DELETE ON post BEGIN
      UPDATE section SET row_count = row_count - 1, version = version + 1 WHERE id = old.section;
      DELETE FROM row_height WHERE post_id = old.id;
    END;
    CREATE TRIGGER post_moved AFTER UPDATE OF section, position ON post BEGIN
      INSERT OR IGNORE INTO section(id) VALUES (new.section);
      UPDATE section SET row_count = row_count - 1 WHERE id = old.section;
      UPDATE section SET row_count = row_count + 1 WHERE id = new.section;
      UPDATE section SET version = version + 1 WHERE id IN (old.section, new.section);
    END;
    CREATE TRIGGER post_edited AFTER UPDATE OF author, body ON post BEGIN
      UPDATE post SET revision = revision + 1 WHERE id = new.id;
      UPDATE section SET version = version + 1 WHERE id = new.section;
      DELETE FROM row_height WHERE post_id = new.id;
    END;
    """
  static let searchTriggers = """
    CREATE TRIGGER post_fts_inserted AFTER INSERT ON post BEGIN
      INSERT INTO post_fts(rowid, author, body) VALUES (new.id, new.author, new.body);
    END;
    CREATE TRIGGER post_fts_deleted AFTER DELETE ON post BEGIN
      INSERT INTO post_fts(post_fts, rowid, author, body) VALUES ('delete', old.id, old.author, old.body);
    END;
    CREATE TRIGGER post_fts_edited AFTER UPDATE OF author, body ON post BEGIN
      INSERT INTO post_fts(post_fts, rowid, author, body) VALUES ('delete', old.id, old.author, old.body);
      INSERT INTO post_fts(rowid, author, body) VALUES (new.id, new.author, new.body);
    END;
    """
  static let markTriggers = """
    CREATE TRIGGER post_marked AFTER UPDATE OF is_starred, is_read ON post BEGIN
      UPDATE post SET revision = revision + 1 WHERE id = new.id;
      UPDATE section SET version = version + 1 WHERE id = new.section;
      DELETE FROM row_height WHERE post_id = new.id;
    END;
    """
}
