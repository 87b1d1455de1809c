import Foundation
import GRDB
import TableViewCore
import Testing

@testable import TableViewSQLite

@Suite("Records: errors") struct RecordErrorTests {
  /// Opens `request` over a small library; the error it throws, the table left as it was.
  func openError(_ request: SQLiteRecordRequest) throws -> SQLiteRecordError? {
    let fixture = try RecordsFixture(tracks: 100, albums: 10)
    let sections = fixture.table.numberOfSections
    do {
      try fixture.open(request)
      return nil
    } catch let error as SQLiteRecordError {
      #expect(fixture.table.dataSource == nil)
      #expect(fixture.table.numberOfSections == sections)
      return error
    }
  }

  @Test("a missing table is named")
  func missingTable() throws {
    let error = try openError(SQLiteRecordRequest(table: "tracks", key: .column("id")))
    #expect(error == .noSuchTable("tracks"))
    #expect(error?.description == "the database has no table or view named \"tracks\"")
    // In a query, SQLite's message is read the same way.
    #expect(try openError(SQLiteRecordRequest(sql: "SELECT * FROM songs", key: .column("id"))) == .noSuchTable("songs"))
  }

  @Test("a missing column of the key, the order or the sections is named, with its source")
  func missingColumn() throws {
    #expect(
      try openError(SQLiteRecordRequest(table: "track", key: .column("uuid")))
        == .noSuchColumn("uuid", source: "table \"track\""))
    #expect(
      try openError(SQLiteRecordRequest(table: "track", ordering: [.ascending("rating")]))
        == .noSuchColumn("rating", source: "table \"track\""))
    let error = try openError(SQLiteRecordRequest(table: "track", sectionColumn: "artist"))
    #expect(error == .noSuchColumn("artist", source: "table \"track\""))
    #expect(error?.localizedDescription == "table \"track\" has no column \"artist\"")
    // A query has no rowid of its own.
    #expect(
      try openError(SQLiteRecordRequest(sql: "SELECT * FROM track", key: .rowID))
        == .noSuchColumn("rowid", source: "the query"))
  }

  @Test("a key that is not unique is refused")
  func keyNotUnique() throws {
    let error = try openError(SQLiteRecordRequest(table: "track", key: .column("album_id")))
    #expect(error == .keyNotUnique("album_id", source: "table \"track\""))
    #expect(error?.description.contains("is not unique") == true)
  }

  @Test("a query's key found twice in a page is reported, the rows shown left as they were")
  func queryKeyNotUnique() throws {
    let fixture = try RecordsFixture(tracks: 100, albums: 10)
    try fixture.open(
      SQLiteRecordRequest(
        sql: "SELECT *, album_id AS album FROM track", key: .column("album"), ordering: [.ascending("title")]))
    try fixture.settle()
    #expect(fixture.source.reportedErrors.first == .keyNotUnique("album", source: "the query"))
    #expect(fixture.table.numberOfSections == 0)
  }

  @Test("an order no index serves is a warning naming the index to create; the rows are still right")
  func orderNotIndexed() throws {
    let fixture = try RecordsFixture(tracks: 200, albums: 10)
    try fixture.open(SQLiteRecordRequest(table: "track", key: .column("id"), ordering: [.ascending("seconds")]))
    #expect(
      fixture.source.warnings == [
        .orderNotIndexed(
          source: "table \"track\"",
          index: "CREATE INDEX \"track_tableview_order\" ON \"track\"(\"seconds\", \"id\")")
      ])
    try fixture.settle()
    #expect(fixture.visibleTracks.map { $0.1?.id } == (try fixture.firstTrackIDs(orderedBy: "seconds, id")))
  }

  @Test("a query that fails at run time is reported; the table keeps its rows and their placeholders")
  func queryFailsAtRunTime() throws {
    let fixture = try RecordsFixture(tracks: 1_000, albums: 10)
    // json() fails on the rows past the first few hundred: their pages cannot be read.
    try fixture.open(
      SQLiteRecordRequest(
        sql: "SELECT *, json(CASE WHEN id > 300 THEN '{bad' ELSE '{}' END) AS extra FROM track", key: .column("id"),
        ordering: [.ascending("id")]))
    try fixture.settle()
    #expect(fixture.source.reportedErrors.isEmpty)
    #expect(fixture.table.numberOfRows(inSection: 0) == 1_000)
    fixture.source.scroll(to: .last)
    try fixture.settle()
    #expect(fixture.table.numberOfRows(inSection: 0) == 1_000)
    guard case .queryFailed(_, let message) = fixture.source.reportedErrors.first else {
      Issue.record("no failure reported: \(fixture.source.reportedErrors)")
      return
    }
    #expect(message.contains("malformed JSON"))
    // The failed pages are not asked for again and again.
    let reported = fixture.source.reportedErrors.count
    try fixture.settle()
    #expect(fixture.source.reportedErrors.count == reported)
  }
}
