import CGtk
import DemoData
// SPI: the benchmark flings GtkListView along the engine's deceleration curve (`ScrollPhysics.decelerationDistance`).
@_spi(Backend) import TableViewCore
import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

/// `--bench --listview`: the same fling through the same 1,000,000 feed posts in GtkListView — what a
/// GTK developer would use — measured the same way, so the two can be compared in one run of the
/// script. The list is a `GtkStringList` of post numbers in a `GtkScrolledWindow`; rows are a title
/// and a wrapping detail label in a `GtkBox` with the same style sheet as our cells. The fling applies
/// the same deceleration curve, frame by frame, to the list's vertical adjustment.
///
/// The run flings any GTK list widget in a scrolled window (its `Subject`): `--columnview` flings a
/// GtkColumnView over a browsed table's rows the same way (`ColumnViewBenchmark`).
final class ListViewRun {
  /// The GTK list widget flung, and how the report names it.
  struct Subject {
    /// The widget's name in the report ("GtkListView").
    let name: String
    /// What its rows are ("the feed's posts").
    let rowsDescription: String
    let rows: Int
    /// The scrolled window whose vertical adjustment is flung.
    let scrolled: UnsafeMutablePointer<GtkWidget>
    /// The widget whose children are the rows' widgets: each row's first child (or that child's first child,
    /// and so on) carries the object data "row", the row's number + 1.
    let list: UnsafeMutablePointer<GtkWidget>
    /// The report's last lines (after the shared ones), asked once the run is over.
    let extraLines: () -> [String]
  }

  unowned let window: DemoWindow
  let subject: Subject
  let frames: Int
  let velocity: Double
  var scrolled: UnsafeMutablePointer<GtkWidget> { subject.scrolled }
  var listView: UnsafeMutablePointer<GtkWidget> { subject.list }
  let adjustment: UnsafeMutablePointer<GtkAdjustment>
  var paints = 0
  var flingFrame = 0
  var flingStart = 0.0
  var flingTravelled = 0.0
  var requested = 0.0
  var tally = FrameTally()
  var previous: [Int: Double] = [:]
  var lastFraction = 0.0
  var phase = FlingRun.Phase.warmUp
  var jumpStart = 0.0

  init(window: DemoWindow, subject: Subject) {
    self.window = window
    self.subject = subject
    frames = window.options.benchFrames
    velocity = window.options.benchVelocity
    adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(subject.scrolled))
  }

  /// GtkListView over the feed's posts (`--listview`).
  static func feed(window: DemoWindow) -> Subject {
    let rows = window.options.rows ?? FeedDataSet.defaultRowCount
    let strings = gtk_string_list_new(nil)!
    for number in 0..<rows { gtk_string_list_append(strings, String(number)) }
    let factory = gtk_signal_list_item_factory_new()!
    Signals.connect(gpointerOf(factory), "setup") { item in
      guard let item else { return }
      gtk_list_item_set_child(OpaquePointer(item), ListViewRun.makeRow())
    }
    Signals.connect(gpointerOf(factory), "bind") { item in
      guard let item, let box = gtk_list_item_get_child(OpaquePointer(item)),
        let object = gtk_list_item_get_item(OpaquePointer(item)),
        let text = gtk_string_object_get_string(OpaquePointer(object)), let number = Int(String(cString: text))
      else { return }
      ListViewRun.show(FeedPost(number: number), in: box)
      g_object_set_data(gobject(box), "row", UnsafeMutableRawPointer(bitPattern: number + 1))
    }
    let selection = gtk_no_selection_new(strings)
    let listView = gtk_list_view_new(selection, factory)!
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scrolled), listView)
    gtk_widget_set_vexpand(scrolled, 1)
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
    return Subject(
      name: "GtkListView", rowsDescription: "the feed's posts", rows: rows, scrolled: scrolled, list: listView
    ) {
      // The scroll range against the posts' real length, sampled with the same row widget.
      let row = Self.makeRow()
      g_object_ref_sink(gpointerOf(row))
      let width = Int32(gtk_widget_get_width(listView))
      let check = ScrollRangeCheck(rows: rows) { post in
        Self.show(post, in: row)
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(row, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, nil, nil)
        return Double(natural)
      }
      g_object_unref(gpointerOf(row))
      return ["scroll_range_error      " + check.describe(scrollRange: gtk_adjustment_get_upper(adjustment))]
    }
  }

  /// A row: a bold title and a wrapping detail in a vertical box, with our cells' style classes.
  static func makeRow() -> UnsafeMutablePointer<GtkWidget> {
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)!
    gtk_widget_add_css_class(box, "stv-cell")
    let title = gtk_label_new(nil)!
    gtk_label_set_xalign(OpaquePointer(title), 0)
    gtk_label_set_ellipsize(OpaquePointer(title), PANGO_ELLIPSIZE_END)
    gtk_widget_add_css_class(title, "stv-title")
    let detail = gtk_label_new(nil)!
    gtk_label_set_xalign(OpaquePointer(detail), 0)
    gtk_label_set_wrap(OpaquePointer(detail), 1)
    gtk_label_set_wrap_mode(OpaquePointer(detail), PANGO_WRAP_WORD)
    gtk_widget_add_css_class(detail, "stv-detail")
    gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), title)
    gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), detail)
    return box
  }

  /// Shows `post` in a row made by `makeRow()`.
  static func show(_ post: FeedPost, in row: UnsafeMutablePointer<GtkWidget>) {
    let title = gtk_widget_get_first_child(row)!
    gtk_label_set_text(OpaquePointer(title), FeedDataSet.postTitle(post))
    gtk_label_set_text(OpaquePointer(gtk_widget_get_next_sibling(title)), post.text)
  }

  func begin() {
    gtk_widget_add_tick_callback(
      window.window,
      { _, frameClock, data in
        let run = Unmanaged<ListViewRun>.fromOpaque(data!).takeUnretainedValue()
        guard let frameClock else { return 1 }
        Signals.connect(gpointerOf(frameClock), "after-paint") { [unowned run] in run.afterPaint() }
        gtk_widget_add_tick_callback(
          run.listView,
          { _, frameClock, data in
            let run = Unmanaged<ListViewRun>.fromOpaque(data!).takeUnretainedValue()
            if let frameClock { run.tick(Double(gdk_frame_clock_get_frame_time(frameClock)) / 1e6) }
            return run.phase == .done ? 0 : 1
          }, data, nil)
        return 0
      }, Unmanaged.passRetained(self).toOpaque(), nil)
  }

  /// One frame of the fling: the same curve as the table's `decelerate(velocity:)`, restarted every
  /// 60 frames, applied to the adjustment as a delta.
  func tick(_ time: Double) {
    guard phase == .fling else {
      requested = 0
      return
    }
    if flingFrame % 60 == 0 && flingTravelled >= 0 && time != flingStart {
      flingStart = time
      flingTravelled = 0
    }
    let travelled = ScrollPhysics.decelerationDistance(
      velocity: velocity, rate: ScrollPhysics.normalDecelerationRate, at: time - flingStart)
    requested = travelled - flingTravelled
    flingTravelled = travelled
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + requested)
  }

  var fraction: Double {
    let span = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    return span > 0 ? gtk_adjustment_get_value(adjustment) / span : 0
  }

  /// Row number → top, for the rows on screen.
  func positions() -> [Int: Double] {
    var result: [Int: Double] = [:]
    let height = Double(gtk_widget_get_height(scrolled))
    var child = gtk_widget_get_first_child(listView)
    while let row = child {
      if gtk_widget_get_mapped(row) != 0, let numbered = Self.numbered(in: row) {
        var bounds = graphene_rect_t()
        if gtk_widget_compute_bounds(numbered.widget, scrolled, &bounds) != 0,
          Double(bounds.origin.y + bounds.size.height) > 0,
          Double(bounds.origin.y) < height
        {
          result[Int(bitPattern: numbered.data) - 1] = Double(bounds.origin.y)
        }
      }
      child = gtk_widget_get_next_sibling(row)
    }
    return result
  }

  /// The row's descendant (along first children, a few levels down) that carries its number, and the number + 1.
  static func numbered(
    in row: UnsafeMutablePointer<GtkWidget>
  ) -> (widget: UnsafeMutablePointer<GtkWidget>, data: UnsafeMutableRawPointer)? {
    var child = gtk_widget_get_first_child(row)
    for _ in 0..<3 {
      guard let widget = child else { return nil }
      if let data = g_object_get_data(gobject(widget), "row") { return (widget, data) }
      child = gtk_widget_get_first_child(widget)
    }
    return nil
  }

  func rowWidgets() -> Int {
    var count = 0
    var child = gtk_widget_get_first_child(listView)
    while let row = child {
      count += 1
      child = gtk_widget_get_next_sibling(row)
    }
    return count
  }

  func afterPaint() {
    paints += 1
    let now = FrameTally.cpuSeconds()
    let wall = FrameTally.monotonicSeconds()
    switch phase {
    case .warmUp:
      if paints >= 30 {
        phase = .fling
        previous = positions()
        lastFraction = fraction
      }
    case .fling:
      tally.recordFrame(cpuNow: now, wall: wall)
      let rows = positions()
      tally.check(before: previous, after: rows, scroll: requested, thumbMove: fraction - lastFraction)
      previous = rows
      lastFraction = fraction
      flingFrame += 1
      if flingFrame >= frames {
        phase = .jump
        jumpStart = FrameTally.monotonicSeconds()
        let span = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, span / 2)
      }
    case .jump:
      let rows = positions()
      let first = rows.min { $0.value < $1.value }?.key
      let covered = coverage()
      phase = .done
      report(
        jumpMilliseconds: (wall - jumpStart) * 1000, firstRow: first, covered: covered)
    case .batches, .done:  // (no animated batches in GtkListView's run)
      break
    }
    tally.resetClocks(wall: wall)
  }

  /// The share of the viewport's height that the mapped rows cover, as drawn.
  func coverage() -> Double {
    var rows: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(listView)
    while let row = child {
      if gtk_widget_get_mapped(row) != 0 { rows.append(row) }
      child = gtk_widget_get_next_sibling(row)
    }
    return FrameTally.coverage(of: rows, in: scrolled, height: Double(gtk_widget_get_height(scrolled)))
  }

  func report(jumpMilliseconds: Double, firstRow: Int?, covered: Double) {
    let lines =
      [
        "\(subject.name) fling benchmark: \(tally.cpu.count) frames through \(subject.rows.grouped) rows "
          + "(\(subject.rowsDescription)), window \(window.options.width)x\(window.options.height)"
      ] + tally.lines(velocity: velocity) + [
        "row_widgets_alive       \(rowWidgets())",
        "gtk_widgets_in_list     \(FrameTally.widgets(in: listView))",
        "rss_mb                  \(String(Double(Int(FrameTally.residentMegabytes() * 10)) / 10))",
        "jump_to_middle_ms       \(String(Double(Int(jumpMilliseconds * 100)) / 100)) (first row "
          + (firstRow.map { "#\(($0 + 1).grouped)" } ?? "none")
          + ", rows cover \(Double(Int(covered * 1000)) / 10)% of the view)",
      ] + subject.extraLines()
    for line in lines { print(line) }
    window.quit(status: 0)
  }
}
