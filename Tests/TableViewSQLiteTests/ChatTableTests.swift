import DemoData
import Foundation
@_spi(Backend) import TableViewCore
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

/// A chat file of `messages` messages (`ChatDatabase`, a day per section) in a temporary folder,
/// served to a bottom-anchored table of 320×480 points, the owner's hook driven by hand.
private final class ChatFixture {
  let folder: URL
  let path: String
  let store: PostStore
  let table: TableView
  let source: SQLiteTableDataSource
  /// The follow-mode scroll is animated: the test moves the clock by hand.
  let clock = ManualClock()
  let measurements = Counter()

  init(messages: Int, pageSize: Int = 20, cachedPages: Int = 8) throws {
    folder = try Fixture.temporaryFolder()
    path = folder.appendingPathComponent("chat.sqlite").path
    try ChatDatabase.build(path: path, messages: messages)
    store = try PostStore(path: path)
    table = TableView(style: .plain, clock: clock)
    table.register({ [measurements] in PostCell(measurements: measurements) }, forCellReuseIdentifier: "post")
    table.viewportSize = Size(width: Fixture.width, height: 480)
    table.contentAnchor = .bottom
    source = try SQLiteTableDataSource(
      store: store, tableView: table, reuseIdentifier: "post", pageSize: pageSize, cachedPages: cachedPages,
      placeholderHeight: 30
    ) { cell, post in (cell as! PostCell).value = post }
  }

  deinit {
    _ = source.waitForBackgroundWork(timeout: 60)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs the owner's hook (and any animation, a second at a time) until nothing is on its way.
  func settle() throws {
    for _ in 0..<200 {
      table.layoutIfNeeded()
      guard source.waitForBackgroundWork(timeout: 60) else { throw FixtureError("background work did not finish") }
      let summary = source.processUpdates()
      while table.isAnimating {
        clock.advance(by: 1)
        _ = table.tick()
      }
      table.layoutIfNeeded()
      if summary == SQLiteTableDataSource.UpdateSummary(), source.pagesInFlight == 0, source.placeholderCount == 0,
        source.waitForBackgroundWork(timeout: 60), source.processUpdates() == SQLiteTableDataSource.UpdateSummary()
      {
        return
      }
    }
    throw FixtureError("the chat did not settle in 200 rounds")
  }

  /// Where each visible row showing its post (not a placeholder) is on screen: post id → top
  /// relative to the visible area's top.
  func screenTops() throws -> [Int64: Double] {
    var tops: [Int64: Double] = [:]
    for path in table.indexPathsForVisibleRows {
      guard let post = (table.cellForRow(at: path) as? PostCell)?.value else { continue }
      tops[post.id] = try table.rectForRow(at: path).minY - table.contentOffset.y
    }
    return tops
  }

  /// The post of the last visible row, as its cell shows it.
  var lastVisiblePost: Post? {
    table.indexPathsForVisibleRows.last.flatMap { (table.cellForRow(at: $0) as? PostCell)?.value }
  }
}

@Suite("Chat from the database") struct ChatTableTests {
  @Test("the chat file: a day per section, the in-memory chat's texts, and sending appends to the last day")
  func chatFile() throws {
    let folder = try Fixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("chat.sqlite").path
    let perDay = ChatMessage.messagesPerDay
    let (store, created) = try ChatDatabase.openOrCreate(path: path, messages: perDay + 10, createsFolder: false)
    #expect(created)
    #expect(try store.sectionStates().map(\.count) == [perDay, 10])
    let last = try #require(try store.posts(inSection: 1).last)
    let message = ChatDatabase.message(last)
    #expect(message.number == perDay + 9)
    #expect(message.text == ChatMessage(number: perDay + 9).text)
    #expect(message.author == ChatMessage(number: perDay + 9).author)
    #expect(ChatDatabase.indexPath(ofMessage: perDay + 9) == IndexPath(row: 9, section: 1))
    let sent = try ChatDatabase.send("hello 你好", to: store)
    #expect(sent.section == 1)
    #expect(try store.postIDs(inSection: 1).last == sent.id)
    #expect(ChatDatabase.message(sent).isMine && ChatDatabase.message(sent).number == perDay + 10)
    let received = try ChatDatabase.receive(in: store)
    #expect(!ChatDatabase.message(received).isMine)
    #expect(try store.sectionStates().map(\.count) == [perDay, 12])
    // Opened again: not built again.
    let (_, again) = try ChatDatabase.openOrCreate(path: path, messages: 5, createsFolder: false)
    #expect(!again)
    #expect(ChatDatabase.daySizes(messages: 0) == [0])
    #expect(ChatDatabase.daySizes(messages: 2 * perDay) == [perDay, perDay])
    #expect(ChatMessage.dayTitle(day: 0) == "Wed 1 Jan 2025 · 星期三")
    #expect(ChatMessage.dayTitle(day: 59) == "Sat 1 Mar 2025 · 星期六")
  }

  @Test("the chat opens at the bottom: the newest message on the last line, its rows from the database")
  func opensAtBottom() throws {
    let fixture = try ChatFixture(messages: 10_000)
    try fixture.settle()
    #expect(fixture.table.isAtBottom)
    #expect(fixture.table.numberOfSections == 3)
    #expect(fixture.lastVisiblePost?.id == 10_000)
    #expect(fixture.table.indexPathsForVisibleRows.last == IndexPath(row: 10_000 - 2 * 4_320 - 1, section: 2))
    let last = try fixture.table.rectForRow(at: IndexPath(row: 10_000 - 2 * 4_320 - 1, section: 2))
    #expect(last.maxY == fixture.table.contentOffset.y + 480)
    // Every visible row shows its post, measured with its content.
    for path in fixture.table.indexPathsForVisibleRows {
      let post = try #require((fixture.table.cellForRow(at: path) as? PostCell)?.value)
      #expect(try fixture.table.rectForRow(at: path).height == PostCell.height(body: post.body, width: Fixture.width))
    }
    #expect(fixture.table.reportedErrors.isEmpty && fixture.source.reportedErrors.isEmpty)
  }

  @Test("scrolling up, pages land above and placeholders on screen are replaced: no message on screen moves")
  func pagingUpwardKeepsRowsStill() throws {
    let fixture = try ChatFixture(messages: 10_000, pageSize: 10, cachedPages: 12)
    try fixture.settle()
    var compared = 0
    var stepsWithPlaceholders = 0
    var stepsInSecondDay = 0
    var moved: [String] = []
    // Up through the last day (1,360 rows) and 20 steps into the day before it, in steps of 300 to 1,000 points:
    // the longer ones outrun the prefetching, so placeholders are on screen above messages when their pages land.
    for step in 0..<1_000 where stepsInSecondDay < 20 {
      if fixture.table.indexPathsForVisibleRows.first?.section == 1 { stepsInSecondDay += 1 }
      fixture.table.scroll(by: -Double(300 + step * 137 % 700))
      fixture.table.layoutIfNeeded()
      let before = try fixture.screenTops()
      if before.count < fixture.table.indexPathsForVisibleRows.count { stepsWithPlaceholders += 1 }
      try fixture.settle()
      let after = try fixture.screenTops()
      for (id, top) in before {
        guard let now = after[id] else { continue }
        compared += 1
        if now != top { moved.append("step \(step): post \(id) from \(top) to \(now)") }
      }
    }
    #expect(Array(moved.prefix(10)) == [], "\(moved.count) moved")
    #expect(compared > 300)
    #expect(stepsWithPlaceholders > 10, "placeholders must have been on screen when their pages landed")
    #expect(stepsInSecondDay == 20, "up a day boundary, into the second section")
    #expect(fixture.table.reportedErrors.isEmpty && fixture.source.reportedErrors.isEmpty)
  }

  @Test(
    "messages from a second connection: scrolled up, nothing on screen moves and they are counted; at the bottom they come into view"
  )
  func arrivals() throws {
    let fixture = try ChatFixture(messages: 10_000)
    try fixture.settle()
    fixture.table.scroll(by: -3_000)
    try fixture.settle()
    #expect(!fixture.table.isAtBottom)
    let before = try fixture.screenTops()
    let other = try PostStore(path: fixture.path)
    for _ in 0..<3 { try ChatDatabase.receive(in: other) }
    try fixture.settle()
    #expect(try fixture.screenTops() == before)
    #expect(fixture.table.rowsBelowVisibleArea == 3)
    #expect(fixture.table.numberOfRows(inSection: 2) == 10_000 - 2 * 4_320 + 3)

    fixture.table.scrollToBottom(animated: false)
    try fixture.settle()
    #expect(fixture.table.rowsBelowVisibleArea == 0)
    let newest = try ChatDatabase.receive(in: other)
    try fixture.settle()
    #expect(fixture.table.isAtBottom)
    #expect(fixture.lastVisiblePost?.id == newest.id)
    #expect(fixture.table.rowsBelowVisibleArea == 0)
    // The user's own message, written by this process, arrives the same way.
    let sent = try ChatDatabase.send("on my way 马上到", to: fixture.store)
    try fixture.settle()
    #expect(fixture.table.isAtBottom)
    #expect(fixture.lastVisiblePost?.id == sent.id)
    #expect(fixture.lastVisiblePost.map { ChatDatabase.message($0).isMine } == true)
    #expect(fixture.table.reportedErrors.isEmpty && fixture.source.reportedErrors.isEmpty)
  }
}
