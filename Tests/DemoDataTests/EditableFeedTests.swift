import DemoData
import TableViewCore
import Testing

@Suite("EditableFeed")
struct EditableFeedTests {
  @Test("untouched, it is FeedDataSet: same counts, same posts, no section stored")
  func untouched() {
    let feed = EditableFeed(rowCount: 1_000_000)
    #expect(feed.numberOfSections == 1_000)
    #expect(feed.numberOfRows(inSection: 999) == 1_000)
    #expect(feed.totalRowCount == 1_000_000)
    #expect(feed.postNumber(at: IndexPath(row: 7, section: 3)) == 3_007)
    #expect(feed.post(at: IndexPath(row: 7, section: 3))?.text == FeedDataSet.post(section: 3, row: 7).text)
    #expect(feed.headerDetail(section: 1) == FeedDataSet.headerDetail(section: 1, rowCount: 1_000_000))
    #expect(feed.editedSectionCount == 0)
  }

  @Test("deletes and inserts change one section only; new posts are numbered after all the others")
  func deleteAndInsert() throws {
    var feed = EditableFeed(rowCount: 2_500)
    #expect(feed.removePost(at: IndexPath(row: 0, section: 1)) == 1_000)
    #expect(feed.numberOfRows(inSection: 1) == 999)
    #expect(feed.postNumber(at: IndexPath(row: 0, section: 1)) == 1_001)
    #expect(feed.numberOfRows(inSection: 0) == 1_000 && feed.numberOfRows(inSection: 2) == 500)
    #expect(feed.insertNewPost(at: IndexPath(row: 0, section: 0)) == 2_500)
    #expect(feed.insertNewPost(at: IndexPath(row: 0, section: 0)) == 2_501)
    #expect(feed.postNumber(at: IndexPath(row: 0, section: 0)) == 2_501)
    #expect(feed.postNumber(at: IndexPath(row: 2, section: 0)) == 0)
    #expect(feed.totalRowCount == 2_501)
    #expect(feed.editedSectionCount == 2)
    #expect(feed.headerDetail(section: 1) == "edited · 999 条")
  }

  @Test("a page is appended to the last section")
  func appendPage() {
    var feed = EditableFeed(rowCount: 1_500)
    let added = feed.appendPage(count: 3)
    #expect(added == [500, 501, 502].map { IndexPath(row: $0, section: 1) })
    #expect(feed.postNumber(at: IndexPath(row: 502, section: 1)) == 1_502)
    #expect(feed.numberOfRows(inSection: 1) == 503)
    #expect(feed.appendPage(count: 0).isEmpty && feed.appendPage(count: -5).isEmpty)
    #expect(EditableFeed(rowCount: 0).numberOfSections == 0)
    var empty = EditableFeed(rowCount: 0)
    #expect(empty.appendPage(count: 10).isEmpty)
  }

  @Test("stars, read marks and checkmarks follow the post, not its row, and go with a deleted post")
  func marks() {
    var feed = EditableFeed(rowCount: 100)
    feed.toggleStar(5)
    feed.toggleRead(5)
    feed.toggleMark(5)
    feed.toggleStar(6)
    feed.toggleStar(6)
    #expect(feed.starred == [5] && feed.read == [5] && feed.marked == [5])
    feed.removePost(at: IndexPath(row: 0, section: 0))
    #expect(feed.postNumber(at: IndexPath(row: 4, section: 0)) == 5 && feed.starred.contains(5))
    feed.removePost(at: IndexPath(row: 4, section: 0))
    #expect(feed.starred.isEmpty && feed.read.isEmpty && feed.marked.isEmpty)
  }

  @Test("new posts are told from the computed ones; a row's place in the whole feed counts the sections before it")
  func newPostsAndGlobalRows() {
    var feed = EditableFeed(rowCount: 2_500)
    let new = feed.insertNewPost(at: IndexPath(row: 0, section: 1))
    #expect(new.map(feed.isNew) == true && !feed.isNew(2_499))
    #expect(feed.globalRow(of: IndexPath(row: 3, section: 0)) == 3)
    #expect(feed.globalRow(of: IndexPath(row: 3, section: 2)) == 1_000 + 1_001 + 3)
    #expect(feed.globalRow(of: IndexPath(row: 0, section: 99)) == 2_501, "past the last section: every row")
  }

  @Test("bad places change nothing: out of range, negative, overflowing numbers")
  func badInput() {
    var feed = EditableFeed(rowCount: 10)
    let before = feed
    #expect(feed.removePost(at: IndexPath(row: 10, section: 0)) == nil)
    #expect(feed.removePost(at: IndexPath(row: -1, section: 0)) == nil)
    #expect(feed.removePost(at: IndexPath(row: 0, section: 1)) == nil)
    #expect(feed.insertNewPost(at: IndexPath(row: 11, section: 0)) == nil)
    #expect(feed.insertNewPost(at: IndexPath(row: 0, section: -1)) == nil)
    #expect(feed.postNumber(at: IndexPath(row: .max, section: .max)) == nil)
    #expect(feed == before)
    var huge = EditableFeed(rowCount: .max)
    #expect(huge.insertNewPost(at: IndexPath(row: 0, section: 0)) == nil)
    #expect(huge.appendPage(count: 1).isEmpty)
    #expect(EditableFeed(rowCount: -3).numberOfSections == 0)
  }
}
