// The chat served from an SQLite database (TableViewSQLite's ChatDatabase, 10⁶ messages, a day per section) in a
// bottom-anchored table: the time to the first frame at the newest message with every visible row's content (warm
// file cache), and a scripted 600-frame upward scroll (flicks of 40,000 points a second, 60 frames a second in real time) while another
// connection writes a message at the bottom every 10 frames: the messages on screen moved by anything but the
// scroll (pages landing above, placeholders filled in, arrivals below) — must be 0 — and the longest the owner's
// thread spent in the data source's hook. Run with `--sqlite-chat PATH` (built first when missing; `default`: the
// demos' file in the cache folder); each run adds 60 messages to the file.

import DemoData
import DemoDatabase
// The benchmark drives tables as a backend does (frames with tick(), views at presentation(of:), idle slices):
// the engine's backend SPI.
@_spi(Backend) import TableViewCore
import TableViewSQLite
import TableViewTesting

#if canImport(Glibc)
  import Glibc
#endif

/// A cell sized like a chat message: 20 points plus 16 per line of 8-point characters, in a bubble three quarters
/// of the width (60 as a placeholder).
private typealias BenchMessageCell = ValueCell<Post>

private func makeMessageCell() -> BenchMessageCell {
  BenchMessageCell { post, width in post.map { TextMetrics.height(of: $0.body, width: width * 0.75) } ?? 60 }
}

/// Opens the chat's database, serves a 400×800-point bottom-anchored table from it, and measures.
func measureChatDatabase(path requested: String, harness: Harness) -> [Measurement] {
  let names = ["sqlite_chat_first_frame", "sqlite_chat_rows_moved", "sqlite_chat_longest_hook"]
  guard harness.includesAny(names) else { return [] }
  let messages = ChatConversation.defaultHistoryCount
  let path: String
  do {
    path = requested == "default" ? try ChatDatabase.defaultPath(messages: messages) : requested
    let start = monotonicSeconds()
    let (_, created) = try ChatDatabase.openOrCreate(
      path: path, messages: messages, createsFolder: requested == "default")
    if created { print("built \(path) in \(Int(monotonicSeconds() - start)) s") }
  } catch {
    print("sqlite chat: \(error)")
    return []
  }

  /// Opens the file and shows the newest messages at the bottom; the seconds it took and the table.
  func firstFrame() throws -> (Double, TableView, SQLiteTableDataSource, ManualClock, PostStore) {
    let start = monotonicSeconds()
    let store = try PostStore(path: path)
    let clock = ManualClock()
    let table = TableView(clock: clock)
    table.register({ makeMessageCell() }, forCellReuseIdentifier: "message")
    table.viewportSize = Size(width: 400, height: 800)
    table.sectionHeaderHeight = 28
    table.contentAnchor = .bottom
    let source = try SQLiteTableDataSource(
      store: store, tableView: table, reuseIdentifier: "message", pageSize: 50, cachedPages: 32,
      placeholderHeight: 60
    ) { cell, post in (cell as! BenchMessageCell).value = post }
    table.layoutIfNeeded()
    while source.placeholderCount > 0 || source.pagesInFlight > 0 || table.isAnimating {
      usleep(200)
      source.processUpdates()
      // Rows at the bottom filled in taller than their placeholders: follow mode glides to the new end (its
      // frames not waited for here).
      while table.isAnimating {
        clock.advance(by: 1)
        _ = table.tick()
      }
      table.layoutIfNeeded()
    }
    return (monotonicSeconds() - start, table, source, clock, store)
  }

  /// Where each visible message (not a placeholder) is on screen, by post id.
  func screenTops(_ table: TableView) -> [Int64: Double] {
    var tops: [Int64: Double] = [:]
    for path in table.indexPathsForVisibleRows {
      guard let id = (table.cellForRow(at: path) as? BenchMessageCell)?.value?.id,
        let rect = try? table.rectForRow(at: path)
      else { continue }
      tops[id] = rect.minY - table.contentOffset.y
    }
    return tops
  }

  var results: [Measurement] = []
  do {
    _ = try firstFrame()  // the file cache warmed
    var best = Double.infinity
    var kept: (Double, TableView, SQLiteTableDataSource, ManualClock, PostStore)?
    for _ in 0..<3 {
      let run = try firstFrame()
      best = min(best, run.0)
      _ = run.2.waitForBackgroundWork(timeout: 60)
      kept = run
    }
    results.append(Measurement(name: "sqlite_chat_first_frame", n: messages, nsPerOp: best * 1e9))
    guard let (_, table, source, clock, store) = kept else { return results }
    guard table.isAtBottom else {
      print("sqlite chat: the first frame is not at the bottom")
      return results
    }

    // Upward flicks, in real time, while another connection writes a message at the bottom every 10 frames.
    let writes = PostWriteQueue(store: try PostStore(path: store.path))
    var moved = 0
    var longestHook = 0.0
    var total = (pagesLoaded: 0, placeholdersReloaded: 0, updatesApplied: 0)
    var next = monotonicSeconds()
    for frame in 0..<600 {
      if !table.isAnimating || frame % 120 == 0 { table.decelerate(velocity: -40_000) }
      if frame % 10 == 0 { writes.submit { store throws(PostStoreError) in try ChatDatabase.receive(in: store) } }
      next += 1.0 / 60
      let wait = next - monotonicSeconds()
      if wait > 0 { usleep(UInt32(wait * 1e6)) }
      clock.advance(by: 1.0 / 60)
      _ = table.tick()
      table.layoutIfNeeded()
      // The scroll has moved the rows; what the database does now must move none of them.
      let before = screenTops(table)
      let hookStart = monotonicSeconds()
      let summary = source.processUpdates()
      longestHook = max(longestHook, monotonicSeconds() - hookStart)
      total.pagesLoaded += summary.pagesLoaded
      total.placeholdersReloaded += summary.placeholdersReloaded
      total.updatesApplied += summary.updatesApplied
      table.layoutIfNeeded()
      let after = screenTops(table)
      moved += before.filter { id, top in after[id].map { $0 != top } ?? false }.count
    }
    _ = writes.waitUntilIdle(timeout: 60)
    print(
      "chat scroll: \(total.pagesLoaded) pages read, \(total.placeholdersReloaded) placeholders filled in, "
        + "\(total.updatesApplied) arrivals applied, \(moved) messages moved")
    results.append(Measurement(name: "sqlite_chat_rows_moved", n: messages, count: moved))
    results.append(Measurement(name: "sqlite_chat_longest_hook", n: messages, nsPerOp: longestHook * 1e9))
    _ = source.waitForBackgroundWork(timeout: 60)
  } catch {
    print("sqlite chat: \(error)")
  }
  return results
}
