import Foundation
import GRDB
import SeededRandom
import TableViewCore
import Testing

@testable import TableViewSQLite

@Suite("Records: live changes") struct RecordLiveChangeTests {
  static let request = SQLiteRecordRequest(
    table: "track", key: .column("id"), ordering: [.ascending("number")], sectionColumn: "album_id")

  /// A library of 2,000 tracks in 20 albums, opened read-only at track 1001 (album 0, number 50),
  /// and a second connection that writes.
  func makeFixture() throws -> (RecordsFixture, DatabaseQueue) {
    let fixture = try RecordsFixture(tracks: 2_000, albums: 20)
    var configuration = Configuration()
    configuration.readonly = true
    let readOnly = try DatabaseQueue(path: fixture.path, configuration: configuration)
    try fixture.open(Self.request, anchor: .key(1_001.databaseValue), database: readOnly)
    try fixture.settle()
    #expect(fixture.visibleTracks.first?.1?.id == 1_001)
    return (fixture, try DatabaseQueue(path: fixture.path))
  }

  /// Where each track on screen is, relative to the top of the visible area.
  func screenPositions(_ fixture: RecordsFixture) throws -> [Int64: Double] {
    var positions: [Int64: Double] = [:]
    for (path, track) in fixture.visibleTracks {
      if let track {
        positions[track.id] = try fixture.table.rectForRow(at: path).origin.y - fixture.table.contentOffset.y
      }
    }
    return positions
  }

  /// The table against the database: every section's count, every visible row's track.
  func mismatches(_ fixture: RecordsFixture) throws -> [String] {
    let all = try fixture.database.read { db in try Track.fetchAll(db, sql: "SELECT * FROM track") }
    let expected = RecordPagingTests.sorted(all, Self.request)
    var problems: [String] = []
    if fixture.table.numberOfSections != expected.count {
      problems.append("sections: \(fixture.table.numberOfSections), database \(expected.count)")
    }
    for (s, rows) in expected.enumerated() where s < fixture.table.numberOfSections {
      if fixture.table.numberOfRows(inSection: s) != rows.count {
        problems.append("section \(s): \(fixture.table.numberOfRows(inSection: s)) rows, database \(rows.count)")
      }
    }
    for (path, track) in fixture.visibleTracks {
      guard path.section < expected.count, path.row < expected[path.section].count else {
        problems.append("\(path) beyond the database")
        continue
      }
      if track != expected[path.section][path.row] {
        problems.append("\(path): \(String(describing: track)), database \(expected[path.section][path.row])")
      }
    }
    return problems
  }

  /// Runs the hook until the change is noticed, applied and settled; the summaries' updates.
  func applyChange(_ fixture: RecordsFixture) throws -> Int {
    var applied = 0
    for _ in 0..<20 {
      let summary = fixture.source.processUpdates()
      applied += summary.updatesApplied
      _ = fixture.source.waitForBackgroundWork(timeout: 60)
      if applied > 0 { break }
    }
    try fixture.settle()
    return applied
  }

  @Test("an edit on screen reloads that row alone; nothing else is configured again or moves")
  func editOnScreen() throws {
    let (fixture, writer) = try makeFixture()
    let before = try screenPositions(fixture)
    let edited = fixture.visibleTracks[3].1!.id
    try writer.write { db in try db.execute(sql: "UPDATE track SET title = 'Renamed' WHERE id = ?", arguments: [edited])
    }
    fixture.configured.removeAll()
    #expect(try applyChange(fixture) == 1)
    #expect(fixture.configured == [edited])
    #expect(fixture.visibleTracks[3].1?.title == "Renamed")
    #expect(try screenPositions(fixture) == before)
    #expect(try mismatches(fixture) == [])
    #expect(fixture.source.reportedErrors.isEmpty)
  }

  @Test("rows inserted above the screen and deleted below it leave the rows on screen where they were")
  func offScreenChanges() throws {
    let (fixture, writer) = try makeFixture()
    let before = try screenPositions(fixture)
    try writer.write { db in
      // Album 0 holds tracks numbered 0…99 (ids 1, 21, 41, …): new ones before number 50, some gone after it.
      try db.execute(
        sql:
          "INSERT INTO track(id, album_id, number, title, seconds) VALUES (5001, 0, 1, 'New A', 100), (5002, 0, 2, 'New B', 100)"
      )
      try db.execute(sql: "DELETE FROM track WHERE album_id = 0 AND number > 90")
      // Elsewhere: a new album, and album 7 gone.
      try db.execute(sql: "INSERT INTO album(id, title) VALUES (25, 'Bonus album')")
      try db.execute(
        sql: "INSERT INTO track(id, album_id, number, title, seconds) VALUES (6000, 25, 0, 'Bonus', 100)")
      try db.execute(sql: "DELETE FROM track WHERE album_id = 7")
    }
    fixture.configured.removeAll()
    #expect(try applyChange(fixture) == 1)
    #expect(try mismatches(fixture) == [])
    let after = try screenPositions(fixture)
    for (id, y) in before where after[id] != nil { #expect(after[id] == y, "track \(id) moved") }
    #expect(fixture.configured.allSatisfy { $0 == nil || before[$0!] == nil }, "\(fixture.configured)")
  }

  @Test("rows deleted and inserted on screen, and a row moved within it, as one update")
  func onScreenChanges() throws {
    let (fixture, writer) = try makeFixture()
    let shown = fixture.visibleTracks.compactMap { $0.1 }
    try writer.write { db in
      try db.execute(sql: "DELETE FROM track WHERE id IN (?, ?)", arguments: [shown[2].id, shown[5].id])
      try db.execute(
        sql: "INSERT INTO track(id, album_id, number, title, seconds) VALUES (7000, 0, ?, 'Inserted', 100)",
        arguments: [shown[8].number])
      try db.execute(sql: "UPDATE track SET number = ? WHERE id = ?", arguments: [shown[12].number, shown[1].id])
    }
    #expect(try applyChange(fixture) == 1)
    #expect(try mismatches(fixture) == [])
    #expect(fixture.visibleTracks.contains { $0.1?.id == 7_000 })
  }

  @Test("randomized: writes by a second connection, each applied as one update matching the database")
  func randomWrites() throws {
    let (fixture, writer) = try makeFixture()
    var random = SplitMix64(seed: 31)
    var nextID: Int64 = 10_000
    for step in 0..<25 {
      try writer.write { db in
        for _ in 0..<(1 + random.below(4)) {
          switch random.below(4) {
          case 0:
            nextID += 1
            try db.execute(
              sql: "INSERT INTO track(id, album_id, number, title, seconds) VALUES (?, ?, ?, 'Random', 100)",
              arguments: [nextID, random.below(3), random.below(120)])
          case 1:
            try db.execute(
              sql:
                "DELETE FROM track WHERE id = (SELECT id FROM track WHERE album_id < 2 ORDER BY (id * ?) % 997 LIMIT 1)",
              arguments: [random.below(1_000) + 1])
          case 2:
            try db.execute(
              sql:
                "UPDATE track SET title = ? WHERE id = (SELECT id FROM track WHERE album_id < 2 ORDER BY (id * ?) % 991 LIMIT 1)",
              arguments: ["Edit \(step)", random.below(1_000) + 1])
          default:
            try db.execute(
              sql:
                "UPDATE track SET number = ? WHERE id = (SELECT id FROM track WHERE album_id < 2 ORDER BY (id * ?) % 983 LIMIT 1)",
              arguments: [random.below(120), random.below(1_000) + 1])
          }
        }
      }
      _ = try applyChange(fixture)
      #expect(try mismatches(fixture) == [], "step \(step)")
      if random.below(3) == 0 {
        let y = fixture.table.contentOffset.y + Double(random.below(800)) - 400
        fixture.table.setContentOffset(
          Point(x: 0, y: min(max(y, fixture.table.minimumContentOffsetY), fixture.table.maximumContentOffsetY)),
          animated: false)
        try fixture.settle()
      }
    }
    #expect(fixture.source.reportedErrors.isEmpty)
  }

  @Test("a row on screen twice (its pages read either side of a move by another program) applies as one update")
  func rowReadTwiceAcrossACommit() throws {
    let fixture = try RecordsFixture(tracks: 2_000, albums: 20)
    try fixture.open(Self.request, pageSize: 10)
    try fixture.settle()
    let writer = try DatabaseQueue(path: fixture.path)
    let shown = fixture.visibleTracks.compactMap { $0.1 }
    #expect(shown.count > 20)
    // The commit goes unnoticed while page 1 is read again: row 3 moves down into page 1, and the
    // cached page 0 still shows it (as when a page is read after a commit the hook has not polled).
    let monitor = fixture.source.monitor
    fixture.source.monitor = nil
    try writer.write { db in
      try db.execute(sql: "UPDATE track SET number = ? WHERE id = ?", arguments: [shown[15].number, shown[3].id])
    }
    fixture.source.pages.remove(PageKey(section: 0, index: 1))
    try fixture.settle()
    let twice = fixture.visibleTracks.filter { $0.1?.id == shown[3].id }
    #expect(twice.count == 2, "\(twice)")
    fixture.source.monitor = monitor
    #expect(try applyChange(fixture) == 1)
    #expect(try mismatches(fixture) == [])
    #expect(fixture.source.reportedErrors.isEmpty, "\(fixture.source.reportedErrors)")
  }

  @Test("rows read just before a commit, shown while its refresh is read, are shown again as the database has them")
  func pageReadBeforeACommit() throws {
    let fixture = try RecordsFixture(tracks: 2_000, albums: 20)
    try fixture.open(Self.request, pageSize: 10)
    try fixture.settle()
    let writer = try DatabaseQueue(path: fixture.path)
    // Down to row 40: its page is cached, the next ones' are read now, before another program's
    // commit (which the hook notices before it takes them).
    let monitor = fixture.source.monitor
    fixture.source.monitor = nil
    try fixture.table.scrollToRow(at: IndexPath(row: 40, section: 0), at: .top, animated: false)
    fixture.table.layoutIfNeeded()
    #expect(fixture.source.placeholderCount > 0)
    #expect(fixture.source.waitForBackgroundWork(timeout: 60))
    try writer.write { db in
      // Album 0's track numbered 52 goes after number 58: the count stays, rows on screen change.
      try db.execute(sql: "UPDATE track SET number = 58 WHERE album_id = 0 AND number = 52")
    }
    fixture.source.monitor = monitor
    try fixture.settle()
    #expect(try mismatches(fixture) == [])
    #expect(fixture.source.reportedErrors.isEmpty, "\(fixture.source.reportedErrors)")
  }

  @Test("a table dropped by another process is reported; the rows shown stay")
  func tableDropped() throws {
    let (fixture, writer) = try makeFixture()
    let shown = fixture.visibleTracks.map { $0.1?.id }
    try writer.write { db in try db.execute(sql: "DROP TABLE track") }
    #expect(try applyChange(fixture) == 0)
    #expect(fixture.source.reportedErrors.first == .noSuchTable("track"))
    #expect(fixture.visibleTracks.map { $0.1?.id } == shown)
  }
}
