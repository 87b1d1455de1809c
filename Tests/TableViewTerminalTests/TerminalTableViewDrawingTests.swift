import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

@Suite("Drawing a table into a screen buffer")
struct TerminalTableViewDrawingTests {
  @Test("the first frame shows the header, then the rows, each at its frame")
  func firstFrame() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 3, rows: 4), width: 30, height: 8)
    let rule = String(repeating: "─", count: 17)
    #expect(
      view.lines() == [
        " Section 0 " + rule, " detail 0", "  row 0.0", "  row 0.1", "  row 0.2", "  row 0.3", " Section 1 " + rule,
        " detail 1",
      ])
  }

  @Test("after scrolling, the section's header sticks at the top over the rows under it")
  func stickyHeader() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 3, rows: 6), width: 30, height: 6)
    view.table.contentOffset.y = 3
    let lines = view.lines()
    #expect(lines[0].hasPrefix(" Section 0 ─"))
    #expect(lines[1] == " detail 0")
    #expect(
      Array(lines[2...5]) == ["  row 0.3", "  row 0.4", "  row 0.5", " Section 1 " + String(repeating: "─", count: 17)])
  }

  @Test("the next section's header pushes the sticky one up")
  func pushedHeader() {
    // Each section: a 2-line header and 3 one-line rows (5 lines).
    let (view, _) = makeTableView(TestFeed(sectionCount: 3, rows: 3), width: 30, height: 6)
    view.table.contentOffset.y = 4
    let lines = view.lines()
    #expect(lines[0] == " detail 0", "section 0's header is half pushed out")
    #expect(lines[1].hasPrefix(" Section 1 ─"))
    #expect(lines[2] == " detail 1")
    #expect(lines[3] == "  row 1.0")
  }

  @Test("far down a million rows, rows are drawn relative to the offset")
  func farOffset() throws {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 1_000_000), width: 30, height: 5, rowHeight: 1)
    try view.table.scrollToRow(at: IndexPath(row: 999_000, section: 0), at: .top, animated: false)
    let lines = view.lines()
    #expect(lines[0].hasPrefix(" Section 0"))
    #expect(Array(lines[2...]) == ["  row 0.999000", "  row 0.999001", "  row 0.999002"])
  }

  @Test("a 10 MB row: its first frame is whole, the row is cut at the label's line bound and ends with …")
  func hugeRow() throws {
    let huge = String(repeating: "lorem ipsum dolor sit amet ", count: 370_371)  // 10,000,017 characters
    let (view, _) = makeTableView(TestFeed(sections: [["before", huge, "after"]]), width: 40, height: 10)
    try view.table.scrollToRow(at: IndexPath(row: 1, section: 0), at: .top, animated: false)
    let first = view.lines()
    #expect(first[0].hasPrefix(" Section 0"))
    #expect(first[2] == "  lorem ipsum dolor sit amet lorem", "\(first)")
    #expect(first[3...].allSatisfy { $0.hasPrefix("  ") && $0.count >= 30 && !$0.hasSuffix("…") }, "\(first)")
    // Wrapping reads what the kept lines need: the row is the bound's lines tall, not 250,000.
    let rect = try view.table.rectForRow(at: IndexPath(row: 1, section: 0))
    #expect(rect.height == Double(TerminalLabel.maximumNumberOfLines))
    try view.table.scrollToRow(at: IndexPath(row: 2, section: 0), at: .bottom, animated: false)
    let last = view.lines()
    #expect(last[8].hasSuffix("…"), "\(last)")
    #expect(last[9] == "  after")
  }

  @Test("only the views the engine attached are drawn, and however far the table scrolls no cell is created")
  func attachedViews() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 100, rows: 100), width: 30, height: 10)
    for _ in 0..<10 { view.handle(.key(.pageDown)) }
    let created = view.table.diagnostics.cellsCreated
    for _ in 0..<200 { view.handle(.key(.pageDown)) }
    let visible = view.table.indexPathsForVisibleRows.count + view.table.visibleHeaderViews.count
    #expect(view.attachedViews.count == visible)
    #expect(view.table.diagnostics.cellsCreated == created)
    #expect(
      created <= 3 * view.table.indexPathsForVisibleRows.count, "the visible rows, those measured for a page, a pool")
  }

  @Test("the selected row is drawn in reverse video, full width")
  func selectionHighlight() throws {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 5), width: 20, height: 7)
    try view.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    let buffer = view.snapshot()
    #expect(buffer.text(row: 3).hasPrefix("▌ row 0.1"))
    #expect(buffer.isReversed(row: 3, columns: 1..<19))
    #expect(!buffer.isReversed(row: 2, columns: 1..<19))
    #expect(!buffer.isReversed(row: 4, columns: 1..<19))
  }

  @Test("a row scrolled half out of the top is clipped, not drawn over the table's edge")
  func clipping() {
    let feed = TestFeed(sections: [["一二三四五六七八九十"] + (0..<9).map { "row \($0)" }])
    let (view, _) = makeTableView(feed, width: 12, height: 6)  // 8 columns of text: 3 lines for the first row
    view.table.sectionHeaderHeight = 0
    view.table.reloadData()
    view.table.contentOffset.y = 2
    var buffer = ScreenBuffer(width: 12, height: 8)
    buffer.fill(buffer.bounds, with: "x")
    view.frame = Rect(x: 0, y: 1, width: 12, height: 6)
    view.render(into: &buffer, origin: CellPoint(x: 0, y: 1))
    #expect(buffer.text(row: 0) == "xxxxxxxxxxxx", "nothing above the table")
    #expect(buffer.text(row: 1).hasPrefix("  九十"))
    #expect(buffer.text(row: 7) == "xxxxxxxxxxxx", "nothing below it")
  }

  @Test("CJK text stays aligned: every wide character takes its cell and a continuation")
  func cjkAlignment() {
    let feed = TestFeed(sections: [["中文English混排", "ascii only", "全角，标点。"]])
    let (view, _) = makeTableView(feed, width: 24, height: 5)
    let buffer = view.snapshot()
    #expect(buffer.text(row: 2) == "  中文English混排       ")
    #expect(buffer[x: 2, y: 2].width == 2 && buffer[x: 3, y: 2].isContinuation)
    #expect(buffer[x: 13, y: 2].character == "混")
    for row in 0..<buffer.height { #expect(buffer.text(row: row).displayWidth == 24) }
  }
}
