import CGtk
import TableViewCore
import TableViewGTK

#if canImport(Glibc)
  import Glibc
#endif

/// `--self-test scroll-steps`: 10,000 scroll steps through the feed, fifty per frame (real GTK
/// frames: layout, allocation, drawing), down with the odd long jump and back up; then prints the
/// widgets alive before and after as JSON and exits 0, or 1 if widgets leaked.
enum SelfTest {
  static func start(_ name: String, window: DemoWindow) {
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
      let bound = table.aliveViewCount + 8
      let closures = Signals.liveClosures
      let ok = after <= max(liveBefore, bound) && closures <= closuresBefore
      print(
        "{\"steps\":\(steps),\"liveBefore\":\(liveBefore),\"liveAfter\":\(after),\"visibleViews\":\(visible),"
          + "\"aliveViewCount\":\(table.aliveViewCount),\"cellsCreated\":\(table.cellsCreated),"
          + "\"widgetsCreated\":\(LiveWidgets.createdCount),\"closuresBefore\":\(closuresBefore),"
          + "\"closuresAfter\":\(closures),\"ok\":\(ok)}")
      window.quit(status: ok ? 0 : 1)
    }
  }
}
