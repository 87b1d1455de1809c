import Foundation
import GRDB

/// A track, as the table shows it.
struct Track: FetchableRecord, Sendable {
  var id: Int64
  var albumID: Int64
  var number: Int
  var title: String
  var seconds: Int

  init(row: Row) throws {
    id = row["id"]
    albumID = row["album_id"]
    number = row["number"]
    title = row["title"]
    seconds = row["seconds"]
  }

  /// `3:07`.
  var duration: String { "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)" }
}

/// The library's file: its schema, a generator, and the writes of a second process.
enum Library {
  /// Albums, and their tracks; the index serves the table's order (album, then track number).
  static let schema = """
    CREATE TABLE album(
      id INTEGER PRIMARY KEY, title TEXT NOT NULL, artist TEXT NOT NULL, year INTEGER NOT NULL);
    CREATE TABLE track(
      id INTEGER PRIMARY KEY, album_id INTEGER NOT NULL REFERENCES album(id) ON DELETE CASCADE,
      number INTEGER NOT NULL, title TEXT NOT NULL, seconds INTEGER NOT NULL);
    CREATE INDEX track_by_album ON track(album_id, number, id);
    """

  /// Fills a new file with `albums` albums of 6 to 17 tracks, in one transaction (recursive CTEs).
  static func generate(at path: String, albums: Int) throws {
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(sql: schema)
      let words = """
        WITH words(i, w) AS (VALUES (0, 'Blue'), (1, 'Night'), (2, 'River'), (3, 'Glass'), (4, 'Summer'),
          (5, 'Echo'), (6, 'Paper'), (7, 'Golden'), (8, 'Static'), (9, 'Velvet'), (10, 'Harbor'), (11, 'Neon'),
          (12, 'Winter'), (13, 'Signal'), (14, 'Orchard'), (15, 'Silver')),
        """
      try db.execute(
        sql: words + """
          n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
          INSERT INTO album(id, title, artist, year)
          SELECT i,
            (SELECT w FROM words WHERE i = n.i % 16) || ' ' || (SELECT w FROM words WHERE i = (n.i / 16 + 3) % 16),
            'Artist ' || (n.i % 997), 1960 + n.i % 65
          FROM n
          """, arguments: [albums])
      try db.execute(
        sql: words + """
          n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 17)
          INSERT INTO track(album_id, number, title, seconds)
          SELECT album.id, n.i,
            (SELECT w FROM words WHERE i = (album.id * 7 + n.i) % 16) || ' '
              || (SELECT w FROM words WHERE i = (album.id + n.i * 5) % 16),
            90 + (album.id * 31 + n.i * 17) % 300
          FROM album JOIN n ON n.i < 6 + album.id % 12
          """)
    }
  }

  /// Adds a track to a random album every `interval` seconds, forever (a second process).
  static func addTracks(at path: String, interval: Double) throws {
    let database = try DatabaseQueue(path: path)
    var added = 0
    while true {
      try database.write { db in
        let albums = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM album") ?? 0
        guard albums > 0 else { return }
        let album = Int.random(in: 0..<min(albums, 5))
        try db.execute(
          sql: """
            INSERT INTO track(album_id, number, title, seconds)
            SELECT ?, COALESCE(MAX(number), -1) + 1, ?, ? FROM track WHERE album_id = ?
            """, arguments: [album, "New track \(added + 1)", Int.random(in: 90...400), album])
      }
      added += 1
      print("added track \(added)")
      Thread.sleep(forTimeInterval: interval)
    }
  }
}
