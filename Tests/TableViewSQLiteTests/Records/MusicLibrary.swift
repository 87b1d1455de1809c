import Foundation
import GRDB
import TableViewCore
import TableViewTesting

@testable import TableViewSQLite

/// A schema the library has never seen: albums and their tracks, built in one transaction by a
/// recursive CTE.
struct Track: FetchableRecord, Sendable, Equatable {
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
}

enum MusicLibrary {
  /// A file of `tracks` tracks in `albums` albums (track `i` is in album `i % albums`), numbered
  /// within their album, titled in a scrambled order; indexes for the orders the tests use.
  static func make(at path: String, tracks: Int, albums: Int) throws -> DatabaseQueue {
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE album(id INTEGER PRIMARY KEY, title TEXT NOT NULL);
          CREATE TABLE track(
            id INTEGER PRIMARY KEY, album_id INTEGER NOT NULL REFERENCES album(id), number INTEGER NOT NULL,
            title TEXT NOT NULL, seconds INTEGER NOT NULL);
          WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
          INSERT INTO album(id, title) SELECT i, printf('Album %05d', i) FROM n;
          WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
          INSERT INTO track(id, album_id, number, title, seconds)
            SELECT i + 1, i % ?, i / ?, printf('Track %07d', (i * 7919) % ?), 60 + (i * 13) % 300 FROM n;
          CREATE INDEX track_by_album ON track(album_id, number, id);
          CREATE INDEX track_by_title ON track(title, id);
          CREATE INDEX track_by_length ON track(seconds DESC, title, id);
          """, arguments: [albums, tracks, albums, albums, tracks])
    }
    return database
  }
}

/// A cell that shows a track (or a placeholder: `nil`), 20 points tall.
typealias TrackCell = ValueCell<Track>

/// A table of 320×480 points (rows of 20) served by a records source, driven by hand.
final class RecordsFixture {
  let folder: URL
  let path: String
  let database: DatabaseQueue
  let table = TableView()
  var source: SQLiteRecordDataSource<Track>!
  /// The tracks cells were configured with, in order (`nil`: a placeholder).
  var configured: [Int64?] = []

  init(tracks: Int, albums: Int) throws {
    folder = try Fixture.temporaryFolder()
    path = folder.appendingPathComponent("music.sqlite").path
    database = try MusicLibrary.make(at: path, tracks: tracks, albums: albums)
    table.register({ TrackCell { _, _ in 20 } }, forCellReuseIdentifier: "track")
    table.viewportSize = Size(width: 320, height: 480)
    table.rowHeight = 20
  }

  func open(
    _ request: SQLiteRecordRequest, anchor: SQLiteRecordAnchor = .first, pageSize: Int = 50, cachedPages: Int = 16,
    database: (any DatabaseReader)? = nil
  ) throws {
    source = try SQLiteRecordDataSource<Track>(
      database: database ?? self.database, request: request, tableView: table, reuseIdentifier: "track", anchor: anchor,
      pageSize: pageSize, cachedPages: cachedPages, placeholderHeight: 20
    ) { [unowned self] cell, track in
      (cell as! TrackCell).value = track
      configured.append(track?.id)
    }
  }

  deinit {
    _ = source?.waitForBackgroundWork(timeout: 60)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Lays out and runs the owner's hook until nothing is on its way.
  func settle(rounds: Int = 100) throws { try settleRecords(source, table, rounds: rounds) }

  /// The ids of the first 24 tracks (a screen) in `order` (an `ORDER BY` clause's terms), read from the file.
  func firstTrackIDs(orderedBy order: String) throws -> [Int64] {
    try database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM track ORDER BY \(order) LIMIT 24") }
  }

  /// The tracks each visible cell shows, by index path.
  var visibleTracks: [(IndexPath, Track?)] {
    table.indexPathsForVisibleRows.map { ($0, (table.cellForRow(at: $0) as? TrackCell)?.value) }
  }
}

/// Lays out `table` and runs `source`'s hook until nothing is on its way and every measured height
/// is handed to its store.
func settleRecords<Record>(_ source: SQLiteRecordDataSource<Record>, _ table: TableView, rounds: Int = 100) throws {
  table.layoutIfNeeded()
  for _ in 0..<rounds {
    guard source.waitForBackgroundWork(timeout: 60) else { throw FixtureError("background work did not finish") }
    source.processUpdates()
    table.layoutIfNeeded()
    if !source.hasWorkInProgress, source.unsavedHeightCount == 0, source.waitForBackgroundWork(timeout: 60) {
      source.processUpdates()
      table.layoutIfNeeded()
      if !source.hasWorkInProgress, source.unsavedHeightCount == 0 { return }
    }
  }
  throw FixtureError("the records source did not settle: \(source.pagesInFlight) pages in flight")
}
