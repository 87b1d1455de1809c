import Testing

@_spi(Backend) @testable import TableViewCore

// Animated updates on an injected clock: where each view is drawn (its presentation) at the start,
// the middle and the end of each kind of animation; interruptions that continue from where every
// view is drawn; leaving views that are attached until they have gone, then pooled.

/// A table of `rows` rows 40 points tall in one section, 200 points of viewport, on a manual clock.
@MainActor
private func animatedTable(rows: Int = 30, sections: Int = 1) -> (TableView, TestHost, TestModel, ManualClock) {
  let clock = ManualClock(start: 100)
  let model = TestModel(sections: Array(repeating: Array(repeating: 40, count: rows), count: sections))
  let table = TableView(style: .plain, clock: clock)
  let host = TestHost()
  table.host = host
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: 100, height: 200)
  table.reloadData()
  return (table, host, model, clock)
}

/// Where each visible row's view is drawn, by row.
@MainActor
private func drawn(_ table: TableView) -> [Int: CellPresentation] {
  var result: [Int: CellPresentation] = [:]
  for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) {
    result[path.row] = table.presentation(of: cell)
  }
  return result
}

/// A row arrives at the top (sliding in), then a 60 Hz frame passes.
@MainActor
private func arriveAtTopForOneFrame(_ table: TableView, _ model: TestModel, _ clock: ManualClock) throws {
  model.sections[0].insert(40, at: 0)
  try table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .top)
  clock.advance(by: 1.0 / 60)
  table.tick()
}

/// 400 self-sizing rows of 20–99 points (estimated at 44) in a 100×200 viewport, on a manual clock.
private func selfSizingAnimatedTable() -> (TableView, TestHost, SelfSizingModel, ManualClock) {
  let clock = ManualClock(start: 0)
  let model = SelfSizingModel([(0..<400).map { Double(20 + ($0 * 37) % 80) }])
  let table = TableView(style: .plain, clock: clock)
  let host = TestHost()
  table.host = host
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.rowHeight = TableView.automaticDimension
  table.estimatedRowHeight = 44
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: 100, height: 200)
  table.reloadData()
  return (table, host, model, clock)
}

/// Equal to within a millionth (the clock's times are not exact binary fractions).
private func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-6 } ?? false }

@MainActor
@Suite("animated updates")
struct AnimatedUpdateTests {
  @Test("a faded delete: the row fades where it is while the rows below close the gap; then it is pooled")
  func fadeDelete() throws {
    let (table, host, model, clock) = animatedTable()
    let doomed = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
    var finished: [Bool] = []
    model.sections[0].remove(at: 1)
    try table.performBatchUpdates(
      { $0.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade) }, completion: { finished.append($0) })
    // At once: the geometry is final, nothing has moved on screen.
    #expect(table.isAnimating && table.isAnimatingUpdates)
    #expect(table.leavingViews.count == 1 && table.leavingViews[0] === doomed)
    #expect(table.isLeaving(doomed) && !table.visibleCells.contains { table.isLeaving($0) })
    #expect(table.presentation(of: doomed) == CellPresentation(frame: Rect(x: 0, y: 40, width: 100, height: 40)))
    #expect(drawn(table)[1]?.frame.minY == 80, "the old row 2 is still drawn where it was")
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.frame.minY == 40, "its frame is final")
    checkInvariants(table, host: host)
    // Halfway (eased: half of the way at half of the time).
    clock.advance(by: 0.15)
    table.tick()
    #expect(close(table.presentation(of: doomed).alpha, 0.5))
    #expect(close(drawn(table)[1]?.frame.minY, 60))
    #expect(finished.isEmpty)
    // The end: everything at its frame, the deleted row's cell pooled, the completion run once.
    clock.advance(by: 0.15)
    #expect(table.tick() == false)
    #expect(!table.isAnimating && table.leavingViews.isEmpty)
    #expect(drawn(table)[1]?.frame.minY == 40 && drawn(table)[1]?.alpha == 1)
    #expect(host.attached[ObjectIdentifier(doomed)] == nil && !table.isLeaving(doomed))
    #expect(table.visible.cellPool.allViews.contains { $0 === doomed })
    #expect(finished == [true])
    checkInvariants(table, host: host)
  }

  @Test(
    "each kind of arrival: where an inserted row is drawn at the start, the middle and the end",
    arguments: [
      (TableView.RowAnimation.fade, Rect(x: 0, y: 40, width: 100, height: 40), 0.0),
      (.automatic, Rect(x: 0, y: 40, width: 100, height: 40), 0.0),
      (.top, Rect(x: 0, y: 0, width: 100, height: 40), 1.0),
      (.bottom, Rect(x: 0, y: 80, width: 100, height: 40), 1.0),
      (.left, Rect(x: -100, y: 40, width: 100, height: 40), 1.0),
      (.right, Rect(x: 100, y: 40, width: 100, height: 40), 1.0),
      (.middle, Rect(x: 0, y: 60, width: 100, height: 0), 0.0),
      (.none, Rect(x: 0, y: 40, width: 100, height: 40), 1.0),
    ])
  func arrivals(kind: TableView.RowAnimation, start: Rect, startAlpha: Double) throws {
    let (table, host, model, clock) = animatedTable()
    model.sections[0].insert(40, at: 1)
    // A second, animated operation keeps the update animated when the insert itself is `.none`.
    model.sections[0].append(40)
    try table.performBatchUpdates {
      $0.insertRows(at: [IndexPath(row: 1, section: 0)], with: kind)
      $0.insertRows(at: [IndexPath(row: 31, section: 0)], with: .fade)
    }
    let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
    let end = CellPresentation(frame: Rect(x: 0, y: 40, width: 100, height: 40))
    #expect(table.presentation(of: cell) == CellPresentation(frame: start, alpha: startAlpha))
    clock.advance(by: 0.15)
    table.tick()
    let middle = table.presentation(of: cell)
    #expect(close(middle.frame.minX, start.minX / 2) && close(middle.frame.minY, (start.minY + 40) / 2))
    #expect(close(middle.frame.height, (start.height + 40) / 2) && close(middle.alpha, (startAlpha + 1) / 2))
    // Row 2 (the old row 1) glides down from where it was.
    #expect(close(drawn(table)[2]?.frame.minY, 60))
    clock.advance(by: 0.2)
    table.tick()
    #expect(table.presentation(of: cell) == end && !table.isAnimating)
    checkInvariants(table, host: host)
  }

  @Test("each kind of departure: where a deleted row is drawn at the start, the middle and the end")
  func departures() throws {
    let ends: [(TableView.RowAnimation, Rect, Double)] = [
      (.fade, Rect(x: 0, y: 40, width: 100, height: 40), 0), (.top, Rect(x: 0, y: 0, width: 100, height: 40), 1),
      (.bottom, Rect(x: 0, y: 80, width: 100, height: 40), 1), (.left, Rect(x: -100, y: 40, width: 100, height: 40), 1),
      (.right, Rect(x: 100, y: 40, width: 100, height: 40), 1), (.middle, Rect(x: 0, y: 60, width: 100, height: 0), 0),
    ]
    for (kind, end, endAlpha) in ends {
      let (table, host, model, clock) = animatedTable()
      let doomed = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
      model.sections[0].remove(at: 1)
      try table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: kind)
      #expect(table.presentation(of: doomed) == CellPresentation(frame: Rect(x: 0, y: 40, width: 100, height: 40)))
      clock.advance(by: 0.15)
      table.tick()
      let middle = table.presentation(of: doomed)
      #expect(close(middle.frame.minY, (40 + end.minY) / 2) && close(middle.frame.minX, end.minX / 2), "\(kind)")
      #expect(close(middle.frame.height, (40 + end.height) / 2) && close(middle.alpha, (1 + endAlpha) / 2), "\(kind)")
      clock.advance(by: 0.15)
      table.tick()
      #expect(table.leavingViews.isEmpty && host.attached[ObjectIdentifier(doomed)] == nil, "\(kind)")
      checkInvariants(table, host: host)
    }
  }

  @Test("an update without animations applies at once, as before")
  func unanimated() throws {
    let (table, host, model, _) = animatedTable()
    var finished: [Bool] = []
    model.sections[0].remove(at: 1)
    try table.performBatchUpdates(
      { $0.deleteRows(at: [IndexPath(row: 1, section: 0)]) }, completion: { finished.append($0) })
    #expect(!table.isAnimating && table.leavingViews.isEmpty && finished == [true])
    #expect(drawn(table)[1]?.frame.minY == 40)
    checkInvariants(table, host: host)
  }

  @Test("a second update mid-animation continues from where every view is drawn: nothing jumps")
  func interruptedByUpdate() throws {
    let (table, host, model, clock) = animatedTable()
    model.sections[0].remove(at: 0)
    try table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
    clock.advance(by: 0.1)
    table.tick()
    var before: [ObjectIdentifier: CellPresentation] = [:]
    for view in table.visibleCells + table.leavingViews {
      before[ObjectIdentifier(view)] = table.presentation(of: view)
    }
    model.sections[0].insert(40, at: 2)
    try table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .left)
    for view in table.visibleCells + table.leavingViews {
      guard let old = before[ObjectIdentifier(view)] else { continue }
      #expect(table.presentation(of: view) == old, "a view jumped at the second update")
    }
    clock.advance(by: 1)
    table.tick()
    #expect(!table.isAnimating)
    #expect(table.visibleCells.map(\.frame.minY) == [0, 40, 80, 120, 160])
    checkInvariants(table, host: host)
  }

  @Test("every view of a frame is drawn at the frame's time: the clock moving between ticks moves nothing")
  func drawnAtTheFrameTime() throws {
    let (table, host, model, clock) = animatedTable()
    let doomed = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
    model.sections[0].remove(at: 1)
    try table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
    clock.advance(by: 0.1)
    table.tick()
    let frame = drawn(table)
    let leaving = table.presentation(of: doomed)
    // The backend draws a while after the tick (a slow frame): everything stays where this frame has it.
    clock.advance(by: 0.05)
    #expect(drawn(table) == frame && table.presentation(of: doomed) == leaving)
    // The next tick draws at its own time: half of the way (eased) at 0.15 s.
    table.tick()
    #expect(close(table.presentation(of: doomed).alpha, 0.5) && close(drawn(table)[1]?.frame.minY, 60))
    checkInvariants(table, host: host)
  }

  @Test("rows measured above the screen mid-animation: the gliding rows are drawn with the content")
  func measuredMidAnimation() throws {
    let (table, host, model, clock) = selfSizingAnimatedTable()
    // Far down, where only the rows on screen are measured; the top one goes, the others glide up.
    table.contentOffset.y = 300 * 44
    let top = try #require(table.indexPathsForVisibleRows.first)
    model.heights[0].remove(at: top.row)
    try table.deleteRows(at: [top], with: .fade)
    clock.advance(by: 0.1)
    table.tick()
    // Scrolling up measures rows above: every frame below them moves, and the offset with them.
    // Each row still on screen after a step is drawn where the step's scroll alone takes it.
    var moved = 0
    for _ in 0..<10 {
      var screen: [IndexPath: (ObjectIdentifier, Double, Double)] = [:]
      for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) {
        let drawn = table.presentation(of: cell).frame.minY - table.contentOffset.y
        screen[path] = (ObjectIdentifier(cell), drawn, cell.frame.minY)
      }
      table.scroll(by: -30)
      for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) {
        guard let (id, before, y) = screen[path], id == ObjectIdentifier(cell) else { continue }
        let now = table.presentation(of: cell).frame.minY - table.contentOffset.y
        #expect(abs(now - (before + 30)) < 1e-6, "row \(path) moved \(now - before) on screen, the scroll 30")
        if cell.frame.minY != y, table.animations.entries[id] != nil { moved += 1 }
      }
    }
    #expect(moved > 0 && table.isAnimatingUpdates, "no gliding row's frame moved")
    checkInvariants(table, host: host)
  }

  @Test("a scroll mid-animation moves every drawn view with the content; the animation goes on")
  func interruptedByScroll() throws {
    let (table, host, model, clock) = animatedTable()
    model.sections[0].remove(at: 1)
    try table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
    clock.advance(by: 0.1)
    table.tick()
    let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    let onScreen = table.presentation(of: cell).frame.minY - table.contentOffset.y
    table.scroll(by: 10)
    #expect(table.presentation(of: cell).frame.minY - table.contentOffset.y == onScreen - 10)
    #expect(table.isAnimatingUpdates)
    clock.advance(by: 1)
    table.tick()
    #expect(table.presentation(of: cell).frame == cell.frame)
    checkInvariants(table, host: host)
  }

  @Test("reloadData ends every animation at once: completions get false, leaving views are pooled")
  func reloadEnds() throws {
    let (table, host, model, _) = animatedTable()
    var finished: [Bool] = []
    model.sections[0].remove(at: 1)
    try table.performBatchUpdates(
      { $0.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade) }, completion: { finished.append($0) })
    table.reloadData()
    #expect(finished == [false] && !table.isAnimating && table.leavingViews.isEmpty)
    #expect(table.visibleCells.allSatisfy { table.presentation(of: $0).frame == $0.frame })
    checkInvariants(table, host: host)
  }

  @Test("beginUpdates/endUpdates: a row grows to its new height and the rows below follow, gradually")
  func heightChange() throws {
    let (table, host, model, clock) = animatedTable()
    model.sections[0][1] = 100
    try table.performBatchUpdates { _ in }
    let grown = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
    #expect(grown.frame.height == 100)
    #expect(table.presentation(of: grown).frame.height == 40)
    clock.advance(by: 0.15)
    table.tick()
    #expect(close(table.presentation(of: grown).frame.height, 70))
    #expect(close(drawn(table)[2]?.frame.minY, 110))
    clock.advance(by: 0.15)
    table.tick()
    #expect(table.presentation(of: grown).frame.height == 100 && !table.isAnimating)
    // Rows pushed off screen by the growth glided out and went back to the pool.
    #expect(table.leavingViews.isEmpty)
    checkInvariants(table, host: host)
  }

  @Test("rows pushed off screen by an insertion slide out and are pooled when they are gone")
  func pushedOff() throws {
    let (table, host, model, clock) = animatedTable()
    let last = try #require(table.cellForRow(at: IndexPath(row: 4, section: 0)))
    model.sections[0].insert(contentsOf: [40, 40], at: 0)
    try table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .top)
    #expect(table.leavingViews.contains { $0 === last })
    #expect(table.presentation(of: last).frame.minY == 160)
    clock.advance(by: 0.15)
    table.tick()
    #expect(close(table.presentation(of: last).frame.minY, 200))
    clock.advance(by: 0.15)
    table.tick()
    #expect(host.attached[ObjectIdentifier(last)] == nil && table.leavingViews.isEmpty)
    checkInvariants(table, host: host)
  }

  @Test("a row arriving every frame: each row it pushes out is gone within one animation, so few views are alive")
  func streamOfInsertions() throws {
    let (table, host, model, clock) = animatedTable()
    var leavingSince: [ObjectIdentifier: Double] = [:]
    var mostLeaving = 0
    for _ in 0..<120 {
      try arriveAtTopForOneFrame(table, model, clock)
      let leaving = Set(table.leavingViews.map(ObjectIdentifier.init))
      for id in leaving where leavingSince[id] == nil { leavingSince[id] = clock.now }
      for (id, since) in leavingSince where leaving.contains(id) {
        // Later insertions move a leaving row on; they do not make it leave for longer.
        #expect(clock.now - since <= table.rowAnimationDuration + 1.0 / 60 + 1e-9, "a row leaving since \(since)")
      }
      leavingSince = leavingSince.filter { leaving.contains($0.key) }
      mostLeaving = max(mostLeaving, leaving.count)
    }
    // Two seconds of arrivals push out one row a frame, each gone after 0.3 s: about 18 at once, not 120.
    #expect(mostLeaving <= 20, "\(mostLeaving) rows leaving at once")
    clock.advance(by: table.rowAnimationDuration)
    table.tick()
    #expect(table.leavingViews.isEmpty && !table.isAnimating)
    checkInvariants(table, host: host)
  }

  @Test("a row arriving every frame: each update's completion runs when its own animations end, not when all stop")
  func streamCompletions() throws {
    let (table, host, model, clock) = animatedTable()
    var completedAt: [Int: Double] = [:]
    var startedAt: [Double] = []
    for i in 0..<120 {
      model.sections[0].insert(40, at: 0)
      startedAt.append(clock.now)
      try table.performBatchUpdates(
        { $0.insertRows(at: [IndexPath(row: 0, section: 0)], with: .top) },
        completion: { finished in
          #expect(finished && completedAt[i] == nil, "update \(i) completed twice or unfinished")
          #expect(completedAt.count == i, "update \(i) completed out of order")
          completedAt[i] = clock.now
        })
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
    // Rows never stopped moving, yet every update but the last few completed a frame after its own 0.3 s.
    #expect(table.isAnimating)
    #expect(completedAt.count >= 100, "only \(completedAt.count) of 120 completions ran while rows kept moving")
    for (i, at) in completedAt {
      let late = at - (startedAt[i] + table.rowAnimationDuration)
      #expect(late >= -1e-9 && late <= 1.0 / 60 + 1e-9, "update \(i) completed \(late) s after its animations ended")
    }
    clock.advance(by: table.rowAnimationDuration)
    table.tick()
    #expect(completedAt.count == 120 && !table.isAnimating)
    checkInvariants(table, host: host)
  }

  @Test("a row arriving every frame: the rows on screen follow it, never far behind where they belong")
  func streamKeepsUp() throws {
    let (table, host, model, clock) = animatedTable(rows: 100)
    table.viewportSize = Size(width: 100, height: 2_000)
    var worst = 0.0
    for _ in 0..<60 {
      try arriveAtTopForOneFrame(table, model, clock)
      for cell in table.visibleCells {
        worst = max(worst, abs(table.presentation(of: cell).frame.minY - cell.frame.minY))
      }
    }
    // Each frame takes a moving row a ninth of its way on (an eased-out restart), so it stays within about ten rows
    // of its place; restarted from rest each frame, rows were drawn 1,600 points (40 rows) behind.
    #expect(worst <= 400, "a row drawn \(worst) points from where it belongs")
    clock.advance(by: table.rowAnimationDuration)
    table.tick()
    #expect(!table.isAnimating)
    checkInvariants(table, host: host)
  }

  @Test("rows measured above the screen mid-animation move a leaving row with the content, not on screen")
  func leavingRowThroughCorrections() throws {
    let (table, host, model, _) = selfSizingAnimatedTable()
    try table.scrollToRow(at: IndexPath(row: 300, section: 0), at: .top, animated: false)
    let doomed = try #require(table.cellForRow(at: IndexPath(row: 301, section: 0)))
    model.heights[0].remove(at: 301)
    try table.deleteRows(at: [IndexPath(row: 301, section: 0)], with: .fade)
    let screen = table.presentation(of: doomed).frame.minY - table.contentOffset.y
    let correction = table.contentOffsetCorrection
    // Scrolling up measures rows above: the offset is corrected, and the leaving row moves by the scroll alone.
    for _ in 0..<10 { table.scroll(by: -60) }
    #expect(table.contentOffsetCorrection != correction, "the scroll measured rows above the screen")
    let now = table.presentation(of: doomed).frame.minY - table.contentOffset.y
    #expect(abs(now - (screen + 600)) < 1e-6, "the leaving row moved \(now - screen) on screen, the scroll 600")
    checkInvariants(table, host: host)
  }
}
