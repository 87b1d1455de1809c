import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// The table's own `ScrollState`, checked after every public scrolling call: random touches, drags,
// lift-offs (with a delegate that moves their targets), flings, smooth, animated and instant
// scrolls and frames, on tables that loop or not, bounce or not, with estimated heights (whose
// measuring corrects the offset) or exact ones.

/// Self-sizing rows with estimates, as a delegate that sometimes moves where a fling ends and
/// counts what the table tells it.
private final class ScrollingModel: TableViewDataSource, TableViewDelegate {
  var heights: [Double]
  var rng: SplitMix64
  /// How many decelerations (and bounces) the table said came to rest.
  var decelerationsEnded = 0
  /// How many animated scrolls the table said arrived.
  var scrollAnimationsEnded = 0

  init(heights: [Double], seed: UInt64) {
    self.heights = heights
    rng = SplitMix64(seed: seed)
  }

  func numberOfSections(in tableView: TableView) -> Int { 1 }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { heights.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.fittingHeight = heights[indexPath.row]
    return cell
  }
  func tableViewWillEndDragging(_ tableView: TableView, velocity: Double, targetContentOffset: inout Double) {
    switch rng.int(0..<4) {
    case 0: targetContentOffset = rng.double(-200...5_000)
    case 1: targetContentOffset = targetContentOffset.rounded()
    default: break
    }
  }
  func tableViewDidEndDecelerating(_ tableView: TableView) { decelerationsEnded += 1 }
  func tableViewDidEndScrollingAnimation(_ tableView: TableView) { scrollAnimationsEnded += 1 }
}

@Suite("A table's ScrollState under random scrolling")
struct ScrollStateTableTests {
  @Test("the invariants hold after every call, and the content comes to rest within the bounds", arguments: 0..<8)
  func randomScrolling(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed) &+ 1_000)
    let clock = ManualClock()
    let model = ScrollingModel(heights: (0..<rng.int(1..<300)).map { _ in rng.double(10...80) }, seed: UInt64(seed))
    let table = TableView(style: .plain, clock: clock)
    let host = TestHost()
    table.host = host
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.dataSource = model
    table.delegate = model
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = seed % 2 == 0 ? 44 : 0
    table.loops = seed % 4 == 1 || seed % 4 == 2
    table.bounces = seed % 3 != 2
    table.contentInset = EdgeInsets(top: Double(seed % 3) * 10, left: 0, bottom: 5, right: 0)
    table.viewportSize = Size(width: 100, height: rng.double(100...400))
    table.reloadData()

    var completions: [Int: [Bool]] = [:]
    var nextID = 0
    func completion() -> (Bool) -> Void {
      nextID += 1
      let id = nextID
      return { completions[id, default: []].append($0) }
    }
    func check(_ what: String) {
      table.scroll._checkInvariants()
      #expect(completions.values.allSatisfy { $0.count == 1 }, "seed \(seed), \(what): a completion called twice")
      if table.isLooping {
        #expect(table.minimumContentOffsetY == -.infinity && table.maximumContentOffsetY == .infinity)
      } else {
        #expect(table.minimumContentOffsetY <= table.maximumContentOffsetY)
      }
    }
    /// A point within the content (or anywhere, for a looping table).
    func someOffset() -> Double {
      table.isLooping
        ? rng.double(-5_000...5_000) : rng.double(table.minimumContentOffsetY...table.maximumContentOffsetY)
    }

    for _ in 0..<400 {
      switch rng.int(0..<100) {
      case 0..<30:
        clock.advance(by: rng.int(0..<10) == 0 ? rng.double(0...1) : 1.0 / 60)
        table.tick()
        check("tick")
      case 30..<38:
        if table.isTracking { continue }
        let y = rng.double(0...300)
        table.touchBegan(at: Point(x: 10, y: y))
        table.beginDragging(at: y)
        check("begin drag")
      case 38..<55:
        table.drag(to: rng.double(-2_000...2_000))
        check("drag")
      case 55..<62:
        table.endDragging(velocity: rng.int(0..<3) == 0 ? rng.double(-4...4) : rng.double(-5_000...5_000))
        check("end drag")
      case 62..<67:
        table.decelerate(velocity: rng.double(-6_000...6_000))
        check("fling")
      case 67..<73:
        table.scrollSmoothly(by: rng.double(-400...400))
        check("smooth scroll")
      case 73..<78:
        table.setContentOffset(Point(x: 0, y: someOffset()), animated: rng.int(0..<4) != 0, completion: completion())
        check("set offset")
      case 78..<83:
        let row = IndexPath(row: rng.int(0..<model.heights.count), section: 0)
        let position = [TableView.ScrollPosition.none, .top, .middle, .bottom][rng.int(0..<4)]
        try? table.scrollToRow(at: row, at: position, animated: rng.int(0..<4) != 0, completion: completion())
        check("scroll to row")
      case 83..<87:
        table.scroll(by: rng.double(-300...300))
        check("scroll by")
      case 87..<92:
        let point = Point(x: 10, y: rng.double(0...300))
        table.touchBegan(at: point)
        if rng.int(0..<2) == 0 { table.touchEnded(at: point) } else { table.touchCancelled() }
        check("touch")
      case 92..<96:
        table.stopScrolling()
        check("stop")
      default:
        table.contentOffset = Point(x: 0, y: someOffset())
        check("offset")
      }
    }

    // Input stops: the finger lifts, a last touch ends, the animations run out.
    table.endDragging(velocity: 0)
    table.touchCancelled()
    var frames = 0
    while table.isAnimating && frames < 20_000 {
      clock.advance(by: 1.0 / 60)
      table.tick()
      check("rest")
      frames += 1
      if !table.isAnimating { table.touchCancelled() }
    }
    #expect(!table.isAnimating && !table.isTracking, "seed \(seed): at rest")
    let y = table.contentOffset.y
    #expect(table.isLooping || (y >= table.minimumContentOffsetY && y <= table.maximumContentOffsetY), "seed \(seed)")
    #expect(
      completions.values.filter { $0 == [true] }.count >= model.scrollAnimationsEnded,
      "seed \(seed): every arrival the delegate heard of completed with true")
  }
}
