import Foundation
import GRDB
import SeededRandom
import TableViewCore
import Testing

@testable import TableViewSQLite

/// Opening without counts kept by triggers: the first screen (from the first row, or around an
/// anchor's key) is read and shown before the rows and the anchor's place are counted, and the
/// count then adds the rows around it without moving anything on screen.
@Suite("Records: the first screen before the count") struct RecordOpenScreenTests {
  static let byLength = SQLiteRecordRequest(
    table: "track", key: .column("id"), ordering: [.descending("seconds"), .ascending("title")])

  /// The state after the first background result alone, then after the rest: what the user saw
  /// at each step.
  struct Steps {
    var firstRows: Int
    var firstVisible: [Int64?]
    var wasOpening: Bool
    /// Where the first visible row was on screen (its top minus the offset), before and after.
    var firstTop: Double
    var settledTop: Double
    var settledVisible: [Int64?]
    var configuredBetween: [Int64?]
  }

  func open(_ fixture: RecordsFixture, _ request: SQLiteRecordRequest, at anchor: SQLiteRecordAnchor) throws -> Steps {
    try fixture.open(request, anchor: anchor)
    let source = try #require(fixture.source)
    source.resultsPerUpdate = 1
    fixture.table.layoutIfNeeded()
    #expect(source.waitForBackgroundWork(timeout: 60))
    source.processUpdates()
    fixture.table.layoutIfNeeded()
    let visible = fixture.table.indexPathsForVisibleRows
    let top =
      try visible.first.map { try fixture.table.rectForRow(at: $0).minY - fixture.table.contentOffset.y } ?? .nan
    let firstVisible = fixture.visibleTracks.map { $0.1?.id }
    let wasOpening = source.isOpening
    let firstRows = fixture.table.numberOfSections == 0 ? 0 : fixture.table.numberOfRows(inSection: 0)
    let configured = fixture.configured.count
    source.resultsPerUpdate = .max
    try fixture.settle()
    let settledVisible = fixture.visibleTracks.map { $0.1?.id }
    let first = fixture.table.indexPathsForVisibleRows.first
    let settledTop = try first.map { try fixture.table.rectForRow(at: $0).minY - fixture.table.contentOffset.y } ?? .nan
    return Steps(
      firstRows: firstRows, firstVisible: firstVisible, wasOpening: wasOpening, firstTop: top, settledTop: settledTop,
      settledVisible: settledVisible, configuredBetween: Array(fixture.configured.dropFirst(configured)))
  }

  @Test("opened at a key: the rows around it show first, its row at the top; the count adds the rest, nothing moves")
  func keyScreenFirst() throws {
    let tracks = 3_000
    let fixture = try RecordsFixture(tracks: tracks, albums: 10)
    let all = try fixture.database.read { db in try Track.fetchAll(db, sql: "SELECT * FROM track") }
    let order = RecordPagingTests.sorted(all, Self.byLength)[0].map(\.id)
    var random = SplitMix64(seed: 3_400)
    // Keys at the very start, within the first page, in the middle, near and at the end, and random ones.
    let places =
      [0, 1, 37, 50, 51, 1_499, tracks - 60, tracks - 24, tracks - 1]
      + (0..<4).map { _ in
        Int.random(in: 0..<tracks, using: &random)
      }
    for place in places {
      let fixture = try RecordsFixture(tracks: tracks, albums: 10)
      let key = order[place]
      let steps = try open(fixture, Self.byLength, at: .key(key.databaseValue))
      let source = try #require(fixture.source)
      // Before the count: a screen of rows around the key, the key's row at the top (unless the rows end first).
      #expect(steps.wasOpening, "place \(place): the count came with the first screen")
      #expect(steps.firstRows > 0 && steps.firstRows < 200, "place \(place): \(steps.firstRows) rows shown first")
      #expect(!steps.firstVisible.isEmpty && steps.firstVisible.allSatisfy { $0 != nil }, "place \(place)")
      let shownFrom = try #require(order.firstIndex(of: steps.firstVisible[0]!))
      #expect(Array(order[shownFrom..<(shownFrom + steps.firstVisible.count)]) == steps.firstVisible.map { $0! })
      if place + 24 <= tracks { #expect(shownFrom == place, "place \(place): the screen began at \(shownFrom)") }
      // After it: every row, the same rows on screen in the same place, none configured again.
      #expect(fixture.table.numberOfRows(inSection: 0) == tracks)
      #expect(steps.settledVisible == steps.firstVisible, "place \(place)")
      #expect(steps.settledTop == steps.firstTop, "place \(place): \(steps.firstTop) → \(steps.settledTop)")
      #expect(steps.configuredBetween.isEmpty, "place \(place): configured again \(steps.configuredBetween)")
      #expect(fixture.table.indexPathsForVisibleRows.first?.row == shownFrom)
      #expect(source.reportedErrors.isEmpty, "\(source.reportedErrors)")
    }
    _ = fixture
  }

  @Test("every row is where the order puts it after a key's first screen: the pages cut at their places")
  func keyScreenThenWalk() throws {
    let fixture = try RecordsFixture(tracks: 1_200, albums: 10)
    let all = try fixture.database.read { db in try Track.fetchAll(db, sql: "SELECT * FROM track") }
    let order = RecordPagingTests.sorted(all, Self.byLength)[0].map(\.id)
    _ = try open(fixture, Self.byLength, at: .key(order[613].databaseValue))
    var seen: [Int: Int64] = [:]
    fixture.table.setContentOffset(Point(x: 0, y: fixture.table.minimumContentOffsetY), animated: false)
    while true {
      try fixture.settle()
      for (path, track) in fixture.visibleTracks { seen[path.row] = track?.id }
      let y = fixture.table.contentOffset.y
      if y >= fixture.table.maximumContentOffsetY { break }
      fixture.table.setContentOffset(
        Point(x: 0, y: min(y + fixture.table.viewportSize.height, fixture.table.maximumContentOffsetY)),
        animated: false)
    }
    #expect(seen.count == order.count)
    #expect(seen.sorted { $0.key < $1.key }.map(\.value) == order)
  }

  @Test("opened at the first row: its screen shows before the rows are counted, and the count adds rows below")
  func firstScreenFirst() throws {
    let fixture = try RecordsFixture(tracks: 2_000, albums: 10)
    let steps = try open(fixture, Self.byLength, at: .first)
    let all = try fixture.database.read { db in try Track.fetchAll(db, sql: "SELECT * FROM track") }
    let order = RecordPagingTests.sorted(all, Self.byLength)[0].map(\.id)
    #expect(steps.wasOpening)
    #expect(steps.firstRows > 0 && steps.firstRows < 2_000)
    #expect(steps.firstVisible == order.prefix(steps.firstVisible.count).map { $0 })
    #expect(fixture.table.numberOfRows(inSection: 0) == 2_000)
    #expect(steps.settledVisible == steps.firstVisible)
    #expect(steps.configuredBetween.isEmpty, "\(steps.configuredBetween)")
  }

  @Test("End while the first screen is counted: the jump waits for the count, which is made once")
  func jumpDuringCount() throws {
    let fixture = try RecordsFixture(tracks: 2_000, albums: 10)
    try fixture.open(Self.byLength, anchor: .first)
    let source = try #require(fixture.source)
    source.resultsPerUpdate = 1
    fixture.table.layoutIfNeeded()
    #expect(source.waitForBackgroundWork(timeout: 60))
    source.processUpdates()
    #expect(source.isOpening)
    source.scroll(to: .last)
    source.resultsPerUpdate = .max
    try fixture.settle()
    let all = try fixture.database.read { db in try Track.fetchAll(db, sql: "SELECT * FROM track") }
    let order = RecordPagingTests.sorted(all, Self.byLength)[0].map(\.id)
    #expect(fixture.visibleTracks.last?.1?.id == order.last)
    #expect(fixture.table.contentOffset.y == fixture.table.maximumContentOffsetY)
    #expect(source.readCounts.sectionCounts == 1, "\(source.readCounts)")
  }

  @Test("an order no index serves opens at a key as before: counted first, its rows read once")
  func unindexedKeyOpensAfterCount() throws {
    let fixture = try RecordsFixture(tracks: 1_000, albums: 10)
    let request = SQLiteRecordRequest(table: "track", key: .column("id"), ordering: [.ascending("number")])
    let steps = try open(fixture, request, at: .key(500.databaseValue))
    #expect(!steps.wasOpening)
    #expect(fixture.visibleTracks.first?.1?.id == 500)
  }

  @Test("counts kept by triggers are read at once: the open is one read, no early screen")
  func keptCountsOpenAtOnce() throws {
    let fixture = try RecordsFixture(tracks: 500, albums: 10)
    let request = SQLiteRecordRequest(
      table: "track", key: .column("id"), ordering: [.ascending("number")], sectionColumn: "album_id")
    try SQLiteSectionCounts.install(on: "track", sectionColumn: "album_id", in: fixture.database)
    let steps = try open(fixture, request, at: .first)
    #expect(!steps.wasOpening)
    #expect(fixture.table.numberOfSections == 10)
  }

  @Test("a key found twice on the first screen fails the open, said once; nothing is shown")
  func keyScreenFails() throws {
    let fixture = try RecordsFixture(tracks: 100, albums: 10)
    let request = SQLiteRecordRequest(
      sql: "SELECT *, album_id AS album FROM track", key: .column("album"), ordering: [.ascending("title")])
    try fixture.open(request, anchor: .key(3.databaseValue))
    try fixture.settle()
    #expect(fixture.source.reportedErrors == [.keyNotUnique("album", source: "the query")])
    #expect(fixture.table.numberOfSections == 0)
  }
}
