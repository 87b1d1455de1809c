// Prefetching, as UIKit's `UITableViewDataSourcePrefetching`: after a layout pass that changed
// the visible rows, the rows ahead in the scroll direction are announced, nearest first, each once;
// when the direction reverses (or a jump skips them), the rows announced and never shown are
// cancelled. How far ahead follows the scroll's speed, as RecyclerView's prefetch does: the next
// viewport, or as far as the scroll goes in half a second at its pace (a fling, a held row
// auto-scrolling, a gliding wheel), up to eight viewports — a data source reading pages off the main
// thread gets them before the rows come on screen.
//
// The direction is read from the visible rows, not from the content offset: anchoring (rows
// measured above the viewport move the offset) must not look like the user scrolling back.
//
// The scroll hot path pays one range comparison: nothing happens unless the visible rows
// changed, and nothing is allocated unless something is announced or cancelled.

/// What the table has announced to its prefetch data source.
struct PrefetchState {
  enum Direction { case down, up }
  /// The scroll direction, from the last change of the visible rows.
  var direction = Direction.down
  /// The visible rows at the last pass that looked.
  var lastVisible: Range<Int> = 0..<0
  /// Global rows announced and neither shown nor cancelled, ascending.
  var pending: ContiguousArray<Int> = []
  /// The pending rows carried through a batch update (index paths after it), resolved to global
  /// rows by the next pass.
  var carried: [IndexPath]?
  /// The top of the viewport and the clock's time at the last pass that looked.
  var lastTop = 0.0
  var lastTime = 0.0
  /// The scroll's pace in points a second, smoothed over the passes of a continuous scroll (0 after a jump,
  /// a pause or a batch update).
  var speed = 0.0

  /// How long ahead the rows are announced at the scroll's pace, in seconds.
  static let leadTime = 0.5
  /// The most viewports ahead that are announced, however fast the scroll.
  static let maximumViewportsAhead = 8.0
  /// A pass later than this after the last one starts the pace again (the scroll paused).
  static let paceGap = 0.25

  /// Forgets everything (a reload: the rows announced no longer mean anything).
  mutating func reset() {
    direction = .down
    lastVisible = 0..<0
    pending.removeAll(keepingCapacity: true)
    carried = nil
    speed = 0
  }

  /// Takes the pass at `top` and `now` into the pace: a continuous scroll (the visible rows met the last
  /// ones) averages its pace; a jump, a pause or a renumbering (`continuous` false) starts again.
  mutating func measurePace(top: Double, now: Double, continuous: Bool) {
    let elapsed = now - lastTime
    if continuous, elapsed > 0, elapsed <= Self.paceGap, top.isFinite, lastTop.isFinite {
      let sample = abs(top - lastTop) / elapsed
      speed = speed == 0 ? sample : 0.5 * speed + 0.5 * sample
    } else if !continuous || elapsed > Self.paceGap || elapsed < 0 {
      speed = 0
    }
    lastTop = top
    lastTime = now
  }

  /// How far past the viewport the rows are announced, for a viewport `height` points high.
  func reach(height: Double) -> Double {
    min(max(height, speed * Self.leadTime), height * Self.maximumViewportsAhead)
  }

}

extension TableView {
  /// Called after every layout pass: O(1) unless the visible rows changed.
  @inline(__always) func updatePrefetchingIfNeeded() {
    if visible.rowRange != prefetchState.lastVisible || prefetchState.carried != nil { updatePrefetching() }
  }

  /// Cancels announced rows that are no longer ahead, and announces the next viewport's rows in
  /// the scroll direction that were not announced yet, nearest first.
  /// - Complexity: O((w + p) · log n) for w rows in the next viewport and p pending rows.
  func updatePrefetching() {
    let visible = visible.rowRange
    let previous = prefetchState.lastVisible
    prefetchState.lastVisible = visible
    var keepDirection = previous.isEmpty
    if let carried = prefetchState.carried {
      // After a batch update the visible rows are renumbered: that is no scroll.
      prefetchState.carried = nil
      keepDirection = true
      prefetchState.pending.removeAll(keepingCapacity: true)
      for path in carried where isValid(path) {
        prefetchState.pending.append(heights.index.prefix(heights.index.itemIndex(of: path)).rows)
      }
      prefetchState.pending.sort()
    }
    guard let prefetcher = prefetchDataSource else {
      prefetchState.pending.removeAll(keepingCapacity: true)
      return
    }
    if !keepDirection, !visible.isEmpty {
      let down = visible.lowerBound > previous.lowerBound || visible.upperBound > previous.upperBound
      let up = visible.lowerBound < previous.lowerBound || visible.upperBound < previous.upperBound
      if down != up { prefetchState.direction = down ? .down : .up }
    }
    let top = scroll.offset.y
    let height = viewportSize.height
    let continuous =
      !keepDirection && visible.lowerBound <= previous.upperBound && previous.lowerBound <= visible.upperBound
    prefetchState.measurePace(top: top, now: animationTime, continuous: continuous)

    // The rows beyond the visible ones as far as the pace reaches (`ahead`, announced), and as far as the
    // fastest pace would (`kept`: rows announced while faster stay announced as the scroll slows).
    var ahead: Range<Int> = 0..<0
    var kept: Range<Int> = 0..<0
    if !visible.isEmpty, height > 0, height.isFinite {
      let reach = prefetchState.reach(height: height)
      let farthest = height * PrefetchState.maximumViewportsAhead
      switch prefetchState.direction {
      case .down:
        ahead = rowsBelow(visible, from: top + height, to: top + height + reach)
        kept = rowsBelow(visible, from: top + height, to: top + height + farthest)
      case .up:
        ahead = rowsAbove(visible, from: top - reach, to: top)
        kept = rowsAbove(visible, from: top - farthest, to: top)
      }
    }

    // Worked on out of place: no exclusivity checks or copies in the loops below.
    var pending = ContiguousArray<Int>()
    swap(&pending, &prefetchState.pending)

    // Pending rows now shown are done; those neither shown nor ahead (as far as the fastest pace reaches)
    // are cancelled.
    var cancelled: [IndexPath] = []
    pending.removeAll { g in
      if visible.contains(g) { return true }
      if kept.contains(g) { return false }
      cancelled.append(indexPath(ofGlobalRow: g))
      return true
    }

    // Rows ahead not announced yet, nearest first. Pending rows are sorted.
    var announced: [IndexPath] = []
    let pendingCount = pending.count
    // The first pending row not below `g` (binary search: pending is sorted).
    func firstPending(notBelow g: Int) -> Int {
      var lo = 0
      var hi = pendingCount
      while lo < hi {
        let mid = (lo + hi) / 2
        if pending[mid] < g { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
    // Every row ahead already pending (the common pass of a steady scroll) costs two searches, not a walk.
    let pendingAhead = firstPending(notBelow: ahead.upperBound) - firstPending(notBelow: ahead.lowerBound)
    if !ahead.isEmpty, pendingAhead < ahead.count {
      func isKept(_ g: Int) -> Bool {
        let lo = firstPending(notBelow: g)
        return lo < pendingCount && pending[lo] == g
      }
      switch prefetchState.direction {
      case .down:
        for g in ahead where !isKept(g) {
          announced.append(indexPath(ofGlobalRow: g))
          pending.append(g)
        }
      case .up:
        for g in ahead.reversed() where !isKept(g) {
          announced.append(indexPath(ofGlobalRow: g))
          pending.append(g)
        }
      }
      pending.sort()
    }
    swap(&pending, &prefetchState.pending)

    if !cancelled.isEmpty {
      askingDataSource { prefetcher.tableView(self, cancelPrefetchingForRowsAt: cancelled) }
    }
    if !announced.isEmpty {
      askingDataSource { prefetcher.tableView(self, prefetchRowsAt: announced) }
    }
  }

  /// The rows past `visible` whose tops lie between `from` and `to` (content coordinates), going down.
  private func rowsBelow(_ visible: Range<Int>, from: Double, to: Double) -> Range<Int> {
    let rows = ranges(top: from, bottom: to).rows
    let start = max(rows.lowerBound, visible.upperBound)
    return start..<max(rows.upperBound, start)
  }

  /// The rows before `visible` between `from` and `to` (content coordinates), going up.
  private func rowsAbove(_ visible: Range<Int>, from: Double, to: Double) -> Range<Int> {
    let rows = ranges(top: from, bottom: to).rows
    let end = min(rows.upperBound, visible.lowerBound)
    return min(rows.lowerBound, end)..<end
  }

  /// The index path of the `g`-th row of the table (a virtual row while looping).
  /// - Complexity: O(log n)
  func indexPath(ofGlobalRow g: Int) -> IndexPath {
    locateGlobalRow(g).0
  }

  /// Before a batch update's edits (the index is still the old one): carries the rows announced
  /// and not yet shown to their index paths after the update, so they are neither announced
  /// again nor forgotten. Deleted rows are dropped. (A looping table's laps are renumbered by
  /// the update: it forgets its announced rows instead.)
  /// - Complexity: O(p · log n) for p pending rows.
  func carryPrefetchedRows(through plan: BatchUpdatePlan) {
    guard !prefetchState.pending.isEmpty || prefetchState.carried != nil else { return }
    guard rowSpace.eachRowAppearsOnce else {
      prefetchState.reset()
      return
    }
    let before = prefetchState.carried ?? prefetchState.pending.map { indexPath(ofGlobalRow: $0) }
    prefetchState.carried = before.compactMap { plan.newIndexPath(forOld: $0) }
    prefetchState.pending.removeAll(keepingCapacity: true)
  }
}
