import Testing

@_spi(Backend) @testable import TableViewCore

// Chat-style lists: bottom anchoring, follow mode and the rows counted below, paging both ways,
// the selected row as anchor, and jumps to far rows and to the bottom.

/// A chat: one section of rows, heights from the delegate (or estimated until shown), and a record
/// of what the table told its delegate.
final class Chat: TableViewDataSource, TableViewDelegate {
  var heights: [Double]
  var rowsBelowTold: [Int] = []
  var approachedTop = 0
  var approachedBottom = 0
  var onApproachTop: (() -> Void)?

  init(_ heights: [Double]) { self.heights = heights }

  func numberOfSections(in tableView: TableView) -> Int { 1 }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { heights.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.fittingHeight = heights[indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { heights[indexPath.row] }
  func tableView(_ tableView: TableView, didReceiveRowsBelowVisibleArea count: Int) { rowsBelowTold.append(count) }
  func tableViewDidApproachTop(_ tableView: TableView) {
    approachedTop += 1
    onApproachTop?()
  }
  func tableViewDidApproachBottom(_ tableView: TableView) { approachedBottom += 1 }

  /// Appends `count` rows to the model and the table.
  func append(_ count: Int, height: Double = 20, to table: TableView) throws {
    let start = heights.count
    heights += Array(repeating: height, count: count)
    try table.insertRows(at: (start..<(start + count)).map { IndexPath(row: $0, section: 0) })
  }
  /// Prepends `count` rows (an older page) to the model and the table.
  func prepend(_ count: Int, height: Double = 20, to table: TableView) throws {
    heights.insert(contentsOf: Array(repeating: height, count: count), at: 0)
    try table.insertRows(at: (0..<count).map { IndexPath(row: $0, section: 0) })
  }
}

func makeChat(
  _ chat: Chat, clock: ManualClock = ManualClock(), height: Double = 300, estimated: Bool = false,
  configure: (TableView) -> Void = { _ in }
) -> (TableView, TestHost) {
  let table = TableView(style: .plain, clock: clock)
  let host = TestHost()
  table.host = host
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.dataSource = chat
  table.delegate = chat
  table.viewportSize = Size(width: 100, height: height)
  if estimated { table.estimatedRowHeight = 30 }
  configure(table)
  table.reloadData()
  return (table, host)
}

/// Ticks 1/60 s frames until the animation ends.
func tickToEnd(_ table: TableView, _ clock: ManualClock) {
  var frames = 0
  while table.isAnimating && frames < 10_000 {
    clock.advance(by: 1.0 / 60)
    table.tick()
    frames += 1
  }
}

/// A chat's varied heights (multiples of 1/4 point, exact in the table's units).
private func variedHeights(_ count: Int) -> [Double] {
  (0..<count).map { Double(20 + ($0 * 37) % 300) / 4 }
}

@Suite("Chat-style lists")
struct ChatListTests {
  // MARK: Bottom anchoring

  @Test("short content sits at the bottom (an adjusted top inset), and stays there through viewport resizes")
  func shortContentAtBottom() throws {
    let chat = Chat([20, 20, 20])
    let (table, host) = makeChat(chat) { $0.contentAnchor = .bottom }
    #expect(table.maintainsVisibleContentPosition && table.followsAppendedRows)
    #expect(table.contentOffset.y == -240)
    #expect(table.adjustedContentInset.top == 240 && table.contentInset.top == 0)
    #expect(table.minimumContentOffsetY == table.maximumContentOffsetY)
    #expect(table.visibleCells.map { $0.frame.minY - table.contentOffset.y } == [240, 260, 280])
    #expect(table.isAtBottom)
    table.viewportSize = Size(width: 100, height: 200)
    #expect(table.visibleCells.map { $0.frame.minY - table.contentOffset.y } == [140, 160, 180])
    table.viewportSize = Size(width: 100, height: 500)
    #expect(table.visibleCells.map { $0.frame.minY - table.contentOffset.y } == [440, 460, 480])
    checkInvariants(table, host: host)
    // A row arriving pushes the others up: the content still ends at the bottom.
    try chat.append(1, to: table)
    #expect(table.visibleCells.map { $0.frame.minY - table.contentOffset.y } == [420, 440, 460, 480])
    #expect(!table.isAnimating)
    checkInvariants(table, host: host)
  }

  @Test("a long table opens at the end, and a resize keeps the bottom where it is (at the end, or scrolled up)")
  func opensAtEndAndKeepsBottom() throws {
    let chat = Chat(variedHeights(1_000))
    let (table, host) = makeChat(chat) { $0.contentAnchor = .bottom }
    #expect(table.contentOffset.y == table.maximumContentOffsetY)
    #expect(table.visibleCells.last!.frame.maxY == table.contentOffset.y + 300)
    table.viewportSize = Size(width: 100, height: 200)
    #expect(table.contentOffset.y == table.maximumContentOffsetY)
    table.contentOffset.y -= 500
    let fromBottom = table.maximumContentOffsetY - table.contentOffset.y
    table.viewportSize = Size(width: 100, height: 260)
    #expect(table.maximumContentOffsetY - table.contentOffset.y == fromBottom)
    checkInvariants(table, host: host)
    // A top-anchored table keeps its offset, as before.
    let (plain, _) = makeChat(Chat(variedHeights(1_000)))
    plain.contentOffset.y = 700
    plain.viewportSize = Size(width: 100, height: 200)
    #expect(plain.contentOffset.y == 700)
  }

  @Test("with estimated heights, a bottom-anchored table opens exactly at the end (the last rows are measured)")
  func opensAtEndEstimated() throws {
    let chat = Chat(variedHeights(100_000))
    let (table, host) = makeChat(chat, estimated: true) { $0.contentAnchor = .bottom }
    let last = try table.rectForRow(at: IndexPath(row: 99_999, section: 0))
    #expect(last.height == chat.heights[99_999])
    #expect(table.contentOffset.y == table.maximumContentOffsetY)
    #expect(last.maxY == table.contentOffset.y + 300)
    #expect(table.visibleCells.last!.frame == last)
    checkInvariants(table, host: host)
  }

  // MARK: Follow mode and the rows below

  @Test("at the bottom, appended rows scroll into view with an animation; nothing is counted")
  func followsAtBottom() throws {
    let clock = ManualClock()
    let chat = Chat(variedHeights(200))
    let (table, host) = makeChat(chat, clock: clock) { $0.contentAnchor = .bottom }
    let before = table.visibleCells.map { $0.frame.minY - table.contentOffset.y }
    try chat.append(3, to: table)
    // The update itself moves nothing on screen; the follow scroll then brings the rows in.
    #expect(table.visibleCells.prefix(before.count).map { $0.frame.minY - table.contentOffset.y } == before)
    #expect(table.isAnimating)
    // More rows while it runs: it reaches them too.
    clock.advance(by: 0.1)
    table.tick()
    try chat.append(2, to: table)
    tickToEnd(table, clock)
    #expect(table.contentOffset.y == table.maximumContentOffsetY)
    #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 204, section: 0))
    #expect(table.rowsBelowVisibleArea == 0 && chat.rowsBelowTold.isEmpty)
    checkInvariants(table, host: host)
  }

  @Test("scrolled up, appended rows do not move anything; they are counted until the user is at the bottom")
  func countsWhenScrolledUp() throws {
    let clock = ManualClock()
    let chat = Chat(variedHeights(200))
    let (table, host) = makeChat(chat, clock: clock) { $0.contentAnchor = .bottom }
    table.contentOffset.y -= 600
    let offset = table.contentOffset.y
    try chat.append(3, to: table)
    #expect(!table.isAnimating && table.contentOffset.y == offset)
    #expect(table.rowsBelowVisibleArea == 3 && chat.rowsBelowTold == [3])
    try chat.append(2, to: table)
    #expect(table.rowsBelowVisibleArea == 5 && chat.rowsBelowTold == [3, 5])
    // Scrolling part of the way keeps the count; reaching the bottom clears it (the delegate hears 0).
    table.contentOffset.y += 100
    #expect(table.rowsBelowVisibleArea == 5)
    table.scrollToBottom(animated: true)
    tickToEnd(table, clock)
    #expect(table.contentOffset.y == table.maximumContentOffsetY)
    #expect(table.rowsBelowVisibleArea == 0 && chat.rowsBelowTold == [3, 5, 0])
    // At the bottom again: following resumes.
    try chat.append(1, to: table)
    #expect(table.isAnimating && table.rowsBelowVisibleArea == 0)
    tickToEnd(table, clock)
    #expect(table.isAtBottom)
    checkInvariants(table, host: host)
  }

  @Test("with follow mode off, rows appended at the bottom are counted, not followed")
  func followModeOff() throws {
    let chat = Chat(variedHeights(200))
    let (table, _) = makeChat(chat) {
      $0.contentAnchor = .bottom
      $0.followsAppendedRows = false
    }
    let offset = table.contentOffset.y
    try chat.append(2, to: table)
    #expect(!table.isAnimating && table.contentOffset.y == offset)
    #expect(table.rowsBelowVisibleArea == 2 && chat.rowsBelowTold == [2])
    table.scrollToBottom(animated: false)
    #expect(table.rowsBelowVisibleArea == 0 && chat.rowsBelowTold == [2, 0])
  }

  @Test("a growing last row (a message being written) is followed at the bottom")
  func followsGrowingRow() throws {
    let clock = ManualClock()
    let chat = Chat(variedHeights(50))
    let (table, _) = makeChat(chat, clock: clock) { $0.contentAnchor = .bottom }
    chat.heights[49] += 40
    try table.performBatchUpdates { _ in }
    tickToEnd(table, clock)
    #expect(table.contentOffset.y == table.maximumContentOffsetY)
    #expect(table.visibleCells.last!.frame.maxY == table.contentOffset.y + 300)
  }

  // MARK: The anchor

  @Test("the selected row on screen is the anchor, and rows inserted above it move nothing on screen")
  func selectedRowAnchors() throws {
    let chat = Chat(Array(repeating: 20, count: 100))
    let (table, host) = makeChat(chat) { $0.maintainsVisibleContentPosition = true }
    table.contentOffset.y = 500  // rows 25…39
    let selected = IndexPath(row: 30, section: 0)
    try table.selectRow(at: selected, animated: false, scrollPosition: .none)
    let screen = try table.rectForRow(at: selected).minY - table.contentOffset.y
    // Row 26 (entirely above the selected row, on screen) grows; two rows arrive at the top.
    chat.heights[26] = 50
    try table.performBatchUpdates { _ in }
    #expect(try table.rectForRow(at: selected).minY - table.contentOffset.y == screen)
    chat.heights.insert(contentsOf: [33, 44], at: 0)
    try table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
    let moved = IndexPath(row: 32, section: 0)
    #expect(table.indexPathsForSelectedRows == [moved])
    #expect(try table.rectForRow(at: moved).minY - table.contentOffset.y == screen)
    checkInvariants(table, host: host)
  }

  @Test("setHeight(_:forRowAt:) of a row partly on screen above the anchor moves nothing below it")
  func setHeightKeepsAnchor() throws {
    let chat = Chat(Array(repeating: 20, count: 100))
    let (table, host) = makeChat(chat) { $0.maintainsVisibleContentPosition = true }
    table.contentOffset.y = 510  // row 25 partly on screen, row 26 the first entirely
    let anchor = IndexPath(row: 26, section: 0)
    let screen = try table.rectForRow(at: anchor).minY - table.contentOffset.y
    let correction = table.contentOffsetCorrection
    chat.heights[25] = 45
    try table.setHeight(45, forRowAt: IndexPath(row: 25, section: 0))
    #expect(try table.rectForRow(at: anchor).minY - table.contentOffset.y == screen)
    #expect(table.contentOffset.y == 535 && table.contentOffsetCorrection - correction == 25)
    checkInvariants(table, host: host)
  }

  @Test("with the setting off, rows prepended above the screen move the content on screen, as in UIKit")
  func settingOffUnchanged() throws {
    let chat = Chat(Array(repeating: 20, count: 100))
    let (table, _) = makeChat(chat)
    #expect(!table.maintainsVisibleContentPosition && !table.followsAppendedRows)
    table.contentOffset.y = 500
    try chat.prepend(5, to: table)
    // UIKit's behaviour: the offset stays, so the content on screen moves down by the new rows.
    #expect(table.contentOffset.y == 500)
  }

  @Test("a change of width (rows back to their estimates, measured again) keeps the anchor where it was on screen")
  func widthChangeKeepsAnchor() throws {
    let chat = Chat(variedHeights(2_000))
    let (table, host) = makeChat(chat, estimated: true) { $0.maintainsVisibleContentPosition = true }
    table.contentOffset.y = 20_000
    table.contentOffset.y += 7  // the first row on screen only partly
    let top = table.contentOffset.y
    let cells = table.visibleCells
    let paths = table.indexPathsForVisibleRows
    let a = cells.firstIndex { $0.frame.minY >= top && $0.frame.maxY <= top + 300 }!
    let anchor = paths[a]
    let screen = cells[a].frame.minY - top
    let reading = (table.contentOffset.y, table.contentOffsetCorrection)
    table.viewportSize = Size(width: 80, height: 300)
    #expect(try table.rectForRow(at: anchor).minY - table.contentOffset.y == screen)
    #expect(table.contentOffset.y - reading.0 == table.contentOffsetCorrection - reading.1)
    #expect(table.contentOffset.y != reading.0)  // the estimates above differ from the measured heights
    checkInvariants(table, host: host)
  }

  // MARK: Paging both ways

  @Test("the top and the bottom are announced once per approach, again after leaving or a change of rows")
  func pagingOncePerCrossing() throws {
    let chat = Chat(Array(repeating: 20, count: 200))  // 4,000 points
    let (table, _) = makeChat(chat) {
      $0.edgeApproachDistance = 100
      $0.maintainsVisibleContentPosition = true
    }
    #expect(chat.approachedTop == 1 && chat.approachedBottom == 0)
    for _ in 0..<30 { table.scroll(by: 10) }  // 0 → 300: out of the zone after 100
    #expect(chat.approachedTop == 1)
    for _ in 0..<25 { table.scroll(by: -10) }  // back to 50: into the zone once
    #expect(chat.approachedTop == 2)
    table.scroll(by: -10)
    table.scroll(by: 5)
    #expect(chat.approachedTop == 2)
    // An older page arrives above: nothing on screen moves, and the user is now far from the top.
    let screen = table.visibleCells.map { $0.frame.minY - table.contentOffset.y }
    try chat.prepend(20, to: table)
    #expect(table.visibleCells.map { $0.frame.minY - table.contentOffset.y } == screen)
    #expect(table.contentOffset.y == 445 && chat.approachedTop == 2)
    table.contentOffset.y = 10
    #expect(chat.approachedTop == 3)
    // A page that left the user within reach: announced again (the next one is due).
    try chat.prepend(2, to: table)
    #expect(table.contentOffset.y == 50 && chat.approachedTop == 4)
    // The bottom, likewise.
    table.contentOffset.y = table.maximumContentOffsetY - 150
    #expect(chat.approachedBottom == 0)
    table.scroll(by: 60)
    #expect(chat.approachedBottom == 1)
    table.scroll(by: 60)
    #expect(chat.approachedBottom == 1)
    try chat.append(3, to: table)
    #expect(chat.approachedBottom == 2)
  }

  @Test("a delegate may load a page from the call; it is applied without moving the screen")
  func pagingLoadsFromCallback() throws {
    let chat = Chat(Array(repeating: 20, count: 50))
    var table: TableView!
    chat.onApproachTop = { [unowned chat] in try? chat.prepend(50, to: table) }
    let made = makeChat(chat) {
      $0.contentAnchor = .bottom
      $0.edgeApproachDistance = 100
    }
    table = made.0
    // Opened at the end: far from the top. Scroll there; a page loads and the screen stays.
    table.contentOffset.y = 60
    #expect(chat.approachedTop == 1 && chat.heights.count == 100)
    #expect(table.contentOffset.y == 1_060)
    checkInvariants(table, host: made.1)
  }

  @Test("edgeApproachDistance: NaN is refused, negative is 0, infinite is the largest content")
  func edgeDistanceSanitized() {
    let (table, _) = makeChat(Chat([20]))
    table.edgeApproachDistance = 50
    table.edgeApproachDistance = .nan
    #expect(table.edgeApproachDistance == 50)
    #expect(table.reportedErrors.last?.kind == .invalidArgument)
    table.edgeApproachDistance = -3
    #expect(table.edgeApproachDistance == 0)
    table.edgeApproachDistance = .infinity
    #expect(table.edgeApproachDistance == TableView.maximumContentHeight)
    table.edgeApproachDistance = nil
    #expect(table.edgeApproachDistance == nil)
  }

  // MARK: Jumps

  @Test(
    "a jump to a never-measured row 50,000 rows up lands exactly on it; back to the bottom lands exactly at the end")
  func jumps() throws {
    let clock = ManualClock()
    let chat = Chat(variedHeights(100_000))
    let (table, host) = makeChat(chat, clock: clock, estimated: true) { $0.contentAnchor = .bottom }
    let target = IndexPath(row: 49_990, section: 0)
    try table.scrollToRow(at: target, at: .top, animated: false)
    let rect = try table.rectForRow(at: target)
    #expect(rect.height == chat.heights[target.row])
    #expect(rect.minY == table.contentOffset.y)
    #expect(table.cellForRow(at: target)?.frame == rect)
    // Jump back: the rows near the end were never measured at this point in their new places.
    try chat.append(500, to: table)  // unmeasured rows at the end
    table.scrollToBottom(animated: false)
    let last = try table.rectForRow(at: IndexPath(row: 100_499, section: 0))
    #expect(last.height == chat.heights[100_499])
    #expect(table.contentOffset.y == table.maximumContentOffsetY && last.maxY == table.contentOffset.y + 300)
    // Animated, from far away, with unmeasured rows arriving at the end.
    try table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: false)
    try chat.append(300, to: table)
    table.scrollToBottom(animated: true)
    tickToEnd(table, clock)
    let newLast = try table.rectForRow(at: IndexPath(row: 100_799, section: 0))
    #expect(newLast.height == chat.heights[100_799])
    #expect(table.contentOffset.y == table.maximumContentOffsetY && newLast.maxY == table.contentOffset.y + 300)
    #expect(table.rowsBelowVisibleArea == 0)
    checkInvariants(table, host: host)
  }
}

@Suite("Opening a bottom-anchored table at its end")
struct OpeningAtEndTests {
  // Found by the GTK chat page: rows just above the end that are shorter than the estimate brought
  // a taller row within the viewport's reach, but the reach was measured from where the last row
  // started before they were measured: that row stayed an estimate, grew when it showed, and the
  // table opened 100 points short of its end.
  @Test("rows above the end shorter than the estimate: the table still opens exactly at the end")
  func opensAtEnd() throws {
    let rows = SelfSizingModel([Array(repeating: 65, count: 51) + [165, 67, 51, 50, 67, 50, 49, 50, 51, 49]])
    let table = TableView(style: .plain, clock: ManualClock())
    let host = TestHost()
    table.host = host
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = 65
    table.contentAnchor = .bottom
    table.dataSource = rows
    table.delegate = rows
    table.viewportSize = Size(width: 886, height: 542)
    table.layoutIfNeeded()
    #expect(table.contentOffset.y == table.maximumContentOffsetY)
    #expect(table.indexPathsForVisibleRows.last?.row == 60)
    #expect(table.isAtBottom)
    checkInvariants(table, host: host)
  }
}

@Suite("Follow mode as a state")
struct FollowStateTests {
  /// 20-point rows in a 300-point viewport: 15 fit.
  private func append(_ count: Int, to chat: Chat, _ table: TableView, _ clock: ManualClock) throws {
    try chat.append(count, to: table)
    tickToEnd(table, clock)
  }

  @Test("a top-anchored table loading pages into an empty table stays at the top: the first rows stay on screen")
  func loaderIntoEmptyTable() throws {
    let clock = ManualClock()
    let chat = Chat([])
    let (table, host) = makeChat(chat, clock: clock) { $0.followsAppendedRows = true }
    #expect(!table.isFollowingAppendedRows, "an empty table is not at the bottom of anything")
    for _ in 0..<5 {
      try chat.append(10, to: table)
      #expect(!table.isAnimating, "nothing chases the rows")
      tickToEnd(table, clock)
    }
    #expect(table.contentOffset.y == 0 && table.indexPathsForVisibleRows.first == IndexPath(row: 0, section: 0))
    #expect(!table.isFollowingAppendedRows)
    // The pages below the first screen were counted; the app says the user need not be told.
    #expect(table.rowsBelowVisibleArea > 0)
    table.resetRowsBelowVisibleArea()
    #expect(table.rowsBelowVisibleArea == 0 && chat.rowsBelowTold.last == 0)
    #expect(table.contentOffset.y == 0, "resetting the count scrolls nothing")
    // The user scrolls to the end: from then on, rows arriving are followed.
    table.scroll(by: 10_000)
    #expect(table.isAtBottom && table.isFollowingAppendedRows)
    try chat.append(2, to: table)
    #expect(table.isAnimating)
    tickToEnd(table, clock)
    #expect(table.contentOffset.y == table.maximumContentOffsetY && table.rowsBelowVisibleArea == 0)
    checkInvariants(table, host: host)
  }

  @Test("follow mode turned on once the empty table has loaded does not chase a loader's rows either")
  func loaderAfterSettingOn() throws {
    let clock = ManualClock()
    let chat = Chat([])
    let (table, _) = makeChat(chat, clock: clock)
    table.followsAppendedRows = true
    for _ in 0..<5 { try append(10, to: chat, table, clock) }
    #expect(table.contentOffset.y == 0 && !table.isFollowingAppendedRows)
  }

  @Test("an app that asks to follow an empty table has the rows a loader appends chased, through a resize too")
  func appAsksToFollow() throws {
    let clock = ManualClock()
    let chat = Chat([])
    let (table, host) = makeChat(chat, clock: clock)
    #expect(!table.followsAppendedRows)
    table.isFollowingAppendedRows = true
    for _ in 0..<5 { try append(10, to: chat, table, clock) }
    #expect(table.contentOffset.y == table.maximumContentOffsetY && table.maximumContentOffsetY == 700)
    #expect(table.isFollowingAppendedRows && table.rowsBelowVisibleArea == 0)
    // A shorter viewport keeps the bottom (a terminal resized), and following goes on.
    table.viewportSize = Size(width: 100, height: 200)
    #expect(table.contentOffset.y == 800 && table.isFollowingAppendedRows)
    try append(1, to: chat, table, clock)
    #expect(table.contentOffset.y == 820)
    // The user scrolls up: following stops, and rows arriving are counted; followsAppendedRows being off,
    // coming back to the bottom does not start it again.
    table.scroll(by: -100)
    #expect(!table.isFollowingAppendedRows)
    try append(3, to: chat, table, clock)
    #expect(table.contentOffset.y == 720 && table.rowsBelowVisibleArea == 3)
    table.scroll(by: 10_000)
    #expect(table.rowsBelowVisibleArea == 0 && !table.isFollowingAppendedRows)
    checkInvariants(table, host: host)
  }

  @Test("the app stops following at the bottom: rows are counted, nothing moves; leaving and coming back resumes it")
  func appStopsFollowing() throws {
    let clock = ManualClock()
    let chat = Chat(variedHeights(200))
    let (table, host) = makeChat(chat, clock: clock) { $0.contentAnchor = .bottom }
    #expect(table.isFollowingAppendedRows, "a bottom-anchored table opens at the end, following")
    table.isFollowingAppendedRows = false
    let offset = table.contentOffset.y
    try chat.append(3, to: table)
    #expect(!table.isAnimating && table.contentOffset.y == offset)
    #expect(table.rowsBelowVisibleArea == 3 && chat.rowsBelowTold == [3])
    // Staying put does not start it again; reaching the bottom does.
    table.scroll(by: -50)
    #expect(!table.isFollowingAppendedRows)
    table.scrollToBottom(animated: true)
    tickToEnd(table, clock)
    #expect(table.isFollowingAppendedRows && table.rowsBelowVisibleArea == 0 && chat.rowsBelowTold == [3, 0])
    try chat.append(1, to: table)
    #expect(table.isAnimating)
    tickToEnd(table, clock)
    #expect(table.isAtBottom)
    checkInvariants(table, host: host)
  }

  @Test("set away from the bottom, isFollowingAppendedRows scrolls there; a touch on the way stops following")
  func appStartsFollowingAway() throws {
    let clock = ManualClock()
    let chat = Chat(variedHeights(200))
    let (table, host) = makeChat(chat, clock: clock) { $0.contentAnchor = .bottom }
    table.contentOffset.y -= 2_000
    #expect(!table.isFollowingAppendedRows)
    try chat.append(2, to: table)
    #expect(table.rowsBelowVisibleArea == 2)
    table.isFollowingAppendedRows = true
    #expect(table.isAnimating && table.isFollowingAppendedRows)
    clock.advance(by: 0.05)
    table.tick()
    try chat.append(1, to: table)  // on the way: reached too
    tickToEnd(table, clock)
    #expect(table.isAtBottom && table.rowsBelowVisibleArea == 0)
    #expect(table.indexPathsForVisibleRows.last == IndexPath(row: 202, section: 0))
    // Again from far up, and a finger stops the scroll on the way: the table no longer follows.
    table.contentOffset.y -= 2_000
    table.isFollowingAppendedRows = true
    clock.advance(by: 0.05)
    table.tick()
    table.touchBegan(at: Point(x: 50, y: 150))
    #expect(!table.isAnimating && !table.isFollowingAppendedRows)
    table.touchCancelled()
    checkInvariants(table, host: host)
  }

  @Test("turning followsAppendedRows off stops following; on, at the bottom, starts it")
  func settingToggles() throws {
    let clock = ManualClock()
    let chat = Chat(variedHeights(200))
    let (table, _) = makeChat(chat, clock: clock)
    table.scroll(by: 100_000)
    #expect(table.isAtBottom && !table.isFollowingAppendedRows, "follow mode is off in a top-anchored table")
    table.followsAppendedRows = true
    #expect(table.isFollowingAppendedRows)
    table.followsAppendedRows = false
    #expect(!table.isFollowingAppendedRows)
    try chat.append(1, to: table)
    #expect(!table.isAnimating && table.rowsBelowVisibleArea == 1)
  }
}
