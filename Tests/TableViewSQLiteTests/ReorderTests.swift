import Foundation
@_spi(Backend) import TableViewCore
import TestSupport
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

@Suite("Moving posts") struct ReorderTests {
  // MARK: The store

  @Test("PostStore.move: within a section, to another, to an empty one; counts, versions and heights follow")
  func storeMoves() throws {
    let fixture = try Fixture(posts: 30, sections: 3)
    let store = fixture.store
    let zero = try store.postIDs(inSection: 0)
    let one = try store.postIDs(inSection: 1)
    let before = try store.sectionStates()
    try store.storeHeights([MeasuredHeight(postID: zero[0], width: 320, height: 77)])

    // Within the section: after its fourth post.
    let moved = try #require(try store.move(id: zero[0], toSection: 0, at: .after(zero[3])))
    #expect(moved.section == 0)
    #expect(try store.postIDs(inSection: 0) == [zero[1], zero[2], zero[3], zero[0]] + zero[4...])
    // Before a post, at a row, to the top and the bottom.
    try store.move(id: zero[0], toSection: 0, at: .before(zero[1]))
    #expect(try store.postIDs(inSection: 0) == zero)
    try store.move(id: zero[5], toSection: 0, at: .row(2))
    #expect(try store.postIDs(inSection: 0) == [zero[0], zero[1], zero[5], zero[2], zero[3], zero[4]] + zero[6...])
    try store.move(id: zero[5], toSection: 0, at: .row(5))
    #expect(try store.postIDs(inSection: 0) == zero)
    try store.move(id: zero[9], toSection: 0, at: .top)
    try store.move(id: zero[9], toSection: 0, at: .bottom)
    #expect(try store.postIDs(inSection: 0) == zero)

    // Across sections: counts and both versions change; the heights stay with the post.
    try store.move(id: zero[0], toSection: 1, at: .after(one[1]))
    #expect(try store.postIDs(inSection: 1) == [one[0], one[1], zero[0]] + one[2...])
    #expect(try store.postIDs(inSection: 0) == Array(zero[1...]))
    let after = try store.sectionStates()
    #expect(after[0].count == before[0].count - 1 && after[1].count == before[1].count + 1)
    #expect(after[0].version > before[0].version && after[1].version > before[1].version)
    #expect(after[2] == before[2])
    #expect(try store.heights(ofPost: zero[0]) == [320: 77])
    #expect(try store.post(id: zero[0])?.revision == 0)

    // To an empty section (one that exists with no posts, and one never seen).
    for id in try store.postIDs(inSection: 2) { try store.delete(id: id) }
    #expect(try store.sectionStates()[2].count == 0)
    try store.move(id: zero[1], toSection: 2, at: .row(0))
    #expect(try store.postIDs(inSection: 2) == [zero[1]])
    try store.move(id: zero[2], toSection: 4, at: .top)
    #expect(try store.sectionStates().map(\.count) == [7, 11, 1, 0, 1])
    #expect(try store.integrityCheck() == ["ok"])
  }

  @Test("PostStore.move renumbers a section only when the neighbours have no gap; bad input is refused")
  func storeMoveWithoutGapAndBadInput() throws {
    let fixture = try Fixture(posts: 12, sections: 1)
    let store = fixture.store
    let ids = try store.postIDs(inSection: 0)
    // Squeezing the last post in after the first, again and again, uses up the gap of 1,024: renumbered.
    for id in ids[2...].reversed() { try store.move(id: id, toSection: 0, at: .after(ids[0])) }
    for _ in 0..<12 {
      try store.move(id: ids[11], toSection: 0, at: .after(ids[0]))
      try store.move(id: ids[2], toSection: 0, at: .after(ids[0]))
    }
    let order = try store.postIDs(inSection: 0)
    #expect(Set(order) == Set(ids) && order.count == ids.count)
    let positions = try store.posts(inSection: 0).map(\.position)
    #expect(positions == positions.sorted() && Set(positions).count == positions.count)
    #expect(try store.move(id: 999_999, toSection: 0, at: .top) == nil)
    let error = #expect(throws: PostStoreError.self) { try store.move(id: ids[0], toSection: -1, at: .top) }
    #expect(error?.message.contains("negative") == true)
    #expect(try store.postIDs(inSection: 0) == order)
  }

  // MARK: The data source

  /// Picks up `path`, moves it `steps` slots with the keys' call, and drops it.
  static func drag(_ fixture: Fixture, from path: TableViewCore.IndexPath, steps: Int) throws -> TableViewCore.IndexPath
  {
    let table = fixture.table
    try #require(table.beginReorder(at: path))
    table.moveReorder(by: steps)
    let destination = try #require(table.reorderDestination)
    table.endReorder()
    return destination
  }

  /// The posts the data source has at rows of `section`, by row (`nil`: not cached).
  static func cachedIDs(_ source: SQLiteTableDataSource, section: Int, rows: Int) -> [Int64?] {
    (0..<rows).map { source.post(at: IndexPath(row: $0, section: section))?.id }
  }

  @Test("a move within a section is shown at once and written; the database's change then finds nothing to do")
  func moveWithinSection() throws {
    let fixture = try Fixture(posts: 120, sections: 2, pageSize: 10, cachedPages: 12)
    try fixture.settle()
    let table = fixture.table
    let before = try fixture.store.postIDs(inSection: 0)
    let source = IndexPath(row: 1, section: 0)
    #expect(fixture.source.tableView(table, canMoveRowAt: source))
    let height = try table.rectForRow(at: source).height
    // Down 13 places: across a page boundary (pages of 10).
    let destination = try Self.drag(fixture, from: source, steps: 13)
    #expect(destination == IndexPath(row: 14, section: 0))
    var expected = before
    expected.insert(expected.remove(at: 1), at: 14)
    // At once, before the database has it: the rows, the cached pages and the height moved.
    #expect(fixture.source.postID(at: destination) == before[1])
    for (row, id) in Self.cachedIDs(fixture.source, section: 0, rows: 20).enumerated() where id != nil {
      #expect(id == expected[row], "row \(row)")
    }
    #expect(try table.rectForRow(at: destination).height == height)
    #expect(table.reportedErrors.isEmpty)
    fixture.finishAnimations()
    let offset = table.contentOffset
    let frame = try table.rectForRow(at: destination)
    let summaries = try fixture.settle()
    // The database has the same order; its change applied nothing (no second animation), nothing moved.
    #expect(try fixture.store.postIDs(inSection: 0) == expected)
    #expect(summaries.allSatisfy { $0.updatesApplied == 0 }, "\(summaries)")
    #expect(summaries.contains { $0.changeNoticed })
    #expect(!table.isAnimating)
    #expect(table.contentOffset == offset)
    #expect(try table.rectForRow(at: destination) == frame)
    #expect(try fixture.mismatches() == [])
    #expect(try fixture.store.heights(ofPost: before[1])[Fixture.width] == height)
    #expect(fixture.source.reportedErrors.isEmpty && fixture.source.movesUndone == 0)
  }

  @Test("a move to another section changes both counts at once; the database agrees after it settles")
  func moveAcrossSections() throws {
    let fixture = try Fixture(posts: 40, sections: 2, pageSize: 10, cachedPages: 12)
    try fixture.settle()
    let table = fixture.table
    let zero = try fixture.store.postIDs(inSection: 0)
    let one = try fixture.store.postIDs(inSection: 1)
    // Row 17 of section 0 down 2 + 3 slots: past the end of section 0, to row 2 of section 1.
    let destination = try Self.drag(fixture, from: IndexPath(row: 17, section: 0), steps: 5)
    #expect(destination == IndexPath(row: 2, section: 1))
    #expect(table.numberOfRows(inSection: 0) == 19 && table.numberOfRows(inSection: 1) == 21)
    #expect(fixture.source.tableView(table, numberOfRowsInSection: 1) == 21)
    #expect(fixture.source.postID(at: destination) == zero[17])
    fixture.finishAnimations()
    let summaries = try fixture.settle()
    #expect(summaries.allSatisfy { $0.updatesApplied == 0 }, "\(summaries)")
    #expect(try fixture.store.postIDs(inSection: 1) == [one[0], one[1], zero[17]] + one[2...])
    #expect(try fixture.store.sectionStates().map(\.count) == [19, 21])
    #expect(try fixture.mismatches() == [])
    #expect(fixture.source.post(at: destination)?.section == 1)
    #expect(fixture.source.reportedErrors.isEmpty && table.reportedErrors.isEmpty)
  }

  @Test("a move into an empty section")
  func moveToEmptySection() throws {
    let fixture = try Fixture(posts: 30, sections: 2, pageSize: 10, cachedPages: 12)
    for id in try fixture.store.postIDs(inSection: 1) { try fixture.store.delete(id: id) }
    try fixture.settle()
    let table = fixture.table
    #expect(table.numberOfRows(inSection: 1) == 0)
    let zero = try fixture.store.postIDs(inSection: 0)
    // From row 12: 2 slots to the end of section 0, one more into the empty section.
    let destination = try Self.drag(fixture, from: IndexPath(row: 12, section: 0), steps: 3)
    #expect(destination == IndexPath(row: 0, section: 1))
    #expect(table.numberOfRows(inSection: 1) == 1)
    #expect(fixture.source.post(at: destination)?.id == zero[12])
    fixture.finishAnimations()
    let summaries = try fixture.settle()
    #expect(summaries.allSatisfy { $0.updatesApplied == 0 }, "\(summaries)")
    #expect(try fixture.store.postIDs(inSection: 1) == [zero[12]])
    #expect(try fixture.mismatches() == [])
  }

  @Test("another connection writes while the move is on its way: the table ends as the database is")
  func secondConnectionDuringMove() throws {
    let fixture = try Fixture(posts: 60, sections: 2, pageSize: 10, cachedPages: 12)
    try fixture.settle()
    let other = try PostStore(path: fixture.path)
    let zero = try fixture.store.postIDs(inSection: 0)
    for round in 0..<4 {
      let from = IndexPath(row: 2 + round, section: 0)
      let moved = try #require(fixture.source.postID(at: from))
      _ = try Self.drag(fixture, from: from, steps: 4 + round)
      // Written by another connection right after the drop, before or after the move is.
      try other.insert(section: 0, author: "other", body: "inserted at the top, round \(round)", at: .top)
      try other.edit(id: zero[20 + round], body: "edited during the move, round \(round)")
      if round == 2 { try other.delete(id: zero[10]) }
      fixture.finishAnimations()
      try fixture.settle()
      #expect(try fixture.mismatches() == [], "round \(round)")
      let order = try fixture.store.postIDs(inSection: 0)
      let at = try #require(order.firstIndex(of: moved))
      #expect(fixture.source.postID(at: IndexPath(row: at, section: 0)) == moved)
    }
    #expect(fixture.source.reportedErrors.isEmpty && fixture.table.reportedErrors.isEmpty)
    #expect(fixture.source.movesUndone == 0)
  }

  @Test("a locked database: the move is undone with an animated move back, and the failure reported")
  func lockedDatabaseUndoesTheMove() async throws {
    let fixture = try Fixture(posts: 50, sections: 1, pageSize: 10, cachedPages: 12)
    try fixture.reopen(pageSize: 10, cachedPages: 12, busyTimeout: 0.2)
    try fixture.settle()
    let holder = try await BackgroundProcess.holdingWriteLock(writer: try writerBinary.path(), database: fixture.path)
    defer { holder.stop() }
    let table = fixture.table
    let before = try fixture.store.postIDs(inSection: 0)
    let source = IndexPath(row: 1, section: 0)
    let frame = try table.rectForRow(at: source)
    let destination = try Self.drag(fixture, from: source, steps: 3)
    #expect(fixture.source.postID(at: destination) == before[1])
    fixture.finishAnimations()
    // The write waits 0.2 s for the lock and fails; the next refresh puts the row back, gliding.
    var sawAnimatedUndo = false
    for _ in 0..<200 where fixture.source.movesUndone == 0 || fixture.source.hasWorkInProgress {
      _ = fixture.source.waitForBackgroundWork(timeout: 60)
      if fixture.source.processUpdates().updatesApplied > 0, table.isAnimating { sawAnimatedUndo = true }
      table.layoutIfNeeded()
    }
    #expect(fixture.source.movesUndone == 1)
    #expect(sawAnimatedUndo)
    fixture.finishAnimations()
    try fixture.settle()
    #expect(fixture.source.postID(at: source) == before[1])
    #expect(try table.rectForRow(at: source) == frame)
    #expect(try fixture.store.postIDs(inSection: 0) == before)
    let error = try #require(fixture.source.reportedErrors.last)
    #expect(error.kind == .locked)
    #expect(error.message.contains("undone"))
    #expect(try fixture.mismatches() == [])
    holder.stop()
  }

  @Test("no move under a search, in a read-only store, or of a placeholder")
  func whatCannotMove() throws {
    let fixture = try Fixture(posts: 200, sections: 2, pageSize: 10, cachedPages: 4)
    try fixture.settle()
    let table = fixture.table
    #expect(fixture.source.tableView(table, canMoveRowAt: IndexPath(row: 0, section: 0)))
    // A row far below: its page is not cached.
    #expect(!fixture.source.tableView(table, canMoveRowAt: IndexPath(row: 90, section: 1)))
    #expect(!fixture.source.tableView(table, canMoveRowAt: IndexPath(row: -1, section: 0)))
    fixture.source.setFilter("a")
    #expect(!fixture.source.tableView(table, canMoveRowAt: IndexPath(row: 0, section: 0)))
    fixture.source.setFilter(nil)
    try fixture.settle()
    let readOnly = try PostStore(path: fixture.path, readOnly: true)
    let (otherTable, otherSource) = try Fixture.makeTable(
      store: readOnly, measurements: Counter(), pageSize: 10, cachedPages: 4)
    otherTable.layoutIfNeeded()
    _ = otherSource.waitForBackgroundWork(timeout: 60)
    otherSource.processUpdates()
    #expect(!otherSource.tableView(otherTable, canMoveRowAt: IndexPath(row: 0, section: 0)))
    #expect(!otherTable.beginReorder(at: IndexPath(row: 0, section: 0)))
    _ = otherSource.waitForBackgroundWork(timeout: 60)
  }
}

@Suite("Moving posts to rows not loaded") struct ReorderUnloadedTests {
  @Test("a drop among rows whose section was never read: the database places it by row, the section is read again")
  func moveToUnloadedSection() throws {
    let fixture = try Fixture(posts: 600, sections: 3, pageSize: 10, cachedPages: 4)
    try fixture.settle()
    let table = fixture.table
    let moved = try #require(fixture.source.postID(at: IndexPath(row: 1, section: 0)))
    let two = try fixture.store.postIDs(inSection: 2)
    #expect(fixture.source.postID(at: IndexPath(row: 50, section: 2)) == nil)
    // As the table does on a drop: the data source hears moveRowAt, then the table applies the move.
    let from = IndexPath(row: 1, section: 0)
    let to = IndexPath(row: 50, section: 2)
    fixture.source.tableView(table, moveRowAt: from, to: to)
    try table.performBatchUpdates { $0.moveRow(at: from, to: to, animated: true) }
    #expect(table.reportedErrors.isEmpty)
    fixture.finishAnimations()
    try fixture.settle()
    #expect(try fixture.store.postIDs(inSection: 2) == Array(two[..<50]) + [moved] + two[50...])
    #expect(try fixture.store.sectionStates().map(\.count) == [199, 200, 201])
    try table.scrollToRow(at: to, at: .middle, animated: false)
    try fixture.settle()
    #expect(fixture.source.postID(at: to) == moved)
    #expect(try fixture.mismatches() == [])
    #expect(fixture.source.reportedErrors.isEmpty)
  }
}

@Suite("Moving posts far") struct ReorderFarTests {
  @Test("a post carried far (its own page evicted on the way): the rows around the drop get their pages again")
  func rowsAroundTheDropReloadTheirPages() throws {
    let fixture = try Fixture(posts: 600, sections: 3, pageSize: 10, cachedPages: 4)
    try fixture.settle()
    let table = fixture.table
    let source = IndexPath(row: 1, section: 0)
    let moved = try #require(fixture.source.postID(at: source))
    try #require(table.beginReorder(at: source))
    // Held by keys 250 places down: the table follows it, and the pages there push the first ones out.
    table.moveReorder(by: 250)
    for _ in 0..<20 {
      _ = fixture.source.waitForBackgroundWork(timeout: 60)
      fixture.source.processUpdates()
      table.layoutIfNeeded()
    }
    #expect(fixture.source.post(at: IndexPath(row: 1, section: 0)) == nil, "the moved post's page was evicted")
    let destination = try #require(table.reorderDestination)
    table.endReorder()
    fixture.finishAnimations()
    try fixture.settle()
    #expect(fixture.source.postID(at: destination) == moved)
    #expect(try fixture.mismatches() == [])
    for path in table.indexPathsForVisibleRows {
      #expect(fixture.source.post(at: path) != nil, "\(path) has its post")
      #expect(fixture.source.tableView(table, canMoveRowAt: path), "\(path) can move")
    }
  }
}
