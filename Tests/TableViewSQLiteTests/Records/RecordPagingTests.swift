import Foundation
import GRDB
import SeededRandom
import TableViewCore
import Testing

@testable import TableViewSQLite

@Suite("Records: paging") struct RecordPagingTests {
  @Test("a million rows open with their first screen read, page to the end and back, and never scan")
  func millionRows() throws {
    let fixture = try RecordsFixture(tracks: 1_000_000, albums: 1_000)
    try fixture.open(SQLiteRecordRequest(table: "track", key: .rowID, ordering: [.ascending("title")]))
    #expect(fixture.source.warnings.isEmpty)
    try fixture.settle()
    let firstTitles = try fixture.database.read { db in
      try String.fetchAll(db, sql: "SELECT title FROM track ORDER BY title, rowid LIMIT 24")
    }
    #expect(fixture.visibleTracks.map { $0.1?.title } == firstTitles)
    // The first screen: 24 rows, read as one page (and the next, prefetched): never the table.
    let opened = fixture.source.readCounts
    #expect(opened.rowsFetched <= 2 * 50, "\(opened)")
    #expect(opened.keysRead == 0)
    #expect(opened.countQueries == 1)

    // To the end: the last page from the end of the index, and the one above it.
    fixture.source.scroll(to: .last)
    try fixture.settle()
    let lastTitles = try fixture.database.read { db in
      try String.fetchAll(db, sql: "SELECT title FROM track ORDER BY title DESC, rowid DESC LIMIT 24").reversed()
    }
    #expect(fixture.visibleTracks.map { $0.1?.title } == Array(lastTitles))
    let atEnd = fixture.source.readCounts
    #expect(atEnd.rowsFetched - opened.rowsFetched <= 3 * 50, "\(atEnd)")
    #expect(atEnd.keysRead == 0)

    // Up a screen at a time from the end, then back to the top: a page or two a screen, each from
    // its neighbour's first row.
    for _ in 0..<20 {
      let offset = fixture.table.contentOffset.y - 480
      fixture.table.setContentOffset(Point(x: 0, y: offset), animated: false)
      try fixture.settle()
      #expect(fixture.visibleTracks.allSatisfy { $0.1 != nil })
    }
    let paged = fixture.source.readCounts
    #expect(paged.rowsFetched - atEnd.rowsFetched <= 20 * 2 * 50, "\(paged)")
    #expect(paged.keysRead == 0)
    fixture.source.scroll(to: .first)
    try fixture.settle()
    #expect(fixture.visibleTracks.map { $0.1?.title } == firstTitles)
    #expect(fixture.source.readCounts.keysRead == 0)
    #expect(fixture.source.readCounts.rowsFetched - paged.rowsFetched <= 3 * 50)
  }

  @Test("a key anchor opens at its row, counting the rows before it in the index, reading one screen")
  func keyAnchor() throws {
    let fixture = try RecordsFixture(tracks: 20_000, albums: 100)
    let request = SQLiteRecordRequest(
      table: "track", key: .column("id"), ordering: [.ascending("number")], sectionColumn: "album_id")
    try fixture.open(request, anchor: .key(12_345.databaseValue))
    try fixture.settle()
    // Track 12345 is i = 12344: album 44, number 123.
    let path = IndexPath(row: 123, section: 44)
    #expect(fixture.visibleTracks.first?.0 == path)
    #expect(fixture.visibleTracks.first?.1?.id == 12_345)
    #expect(fixture.source.title(forSection: 44) == "44")
    #expect(fixture.source.readCounts.rowsFetched <= 3 * 50)
    #expect(fixture.table.numberOfSections == 100)
  }

  @Test("a filter's text is plain text: % and _ match themselves; an empty text or no columns keeps every row")
  func filterText() throws {
    let fixture = try RecordsFixture(tracks: 500, albums: 5)
    try fixture.database.write { db in try db.execute(sql: "UPDATE track SET title = 'A 50% mix_1' WHERE id = 7") }
    let base = SQLiteRecordRequest(table: "track", key: .column("id"), ordering: [.ascending("number")])
    for (text, expected) in [("%", [7]), ("_", [7]), ("50% mix_", [7]), ("5_%", [])] as [(String, [Int64])] {
      try fixture.open(base.filtered(.contains(text, in: ["title"])))
      try fixture.settle()
      #expect(fixture.visibleTracks.compactMap { $0.1?.id } == expected, "\(text)")
    }
    #expect(base.filtered(.contains("", in: ["title"])).filter == nil)
    #expect(base.filtered(.contains("x", in: [])).filter == nil)
    let missing = #expect(throws: SQLiteRecordError.self) {
      try fixture.open(base.filtered(.contains("x", in: ["lyrics"])))
    }
    #expect(missing?.description.contains("lyrics") == true, "\(String(describing: missing))")
  }

  @Test("randomized: scrolls and anchors against the rows sorted by hand", arguments: 0..<8)
  func model(configuration: Int) throws {
    let fixture = try RecordsFixture(tracks: 3_000, albums: 37)
    let request: SQLiteRecordRequest
    let filter: (Track) -> Bool
    switch configuration {
    case 0:
      request = SQLiteRecordRequest(
        table: "track", key: .column("id"), ordering: [.ascending("number")], sectionColumn: "album_id")
      filter = { _ in true }
    case 1:
      request = SQLiteRecordRequest(table: "track", key: .rowID, ordering: [.ascending("title")])
      filter = { _ in true }
    case 2:
      request = SQLiteRecordRequest(
        table: "track", key: .column("id"), ordering: [.descending("seconds"), .ascending("title")])
      filter = { _ in true }
    case 3:
      request = SQLiteRecordRequest(
        sql: "SELECT * FROM track WHERE seconds > ?", arguments: [100], key: .column("id"),
        ordering: [.descending("number")], sectionColumn: "album_id")
      filter = { $0.seconds > 100 }
    case 4:
      // A filter on a sectioned request: the titles with a 3 in them.
      request = SQLiteRecordRequest(
        table: "track", key: .column("id"), ordering: [.ascending("number")], sectionColumn: "album_id"
      ).filtered(.contains("3", in: ["title"]))
      filter = { $0.title.contains("3") }
    case 6:
      // A column that may hold NULL (a quarter of the rows): NULLs first going up, as SQLite sorts them.
      request = SQLiteRecordRequest(
        sql: "SELECT *, CASE WHEN seconds % 4 = 0 THEN NULL ELSE seconds END AS maybe FROM track",
        key: .column("id"), ordering: [.ascending("maybe")])
      filter = { _ in true }
    case 7:
      // NULLs last going down, and a second term in the other direction, in sections.
      request = SQLiteRecordRequest(
        sql: "SELECT *, CASE WHEN seconds % 4 = 0 THEN NULL ELSE seconds END AS maybe FROM track",
        key: .column("id"), ordering: [.descending("maybe"), .ascending("title")], sectionColumn: "album_id")
      filter = { _ in true }
    default:
      // Case-insensitive (as LIKE is for ASCII), in any of two columns (a number never matches text).
      request = SQLiteRecordRequest(table: "track", key: .rowID, ordering: [.ascending("title")])
        .filtered(.contains("track 0002", in: ["seconds", "title"]))
      filter = { $0.title.hasPrefix("Track 0002") }
    }
    let all = try fixture.database.read { db in try Track.fetchAll(db, sql: "SELECT * FROM track") }.filter(filter)
    let expected = Self.sorted(all, request)
    var random = SplitMix64(seed: UInt64(configuration) &+ 77)
    try fixture.open(request, pageSize: 7, cachedPages: 5)
    try fixture.settle()
    // An order no index serves works (sorted by SQLite), with a warning.
    #expect(fixture.source.warnings.isEmpty == ![3, 6, 7].contains(configuration))
    #expect(fixture.table.numberOfSections == expected.count)
    for (s, rows) in expected.enumerated() { #expect(fixture.table.numberOfRows(inSection: s) == rows.count) }
    for step in 0..<40 {
      var wanted: Int64?
      switch random.below(6) {
      case 0:
        let top = fixture.table.minimumContentOffsetY
        let y = top + random.unit() * (fixture.table.maximumContentOffsetY - top)
        fixture.table.setContentOffset(Point(x: 0, y: y), animated: false)
      case 1:
        let id = Int64(random.below(3_100) + 1)
        wanted = all.contains(where: { $0.id == id }) ? id : nil
        fixture.source.scroll(to: .key(id.databaseValue))
      case 2:
        let s = random.below(expected.count)
        let row = random.below(expected[s].count)
        wanted = expected[s][row].id
        fixture.source.scroll(to: .position(IndexPath(row: row, section: s)))
      case 3:
        fixture.source.scroll(to: random.below(2) == 0 ? .first : .last)
      default:
        let y = fixture.table.contentOffset.y + (random.below(2) == 0 ? 480 : -480)
        let clamped = min(max(y, fixture.table.minimumContentOffsetY), fixture.table.maximumContentOffsetY)
        fixture.table.setContentOffset(Point(x: 0, y: clamped), animated: false)
      }
      try fixture.settle()
      let shown = fixture.visibleTracks
      #expect(!shown.isEmpty)
      for (path, track) in shown {
        #expect(
          track?.id == expected[path.section][path.row].id, "configuration \(configuration), step \(step), \(path)")
      }
      if let wanted { #expect(shown.contains { $0.1?.id == wanted }, "step \(step): \(wanted) not shown") }
      // Pages are a section's: the pages on screen are its (section, page) pairs.
      let pagesShown = Set(shown.map { [$0.0.section, $0.0.row / 7] }).count
      #expect(fixture.source.cachedPageCount <= max(5, pagesShown + 1))
    }
    #expect(fixture.source.reportedErrors.isEmpty)
    // Positions far from every page read were reached by walking the keys (not only by neighbours).
    #expect(fixture.source.readCounts.keysRead > 0, "\(fixture.source.readCounts)")
  }

  /// The rows in the request's order, in sections.
  static func sorted(_ tracks: [Track], _ request: SQLiteRecordRequest) -> [[Track]] {
    func value(_ track: Track, _ column: String) -> (Int, String) {
      switch column {
      case "number": (track.number, "")
      case "seconds": (track.seconds, "")
      case "title": (0, track.title)
      // NULL sorts before every number.
      case "maybe": (track.seconds % 4 == 0 ? Int.min : track.seconds, "")
      default: (Int(track.id), "")
      }
    }
    let ordered = tracks.sorted { a, b in
      for term in request.ordering {
        let (x, y) = (value(a, term.column), value(b, term.column))
        if x != y { return term.isDescending ? x > y : x < y }
      }
      return a.id < b.id
    }
    guard request.sectionColumn != nil else { return [ordered] }
    let albums = Set(ordered.map(\.albumID)).sorted()
    let rows = Dictionary(grouping: ordered, by: \.albumID)
    return albums.map { rows[$0]! }
  }
}
