import DemoDatabase
// A second process for TableViewSQLite's tests and for watching a live table: writes posts into a
// database while another process shows it.
//
//   tableview-sqlite-writer generate PATH POSTS SECTIONS   create or open, and fill (prints the time taken)
//   tableview-sqlite-writer build PATH POSTS SECTIONS      build a new file as the demos do (prints the time taken)
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

func build(_ path: String) throws {
  let posts = number(3, "POSTS")
  let sections = number(4, "SECTIONS")
  let start = Date()
  var shown = -10
  try FeedDatabase.build(path: path, posts: posts, sections: sections) { progress in
    let percent = Int(progress.fraction * 100)
    if percent / 10 != shown / 10 || progress.isFinished {
      shown = percent
      print("progress \(percent)%\(progress.isIndexing ? " indexing" : "")")
    }
  }
  let seconds = Date().timeIntervalSince(start)
  print("built \(posts) posts in \(sections) sections in \(String(format: "%.2f", seconds)) s")
}

func write(_ path: String) throws {
  let operations = number(3, "OPS")
  var writer = RandomPostWriter(seed: UInt64(number(4, "SEED")))
  let pause = arguments.count > 5 ? number(5, "PAUSE_MS") : 0
  let store = try PostStore(path: path)
  for _ in 0..<operations {
    print(try writer.step(store))
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

guard arguments.count >= 3 else { fail("usage: generate|build|write|lock|crash PATH …") }
do {
  switch arguments[1] {
  case "generate": try generate(arguments[2])
  case "build": try build(arguments[2])
  case "write": try write(arguments[2])
  case "lock": try holdLock(arguments[2])
  case "crash": try crash(arguments[2])
  default: fail("unknown mode \(arguments[1])")
  }
} catch {
  fail("\(error)")
}
