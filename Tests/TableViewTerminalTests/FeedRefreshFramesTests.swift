import Foundation
@_spi(Backend) import TableViewCore
import TerminalKit
import TestSupport
import Testing

@testable import TableViewTerminal

@Suite("Pull to refresh in the terminal")
struct FeedRefreshFramesTests {
  func frames(_ script: String) throws -> [[String]] {
    try DemoFramesTests().frames(["--frames", script, "--size", "100x30"])
  }

  @Test("r: the indicator shows above the posts; a moment later three new posts are at the top and it is gone")
  func refreshKey() throws {
    let frames = try frames("r,wait:300,wait:400")
    let refreshing = frames[1]
    #expect(refreshing.contains { $0.contains("⟳ Refreshing…") }, "\(refreshing)")
    #expect(refreshing[29].contains("refreshing"))
    #expect(frames[2].contains { $0.contains("⟳ Refreshing…") }, "still refreshing at 300 ms")
    let done = frames[3]
    #expect(!done.contains { $0.contains("Refreshing") })
    #expect(done[3].hasSuffix("· #1,000,003"), "\(done[3])")
    #expect(done[29].hasPrefix(" 1,000,003 rows"))
  }

  @Test("pulling down past the top: the indicator says pull, then release; letting go refreshes")
  func pull() throws {
    let feed = TestFeed(sectionCount: 1, rows: 20)
    let (view, clock) = makeTableView(feed, width: 40, height: 10, rowHeight: 1)
    var refreshed = 0
    let control = RefreshControl { _ in refreshed += 1 }
    control.height = 2
    view.table.refreshControl = control
    view.table.beginDragging(at: 0)
    view.table.drag(to: 2)
    #expect(view.lines().contains { $0.contains("↓ Pull to refresh") }, "\(view.lines())")
    view.table.drag(to: 30)
    #expect(view.lines().contains { $0.contains("↑ Release to refresh") }, "\(view.lines())")
    view.table.endDragging(velocity: 0)
    #expect(refreshed == 1 && control.isRefreshing)
    for _ in 0..<120 where view.isAnimating {
      clock.advance(by: 1.0 / 60)
      view.tick()
    }
    #expect(view.lines()[1].contains("⟳ Refreshing…"), "resting below the indicator: \(view.lines())")
    control.endRefreshing()
    for _ in 0..<120 where view.isAnimating {
      clock.advance(by: 1.0 / 60)
      view.tick()
    }
    #expect(!view.lines().contains { $0.contains("Refresh") })
  }
}
