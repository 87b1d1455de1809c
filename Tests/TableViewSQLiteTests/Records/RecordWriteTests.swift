import Foundation
import GRDB
import SeededRandom
import TableViewCore
import TableViewTesting
import Testing

@testable import TableViewSQLite

/// A to-do item: in a list (the section), at a position (the order).
struct Item: FetchableRecord, Sendable, Equatable {
  var id: Int64
  var list: String
  var position: Double
  var note: String

  init(row: Row) throws {
    id = row["id"]
    list = row["list"]
    position = row["position"]
    note = row["note"]
  }
}

/// Lists of items a user deletes and reorders, written by the app's closures; items whose id is in
/// `refused` cannot be written (a trigger aborts), as a database that says no.
final class WriteFixture {
  let folder: URL
  let database: DatabaseQueue
  let table = TableView()
  let source: SQLiteRecordDataSource<Item>

  init(lists: Int = 3, items: Int = 30, refused: [Int64] = []) throws {
    folder = try Fixture.temporaryFolder()
    database = try DatabaseQueue(path: folder.appendingPathComponent("todo.sqlite").path)
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE item(
            id INTEGER PRIMARY KEY, list TEXT NOT NULL, position REAL NOT NULL, note TEXT NOT NULL DEFAULT '');
          CREATE INDEX item_order ON item(list, position, id);
          CREATE TABLE refused(id INTEGER PRIMARY KEY);
          CREATE TRIGGER refuse_delete BEFORE DELETE ON item WHEN old.id IN (SELECT id FROM refused)
            BEGIN SELECT RAISE(ABORT, 'this item is locked'); END;
          CREATE TRIGGER refuse_update BEFORE UPDATE ON item WHEN old.id IN (SELECT id FROM refused)
            BEGIN SELECT RAISE(ABORT, 'this item is locked'); END;
          """)
      for i in 0..<(lists * items) {
        try db.execute(
          sql: "INSERT INTO item(id, list, position) VALUES (?, ?, ?)",
          arguments: [i + 1, "list \(i % lists)", Double(i / lists)])
      }
      for id in refused { try db.execute(sql: "INSERT INTO refused(id) VALUES (?)", arguments: [id]) }
    }
    table.register({ ValueCell<Item> { _, _ in 20 } }, forCellReuseIdentifier: "item")
    table.viewportSize = Size(width: 320, height: 480)
    table.rowHeight = 20
    source = try SQLiteRecordDataSource<Item>(
      database: database,
      request: SQLiteRecordRequest(
        table: "item", key: .column("id"), ordering: [.ascending("position")], sectionColumn: "list"),
      tableView: table, reuseIdentifier: "item", pageSize: 10, cachedPages: 12, placeholderHeight: 20
    ) { cell, item in (cell as! ValueCell<Item>).value = item }
    source.writes = SQLiteRecordWrites(
      delete: { db, key in try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [key]) },
      move: { db, move in
        // Between the new neighbours' positions (one past either at an end of the list).
        let position: (DatabaseValue?) throws -> Double? = { key in
          try key.flatMap { try Double.fetchOne(db, sql: "SELECT position FROM item WHERE id = ?", arguments: [$0]) }
        }
        let value: Double =
          switch (try position(move.previousKey), try position(move.nextKey)) {
          case (nil, nil): 0
          case (let low?, nil): low + 1
          case (nil, let high?): high - 1
          case (let low?, let high?): (low + high) / 2
          }
        try db.execute(
          sql: "UPDATE item SET list = ?, position = ? WHERE id = ?", arguments: [move.sectionValue, value, move.key])
      })
  }

  deinit {
    _ = source.waitForBackgroundWork(timeout: 60)
    try? FileManager.default.removeItem(at: folder)
  }

  func settle() throws { try settleRecords(source, table) }

  /// Moves a row as a user's drop does: the data source's model first, then the table (which
  /// checks the counts against the data source).
  func move(_ from: IndexPath, to: IndexPath) throws {
    source.tableView(table, moveRowAt: from, to: to)
    if from != to { try table.moveRow(at: from, to: to) }
  }

  /// The ids the table shows, per section (the visible rows; a placeholder is -1).
  var shown: [[Int64]] {
    var result = Array(repeating: [Int64](), count: table.numberOfSections)
    for path in table.indexPathsForVisibleRows {
      result[path.section].append((table.cellForRow(at: path) as? ValueCell<Item>)?.value?.id ?? -1)
    }
    return result
  }

  /// The last error reported is a write the database refused (a locked item), named by what it was doing.
  func expectLastErrorIsRefused(_ verb: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let error = try #require(source.reportedErrors.last, sourceLocation: sourceLocation)
    guard case .writeFailed(let action, let message) = error else {
      Issue.record("not a write failure: \(error)", sourceLocation: sourceLocation)
      return
    }
    #expect(action.contains(verb) && message.contains("this item is locked"), sourceLocation: sourceLocation)
  }

  /// The database's ids per list, in order.
  func stored() throws -> [[Int64]] {
    try database.read { db in
      let rows = try Row.fetchAll(db, sql: "SELECT id, list FROM item ORDER BY list, position, id")
      var lists: [String: [Int64]] = [:]
      for row in rows { lists[row["list"], default: []].append(row["id"]) }
      return lists.keys.sorted().map { lists[$0]! }
    }
  }

  /// The rows the table shows, as the database has them at those index paths.
  func expectShowsDatabase(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let lists = try stored()
    #expect(table.numberOfSections == lists.count, comment, sourceLocation: sourceLocation)
    for path in table.indexPathsForVisibleRows {
      let shown = (table.cellForRow(at: path) as? ValueCell<Item>)?.value?.id
      #expect(
        shown == lists[path.section][path.row], "\(path) \(comment?.description ?? "")",
        sourceLocation: sourceLocation)
    }
    for (s, ids) in lists.enumerated() where s < table.numberOfSections {
      #expect(table.numberOfRows(inSection: s) == ids.count, comment, sourceLocation: sourceLocation)
    }
  }
}

@Suite("Writes: deleted and moved rows shown at once, undone when the database refuses")
struct RecordWriteTests {
  @Test("a delete shows at once and is written; the rows shown are the database's")
  func delete() throws {
    let fixture = try WriteFixture()
    try fixture.settle()
    let before = fixture.shown[0]
    #expect(fixture.source.commitsEditingStyle)
    #expect(fixture.source.tableView(fixture.table, canEditRowAt: IndexPath(row: 2, section: 0)))
    fixture.source.tableView(fixture.table, commit: .delete, forRowAt: IndexPath(row: 2, section: 0))
    // At once: before anything is written or read.
    #expect(fixture.table.numberOfRows(inSection: 0) == 29)
    fixture.table.layoutIfNeeded()
    #expect(Array(fixture.shown[0].prefix(4)) == [before[0], before[1], before[3], before[4]])
    try fixture.settle()
    #expect(try fixture.stored()[0].count == 29)
    #expect(!(try fixture.stored()[0]).contains(before[2]))
    try fixture.expectShowsDatabase()
    #expect(fixture.source.undoneWriteCount == 0 && fixture.source.reportedErrors.isEmpty)
  }

  @Test("a delete the database refuses comes back where it was, and the failure is named")
  func refusedDelete() throws {
    let fixture = try WriteFixture(refused: [7])  // list 0's row 2
    try fixture.settle()
    #expect(fixture.shown[0][2] == 7)
    fixture.source.deleteRow(at: IndexPath(row: 2, section: 0))
    #expect(fixture.table.numberOfRows(inSection: 0) == 29)
    try fixture.settle()
    #expect(fixture.table.numberOfRows(inSection: 0) == 30)
    #expect(fixture.shown[0][2] == 7)
    try fixture.expectShowsDatabase()
    #expect(fixture.source.undoneWriteCount == 1)
    try fixture.expectLastErrorIsRefused("deleting")
  }

  @Test("a move within a list and to another is written between the new neighbours; a refused one goes back")
  func moves() throws {
    let fixture = try WriteFixture(items: 6, refused: [10])
    try fixture.settle()
    // List 0 is 1, 4, 7, 10, …: 1 dropped after 7.
    try fixture.move(IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
    try fixture.settle()
    #expect(Array(try fixture.stored()[0].prefix(4)) == [4, 7, 1, 10])
    try fixture.expectShowsDatabase()
    // To the top of list 1 (2, 5, 8, …).
    try fixture.move(IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 1))
    try fixture.settle()
    let lists = try fixture.stored()
    #expect(Array(lists[1].prefix(3)) == [7, 2, 5], "\(lists) \(fixture.source.reportedErrors)")
    try fixture.expectShowsDatabase()
    // 10 is locked: it goes back.
    let at = try #require(fixture.shown[0].firstIndex(of: 10))
    try fixture.move(IndexPath(row: at, section: 0), to: IndexPath(row: 0, section: 0))
    try fixture.settle()
    try fixture.expectShowsDatabase()
    #expect(fixture.shown[0][at] == 10)
    #expect(fixture.source.undoneWriteCount == 1, "\(fixture.source.reportedErrors)")
  }

  /// The note each visible row of section 0 shows.
  func notes(_ fixture: WriteFixture) -> [String?] {
    fixture.table.indexPathsForVisibleRows.filter { $0.section == 0 }.map {
      (fixture.table.cellForRow(at: $0) as? ValueCell<Item>)?.value?.note
    }
  }

  @Test("an update shows at once, is written, and a refused one comes back as it was")
  func updates() throws {
    let fixture = try WriteFixture(refused: [7])  // list 0's row 2
    try fixture.settle()
    let path = IndexPath(row: 1, section: 0)
    var edited = try #require((fixture.table.cellForRow(at: path) as? ValueCell<Item>)?.value)
    edited.note = "Buy milk"
    let (id, note) = (edited.id, edited.note)
    fixture.source.updateRow(at: path, to: edited) { db in
      try db.execute(sql: "UPDATE item SET note = ? WHERE id = ?", arguments: [note, id])
    }
    // At once: before anything is written or read.
    #expect(notes(fixture)[1] == "Buy milk")
    try fixture.settle()
    #expect(notes(fixture)[1] == "Buy milk")
    #expect(
      try fixture.database.read { db in
        try String.fetchOne(db, sql: "SELECT note FROM item WHERE id = ?", arguments: [id])
      } == "Buy milk")
    #expect(fixture.source.undoneWriteCount == 0 && fixture.source.reportedErrors.isEmpty)
    // Item 7 is locked: the edit shows, then goes back.
    let locked = IndexPath(row: 2, section: 0)
    var refused = try #require((fixture.table.cellForRow(at: locked) as? ValueCell<Item>)?.value)
    #expect(refused.id == 7)
    refused.note = "Never saved"
    fixture.source.updateRow(at: locked, to: refused) { db in
      try db.execute(sql: "UPDATE item SET note = 'Never saved' WHERE id = 7")
    }
    #expect(notes(fixture)[2] == "Never saved")
    try fixture.settle()
    #expect(notes(fixture)[2] == "")
    try fixture.expectShowsDatabase()
    #expect(fixture.source.undoneWriteCount == 1)
    try fixture.expectLastErrorIsRefused("updating")
    // A placeholder cannot be edited: said, nothing written.
    fixture.source.updateRow(at: IndexPath(row: 5_000, section: 0), to: edited) { _ in Issue.record("written") }
    #expect(fixture.source.reportedErrors.count == 2)
  }

  @Test("an update of the order's column moves the row to its place once written")
  func updateMoves() throws {
    let fixture = try WriteFixture()
    try fixture.settle()
    // List 0 is 1, 4, 7, 10, … at positions 0, 1, 2, …: 1 goes after 10.
    let path = IndexPath(row: 0, section: 0)
    var edited = try #require((fixture.table.cellForRow(at: path) as? ValueCell<Item>)?.value)
    edited.position = 3.5
    edited.note = "Later"
    fixture.source.updateRow(at: path, to: edited) { db in
      try db.execute(sql: "UPDATE item SET position = 3.5, note = 'Later' WHERE id = 1")
    }
    try fixture.settle()
    #expect(Array(fixture.shown[0].prefix(5)) == [4, 7, 10, 1, 13])
    #expect(notes(fixture)[3] == "Later")
    try fixture.expectShowsDatabase()
    #expect(fixture.source.reportedErrors.isEmpty)
  }

  @Test("a source over a read-only connection refuses writes clearly and shows the rows again")
  func readOnly() throws {
    let fixture = try WriteFixture()
    var configuration = Configuration()
    configuration.readonly = true
    let readOnly = try DatabaseQueue(path: fixture.database.path, configuration: configuration)
    let table = TableView()
    table.register({ ValueCell<Item> { _, _ in 20 } }, forCellReuseIdentifier: "item")
    table.viewportSize = Size(width: 320, height: 480)
    table.rowHeight = 20
    let source = try SQLiteRecordDataSource<Item>(
      database: readOnly,
      request: SQLiteRecordRequest(table: "item", key: .column("id"), ordering: [.ascending("position")]),
      tableView: table, reuseIdentifier: "item", pageSize: 10, placeholderHeight: 20
    ) { cell, item in (cell as! ValueCell<Item>).value = item }
    source.writes = fixture.source.writes
    try settleRecords(source, table)
    source.deleteRow(at: IndexPath(row: 0, section: 0))
    #expect(table.numberOfRows(inSection: 0) == 89)
    try settleRecords(source, table)
    #expect(table.numberOfRows(inSection: 0) == 90)
    #expect(source.undoneWriteCount == 1)
    #expect(source.reportedErrors.last?.description.contains("readonly") == true)
    #expect(try fixture.stored().joined().count == 90)
  }

  @Test("the file deleted or replaced while open: said once, changes refused and shown undone, no file written")
  func fileLost() throws {
    for replace in [false, true] {
      let fixture = try WriteFixture(items: 6)
      try fixture.settle()
      let path = fixture.database.path
      let other = fixture.folder.appendingPathComponent("other.sqlite").path
      if replace {
        // Another database moved over the name: it must never get our writes.
        let database = try DatabaseQueue(path: other)
        try database.write { db in try db.execute(sql: "CREATE TABLE item(id INTEGER PRIMARY KEY, list, position)") }
        try database.close()
        #expect(rename(other, path) == 0)
      } else {
        #expect(unlink(path) == 0)
      }
      let before = fixture.shown
      fixture.source.processUpdates()
      #expect(fixture.source.isFileLost)
      guard case .fileLost(_, let message)? = fixture.source.reportedErrors.last else {
        Issue.record("no fileLost error: \(fixture.source.reportedErrors)")
        continue
      }
      #expect(message.contains(replace ? "was replaced by another program" : "was deleted by another program"))
      fixture.source.deleteRow(at: IndexPath(row: 1, section: 0))
      try fixture.settle()
      // Refused before the table changed: the row never left.
      #expect(fixture.table.numberOfRows(inSection: 0) == 6)
      #expect(fixture.shown == before)
      let refusal = fixture.source.reportedErrors.last?.description ?? ""
      #expect(refusal.contains("was not saved") && refusal.contains("by another program"), "\(refusal)")
      #expect(fixture.source.reportedErrors.filter { if case .fileLost = $0 { true } else { false } }.count == 1)
      if replace {
        let database = try DatabaseQueue(path: path)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") } == 0)
      } else {
        #expect(!FileManager.default.fileExists(atPath: path))
      }
    }
  }

  /// Random deletes and moves, some refused, against a model of the lists: after each settled
  /// change the database is the model and the table shows it.
  @Test("random deletes and moves, some refused: the table shows what the database has")
  func model() throws {
    for seed in 1...8 {
      var random = SplitMix64(seed: UInt64(seed))
      let refused: [Int64] = (0..<8).map { _ in Int64(random.int(1...90)) }
      let fixture = try WriteFixture(refused: refused)
      try fixture.settle()
      var model = try fixture.stored()
      for step in 0..<12 {
        let visible = fixture.table.indexPathsForVisibleRows
        guard let from = visible.isEmpty ? nil : random.pick(visible) else { break }
        guard from.section < model.count, from.row < model[from.section].count else {
          Issue.record("seed \(seed) step \(step): \(from) is not in the model")
          break
        }
        let id = model[from.section][from.row]
        if random.below(3) == 0 {
          fixture.source.deleteRow(at: from)
          if !refused.contains(id) { model[from.section].remove(at: from.row) }
        } else {
          // Dropped among the rows on screen (their neighbours are read).
          var to = random.pick(visible)
          if to.section != from.section, random.bool() { to.row += 1 }
          try fixture.move(from, to: to)
          if !refused.contains(id) {
            model[from.section].remove(at: from.row)
            model[to.section].insert(id, at: to.row)
          }
        }
        try fixture.settle()
        model = model.filter { !$0.isEmpty }
        #expect(try fixture.stored() == model, "seed \(seed) step \(step)")
        try fixture.expectShowsDatabase("seed \(seed) step \(step)")
      }
    }
  }
}
