// The baseline side of `tableview-bench`: builds the seed articles' implementations
// (PGTableViewPort.swift, SeedHeightCachePort.swift) for N rows of deterministic variable heights
// and measures them with the Harness. The engine side should use the same workload
// (``BenchWorkload``) so that rows pair up by (name, N).
//
// What each metric measures on the baselines:
//
// PGTableView (label "PGTableView"; viewport 375×800 pt, one section):
//   scroll_step    `setContentOffset:` by ±0.5 pt at mid-content, a step that brings no new row:
//                  binary search + a fresh visible-row index set + the visible-row walk.
//   offset_lookup  `findRowForOffsetY:inRange:` at random offsets.
//   height_change  `row:changedHeight:` of a random row to a random height (viewport at
//                  mid-content): O(N − row) offset shift + cell eviction + relayout.
//   cells_created  (count) cells the data source had to create while scrolling a fresh table from
//                  top to bottom in steps of a third of the viewport.
//   reload_data    `reloadData`: every height requested and every record reallocated, O(N).
//
// SEETableViewCellHeightCache (label "SEEHeightCache"; one section, both orientations filled):
//   insert_row     `insertRow:inSection:` at a random row, then `setHeight` of the new row (what
//                  the table does when it asks the inserted row's height).
//   delete_row     `deleteRow:inSection:` of a random row.
//   move_row       `moveRow:inSection:toRow:inSection:` between two random rows of the section.
//   height_lookup  `heightWithSection:row:` of a random cached row (a hit).
//   width_switch   an orientation change: the table has no estimated heights, so before its first
//                  layout in the new orientation it asks the height of *every* row; all are hits
//                  in the other orientation's dictionary (the cache's best case). Measured: the
//                  flip + N lookups + the running sum standing for the offset pass.
//                  (Reading only the ~20 visible rows would cost about 20 × height_lookup.)
//   reload_estimated  `reloadData` with the cache: the article has no estimates, so
//                  `reloadAll` empties both dictionaries and the table then asks the height of
//                  every row before its first layout: N misses, each computed (the workload's
//                  height function, standing for the Auto Layout measurement) and stored with
//                  `setHeight`, plus the running sum. O(N) dictionary insertions.
//
// Size caps: the seed cache's edits cost O(N) NSMutableDictionary operations each (seconds at
// 10⁵ rows on swift-corelibs-foundation), so it is measured up to 10⁵ rows (10⁴ with --quick);
// PGTableView up to 10⁷ (10⁶ with --quick), except `reload_data` and `cells_created`, which are
// O(N) per measurement and stop at 10⁶. Larger sizes get "—" rows.

import SeededRandom

/// The benchmark's generator: SplitMix64, so that every run measures the same rows and offsets.
typealias BenchRandom = SplitMix64

extension SplitMix64 {
  /// A random integer in `0..<bound` (`bound` > 0).
  mutating func next(below bound: Int) -> Int { below(bound) }

  /// A random double in `0..<bound`.
  mutating func nextDouble(below bound: Double) -> Double { unit() * bound }
}

/// The shared benchmark workload: viewport, row heights and size caps.
enum BenchWorkload {
  /// The viewport height (points).
  static let viewportHeight = 800.0
  /// The viewport width in portrait (points).
  static let viewportWidth = 375.0
  /// The viewport width in landscape (points).
  static let landscapeWidth = 812.0
  /// The scroll step of `cells_created`: a third of the viewport.
  static let scrollStep = viewportHeight / 3
  /// The small offset change of `scroll_step` (stays within the same rows).
  static let smallScrollDelta = 0.5

  /// The height of `row` in portrait: a deterministic pseudo-random whole number in 20…120.
  static func rowHeight(_ row: Int) -> Double {
    Double(20 + BenchRandom.mix(UInt64(truncatingIfNeeded: row) &+ 0x5EED) % 101)
  }

  /// The height of `row` in landscape (wider, so text wraps less): 60 % of the portrait height,
  /// at least 20.
  static func landscapeRowHeight(_ row: Int) -> Double {
    max(20, (rowHeight(row) * 0.6).rounded())
  }

  /// The largest N at which PGTableView is measured (`reload_data` and `cells_created` stop at
  /// ``pgTableViewMaxLinearRows``).
  static func pgTableViewMaxRows(quick: Bool) -> Int { quick ? 1_000_000 : 10_000_000 }
  /// The largest N for PGTableView's O(N)-per-measurement metrics.
  static let pgTableViewMaxLinearRows = 1_000_000
  /// The largest N at which the seed height cache is measured.
  static func seedCacheMaxRows(quick: Bool) -> Int { quick ? 10_000 : 100_000 }
}

/// The baseline labels and metric names.
enum Baselines {
  /// The label of the PGTableView port.
  static let pgTableView = "PGTableView"
  /// The label of the seed height-cache port.
  static let seedCache = "SEEHeightCache"
  /// The metrics measured on PGTableView.
  static let pgTableViewMetrics = ["scroll_step", "offset_lookup", "height_change", "cells_created", "reload_data"]
  /// The metrics measured on the seed height cache.
  static let seedCacheMetrics = [
    "insert_row", "delete_row", "move_row", "height_lookup", "width_switch", "reload_estimated",
  ]
}

/// Builds the baseline PGTableView for `n` rows (heights from ``BenchWorkload/rowHeight(_:)``),
/// reloaded at offset 0.
func makeBaselinePGTableView(rows n: Int) -> PGTableView {
  let tableView = PGTableView(
    frame: PGRect(x: 0, y: 0, width: BenchWorkload.viewportWidth, height: BenchWorkload.viewportHeight),
    numberOfRows: { _ in n },
    cellForRow: { tableView, row in
      let cell =
        tableView.dequeueReusableCell(withIdentifier: "standardRow")
        ?? PGTableViewCell(reuseIdentifier: "standardRow")
      cell.content = row
      return cell
    },
    heightForRow: { _, row in BenchWorkload.rowHeight(row) }
  )
  tableView.reloadData()
  return tableView
}

/// Builds the baseline seed height cache with `n` rows in section 0, both orientations filled,
/// portrait current.
func makeBaselineSeedCache(rows n: Int) -> SEETableViewCellHeightCache {
  let cache = SEETableViewCellHeightCache()
  cache.isPortrait = false
  for row in 0..<n { cache.setHeight(BenchWorkload.landscapeRowHeight(row), section: 0, row: row) }
  cache.isPortrait = true
  for row in 0..<n { cache.setHeight(BenchWorkload.rowHeight(row), section: 0, row: row) }
  return cache
}

/// The number of cells PGTableView creates while a fresh table of `n` rows scrolls from top to
/// bottom in steps of ``BenchWorkload/scrollStep``.
func pgTableViewCellsCreatedScrolling(rows n: Int) -> Int {
  let tableView = makeBaselinePGTableView(rows: n)
  let bottom = max(0, tableView.contentHeight - BenchWorkload.viewportHeight)
  var offset = 0.0
  while offset < bottom {
    offset = min(offset + BenchWorkload.scrollStep, bottom)
    tableView.setContentOffset(y: offset)
  }
  return tableView.cellsCreated
}

/// Measures the PGTableView baseline at `n` rows (see the file header); "not measured" rows above
/// the size caps.
func measurePGTableView(n: Int, harness: Harness) -> [Measurement] {
  let label = Baselines.pgTableView
  let names = Baselines.pgTableViewMetrics
  guard harness.includesAny(names), n > 0 else { return [] }
  guard n <= BenchWorkload.pgTableViewMaxRows(quick: harness.options.quick) else {
    return harness.notMeasured(names, n: n, baseline: label)
  }
  let linearOK = n <= BenchWorkload.pgTableViewMaxLinearRows
  var results: [Measurement] = []
  var random = BenchRandom(seed: 0xBA5E_0000 &+ UInt64(n))
  let tableView = makeBaselinePGTableView(rows: n)
  let contentHeight = tableView.contentHeight
  let middle = max(0, (contentHeight - BenchWorkload.viewportHeight) / 2)

  // scroll_step: find an offset near the middle where a +0.5 pt step keeps the same rows.
  if harness.includes("scroll_step") {
    var start = middle
    for _ in 0..<100 {
      tableView.setContentOffset(y: start)
      let before = tableView.indexSetOfVisibleRows()
      tableView.setContentOffset(y: start + BenchWorkload.smallScrollDelta)
      if tableView.indexSetOfVisibleRows() == before { break }
      start += 3
    }
    var flip = false
    let offsets = (start, start + BenchWorkload.smallScrollDelta)
    results.add(
      harness.measure("scroll_step", n: n, baseline: label) {
        flip.toggle()
        tableView.setContentOffset(y: flip ? offsets.1 : offsets.0)
        return tableView.subviewCount
      })
  }

  if harness.includes("offset_lookup") {
    let mask = 4095
    let offsets = (0...mask).map { _ in random.nextDouble(below: contentHeight) }
    var index = 0
    results.add(
      harness.measure("offset_lookup", n: n, baseline: label) {
        index = (index + 1) & mask
        return tableView.findRowForOffsetY(offsets[index], inRange: 0..<n)
      })
  }

  if harness.includes("height_change") {
    tableView.setContentOffset(y: middle)
    let mask = 4095
    let rows = (0...mask).map { _ in random.next(below: n) }
    let heights = (0...mask).map { _ in Double(20 + random.next(below: 101)) }
    var index = 0
    results.add(
      harness.measure("height_change", n: n, baseline: label) {
        index = (index + 1) & mask
        tableView.row(rows[index], changedHeight: heights[index])
        return tableView.subviewCount
      })
  }

  if harness.includes("reload_data") {
    if linearOK {
      results.add(
        harness.measure("reload_data", n: n, baseline: label) {
          tableView.reloadData()
          return tableView.contentHeight
        })
    } else {
      results += harness.notMeasured(["reload_data"], n: n, baseline: label)
    }
  }

  if harness.includes("cells_created") {
    if linearOK {
      results.add(harness.count("cells_created", n: n, baseline: label) { pgTableViewCellsCreatedScrolling(rows: n) })
    } else {
      results += harness.notMeasured(["cells_created"], n: n, baseline: label)
    }
  }
  return results
}

/// Measures the seed height-cache baseline at `n` rows (see the file header); "not measured"
/// rows above the size cap.
func measureSeedCache(n: Int, harness: Harness) -> [Measurement] {
  let label = Baselines.seedCache
  let names = Baselines.seedCacheMetrics
  guard harness.includesAny(names), n > 0 else { return [] }
  guard n <= BenchWorkload.seedCacheMaxRows(quick: harness.options.quick) else {
    return harness.notMeasured(names, n: n, baseline: label)
  }
  var results: [Measurement] = []
  var random = BenchRandom(seed: 0x5EED_0000 &+ UInt64(n))
  var cache = makeBaselineSeedCache(rows: n)
  // Edits that change the row count run at most n/100 times between rebuilds (≤ 1 % drift).
  let maxBatch = max(1, n / 100)

  if harness.includes("height_lookup") {
    let mask = 4095
    let rows = (0...mask).map { _ in random.next(below: n) }
    var index = 0
    results.add(
      harness.measure("height_lookup", n: n, baseline: label) {
        index = (index + 1) & mask
        return cache.height(section: 0, row: rows[index])
      })
  }

  if harness.includes("width_switch") {
    results.add(
      harness.measure("width_switch", n: n, baseline: label) {
        cache.isPortrait.toggle()
        let portrait = cache.isPortrait
        var offset = 0.0
        for row in 0..<n {
          offset += cache.height(section: 0, row: row) {
            portrait ? BenchWorkload.rowHeight(row) : BenchWorkload.landscapeRowHeight(row)
          }
        }
        return offset
      })
    cache.isPortrait = true
  }

  if harness.includes("move_row") {
    // A move within a fully cached section is a permutation: no reset needed.
    results.add(
      harness.measure("move_row", n: n, baseline: label) {
        let from = random.next(below: n)
        let to = random.next(below: n)
        cache.moveRow(from, inSection: 0, toRow: to, inSection: 0)
        return from ^ to
      })
  }

  if harness.includes("insert_row") {
    var rows = n
    results.add(
      harness.measure(
        "insert_row", n: n, baseline: label, maxBatch: maxBatch,
        reset: {
          if rows != n {
            cache = makeBaselineSeedCache(rows: n)
            rows = n
          }
        }
      ) {
        let row = random.next(below: rows + 1)
        cache.insertRow(row, inSection: 0)
        cache.setHeight(BenchWorkload.rowHeight(row), section: 0, row: row)
        rows += 1
        return row
      })
  }

  if harness.includes("delete_row") {
    var rows = -1  // forces a rebuild before the first batch
    results.add(
      harness.measure(
        "delete_row", n: n, baseline: label, maxBatch: maxBatch,
        reset: {
          if rows != n {
            cache = makeBaselineSeedCache(rows: n)
            rows = n
          }
        }
      ) {
        let row = random.next(below: rows)
        cache.deleteRow(row, inSection: 0)
        rows -= 1
        return row
      })
  }

  if harness.includes("reload_estimated") {
    results.add(
      harness.measure("reload_estimated", n: n, baseline: label) {
        cache.reloadAll()
        var offset = 0.0
        for row in 0..<n {
          offset += cache.height(section: 0, row: row) { BenchWorkload.rowHeight(row) }
        }
        return offset
      })
  }
  return results
}

/// Measures both baselines at every size of `harness.options.sizes`.
func measureBaselines(harness: Harness) -> [Measurement] {
  var results: [Measurement] = []
  for n in harness.options.sizes {
    results += measurePGTableView(n: n, harness: harness)
    results += measureSeedCache(n: n, harness: harness)
  }
  return results
}

extension Array where Element == Measurement {
  /// Appends `measurement` unless it is `nil` (a metric excluded by `--filter`).
  mutating func add(_ measurement: Measurement?) {
    if let measurement { append(measurement) }
  }
}
