// Animated updates and chat-style lists in `tableview-bench`: the engine's cost of a frame during an
// animated batch (against a scroll step measured in the same run), and a simulated chat where
// history pages load above and messages arrive below while the user scrolls, counting the frames
// where a visible row moved by anything other than the user's scroll.

// The benchmark drives tables as a backend does (frames with tick(), views at presentation(of:), idle slices):
// the engine's backend SPI.
@_spi(Backend) import TableViewCore
import TableViewTesting

/// The engine's cost of one frame during an animated delete+insert of 20 visible rows, at `n`
/// rows: the clock advances a 120 Hz frame, the table ticks, and every attached view's presentation
/// is read (what a backend does to draw). The baseline is a scroll step of the same table.
func measureAnimatedUpdateFrame(n: Int, harness: Harness) -> [Measurement] {
  let name = "animated_update_frame"
  guard harness.includes(name), n >= 40 else { return [] }
  let clock = ManualClock()
  let model = BenchModel(rows: n)
  let table = makeBenchTable(dataSource: model, delegate: model, clock: clock)
  settleOnQuietOffset(table, near: max(0, (table.contentSize.height - BenchWorkload.viewportHeight) / 2))
  var results: [Measurement] = []
  var flip = false
  results.add(
    harness.measure(name, n: n, baseline: "scroll step") {
      flip.toggle()
      table.contentOffset.y += flip ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta
      return table.contentOffset.y
    })
  let frames = AnimatedFrames(table: table, clock: clock, rows: n)
  // An animation lasts 0.3 s: 36 frames at 120 Hz; each batch of frames starts a new update.
  results.add(harness.measure(name, n: n, maxBatch: 30, reset: frames.startUpdate) { frames.frame() })
  return results
}

/// The same frames as `animated_update_frame`, drawn as the backends draw them: the table ticks and hands out
/// its draw list (every view with its frame, opacity and layer, back to front), whose frames are read. The
/// baseline is `animated_update_frame`'s way, measured in the same run: the views' presentations read one by
/// one from a list the caller kept.
func measureDrawListFrame(n: Int, harness: Harness) -> [Measurement] {
  let name = "draw_list_frame"
  guard harness.includes(name), n >= 40 else { return [] }
  let clock = ManualClock()
  let model = BenchModel(rows: n)
  let table = makeBenchTable(dataSource: model, delegate: model, clock: clock)
  settleOnQuietOffset(table, near: max(0, (table.contentSize.height - BenchWorkload.viewportHeight) / 2))
  let frames = AnimatedFrames(table: table, clock: clock, rows: n)
  var results: [Measurement] = []
  results.add(
    harness.measure(name, n: n, baseline: "presentation(of:) per view", maxBatch: 30, reset: frames.startUpdate) {
      frames.frame()
    })
  results.add(
    harness.measure(name, n: n, maxBatch: 30, reset: frames.startUpdate) {
      clock.advance(by: 1.0 / 120)
      table.tick()
      var sum = 0.0
      for item in table.drawList.items { sum += item.frame.minY * item.alpha }
      return sum
    })
  return results
}

/// The frames of `animated_update_frame`: a table animating a delete+insert of 20 visible rows,
/// and one frame of it as a backend draws it.
final class AnimatedFrames {
  let table: TableView
  let clock: ManualClock
  let rows: Int
  /// The views attached when the update started: the visible rows and the leaving ones.
  var views: [any ReusableView] = []

  init(table: TableView, clock: ManualClock, rows: Int) {
    (self.table, self.clock, self.rows) = (table, clock, rows)
  }

  /// Starts a new animated batch: 20 visible rows deleted and 20 inserted in their place.
  func startUpdate() {
    clock.advance(by: 1)
    table.tick()
    let first = table.indexPathsForVisibleRows.first?.row ?? 0
    let paths = (first..<min(rows, first + 20)).map { IndexPath(row: $0, section: 0) }
    try? table.performBatchUpdates { update in
      update.deleteRows(at: paths, with: .fade)
      update.insertRows(at: paths, with: .left)
    }
    views = table.visibleCells + table.leavingViews
  }

  /// One 120 Hz frame: the clock advances, the table ticks, every attached view's presentation is
  /// read.
  func frame() -> Double {
    clock.advance(by: 1.0 / 120)
    table.tick()
    var sum = 0.0
    for view in views { sum += table.presentation(of: view).frame.minY }
    return sum
  }
}

/// For profiling the frames of `animated_update_frame` alone (e.g. under `perf record`): `frames`
/// frames at `n` rows, a new update every 30.
func animationProbe(n: Int, frames count: Int) {
  let clock = ManualClock()
  let model = BenchModel(rows: n)
  let table = makeBenchTable(dataSource: model, delegate: model, clock: clock)
  settleOnQuietOffset(table, near: max(0, (table.contentSize.height - BenchWorkload.viewportHeight) / 2))
  let frames = AnimatedFrames(table: table, clock: clock, rows: n)
  var sum = 0.0
  for i in 0..<count {
    if i % 30 == 0 { frames.startUpdate() }
    sum += frames.frame()
  }
  blackHole(sum)
}

// MARK: - Chat

/// A conversation for the chat benchmark: message ids, their true heights (measured when shown,
/// an estimate until then), history loaded in pages above.
final class ChatBenchModel: TableViewDataSource, TableViewDelegate {
  var ids: [Int]
  var history: Int
  var nextID: Int
  var pageDueFrame: Int?
  var frame = 0

  init(loaded: Int, history: Int) {
    self.history = history
    ids = Array(history..<(history + loaded))
    nextID = history + loaded
  }
  static func height(_ id: Int) -> Double { Double(20 + (id &* 2_654_435_761 & 0xFFFF) % 180) }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { ids.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath, as: TestCell.self)
    cell.item = ids[indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    Self.height(ids[indexPath.row])
  }
  /// Near the top: a page is asked for, and arrives 18 frames (300 ms) later.
  func tableViewDidApproachTop(_ tableView: TableView) {
    if pageDueFrame == nil, history > 0 { pageDueFrame = frame + 18 }
  }
}

/// Sixty simulated seconds of a chat at 60 frames a second: the user scrolls up through the history
/// (pausing now and then), pages of 50 older messages arrive 300 ms after the top comes near, five
/// messages a second arrive at the bottom. Counts the frames where a row visible before and after
/// the frame moved on screen by anything but the user's scroll (`chat_rows_moved`, must be 0) and
/// times a frame (`chat_frame`).
func measureChat(harness: Harness) -> [Measurement] {
  guard harness.includesAny(["chat_rows_moved", "chat_frame"]) else { return [] }
  let n = 1_000_000
  let clock = ManualClock()
  let model = ChatBenchModel(loaded: 200, history: n - 200)
  let table = TableView(style: .plain, clock: clock)
  table.register({ TestCell() }, forCellReuseIdentifier: "row")
  table.estimatedRowHeight = 60
  table.contentAnchor = .bottom
  table.edgeApproachDistance = 2_000
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: BenchWorkload.viewportWidth, height: BenchWorkload.viewportHeight)
  table.reloadData()
  var random = BenchRandom(seed: 0xC4A7)
  var moved = 0
  var elapsed = Duration.zero
  let timer = ContinuousClock()
  let frames = 60 * 60
  var before: [Int: Double] = [:]
  for frame in 0..<frames {
    model.frame = frame
    before.removeAll(keepingCapacity: true)
    for cell in table.visibleCells {
      guard let cell = cell as? TestCell else { continue }
      before[cell.item] = table.presentation(of: cell).frame.minY - table.contentOffset.y
    }
    // The user: scrolls up at a varying speed, rests one second in four.
    let resting = (frame / 60) % 4 == 3
    let scroll = resting ? 0 : -Double(1 + random.below(24))
    let start = timer.now
    // The user's scroll: how far the offset moved less the corrections (rows measured above the
    // screen as they come on screen move the offset with the content, not the content).
    let y0 = table.contentOffset.y
    let c0 = table.contentOffsetCorrection
    table.scroll(by: scroll)
    let userScroll = (table.contentOffset.y - y0) - (table.contentOffsetCorrection - c0)
    if frame % 12 == 0 {
      // Five arrivals a second, below the screen.
      model.ids.append(model.nextID)
      model.nextID += 1
      try? table.insertRows(at: [IndexPath(row: model.ids.count - 1, section: 0)], with: .fade)
    }
    if let due = model.pageDueFrame, frame >= due {
      model.pageDueFrame = nil
      let count = min(50, model.history)
      model.history -= count
      model.ids.insert(contentsOf: model.history..<(model.history + count), at: 0)
      try? table.insertRows(at: (0..<count).map { IndexPath(row: $0, section: 0) })
    }
    clock.advance(by: 1.0 / 60)
    table.tick()
    elapsed += timer.now - start
    // Every row that was on screen is where the user's scroll alone puts it (ids are contiguous, so
    // a row's index is its id less the first one's; a row that left the screen is found there too).
    var frameMoved = false
    for (id, old) in before {
      let path = IndexPath(row: id - model.ids[0], section: 0)
      guard let rect = try? table.rectForRow(at: path) else { continue }
      let shown = table.cellForRow(at: path).map { table.presentation(of: $0).frame } ?? rect
      if abs(shown.minY - table.contentOffset.y - (old - userScroll)) > 1e-6 { frameMoved = true }
    }
    if frameMoved { moved += 1 }
  }
  var results: [Measurement] = []
  results.add(harness.count("chat_rows_moved", n: frames) { moved })
  if harness.includes("chat_frame") {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    results.append(Measurement(name: "chat_frame", n: frames, nsPerOp: seconds / Double(frames) * 1e9))
  }
  return results
}
