import Foundation
import TableViewCore
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

/// A search over many matches shows its first screen first (from the top, whole sections, exact) and counts
/// the later sections after; clearing it returns to the post the user was on.
@Suite("Search, first screen first") struct SearchFirstScreenTests {
  /// The matches of `query` in the database, by section, in row order (the join over every match).
  func truth(_ fixture: Fixture, _ query: String) throws -> [Int: SectionDirectory] {
    try fixture.store.read("the truth") { db in try PostStore.matchingDirectories(db, query: query) }
  }

  /// Runs the owner's hook until `done` holds (the background jobs waited for each round).
  func pump(_ fixture: Fixture, until done: () -> Bool) throws {
    for _ in 0..<200 where !done() {
      _ = fixture.source.waitForBackgroundWork(timeout: 60)
      fixture.source.processUpdates()
      fixture.table.layoutIfNeeded()
    }
    #expect(done())
  }

  @Test("over 4,000 matches: the first sections exact and on screen from the top, then every count exact")
  func firstScreenThenCounts() throws {
    let fixture = try Fixture(posts: 10_000, sections: 10)
    try fixture.settle()
    // Posts inserted later have the largest ids: a match and a non-match at the top of the first section.
    let late = try fixture.store.insert(section: 0, author: "late", body: "the newest post", at: .top)
    let other = try fixture.store.insert(section: 0, author: "late", body: "quokka only", at: .top)
    try fixture.settle()
    // Somewhere down the feed, then a search for a word in most posts.
    try fixture.table.scrollToRow(at: IndexPath(row: 500, section: 4), at: .top, animated: false)
    try fixture.settle()
    let before = try #require(fixture.source.currentPosition())
    let expected = try truth(fixture, "the")
    #expect(expected.values.reduce(0) { $0 + $1.count } > PostStore.matchesPlacedByID)

    fixture.source.setFilter("the")
    try pump(fixture) { fixture.source.appliedFilter == "the" }
    #expect(fixture.source.isCountingMatches, "the later sections are counted after the first screen")
    let counted = (0..<10).filter { fixture.table.numberOfRows(inSection: $0) > 0 }
    #expect(counted.first == 0 && counted.count < 10, "\(counted)")
    for s in counted {
      #expect(
        (0..<fixture.table.numberOfRows(inSection: s)).map { fixture.source.postID(at: IndexPath(row: $0, section: s)) }
          == expected[s]?.ids.map(Optional.init))
    }
    #expect(fixture.table.contentOffset.y == fixture.table.minimumContentOffsetY)
    let firstIDs = expected.keys.sorted().flatMap { expected[$0]!.ids }
    #expect(firstIDs.first == late.id)
    #expect(!firstIDs.contains(other.id))
    try fixture.settle()
    let shown = fixture.table.indexPathsForVisibleRows.compactMap { fixture.source.post(at: $0)?.id }
    #expect(shown == Array(firstIDs.prefix(shown.count)) && !shown.isEmpty)

    // Then every section's matches, exact.
    #expect(!fixture.source.isCountingMatches)
    #expect((0..<10).map { fixture.table.numberOfRows(inSection: $0) } == (0..<10).map { expected[$0]?.count ?? 0 })
    #expect(fixture.table.indexPathsForVisibleRows.compactMap { fixture.source.post(at: $0)?.id } == shown)
    #expect(fixture.source.reportedErrors.isEmpty, "\(fixture.source.reportedErrors)")
    #expect(fixture.table.reportedErrors.isEmpty)

    // Cleared: every post again, and the same post at the top of the screen as before the search.
    fixture.source.setFilter(nil)
    try fixture.settle()
    #expect(fixture.source.currentPosition()?.postID == before.postID)
    #expect(fixture.source.currentPosition()?.offsetWithinRow == before.offsetWithinRow)
    #expect(try fixture.mismatches() == [])
  }

  @Test("a change committed while the later sections are being counted is in the counts")
  func changeWhileCounting() throws {
    let fixture = try Fixture(posts: 10_000, sections: 10)
    try fixture.settle()
    fixture.source.setFilter("the")
    try pump(fixture) { fixture.source.appliedFilter == "the" }
    try fixture.store.insert(section: 9, author: "late", body: "the last section grows", at: .bottom)
    try fixture.store.delete(id: try #require(fixture.store.postIDs(inSection: 8).first))
    try fixture.settle()
    let expected = try truth(fixture, "the")
    #expect(!fixture.source.isCountingMatches)
    #expect((0..<10).map { fixture.table.numberOfRows(inSection: $0) } == (0..<10).map { expected[$0]?.count ?? 0 })
    #expect(fixture.source.reportedErrors.isEmpty, "\(fixture.source.reportedErrors)")
  }

  @Test("a few matches are all placed at once: no counting afterwards")
  func fewMatches() throws {
    let fixture = try Fixture(posts: 2_000, sections: 4)
    try fixture.settle()
    let post = try fixture.store.insert(section: 3, author: "zed", body: "a wombat", at: .top)
    fixture.source.setFilter("wombat")
    try pump(fixture) { fixture.source.appliedFilter == "wombat" }
    #expect(!fixture.source.isCountingMatches)
    #expect((0..<4).map { fixture.table.numberOfRows(inSection: $0) } == [0, 0, 0, 1])
    #expect(fixture.source.postID(at: IndexPath(row: 0, section: 3)) == post.id)
  }
}
