import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

@Suite("Drawing an animated update in the terminal")
struct TerminalAnimatedUpdateTests {
  @Test("a faded delete: the row stays, faint, while the rows below slide up by whole cells; then it is gone")
  func fadedDelete() throws {
    let feed = TestFeed(sectionCount: 1, rows: 8)
    let (view, clock) = makeTableView(feed, width: 30, height: 10, rowHeight: 2)
    #expect(view.lines()[2...5] == ["  row 0.0", "", "  row 0.1", ""])
    feed.sections[0].remove(at: 0)
    try view.table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
    #expect(view.isAnimating)
    // At once nothing has moved.
    #expect(view.lines()[2...4] == ["  row 0.0", "", "  row 0.1"])
    // Halfway: the leaving row is faint; the next row is a cell up.
    clock.advance(by: 0.15)
    view.tick()
    let middle = view.snapshot()
    #expect(middle.text(row: 2).hasPrefix("  row 0.0"))
    #expect(middle[x: 2, y: 2].style.attributes.contains(.dim))
    #expect(middle.text(row: 3).hasPrefix("  row 0.1"))
    #expect(!middle[x: 2, y: 3].style.attributes.contains(.dim))
    // The end: as if the row had never been there.
    clock.advance(by: 0.15)
    view.tick()
    #expect(!view.isAnimating)
    #expect(view.lines()[2...4] == ["  row 0.1", "", "  row 0.2"])
    #expect(view.attachedViews.count == view.table.visibleCells.count + view.table.visibleHeaderViews.count)
  }

  @Test("an insert from the left slides in by whole cells")
  func slideFromLeft() throws {
    let feed = TestFeed(sectionCount: 1, rows: 3)
    let (view, clock) = makeTableView(feed, width: 30, height: 10, rowHeight: 2)
    feed.sections[0].insert("new row 0123456789 abc", at: 0)
    try view.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .left)
    clock.advance(by: 0.15)
    view.tick()
    // Halfway in: the text's first columns are still left of the table.
    let line = view.lines()[2]
    #expect(!line.contains("new row") && line.hasPrefix("56789 abc"), "\(line)")
    clock.advance(by: 0.2)
    view.tick()
    #expect(view.lines()[2] == "  new row 0123456789 abc")
  }
}
