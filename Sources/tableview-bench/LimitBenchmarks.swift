// The shapes real apps produce, measured from outside the engine: scattered edits (a chat or a
// log tail), tables of a million sections, reloads and the edits after them, diffable snapshots of
// a million items, the height index against a plain Fenwick tree, and the idle precompute's own
// cost. Each row's baseline is measured in the same run: a fresh table, the same operation at a
// smaller size, a Fenwick tree, or the budget itself.

// The benchmark drives tables as a backend does (frames with tick(), views at presentation(of:), idle slices):
// the engine's backend SPI.
@_spi(Backend) import TableViewCore
import TableViewTesting

/// Measures the limit shapes (sizes are fixed per shape; `--sizes` does not apply).
func measureLimits(harness: Harness) -> [Measurement] {
  var results: [Measurement] = []
  for estimated in [false, true] { results += measureScatteredEdits(harness: harness, estimated: estimated) }
  results += measureEstimatedHeights(harness: harness)
  results += measureAppendRows(harness: harness)
  results += measureManySections(harness: harness)
  results += measureDiffable(harness: harness)
  results += measureIndexAgainstFenwick(harness: harness)
  results += measurePrecompute(harness: harness)
  results += measureColumns(harness: harness)
  return results
}

// MARK: - Scattered edits

/// A scroll step in a table of 10⁷ rows after 10⁵ scattered one-row delete+insert pairs, against
/// the same step in the fresh table.
func measureScatteredEdits(harness: Harness, estimated: Bool) -> [Measurement] {
  let name = estimated ? "scattered_edits_step_estimated" : "scattered_edits_step"
  guard harness.includesAny([name, "scattered_edits_edit"]) else { return [] }
  let n = 10_000_000
  let edits = harness.options.quick ? 10_000 : 100_000
  // A table holds its data source weakly: the model lives as long as the benchmark (the edits below must find it,
  // or they are refused and measure nothing).
  let model = SectionsModel(sections: 1, rows: n)
  defer { withExtendedLifetime(model) {} }
  let table = makeBenchTable(dataSource: model) { table in
    if estimated { table.estimatedRowHeight = 44 } else { table.rowHeight = 44 }
  }
  settleOnQuietOffset(table, near: Double(n) * 22)
  func step() -> Measurement? {
    var flip = false
    return harness.measure(name, n: n) {
      flip.toggle()
      table.contentOffset.y += flip ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta
      return table.contentOffset.y
    }
  }
  guard let fresh = step()?.nsPerOp else { return [] }
  var random = BenchRandom(seed: 0x5CA7_7E4D)
  var editNs: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<edits {
    let from = random.next(below: n)
    let to = random.next(below: n)
    let started = clock.now
    try? table.performBatchUpdates { update in
      update.deleteRows(at: [IndexPath(row: from, section: 0)])
      update.insertRows(at: [IndexPath(row: to, section: 0)])
    }
    editNs.append(Harness.nanoseconds(started.duration(to: clock.now)))
  }
  settleOnQuietOffset(table, near: Double(n) * 22)
  var results: [Measurement] = []
  if var after = step() {
    after.baseline = "fresh table"
    after.baselineNsPerOp = fresh
    results.append(after)
  }
  // The edits themselves: the last thousand against the first thousand.
  let first = median(editNs.prefix(1_000))
  let last = median(editNs.suffix(1_000))
  results.append(
    Measurement(
      name: estimated ? "scattered_edits_edit_estimated" : "scattered_edits_edit", n: n, nsPerOp: last,
      baseline: "first edits", baselineNsPerOp: first))
  return results
}

/// The median of `values`.
func median(_ values: some Collection<Double>) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// Sections of a few rows each, counts that follow the edits. Counts are a default plus the
/// sections that differ, so that inserting a section costs the model O(1) and what is measured
/// is the table (an array of a million counts costs 300 µs to shift).
final class SectionsModel: TableViewDataSource {
  var sectionCount: Int
  let rows: Int
  var changed: [Int: Int] = [:]
  init(sections: Int, rows: Int) {
    sectionCount = sections
    self.rows = rows
  }
  subscript(section: Int) -> Int {
    get { changed[section] ?? rows }
    set { changed[section] = newValue }
  }
  func numberOfSections(in tableView: TableView) -> Int { sectionCount }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { self[section] }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath, as: TestCell.self)
  }
}

/// Row and section updates, `reloadData` and the edits after it, at 10⁴ and 10⁶ sections.
func measureManySections(harness: Harness) -> [Measurement] {
  let names = [
    "many_sections_insert_row", "many_sections_delete_row", "many_sections_insert_section",
    "many_sections_delete_section", "reload_sections", "reload_sections_next_edit_max", "reload_sections_bytes",
  ]
  guard harness.includesAny(names) else { return [] }
  var results: [Measurement] = []
  var baselines: [String: Double] = [:]
  let clock = ContinuousClock()
  for sections in [10_000, 1_000_000] {
    var random = BenchRandom(seed: 0x5EC7 &+ UInt64(sections))
    let model = SectionsModel(sections: sections, rows: 5)
    let table = makeBenchTable(dataSource: model) { table in
      table.rowHeight = 44
      table.sectionHeaderHeight = 28
    }
    table.contentOffset.y = table.contentSize.height / 2
    let bytes = table.diagnostics.heightCacheBytes
    if harness.includes("reload_sections_bytes") {
      results.append(
        Measurement(
          name: "reload_sections_bytes", n: sections, count: bytes / sections, baseline: "target",
          baselineCount: 100))
    }
    func add(_ name: String, _ measurement: Measurement?) {
      guard var measurement, let ns = measurement.nsPerOp else { return }
      if sections == 10_000 {
        baselines[name] = ns
      } else {
        measurement.baseline = "10⁴ sections"
        measurement.baselineNsPerOp = baselines[name]
      }
      results.append(measurement)
    }
    add(
      "reload_sections",
      harness.measure("reload_sections", n: sections) {
        table.reloadData()
        return table.contentSize.height
      })
    if harness.includes("reload_sections_next_edit_max") {
      // The slowest of the 20 edits (section inserts and deletes) that follow a reload (a node array sized exactly stalls one of them).
      var worst = 0.0
      for _ in 0..<3 {
        table.reloadData()
        for i in 0..<20 {
          let s = random.next(below: model.sectionCount)
          let started = clock.now
          if i % 2 == 0 {
            model.sectionCount += 1
            try? table.insertSections([s])
          } else {
            model.sectionCount -= 1
            try? table.deleteSections([s])
          }
          worst = max(worst, Harness.nanoseconds(started.duration(to: clock.now)))
        }
      }
      add(
        "reload_sections_next_edit_max", Measurement(name: "reload_sections_next_edit_max", n: sections, nsPerOp: worst)
      )
    }
    add(
      "many_sections_insert_section",
      harness.measure("many_sections_insert_section", n: sections) {
        // Every section has the default count while the section operations run.
        let s = random.next(below: model.sectionCount + 1)
        model.sectionCount += 1
        try? table.insertSections([s])
        return s
      })
    // Deleting runs for as long as the harness likes: batches of at most a thousand, with the
    // table refilled between them (untimed), so it never runs out of sections (with no cap, more
    // deletes than inserts emptied the table at 10⁴ sections and trapped in `next(below: 0)`).
    let deleteBatch = 1_000
    add(
      "many_sections_delete_section",
      harness.measure(
        "many_sections_delete_section", n: sections, maxBatch: deleteBatch,
        reset: {
          while model.sectionCount < sections {
            model.sectionCount += 1
            try? table.insertSections([model.sectionCount - 1])
          }
        }
      ) {
        let s = random.next(below: model.sectionCount)
        model.sectionCount -= 1
        try? table.deleteSections([s])
        return s
      })
    add(
      "many_sections_insert_row",
      harness.measure("many_sections_insert_row", n: sections) {
        let s = random.next(below: model.sectionCount)
        model[s] += 1
        try? table.insertRows(at: [IndexPath(row: random.next(below: model[s]), section: s)])
        return s
      })
    add(
      "many_sections_delete_row",
      harness.measure("many_sections_delete_row", n: sections) {
        var s = random.next(below: model.sectionCount)
        while model[s] == 0 { s = random.next(below: model.sectionCount) }
        model[s] -= 1
        try? table.deleteRows(at: [IndexPath(row: random.next(below: model[s] + 1), section: s)])
        return s
      })
  }
  return results
}

// MARK: - Diffable snapshots

/// Applying a snapshot of n items in which 1% changed (deleted, inserted, moved), at 10⁵ and 10⁶.
func measureDiffable(harness: Harness) -> [Measurement] {
  guard harness.includes("diffable_apply") else { return [] }
  var results: [Measurement] = []
  var small: Double?
  for n in [100_000, 1_000_000] {
    let table = makeBenchTable(dataSource: nil) { $0.estimatedRowHeight = 44 }
    let source = DiffableDataSource<Int, Int>(tableView: table) { table, path, _ in
      table.dequeueReusableCell(withIdentifier: "row", for: path, as: TestCell.self)
    }
    var items = Array(0..<n)
    var next = n
    var random = BenchRandom(seed: 0xD1FF &+ UInt64(n))
    func snapshot() -> DiffableSnapshot<Int, Int> {
      var snapshot = DiffableSnapshot<Int, Int>()
      try? snapshot.appendSections([0])
      try? snapshot.appendItems(items, toSection: 0)
      return snapshot
    }
    try? source.apply(snapshot(), animatingDifferences: false)
    // Snapshots made ahead (outside the timing): each changes 1% of the items.
    var snapshots: [DiffableSnapshot<Int, Int>] = []
    for _ in 0..<4 {
      for _ in 0..<(n / 300) {
        items.remove(at: random.next(below: items.count))
        items.insert(next, at: random.next(below: items.count + 1))
        next += 1
        let moved = items.remove(at: random.next(below: items.count))
        items.insert(moved, at: random.next(below: items.count + 1))
      }
      snapshots.append(snapshot())
    }
    var i = 0
    let measured = harness.measure("diffable_apply", n: n, maxBatch: 1) {
      try? source.apply(snapshots[i % snapshots.count], animatingDifferences: false)
      i += 1
      return i
    }
    guard var measurement = measured else { continue }
    if let small {
      measurement.baseline = "10⁵ items"
      measurement.baselineNsPerOp = small
    } else {
      small = measurement.nsPerOp
    }
    results.append(measurement)
  }
  return results
}

// MARK: - The height index against a Fenwick tree

/// A plain Fenwick (binary indexed) tree of row heights: the floor for a height change, an offset
/// and a search, with nothing else (no insert, no delete, no sections).
struct FenwickTree {
  private var tree: [Int64]
  private let log: Int

  init(heights: [Int64]) {
    tree = [0] + heights
    for i in 1..<tree.count {
      let parent = i + (i & -i)
      if parent < tree.count { tree[parent] += tree[i] }
    }
    var log = 1
    while log * 2 < tree.count { log *= 2 }
    self.log = log
  }

  /// Adds `delta` to row `i`'s height.
  mutating func add(_ delta: Int64, at i: Int) {
    var j = i + 1
    tree.withUnsafeMutableBufferPointer { tree in
      while j < tree.count {
        tree[j] &+= delta
        j += j & -j
      }
    }
  }

  /// The sum of rows `0..<i`.
  func prefix(_ i: Int) -> Int64 {
    var j = i
    var sum: Int64 = 0
    tree.withUnsafeBufferPointer { tree in
      while j > 0 {
        sum &+= tree[j]
        j -= j & -j
      }
    }
    return sum
  }

  /// The row containing offset `y`.
  func row(containing y: Int64) -> Int {
    var position = 0
    var rest = y
    var step = log
    tree.withUnsafeBufferPointer { tree in
      while step > 0 {
        let next = position + step
        if next < tree.count, tree[next] <= rest {
          position = next
          rest -= tree[next]
        }
        step >>= 1
      }
    }
    return position
  }

  /// Bytes per row.
  static let bytesPerRow = MemoryLayout<Int64>.stride
}

/// The height index with every row measured against a Fenwick tree over the same heights.
func measureIndexAgainstFenwick(harness: Harness) -> [Measurement] {
  let names = ["index_height_change", "index_offset", "index_offset_chained", "index_find", "index_bytes_per_row"]
  guard harness.includesAny(names) else { return [] }
  var results: [Measurement] = []
  for n in [1_000, 100_000, 10_000_000] {
    let heights = (0..<n).map { HeightIndex.units(BenchWorkload.rowHeight($0)) }
    var index = HeightIndex()
    index.appendSection(header: 0, footer: 0, rowUnits: heights)
    index.rebalance()
    let bytes = index.bytesInUse
    var fenwick = FenwickTree(heights: heights)
    let total = index.totalUnits
    func pair(_ name: String, _ ours: () -> Measurement?, _ theirs: () -> Measurement?) {
      guard var row = ours(), let baseline = theirs() else { return }
      row.baseline = "Fenwick"
      row.baselineNsPerOp = baseline.baselineNsPerOp
      results.append(row)
    }
    var random = BenchRandom(seed: 0xFE4 &+ UInt64(n))
    pair(
      "index_height_change",
      {
        harness.measure("index_height_change", n: n) {
          let row = random.next(below: n)
          index.updateHeight(ofItem: row + 1, units: Int64(20 + random.next(below: 101)) * 256, measured: true)
          return row
        }
      },
      {
        harness.measure("index_height_change", n: n, baseline: "Fenwick") {
          let row = random.next(below: n)
          let h = Int64(20 + random.next(below: 101)) * 256
          fenwick.add(h - heights[row], at: row)
          return row
        }
      })
    // The read-only questions go to a `let`: a `var` captured by a closure is copied out of its
    // box for every call (a retain and a release of each of the index's arrays), which the
    // table, holding the index in a stored property, does not pay.
    let frozen = index
    pair(
      "index_offset",
      { harness.measure("index_offset", n: n) { frozen.offset(ofItem: random.next(below: n) + 1) } },
      { harness.measure("index_offset", n: n, baseline: "Fenwick") { fenwick.prefix(random.next(below: n)) } })
    // The same questions, each row depending on the answer before it, as a table asks them (a
    // scroll step's next question waits for the last answer): latency. Unchained, a Fenwick
    // tree's few instructions let the processor run several questions at once, so that their
    // misses overlap; the index's descent does too only while each level stays a few instructions.
    var carry = 0
    pair(
      "index_offset_chained",
      {
        harness.measure("index_offset_chained", n: n) {
          let units = frozen.offset(ofItem: (random.next(below: n) ^ carry) % n + 1)
          carry = Int(units & 1)
          return units
        }
      },
      {
        harness.measure("index_offset_chained", n: n, baseline: "Fenwick") {
          let units = fenwick.prefix((random.next(below: n) ^ carry) % n)
          carry = Int(units & 1)
          return units
        }
      })
    pair(
      "index_find",
      {
        harness.measure("index_find", n: n) {
          frozen.item(containing: Int64(random.nextDouble(below: Double(total))))
        }
      },
      {
        harness.measure("index_find", n: n, baseline: "Fenwick") {
          fenwick.row(containing: Int64(random.nextDouble(below: Double(total))))
        }
      })
    if harness.includes("index_bytes_per_row") {
      results.append(
        Measurement(
          name: "index_bytes_per_row", n: n, count: Int((Double(bytes) / Double(n)).rounded()), baseline: "Fenwick",
          baselineCount: FenwickTree.bytesPerRow))
    }
  }
  return results
}

// MARK: - Idle precompute

/// A self-sizing cell whose measuring costs next to nothing, so the engine's share shows.
func makeSizingCell() -> TestCell { TestCell(height: { cell, _ in Double(20 + cell.item % 7) }) }

/// A self-sizing table of one section.
final class SizingModel: TableViewDataSource {
  var rows: Int
  init(rows: Int) { self.rows = rows }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath, as: TestCell.self)
    cell.item = indexPath.row
    return cell
  }
}

/// A clock on the monotonic clock, in seconds.
final class BenchClock: TableViewClock {
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  init() { start = clock.now }
  var now: Double { Harness.nanoseconds(start.duration(to: clock.now)) / 1e9 }
}

/// The idle precompute at 10⁶ self-sized rows: ns per row beyond `sizeThatFits`, and the longest
/// slice against its budget.
func measurePrecompute(harness: Harness) -> [Measurement] {
  guard
    harness.includesAny([
      "precompute_row", "precompute_slice_max", "precompute_slice_max_cpu", "precompute_slices_descheduled",
    ])
  else { return [] }
  let n = 1_000_000
  let model = SizingModel(rows: n)
  let table = makeBenchTable(
    dataSource: model,
    configure: { table in
      table.clock = BenchClock()
      table.rowHeight = TableView.automaticDimension
      table.estimatedRowHeight = 24
    }, cell: { makeSizingCell() })
  table.contentOffset.y = table.contentSize.height / 2
  let scheduler = table.idlePrecompute
  let budget = 0.004
  scheduler.enable(budget: budget)
  let clock = ContinuousClock()
  let rows = harness.options.quick ? 100_000 : 400_000
  let startRows = table.diagnostics.precomputedRowCount
  let started = clock.now
  // Each slice on the wall clock (what the engine's budget is kept against, as an app's clock is) and in the
  // thread's own CPU time: a slice whose wall time overran while its CPU time did not was descheduled.
  var longestCPU = 0.0
  var cpuOfLongestWall = 0.0
  var longestWall = 0.0
  var descheduled = 0
  while table.diagnostics.precomputedRowCount - startRows < rows {
    let (wallStart, cpuStart) = (monotonicSeconds(), threadCPUSeconds())
    let ran = table.runIdleSlice()
    let (wall, cpu) = (monotonicSeconds() - wallStart, threadCPUSeconds() - cpuStart)
    longestCPU = max(longestCPU, cpu)
    if wall > longestWall { (longestWall, cpuOfLongestWall) = (wall, cpu) }
    if wall > budget * 1.1, cpu <= budget * 1.1 { descheduled += 1 }
    if !ran { break }
  }
  let elapsed = Harness.nanoseconds(started.duration(to: clock.now))
  let measured = table.diagnostics.precomputedRowCount - startRows
  // What the cell's own measuring costs, alone.
  let cell = makeSizingCell()
  let sizing = harness.nanosecondsPerOperation {
    cell.item &+= 1
    return cell.sizeThatFits(width: BenchWorkload.viewportWidth)
  }
  var results: [Measurement] = []
  if harness.includes("precompute_row"), measured > 0 {
    results.append(
      Measurement(
        name: "precompute_row", n: n, nsPerOp: elapsed / Double(measured) - sizing, baseline: "sizeThatFits",
        baselineNsPerOp: sizing))
  }
  if harness.includes("precompute_slice_max") {
    results.append(
      Measurement(
        name: "precompute_slice_max", n: n, nsPerOp: table.diagnostics.longestPrecomputeSliceDuration * 1e9,
        baseline: "budget",
        baselineNsPerOp: budget * 1e9))
  }
  if harness.includes("precompute_slice_max_cpu") {
    // The slice's own work: its longest thread CPU time against the budget, and the CPU time of the slice that
    // was longest on the wall clock (near its wall time: the slice worked; far below: it waited).
    results.append(
      Measurement(
        name: "precompute_slice_max_cpu", n: n, nsPerOp: longestCPU * 1e9, baseline: "budget",
        baselineNsPerOp: budget * 1e9))
    results.append(
      Measurement(
        name: "precompute_slice_longest_wall_cpu", n: n, nsPerOp: cpuOfLongestWall * 1e9,
        baseline: "its wall time", baselineNsPerOp: longestWall * 1e9))
  }
  if harness.includes("precompute_slices_descheduled") {
    results.append(Measurement(name: "precompute_slices_descheduled", n: n, count: descheduled))
  }
  return results
}
