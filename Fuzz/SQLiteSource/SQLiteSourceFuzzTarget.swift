// A libFuzzer target for the demos' posts source over TableViewSQLite, compiled by scripts/fuzz.sh together with its
// sources (Sources/DemoDatabase; linked with TableViewCore, DemoData, SeededRandom, TableViewSQLite and GRDB, built as
// modules of their own: see `modules`).
//
// Each input starts from a fresh database file in a temporary folder: a few posts in a few sections, served to a
// table by an `SQLiteTableDataSource` (small pages and a small cache, so pages are read, evicted and read again).
// The input is a program: each byte picks an operation — scrolling and jumps (pages requested, prefetched and
// cancelled), the owner's hook run with or without waiting for the background reads (pages and refreshes applied
// at any point of their way), writes from a second connection (inserts at the top, the bottom or after a post,
// batches, new sections, edits, marks, deletes, a section emptied), writes through the table's own store, width
// changes (heights per width). Never a crash; after each settled change (every background job done, every result
// applied, no placeholder left) the table's sections and row counts equal the database's, every visible row shows
// the post the database has at that row, with its revision, and nothing was reported as failed.

import Foundation
import TableViewCore
import TableViewTesting

/// Stops the run, so that libFuzzer keeps the input, when a property does not hold.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("SQLiteSource fuzz target: \(message())") }
}

/// A cell as tall as its post's body at the width (8-point characters, 16-point lines), 30 as a placeholder.
typealias FuzzPostCell = ValueCell<Post>

func makePostCell() -> FuzzPostCell {
  FuzzPostCell { post, width in post.map { TextMetrics.height(of: $0.body, width: width) } ?? 30 }
}

/// The database's rows, read through the second connection: the ids of each section in row order.
func databaseRows(_ store: PostStore) -> [[Int64]] {
  do {
    let states = try store.sectionStates()
    return try states.indices.map { s throws(PostStoreError) in try store.postIDs(inSection: s) }
  } catch {
    fatalError("SQLiteSource fuzz target: reading the database failed: \(error)")
  }
}

/// A post of the database picked by the input (`nil` when it has none).
func pickPost(_ rows: [[Int64]], _ program: inout Program) -> Int64? {
  let all = rows.flatMap { $0 }
  return all.isEmpty ? nil : all[program.below(all.count)]
}

/// Runs the owner's hook until nothing is left to do; fails when it does not settle.
func settle(_ table: TableView, _ source: SQLiteTableDataSource, _ step: String) {
  table.layoutIfNeeded()
  for _ in 0..<100 {
    check(source.waitForBackgroundWork(timeout: 8), "\(step): background work did not finish in 8 s")
    let summary = source.processUpdates()
    table.layoutIfNeeded()
    guard summary == SQLiteTableDataSource.UpdateSummary(), source.pagesInFlight == 0, source.placeholderCount == 0,
      source.waitForBackgroundWork(timeout: 8)
    else { continue }
    let again = source.processUpdates()
    table.layoutIfNeeded()
    if again == SQLiteTableDataSource.UpdateSummary() { return }
  }
  check(
    false,
    "\(step): the data source did not settle in 100 rounds (pages in flight \(source.pagesInFlight), placeholders \(source.placeholders.sorted()), pages cached \(source.pages.keys), directories of sections \(source.directories.keys.sorted()), counts \(source.sections.map(\.count)))"
  )
}

/// The settled table against the database.
func checkTable(_ table: TableView, _ source: SQLiteTableDataSource, _ second: PostStore, _ step: String) {
  let rows = databaseRows(second)
  check(
    table.numberOfSections == rows.count,
    "\(step): table has \(table.numberOfSections) sections, database \(rows.count)")
  for (s, ids) in rows.enumerated() {
    check(
      table.numberOfRows(inSection: s) == ids.count,
      "\(step): section \(s) has \(table.numberOfRows(inSection: s)) rows, database \(ids.count)")
  }
  for path in table.indexPathsForVisibleRows {
    check(path.section < rows.count && path.row < rows[path.section].count, "\(step): visible \(path) does not exist")
    let id = rows[path.section][path.row]
    // The source knows the row's id while its section's rows are cached (a cache smaller than the screen may have
    // let them go: the cell still shows its post).
    if let known = source.postID(at: path) { check(known == id, "\(step): \(path) is post \(known), database \(id)") }
    let shown = (table.cellForRow(at: path) as? FuzzPostCell)?.value
    let stored: Post?
    do { stored = try second.post(id: id) } catch {
      fatalError("SQLiteSource fuzz target: reading post \(id): \(error)")
    }
    check(
      shown?.id == id && shown?.revision == stored?.revision && shown?.body == stored?.body,
      "\(step): \(path) shows post \(String(describing: shown?.id)) rev \(String(describing: shown?.revision)), database \(id) rev \(String(describing: stored?.revision))"
    )
  }
  check(source.placeholderCount == 0, "\(step): \(source.placeholderCount) placeholders left")
  check(source.reportedErrors.isEmpty, "\(step): the data source reported \(source.reportedErrors)")
  check(table.reportedErrors.isEmpty, "\(step): the table reported \(table.reportedErrors)")
}

/// A body of `length` words (so a row is one to a few lines tall).
func body(_ length: Int, _ seed: Int) -> String {
  (0..<length).map { "w\(($0 &+ seed) % 97)" }.joined(separator: " ")
}

/// A folder of this process's own, emptied for every input: in memory (/dev/shm) where there is one, as a commit's
/// sync to a disk would make the inputs many times slower.
let folder: URL = {
  let memory = URL(fileURLWithPath: "/dev/shm")
  let base = FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
  let url = base.appendingPathComponent(
    "tableview-sqlite-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}()

/// An empty database with the current schema, made once: each input starts from a copy of its bytes (creating the
/// schema — tables, triggers, the search index — took most of an input's time).
let emptyDatabase: [UInt8] = {
  let path = folder.appendingPathComponent("empty.sqlite").path
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
  do {
    // Closed at the end of the closure: the log is checkpointed into the file, which is then complete alone.
    _ = try PostStore(path: path)
  } catch {
    fatalError("SQLiteSource fuzz target: making the empty database failed: \(error)")
  }
  guard let bytes = FileManager.default.contents(atPath: path) else {
    fatalError("SQLiteSource fuzz target: the empty database cannot be read")
  }
  // Bytes, not `Data`: LeakSanitizer does not see a global `Data`'s storage as reachable.
  return [UInt8](bytes)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLiteSource(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var program = Program(bytes: UnsafeBufferPointer(start: data, count: min(size, 160)))
  let path = folder.appendingPathComponent("posts.sqlite").path
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
  check(
    FileManager.default.createFile(atPath: path, contents: Data(emptyDatabase)), "copying the empty database failed")
  do {
    let store = try PostStore(path: path)
    let posts = program.below(40)
    if posts > 0 { try PostGenerator.fill(store, posts: posts, sections: 1 + program.below(4)) }
    let second = try PostStore(path: path)
    let table = TableView()
    table.register({ makePostCell() }, forCellReuseIdentifier: "post")
    table.viewportSize = Size(width: 320, height: Double(60 + program.below(200)))
    let source = try SQLiteTableDataSource(
      store: store, tableView: table, reuseIdentifier: "post", pageSize: 1 + program.below(6),
      cachedPages: 1 + program.below(4), placeholderHeight: 30
    ) { cell, post in (cell as! FuzzPostCell).value = post }
    defer { _ = source.waitForBackgroundWork(timeout: 8) }
    settle(table, source, "start")
    checkTable(table, source, second, "start")
    var step = 0
    while !program.isDone {
      step += 1
      let op = program.below(13)
      let name = "step \(step) op \(op)"
      var wrote = false
      switch op {
      case 0:  // a scroll, either way
        table.scroll(by: Double(program.byte() - 128) * 4)
        table.layoutIfNeeded()
      case 1:  // a jump to a row (or past the end: refused)
        let s = program.below(table.numberOfSections + 1)
        let rows = s < table.numberOfSections ? table.numberOfRows(inSection: s) : 0
        try? table.scrollToRow(
          at: IndexPath(row: program.below(rows + 1), section: s), at: [.top, .middle, .bottom][program.below(3)],
          animated: false)
      case 2:  // the owner's hook, without waiting: results applied as they come
        source.processUpdates()
        table.layoutIfNeeded()
      case 3:  // the owner's hook once the background work is done (pages loaded, refreshes read)
        _ = source.waitForBackgroundWork(timeout: 8)
        source.processUpdates()
        table.layoutIfNeeded()
      case 4:  // an insert from the second connection, in a section or a new one after the last
        let rows = databaseRows(second)
        let s = program.below(rows.count + 2)
        let point: PostStore.InsertionPoint
        switch program.below(3) {
        case 0: point = .top
        case 1: point = .bottom
        default: point = pickPost(rows, &program).map { .after($0) } ?? .bottom
        }
        try second.insert(section: s, author: "fuzz", body: body(1 + program.below(30), step), at: point)
        wrote = true
      case 5:  // several posts in one transaction
        let rows = databaseRows(second)
        let s = program.below(rows.count + 1)
        let contents = (0..<(1 + program.below(6))).map { i in (author: "fuzz", body: body(1 + i * 3, step)) }
        try second.insert(section: s, contents: contents, at: program.below(2) == 0 ? .top : .bottom)
        wrote = true
      case 6:  // an edit (the row is measured again)
        if let id = pickPost(databaseRows(second), &program) {
          try second.edit(id: id, body: body(1 + program.below(40), step))
          wrote = true
        }
      case 7:  // a delete
        if let id = pickPost(databaseRows(second), &program) {
          try second.delete(id: id)
          wrote = true
        }
      case 8:  // a mark
        if let id = pickPost(databaseRows(second), &program) {
          try second.toggle(program.below(2) == 0 ? .starred : .read, id: id)
          wrote = true
        }
      case 9:  // a section emptied, one delete at a time from the second connection
        let rows = databaseRows(second)
        if !rows.isEmpty {
          for id in rows[program.below(rows.count)].prefix(12) { try second.delete(id: id) }
          wrote = true
        }
      case 10:  // a write through the table's own store
        if let id = pickPost(databaseRows(second), &program) {
          if program.below(2) == 0 {
            try store.edit(id: id, body: body(1 + program.below(20), step))
          } else {
            try store.delete(id: id)
          }
          wrote = true
        }
      case 11:  // a width change (heights are kept per width)
        table.viewportSize = Size(width: Double(120 + program.below(400)), height: table.viewportSize.height)
        table.layoutIfNeeded()
      default:  // settle and check
        settle(table, source, name)
        checkTable(table, source, second, name)
      }
      if wrote, program.below(2) == 0 {
        settle(table, source, name)
        checkTable(table, source, second, name)
      }
    }
    settle(table, source, "end")
    checkTable(table, source, second, "end")
  } catch {
    check(false, "a database operation failed: \(error)")
  }
  return 0
}
