import Foundation
@_spi(Backend) import TableViewCore
import TableViewTesting
import TestSupport

@testable import DemoDatabase
@testable import TableViewSQLite

/// A cell that shows a post.
typealias PostCell = ValueCell<Post>

extension ValueCell<Post> {
  /// A cell whose height follows its post's body at the width (`TextMetrics.height(of:width:)`: lines of 8-point
  /// characters, 16 points each, plus 20); `measurements` counts every cell's measurings.
  convenience init(measurements: Counter) {
    self.init { post, width in
      measurements.value += 1
      return post.map { PostCell.height(body: $0.body, width: width) } ?? 0
    }
  }

  static func height(body: String, width: Double) -> Double { TextMetrics.height(of: body, width: width) }
}

final class Counter {
  var value = 0
}

/// A database in a temporary folder, a table of 320×480 points served from it, and the owner's
/// hook driven by hand.
final class Fixture {
  static let width = 320.0
  let folder: URL
  let path: String
  var store: PostStore
  var table: TableView
  var source: SQLiteTableDataSource
  let measurements = Counter()

  init(posts: Int, sections: Int, pageSize: Int = 20, cachedPages: Int = 8, folder existing: URL? = nil) throws {
    folder = try existing ?? Self.temporaryFolder()
    path = folder.appendingPathComponent("posts.sqlite").path
    store = try PostStore(path: path)
    if posts > 0 { try PostGenerator.fill(store, posts: posts, sections: sections) }
    (table, source) = try Self.makeTable(
      store: store, measurements: measurements, pageSize: pageSize, cachedPages: cachedPages)
  }

  static func makeTable(store: PostStore, measurements: Counter, pageSize: Int, cachedPages: Int) throws -> (
    TableView, SQLiteTableDataSource
  ) {
    let table = TableView()
    table.register({ PostCell(measurements: measurements) }, forCellReuseIdentifier: "post")
    table.viewportSize = Size(width: width, height: 480)
    let source = try SQLiteTableDataSource(
      store: store, tableView: table, reuseIdentifier: "post", pageSize: pageSize, cachedPages: cachedPages,
      placeholderHeight: 30
    ) { cell, post in (cell as! PostCell).value = post }
    return (table, source)
  }

  /// Opens the same file again with a new store, table and data source (a relaunch); the store
  /// waits `busyTimeout` seconds for another connection's lock.
  func reopen(pageSize: Int = 20, cachedPages: Int = 8, busyTimeout: Double = 5) throws {
    _ = source.waitForBackgroundWork(timeout: 60)
    store = try PostStore(path: path, busyTimeout: busyTimeout)
    (table, source) = try Self.makeTable(
      store: store, measurements: measurements, pageSize: pageSize, cachedPages: cachedPages)
  }

  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tvsqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  deinit {
    _ = source.waitForBackgroundWork(timeout: 60)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs the table's animations to their end on its manual clock (at most 5 s of it).
  func finishAnimations() {
    guard let clock = table.clock as? ManualClock else { return }
    for _ in 0..<100 where table.isAnimating {
      clock.advance(by: 0.05)
      _ = table.tick()
    }
  }

  /// Lays out, then runs the owner's hook until nothing is left to do: every background job
  /// waited for (bounded), every result applied, no placeholder left. Returns the summaries.
  @discardableResult
  func settle(rounds: Int = 50) throws -> [SQLiteTableDataSource.UpdateSummary] {
    var summaries: [SQLiteTableDataSource.UpdateSummary] = []
    table.layoutIfNeeded()
    for _ in 0..<rounds {
      guard source.waitForBackgroundWork(timeout: 60) else {
        throw FixtureError("background work did not finish in 10 s")
      }
      let summary = source.processUpdates()
      summaries.append(summary)
      table.layoutIfNeeded()
      guard summary == SQLiteTableDataSource.UpdateSummary(), source.pagesInFlight == 0, source.placeholderCount == 0,
        source.waitForBackgroundWork(timeout: 60)
      else { continue }
      // Quiet, and still quiet once the last jobs (a refresh, a write) have reported: settled.
      let check = source.processUpdates()
      summaries.append(check)
      table.layoutIfNeeded()
      if check == SQLiteTableDataSource.UpdateSummary() { return summaries }
    }
    throw FixtureError(
      "the data source did not settle in \(rounds) rounds; the last: \(summaries.suffix(3)), pages in flight \(source.pagesInFlight), placeholders \(source.placeholderCount)"
    )
  }

  /// Checks the table against the database: counts of every section, and for every visible row
  /// its post's id, its cell's content and its height (the cell's height for the stored body, and
  /// the height stored for it at the table's width once the writes are done).
  func mismatches() throws -> [String] {
    var problems: [String] = []
    let states = try store.sectionStates()
    if table.numberOfSections != states.count {
      problems.append("sections: table \(table.numberOfSections), database \(states.count)")
    }
    for (s, state) in states.enumerated() where s < table.numberOfSections {
      if table.numberOfRows(inSection: s) != state.count {
        problems.append("section \(s): table \(table.numberOfRows(inSection: s)) rows, database \(state.count)")
      }
    }
    _ = source.waitForBackgroundWork(timeout: 60)
    var sectionPosts: [Int: [Post]] = [:]
    for path in table.indexPathsForVisibleRows {
      let posts = try sectionPosts[path.section] ?? store.posts(inSection: path.section)
      sectionPosts[path.section] = posts
      guard path.row < posts.count else {
        problems.append("\(path) is beyond the database's \(posts.count) rows")
        continue
      }
      let expected = posts[path.row]
      if source.postID(at: path) != expected.id {
        problems.append("\(path): id \(String(describing: source.postID(at: path))), database \(expected.id)")
      }
      let cell = table.cellForRow(at: path) as? PostCell
      if cell?.value?.id != expected.id || cell?.value?.revision != expected.revision
        || cell?.value?.body != expected.body
      {
        problems.append(
          "\(path): cell shows \(String(describing: cell?.value?.id)) rev \(String(describing: cell?.value?.revision)), database \(expected.id) rev \(expected.revision)"
        )
      }
      let height = try table.rectForRow(at: path).height
      let wanted = PostCell.height(body: expected.body, width: Self.width)
      if height != wanted { problems.append("\(path) (post \(expected.id)): height \(height), content's \(wanted)") }
      let stored = try store.heights(ofPost: expected.id)[Self.width]
      if stored != nil, stored != wanted {
        problems.append(
          "\(path) (post \(expected.id)): stored height \(String(describing: stored)), content's \(wanted)")
      }
    }
    return problems
  }
}

struct FixtureError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// The writer executable, built by `swift test` next to the test bundle.
let writerBinary = DemoBinary(
  name: "tableview-sqlite-writer", packageRoot: DemoBinary.folder(above: #filePath, levels: 3))
