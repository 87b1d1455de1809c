import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// `contentOffsetCorrection`, `decelerate(velocity:)` and `scrollSmoothly(by:)`, checked the way a
// user (or a backend drawing a scrollbar) sees them: what moves on screen, and by how much.

/// Where each visible row's top is in the visible area, by index path (a table that does not loop).
private func screenPositions(_ table: TableView) -> [IndexPath: Double] {
  var result: [IndexPath: Double] = [:]
  for appearance in table.visibleRowAppearances {
    result[appearance.indexPath] = appearance.view.frame.minY - table.contentOffset.y
  }
  return result
}

/// Where each visible cell's top is in the visible area, by cell (a looping table's laps are
/// renumbered when it re-centres, but a cell that stays on screen keeps showing its row).
private func screenPositionsByCell(_ table: TableView) -> [ObjectIdentifier: (path: IndexPath, y: Double)] {
  var result: [ObjectIdentifier: (path: IndexPath, y: Double)] = [:]
  for appearance in table.visibleRowAppearances {
    result[ObjectIdentifier(appearance.view)] = (
      appearance.indexPath, appearance.view.frame.minY - table.contentOffset.y
    )
  }
  return result
}

/// How far the content visibly scrolled between two readings: Δoffset − ΔcontentOffsetCorrection.
private struct ScrollReading {
  var offset: Double
  var correction: Double
  init(_ table: TableView) {
    offset = table.contentOffset.y
    correction = table.contentOffsetCorrection
  }
  func visibleScroll(to later: ScrollReading) -> Double {
    (later.offset - offset) - (later.correction - correction)
  }
}

/// Ticks the clock in 1/60 s frames until the animation ends; returns the offset after each frame
/// and how much clock time passed.
@discardableResult
private func tickToEnd(
  _ table: TableView, _ clock: ManualClock, everyFrame: () -> Void = {}
) -> (offsets: [Double], elapsed: Double) {
  let start = clock.now
  var offsets: [Double] = []
  while table.isAnimating && offsets.count < 10_000 {
    clock.advance(by: 1.0 / 60)
    table.tick()
    offsets.append(table.contentOffset.y)
    everyFrame()
  }
  return (offsets, clock.now - start)
}

private func isNonDecreasing(_ values: [Double]) -> Bool {
  zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
}

@Suite("contentOffsetCorrection")
struct ContentOffsetCorrectionTests {
  @Test("a row above the screen changing height moves the offset and the correction alike; nothing on screen moves")
  func setHeightAbove() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 300))
    table.contentOffset.y = 1_000  // rows 25… on screen
    for (row, height) in [(3, 75.0), (10, 12.5), (24, 100.0), (0, 40.0)] {
      let before = ScrollReading(table)
      let positions = screenPositions(table)
      let oldHeight = try table.rectForRow(at: IndexPath(row: row, section: 0)).height
      model.sections[0][row] = height
      try table.setHeight(height, forRowAt: IndexPath(row: row, section: 0))
      let after = ScrollReading(table)
      #expect(after.offset - before.offset == height - oldHeight, "row \(row)")
      #expect(after.correction - before.correction == height - oldHeight, "row \(row)")
      #expect(before.visibleScroll(to: after) == 0)
      #expect(screenPositions(table) == positions, "row \(row): what is on screen stays put")
    }
  }

  @Test("a row on or below the screen changing height is no correction: the offset stays")
  func setHeightOnAndBelow() throws {
    let model = TestModel(sections: [Array(repeating: 40, count: 100)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 300))
    table.contentOffset.y = 1_000
    let before = ScrollReading(table)
    let first = try #require(table.indexPathsForVisibleRows.first)
    let positions = screenPositions(table)
    try table.setHeight(90, forRowAt: IndexPath(row: 80, section: 0))  // below
    try table.setHeight(60, forRowAt: IndexPath(row: first.row + 2, section: 0))  // on screen
    let after = ScrollReading(table)
    #expect(after.offset == before.offset && after.correction == before.correction)
    // Rows down to the one that grew stay; the rows below it move down by its growth.
    for (path, y) in screenPositions(table) {
      guard let old = positions[path] else { continue }
      #expect(y == old + (path.row > first.row + 2 ? 20 : 0), "row \(path.row)")
    }
  }

  @Test(
    "random scrolling with estimated heights: rows on screen move by exactly Δoffset − Δcorrection, the requested delta"
  )
  func estimatedHeightsModel() throws {
    var rng = SplitMix64(seed: 0xC0FF_EE)
    let model = TestModel(sections: [(0..<3_000).map { _ in rng.double(15...110) }])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 300)) { $0.estimatedRowHeight = 44 }
    // Start in the middle: everything above is unmeasured, so scrolling up measures and anchors.
    try table.scrollToRow(at: IndexPath(row: 1_500, section: 0), at: .top, animated: false)
    let startOffset = table.contentOffset.y
    let startCorrection = table.contentOffsetCorrection
    var requested = 0.0
    var correctedSteps = 0
    var upJumps = 0
    var jumps: [String] = []
    var misplacedSteps: Set<Int> = []
    for step in 0..<3_000 {
      let before = ScrollReading(table)
      let positions = screenPositions(table)
      var rowTops: [IndexPath: Double] = [:]
      for path in table.indexPathsForVisibleRows { rowTops[path] = try table.rectForRow(at: path).minY }
      let roll = rng.int(0..<100)
      let delta: Double
      if roll < 3 {
        delta = -rng.double(300...1_200)  // a jump up into unmeasured rows
        upJumps += 1
      } else if roll < 6 {
        delta = rng.double(300...900)  // a jump down
      } else {
        delta = rng.double(-60...75)  // drifting down: a few viewports over the run
      }
      let expected =
        min(max(before.offset + delta, table.minimumContentOffsetY), table.maximumContentOffsetY)
        - before.offset
      table.scroll(by: delta)
      let after = ScrollReading(table)
      let visible = before.visibleScroll(to: after)
      requested += expected
      #expect(abs(visible - expected) < 1e-6, "step \(step): scrolled \(visible), asked \(expected)")
      if after.correction != before.correction { correctedSteps += 1 }
      // Where the table says each row is (its geometry) moves by exactly the visible scroll…
      var shared = 0
      for path in table.indexPathsForVisibleRows where rowTops[path] != nil {
        shared += 1
        let y = try table.rectForRow(at: path).minY - after.offset
        let was = try #require(rowTops[path]) - before.offset
        #expect(abs(y - (was - visible)) < 1e-6, "step \(step): row \(path.row) moved by \(y - was), not \(-visible)")
      }
      if abs(delta) < 200 { #expect(shared > 0, "step \(step): small steps keep rows on screen") }
      // …and so should the cells showing them, which is what the user sees.
      for (path, y) in screenPositions(table) {
        if let old = positions[path], abs(y - (old - visible)) > 1e-6, jumps.count < 5 {
          jumps.append("step \(step): row \(path.row)'s cell moved by \(y - old), not \(-visible)")
        }
      }
      for appearance in table.visibleRowAppearances {
        let path = appearance.indexPath
        #expect(abs(appearance.view.frame.height - model.sections[0][path.row]) <= 1.0 / 256, "step \(step)")
        if appearance.view.frame != (try table.rectForRow(at: path)) { misplacedSteps.insert(step) }
      }
    }
    #expect(jumps.isEmpty, "\(jumps)")
    #expect(misplacedSteps.isEmpty, "\(misplacedSteps.count) steps with a cell off its row's rect")
    #expect(upJumps > 20 && correctedSteps > 20, "the run exercised anchoring (\(correctedSteps) corrected steps)")
    let total = ScrollReading(table)
    #expect(abs((total.offset - startOffset) - (total.correction - startCorrection) - requested) < 1e-6)
  }

  @Test("idle precompute measuring rows above: the offset moves by the correction, so nothing visibly scrolls")
  func idlePrecomputeAbove() throws {
    let (table, model, clock, _) = makeCostlyTable(rows: 2_000, seed: 7)
    try table.scrollToRow(at: IndexPath(row: 1_000, section: 0), at: .top, animated: false)
    let before = ScrollReading(table)
    let positions = screenPositions(table)
    runToCompletion(table, clock)
    #expect(table.precomputeProgress.isComplete)
    let after = ScrollReading(table)
    #expect(after.offset != before.offset, "rows above were measured and anchored")
    #expect(abs(before.visibleScroll(to: after)) < 1e-6)
    #expect(screenPositions(table) == positions)
    _ = model
  }

  @Test("a looping table scrolled many laps re-centres: Δoffset − Δcorrection is the sum of the deltas")
  func loopingRecentring() {
    var rng = SplitMix64(seed: 42)
    let heights = (0..<25).map { _ in Double(rng.int(20..<70)) + 0.25 * Double(rng.int(0..<4)) }
    let model = TestModel(sections: [heights])
    let (table, _) = makeTable(model, style: .grouped, size: Size(width: 100, height: 300)) { $0.loops = true }
    #expect(table.isLooping)
    let start = ScrollReading(table)
    var requested = 0.0
    var recentred = 0
    for step in 0..<4_000 {
      let before = ScrollReading(table)
      let positions = screenPositionsByCell(table)
      let delta = rng.double(-60...200)
      table.scroll(by: delta)
      requested += delta
      let after = ScrollReading(table)
      checkInvariants(table)
      let visible = before.visibleScroll(to: after)
      #expect(abs(visible - delta) < 1e-6, "step \(step): scrolled \(visible), asked \(delta)")
      if after.correction != before.correction {
        recentred += 1
        let laps = (after.correction - before.correction) / table.loopPeriod
        #expect(laps == laps.rounded(), "a re-centring shifts by whole laps")
      }
      var shared = 0
      for (cell, now) in screenPositionsByCell(table) {
        guard let old = positions[cell] else { continue }
        shared += 1
        guard now.path == old.path else { continue }  // left and was reused for another row
        #expect(abs(now.y - (old.y - delta)) < 1e-6, "step \(step): row \(now.path.row) moved by \(now.y - old.y)")
      }
      #expect(shared > 0)
    }
    let end = ScrollReading(table)
    #expect(requested / table.loopPeriod > 100, "many laps")
    #expect(recentred > 50)
    #expect(abs(start.visibleScroll(to: end) - requested) < 1e-6)
    #expect(abs(table.contentOffset.y) <= 3 * table.loopPeriod, "the offset itself stays small")
  }

  @Test("a fling in a looping table travels its whole projection across re-centrings")
  func loopingDeceleration() {
    let model = TestModel(sections: [[40, 50, 35, 45, 30]])  // a lap of 200
    let clock = ManualClock()
    let (table, _) = makeTable(model, style: .grouped, size: Size(width: 100, height: 300)) {
      $0.loops = true
      $0.clock = clock
    }
    let start = ScrollReading(table)
    table.decelerate(velocity: 3_000)
    var previous = start
    tickToEnd(table, clock) {
      let now = ScrollReading(table)
      #expect(previous.visibleScroll(to: now) >= 0, "never visibly backwards")
      previous = now
    }
    let end = ScrollReading(table)
    #expect(end.correction != start.correction, "it re-centred on the way")
    let projected = ScrollPhysics.projectedDistance(velocity: 3_000, rate: table.decelerationRate)
    let tail = ScrollPhysics.projectedDistance(velocity: ScrollPhysics.stopVelocity, rate: table.decelerationRate)
    let travelled = start.visibleScroll(to: end)
    #expect(travelled <= projected && travelled >= projected - tail, "travelled \(travelled) of \(projected)")
  }
}

@Suite("decelerate(velocity:)")
struct DecelerateTests {
  func table(rows: Int = 1_000, inset: Double = 0) -> (TableView, TestModel, ManualClock) {
    let clock = ManualClock()
    let model = TestModel(sections: [Array(repeating: 44, count: rows)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 300)) {
      $0.clock = clock
      $0.contentInset = EdgeInsets(top: inset, left: 0, bottom: 0, right: 0)
    }
    return (table, model, clock)
  }

  @Test("a fling at 2000 pt/s glides monotonically to rest where the projection says")
  func flingTravelsProjection() {
    let (table, _, clock) = table()
    table.contentOffset.y = 1_000
    let start = table.contentOffset.y
    table.decelerate(velocity: 2_000)
    #expect(table.isAnimating)
    let (offsets, elapsed) = tickToEnd(table, clock)
    #expect(!table.isAnimating)
    #expect(isNonDecreasing([start] + offsets))
    let projected = ScrollPhysics.projectedDistance(velocity: 2_000, rate: table.decelerationRate)
    let travelled = table.contentOffset.y - start
    // It stops once the speed falls under `stopVelocity`, which leaves at most the projection of
    // that speed (≈ 2.5 pt at the normal rate) untravelled.
    let tail = ScrollPhysics.projectedDistance(velocity: ScrollPhysics.stopVelocity, rate: table.decelerationRate)
    #expect(travelled <= projected && projected - travelled <= tail, "travelled \(travelled) of \(projected)")
    let duration = ScrollPhysics.decelerationDuration(velocity: 2_000, rate: table.decelerationRate)
    #expect(abs(elapsed - duration) <= 1.0 / 60 + 1e-9)
  }

  @Test("a fling at 2000 pt/s ends short of the projection by no more than the tail under the stop speed")
  func flingWithinAPoint() {
    let (table, _, clock) = table()
    table.contentOffset.y = 1_000
    let expected = table.projectedOffset(velocity: 2_000)
    table.decelerate(velocity: 2_000)
    tickToEnd(table, clock)
    // The deceleration stops once it is slower than UIKit's stop speed; the projection is its limit.
    let tail = ScrollPhysics.projectedDistance(velocity: ScrollPhysics.stopVelocity, rate: table.decelerationRate)
    #expect(table.contentOffset.y <= expected)
    #expect(expected - table.contentOffset.y <= tail + 1e-6)
  }

  @Test("a fling towards the end stops at the maximum offset (after a bounce)")
  func flingIntoBottom() {
    let (table, _, clock) = table(rows: 100)
    let maximum = table.maximumContentOffsetY
    table.contentOffset.y = maximum - 200
    table.decelerate(velocity: 2_000)
    let (offsets, _) = tickToEnd(table, clock)
    #expect(offsets.contains { $0 > maximum }, "it bounced past the edge")
    #expect(table.contentOffset.y == maximum)
  }

  @Test("a velocity under stopVelocity does nothing")
  func slowVelocity() {
    let (table, _, _) = table()
    table.contentOffset.y = 500
    let before = ScrollReading(table)
    table.decelerate(velocity: 1)
    #expect(!table.isAnimating)
    table.decelerate(velocity: -ScrollPhysics.stopVelocity)
    #expect(!table.isAnimating)
    #expect(table.contentOffset.y == before.offset && table.contentOffsetCorrection == before.correction)
  }

  @Test("a fling towards the top from near the top bounces and settles at the minimum offset")
  func flingIntoTop() {
    let (table, _, clock) = table(inset: 12)
    #expect(table.minimumContentOffsetY == -12)
    table.contentOffset.y = 60
    table.decelerate(velocity: -2_000)
    let (offsets, _) = tickToEnd(table, clock)
    #expect(offsets.contains { $0 < -12 }, "it overshot the edge")
    #expect(offsets.allSatisfy { $0 > -12 - table.viewportSize.height }, "within the rubber band")
    #expect(table.contentOffset.y == -12)
    #expect(!table.isAnimating)
  }
}

@Suite("scrollSmoothly(by:)")
struct ScrollSmoothlyTests {
  func table(rows: Int = 1_000) -> (TableView, TestModel, ManualClock) {
    let clock = ManualClock()
    let model = TestModel(sections: [Array(repeating: 44, count: rows)])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 300)) { $0.clock = clock }
    return (table, model, clock)
  }

  @Test("three notches in quick succession land exactly 192 further, gliding monotonically")
  func notchesAddUp() {
    let (table, _, clock) = table()
    table.contentOffset.y = 500
    for _ in 0..<3 { table.scrollSmoothly(by: 64) }
    #expect(table.contentOffset.y == 500, "it glides rather than jumps")
    let (offsets, _) = tickToEnd(table, clock)
    #expect(isNonDecreasing([500] + offsets))
    #expect(offsets.count > 3, "several frames")
    #expect(table.contentOffset.y == 500 + 192)
  }

  @Test("a notch mid-glide adds to where the glide was going")
  func notchMidGlide() {
    let (table, _, clock) = table()
    table.contentOffset.y = 500
    table.scrollSmoothly(by: 64)
    for _ in 0..<4 {
      clock.advance(by: 1.0 / 60)
      table.tick()
    }
    #expect(table.contentOffset.y > 500 && table.contentOffset.y < 564)
    table.scrollSmoothly(by: 64)
    table.scrollSmoothly(by: -32)
    tickToEnd(table, clock)
    #expect(table.contentOffset.y == 500 + 96)
  }

  @Test("one notch finishes in under 0.6 s of clock time")
  func notchDuration() {
    let (table, _, clock) = table()
    table.contentOffset.y = 500
    table.scrollSmoothly(by: 64)
    let (offsets, elapsed) = tickToEnd(table, clock)
    #expect(elapsed < 0.6)
    #expect(table.contentOffset.y == 564)
    // Most of it comes early: over half the distance within the first fifth of a second.
    #expect(offsets[11] - 500 > 32)
  }

  @Test("near the end, notches are clamped to the maximum offset; near the top, to the minimum")
  func clamped() {
    let (table, _, clock) = table(rows: 100)
    let maximum = table.maximumContentOffsetY
    table.contentOffset.y = maximum - 30
    table.scrollSmoothly(by: 64)
    table.scrollSmoothly(by: 64)
    let (offsets, _) = tickToEnd(table, clock)
    #expect(offsets.allSatisfy { $0 <= maximum }, "no overshoot")
    #expect(table.contentOffset.y == maximum)
    // At the edge a notch further is nothing to do.
    table.scrollSmoothly(by: 64)
    #expect(!table.isAnimating)
    table.contentOffset.y = 20
    table.scrollSmoothly(by: -64)
    tickToEnd(table, clock)
    #expect(table.contentOffset.y == table.minimumContentOffsetY)
  }

  @Test("notches up through rows measured on the way scroll the content by exactly the notches")
  func notchesThroughEstimatedRows() throws {
    let clock = ManualClock()
    var rng = SplitMix64(seed: 77)
    let model = TestModel(sections: [(0..<2_000).map { _ in rng.double(15...110) }])
    let (table, _) = makeTable(model, size: Size(width: 100, height: 300)) {
      $0.clock = clock
      $0.estimatedRowHeight = 44
    }
    try table.scrollToRow(at: IndexPath(row: 1_000, section: 0), at: .top, animated: false)
    let anchor = try #require(table.indexPathsForVisibleRows.last)
    let start = ScrollReading(table)
    let anchorBefore = try table.rectForRow(at: anchor).minY - start.offset
    for _ in 0..<3 { table.scrollSmoothly(by: -200) }  // further up than the rows measured around row 1000
    // Frame by frame the content follows the deceleration curve that ends 600 further up.
    let rate = table.wheelDecelerationRate
    let velocity = ScrollPhysics.velocity(forDistance: -600, rate: rate)
    var previous = start
    var elapsed = 0.0
    var offCurve: [String] = []
    tickToEnd(table, clock) {
      let now = ScrollReading(table)
      let curve =
        ScrollPhysics.decelerationDistance(velocity: velocity, rate: rate, at: elapsed + 1.0 / 60)
        - ScrollPhysics.decelerationDistance(velocity: velocity, rate: rate, at: elapsed)
      let moved = previous.visibleScroll(to: now)
      if table.isAnimating, abs(moved - curve) > 1e-6, offCurve.count < 5 {
        offCurve.append("at \(elapsed) s moved \(moved), not \(curve)")
      }
      elapsed += 1.0 / 60
      previous = now
    }
    let end = ScrollReading(table)
    #expect(end.correction != start.correction, "rows above were measured on the way")
    let anchorAfter = try table.rectForRow(at: anchor).minY - end.offset
    // The corrections move the glide's target with the content: it lands 600 points of content
    // further, and no frame leaves the curve.
    #expect(offCurve.isEmpty, "\(offCurve)")
    #expect(abs(start.visibleScroll(to: end) + 600) < 1e-6, "the content scrolled \(start.visibleScroll(to: end))")
    #expect(abs(anchorAfter - (anchorBefore + 600)) < 1e-6)
  }
}
