// Prefetching, as UIKit's `UITableViewDataSourcePrefetching`: after a layout pass that changed
// the visible rows, the rows of the next viewport in the scroll direction are announced, nearest
// first, each once; when the direction reverses (or a jump skips them), the rows announced and
// never shown are cancelled.
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

  /// Forgets everything (a reload: the rows announced no longer mean anything).
  mutating func reset() {
    direction = .down
    lastVisible = 0..<0
    pending.removeAll(keepingCapacity: true)
    carried = nil
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

    // The next viewport's rows beyond the visible ones.
    let top = scroll.offset.y
    let height = viewportSize.height
    var ahead: Range<Int> = 0..<0
    if !visible.isEmpty, height > 0 {
      switch prefetchState.direction {
      case .down:
        let rows = ranges(top: top + height, bottom: top + 2 * height).rows
        let start = max(rows.lowerBound, visible.upperBound)
        ahead = start..<max(rows.upperBound, start)
      case .up:
        let rows = ranges(top: top - height, bottom: top).rows
        let end = min(rows.upperBound, visible.lowerBound)
        ahead = min(rows.lowerBound, end)..<end
      }
    }

    // Worked on out of place: no exclusivity checks or copies in the loops below.
    var pending = ContiguousArray<Int>()
    swap(&pending, &prefetchState.pending)

    // Pending rows now shown are done; those neither shown nor ahead are cancelled.
    var cancelled: [IndexPath] = []
    pending.removeAll { g in
      if visible.contains(g) { return true }
      if ahead.contains(g) { return false }
      cancelled.append(indexPath(ofGlobalRow: g))
      return true
    }

    // Rows ahead not announced yet, nearest first. Pending rows are all ahead now, and sorted.
    var announced: [IndexPath] = []
    let kept = pending.count
    if kept < ahead.count {
      func isKept(_ g: Int) -> Bool {
        var lo = 0
        var hi = kept
        while lo < hi {
          let mid = (lo + hi) / 2
          if pending[mid] < g { lo = mid + 1 } else { hi = mid }
        }
        return lo < kept && pending[lo] == g
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
