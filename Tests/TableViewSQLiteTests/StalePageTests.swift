import Dispatch
import Foundation
import TableViewCore
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

@Suite("Stale pages")
struct StalePageTests {
  // Found by Fuzz/SQLiteSource: a page read after a change the owner had not applied came back under the new
  // version; when the change's refresh reached the owner first, the page was taken as an empty page of the new
  // version, and its rows stayed placeholders for good (the page "cached", so never asked for again).
  @Test("a page read after a change whose refresh is applied first is asked for again, not cached empty")
  func pageAfterRefresh() throws {
    let fixture = try Fixture(posts: 60, sections: 1, pageSize: 10, cachedPages: 8)
    try fixture.settle()
    // Hold the reader, so that the jobs below queue up in a known order: the refresh, then the page.
    let gate = DispatchSemaphore(value: 0)
    fixture.source.reader.submit {
      gate.wait()
      return .pageDropped(PageKey(section: 0, index: 999), nil)
    }
    try fixture.store.insert(section: 0, author: "writer", body: "a change the owner has not seen", at: .top)
    #expect(fixture.source.processUpdates().changeNoticed)
    // Rows of a page not cached come on screen: their page is asked for under the version the owner knows.
    fixture.table.scroll(by: 1_500)
    fixture.table.layoutIfNeeded()
    #expect(fixture.source.pagesInFlight > 0 && fixture.source.placeholderCount > 0)
    gate.signal()
    try fixture.settle()
    #expect(fixture.source.placeholderCount == 0)
    #expect(try fixture.mismatches() == [])
    #expect(fixture.source.reportedErrors.isEmpty)
  }
}
