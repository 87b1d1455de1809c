import CGtk
import DemoData
import TableViewCore
import TableViewGTK

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
enum FrameBenchmark {
  static func start(window: DemoWindow) {
    if window.options.benchListView {
      let run = ListViewRun(window: window)
      window.replaceContent(with: run.scrolled)
      run.begin()
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
  var lastCPU = 0.0
  var cpu: [Double] = []
  var intervals: [Double] = []
  var lastPaintTime = 0.0
  var previous: [IndexPath: Double] = [:]
  var lastOffset = 0.0
  var lastCorrection = 0.0
  var lastScrollbar = 0.0
  var rowJumpFrames = 0
  var rowGapFrames = 0
  var scrollbarAgainstFrames = 0
  var rowsChecked = 0
  var jumpStart: Double?
  var jumpMilliseconds = 0.0
  var landedFraction = 0.0
  var landedRow: IndexPath?
  var landedCoverage = 0.0
  var distance = 0.0
  var phase = Phase.warmUp
  /// The speed of each flick, in pixels per second (`--velocity`).
  var flingVelocity: Double { window.options.benchVelocity }

  enum Phase {
    case warmUp, fling, jump, done
  }

  init(window: DemoWindow, tableView: GTKTableView, frames: Int) {
    self.window = window
    self.tableView = tableView
    self.frames = frames
  }

  static func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func monotonicSeconds() -> Double { Double(g_get_monotonic_time()) / 1e6 }

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
    let now = Self.cpuSeconds()
    let wall = Self.monotonicSeconds()
    let table = tableView.table
    switch phase {
    case .warmUp:
      if paints >= 30 {
        phase = .fling
        snapshot()
        lastCPU = now
        lastPaintTime = wall
        // A flick, repeated every second, as a user flinging through a long list.
        table.decelerate(velocity: flingVelocity)
        tableView.setNeedsLayout()
      }
    case .fling:
      cpu.append(now - lastCPU)
      intervals.append(wall - lastPaintTime)
      measureFrame()
      flingFrame += 1
      if flingFrame % 60 == 0 {
        table.decelerate(velocity: flingVelocity)
        tableView.setNeedsLayout()
      }
      if flingFrame >= frames {
        table.stopScrolling()
        phase = .jump
        jumpStart = Self.monotonicSeconds()
        tableView.jump(toFraction: 0.5)
      }
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
    lastCPU = Self.cpuSeconds()
    lastPaintTime = wall
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
    lastOffset = tableView.table.contentOffset.y
    lastCorrection = tableView.table.contentOffsetCorrection
    lastScrollbar = tableView.scrollbarValue
  }

  func measureFrame() {
    let table = tableView.table
    let now = positions()
    let visual = (table.contentOffset.y - lastOffset) - (table.contentOffsetCorrection - lastCorrection)
    distance += abs(visual)
    var deltas: [Double] = []
    for (path, y) in now {
      guard let before = previous[path] else { continue }
      deltas.append(y - before)
    }
    rowsChecked += deltas.count
    if let first = deltas.first {
      let consistent = deltas.allSatisfy { $0 == first }
      // Drawn positions are whole pixels: the exact scroll may round either way by under a pixel.
      if !consistent || abs(first + visual) >= 1.0 { rowJumpFrames += 1 }
    }
    let thumb = tableView.scrollbarValue - lastScrollbar
    if (visual > 0 && thumb < 0) || (visual < 0 && thumb > 0) || (visual == 0 && thumb != 0) {
      scrollbarAgainstFrames += 1
    }
    previous = now
    lastOffset = table.contentOffset.y
    lastCorrection = table.contentOffsetCorrection
    lastScrollbar = tableView.scrollbarValue
  }

  /// The share of the viewport's height that the shown views (rows and headers) cover, as drawn.
  func coverage() -> Double {
    let height = tableView.table.viewportSize.height
    guard height > 0 else { return 0 }
    var spans: [(Double, Double)] = []
    for view in tableView.shownViews {
      var bounds = graphene_rect_t()
      guard gtk_widget_compute_bounds(view.widget, tableView.viewport, &bounds) != 0 else { continue }
      spans.append((max(0, Double(bounds.origin.y)), min(height, Double(bounds.origin.y + bounds.size.height))))
    }
    spans.sort { $0.0 < $1.0 }
    var covered = 0.0
    var reach = 0.0
    for (top, bottom) in spans where bottom > reach {
      covered += bottom - max(top, reach)
      reach = bottom
    }
    return min(1, covered / height)
  }

  static func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
  }

  static func residentMegabytes() -> Double {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = fread(&buffer, 1, buffer.count, file)
    let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return Double(pages * Int(sysconf(Int32(_SC_PAGESIZE)))) / 1_048_576
  }

  /// The GTK widgets inside `widget` (its descendants), shown or not.
  static func widgets(in widget: UnsafeMutablePointer<GtkWidget>) -> Int {
    var total = 0
    var child = gtk_widget_get_first_child(widget)
    while let c = child {
      total += 1 + widgets(in: c)
      child = gtk_widget_get_next_sibling(c)
    }
    return total
  }

  func report() {
    let table = tableView.table
    let ms = { (x: Double) -> String in String(Double(Int(x * 1000 * 100)) / 100) }
    let rows = table.totalRowCount
    let lines = [
      "GTK fling benchmark: \(cpu.count) frames through \(rows.grouped) rows (page \(window.currentName)), "
        + "window \(window.options.width)x\(window.options.height)",
      "cpu_per_frame_ms        p50 \(ms(Self.percentile(cpu, 0.5)))  p99 \(ms(Self.percentile(cpu, 0.99)))  "
        + "max \(ms(cpu.max() ?? 0))",
      "frame_interval_ms       p50 \(ms(Self.percentile(intervals, 0.5)))  p99 \(ms(Self.percentile(intervals, 0.99)))",
      "scrolled_px             \(Int(distance).grouped) (flicks of \(Int(flingVelocity)) px/s every 60 frames; "
        + "\(Int(distance / Double(max(1, cpu.count)))) px per frame on average; rows checked \(rowsChecked.grouped))",
      "row_jump_frames         \(rowJumpFrames)",
      "row_gap_frames          \(rowGapFrames) (frames where neighbouring rows did not abut exactly)",
      "scrollbar_against       \(scrollbarAgainstFrames)",
      "row_views_alive         \(LiveWidgets.count) (cells created \(table.cellsCreated), on screen \(table.aliveViewCount))",
      "gtk_widgets_in_viewport \(Self.widgets(in: tableView.viewport))",
      "rss_mb                  \(String(Double(Int(Self.residentMegabytes() * 10)) / 10))",
      "jump_to_middle_ms       \(String(Double(Int(jumpMilliseconds * 100)) / 100)) "
        + "(landed at \(String(Double(Int(landedFraction * 10000)) / 10000)) of the height, first row "
        + (landedRow.map { "§\($0.section + 1) #\($0.row + 1)" } ?? "none")
        + ", rows cover \(Double(Int(landedCoverage * 1000)) / 10)% of the view)",
    ]
    for line in lines { print(line) }
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
    window.quit(status: rowJumpFrames == 0 && rowGapFrames == 0 && scrollbarAgainstFrames == 0 ? 0 : 1)
  }
}
