@_spi(Backend) import TableViewCore
import Testing

@testable import TableViewTerminal

@Suite("Layout durations: the last and the worst, not overwritten by idle ticks")
struct LayoutDurationTests {
  @Test("an idle tick keeps the last timed duration; an animation's frames are timed")
  func idleTick() {
    let (view, clock) = makeTableView(TestFeed(sectionCount: 3, rows: 40), rowHeight: 1)
    view.table.layoutIfNeeded()
    view.table.recordLayoutDuration(0.25)
    for _ in 0..<5 { view.tick() }
    #expect(view.table.diagnostics.lastLayoutDuration == 0.25)
    #expect(view.table.diagnostics.longestLayoutDuration == 0.25)
    // A scroll animation: its frames are timed (far below a quarter second), the worst is kept.
    view.table.setContentOffset(Point(x: 0, y: 60), animated: true)
    for _ in 0..<40 {
      clock.advance(by: 1.0 / 60)
      view.tick()
    }
    #expect(view.table.diagnostics.lastLayoutDuration < 0.25)
    #expect(view.table.diagnostics.longestLayoutDuration == 0.25)
    view.table.resetLongestLayoutDuration()
    #expect(view.table.diagnostics.longestLayoutDuration == 0)
  }

  @Test("a typed header dequeue gives the registered type, nil for an unregistered identifier")
  func typedHeader() {
    let (view, _) = makeTableView(TestFeed(sectionCount: 1, rows: 1))
    let header = view.table.dequeueReusableHeaderFooterView(
      withIdentifier: "header", as: TerminalTableViewHeaderFooterView.self)
    #expect(header != nil)
    #expect(
      view.table.dequeueReusableHeaderFooterView(withIdentifier: "none", as: TerminalTableViewHeaderFooterView.self)
        == nil)
  }
}
