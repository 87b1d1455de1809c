// A libFuzzer target for TableViewSQLite's generic source (SQLiteRecordDataSource), compiled by scripts/fuzz.sh
// together with its sources (linked with TableViewCore, TableViewTesting and GRDB, built as modules: see `modules`).
//
// Each input starts from a fresh file of to-do items in lists (a schema the library has never seen: `item(id, list,
// position REAL)`, sections by `list`, ordered by `position`), with or without counts kept by triggers
// (SQLiteSectionCounts), served to a table with small pages and a small cache. The input is a program: each byte
// picks an operation — scrolls and jumps, the owner's hook with or without waiting, commits from a second connection
// (items added, deleted, moved between lists and within one, lists emptied), and the user's own deletes and moves
// through the source's writes, some of them refused by a trigger. Never a crash; after each settled change the
// table's sections and counts are the database's, every visible row shows the item the database has there, and the
// only failures reported are the refused writes.

import Foundation
import GRDB
import TableViewCore
import TableViewTesting

/// Stops the run, so that libFuzzer keeps the input, when a property does not hold.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("SQLiteRecords fuzz target: \(message())") }
}

struct Item: Sendable, Equatable {
  var id: Int64
  var list: Int64
}

typealias ItemCell = ValueCell<Item>

/// The database's items per list, in order.
func databaseRows(_ database: DatabaseQueue) -> [[Int64]] {
  do {
    return try database.read { db in
      var lists: [[Int64]] = []
      var last: Int64?
      for row in try Row.fetchAll(db, sql: "SELECT id, list FROM item ORDER BY list, position, id") {
        let list: Int64 = row[1]
        if list != last { lists.append([]) }
        last = list
        lists[lists.count - 1].append(row[0])
      }
      return lists
    }
  } catch {
    fatalError("SQLiteRecords fuzz target: reading the database failed: \(error)")
  }
}

/// Runs the owner's hook until nothing is on its way.
func settle(_ table: TableView, _ source: SQLiteRecordDataSource<Item>, _ step: String) {
  for _ in 0..<100 {
    table.layoutIfNeeded()
    check(source.waitForBackgroundWork(timeout: 8), "\(step): background work did not finish in 8 s")
    source.processUpdates()
    table.layoutIfNeeded()
    if !source.hasWorkInProgress, source.waitForBackgroundWork(timeout: 8) {
      source.processUpdates()
      table.layoutIfNeeded()
      if !source.hasWorkInProgress { return }
    }
  }
  check(false, "\(step): the source did not settle (pages in flight \(source.pagesInFlight))")
}

/// The settled table against the database.
func checkTable(_ table: TableView, _ source: SQLiteRecordDataSource<Item>, _ database: DatabaseQueue, _ step: String) {
  let rows = databaseRows(database)
  check(table.numberOfSections == rows.count, "\(step): \(table.numberOfSections) sections, database \(rows.count)")
  for (s, ids) in rows.enumerated() where s < table.numberOfSections {
    check(
      table.numberOfRows(inSection: s) == ids.count,
      "\(step): section \(s) has \(table.numberOfRows(inSection: s)) rows, database \(ids.count)")
  }
  for path in table.indexPathsForVisibleRows {
    check(path.section < rows.count && path.row < rows[path.section].count, "\(step): visible \(path) does not exist")
    let shown = (table.cellForRow(at: path) as? ItemCell)?.value?.id
    check(
      shown == rows[path.section][path.row],
      "\(step): \(path) shows \(String(describing: shown)), database \(rows[path.section][path.row])")
  }
  check(source.placeholderCount == 0, "\(step): \(source.placeholderCount) placeholders left")
  for error in source.reportedErrors {
    switch error {
    // A refused write (a locked item), or a drop next to a row not read: both undone on screen, said.
    case .writeFailed(_, let message)
    where message.contains("locked item") || message.contains("neighbours are not read"):
      continue
    default:
      check(false, "\(step): the source reported \(error)")
      return
    }
  }
  check(table.reportedErrors.isEmpty, "\(step): the table reported \(table.reportedErrors)")
}

/// `FUZZ_TRACE=1` prints each operation and the table's rows after it (to read a failing input).
let tracing = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil
/// `FUZZ_TRACE=db` adds the database's rows after each operation (a read that changes the timing of what races).
let tracingDatabase = ProcessInfo.processInfo.environment["FUZZ_TRACE"] == "db"

func trace(_ table: TableView, _ line: @autoclosure () -> String) {
  guard tracing else { return }
  let shown = table.indexPathsForVisibleRows.map { path in
    "\(path.section).\(path.row):\((table.cellForRow(at: path) as? ItemCell)?.value.map { "\($0.id)" } ?? "_")"
  }
  let counts = (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
  print("\(line()) | counts \(counts) | \(shown.joined(separator: " "))")
  fflush(stdout)
}

let folder: URL = {
  let memory = URL(fileURLWithPath: "/dev/shm")
  let base = FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
  let url = base.appendingPathComponent("tableview-records-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLiteRecords(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var program = Program(bytes: UnsafeBufferPointer(start: data, count: min(size, 160)))
  let path = folder.appendingPathComponent("todo.sqlite").path
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
  do {
    // Two programs writing: each waits for the other's transaction rather than failing at once.
    var configuration = Configuration()
    configuration.busyMode = .timeout(8)
    let database = try DatabaseQueue(path: path, configuration: configuration)
    let lists = 1 + program.below(4)
    let items = program.below(40)
    try database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE item(id INTEGER PRIMARY KEY, list INTEGER NOT NULL, position REAL NOT NULL);
          CREATE INDEX item_order ON item(list, position, id);
          CREATE TABLE locked(id INTEGER PRIMARY KEY);
          CREATE TRIGGER refuse_delete BEFORE DELETE ON item WHEN old.id IN (SELECT id FROM locked)
            BEGIN SELECT RAISE(ABORT, 'a locked item'); END;
          CREATE TRIGGER refuse_update BEFORE UPDATE ON item WHEN old.id IN (SELECT id FROM locked)
            BEGIN SELECT RAISE(ABORT, 'a locked item'); END;
          """)
      for i in 0..<items {
        try db.execute(
          sql: "INSERT INTO item(id, list, position) VALUES (?, ?, ?)", arguments: [i + 1, i % lists, i / lists])
      }
    }
    if program.below(2) == 1 { try SQLiteSectionCounts.install(on: "item", sectionColumn: "list", in: database) }
    let second = try DatabaseQueue(path: path, configuration: configuration)
    let table = TableView()
    table.register({ ItemCell { _, _ in 20 } }, forCellReuseIdentifier: "item")
    table.rowHeight = 20
    table.viewportSize = Size(width: 320, height: Double(40 + program.below(200)))
    let source = try SQLiteRecordDataSource<Item>(
      database: database,
      request: SQLiteRecordRequest(
        table: "item", key: .column("id"), ordering: [.ascending("position")], sectionColumn: "list"),
      tableView: table, reuseIdentifier: "item", pageSize: 1 + program.below(6), cachedPages: 1 + program.below(4),
      placeholderHeight: 20, record: { row in Item(id: row["id"], list: row["list"]) },
      configure: { cell, item in (cell as! ItemCell).value = item })
    source.writes = SQLiteRecordWrites(
      delete: { db, key in try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [key]) },
      move: { db, move in
        let position = { (key: DatabaseValue?) throws -> Double? in
          try key.flatMap { try Double.fetchOne(db, sql: "SELECT position FROM item WHERE id = ?", arguments: [$0]) }
        }
        let value: Double =
          switch (try position(move.previousKey), try position(move.nextKey)) {
          case (nil, nil): 0
          case (let low?, nil): low + 1
          case (nil, let high?): high - 1
          case (let low?, let high?): (low + high) / 2
          }
        if tracing { print("  written: move \(move) at \(value)") }
        try db.execute(
          sql: "UPDATE item SET list = ?, position = ? WHERE id = ?", arguments: [move.sectionValue, value, move.key])
      })
    defer { _ = source.waitForBackgroundWork(timeout: 8) }
    settle(table, source, "start")
    checkTable(table, source, second, "start")
    var step = 0
    var nextID = 1_000
    while !program.isDone {
      step += 1
      let op = program.below(10)
      let name = "step \(step) op \(op)"
      switch op {
      case 0:  // a scroll, either way
        table.scroll(by: Double(program.byte() - 128) * 2)
        table.layoutIfNeeded()
      case 1:  // a jump to a row
        let s = program.below(max(table.numberOfSections, 1))
        if s < table.numberOfSections, table.numberOfRows(inSection: s) > 0 {
          try? table.scrollToRow(
            at: IndexPath(row: program.below(table.numberOfRows(inSection: s)), section: s), at: .top, animated: false)
        }
      case 2:  // the owner's hook, without waiting
        source.processUpdates()
        table.layoutIfNeeded()
      case 3:  // items added by another program
        let count = 1 + program.below(5)
        let list = program.below(lists + 1)
        try second.write { db in
          for _ in 0..<count {
            nextID += 1
            try db.execute(
              sql: "INSERT INTO item(id, list, position) VALUES (?, ?, ?)",
              arguments: [nextID, list, Double(program.byte()) / 8 - 4])
          }
        }
      case 4:  // items deleted by another program (a whole list, sometimes)
        let list = program.below(lists + 1)
        try second.write { db in
          try db.execute(
            sql:
              "DELETE FROM item WHERE id IN (SELECT id FROM item WHERE list = ? AND id NOT IN (SELECT id FROM locked) ORDER BY position LIMIT ?)",
            arguments: [list, 1 + program.below(40)])
        }
      case 5:  // an item moved by another program
        try second.write { db in
          try db.execute(
            sql:
              "UPDATE item SET list = ?, position = ? WHERE id = (SELECT id FROM item WHERE id NOT IN (SELECT id FROM locked) ORDER BY id LIMIT 1 OFFSET ?)",
            arguments: [program.below(lists + 1), Double(program.byte()) / 8 - 4, program.below(60)])
        }
      case 6:  // an item locked: the user's changes to it are refused
        try second.write { db in
          try db.execute(
            sql: "INSERT OR IGNORE INTO locked(id) SELECT id FROM item ORDER BY id LIMIT 1 OFFSET ?",
            arguments: [program.below(60)])
        }
      case 7:  // the user deletes a visible row (one shown: a placeholder cannot be swiped)
        let visible = table.indexPathsForVisibleRows
        if !visible.isEmpty {
          let path = visible[program.below(visible.count)]
          if tracing { print("  delete \(path) can \(source.tableView(table, canEditRowAt: path))") }
          if source.tableView(table, canEditRowAt: path) { source.deleteRow(at: path) }
        }
      case 8:  // the user drops a visible row among the visible rows (the table moves it, then asks the source)
        let visible = table.indexPathsForVisibleRows
        if !visible.isEmpty {
          let from = visible[program.below(visible.count)]
          var to = visible[program.below(visible.count)]
          if to.section != from.section, program.below(2) == 1 { to.row += 1 }
          if tracing { print("  move \(from) to \(to) can \(source.tableView(table, canMoveRowAt: from))") }
          if from != to, source.tableView(table, canMoveRowAt: from) {
            source.tableView(table, moveRowAt: from, to: to)
            try? table.moveRow(at: from, to: to)
          }
        }
      default:  // settle and compare
        settle(table, source, name)
        checkTable(table, source, second, name)
      }
      if tracing { trace(table, tracingDatabase ? "\(name) db \(databaseRows(second))" : name) }
    }
    settle(table, source, "end")
    if tracing { trace(table, "end db \(databaseRows(second))") }
    checkTable(table, source, second, "end")
  } catch {
    check(false, "\(error)")
  }
  return 0
}
