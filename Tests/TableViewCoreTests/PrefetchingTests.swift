import Testing

@testable import TableViewCore

/// Records what the table announces.
final class PrefetchRecorder: TableViewDataSourcePrefetching {
  enum Event: Equatable {
    case prefetch([Int])
    case cancel([Int])
  }
  var events: [Event] = []
  func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
    events.append(.prefetch(indexPaths.map(\.row)))
  }
  func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
    events.append(.cancel(indexPaths.map(\.row)))
  }
  /// The events since the last call.
  func take() -> [Event] {
    defer { events.removeAll() }
    return events
  }
  var announced: [Int] {
    events.flatMap { event -> [Int] in
      if case .prefetch(let rows) = event { return rows }
      return []
    }
  }
}

@Suite("Prefetching")
struct PrefetchingTests {
  /// 1,000 rows of 20 points in a 100-point viewport: five rows on screen.
  func makePrefetchingTable() -> (TableView, TestModel, PrefetchRecorder) {
    let model = TestModel(sections: [Array(repeating: 20, count: 1_000)])
    let recorder = PrefetchRecorder()
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100)) { $0.prefetchDataSource = recorder }
    return (table, model, recorder)
  }

  @Test("the next viewport in the scroll direction is announced nearest first, each row once")
  func announcesAhead() {
    let (table, model, recorder) = makePrefetchingTable()
    defer { _ = model }
    #expect(recorder.take() == [.prefetch([5, 6, 7, 8, 9])], "the first layout announces the next viewport down")
    table.contentOffset.y = 20
    #expect(recorder.take() == [.prefetch([10])])
    table.contentOffset.y = 27
    #expect(recorder.take() == [.prefetch([11])])
    for step in 1...200 { table.contentOffset.y = 27 + Double(step) * 13 }
    let announced = recorder.announced
    #expect(Set(announced).count == announced.count, "no row is announced twice")
    #expect(announced == announced.sorted(), "scrolling down, nearer rows come first")
    #expect(!recorder.events.contains { if case .cancel = $0 { true } else { false } })
  }

  @Test("when the direction reverses, rows announced and not shown are cancelled")
  func cancelsOnReversal() {
    let (table, model, recorder) = makePrefetchingTable()
    defer { _ = model }
    _ = recorder.take()
    table.contentOffset.y = 10_000  // a jump: rows 500..<505 on screen
    #expect(recorder.take() == [.cancel([5, 6, 7, 8, 9]), .prefetch([505, 506, 507, 508, 509])])
    table.contentOffset.y = 9_980  // up: rows 499..<504
    #expect(recorder.take() == [.cancel([505, 506, 507, 508, 509]), .prefetch([498, 497, 496, 495, 494])])
    table.contentOffset.y = 9_960
    #expect(recorder.take() == [.prefetch([493])], "ordered by distance going up")
    table.contentOffset.y = 9_990  // down again (rows 499..<505): 493…497, never shown, are cancelled
    #expect(recorder.take() == [.cancel([493, 494, 495, 496, 497]), .prefetch([505, 506, 507, 508, 509])])
  }

  @Test("the scroll hot path does nothing while the visible rows do not change")
  func hotPath() {
    let (table, model, recorder) = makePrefetchingTable()
    defer { _ = model }
    table.contentOffset.y = 1  // rows 0..<6
    _ = recorder.take()
    for step in 2...19 { table.contentOffset.y = Double(step) }
    #expect(recorder.events.isEmpty)
    #expect(table.prefetchState.lastVisible == table.visible.rowRange)
  }

  @Test("without a prefetch data source nothing is announced or kept")
  func noPrefetcher() {
    let model = TestModel(sections: [Array(repeating: 20, count: 100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100))
    table.contentOffset.y = 400
    #expect(table.prefetchState.pending.isEmpty)
  }

  @Test("rows announced before a batch update are carried to their new places, not announced again")
  func carriedThroughUpdates() throws {
    let (table, model, recorder) = makePrefetchingTable()
    #expect(recorder.take() == [.prefetch([5, 6, 7, 8, 9])])
    model.sections[0].insert(contentsOf: [20, 20], at: 0)
    try table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
    // Old rows 5…9 are now 7…11 and stay announced (10 and 11 are past the next viewport, but within the
    // reach a faster scroll would have: not cancelled); old rows 3 and 4 left the screen for 5 and 6.
    #expect(recorder.take() == [.prefetch([5, 6])])
    #expect(table.prefetchState.pending == [5, 6, 7, 8, 9, 10, 11])
  }

  @Test(
    "a fast scroll announces as far as it goes in half a second (up to eight viewports); slowing down cancels nothing"
  )
  func reachFollowsThePace() {
    let clock = ManualClock()
    let model = TestModel(sections: [Array(repeating: 20, count: 10_000)])
    let recorder = PrefetchRecorder()
    let (table, _) = makeTable(model, size: Size(width: 100, height: 100), clock: clock) {
      $0.prefetchDataSource = recorder
    }
    _ = recorder.take()
    // 1,200 points a second (60 rows, 12 viewports), a frame at a time: half a second is 600 points, 30 rows.
    for _ in 0..<30 {
      clock.advance(by: 1.0 / 60)
      table.contentOffset.y += 20
    }
    let visible = table.visible.rowRange
    var farthest = table.prefetchState.pending.max() ?? 0
    #expect(visible == 30..<35, "\(visible)")
    #expect(farthest >= visible.upperBound + 29, "rows to \(farthest) announced beyond \(visible)")
    #expect(farthest <= visible.upperBound + 40, "at most eight viewports: \(farthest)")
    // Much faster (5,400 points a second, nearly a viewport a frame): capped at eight viewports (40 rows).
    for _ in 0..<30 {
      clock.advance(by: 1.0 / 60)
      table.contentOffset.y += 90
    }
    farthest = table.prefetchState.pending.max() ?? 0
    #expect(farthest <= table.visible.rowRange.upperBound + 40, "\(farthest) past \(table.visible.rowRange)")
    #expect(farthest >= table.visible.rowRange.upperBound + 35, "\(farthest) past \(table.visible.rowRange)")
    // Slowing to a crawl: what was announced ahead stays announced.
    _ = recorder.take()
    for _ in 0..<10 {
      clock.advance(by: 1.0 / 60)
      table.contentOffset.y += 2
    }
    #expect(!recorder.events.contains { if case .cancel = $0 { true } else { false } }, "\(recorder.events)")
    // A pause, then a slow scroll: the pace starts again, the next viewport only.
    clock.advance(by: 1)
    table.contentOffset.y += 20
    #expect(table.prefetchState.reach(height: 100) == 100, "a pause forgets the pace: \(table.prefetchState.speed)")
  }

  @Test("reloadData forgets what was announced")
  func reloadForgets() {
    let (table, model, recorder) = makePrefetchingTable()
    _ = recorder.take()
    table.reloadData()
    #expect(recorder.take() == [.prefetch([5, 6, 7, 8, 9])])
    _ = model
  }
}
