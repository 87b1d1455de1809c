import Foundation
import GRDB
import TableViewCore
import Testing

@testable import TableViewSQLite

/// Searching the app's rows: an FTS5 table the app keeps, or `LIKE` over columns, the first screen
/// of matches shown before they are all counted.
@Suite("Records: search") struct RecordSearchTests {
  static let byAlbum = SQLiteRecordRequest(
    table: "track", key: .column("id"), ordering: [.ascending("number")], sectionColumn: "album_id")

  /// A library with an FTS5 index of the tracks' titles (external content: the track table's).
  func makeLibrary(tracks: Int, albums: Int) throws -> RecordsFixture {
    let fixture = try RecordsFixture(tracks: tracks, albums: albums)
    try fixture.database.write { db in
      try db.execute(
        sql: """
          CREATE VIRTUAL TABLE track_fts USING fts5(title, content='track', content_rowid='id');
          INSERT INTO track_fts(track_fts) VALUES('rebuild');
          """)
    }
    return fixture
  }

  /// Every row of the table, by scrolling from the top to the bottom a screen at a time.
  func walk(_ fixture: RecordsFixture) throws -> [IndexPath: Int64] {
    var seen: [IndexPath: Int64] = [:]
    fixture.table.setContentOffset(Point(x: 0, y: fixture.table.minimumContentOffsetY), animated: false)
    while true {
      try fixture.settle()
      for (path, track) in fixture.visibleTracks { seen[path] = track?.id }
      let y = fixture.table.contentOffset.y
      if y >= fixture.table.maximumContentOffsetY { break }
      fixture.table.setContentOffset(
        Point(x: 0, y: min(y + fixture.table.viewportSize.height, fixture.table.maximumContentOffsetY)),
        animated: false)
    }
    return seen
  }

  /// The rows expected at each index path.
  func expected(_ sections: [[Track]]) -> [IndexPath: Int64] {
    var result: [IndexPath: Int64] = [:]
    for (s, tracks) in sections.enumerated() {
      for (r, track) in tracks.enumerated() { result[IndexPath(row: r, section: s)] = track.id }
    }
    return result
  }

  @Test("an FTS5 search shows the matching rows, in their sections and order")
  func fullTextSearch() throws {
    let fixture = try makeLibrary(tracks: 2_000, albums: 20)
    // Titles are `Track 0000000`…`Track 0001999`: the prefix 00012 finds 1200…1299.
    try fixture.open(Self.byAlbum.filtered(.matching("00012*", in: "track_fts")))
    try fixture.settle()
    let all = try fixture.database.read { db in try Track.fetchAll(db, sql: "SELECT * FROM track") }
    let matches = all.filter { $0.title.hasPrefix("Track 00012") }
    #expect(matches.count == 100)
    let sections = RecordPagingTests.sorted(matches, Self.byAlbum)
    #expect(fixture.table.numberOfSections == sections.count)
    #expect(try walk(fixture) == expected(sections))
    #expect(fixture.source.reportedErrors.isEmpty, "\(fixture.source.reportedErrors)")
  }

  @Test("a missing FTS table is named at open; a query FTS5 cannot parse is reported, nothing shown")
  func fullTextErrors() throws {
    let fixture = try makeLibrary(tracks: 200, albums: 4)
    let missing = #expect(throws: SQLiteRecordError.self) {
      try fixture.open(Self.byAlbum.filtered(.matching("x", in: "lyrics_fts")))
    }
    #expect(missing == .noSuchTable("lyrics_fts"))
    try fixture.open(Self.byAlbum.filtered(.matching("AND OR (", in: "track_fts")))
    try fixture.settle()
    #expect(fixture.table.numberOfSections == 0)
    let error = try #require(fixture.source.reportedErrors.first)
    #expect(error.description.contains("syntax"), "\(error)")
  }

  @Test("a LIKE filter's first screen comes from one query that stops there: whole sections, the last one begun")
  func firstScreenRead() throws {
    let fixture = try RecordsFixture(tracks: 20_000, albums: 50)
    let request = Self.byAlbum.filtered(.contains("7", in: ["title"]))
    // Opening answers with the first screen (a screen and a page at most), then with the counts.
    try fixture.open(request)
    #expect(fixture.source.waitForBackgroundWork(timeout: 60))
    let answers = fixture.source.reader.takeResults()
    guard answers.count == 2, case .firstScreen(let shown, _, _) = answers[0], case .opened = answers[1] else {
      Issue.record("answers: \(answers.count)")
      return
    }
    #expect(shown.reduce(0) { $0 + $1.count } <= 25 + 50)
    try fixture.open(request)
    try fixture.settle()
    let all = try fixture.database.read { db in try Track.fetchAll(db, sql: "SELECT * FROM track") }
    let sections = RecordPagingTests.sorted(all.filter { $0.title.contains("7") }, request)
    let source = try #require(fixture.source)
    for rows in [1, 7, 30, sections[0].count + 5, 500] {
      let screen = try fixture.database.read { db in
        try source.reads.firstScreen(db, rows: rows, generation: source.generation)
      }
      let found = screen.sections
      // The rows asked for, and the last section's to the end of its page.
      let total = found.reduce(0) { $0 + $1.count }
      #expect(total >= rows && total <= rows + 50)
      #expect(found[found.count - 1].count % 50 == 0 || found[found.count - 1].count == sections[found.count - 1].count)
      for (s, section) in found.enumerated() {
        #expect(section.value == sections[s][0].albumID.databaseValue)
        if s < found.count - 1 { #expect(section.count == sections[s].count) }
      }
      let ids = screen.pages.sorted { ($0.key.section, $0.key.index) < ($1.key.section, $1.key.index) }
        .flatMap { $0.rows.map { $0.record.id } }
      #expect(ids == Array(sections.joined().prefix(total).map(\.id)))
      #expect(screen.pages.allSatisfy { $0.rows.count <= 50 })
    }
  }

  @Test("a LIKE filter opens on its first screen; the counts add rows below it, and nothing on screen moves")
  func firstScreenFirst() throws {
    let fixture = try RecordsFixture(tracks: 20_000, albums: 50)
    let request = Self.byAlbum.filtered(.contains("7", in: ["title"]))
    try fixture.open(request)
    let source = try #require(fixture.source)
    // The first screen and the counts are read by two jobs; each is taken as it comes.
    fixture.table.layoutIfNeeded()
    #expect(source.waitForBackgroundWork(timeout: 60))
    var steps = 0
    while source.isOpening, steps < 100 {
      source.processUpdates()
      fixture.table.layoutIfNeeded()
      steps += 1
    }
    let firstScreen = fixture.visibleTracks.map { $0.1?.id }
    #expect(!firstScreen.isEmpty && firstScreen.allSatisfy { $0 != nil }, "\(firstScreen)")
    let configured = fixture.configured
    try fixture.settle()
    #expect(fixture.visibleTracks.map { $0.1?.id } == firstScreen)
    // No row on screen was configured again (no reload), and none as a placeholder.
    #expect(fixture.configured.count == configured.count, "\(fixture.configured.dropFirst(configured.count))")
    #expect(!configured.contains(nil))
    let all = try fixture.database.read { db in try Track.fetchAll(db, sql: "SELECT * FROM track") }
    let sections = RecordPagingTests.sorted(all.filter { $0.title.contains("7") }, request)
    #expect(fixture.table.numberOfSections == sections.count)
    #expect(
      (0..<fixture.table.numberOfSections).map { fixture.table.numberOfRows(inSection: $0) } == sections.map(\.count))
    #expect(source.reportedErrors.isEmpty, "\(source.reportedErrors)")
  }
}
