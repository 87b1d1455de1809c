import DemoData
import TableViewCore
import TableViewGTK

// The feed learns the other width of a resize: the width the window had before it was resized is
// the one it is likely to come back to (a window maximized and restored, a split view toggled), so
// the idle precompute measures the posts around the reader at that width too, after this width's.
// The widths the window stayed at are kept by DemoData's `WidthHistory`, sampled at every layout
// and with the status line a few times a second.

extension FeedPage {
  /// Every layout notes the width too, not only the status line's samples: a width the window had
  /// before the first sample (a resize right after it opened) would be missed, and the width left
  /// never expected back.
  func tableViewDidLayout() {
    guard noteWidthHistory() else { return }
    // A new layout (the idle precompute starts again for the width expected), but not from inside
    // the allocation that called this one: on the main loop's next turn.
    let tableView = MainThreadBox(gtkTableView)
    Task { @MainActor in tableView.value.setNeedsLayout() }
  }

  /// Samples the table's width; when the widths the window stayed at change, the table expects them
  /// (its idle precompute measures posts at the one it is not showing).
  ///
  /// A new expected width, or rows measured for it since the last sample, asks for a layout: it
  /// starts the idle precompute again (it stops when the current width has nothing left) and writes
  /// the state line the end-to-end tests read (nothing else changes on screen).
  func noteWidth() {
    let table = gtkTableView.table
    var changed = noteWidthHistory()
    let measured = table.precomputedWidths.reduce(0) {
      $0 + (table.precomputeProgress(forWidth: $1)?.measuredRows ?? 0)
    }
    if measured != otherWidthsMeasured {
      otherWidthsMeasured = measured
      changed = true
    }
    if changed { gtkTableView.setNeedsLayout() }
  }

  /// Notes the table's width in the history of widths; returns whether the widths it expects
  /// changed (then the table has them).
  private func noteWidthHistory() -> Bool {
    let table = gtkTableView.table
    guard widths.note(table.viewportSize.width, now: table.clock.now) else { return false }
    table.expectedWidths = widths.expected
    return true
  }

  /// The heights of this width and of the expected ones as JSON for the state line: `[[width,
  /// measured, total], …]`, this width first.
  var heightsField: String {
    let table = gtkTableView.table
    let widths = [table.viewportSize.width] + table.precomputedWidths
    let items = widths.compactMap { width in
      table.precomputeProgress(forWidth: width).map { "[\(width),\($0.measuredRows),\($0.totalRows)]" }
    }
    return "[" + items.joined(separator: ",") + "]"
  }

  /// How many posts have their height measured at this width and at the width expected back:
  /// "posts measured 1,623 at 884 px · 1,210 at 484 px".
  func heightsStatus() -> String {
    let table = gtkTableView.table
    let current = table.viewportSize.width
    var parts = ["posts measured \(table.precomputeProgress.measuredRows.grouped) at \(Int(current)) px"]
    for width in table.precomputedWidths {
      guard let progress = table.precomputeProgress(forWidth: width) else { continue }
      parts.append("\(progress.measuredRows.grouped) at \(Int(width)) px")
    }
    return parts.joined(separator: " · ")
  }
}
