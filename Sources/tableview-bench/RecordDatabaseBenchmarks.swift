// The generic source (SQLiteRecordDataSource) over the demos' file of 10⁶ posts, against today's posts source
// (SQLiteTableDataSource) on the same file: time to the first frame with every visible row's content (the generic
// source counts the sections with a GROUP BY where the posts source reads stored counts), and the time per page read
// while the table is paged down a screen at a time (from the scroll to every visible row's content). Run with
// `--sqlite PATH` (or `default`), as the posts source's benchmarks. `sqlite_records_live_change`: a second connection
// edits the first visible post; the time from its commit to the table showing the new text. The generic source reads
// its sections' counts from counts kept by triggers (`SQLiteSectionCounts`, installed on the file for the run and
// removed after it); `sqlite_records_first_frame_counted` opens it without them (a GROUP BY over every post).
// `sqlite_records_search_first_screen`: from a search for a word (the file's FTS5 table `post_fts`) to its first
// screen of matches shown, the generic source opened with `Filter.matching` against the posts source's `setFilter`.

import DemoData
import DemoDatabase
import GRDB
// The benchmark drives tables as a backend does: the engine's backend SPI.
@_spi(Backend) import TableViewCore
import TableViewSQLite
import TableViewTesting

#if canImport(Glibc)
  import Glibc
#endif

/// A cell of a fixed height that keeps what it shows (a post's body).
private typealias BenchRecordCell = ValueCell<String>

/// One of the two sources on a 400×800-point table: its hook, whether it waits for anything, and its pages read.
private struct BenchSource {
  var table: TableView
  var process: () -> Int  // pages loaded
  var busy: () -> Bool
  /// The post id shown at an index path.
  var id: (IndexPath) -> Int64?
  var keep: AnyObject
}

func measureRecordDatabase(path requested: String, harness: Harness) -> [Measurement] {
  let names = [
    "sqlite_records_first_frame", "sqlite_records_page_read", "sqlite_records_live_change",
    "sqlite_records_first_frame_counted", "sqlite_records_search_first_screen",
  ]
  guard harness.includesAny(names) else { return [] }
  let posts = FeedDataSet.defaultRowCount
  let path: String
  do {
    path = requested == "default" ? try FeedDatabase.defaultPath(posts: posts) : requested
    _ = try FeedDatabase.openOrCreate(path: path, posts: posts, createsFolder: requested == "default")
  } catch {
    print("sqlite records: \(error)")
    return []
  }

  func makeTable() -> TableView {
    let table = TableView(clock: ManualClock())
    table.register({ BenchRecordCell { _, _ in 60 } }, forCellReuseIdentifier: "post")
    table.viewportSize = Size(width: 400, height: 800)
    table.sectionHeaderHeight = 28
    table.rowHeight = 60
    return table
  }

  func generic() throws -> BenchSource {
    let table = makeTable()
    var configuration = Configuration()
    configuration.readonly = true
    let database = try DatabaseQueue(path: path, configuration: configuration)
    let source = try SQLiteRecordDataSource<String>(
      database: database,
      request: SQLiteRecordRequest(
        table: "post", key: .column("id"), ordering: [.ascending("position")], sectionColumn: "section"),
      tableView: table, reuseIdentifier: "post", pageSize: 50, cachedPages: 32, placeholderHeight: 60,
      record: { row in row["body"] }, configure: { cell, body in (cell as! BenchRecordCell).value = body })
    return BenchSource(
      table: table, process: { source.processUpdates().pagesLoaded },
      busy: { source.hasWorkInProgress }, id: { source.key(at: $0).flatMap(Int64.fromDatabaseValue) },
      keep: source)
  }

  func postsSource() throws -> BenchSource {
    let table = makeTable()
    let store = try PostStore(path: path)
    let source = try SQLiteTableDataSource(
      store: store, tableView: table, reuseIdentifier: "post", pageSize: 50, cachedPages: 32, placeholderHeight: 60
    ) { cell, post in (cell as! BenchRecordCell).value = post?.body }
    return BenchSource(
      table: table, process: { source.processUpdates().pagesLoaded },
      busy: { source.placeholderCount > 0 || source.pagesInFlight > 0 }, id: { source.post(at: $0)?.id },
      keep: source)
  }

  /// Runs the hook until every visible row shows its content; the pages loaded.
  /// A writing connection that waits for the posts source's own writer (it stores heights) rather than failing.
  func makeWriter() throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    return try DatabaseQueue(path: path, configuration: configuration)
  }

  func settle(_ source: BenchSource) -> Int {
    var pages = 0
    source.table.layoutIfNeeded()
    repeat {
      usleep(100)
      pages += source.process()
      source.table.layoutIfNeeded()
    } while source.busy()
      || source.table.indexPathsForVisibleRows.contains(where: {
        (source.table.cellForRow(at: $0) as? BenchRecordCell)?.value == nil
      })
    return pages
  }

  /// The best of three first frames (after one that warms the file cache), in seconds.
  func firstFrame(_ make: () throws -> BenchSource) throws -> Double {
    var best = Double.infinity
    for run in 0..<4 {
      let start = monotonicSeconds()
      let source = try make()
      _ = settle(source)
      if run > 0 { best = min(best, monotonicSeconds() - start) }
    }
    return best
  }

  /// Seconds per page read, paging down 200 screens from the top.
  func pageRead(_ make: () throws -> BenchSource) throws -> Double {
    let source = try make()
    _ = settle(source)
    var pages = 0
    let start = monotonicSeconds()
    for _ in 0..<200 {
      let y = min(source.table.contentOffset.y + 800, source.table.maximumContentOffsetY)
      source.table.setContentOffset(Point(x: 0, y: y), animated: false)
      pages += settle(source)
    }
    return (monotonicSeconds() - start) / Double(max(pages, 1))
  }

  /// Seconds from a second connection's commit of an edit to the first visible post until the table shows it.
  func liveChange(_ make: () throws -> BenchSource) throws -> Double {
    let source = try make()
    _ = settle(source)
    let writer = try makeWriter()
    var total = 0.0
    let runs = 20
    for run in 0..<runs {
      guard let path = source.table.indexPathsForVisibleRows.first, let id = source.id(path) else { return .nan }
      let text = "edited \(run) \(monotonicSeconds())"
      try writer.write { db in try db.execute(sql: "UPDATE post SET body = ? WHERE id = ?", arguments: [text, id]) }
      let start = monotonicSeconds()
      repeat {
        usleep(100)
        _ = source.process()
        source.table.layoutIfNeeded()
      } while (source.table.cellForRow(at: path) as? BenchRecordCell)?.value != text && monotonicSeconds() - start < 30
      total += monotonicSeconds() - start
    }
    return total / Double(runs)
  }

  /// Whether every visible row shows its content (and there is one).
  func screenShown(_ table: TableView) -> Bool {
    let visible = table.indexPathsForVisibleRows
    return !visible.isEmpty && visible.allSatisfy { (table.cellForRow(at: $0) as? BenchRecordCell)?.value != nil }
  }

  /// The best of three searches for `word` (after one that warms the file cache), in seconds to the first screen.
  func searchFirstScreen(generic: Bool, _ word: String) throws -> Double {
    var best = Double.infinity
    for run in 0..<4 {
      // A source of its own each time (the posts source keeps a search's matches): opened and settled before the
      // clock starts; the generic source is opened with the search, so its opening is timed.
      let posts = generic ? nil : try postsSource()
      if let posts { _ = settle(posts) }
      let start = monotonicSeconds()
      var keep: AnyObject?
      let table: TableView
      let process: () -> Void
      // Whether the search's own rows are shown (a source searched in place shows its old rows until then).
      var applied: () -> Bool = { true }
      if let posts, let source = posts.keep as? SQLiteTableDataSource {
        table = posts.table
        source.setFilter(word)
        process = { source.processUpdates() }
        applied = { source.appliedFilter == word && source.placeholderCount == 0 }
      } else {
        table = makeTable()
        var configuration = Configuration()
        configuration.readonly = true
        let source = try SQLiteRecordDataSource<String>(
          database: try DatabaseQueue(path: path, configuration: configuration),
          request: SQLiteRecordRequest(
            table: "post", key: .column("id"), ordering: [.ascending("position")], sectionColumn: "section"
          ).filtered(.matching(word, in: "post_fts")),
          tableView: table, reuseIdentifier: "post", pageSize: 50, cachedPages: 32, placeholderHeight: 60,
          record: { row in row["body"] }, configure: { cell, body in (cell as! BenchRecordCell).value = body })
        keep = source
        process = { source.processUpdates() }
      }
      repeat {
        usleep(100)
        process()
        table.layoutIfNeeded()
      } while !(applied() && screenShown(table)) && monotonicSeconds() - start < 30
      if run > 0 { best = min(best, monotonicSeconds() - start) }
      if let posts, let source = posts.keep as? SQLiteTableDataSource {
        _ = source.waitForBackgroundWork(timeout: 60)
      }
      _ = keep
    }
    return best
  }

  var results: [Measurement] = []
  /// Measures row `name` (if asked for) on the generic source and on the posts source, in seconds.
  func compare(_ name: String, _ measure: (() throws -> BenchSource) throws -> Double) throws {
    guard harness.includes(name) else { return }
    let ours = try measure(generic)
    let theirs = try measure(postsSource)
    results.append(
      Measurement(
        name: name, n: posts, nsPerOp: ours * 1e9, baseline: "posts source", baselineNsPerOp: theirs * 1e9))
  }
  do {
    // Counts a run that failed may have left installed.
    try SQLiteSectionCounts.remove(from: "post", in: try makeWriter())
    try compare("sqlite_records_first_frame_counted", firstFrame)
    let writer = try makeWriter()
    try SQLiteSectionCounts.install(on: "post", sectionColumn: "section", in: writer)
    defer { try? SQLiteSectionCounts.remove(from: "post", in: writer) }
    try compare("sqlite_records_first_frame", firstFrame)
    try compare("sqlite_records_page_read", pageRead)
    try compare("sqlite_records_live_change", liveChange)
    if harness.includes("sqlite_records_search_first_screen") {
      let ours = try searchFirstScreen(generic: true, "allocation")
      let theirs = try searchFirstScreen(generic: false, "allocation")
      results.append(
        Measurement(
          name: "sqlite_records_search_first_screen", n: posts, nsPerOp: ours * 1e9, baseline: "posts source",
          baselineNsPerOp: theirs * 1e9))
    }
  } catch {
    print("sqlite records: \(error)")
  }
  return results
}
