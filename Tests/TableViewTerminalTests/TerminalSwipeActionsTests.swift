@_spi(Backend) import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

/// Rows as wide as the content (36 columns of 40) so that a row pulled 20 columns aside still shows part of it.
private func swipeFeed() -> TestFeed {
  let feed = TestFeed(sections: [(0..<8).map { "row 0.\($0) abcdefghijklmnopqrstuvwxyz01" }])
  feed.trailingActions = ["Delete", "Flag"]
  feed.leadingActions = ["Read"]
  return feed
}

/// A 40×10 table of one-line rows (rows from line 2, under the two-line header), action blocks 10 columns wide.
private func swipeTable(_ feed: TestFeed) -> (TerminalTableView, ManualClock) {
  let (view, clock) = makeTableView(feed, width: 40, height: 10, rowHeight: 1)
  view.table.swipeActionWidth = 10
  return (view, clock)
}

private func settle(_ view: TerminalTableView, _ clock: ManualClock) {
  clock.advance(by: 1)
  view.tick()
}

private func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) -> InputEvent {
  .mouse(MouseEvent(kind, x: x, y: y))
}

@Suite("Swipe actions in the terminal")
struct TerminalSwipeActionsTests {
  @Test("s opens the selected row: its text pulled 20 columns left, Flag and Delete blocks in the strip it leaves")
  func keyOpensTrailing() throws {
    let feed = swipeFeed()
    let (view, clock) = swipeTable(feed)
    try view.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    #expect(view.handleKey(KeyEvent(.character("s"))))
    settle(view, clock)
    #expect(view.table.swipedRow == IndexPath(row: 1, section: 0))
    let buffer = view.snapshot()
    #expect(view.lines()[3] == "klmnopqrstuvwxyz01     Flag     Delete")
    #expect((30..<40).allSatisfy { buffer[x: $0, y: 3].style.background == .red }, "Delete is destructive: red")
    #expect((20..<30).allSatisfy { buffer[x: $0, y: 3].style.background == .blue }, "Flag is blue")
    #expect(buffer[x: 19, y: 3].style.background == .default)
    #expect(buffer[x: 32, y: 3].style.attributes.contains(.reverse), "the first action is chosen")
    #expect(view.lines()[2] == "  row 0.0 abcdefghijklmnopqrstuvwxyz01", "the other rows stay")
    // Tab chooses Flag; Enter performs it and the row slides back.
    #expect(view.handleKey(KeyEvent(.tab)))
    let chosen = view.snapshot()
    #expect(chosen[x: 23, y: 3].style.attributes.contains(.reverse))
    #expect(!chosen[x: 32, y: 3].style.attributes.contains(.reverse))
    #expect(view.handleKey(KeyEvent(.enter)))
    #expect(feed.performed == ["Flag 1"])
    settle(view, clock)
    #expect(view.table.swipedRow == nil)
    #expect(view.lines()[3] == "▌ row 0.1 abcdefghijklmnopqrstuvwxyz01", "still selected")
  }

  @Test("s then Enter performs Delete: the row slides out and the rows below close the gap")
  func keyDeletes() throws {
    let feed = swipeFeed()
    let (view, clock) = swipeTable(feed)
    try view.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    view.handleKey(KeyEvent(.character("s")))
    settle(view, clock)
    view.handleKey(KeyEvent(.enter))
    #expect(feed.performed == ["Delete 1"])
    settle(view, clock)
    #expect(view.lines()[3] == "  row 0.2 abcdefghijklmnopqrstuvwxyz01")
    #expect(view.table.swipedRow == nil)
  }

  @Test("a feed that commits deletions and gives no swipe actions: s reveals a red Delete; Enter deletes the row")
  func defaultDelete() throws {
    let feed = TestFeed(sections: [(0..<8).map { "row 0.\($0) abcdefghijklmnopqrstuvwxyz01" }])
    feed.commits = true
    let (view, clock) = swipeTable(feed)
    try view.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    #expect(view.handleKey(KeyEvent(.character("s"))))
    settle(view, clock)
    let buffer = view.snapshot()
    #expect(view.lines()[3] == "abcdefghijklmnopqrstuvwxyz01    Delete", "the text pulled 10 columns left")
    #expect((30..<40).allSatisfy { buffer[x: $0, y: 3].style.background == .red })
    view.handleKey(KeyEvent(.enter))
    #expect(feed.performed == ["delete 1"], "the data source's commit, with .delete")
    settle(view, clock)
    #expect(view.lines()[3] == "  row 0.2 abcdefghijklmnopqrstuvwxyz01")
    #expect(view.table.swipedRow == nil)
  }

  @Test("→ opens the leading action at the left; Esc closes the row")
  func leadingAndEscape() throws {
    let feed = swipeFeed()
    let (view, clock) = swipeTable(feed)
    try view.table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
    view.handleKey(KeyEvent(.right))
    settle(view, clock)
    let buffer = view.snapshot()
    #expect(view.lines()[2].hasPrefix("   Read   ▌ row 0.0 abc"), "pulled right 10 columns, still selected")
    #expect((0..<10).allSatisfy { buffer[x: $0, y: 2].style.background == .blue })
    view.handleKey(KeyEvent(.escape))
    settle(view, clock)
    #expect(view.table.swipedRow == nil && feed.performed.isEmpty)
    #expect(view.lines()[2] == "▌ row 0.0 abcdefghijklmnopqrstuvwxyz01")
  }

  @Test("a sideways mouse drag pulls the row with the pointer; let go past half the actions, it opens")
  func dragOpens() throws {
    let feed = swipeFeed()
    let (view, clock) = swipeTable(feed)
    view.handle(mouse(.press(.left), 30, 3))
    view.handle(mouse(.drag(.left), 28, 3))
    #expect(view.table.swipedRow == IndexPath(row: 1, section: 0), "two columns sideways start a swipe")
    view.handle(mouse(.drag(.left), 20, 3))
    // Pulled 10 columns: the two blocks share the strip, 5 columns each, titles cut.
    #expect(view.table.swipeOffset == -10)
    let middle = view.snapshot()
    #expect((35..<40).allSatisfy { middle[x: $0, y: 3].style.background == .red })
    #expect((30..<35).allSatisfy { middle[x: $0, y: 3].style.background == .blue })
    #expect(middle[x: 29, y: 3].style.background == .default)
    #expect(view.lines()[3].hasSuffix("Fl…  De…"))
    view.handle(mouse(.release(.left), 12, 3))
    settle(view, clock)
    #expect(view.table.swipeOffset == -20 && !view.isAnimating)
    #expect(feed.selected.isEmpty, "a swipe selects nothing")
    // A click on Delete performs it.
    view.handle(mouse(.press(.left), 34, 3))
    view.handle(mouse(.release(.left), 34, 3))
    #expect(feed.performed == ["Delete 1"])
    settle(view, clock)
    #expect(view.lines()[3] == "  row 0.2 abcdefghijklmnopqrstuvwxyz01")
    #expect(feed.selected.isEmpty)
  }

  @Test("a click outside the open row's actions closes it and selects nothing; a short drag springs back")
  func clickElsewhereCloses() throws {
    let feed = swipeFeed()
    let (view, clock) = swipeTable(feed)
    view.handle(mouse(.press(.left), 30, 3))
    view.handle(mouse(.drag(.left), 10, 3))
    view.handle(mouse(.release(.left), 10, 3))
    settle(view, clock)
    #expect(view.table.swipedRow != nil)
    view.handle(mouse(.press(.left), 5, 6))
    view.handle(mouse(.release(.left), 5, 6))
    settle(view, clock)
    #expect(view.table.swipedRow == nil && feed.selected.isEmpty && feed.performed.isEmpty)
    // Pulled 3 columns only (less than half the actions' 20): it closes again.
    view.handle(mouse(.press(.left), 30, 4))
    view.handle(mouse(.drag(.left), 27, 4))
    view.handle(mouse(.release(.left), 27, 4))
    settle(view, clock)
    #expect(view.table.swipedRow == nil)
    #expect(view.lines()[4] == "  row 0.2 abcdefghijklmnopqrstuvwxyz01")
  }

  @Test("a drag most of the way across is a full swipe: it performs the first action, Delete")
  func fullSwipe() throws {
    let feed = swipeFeed()
    let (view, clock) = swipeTable(feed)
    view.handle(mouse(.press(.left), 38, 3))
    view.handle(mouse(.drag(.left), 30, 3))
    view.handle(mouse(.drag(.left), 8, 3))
    // Past the actions the row keeps following the pointer (a full swipe is allowed): Delete fills the strip.
    #expect(view.table.swipeOffset == -30)
    view.handle(mouse(.release(.left), 8, 3))
    #expect(feed.performed == ["Delete 1"])
    settle(view, clock)
    #expect(view.lines()[3] == "  row 0.2 abcdefghijklmnopqrstuvwxyz01")
    #expect(view.table.swipedRow == nil)
  }

  @Test("a drag more vertical than sideways is no swipe, and a row without actions is not swiped")
  func noSwipe() throws {
    let feed = swipeFeed()
    let (view, _) = swipeTable(feed)
    // Two columns sideways (the slop) but three lines down: the engine's one rule wants |dx| > |dy|.
    view.handle(mouse(.press(.left), 30, 3))
    view.handle(mouse(.drag(.left), 28, 6))
    view.handle(mouse(.release(.left), 28, 6))
    #expect(view.table.swipedRow == nil)
    feed.trailingActions = []
    feed.leadingActions = []
    view.handle(mouse(.press(.left), 30, 3))
    view.handle(mouse(.drag(.left), 20, 3))
    #expect(view.table.swipedRow == nil)
    try view.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    #expect(!view.handleKey(KeyEvent(.character("s"))))
  }
}
