import CGtk
import DemoData
import TableViewCore
// SPI(Testing): the run waits for the drawn frame (`isLayoutPending`, `drawnScrollPosition`).
@_spi(Testing) import TableViewGTK

/// `--bench --demo chat`: flicks up through the chat from the newest (a gentle first flick, then a
/// second of reading in every three: nothing scrolls; a flick every 60 frames in the other two),
/// while five messages a second arrive below
/// and older pages load above as the user nears the top,
/// measured at every painted frame as the fling benchmark is:
///
/// - rows moved: frames in which a message on screen in both frames moved by anything other than
///   the content's visible scroll (arrivals below and pages above must move nothing). Must be 0.
/// - scrollbar against the scroll: frames in which the thumb moved opposite to the visible scroll,
///   or moved while the content did not (content growing above or below must not move it), read
///   from the thumb as drawn (the slider widget's position). Must be 0.
final class ChatRun {
  unowned let window: DemoWindow
  let page: ChatPage
  let tableView: GTKTableView
  let frames: Int
  var paints = 0
  var frame = 0
  var tally = FrameTally()
  var previous: [Int: Double] = [:]
  /// The table view's `drawnScrollPosition` at the last frame compared.
  var lastScrolled = 0.0
  var lastThumbTop: Double?
  /// Frames in which the drawn thumb was found, and how far it travelled (pixels).
  var thumbFrames = 0
  var thumbTravel = 0.0
  /// Frames in which a page arrived above, or messages arrived below, with messages on screen.
  var pageFrames = 0
  var arrivalFrames = 0
  var lastPages = 0
  var lastReceived = 0
  var pagesAtStart = 0
  var receivedAtStart = 0
  var loadedAtStart = 0
  var done = false
  /// The speed of each flick up, in pixels per second (`--velocity`).
  var velocity: Double { window.options.benchVelocity }
  /// Messages arriving a second.
  static let arrivalsPerSecond = 5.0

  init(window: DemoWindow, page: ChatPage, frames: Int) {
    self.window = window
    self.page = page
    self.tableView = page.gtkTableView
    self.frames = frames
  }

  func begin() {
    page.startArrivals(every: 0)  // they start with the measured frames
    gtk_widget_add_tick_callback(
      window.window,
      { _, frameClock, data in
        let run = Unmanaged<ChatRun>.fromOpaque(data!).takeUnretainedValue()
        guard let frameClock else { return 1 }
        run.attach(to: frameClock)
        return 0
      }, Unmanaged.passRetained(self).toOpaque(), nil)
  }

  func attach(to frameClock: OpaquePointer) {
    Signals.connect(gpointerOf(frameClock), "after-paint") { [unowned self] in self.afterPaint() }
    gtk_widget_add_tick_callback(
      tableView.viewport,
      { _, _, data in
        let run = Unmanaged<ChatRun>.fromOpaque(data!).takeUnretainedValue()
        return run.done ? 0 : 1
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  func afterPaint() {
    guard !done else { return }
    paints += 1
    let now = FrameTally.cpuSeconds()
    let wall = FrameTally.monotonicSeconds()
    if paints == 30 {
      pagesAtStart = page.pagesLoaded
      receivedAtStart = page.received
      loadedAtStart = page.chat.loadedCount
      page.startArrivals(every: 1 / Self.arrivalsPerSecond)
      snapshot()
      // A gentle first flick: the first pause is in the middle of the loaded messages.
      flick(gentle: true)
    } else if paints > 30 {
      tally.recordFrame(cpuNow: now, wall: wall)
      measureFrame()
      frame += 1
      if frame % 60 == 0 {
        // A second of reading (nothing scrolls while messages arrive), then two of flicks.
        if (frame / 60) % 3 == 1 { rest() } else { flick() }
      }
      if frame >= frames {
        done = true
        page.startArrivals(every: 0)
        report()
      }
    }
    tally.resetClocks(wall: wall)
  }

  /// The user stops to read: the content comes to rest (messages keep arriving below).
  func rest() {
    tableView.table.stopScrolling()
    tableView.setNeedsLayout()
  }

  /// A flick up, as a user reading back through the conversation.
  func flick(gentle: Bool = false) {
    tableView.table.decelerate(velocity: -velocity / (gentle ? 6 : 1))
    tableView.setNeedsLayout()
  }

  /// Where every visible message is drawn in the viewport, by message number (its index path
  /// changes when a page arrives above; its number does not). The loading row is left out.
  func positions() -> [Int: Double] {
    var result: [Int: Double] = [:]
    let table = tableView.table
    for path in table.indexPathsForVisibleRows {
      guard let number = page.chat.message(atRow: path.row)?.number,
        let cell = table.cellForRow(at: path) as? GTKView
      else { continue }
      var bounds = graphene_rect_t()
      if gtk_widget_compute_bounds(cell.widget, tableView.viewport, &bounds) != 0 {
        result[number] = Double(bounds.origin.y)
      }
    }
    return result
  }

  /// The top of the scrollbar's slider as drawn, in the scrollbar's coordinates.
  func thumbTop() -> Double? {
    guard let slider = Self.descendant(of: tableView.scrollbar, named: "slider") else { return nil }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(slider, tableView.scrollbar, &bounds) != 0 else { return nil }
    return Double(bounds.origin.y)
  }

  /// The first descendant of `widget` whose CSS name is `name`.
  static func descendant(
    of widget: UnsafeMutablePointer<GtkWidget>, named name: String
  ) -> UnsafeMutablePointer<GtkWidget>? {
    var child = gtk_widget_get_first_child(widget)
    while let c = child {
      if let css = gtk_widget_get_css_name(c), String(cString: css) == name { return c }
      if let found = descendant(of: c, named: name) { return found }
      child = gtk_widget_get_next_sibling(c)
    }
    return nil
  }

  func snapshot() {
    previous = positions()
    lastScrolled = tableView.drawnScrollPosition
    lastThumbTop = thumbTop()
    lastPages = page.pagesLoaded
    lastReceived = page.received
  }

  func measureFrame() {
    // A change since the frame's layout (a page arrived, a row was measured) is drawn next frame:
    // compared then, against this frame's predecessor (the cells' rows and places are the engine's
    // now, the widgets' allocations still the drawn ones).
    if tableView.isLayoutPending { return }
    let now = positions()
    // What is drawn scrolled by (the engine may have moved on since the frame's layout).
    let visual = tableView.drawnScrollPosition - lastScrolled
    let top = thumbTop()
    var move = 0.0
    if let top, let lastThumbTop {
      move = top - lastThumbTop
      thumbFrames += 1
      thumbTravel += abs(move)
    }
    tally.check(before: previous, after: now, scroll: visual, thumbMove: move)
    if page.pagesLoaded != lastPages, !now.isEmpty { pageFrames += 1 }
    if page.received != lastReceived, !now.isEmpty { arrivalFrames += 1 }
    lastPages = page.pagesLoaded
    lastReceived = page.received
    previous = now
    lastScrolled = tableView.drawnScrollPosition
    lastThumbTop = top
  }

  func report() {
    let table = tableView.table
    let pages = page.pagesLoaded - pagesAtStart
    let arrivals = page.received - receivedAtStart
    let n = tally.cpu.count
    let ms = { (x: Double) -> String in String(Double(Int(x * 1000 * 100)) / 100) }
    if window.options.json {
      let json = { (name: String, field: String) in print("{\"name\":\"\(name)\",\"n\":\(n),\(field)}") }
      let ns = { (x: Double) in "\"ns_per_op\":\(Double(Int(x * 1e9 / 100)) * 100)" }
      json("gtk_chat_cpu_per_frame_p50", ns(FrameTally.percentile(tally.cpu, 0.5)))
      json("gtk_chat_cpu_per_frame_p99", ns(FrameTally.percentile(tally.cpu, 0.99)))
      json("gtk_chat_rows_moved", "\"count\":\(tally.rowJumpFrames)")
      json("gtk_chat_scrollbar_against_scroll", "\"count\":\(tally.scrollbarAgainstFrames)")
      json("gtk_chat_pages_loaded", "\"count\":\(pages)")
      json("gtk_chat_arrivals", "\"count\":\(arrivals)")
      json("gtk_chat_frames_with_page_arriving", "\"count\":\(pageFrames)")
    } else {
      let lines =
        [
          "GTK chat benchmark: \(n) frames flicking up at \(Int(velocity)) px/s every 60 frames (a pause "
            + "in every three seconds) from the newest "
            + "of \(page.chat.historyCount.grouped) messages, \(Int(Self.arrivalsPerSecond)) arriving a second, "
            + "window \(window.options.width)x\(window.options.height)",
          "cpu_per_frame_ms        p50 \(ms(FrameTally.percentile(tally.cpu, 0.5)))  "
            + "p99 \(ms(FrameTally.percentile(tally.cpu, 0.99)))  max \(ms(tally.cpu.max() ?? 0))",
          "frame_interval_ms       p50 \(ms(FrameTally.percentile(tally.intervals, 0.5)))  "
            + "p99 \(ms(FrameTally.percentile(tally.intervals, 0.99)))",
          "scrolled_px             \(Int(tally.distance).grouped) (rows checked \(tally.rowsChecked.grouped))",
          "pages_loaded            \(pages) (\(ChatConversation.pageSize) messages each, "
            + "\(page.pageDelay) ms after they were asked for; \(page.chat.loadedCount.grouped) messages loaded, "
            + "\(loadedAtStart) at the start; \(pageFrames) frames with a page arriving)",
          "arrivals                \(arrivals) (\(table.rowsBelowVisibleArea) counted below the screen at the end; "
            + "\(arrivalFrames) frames with an arrival)",
          "rows_moved_frames       \(tally.rowJumpFrames) (a message on screen moved by anything but the scroll)",
          "scrollbar_against       \(tally.scrollbarAgainstFrames) (the thumb as drawn moved against the scroll "
            + "or without one; read in \(thumbFrames) frames, travelled \(Int(thumbTravel)) px)",
        ]
      for line in lines { print(line) }
    }
    let ok = tally.rowJumpFrames == 0 && tally.scrollbarAgainstFrames == 0
    window.quit(status: ok ? 0 : 1)
  }
}
