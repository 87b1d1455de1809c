import SeededRandom
import Testing

@testable import TableViewCore

/// A self-sizing data source whose rows are identities; a row's true height depends on its
/// identity and the table's width (as a wrapped label's does).
private final class IdentityModel: TableViewDataSource {
  var sections: [[Int]]
  var nextID = 0
  init(sections: [[Int]]) { self.sections = sections }
  static func height(_ id: Int, width: Double) -> Double { Double(20 + (id * 7 + Int(width)) % 61) }
  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.fittingHeight = Self.height(sections[indexPath.section][indexPath.row], width: tableView.measuringWidth)
    return cell
  }
  func fresh() -> Int {
    nextID += 1
    return nextID
  }
}

/// One width's cache, read out: per row, its identity-independent (height, measured) pair.
private func snapshot(_ index: HeightIndex) -> [[(Int64, Bool)]] {
  (0..<index.sectionCount).map { s in
    (0..<index.rowCount(inSection: s)).map { r in
      let k = index.itemIndex(of: IndexPath(row: r, section: s))
      return (index.height(ofItem: k), index.isMeasured(item: k))
    }
  }
}

private func same(_ a: [[(Int64, Bool)]], _ b: [[(Int64, Bool)]]) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { x, y in x.count == y.count && zip(x, y).allSatisfy { $0 == $1 } }
}

/// Generates a random batch that is valid by construction, with the counts it produces.
private func randomBatch(_ counts: [Int], rng: inout SplitMix64) -> (BatchUpdate, [Int])? {
  var update = BatchUpdate()
  if rng.int(0..<6) == 0 {
    // A section-level batch.
    var newCount = counts.count
    switch rng.int(0..<4) {
    case 0 where counts.count > 1:
      update.deleteSections([rng.int(0..<counts.count)])
      newCount -= 1
      var next = counts
      next.remove(at: update.deletedSections[0])
      return (update, next)
    case 1 where counts.count < 8:
      let at = rng.int(0..<(newCount + 1))
      update.insertSections([at])
      var next = counts
      next.insert(rng.int(0..<12), at: at)
      return (update, next)
    case 2 where counts.count > 1:
      let from = rng.int(0..<counts.count)
      let to = rng.int(0..<counts.count)
      update.moveSection(from, toSection: to)
      var next = counts
      next.insert(next.remove(at: from), at: to)
      return (update, next)
    default:
      guard !counts.isEmpty else { return nil }
      let s = rng.int(0..<counts.count)
      update.reloadSections([s])
      var next = counts
      next[s] = rng.int(0..<12)
      return (update, next)
    }
  }
  // Row-level: distinct old rows for deletes, reloads and move sources.
  var oldRows = counts.enumerated().flatMap { s, n in (0..<n).map { IndexPath(row: $0, section: s) } }
  oldRows.shuffle(using: &rng)
  var cursor = 0
  func take(_ n: Int) -> [IndexPath] {
    let slice = oldRows[cursor..<min(cursor + n, oldRows.count)]
    cursor += slice.count
    return Array(slice)
  }
  let deletes = take(rng.int(0..<3))
  let reloads = take(rng.int(0..<3))
  let moveSources = take(rng.int(0..<3))
  var newCounts = counts
  for p in deletes + moveSources { newCounts[p.section] -= 1 }
  let insertSections = (0..<rng.int(0..<4)).compactMap { _ in counts.isEmpty ? nil : rng.int(0..<counts.count) }
  let moveTargets = moveSources.map { _ in rng.int(0..<counts.count) }
  for s in insertSections + moveTargets { newCounts[s] += 1 }
  // Distinct destinations in the new index space.
  var free: [IndexPath] = newCounts.enumerated().flatMap { s, n in (0..<n).map { IndexPath(row: $0, section: s) } }
  var destinations: [Int: [IndexPath]] = [:]
  for s in Set(insertSections + moveTargets) {
    var rows = free.filter { $0.section == s }
    rows.shuffle(using: &rng)
    destinations[s] = rows
  }
  free.removeAll()
  func destination(_ s: Int) -> IndexPath { destinations[s]!.removeLast() }
  update.deleteRows(at: deletes)
  update.reloadRows(at: reloads)
  update.insertRows(at: insertSections.map(destination))
  for (source, s) in zip(moveSources, moveTargets) { update.moveRow(at: source, to: destination(s)) }
  return (update, newCounts)
}

@Suite("Height cache through batch updates")
struct HeightCacheModelTests {
  @Test("10,000 random batches and width switches: every cached height in every width matches the model")
  func randomizedBatches() throws {
    var rng = SplitMix64(seed: 2024)
    let model = IdentityModel(sections: [])
    model.sections = (0..<4).map { _ in (0..<rng.int(0..<20)).map { _ in model.fresh() } }
    let table = TableView()
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = 44
    table.dataSource = model
    table.viewportSize = Size(width: 100, height: 240)
    table.reloadData()
    // The model of the caches: per width, the identities measured.
    var measured: [Double: Set<Int>] = [
      100: Set(table.indexPathsForVisibleRows.map { model.sections[$0.section][$0.row] })
    ]
    var batches = 0
    var invalid = 0
    for step in 0..<10_000 {
      if step % 37 == 0 {
        // Switch width (portrait ↔ landscape); the other width's cache must come back intact.
        let width: Double = table.viewportSize.width == 100 ? 160 : 100
        table.viewportSize = Size(width: width, height: 240)
      } else if rng.int(0..<5) == 0 {
        table.contentOffset.y = rng.double(0...max(0, table.maximumContentOffsetY))
      } else {
        let counts = model.sections.map(\.count)
        guard let (update, newCounts) = randomBatch(counts, rng: &rng) else { continue }
        let plan: BatchUpdatePlan
        do { plan = try update.plan(oldRowCounts: counts, newRowCounts: newCounts) } catch { continue }
        var next = model.sections
        var reloadedIDs = Set<Int>()
        plan.apply(
          to: &next, fresh: { _ in model.fresh() },
          reload: { id, _ in
            reloadedIDs.insert(id)
            id = model.fresh()
          })
        let rowsOnly =
          update.insertedSections.isEmpty && update.deletedSections.isEmpty && update.reloadedSections.isEmpty
          && update.movedSections.isEmpty
        if rowsOnly, rng.int(0..<4) == 0, !newCounts.isEmpty {
          // The data source changes its counts wrongly: the update must throw and change nothing.
          let before = (
            snapshot(table.heights.index), table.heights.otherWidths.mapValues(snapshot),
            table.visibleCells.map(ObjectIdentifier.init)
          )
          let saved = model.sections
          var wrong = next
          let s = rng.int(0..<wrong.count)
          wrong[s].append(model.fresh())
          model.sections = wrong
          do {
            try table.apply(update)
            Issue.record("an update with wrong counts was accepted")
          } catch {
            #expect(error.kind == .invalidUpdate)
            #expect(error.message.contains("section \(s)") || error.message.contains("sections"))
          }
          model.sections = saved
          #expect(same(snapshot(table.heights.index), before.0))
          #expect(
            table.heights.otherWidths.keys.allSatisfy { same(snapshot(table.heights.otherWidths[$0]!), before.1[$0]!) })
          #expect(table.visibleCells.map(ObjectIdentifier.init) == before.2)
          invalid += 1
          continue
        }
        let stayingCells = table.indexPathsForVisibleRows.compactMap { old -> (IndexPath, ObjectIdentifier)? in
          guard !plan.isReloaded(old: old), let new = plan.newIndexPath(forOld: old),
            let cell = table.cellForRow(at: old)
          else { return nil }
          return (new, ObjectIdentifier(cell))
        }
        model.sections = next
        try table.apply(update)
        batches += 1
        for (path, cell) in stayingCells {
          if let now = table.cellForRow(at: path) {
            #expect(ObjectIdentifier(now) == cell, "a row that stays keeps its cell")
          }
        }
        let alive = Set(next.flatMap { $0 })
        for w in measured.keys { measured[w] = measured[w]!.subtracting(reloadedIDs).intersection(alive) }
      }
      checkInvariants(table)
      // What is on screen is measured at the current width.
      let width = table.viewportSize.width
      for path in table.indexPathsForVisibleRows {
        measured[width, default: []].insert(model.sections[path.section][path.row])
      }
      // Every width's cache: measured exactly where the model says, at the true height.
      var caches = table.heights.otherWidths
      caches[width] = table.heights.index
      for (w, cache) in caches {
        for (s, rows) in model.sections.enumerated() {
          #expect(cache.rowCount(inSection: s) == rows.count)
          for (r, id) in rows.enumerated() {
            let k = cache.itemIndex(of: IndexPath(row: r, section: s))
            let isMeasured = cache.isMeasured(item: k)
            let known = measured[w, default: []].contains(id)
            if known { #expect(isMeasured, "row \(id) lost its height at width \(w)") }
            if isMeasured && !known {
              // Only the current width measures, and only rows at the viewport (a first row that
              // shrinks when measured may end just above it).
              #expect(w == width, "row \(id) measured at width \(w) while the table was not at that width")
              let y = HeightIndex.points(cache.offset(ofItem: k))
              #expect(
                abs(y - table.contentOffset.y) < 2 * table.viewportSize.height, "row \(id) measured far from the screen"
              )
              measured[w, default: []].insert(id)
            }
            if isMeasured { #expect(cache.height(ofItem: k) == HeightIndex.units(IdentityModel.height(id, width: w))) }
          }
        }
      }
    }
    #expect(batches > 5000)
    #expect(invalid > 1000)
  }
}
