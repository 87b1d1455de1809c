// The generic source (SQLiteRecordDataSource) over the demos' file of 10⁶ posts, against today's posts source
// (SQLiteTableDataSource) on the same file: time to the first frame with every visible row's content (the generic
// source counts the sections with a GROUP BY where the posts source reads stored counts), and the time per page read
// while the table is paged down a screen at a time (from the scroll to every visible row's content). Run with
// `--sqlite PATH` (or `default`), as the posts source's benchmarks.

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

private func nowSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// One of the two sources on a 400×800-point table: its hook, whether it waits for anything, and its pages read.
private struct BenchSource {
  var table: TableView
  var process: () -> Int  // pages loaded
  var busy: () -> Bool
  var keep: AnyObject
}

func measureRecordDatabase(path requested: String, harness: Harness) -> [Measurement] {
  let names = ["sqlite_records_first_frame", "sqlite_records_page_read"]
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
      busy: { source.hasWorkInProgress }, keep: source)
  }

  func postsSource() throws -> BenchSource {
    let table = makeTable()
    let store = try PostStore(path: path)
    let source = try SQLiteTableDataSource(
      store: store, tableView: table, reuseIdentifier: "post", pageSize: 50, cachedPages: 32, placeholderHeight: 60
    ) { cell, post in (cell as! BenchRecordCell).value = post?.body }
    return BenchSource(
      table: table, process: { source.processUpdates().pagesLoaded },
      busy: { source.placeholderCount > 0 || source.pagesInFlight > 0 }, keep: source)
  }

  /// Runs the hook until every visible row shows its content; the pages loaded.
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
      let start = nowSeconds()
      let source = try make()
      _ = settle(source)
      if run > 0 { best = min(best, nowSeconds() - start) }
    }
    return best
  }

  /// Seconds per page read, paging down 200 screens from the top.
  func pageRead(_ make: () throws -> BenchSource) throws -> Double {
    let source = try make()
    _ = settle(source)
    var pages = 0
    let start = nowSeconds()
    for _ in 0..<200 {
      let y = min(source.table.contentOffset.y + 800, source.table.maximumContentOffsetY)
      source.table.setContentOffset(Point(x: 0, y: y), animated: false)
      pages += settle(source)
    }
    return (nowSeconds() - start) / Double(max(pages, 1))
  }

  var results: [Measurement] = []
  do {
    if harness.includes("sqlite_records_first_frame") {
      let ours = try firstFrame(generic)
      let theirs = try firstFrame(postsSource)
      results.append(
        Measurement(
          name: "sqlite_records_first_frame", n: posts, nsPerOp: ours * 1e9, baseline: "posts source",
          baselineNsPerOp: theirs * 1e9))
    }
    if harness.includes("sqlite_records_page_read") {
      let ours = try pageRead(generic)
      let theirs = try pageRead(postsSource)
      results.append(
        Measurement(
          name: "sqlite_records_page_read", n: posts, nsPerOp: ours * 1e9, baseline: "posts source",
          baselineNsPerOp: theirs * 1e9))
    }
  } catch {
    print("sqlite records: \(error)")
  }
  return results
}
