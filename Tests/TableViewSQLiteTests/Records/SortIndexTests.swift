import Foundation
import GRDB
import SeededRandom
import TableViewCore
import Testing

@testable import TableViewSQLite

@Suite("Records: a sort index in a side file") struct SortIndexTests {
  /// Gives the fixture's tracks a `rating` no index serves: NULLs, ties of integers and reals, and texts.
  static func rate(_ fixture: RecordsFixture, seed: UInt64) throws -> [(id: Int64, rating: DatabaseValue)] {
    var random = SplitMix64(seed: seed)
    let count = try fixture.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM track") ?? 0 }
    var ratings: [(Int64, DatabaseValue)] = []
    for id in 1...Int64(count) {
      let value: DatabaseValue =
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .null
        case 1: Int.random(in: -3...3, using: &random).databaseValue
        case 2: (Double(Int.random(in: -6...6, using: &random)) / 2).databaseValue
        case 3: ["b", "a", "B", "é", ""].randomElement(using: &random)!.databaseValue
        default: Int.random(in: 0...1_000_000, using: &random).databaseValue
        }
      ratings.append((id, value))
    }
    try fixture.database.write { db in
      try db.execute(sql: "ALTER TABLE track ADD COLUMN rating")
      for (id, value) in ratings {
        try db.execute(sql: "UPDATE track SET rating = ? WHERE id = ?", arguments: [value, id])
      }
    }
    return ratings
  }

  /// SQLite's order of values: NULL, then numbers by value, then texts by their bytes.
  static func precedes(_ a: DatabaseValue, _ b: DatabaseValue) -> Bool? {
    func rank(_ value: DatabaseValue) -> Int {
      switch value.storage {
      case .null: 0
      case .int64, .double: 1
      case .string: 2
      case .blob: 3
      }
    }
    if rank(a) != rank(b) { return rank(a) < rank(b) }
    switch (a.storage, b.storage) {
    case (.string(let x), .string(let y)):
      return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8)) ? true : x == y ? nil : false
    case (.null, .null): return nil
    default:
      let x = Double.fromDatabaseValue(a)!
      let y = Double.fromDatabaseValue(b)!
      return x < y ? true : x == y ? nil : false
    }
  }

  /// The keys in the order: the rating (going up or down), then the key going up.
  static func model(_ ratings: [(id: Int64, rating: DatabaseValue)], descending: Bool) -> [Int64] {
    ratings.sorted { a, b in
      if let before = precedes(a.rating, b.rating) { return before != descending }
      return a.id < b.id
    }.map(\.id)
  }

  @Test("the sorted order through the index is the scan's and the model's, both ways, read from random places")
  func randomizedOrder() throws {
    for seed in [1, 2, 3] as [UInt64] {
      let fixture = try RecordsFixture(tracks: 2_000, albums: 10)
      let ratings = try Self.rate(fixture, seed: seed)
      var random = SplitMix64(seed: seed * 77)
      for descending in [false, true] {
        let ordering: SQLiteRecordRequest.Ordering = descending ? .descending("rating") : .ascending("rating")
        let expected = Self.model(ratings, descending: descending)
        // The scan order is the model's.
        let scan = try fixture.database.read { db in
          try Int64.fetchAll(db, sql: "SELECT id FROM track ORDER BY rating \(descending ? "DESC" : "ASC"), id")
        }
        #expect(scan == expected)
        let index = SQLiteSortIndex(
          databasePath: fixture.path, table: "track", ordering: ordering, folder: fixture.folder)
        #expect(index.build() == .ready)
        #expect(index.fractionCompleted == 1)
        #expect(index.isCurrent)
        let reader = try index.makeReader()
        try fixture.open(index.request, database: reader)
        #expect(fixture.source.warnings.isEmpty, "\(fixture.source.warnings)")
        try fixture.settle()
        #expect(fixture.table.numberOfRows(inSection: 0) == expected.count)
        for step in 0..<12 {
          let row =
            step == 0 ? expected.count - 1 : step == 1 ? 0 : Int.random(in: 0..<expected.count, using: &random)
          fixture.source.scroll(to: .position(IndexPath(row: row, section: 0)))
          try fixture.settle()
          let visible = fixture.visibleTracks
          let first = try #require(visible.first?.0.row)
          #expect(visible.map { $0.1?.id } == Array(expected[first..<first + visible.count]), "seed \(seed) row \(row)")
          #expect(visible.contains { $0.0.row == row })
        }
        // A row's position is its key: the source opens at it.
        let position = Int.random(in: 1...expected.count, using: &random)
        try fixture.open(index.request, anchor: .key(position.databaseValue), database: reader)
        try fixture.settle()
        let shown = fixture.visibleTracks.first { $0.0.row == position - 1 }
        #expect(shown?.1?.id == expected[position - 1])
        _ = fixture.source.waitForBackgroundWork(timeout: 60)
        index.cancel()
        #expect(!FileManager.default.fileExists(atPath: index.path))
      }
    }
  }

  @Test("a new sort mid-build cancels the old one: its file removed, the new one's rows right")
  func cancelMidBuild() throws {
    let fixture = try RecordsFixture(tracks: 300_000, albums: 10)
    let index = SQLiteSortIndex(
      databasePath: fixture.path, table: "track", ordering: .ascending("seconds"), folder: fixture.folder)
    let done = DispatchSemaphore(value: 0)
    let result = Locked<SQLiteSortIndex.State?>(nil)
    DispatchQueue.global().async {
      let state = index.build()
      result.withLock { $0 = state }
      done.signal()
    }
    // Once some rows are read (the first 4,096 of 300,000), the user sorts again.
    while case .building(let fraction) = index.state, fraction == 0 {}
    index.cancel()
    done.wait()
    #expect(result.withLock { $0 } == .cancelled)
    #expect(index.state == .cancelled)
    #expect(!FileManager.default.fileExists(atPath: index.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path) == ["music.sqlite"])

    let next = SQLiteSortIndex(
      databasePath: fixture.path, table: "track", ordering: .descending("seconds"), folder: fixture.folder)
    #expect(next.build() == .ready)
    try fixture.open(next.request, database: try next.makeReader())
    try fixture.settle()
    #expect(fixture.visibleTracks.map { $0.1?.id } == (try fixture.firstTrackIDs(orderedBy: "seconds DESC, id")))
  }

  @Test("a side file left by a process that no longer runs is removed by the next build; a live one's is kept")
  func leftovers() throws {
    let fixture = try RecordsFixture(tracks: 10, albums: 1)
    // Process ids above the kernel's largest (4,194,304) never run; this process's file is its own.
    let dead = fixture.folder.appendingPathComponent("tableview-sort-2147483000-A.sqlite").path
    let live = fixture.folder.appendingPathComponent("tableview-sort-\(getpid())-B.sqlite").path
    for path in [dead, live] { #expect(FileManager.default.createFile(atPath: path, contents: Data())) }
    let index = SQLiteSortIndex(
      databasePath: fixture.path, table: "track", ordering: .ascending("seconds"), folder: fixture.folder)
    #expect(index.build() == .ready)
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(FileManager.default.fileExists(atPath: live))
  }

  @Test("a side folder that cannot be written: a clear error, no file, the app's file untouched")
  func folderNotWritable() throws {
    let fixture = try RecordsFixture(tracks: 100, albums: 1)
    // A file where the folder should be: nothing can be created in it (even as root).
    let notAFolder = fixture.folder.appendingPathComponent("music.sqlite")
    let index = SQLiteSortIndex(
      databasePath: fixture.path, table: "track", ordering: .ascending("seconds"), folder: notAFolder)
    let state = index.build()
    guard case .failed(.cannotOpen(let path, _)) = state else {
      Issue.record("expected a failure to open the side file, got \(state)")
      return
    }
    #expect(path == index.path)
    #expect("\(SQLiteRecordError.cannotOpen(path: path, message: "x"))".contains(index.path))
    #expect(!index.isCurrent)
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path) == ["music.sqlite"])
  }

  @Test("a commit to the app's file after the build makes the index stale; a missing table fails the build")
  func staleness() throws {
    let fixture = try RecordsFixture(tracks: 500, albums: 5)
    let index = SQLiteSortIndex(
      databasePath: fixture.path, table: "track", ordering: .ascending("seconds"), folder: fixture.folder)
    #expect(index.build() == .ready)
    #expect(index.isCurrent)
    // A read changes nothing.
    _ = try fixture.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM track") }
    #expect(index.isCurrent)
    try fixture.database.write { db in try db.execute(sql: "UPDATE track SET seconds = 1 WHERE id = 7") }
    #expect(!index.isCurrent)

    let missing = SQLiteSortIndex(
      databasePath: fixture.path, table: "nothing", ordering: .ascending("seconds"), folder: fixture.folder)
    guard case .failed(.queryFailed(_, let message)) = missing.build() else {
      Issue.record("expected a failed query")
      return
    }
    #expect(message.contains("no such table"))
    #expect(!FileManager.default.fileExists(atPath: missing.path))
  }
}
