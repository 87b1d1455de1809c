import Foundation
import GRDB
import SeededRandom
import TableViewCore
import TableViewTesting
import Testing

@testable import TableViewSQLite

/// The table's delegate in these tests: row heights come from the source (as an app forwards them).
final class HeightForwarder: TableViewDelegate {
  weak var source: SQLiteRecordDataSource<Track>?
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    source?.height(forRowAt: indexPath) ?? 0
  }
}

/// One launch of an app over a music library: a table of 320 points by 480 (or `width`) whose
/// rows are as tall as their title says, served by a records source that keeps heights in `store`.
final class HeightLaunch {
  let table = TableView()
  let forwarder = HeightForwarder()
  let source: SQLiteRecordDataSource<Track>
  private final class Log { var measured: [Track] = [] }
  private let log = Log()
  /// The tracks measured by a template cell, in order, as they were.
  var measuredTracks: [Track] { log.measured }
  /// Their ids.
  var measured: [Int64] { log.measured.map(\.id) }

  /// A track's height at a width: 20 points, 10 more per title character past 13 (the generated
  /// titles have 13), 5 more in a narrow table.
  static func height(_ track: Track, width: Double) -> Double {
    20 + Double(max(track.title.count - 13, 0)) * 10 + (width < 400 ? 5 : 0)
  }

  init(
    database: any DatabaseReader, store: SQLiteRowHeightStore?, width: Double = 320, editingIndent: Double = 0,
    request: SQLiteRecordRequest = SQLiteRecordRequest(table: "track", key: .column("id"), ordering: [.ascending("id")])
  ) throws {
    let log = log
    table.register(
      {
        let cell = TrackCell { track, width in
          guard let track else { return 20 }
          log.measured.append(track)
          return Self.height(track, width: width)
        }
        cell.editingIndent = editingIndent
        return cell
      }, forCellReuseIdentifier: "track")
    table.viewportSize = Size(width: width, height: 480)
    table.delegate = forwarder
    source = try SQLiteRecordDataSource<Track>(
      database: database, request: request, tableView: table, reuseIdentifier: "track", pageSize: 20,
      placeholderHeight: 20, rowHeights: store
    ) { cell, track in (cell as! TrackCell).value = track }
    forwarder.source = source
  }

  deinit { _ = source.waitForBackgroundWork(timeout: 60) }

  /// Lays out and runs the owner's hook until nothing is on its way and every height is stored.
  func settle() throws { try settleRecords(source, table) }

  /// The visible rows' frames, by track id.
  var frames: [Int64: Rect] {
    var result: [Int64: Rect] = [:]
    for path in table.indexPathsForVisibleRows {
      if let id = source.record(at: path)?.id, let frame = try? table.rectForRow(at: path) { result[id] = frame }
    }
    return result
  }
}

@Suite("Row heights kept in a side database")
struct RecordHeightTests {
  /// A library whose tracks 3, 8, 13, … have longer titles (taller rows).
  static func makeLibrary(_ folder: URL) throws -> (path: String, database: DatabaseQueue) {
    let path = folder.appendingPathComponent("music.sqlite").path
    let database = try MusicLibrary.make(at: path, tracks: 500, albums: 5)
    try database.write { db in try db.execute(sql: "UPDATE track SET title = title || ' (live)' WHERE id % 5 = 3") }
    return (path, database)
  }

  @Test("heights measured on one launch show at once on the next, and a read-only file is never written")
  func nextLaunch() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (path, database) = try Self.makeLibrary(folder)
    try database.close()
    // The user's file, read-only: the library may not write it, not even a journal beside it.
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    var configuration = Configuration()
    configuration.readonly = true
    let readOnly = try DatabaseQueue(path: path, configuration: configuration)
    let store = try SQLiteRowHeightStore(directory: folder.appendingPathComponent("cache").path)

    let first = try HeightLaunch(database: readOnly, store: store)
    try first.settle()
    #expect(!first.measured.isEmpty)
    #expect(first.frames.count == first.measured.count)
    // A tall row is as tall as its title says.
    let tall = try #require(first.frames[3])
    #expect(tall.height == 20 + 7 * 10 + 5)
    #expect(try store.count() == first.measured.count)

    // The next launch: the same rows at the same heights, none measured.
    let second = try HeightLaunch(database: readOnly, store: store)
    try second.settle()
    #expect(second.measured.isEmpty)
    #expect(second.frames == first.frames)
    #expect(second.source.readCounts.heightsRead == first.measured.count)

    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(siblings == ["cache", "music.sqlite"])
  }

  @Test("a row edited by another program since is measured again; the others are not")
  func editedRow() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, database) = try Self.makeLibrary(folder)
    let store = try SQLiteRowHeightStore(directory: folder.appendingPathComponent("cache").path)
    let first = try HeightLaunch(database: database, store: store)
    try first.settle()
    try database.write { db in try db.execute(sql: "UPDATE track SET title = 'Track 0000002 (remastered)' WHERE id = 2")
    }

    let second = try HeightLaunch(database: database, store: store)
    try second.settle()
    #expect(second.measured == [2])
    #expect(try #require(second.frames[2]).height == 20 + 13 * 10 + 5)
  }

  @Test("another width, another layout version, or a file replaced by another are measured afresh")
  func scopes() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (path, database) = try Self.makeLibrary(folder)
    let cache = folder.appendingPathComponent("cache").path
    let store = try SQLiteRowHeightStore(directory: cache)
    let first = try HeightLaunch(database: database, store: store)
    try first.settle()
    let rows = first.measured.count

    let wide = try HeightLaunch(database: database, store: store, width: 600)
    try wide.settle()
    #expect(wide.measured.count == wide.frames.count)
    #expect(try #require(wide.frames[3]).height == 20 + 7 * 10)

    let redesigned = try HeightLaunch(
      database: database, store: try SQLiteRowHeightStore(directory: cache, layoutVersion: "2"))
    try redesigned.settle()
    #expect(redesigned.measured.count == rows)

    // The same path, another file (a copy moved over it: another inode).
    try database.close()
    let copy = folder.appendingPathComponent("copy.sqlite").path
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    #expect(rename(copy, path) == 0)
    let replaced = try HeightLaunch(database: try DatabaseQueue(path: path), store: store)
    try replaced.settle()
    #expect(replaced.measured.count == rows)
  }

  @Test("in edit mode rows are measured at their narrower content, not from the kept heights, and not stored")
  func editMode() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, database) = try Self.makeLibrary(folder)
    let store = try SQLiteRowHeightStore(directory: folder.appendingPathComponent("cache").path)
    // 480 points wide, 380 for the content in edit mode: a narrow table's 5 points more.
    let launch = try HeightLaunch(database: database, store: store, width: 480, editingIndent: 100)
    try launch.settle()
    let stored = try store.count()
    func expectHeights(narrow: Bool, _ when: String) {
      for (id, frame) in launch.frames {
        let tall = id % 5 == 3
        #expect(frame.height == 20 + (tall ? 70 : 0) + (narrow ? 5 : 0), "track \(id) \(when)")
      }
    }
    expectHeights(narrow: false, "before edit mode")
    launch.table.setEditing(true, animated: false)
    try launch.settle()
    expectHeights(narrow: true, "as edit mode starts")
    try launch.table.scrollToRow(at: IndexPath(row: 60, section: 0), at: .top, animated: false)
    try launch.settle()
    expectHeights(narrow: true, "coming on screen in edit mode")
    #expect(try store.count() == stored, "only the full width's heights are stored")
    launch.table.setEditing(false, animated: false)
    try launch.settle()
    expectHeights(narrow: false, "as edit mode ends")
    try launch.table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
    try launch.settle()
    expectHeights(narrow: false, "back at the top")
  }

  @Test("a store that cannot be created is a clear error, and nothing is opened")
  func badStore() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A file where the folder should be.
    let blocked = folder.appendingPathComponent("blocked").path
    #expect(FileManager.default.createFile(atPath: blocked, contents: Data("x".utf8)))
    #expect {
      try SQLiteRowHeightStore(directory: blocked)
    } throws: { error in
      guard case .cannotOpen(let path, let message)? = error as? SQLiteRecordError else { return false }
      return path.hasSuffix("blocked/row-heights.sqlite") && message.contains("row height store")
    }
    // A file that is not a database where the store should be.
    let garbage = folder.appendingPathComponent("garbage")
    try FileManager.default.createDirectory(at: garbage, withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: 4096).write(to: garbage.appendingPathComponent("row-heights.sqlite"))
    #expect(throws: SQLiteRecordError.self) { try SQLiteRowHeightStore(directory: garbage.path) }
  }

  /// Random launches, edits by another program and widths, against a model of what was measured
  /// at which values: a row is measured exactly when no height was measured for its current values
  /// at the width, and every row is shown at its true height.
  @Test("random launches, edits and widths: measured exactly when unknown, never shown at an old height")
  func model() throws {
    for seed in 1...6 {
      var random = SplitMix64(seed: UInt64(seed))
      let folder = try Fixture.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let (_, database) = try Self.makeLibrary(folder)
      let store = try SQLiteRowHeightStore(directory: folder.appendingPathComponent("cache").path)
      // The model: the titles measured at each width.
      var known: Set<String> = []
      for _ in 0..<5 {
        if random.bool() {
          let id = random.int(1...30)
          let suffix = String(repeating: "!", count: random.int(0...4))
          try database.write { db in
            try db.execute(
              sql: "UPDATE track SET title = printf('Track %07d', id) || ? WHERE id = ?", arguments: [suffix, id])
          }
        }
        let width = random.bool() ? 320.0 : 600.0
        let launch = try HeightLaunch(database: database, store: store, width: width)
        try launch.settle()
        // Nothing measured twice, across launches too.
        for track in launch.measuredTracks {
          #expect(known.insert("\(track.id) \(track.title) \(width)").inserted, "seed \(seed): track \(track.id)")
        }
        // Every row shown at its true height, and measured once for what it is now.
        for path in launch.table.indexPathsForVisibleRows {
          let track = try #require(launch.source.record(at: path))
          let frame = try launch.table.rectForRow(at: path)
          #expect(frame.height == HeightLaunch.height(track, width: width), "seed \(seed): track \(track.id)")
          #expect(known.contains("\(track.id) \(track.title) \(width)"), "seed \(seed): track \(track.id)")
        }
      }
    }
  }
}
