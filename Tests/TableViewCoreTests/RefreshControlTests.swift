import Testing

@_spi(Backend) @testable import TableViewCore

@Suite("Pull to refresh")
struct RefreshControlTests {
  func table() -> (TableView, TestModel, ManualClock) {
    let clock = ManualClock()
    let model = TestModel(sections: [Array(repeating: 40, count: 50)])
    let table = TableView(style: .plain, clock: clock)
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.dataSource = model
    table.delegate = model
    table.viewportSize = Size(width: 100, height: 300)
    table.reloadData()
    return (table, model, clock)
  }

  /// Lets every animation run to its end.
  func settle(_ table: TableView, _ clock: ManualClock) {
    for _ in 0..<600 where table.isAnimating {
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
  }

  @Test("pulled past the top by the control's height: it refreshes once, and the content rests below the indicator")
  func pull() {
    let (table, model, clock) = table()
    var refreshes = 0
    let control = RefreshControl { _ in refreshes += 1 }
    table.refreshControl = control
    table.beginDragging(at: 0)
    // Rubber band: pull far enough that the content goes past the height.
    for y in stride(from: 0.0, through: 600, by: 20) { table.drag(to: y) }
    #expect(table.contentOffset.y < -60)
    #expect(table.refreshPullProgress == 1)
    #expect(table.refreshIndicator?.phase == .armed && table.refreshIndicator?.text == "Release to refresh")
    table.endDragging(velocity: 0)
    #expect(control.isRefreshing && refreshes == 1)
    #expect(table.refreshIndicator?.text == "Refreshing…")
    settle(table, clock)
    #expect(table.contentOffset.y == -60, "the content rests below the indicator")
    #expect(table.minimumContentOffsetY == -60 && table.adjustedContentInset.top == 60)
    // Done: the content slides back up.
    control.endRefreshing()
    settle(table, clock)
    #expect(!control.isRefreshing && table.contentOffset.y == 0 && table.refreshPullProgress == 0)
    #expect(table.refreshIndicator == nil)
    #expect(refreshes == 1)
    _ = model
  }

  @Test("a short pull does not refresh; the content springs back")
  func shortPull() {
    let (table, model, clock) = table()
    var refreshes = 0
    table.refreshControl = RefreshControl { _ in refreshes += 1 }
    table.beginDragging(at: 0)
    table.drag(to: 40)
    #expect(table.refreshPullProgress > 0 && table.refreshPullProgress < 1)
    #expect(table.refreshIndicator?.phase == .pulling && table.refreshIndicator?.text == "Pull to refresh")
    table.endDragging(velocity: 0)
    settle(table, clock)
    #expect(refreshes == 0 && table.contentOffset.y == 0)
    _ = model
  }

  @Test("beginRefreshing at the top makes room; a bad height is refused; no control, no progress")
  func programmatic() {
    let (table, model, clock) = table()
    #expect(table.refreshPullProgress == 0)
    let control = RefreshControl()
    control.height = .nan
    #expect(control.height == 60)
    control.height = -5
    #expect(control.height == 1)
    control.height = 50
    table.refreshControl = control
    control.beginRefreshing()
    #expect(table.contentOffset.y == -50 && control.isRefreshing)
    control.endRefreshing()
    settle(table, clock)
    #expect(table.contentOffset.y == 0)
    _ = model
  }
}
