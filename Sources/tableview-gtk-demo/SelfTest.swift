import CGtk
// SPI: the self-test makes the engine's scroll events (`ScrollWheelEvent`).
@_spi(Backend) import TableViewCore
// SPI(Testing): the self-test plays touchpad gestures (`scrollWheel(_:)`) on a scripted clock
// (`GTKClock.scriptedTime`).
@_spi(Testing) import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

/// `--self-test scroll-steps`: 10,000 scroll steps through the feed, fifty per frame (real GTK
/// frames: layout, allocation, drawing), down with the odd long jump and back up; then prints the
/// widgets alive before and after as JSON and exits 0, or 1 if widgets leaked.
enum SelfTest {
  static func start(_ name: String, window: DemoWindow) {
    if name == "touchpad", let tableView = window.current?.tableView {
      TouchpadGesture(window: window, tableView: tableView).begin()
      return
    }
    if name == "section-index" {
      SectionIndexCheck.run(window: window)
      return
    }
    if name == "label-heights" {
      LabelHeightCheck.run(window: window)
      return
    }
    if name == "nested-allocation", let tableView = window.current?.tableView {
      NestedAllocationCheck(window: window, tableView: tableView).begin()
      return
    }
    if name == "touchpad-swipe", let tableView = window.current?.tableView {
      TouchpadSwipe(window: window, tableView: tableView).begin()
      return
    }
    guard name == "scroll-steps", let tableView = window.current?.tableView else {
      print("{\"error\":\"unknown self-test \(name) or the page is not a table\"}")
      window.quit(status: 2)
      return
    }
    let run = ScrollSteps(window: window, tableView: tableView)
    run.begin()
  }

  final class ScrollSteps {
    unowned let window: DemoWindow
    let tableView: GTKTableView
    var step = 0
    let steps = 10_000
    var liveBefore = 0
    var closuresBefore = 0
    var framesWaited = 0
    var tickID: UInt32 = 0

    init(window: DemoWindow, tableView: GTKTableView) {
      self.window = window
      self.tableView = tableView
    }

    func begin() {
      let box = Unmanaged.passRetained(self).toOpaque()
      tickID = gtk_widget_add_tick_callback(
        tableView.viewport,
        { _, _, data in
          let run = Unmanaged<ScrollSteps>.fromOpaque(data!).takeUnretainedValue()
          return run.frame() ? 1 : 0
        }, box, { data in Unmanaged<ScrollSteps>.fromOpaque(data!).release() })
    }

    /// One frame: fifty steps. Returns whether to continue.
    func frame() -> Bool {
      framesWaited += 1
      // Let the window settle for a few frames first.
      if framesWaited < 10 { return true }
      if framesWaited == 10 {
        liveBefore = LiveWidgets.count
        closuresBefore = Signals.liveClosures
        return true
      }
      let table = tableView.table
      for _ in 0..<50 where step < steps {
        let down = step < steps / 2
        var delta = Double(17 + (step * 7919) % 120)
        if step % 1000 == 999 { delta = 750_000 }  // a long jump: every cell on screen changes
        table.scroll(by: down ? delta : -delta)
        step += 1
      }
      tableView.setNeedsLayout()
      if step < steps { return true }
      if framesWaited < 10_000 && step == steps {
        step += 1
        return true  // one more frame so that the last layout is drawn
      }
      finish()
      return false
    }

    func finish() {
      let table = tableView.table
      let after = LiveWidgets.count
      let visible = table.indexPathsForVisibleRows.count + table.visibleHeaderViews.count
      let diagnostics = table.diagnostics
      let bound = diagnostics.aliveViewCount + 8
      let closures = Signals.liveClosures
      let ok = after <= max(liveBefore, bound) && closures <= closuresBefore
      print(
        "{\"steps\":\(steps),\"liveBefore\":\(liveBefore),\"liveAfter\":\(after),\"visibleViews\":\(visible),"
          + "\"aliveViewCount\":\(diagnostics.aliveViewCount),\"cellsCreated\":\(diagnostics.cellsCreated),"
          + "\"widgetsCreated\":\(LiveWidgets.createdCount),\"closuresBefore\":\(closuresBefore),"
          + "\"closuresAfter\":\(closures),\"ok\":\(ok)}")
      window.quit(status: ok ? 0 : 1)
    }
  }
}

/// `--self-test touchpad`: touchpad gestures as GTK's scroll controller delivers them, one move per
/// real frame: fingers moving 600 px down the content then lifting while moving (a fling), and, at
/// the top, fingers pulling 300 px past the edge (the content stretches less than that) then
/// lifting (it springs back to 0). Prints JSON and exits 0 when every expectation held.
final class TouchpadGesture {
  unowned let window: DemoWindow
  let tableView: GTKTableView
  var frame = 0
  var phase = 0
  var results: [String: Double] = [:]
  var failures: [String] = []

  init(window: DemoWindow, tableView: GTKTableView) {
    self.window = window
    self.tableView = tableView
  }

  func begin() {
    gtk_widget_add_tick_callback(
      tableView.viewport,
      { _, _, data in
        let run = Unmanaged<TouchpadGesture>.fromOpaque(data!).takeUnretainedValue()
        return run.step() ? 1 : 0
      }, Unmanaged.passRetained(self).toOpaque(), { data in Unmanaged<TouchpadGesture>.fromOpaque(data!).release() })
  }

  /// When the current phase began, on the table's clock: each move of the fingers is timed
  /// `frame / 60` s after it, as a touchpad delivers them, whenever the frame is drawn.
  var phaseStart = 0.0

  /// The fingers moved `dy` pixels (GTK's scroll controller's delta: positive down the content).
  func touchpad(dy: Double) {
    tableView.scrollWheel(
      ScrollWheelEvent(
        .changed, delta: Point(x: 0, y: dy), hasPreciseScrollingDeltas: true, time: tableView.clock.now))
  }

  /// The fingers lifted (GTK's "scroll-end").
  func lift() {
    tableView.scrollWheel(ScrollWheelEvent(.ended, hasPreciseScrollingDeltas: true, time: tableView.clock.now))
  }

  /// One frame of the script; returns whether to go on.
  func step() -> Bool {
    frame += 1
    let table = tableView.table
    let clock = tableView.clock
    if frame == 1 { phaseStart = clock.now }
    clock.scriptedTime = phaseStart + Double(frame) / 60
    defer { clock.scriptedTime = nil }
    switch phase {
    case 0:  // settle
      if frame >= 10 {
        phase = 1
        frame = 0
      }
    case 1:  // 30 moves of 20 px down the content, then lift while moving
      touchpad(dy: 20)
      if frame == 30 {
        results["followed"] = table.contentOffset.y
        if table.contentOffset.y != 600 { failures.append("the content followed 600 px: \(table.contentOffset.y)") }
        lift()
        if !table.isAnimating { failures.append("a lift-off while moving flings") }
        phase = 2
      }
    case 2:  // the fling runs out
      if !table.isAnimating {
        results["flung"] = table.contentOffset.y
        if table.contentOffset.y <= 600 { failures.append("the fling carried on: \(table.contentOffset.y)") }
        table.contentOffset = Point(x: 0, y: 0)
        tableView.setNeedsLayout()
        phase = 3
        frame = 0
      }
    case 3:  // at the top: pull 300 px past the edge, hold still, lift
      if frame <= 30 { touchpad(dy: -10) }
      if frame == 40 {
        let stretched = table.contentOffset.y
        results["stretched"] = stretched
        if !(stretched < 0 && stretched > -300) { failures.append("stretched with resistance: \(stretched)") }
        lift()
        phase = 4
      }
    case 4:  // the bounce back (a pull past the feed's refresh control refreshes first: it springs back after)
      if !table.isAnimating && table.refreshControl?.isRefreshing != true {
        results["settled"] = table.contentOffset.y
        if table.contentOffset.y != 0 { failures.append("sprang back to 0: \(table.contentOffset.y)") }
        let fields = results.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }
        let failed = failures.map { "\"\($0)\"" }.joined(separator: ",")
        print("{" + fields.joined(separator: ",") + ",\"failures\":[\(failed)],\"ok\":\(failures.isEmpty)}")
        window.quit(status: failures.isEmpty ? 0 : 1)
        return false
      }
    default:
      return false
    }
    return true
  }
}
