import CGtk
import DemoData
// SPI: the benchmark counts the frames of animated updates apart (`isAnimatingUpdates`).
@_spi(Backend) import TableViewCore
// SPI(Testing): the benchmark reads what GTK drew (`drawnScrollPosition`, `scrollbarValue`, `shownViews`) and
// waits for the idle precompute (`isIdleWorkPending`).
@_spi(Testing) import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

/// `--bench`: a fling through the feed's 1,000,000 variable-height rows, measured frame by frame
/// from the frame clock's "after-paint" (every phase of the frame included: our layout, GTK's
/// allocation, the cairo drawing), then a jump to the middle. Prints the figures and exits.
///
/// - CPU per frame: the process's CPU time between two painted frames (p50, p99).
/// - Jumps: frames in which a row visible in both frames moved by anything other than the
///   content's visible scroll (read from the widgets' real positions), or rows moved by different
///   amounts. Must be 0.
/// - Scrollbar against the scroll: frames in which the thumb moved opposite to the content's
///   scroll, or moved while the content did not. Must be 0.
/// - Jump to the middle: from `jump(toFraction: 0.5)` to the end of the first frame painted after
///   it, with every visible row laid out in it.
/// - Animated batches (the feed): as many frames again of the same flicks while an animated batch
///   (five visible posts deleted with `.fade`, five new ones inserted with `.top`) starts every 30
///   frames (half a second): CPU per frame (p50, p99) over those frames, and over the frames in which
///   the batch animates. The batch's own work (the app's update, the engine's, the self-sizing of
///   the five new posts) counts in the frame that draws it, as it would in an app.
///
/// `--bench --open FILE --table NAME` flings the browser's grid of that table the same way (no batches), once its
/// first screen is read and its rows counted; `--columnview FILE --table NAME` flings GtkColumnView over the same
/// rows (`ColumnViewBenchmark`), as `--listview` flings GtkListView over the feed's posts.
///
/// The flicks start once the warm-up has painted 30 frames and the idle precompute has measured the
/// rows within its reach (as for a user who opened the feed and read for a moment; at most 20 s):
/// the fling and the batches then both go through measured rows, and a figure does not depend on
/// how far the precompute got on a busy machine before the fling began (rows measured while they
/// scroll on screen cost about a millisecond each, and the batches, further down, met more of them).
enum FrameBenchmark {
  static func start(window: DemoWindow) {
    if window.options.benchListView || window.options.benchColumnView {
      let subject: ListViewRun.Subject
      if window.options.benchColumnView {
        guard let made = ColumnViewBenchmark.subject(window: window) else {
          window.quit(status: 1)
          return
        }
        subject = made
      } else {
        subject = ListViewRun.feed(window: window)
      }
      let run = ListViewRun(window: window, subject: subject)
      window.replaceContent(with: run.scrolled)
      run.begin()
      return
    }
    if let page = window.current as? ChatPage {
      ChatRun(window: window, page: page, frames: window.options.benchFrames).begin()
      return
    }
    guard let tableView = window.current?.tableView else {
      print("the benchmark needs a table page (--demo feed)")
      window.quit(status: 2)
      return
    }
    let run = FlingRun(window: window, tableView: tableView, frames: window.options.benchFrames)
    run.begin()
  }
}

final class FlingRun {
  unowned let window: DemoWindow
  let tableView: GTKTableView
  let frames: Int
  var paints = 0
  var flingFrame = 0
  var tally = FrameTally()
  var previous: [IndexPath: Double] = [:]
  /// The table view's `drawnScrollPosition` at the last frame compared.
  var lastScrolled = 0.0
  var lastScrollbar = 0.0
  var rowGapFrames = 0
  var jumpStart: Double?
  var jumpMilliseconds = 0.0
  var landedFraction = 0.0
  var landedRow: IndexPath?
  var landedCoverage = 0.0
  var phase = Phase.warmUp
  /// The animated-batch phase: every frame's CPU, and those in which a batch animated.
  var batchTally = FrameTally()
  var animatingCPU: [Double] = []
  /// The CPU of the frames that started a batch (the update and its five self-sized posts included).
  var batchStartCPU: [Double] = []
  /// The frame being drawn started a batch.
  var batchStarted = false
  var batchFrame = 0
  var batches = 0
  /// A batch is due: it starts once the frame just painted is recorded, so that its cost counts in
  /// the next one.
  var batchDue = false
  /// Frames painted before the first flick (see the warm-up above).
  var warmUpFrames = 0
  /// The speed of each flick, in pixels per second (`--velocity`).
  var flingVelocity: Double { window.options.benchVelocity }

  enum Phase {
    case warmUp, fling, batches, jump, done
  }

  init(window: DemoWindow, tableView: GTKTableView, frames: Int) {
    self.window = window
    self.tableView = tableView
    self.frames = frames
  }

  func begin() {
    // Wait for the window to be realised, then follow its frame clock.
    gtk_widget_add_tick_callback(
      window.window,
      { _, frameClock, data in
        let run = Unmanaged<FlingRun>.fromOpaque(data!).takeUnretainedValue()
        guard let frameClock else { return 1 }
        run.attach(to: frameClock)
        return 0
      }, Unmanaged.passRetained(self).toOpaque(), nil)
  }

  func attach(to frameClock: OpaquePointer) {
    Signals.connect(gpointerOf(frameClock), "after-paint") { [unowned self] in self.afterPaint() }
    // Keep frames coming for the whole run.
    gtk_widget_add_tick_callback(
      tableView.viewport,
      { _, _, data in
        let run = Unmanaged<FlingRun>.fromOpaque(data!).takeUnretainedValue()
        return run.phase == .done ? 0 : 1
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  func afterPaint() {
    paints += 1
    let now = FrameTally.cpuSeconds()
    let wall = FrameTally.monotonicSeconds()
    let table = tableView.table
    switch phase {
    case .warmUp:
      // The browser (`--open`): once its first screen is read and its rows counted, as for a user who opened the
      // table and read for a moment.
      let reading = (window.current as? BrowserPage)?.source.map { $0.isOpening || $0.hasWorkInProgress } ?? false
      if paints >= 30 && ((!tableView.isIdleWorkPending && !reading) || paints >= 1_200) {
        warmUpFrames = paints
        phase = .fling
        snapshot()
        // A flick, repeated every second, as a user flinging through a long list.
        table.decelerate(velocity: flingVelocity)
        tableView.setNeedsLayout()
      }
    case .fling:
      tally.recordFrame(cpuNow: now, wall: wall)
      measureFrame()
      flingFrame += 1
      if flingFrame % 60 == 0 {
        table.decelerate(velocity: flingVelocity)
        tableView.setNeedsLayout()
      }
      if flingFrame >= frames {
        if window.current is FeedPage {
          phase = .batches
        } else {
          startJump()
        }
      }
    case .batches:
      // The frame just painted: its CPU, and whether a batch animated in it.
      batchTally.recordFrame(cpuNow: now, wall: wall)
      if let last = batchTally.cpu.last, table.isAnimatingUpdates { animatingCPU.append(last) }
      if let last = batchTally.cpu.last, batchStarted { batchStartCPU.append(last) }
      batchStarted = false
      batchFrame += 1
      if batchFrame % 60 == 0 {
        table.decelerate(velocity: flingVelocity)
        tableView.setNeedsLayout()
      }
      if batchFrame % 30 == 1 { batchDue = true }
      if batchFrame >= frames { startJump() }
    case .jump:
      guard let start = jumpStart else { return }
      jumpMilliseconds = (wall - start) * 1000
      let span = table.maximumContentOffsetY - table.minimumContentOffsetY
      landedFraction = span > 0 ? (table.contentOffset.y - table.minimumContentOffsetY) / span : 0
      landedRow = table.indexPathsForVisibleRows.first
      landedCoverage = coverage()
      phase = .done
      report()
    case .done:
      break
    }
    tally.resetClocks(wall: wall)
    batchTally.resetClocks(wall: wall)
    if batchDue, phase == .batches, let page = window.current as? FeedPage {
      page.benchmarkBatch(count: 5)
      batches += 1
      batchStarted = true
    }
    batchDue = false
  }

  func startJump() {
    tableView.table.stopScrolling()
    phase = .jump
    jumpStart = FrameTally.monotonicSeconds()
    tableView.jump(toFraction: 0.5)
  }

  /// Records where every visible row is drawn (its widget's real position in the viewport), and
  /// counts a frame in which two neighbouring rows of a section do not abut exactly.
  func positions() -> [IndexPath: Double] {
    var result: [IndexPath: Double] = [:]
    let table = tableView.table
    var previousRow: (path: IndexPath, bottom: Double)?
    var gap = false
    for path in table.indexPathsForVisibleRows {
      guard let cell = table.cellForRow(at: path) as? GTKView else { continue }
      var bounds = graphene_rect_t()
      if gtk_widget_compute_bounds(cell.widget, tableView.viewport, &bounds) != 0 {
        let top = Double(bounds.origin.y)
        result[path] = top
        if let above = previousRow, above.path.section == path.section, above.path.row + 1 == path.row,
          above.bottom != top
        {
          gap = true
        }
        previousRow = (path, top + Double(bounds.size.height))
      }
    }
    if gap && phase == .fling { rowGapFrames += 1 }
    return result
  }

  func snapshot() {
    previous = positions()
    lastScrolled = tableView.drawnScrollPosition
    lastScrollbar = tableView.scrollbarValue
  }

  func measureFrame() {
    // A change since the frame's layout (a page arrived, a row was measured) is drawn next frame:
    // compared then, against this frame's predecessor (the cells' rows and places are the engine's
    // now, the widgets' allocations still the drawn ones).
    if tableView.isLayoutPending { return }
    let now = positions()
    // What is drawn scrolled by (the engine may have moved on since the frame's layout).
    let visual = tableView.drawnScrollPosition - lastScrolled
    tally.check(before: previous, after: now, scroll: visual, thumbMove: tableView.scrollbarValue - lastScrollbar)
    previous = now
    lastScrolled = tableView.drawnScrollPosition
    lastScrollbar = tableView.scrollbarValue
  }

  /// The share of the viewport's height that the shown views (rows and headers) cover, as drawn.
  func coverage() -> Double {
    FrameTally.coverage(
      of: tableView.shownViews.map(\.widget), in: tableView.viewport, height: tableView.table.viewportSize.height)
  }

  func report() {
    let table = tableView.table
    let rows = table.totalRowCount
    let diagnostics = table.diagnostics
    let lines =
      [
        "GTK fling benchmark: \(tally.cpu.count) frames through \(rows.grouped) rows (page \(window.currentName)), "
          + "window \(window.options.width)x\(window.options.height)"
      ] + tally.lines(velocity: flingVelocity) + [
        "row_gap_frames          \(rowGapFrames) (frames where neighbouring rows did not abut exactly)",
        "row_views_alive         \(LiveWidgets.count) (cells created \(diagnostics.cellsCreated), on screen \(diagnostics.aliveViewCount))",
        "gtk_widgets_in_viewport \(FrameTally.widgets(in: tableView.viewport))",
        "rss_mb                  \(String(Double(Int(FrameTally.residentMegabytes() * 10)) / 10))",
        "warm_up_frames          \(warmUpFrames) (until the idle precompute had measured the rows within its reach; "
          + "\(table.precomputeProgress.measuredRows.grouped) rows measured at the end)",
        "jump_to_middle_ms       \(String(Double(Int(jumpMilliseconds * 100)) / 100)) "
          + "(landed at \(String(Double(Int(landedFraction * 10000)) / 10000)) of the height, first row "
          + (landedRow.map { "§\($0.section + 1) #\($0.row + 1)" } ?? "none")
          + ", rows cover \(Double(Int(landedCoverage * 1000)) / 10)% of the view)",
      ]
    for line in lines { print(line) }
    if batches > 0 {
      let ms = { (x: Double) -> String in String(Double(Int(x * 1000 * 100)) / 100) }
      let all = batchTally.cpu
      print(
        "animated_batch_cpu_ms   p50 \(ms(FrameTally.percentile(all, 0.5)))  p99 \(ms(FrameTally.percentile(all, 0.99)))  "
          + "(\(all.count) frames of flicks with \(batches) animated batches of 5 deletes + 5 inserts, one every "
          + "30 frames; fling alone p99 \(ms(FrameTally.percentile(tally.cpu, 0.99))))")
      print(
        "animating_frames_cpu_ms p50 \(ms(FrameTally.percentile(animatingCPU, 0.5)))  "
          + "p99 \(ms(FrameTally.percentile(animatingCPU, 0.99)))  (\(animatingCPU.count) frames with a batch animating)"
      )
      print(
        "batch_start_frames_cpu_ms p50 \(ms(FrameTally.percentile(batchStartCPU, 0.5)))  "
          + "max \(ms(batchStartCPU.max() ?? 0))  (\(batchStartCPU.count) frames that started a batch, its update and "
          + "the self-sizing of its five new posts included)"
      )
      if window.options.json {
        let n = table.totalRowCount
        let json = { (name: String, x: Double) in
          print("{\"name\":\"\(name)\",\"n\":\(n),\"ns_per_op\":\(Double(Int(x * 1e9 / 100)) * 100)}")
        }
        json("gtk_fling_cpu_per_frame_p50", FrameTally.percentile(tally.cpu, 0.5))
        json("gtk_fling_cpu_per_frame_p99", FrameTally.percentile(tally.cpu, 0.99))
        json("gtk_animated_batch_cpu_per_frame_p50", FrameTally.percentile(all, 0.5))
        json("gtk_animated_batch_cpu_per_frame_p99", FrameTally.percentile(all, 0.99))
        json("gtk_animating_frame_cpu_p50", FrameTally.percentile(animatingCPU, 0.5))
        json("gtk_animating_frame_cpu_p99", FrameTally.percentile(animatingCPU, 0.99))
        json("gtk_batch_start_frame_cpu_p50", FrameTally.percentile(batchStartCPU, 0.5))
      }
    }
    if window.currentName == "feed" {
      // The scroll range against the feed's real length (sampled with the same cell).
      let cell = FeedPage.makeCell()
      let width = table.viewportSize.width
      let check = ScrollRangeCheck(rows: rows) { post in
        FeedPage.show(post, in: cell)
        return cell.sizeThatFits(width: width)
      }
      let headers = Double(table.numberOfSections) * table.sectionHeaderHeight
      print("scroll_range_error      " + check.describe(scrollRange: table.contentSize.height, extra: headers))
    }
    window.quit(status: tally.rowJumpFrames == 0 && rowGapFrames == 0 && tally.scrollbarAgainstFrames == 0 ? 0 : 1)
  }
}
