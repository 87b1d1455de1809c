@_spi(Backend) import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

@Suite("Keys and the mouse")
struct TerminalTableViewKeyTests {
  /// Runs animations to their end on the manual clock.
  func settle(_ view: TerminalTableView, _ clock: ManualClock) {
    var frames = 0
    while view.isAnimating && frames < 1000 {
      clock.advance(by: 1.0 / 60)
      view.tick()
      frames += 1
    }
  }

  /// Whether the row is whole on screen and not under a floating header.
  func isFullyVisible(_ view: TerminalTableView, _ row: IndexPath) -> Bool { view.isRowFullyVisible(at: row) }

  @Test("↓ selects the first row in view, then the next ones; ↑ goes back; j and k do the same")
  func arrows() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 2, rows: 5), width: 20, height: 8)
    #expect(view.handle(.key(.down)))
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    view.handle(.key(.down))
    view.handle(.key(.character("j")))
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    view.handle(.key(.up))
    view.handle(.key(.character("k")))
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    view.handle(.key(.up))
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0), "stays at the first row")
    #expect(view.table.contentOffset.y == 0)
  }

  @Test("moving the selection keeps it visible, below the sticky header, across sections")
  func keepsVisible() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 3, rows: 5), width: 20, height: 6)
    for step in 0..<16 {
      view.handle(.key(.down))
      let selected = view.table.indexPathForSelectedRow!
      #expect(isFullyVisible(view, selected), "step \(step): \(selected) is hidden")
    }
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 4, section: 2))
    for step in 0..<16 {
      view.handle(.key(.up))
      let selected = view.table.indexPathForSelectedRow!
      #expect(isFullyVisible(view, selected), "step \(step) up: \(selected) is hidden under the header")
    }
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
  }

  @Test("in a looping table ↓ goes on from the last row to the first, and ↑ back")
  func loopingWraps() throws {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 5), width: 20, height: 4, rowHeight: 1)
    view.table.sectionHeaderHeight = 0
    view.table.loops = true
    view.reloadData()
    try view.table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
    view.handle(.key(.down))
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    view.handle(.key(.up))
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 4, section: 0))
  }

  @Test("↓ after scrolling the selection away starts from the first row in view")
  func selectionOffScreen() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 100), width: 20, height: 6, rowHeight: 1)
    view.handle(.key(.down))
    view.table.contentOffset.y = 50
    view.handle(.key(.down))
    let selected = view.table.indexPathForSelectedRow!
    #expect(selected.row == 50, "the first row below the 2-line header at offset 50")
    #expect(isFullyVisible(view, selected))
  }

  @Test("PgDn scrolls a page and keeps the selection at its place on screen; at the end it selects the last row")
  func pageDown() throws {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 30), width: 20, height: 10, rowHeight: 1)
    view.handle(.key(.down))
    view.handle(.key(.down))  // row 1, at screen line 3 (under the 2-line header)
    view.handle(.key(.pageDown))
    #expect(view.table.contentOffset.y == 8)
    let selected = view.table.indexPathForSelectedRow!
    #expect(try view.table.rectForRow(at: selected).minY - view.table.contentOffset.y == 3)
    view.handle(.key(.pageUp))
    #expect(view.table.contentOffset.y == 0)
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    for _ in 0..<10 { view.handle(.key(.pageDown)) }
    #expect(view.table.contentOffset.y == view.table.maximumContentOffsetY)
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 29, section: 0))
  }

  @Test("PgDn without a selection only scrolls")
  func pageDownWithoutSelection() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 30), width: 20, height: 10, rowHeight: 1)
    view.handle(.key(.pageDown))
    #expect(view.table.contentOffset.y == 8)
    #expect(view.table.indexPathForSelectedRow == nil)
  }

  @Test("End and Home select the last and first rows, animating there")
  func homeEnd() {
    let (view, clock) = makeTableView(TestFeed(sectionCount: 10, rows: 1_000), width: 20, height: 10)
    view.handle(.key(.end))
    #expect(view.isAnimating)
    settle(view, clock)
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 999, section: 9))
    #expect(view.table.contentOffset.y == view.table.maximumContentOffsetY)
    #expect(view.lines().last == "▌ row 9.999")
    view.handle(.key(.home))
    settle(view, clock)
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    #expect(view.table.contentOffset.y == 0)
  }

  @Test("a table view made without a clock runs on the system's monotonic clock: End's scroll arrives as time passes")
  func defaultClockIsReal() {
    let feed = TestFeed(sectionCount: 10, rows: 1_000)
    let view = TerminalTableView()
    #expect(view.table.clock is MonotonicClock, "not a ManualClock, which would never move")
    view.showsScrollIndicator = false
    view.table.register(
      { [feed] in
        _ = feed
        return TerminalTableViewCell()
      }, forCellReuseIdentifier: "cell")
    view.table.register({ TerminalTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
    view.table.rowHeight = 1
    view.table.sectionHeaderHeight = 2
    view.table.dataSource = feed
    view.table.delegate = feed
    view.frame = Rect(x: 0, y: 0, width: 20, height: 10)
    view.handle(.key(.end))
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 999, section: 9))
    // Frames as a run loop draws them, with nothing but the clock's own time passing (no sleep): the scroll
    // animation (0.3 s) ends well within the bound, which only stops a broken clock from hanging the test.
    let deadline = MonotonicClock.systemSeconds() + 10
    while view.isAnimating && MonotonicClock.systemSeconds() < deadline { view.tick() }
    #expect(!view.isAnimating)
    #expect(view.table.contentOffset.y == view.table.maximumContentOffsetY)
    #expect(view.lines().last == "▌ row 9.999")
  }

  @Test("] selects the next section's first row with its header at the top; [ goes back")
  func sections() {
    let (view, clock) = makeTableView(TestFeed(sectionCount: 4, rows: 20), width: 20, height: 8)
    view.handle(.key(.character("]")))
    settle(view, clock)
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 0, section: 1))
    #expect(
      Array(view.lines().prefix(3)) == [" Section 1 " + String(repeating: "─", count: 7), " detail 1", "▌ row 1.0"])
    view.handle(.key(.down))
    view.handle(.key(.character("[")))
    settle(view, clock)
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 0, section: 1), "to the start of this section")
    view.handle(.key(.character("[")))
    settle(view, clock)
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0), "then to the previous one")
  }

  @Test("Enter selects the selected row as a tap does: the delegate hears didSelect")
  func enter() {
    let feed = TestFeed(sectionCount: 1, rows: 10)
    let (view, _) = makeTableView(feed, width: 20, height: 8)
    view.handle(.key(.enter))
    #expect(feed.selected == [IndexPath(row: 0, section: 0)], "without a selection: the first row in view")
    view.handle(.key(.down))
    view.handle(.key(.enter))
    #expect(feed.selected.last == IndexPath(row: 1, section: 0))
    #expect(view.handle(.key(.escape)))
    #expect(view.table.indexPathForSelectedRow == nil)
  }

  @Test("Ctrl-E and Ctrl-Y scroll one line; Ctrl-D and Ctrl-U half a page")
  func lineScrolling() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 100), width: 20, height: 10, rowHeight: 1)
    view.handle(.key(.character("e"), modifiers: .control))
    #expect(view.table.contentOffset.y == 1)
    view.handle(.key(.character("y"), modifiers: .control))
    #expect(view.table.contentOffset.y == 0)
    view.handle(.key(.character("d"), modifiers: .control))
    #expect(view.table.contentOffset.y == 4)
    view.handle(.key(.character("u"), modifiers: .control))
    #expect(view.table.contentOffset.y == 0)
  }

  @Test("keys the table does not use are left to the app")
  func unusedKeys() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 10))
    #expect(!view.handle(.key(.character("q"))))
    #expect(!view.handle(.key(.tab)))
  }

  @Test("the wheel scrolls three lines a notch, more in a burst, and only over the table")
  func wheel() {
    let (view, clock) = makeTableView(TestFeed(sectionCount: 1, rows: 1_000), width: 20, height: 10, rowHeight: 1)
    view.frame = Rect(x: 0, y: 1, width: 20, height: 10)
    #expect(view.handle(.mouse(MouseEvent(.scrollDown, x: 5, y: 5))))
    #expect(view.table.contentOffset.y == 3)
    view.handle(.mouse(MouseEvent(.scrollDown, x: 5, y: 5)))
    #expect(view.table.contentOffset.y == 3 + 4.5, "a second notch at once: accelerated")
    clock.advance(by: 1)
    view.handle(.mouse(MouseEvent(.scrollUp, x: 5, y: 5)))
    #expect(view.table.contentOffset.y == 4.5)
    #expect(!view.handle(.mouse(MouseEvent(.scrollDown, x: 5, y: 0))), "above the table")
    #expect(view.table.contentOffset.y == 4.5)
  }

  @Test("a click selects the row under it (a tap); a click on a header selects nothing")
  func click() {
    let feed = TestFeed(sectionCount: 1, rows: 10)
    let (view, _) = makeTableView(feed, width: 20, height: 8)
    view.frame = Rect(x: 0, y: 1, width: 20, height: 8)
    // Screen row 1 is the table's first line: the header; rows start at screen row 3.
    view.handle(.mouse(MouseEvent(.press(.left), x: 4, y: 5)))
    #expect(view.table.indexPathForHighlightedRow == IndexPath(row: 2, section: 0))
    view.handle(.mouse(MouseEvent(.release(.left), x: 4, y: 5)))
    #expect(feed.selected == [IndexPath(row: 2, section: 0)])
    #expect(view.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    view.handle(.mouse(MouseEvent(.press(.left), x: 4, y: 1)))
    view.handle(.mouse(MouseEvent(.release(.left), x: 4, y: 1)))
    #expect(feed.selected.count == 1)
  }

  @Test("a click on gliding content stops it where it is and selects nothing; the next click selects")
  func clickStopsGlide() {
    let feed = TestFeed(sectionCount: 1, rows: 1_000)
    let (view, clock) = makeTableView(feed, width: 20, height: 8, rowHeight: 1)
    view.frame = Rect(x: 0, y: 1, width: 20, height: 8)
    view.table.beginDragging(at: 0)
    view.table.drag(to: -4)
    view.table.endDragging(velocity: 200)
    for _ in 0..<5 {
      clock.advance(by: 1.0 / 60)
      view.tick()
    }
    #expect(view.isAnimating, "the content glides")
    let stoppedAt = view.table.contentOffset.y
    view.handle(.mouse(MouseEvent(.press(.left), x: 4, y: 5)))
    #expect(!view.isAnimating)
    #expect(view.table.indexPathForHighlightedRow == nil, "the press catches the content, it does not aim at a row")
    clock.advance(by: 0.5)
    view.tick()
    view.handle(.mouse(MouseEvent(.release(.left), x: 4, y: 5)))
    #expect(view.table.contentOffset.y == stoppedAt)
    #expect(feed.selected.isEmpty)
    #expect(view.table.indexPathForSelectedRow == nil)

    view.handle(.mouse(MouseEvent(.press(.left), x: 4, y: 5)))
    view.handle(.mouse(MouseEvent(.release(.left), x: 4, y: 5)))
    #expect(feed.selected.count == 1, "on content at rest a click is a tap again")
  }

  @Test("a click that moves away from its row before the release selects nothing")
  func clickMovedAway() {
    let feed = TestFeed(sectionCount: 1, rows: 100)
    let (view, _) = makeTableView(feed, width: 40, height: 8, rowHeight: 1)
    view.table.tapMoveThreshold = 3
    view.handle(.mouse(MouseEvent(.press(.left), x: 4, y: 4)))
    #expect(view.table.indexPathForHighlightedRow != nil)
    view.handle(.mouse(MouseEvent(.drag(.left), x: 12, y: 4)))
    #expect(view.table.indexPathForHighlightedRow == nil)
    view.handle(.mouse(MouseEvent(.release(.left), x: 4, y: 4)))
    #expect(feed.selected.isEmpty)
    #expect(view.table.contentOffset.y == 0, "a drag does not scroll a terminal table")
  }

  @Test("a resize changes the viewport and re-wraps the rows at the new width")
  func resize() {
    let feed = TestFeed(sections: [["一二三四五六七八九十", "b"]])
    let (view, _) = makeTableView(feed, width: 24, height: 8)
    #expect(view.lines()[2] == "  一二三四五六七八九十")
    view.frame = Rect(x: 0, y: 0, width: 12, height: 8)
    #expect(view.table.viewportSize == Size(width: 12, height: 8))
    #expect(Array(view.lines()[2...5]) == ["  一二三四", "  五六七八", "  九十", "  b"])
  }
}
