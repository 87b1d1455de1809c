import CGtk
// SPI: the self-test checks how far the row is pulled and which actions are revealed (`swipeOffset`,
// `revealedSwipeActions`).
@_spi(Backend) import TableViewCore
// SPI(Testing): the self-test plays a touchpad swipe (`scrollWheel(_:)`).
@_spi(Testing) import TableViewGTK

/// `--self-test touchpad-swipe` (on the feed): sideways touchpad gestures over the second row as
/// GTK's scroll controller delivers them, one delta per real frame (xdotool cannot make smooth
/// scroll events): fingers moving 140 px left then lifting (the row opens on Delete and Mark, 160
/// px), and, after it closes, fingers moving 60 px right then lifting (it opens on Read, 80 px).
/// Prints JSON and exits 0 when every expectation held.
final class TouchpadSwipe {
  unowned let window: DemoWindow
  let tableView: GTKTableView
  var frame = 0
  var phase = 0
  var results: [String: String] = [:]
  var failures: [String] = []
  var point = Point.zero

  init(window: DemoWindow, tableView: GTKTableView) {
    self.window = window
    self.tableView = tableView
  }

  func begin() {
    gtk_widget_add_tick_callback(
      tableView.viewport,
      { _, _, data in
        let run = Unmanaged<TouchpadSwipe>.fromOpaque(data!).takeUnretainedValue()
        return run.step() ? 1 : 0
      }, Unmanaged.passRetained(self).toOpaque(), { data in Unmanaged<TouchpadSwipe>.fromOpaque(data!).release() })
  }

  func titles() -> String {
    tableView.table.revealedSwipeActions.map { $0.action.title ?? "" }.joined(separator: "+")
  }

  /// The fingers moved `dx` pixels sideways over `point` (GTK's scroll controller's delta: positive as the content
  /// would scroll right).
  func touchpad(dx: Double) {
    tableView.scrollWheel(
      ScrollWheelEvent(
        .changed, delta: Point(x: dx, y: 0), hasPreciseScrollingDeltas: true, at: point, time: tableView.clock.now))
  }

  /// The fingers lifted (GTK's "scroll-end").
  func lift() {
    tableView.scrollWheel(ScrollWheelEvent(.ended, hasPreciseScrollingDeltas: true, time: tableView.clock.now))
  }

  /// One frame of the script; returns whether to go on.
  func step() -> Bool {
    frame += 1
    let table = tableView.table
    switch phase {
    case 0:  // settle, then aim at the second row
      if frame >= 10, let rect = try? table.rectForRow(at: IndexPath(row: 1, section: 0)) {
        point = Point(x: 600, y: rect.midY - table.contentOffset.y)
        phase = 1
        frame = 0
      }
    case 1:  // 14 moves of 10 px left, then lift
      touchpad(dx: 10)
      if table.swipedRow != IndexPath(row: 1, section: 0) { failures.append("the sideways scroll swiped the row") }
      if frame == 14 {
        results["pulled"] = "\(table.swipeOffset)"
        if table.swipeOffset != -140 { failures.append("the row followed the fingers 140 px: \(table.swipeOffset)") }
        lift()
        phase = 2
      }
    case 2:  // it opens on its trailing actions
      if !table.isAnimating {
        results["opened"] = "\(table.swipeOffset)"
        results["trailing"] = "\"\(titles())\""
        if table.swipeOffset != -160 { failures.append("opened on both actions: \(table.swipeOffset)") }
        if table.swipedRow != IndexPath(row: 1, section: 0) { failures.append("the second row is swiped") }
        if titles() != "Delete+Mark" { failures.append("Delete and Mark revealed: \(titles())") }
        table.closeSwipe(animated: false)
        tableView.setNeedsLayout()
        phase = 3
        frame = 0
      }
    case 3:  // 6 moves of 10 px right, then lift
      touchpad(dx: -10)
      if frame == 6 {
        lift()
        phase = 4
      }
    case 4:  // it opens on its leading action
      if !table.isAnimating {
        results["leading"] = "\"\(titles())\""
        results["openedLeading"] = "\(table.swipeOffset)"
        if table.swipeOffset != 80 { failures.append("opened on Read: \(table.swipeOffset)") }
        if titles() != "Read" { failures.append("Read revealed: \(titles())") }
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
