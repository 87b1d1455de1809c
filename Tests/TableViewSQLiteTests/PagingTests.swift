import Foundation
import GRDB
import TableViewCore
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

@Suite("Paging") struct PagingTests {
  @Test("the generator fills in one transaction, reports progress, and the counts come from the section table")
  func generator() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try PostStore(path: folder.appendingPathComponent("g.sqlite").path)
    var progress: [Int] = []
    try PostGenerator.fill(store, posts: 1_003, sections: 10, progressInterval: 100) { progress.append($0) }
    #expect(progress.first == 100)
    #expect(progress.last == 1_003)
    #expect(progress == progress.sorted())
    let states = try store.sectionStates()
    #expect(states.map(\.count) == [101, 101, 101] + Array(repeating: 100, count: 7))
    #expect(try store.integrityCheck() == ["ok"])
    // Counts are stored, not counted: the launch query reads `section` only.
    let plan = try store.pool.read { db in
      try Row.fetchAll(
        db, sql: "EXPLAIN QUERY PLAN SELECT id, position, revision FROM post WHERE section = 3 ORDER BY position"
      ).map { $0["detail"] as String }.joined(separator: "; ")
    }
    #expect(plan.contains("USING INDEX post_order (section=?)"), "\(plan)")
  }

  @Test("the page query is a keyset range of the (section, position) index, never OFFSET or a scan")
  func keysetPlan() throws {
    let fixture = try Fixture(posts: 200, sections: 2)
    let plan = try fixture.store.pool.read { db in
      try Row.fetchAll(
        db,
        sql:
          "EXPLAIN QUERY PLAN \(PostStore.postColumns) WHERE section = ? AND position >= ? ORDER BY position LIMIT ?",
        arguments: [1, 0, 20]
      ).map { $0["detail"] as String }.joined(separator: "; ")
    }
    #expect(plan.contains("USING INDEX post_order (section=? AND position>?)"), "\(plan)")
    #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
  }

  @Test("rows whose page has not arrived are placeholders, then reloaded with their posts at their heights")
  func placeholdersThenContent() throws {
    let fixture = try Fixture(posts: 300, sections: 3)
    fixture.table.layoutIfNeeded()
    let visible = fixture.table.indexPathsForVisibleRows
    #expect(!visible.isEmpty)
    // Nothing is read on the owner's thread: every visible row is a placeholder at first.
    for path in visible {
      #expect((fixture.table.cellForRow(at: path) as? PostCell)?.value == nil)
      #expect(try fixture.table.rectForRow(at: path).height == 30)
    }
    #expect(fixture.source.placeholderCount == visible.count)
    #expect(fixture.source.pagesInFlight > 0)
    let summaries = try fixture.settle()
    #expect(summaries.reduce(0) { $0 + $1.placeholdersReloaded } >= visible.count)
    #expect(fixture.source.placeholderCount == 0)
    #expect(try fixture.mismatches() == [])
    #expect(fixture.table.reportedErrors.isEmpty)
    #expect(fixture.source.reportedErrors.isEmpty)
  }

  @Test("pages in order give every post of every section in the database's order, across inserts that renumber")
  func keysetOrder() throws {
    let fixture = try Fixture(posts: 90, sections: 2, pageSize: 7, cachedPages: 64)
    let store = fixture.store
    // Insert into one gap until it is full, so the section is renumbered.
    let first = try store.posts(inSection: 0)[0].id
    for i in 0..<12 { try store.insert(section: 0, author: "a", body: "squeezed \(i)", at: .after(first)) }
    try store.insert(section: 1, author: "a", body: "on top", at: .top)
    try fixture.settle()
    for section in 0..<2 {
      let expected = try store.posts(inSection: section)
      var shown: [Post] = []
      for row in 0..<fixture.table.numberOfRows(inSection: section) {
        let path = IndexPath(row: row, section: section)
        try fixture.table.scrollToRow(at: path, at: .middle, animated: false)
        try fixture.settle()
        shown.append(try #require(fixture.source.post(at: path)))
      }
      #expect(shown == expected)
    }
  }

  @Test("the page cache keeps at most its capacity while the whole table is scrolled through")
  func lruBound() throws {
    let fixture = try Fixture(posts: 600, sections: 3, pageSize: 10, cachedPages: 6)
    try fixture.settle()
    var most = 0
    while fixture.table.contentOffset.y + 480 < fixture.table.contentSize.height - 1 {
      fixture.table.scroll(by: 400)
      try fixture.settle()
      most = max(most, fixture.source.cachedPageCount)
      #expect(try fixture.mismatches() == [])
    }
    #expect(most == 6)
    // The first rows' pages were evicted long ago.
    #expect(fixture.source.post(at: IndexPath(row: 0, section: 0)) == nil)
  }

  @Test("a screen that needs more pages than the cache holds keeps them all and settles (found by Fuzz/SQLiteSource)")
  func screenTallerThanTheCache() throws {
    // A page a row, two pages cached, and more than two rows on the 480-point screen.
    let fixture = try Fixture(posts: 200, sections: 2, pageSize: 1, cachedPages: 2)
    for _ in 0..<3 {
      try fixture.settle()
      let onScreen = fixture.table.indexPathsForVisibleRows
      #expect(onScreen.count > 2)
      for path in onScreen { #expect(fixture.source.post(at: path) != nil, "\(path) is cached") }
      #expect(try fixture.mismatches() == [])
      fixture.table.scroll(by: 700)
    }
  }

  @Test("placeholders scrolled off screen are filled in although the screen's pages fill the cache (Fuzz/SQLiteSource)")
  func placeholdersOffScreenWithAFullCache() throws {
    let fixture = try Fixture(posts: 300, sections: 3, pageSize: 2, cachedPages: 1)
    fixture.table.layoutIfNeeded()
    #expect(fixture.source.placeholderCount > 2)
    // Away before the first pages arrive: the rows left behind are placeholders off screen.
    try fixture.table.scrollToRow(at: IndexPath(row: 50, section: 1), at: .top, animated: false)
    fixture.table.layoutIfNeeded()
    try fixture.settle()
    #expect(fixture.source.placeholderCount == 0)
    #expect(try fixture.mismatches() == [])
  }

  @Test("prefetching reads the pages ahead, so rows scrolled onto show no placeholder; cancelled pages are skipped")
  func prefetching() throws {
    let fixture = try Fixture(posts: 400, sections: 1, pageSize: 10, cachedPages: 20)
    try fixture.settle()
    for _ in 0..<5 {
      fixture.table.scroll(by: 300)
      fixture.table.layoutIfNeeded()
      #expect(fixture.source.placeholderCount == 0, "rows scrolled onto were read ahead")
      try fixture.settle()
    }
    // Far pages announced then cancelled at once: those not started are skipped, none is cached.
    let far = (300..<400).map { IndexPath(row: $0, section: 0) }
    fixture.source.tableView(fixture.table, prefetchRowsAt: far)
    fixture.source.tableView(fixture.table, cancelPrefetchingForRowsAt: far)
    #expect(fixture.source.waitForBackgroundWork(timeout: 60))
    let summary = fixture.source.processUpdates()
    #expect(summary.pagesLoaded + summary.pagesDropped == 10)
    #expect(summary.pagesDropped >= 1)
  }
}
