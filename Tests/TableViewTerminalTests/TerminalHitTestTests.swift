import TableViewCore
import TerminalKit
import Testing

@testable import TableViewTerminal

@Suite("The mouse hits what is drawn on top")
struct TerminalHitTestTests {
  @Test("a right click on a floating header opens no row's menu; on a row it opens that row's")
  func floatingHeaderCoversRows() {
    let feed = TestFeed(sectionCount: 2, rows: 20)
    feed.hasMenus = true
    let (view, _) = makeTableView(feed, width: 30, height: 10, rowHeight: 1)
    view.reloadData()
    // Scrolled into section 0: its header floats over rows 0.5 and 0.6 at the top.
    view.table.contentOffset.y = 7
    #expect(view.lines()[0].contains("Section 0"))
    view.handleMouse(MouseEvent(.press(.right), x: 5, y: 1))
    #expect(!view.isShowingContextMenu, "the header is on top: the row under it gets no menu")
    view.handleMouse(MouseEvent(.press(.right), x: 5, y: 4))
    #expect(view.isShowingContextMenu)
    #expect(view.lines().contains { $0.contains("Star") })
  }
}
