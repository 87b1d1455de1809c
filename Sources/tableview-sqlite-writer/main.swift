// A second process for TableViewSQLite's tests and for watching a live table: writes posts into a
// database while another process shows it.
//
//   tableview-sqlite-writer generate PATH POSTS SECTIONS   create and fill (prints the time taken)
//   tableview-sqlite-writer write PATH OPS SEED [PAUSE_MS] inserts, edits and deletes, one transaction each
//   tableview-sqlite-writer lock PATH SECONDS              holds the write lock, then gives it back
//   tableview-sqlite-writer crash PATH POSTS               inserts POSTS posts and dies before committing
import Foundation
import GRDB
import TableViewSQLite

#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("tableview-sqlite-writer: \(message)\n".utf8))
  exit(2)
}

func number(_ i: Int, _ name: String) -> Int {
  guard arguments.count > i, let value = Int(arguments[i]) else { fail("\(arguments[1]): \(name) must be a number") }
  return value
}

/// A small deterministic generator (a linear congruential one): the same seed, the same writes.
struct Dice {
  var state: UInt64
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(max(1, bound)))
  }
}

func generate(_ path: String) throws {
  let posts = number(3, "POSTS")
  let sections = number(4, "SECTIONS")
  let start = Date()
  let store = try PostStore(path: path)
  try PostGenerator.fill(store, posts: posts, sections: sections, progressInterval: max(1, posts / 10)) { done in
    print("progress \(done)")
  }
  let seconds = Date().timeIntervalSince(start)
  print("generated \(posts) posts in \(sections) sections in \(String(format: "%.2f", seconds)) s")
}

func write(_ path: String) throws {
  let operations = number(3, "OPS")
  var dice = Dice(state: UInt64(number(4, "SEED")) &+ 0x9E37_79B9_7F4A_7C15)
  let pause = arguments.count > 5 ? number(5, "PAUSE_MS") : 0
  let store = try PostStore(path: path)
  for op in 0..<operations {
    let states = try store.sectionStates()
    guard !states.isEmpty else { fail("the database has no sections") }
    let section = dice.next(states.count)
    let rows = try store.posts(inSection: section)
    let kind = rows.isEmpty ? 0 : dice.next(3)
    if kind == 0 {
      var point = PostStore.InsertionPoint.bottom
      let place = dice.next(3)
      if !rows.isEmpty && place == 0 { point = .top }
      if !rows.isEmpty && place == 1 { point = .after(rows[dice.next(rows.count)].id) }
      let words = String(repeating: "word ", count: dice.next(40))
      let post = try store.insert(section: section, author: "writer", body: "inserted, op \(op): \(words)", at: point)
      print("insert \(post.id) section \(section)")
    } else if kind == 1 {
      let id = rows[dice.next(rows.count)].id
      let words = String(repeating: "longer ", count: dice.next(60))
      try store.edit(id: id, body: "edited, op \(op): \(words)")
      print("edit \(id)")
    } else {
      let id = rows[dice.next(rows.count)].id
      try store.delete(id: id)
      print("delete \(id)")
    }
    if pause > 0 { usleep(UInt32(pause) * 1_000) }
  }
}

func holdLock(_ path: String) throws {
  let seconds = number(3, "SECONDS")
  _ = try PostStore(path: path)  // created and migrated first
  let connection = try DatabaseQueue(path: path)
  try connection.inDatabase { db in
    try db.execute(sql: "BEGIN IMMEDIATE")
    print("locked")
    fflush(nil)
    sleep(UInt32(seconds))
    try db.execute(sql: "ROLLBACK")
  }
  print("released")
}

func crash(_ path: String) throws {
  let posts = number(3, "POSTS")
  _ = try PostStore(path: path)
  let connection = try DatabaseQueue(path: path)
  try connection.inDatabase { db in
    try db.execute(sql: "BEGIN IMMEDIATE")
    let insert = try db.makeStatement(
      sql: "INSERT INTO post(section, position, author, body, created) VALUES (0, ?, 'crash', ?, 0)")
    for i in 0..<posts { try insert.execute(arguments: [-1_000_000 - i, "never committed \(i)"]) }
    try db.execute(sql: "UPDATE post SET body = 'half an update' WHERE id IN (SELECT id FROM post LIMIT 10)")
    print("inserted \(posts), dying")
    fflush(nil)
    kill(getpid(), SIGKILL)
  }
}

guard arguments.count >= 3 else { fail("usage: generate|write|lock|crash PATH …") }
do {
  switch arguments[1] {
  case "generate": try generate(arguments[2])
  case "write": try write(arguments[2])
  case "lock": try holdLock(arguments[2])
  case "crash": try crash(arguments[2])
  default: fail("unknown mode \(arguments[1])")
  }
} catch {
  fail("\(error)")
}
