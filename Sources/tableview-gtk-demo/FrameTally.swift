import CGtk
import DemoData

#if canImport(Glibc)
  import Glibc
#endif

/// What both fling benchmarks (our table's and GtkListView's) record at every painted frame, checked
/// the same way, and the report lines they share.
struct FrameTally {
  /// The process's CPU time between two painted frames, in seconds.
  private(set) var cpu: [Double] = []
  /// The wall time between two painted frames, in seconds.
  private(set) var intervals: [Double] = []
  /// Frames in which the rows on screen in both frames did not all move by the scroll.
  private(set) var rowJumpFrames = 0
  /// Frames in which the scrollbar's thumb moved against the scroll, or moved without one.
  private(set) var scrollbarAgainstFrames = 0
  /// Row positions compared.
  private(set) var rowsChecked = 0
  /// Pixels scrolled.
  private(set) var distance = 0.0
  private var lastCPU = 0.0
  private var lastWall = 0.0

  /// Starts the clocks of the next frame (after the benchmark's own work, so it is not counted).
  mutating func resetClocks(wall: Double) {
    lastCPU = Self.cpuSeconds()
    lastWall = wall
  }

  /// A painted frame: its CPU and wall time since the clocks were last reset.
  mutating func recordFrame(cpuNow: Double, wall: Double) {
    cpu.append(cpuNow - lastCPU)
    intervals.append(wall - lastWall)
  }

  /// Checks a frame in which the content visibly scrolled by `scroll` pixels (positive towards the
  /// end) and the thumb moved by `thumbMove`: every row drawn in both frames (`before`, `after`:
  /// row → top) must have moved by the same whole number of pixels, within a pixel of `−scroll`.
  mutating func check<Row: Hashable>(
    before: [Row: Double], after: [Row: Double], scroll: Double, thumbMove: Double
  ) {
    distance += abs(scroll)
    var first: Double?
    var consistent = true
    for (row, y) in after {
      guard let old = before[row] else { continue }
      rowsChecked += 1
      if let first { consistent = consistent && y - old == first } else { first = y - old }
    }
    // Drawn positions are whole pixels: the exact scroll may round either way by under a pixel.
    if let first, !consistent || abs(first + scroll) >= 1.0 {
      rowJumpFrames += 1
      // What moved, on standard error, so that a run that fails says why (at most a few frames).
      if rowJumpFrames <= 3 {
        let moves = after.compactMap { row, y in before[row].map { "\(row): \($0) → \(y)" } }.sorted().prefix(8)
        printError("row jump in frame \(cpu.count): scroll \(scroll), rows \(moves.joined(separator: ", "))")
      }
    }
    if (scroll > 0 && thumbMove < 0) || (scroll < 0 && thumbMove > 0) || (scroll == 0 && thumbMove != 0) {
      scrollbarAgainstFrames += 1
    }
  }

  /// The CPU, frame-interval, distance, jump and scrollbar lines of a report.
  func lines(velocity: Double) -> [String] {
    let ms = { (x: Double) -> String in String(Double(Int(x * 1000 * 100)) / 100) }
    return [
      "cpu_per_frame_ms        p50 \(ms(Self.percentile(cpu, 0.5)))  p99 \(ms(Self.percentile(cpu, 0.99)))  "
        + "max \(ms(cpu.max() ?? 0))",
      "frame_interval_ms       p50 \(ms(Self.percentile(intervals, 0.5)))  "
        + "p99 \(ms(Self.percentile(intervals, 0.99)))",
      "scrolled_px             \(Int(distance).grouped) (flicks of \(Int(velocity)) px/s every 60 frames; "
        + "\(Int(distance / Double(max(1, cpu.count)))) px per frame on average; rows checked \(rowsChecked.grouped))",
      "row_jump_frames         \(rowJumpFrames)",
      "scrollbar_against       \(scrollbarAgainstFrames)",
    ]
  }

  // MARK: Measuring

  /// The process's CPU time, in seconds.
  static func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// GLib's monotonic clock, in seconds.
  static func monotonicSeconds() -> Double { Double(g_get_monotonic_time()) / 1e6 }

  /// The `p` quantile (0…1) of `values`.
  static func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
  }

  /// The process's resident memory, in MiB.
  static func residentMegabytes() -> Double { Double(ResidentMemory.bytes()) / 1_048_576 }

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

  /// The share of `container`'s first `height` pixels that `widgets` cover, as drawn (overlaps counted
  /// once).
  static func coverage(
    of widgets: [UnsafeMutablePointer<GtkWidget>], in container: UnsafeMutablePointer<GtkWidget>, height: Double
  ) -> Double {
    guard height > 0 else { return 0 }
    var spans: [(Double, Double)] = []
    for widget in widgets {
      var bounds = graphene_rect_t()
      guard gtk_widget_compute_bounds(widget, container, &bounds) != 0 else { continue }
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
}
