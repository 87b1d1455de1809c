import Foundation
import GRDB
import SeededRandom
import TableViewCore
import TableViewTesting
import Testing

@testable import TableViewSQLite

@Suite("Section counts kept by triggers: no GROUP BY at open or after a change")
struct SectionCountsTests {
  static let request = SQLiteRecordRequest(
    table: "track", key: .column("id"), ordering: [.ascending("number")], sectionColumn: "album_id")

  /// The database's counts per album, in album order.
  static func counts(_ database: DatabaseQueue) throws -> [Int] {
    try database.read { db in
      try Int.fetchAll(db, sql: "SELECT count(*) FROM track GROUP BY album_id ORDER BY album_id")
    }
  }

  /// The table's counts, and every visible row is the database's row at that place.
  static func expectShowsDatabase(_ fixture: RecordsFixture, _ comment: Comment) throws {
    let counts = try Self.counts(fixture.database)
    let shown = (0..<fixture.table.numberOfSections).map { fixture.table.numberOfRows(inSection: $0) }
    #expect(shown == counts, comment)
    let ids: [[Int64]] = try fixture.database.read { db in
      let rows = try Row.fetchAll(db, sql: "SELECT id, album_id FROM track ORDER BY album_id, number, id")
      var albums: [[Int64]] = []
      var last: Int64?
      for row in rows {
        let album: Int64 = row["album_id"]
        if album != last { albums.append([]) }
        last = album
        albums[albums.count - 1].append(row["id"])
      }
      return albums
    }
    for (path, track) in fixture.visibleTracks where path.section < ids.count && path.row < ids[path.section].count {
      #expect(track?.id == ids[path.section][path.row], "\(path) \(comment)")
    }
  }

  @Test("opening and live changes from another connection read the kept counts: no GROUP BY runs")
  func noRecount() throws {
    let fixture = try RecordsFixture(tracks: 2_000, albums: 20)
    try SQLiteSectionCounts.install(on: "track", sectionColumn: "album_id", in: fixture.database)
    try fixture.open(Self.request)
    try fixture.settle()
    #expect(fixture.source.usesKeptCounts)
    let before = fixture.source.readCounts
    #expect(before.sectionCounts == 0 && before.keptCountReads == 1)
    let other = try DatabaseQueue(path: fixture.path)
    try other.write { db in
      try db.execute(sql: "INSERT INTO track(id, album_id, number, title, seconds) VALUES (9001, 0, -1, 'New', 60)")
      try db.execute(sql: "DELETE FROM track WHERE id IN (SELECT id FROM track WHERE album_id = 5 LIMIT 3)")
      try db.execute(sql: "UPDATE track SET album_id = 2 WHERE id IN (SELECT id FROM track WHERE album_id = 1 LIMIT 2)")
      try db.execute(sql: "UPDATE track SET title = 'Renamed' WHERE id = 21")
    }
    try fixture.settle()
    let after = fixture.source.readCounts
    #expect(after.sectionCounts == 0 && after.keptCountReads == 2)
    try Self.expectShowsDatabase(fixture, "after the change")
    #expect(fixture.table.numberOfRows(inSection: 0) == 101 && fixture.table.numberOfRows(inSection: 5) == 97)
  }

  @Test("a row the user deletes is counted once: shown at once, then in the kept counts")
  func ownDelete() throws {
    let fixture = try RecordsFixture(tracks: 200, albums: 4)
    try SQLiteSectionCounts.install(on: "track", sectionColumn: "album_id", in: fixture.database)
    try fixture.open(Self.request)
    try fixture.settle()
    fixture.source.writes = SQLiteRecordWrites(delete: { db, key in
      try db.execute(sql: "DELETE FROM track WHERE id = ?", arguments: [key])
    })
    fixture.source.deleteRow(at: IndexPath(row: 1, section: 0))
    #expect(fixture.table.numberOfRows(inSection: 0) == 49)
    try fixture.settle()
    #expect(fixture.table.numberOfRows(inSection: 0) == 49)
    #expect(fixture.source.readCounts.sectionCounts == 0)
    try Self.expectShowsDatabase(fixture, "after the delete")
  }

  @Test("an album that appears or empties is in the kept counts; counts removed while open are counted")
  func sectionsComeAndGo() throws {
    let fixture = try RecordsFixture(tracks: 400, albums: 4)
    try SQLiteSectionCounts.install(on: "track", sectionColumn: "album_id", in: fixture.database)
    try fixture.open(Self.request)
    try fixture.settle()
    let other = try DatabaseQueue(path: fixture.path)
    try other.write { db in
      try db.execute(sql: "INSERT INTO album(id, title) VALUES (9, 'Singles')")
      try db.execute(sql: "INSERT INTO track(id, album_id, number, title, seconds) VALUES (5000, 9, 0, 'Solo', 60)")
      try db.execute(sql: "UPDATE track SET album_id = 2 WHERE album_id = 1")
    }
    try fixture.settle()
    #expect(fixture.table.numberOfSections == 4)
    #expect(fixture.source.readCounts.sectionCounts == 0)
    try Self.expectShowsDatabase(fixture, "an album came, one went")
    // The counts removed while the source reads them.
    try SQLiteSectionCounts.remove(from: "track", in: other)
    let left = try other.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'tableview_%' AND type != 'table'")
    }
    #expect(left.isEmpty)
    try other.write { db in try db.execute(sql: "DELETE FROM track WHERE album_id = 9") }
    try fixture.settle()
    #expect(fixture.source.readCounts.sectionCounts == 1)
    #expect(fixture.source.reportedErrors.isEmpty, "\(fixture.source.reportedErrors)")
    try Self.expectShowsDatabase(fixture, "after the counts were removed")
  }

  @Test("installing on a missing table or column, or in a read-only database, is a clear error")
  func badInstall() throws {
    let fixture = try RecordsFixture(tracks: 10, albums: 2)
    #expect(throws: SQLiteRecordError.noSuchTable("tracks")) {
      try SQLiteSectionCounts.install(on: "tracks", in: fixture.database)
    }
    #expect(throws: SQLiteRecordError.noSuchColumn("album", source: "table \"track\"")) {
      try SQLiteSectionCounts.install(on: "track", sectionColumn: "album", in: fixture.database)
    }
    var configuration = Configuration()
    configuration.readonly = true
    let readOnly = try DatabaseQueue(path: fixture.path, configuration: configuration)
    #expect {
      try SQLiteSectionCounts.install(on: "track", in: readOnly)
    } throws: { error in
      guard case .writeFailed(let action, let message)? = error as? SQLiteRecordError else { return false }
      return action.contains("installing the section counts") && message.contains("readonly")
    }
  }

  /// Random commits from another connection — tracks added, deleted, moved between albums,
  /// renumbered — against the database itself, with the counts kept: after each settled change
  /// the table's counts and visible rows are the database's, and no GROUP BY ran.
  @Test("random commits with kept counts: the table is the database, and nothing is counted")
  func model() throws {
    for seed in 1...5 {
      var random = SplitMix64(seed: UInt64(seed))
      let fixture = try RecordsFixture(tracks: 300, albums: 6)
      try SQLiteSectionCounts.install(on: "track", sectionColumn: "album_id", in: fixture.database)
      try fixture.open(Self.request, pageSize: 10)
      try fixture.settle()
      let other = try DatabaseQueue(path: fixture.path)
      try other.write { db in try db.execute(sql: "INSERT INTO album(id, title) VALUES (6, 'Six'), (7, 'Seven')") }
      try fixture.settle()
      var nextID = 10_000
      for step in 0..<10 {
        try other.write { db in
          for _ in 0..<random.int(1...4) {
            switch random.below(4) {
            case 0:
              nextID += 1
              try db.execute(
                sql: "INSERT INTO track(id, album_id, number, title, seconds) VALUES (?, ?, ?, 'New', 60)",
                arguments: [nextID, random.int(0...7), random.int(-5...60)])
            case 1:
              try db.execute(
                sql: "DELETE FROM track WHERE id = (SELECT id FROM track WHERE album_id = ? ORDER BY number LIMIT 1)",
                arguments: [random.int(0...7)])
            case 2:
              try db.execute(
                sql: "UPDATE track SET album_id = ? WHERE id = (SELECT id FROM track ORDER BY random() LIMIT 1)",
                arguments: [random.int(0...7)])
            default:
              try db.execute(
                sql: "UPDATE track SET number = ? WHERE id = (SELECT id FROM track ORDER BY random() LIMIT 1)",
                arguments: [random.int(-5...60)])
            }
          }
        }
        try fixture.settle()
        try Self.expectShowsDatabase(fixture, "seed \(seed) step \(step)")
        #expect(fixture.source.readCounts.sectionCounts == 0, "seed \(seed) step \(step)")
      }
    }
  }
}
