import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// Animated updates against a model: random batches with random row animations, interrupted by
// scrolls, height changes and further batches mid-animation, on an injected clock. At the instant of
// every update no view that stays attached moves on screen; after each step the invariants hold and
// every cell ever made is on screen, on its way out or in a pool; once everything settles the table
// equals the model (rows, frames, selection), no view is on its way out, and every completion ran
// once.

/// Rows are identities; a row's height depends on its identity (and changes when it is edited).
private final class AnimatedSource: TableViewDataSource, TableViewDelegate {
  var sections: [[Int]] = []
  var heights: [Int: Double] = [:]
  var nextID = 0
  /// Every cell made, weakly: a cell alive must be on screen, on its way out or pooled.
  var made: [Weak] = []

  struct Weak {
    weak var cell: TestCell?
  }

  func fresh(_ rng: inout SplitMix64) -> Int {
    nextID += 1
    heights[nextID] = Double(rng.int(8..<40) * 4)
    return nextID
  }
  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.configuredFor = indexPath
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    heights[sections[indexPath.section][indexPath.row]]!
  }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { 24 }
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
  }
}

/// A random valid batch over `sections`, each operation with a random animation; the new sections.
private func randomAnimatedBatch(_ source: AnimatedSource, rng: inout SplitMix64) throws -> (BatchUpdate, [[Int]]) {
  let kinds = TableView.RowAnimation.allCases
  func kind() -> TableView.RowAnimation { kinds[rng.int(0..<kinds.count)] }
  let old = source.sections
  var update = BatchUpdate()
  var paths = old.enumerated().flatMap { s, rows in rows.indices.map { IndexPath(row: $0, section: s) } }
  paths.shuffle(using: &rng)
  var cursor = 0
  func take(_ n: Int) -> [IndexPath] {
    let slice = paths[cursor..<min(cursor + n, paths.count)]
    cursor += slice.count
    return Array(slice)
  }
  let deletes = take(rng.int(0..<4))
  let reloads = take(rng.int(0..<3))
  let moves = take(rng.int(0..<3))
  var counts = old.map(\.count)
  for p in deletes + moves { counts[p.section] -= 1 }
  let insertSections = (0..<rng.int(0..<5)).map { _ in rng.int(0..<old.count) }
  let moveTargets = moves.map { _ in rng.int(0..<old.count) }
  for s in insertSections + moveTargets { counts[s] += 1 }
  var free: [Int: [IndexPath]] = [:]
  for s in Set(insertSections + moveTargets).sorted() {
    var rows = (0..<counts[s]).map { IndexPath(row: $0, section: s) }
    rows.shuffle(using: &rng)
    free[s] = rows
  }
  for p in deletes { update.deleteRows(at: [p], with: kind()) }
  for p in reloads { update.reloadRows(at: [p], with: kind()) }
  for s in insertSections { update.insertRows(at: [free[s]!.removeLast()], with: kind()) }
  for (p, s) in zip(moves, moveTargets) { update.moveRow(at: p, to: free[s]!.removeLast(), animated: true) }
  let plan = try update.plan(oldRowCounts: old.map(\.count), newRowCounts: counts)
  var new = old
  plan.apply(to: &new, fresh: { _ in source.fresh(&rng) }, reload: { id, _ in id = source.fresh(&rng) })
  return (update, new)
}

@MainActor
@Suite("animated updates against a model")
struct AnimatedUpdateModelTests {
  @Test(
    "random animated batches, interrupted anywhere, settle into the model",
    arguments: [(UInt64(1), false), (2, false), (3, false), (4, false), (5, true), (6, true), (7, true)])
  func randomized(seed: UInt64, estimated: Bool) throws {
    var rng = SplitMix64(seed: seed)
    let source = AnimatedSource()
    source.sections = (0..<3).map { _ in (0..<rng.int(5..<25)).map { _ in source.fresh(&rng) } }
    let clock = ManualClock(start: 10)
    let table = TableView(style: .plain, clock: clock)
    let host = TestHost()
    table.host = host
    table.register(
      { () -> TestCell in
        let cell = TestCell()
        source.made.append(AnimatedSource.Weak(cell: cell))
        return cell
      }, forCellReuseIdentifier: "cell")
    table.register({ TestCell() }, forHeaderFooterViewReuseIdentifier: "header")
    table.dataSource = source
    table.delegate = source
    table.viewportSize = Size(width: 100, height: 300)
    if estimated {
      // Rows start at an estimate and are measured as they show (also mid-animation), with the
      // visible content kept still through the updates.
      table.estimatedRowHeight = 50
      table.maintainsVisibleContentPosition = true
    }
    table.reloadData()

    var pendingCompletions = 0
    var completedTwice = false
    var selectedID: Int?

    /// Where every attached view is drawn on screen.
    func onScreen() -> [ObjectIdentifier: CellPresentation] {
      var result: [ObjectIdentifier: CellPresentation] = [:]
      for view in table.visible.attachedViews + table.leavingViews {
        var p = table.presentation(of: view)
        p.frame.origin.y -= table.contentOffset.y
        result[ObjectIdentifier(view)] = p
      }
      return result
    }
    func checkNoJump(_ before: [ObjectIdentifier: CellPresentation], _ step: Int) {
      for (id, p) in onScreen() {
        guard let old = before[id] else { continue }
        let same =
          abs(p.frame.minY - old.frame.minY) < 1e-6 && abs(p.frame.minX - old.frame.minX) < 1e-6
          && abs(p.frame.height - old.frame.height) < 1e-6 && abs(p.alpha - old.alpha) < 1e-6
        #expect(same, "step \(step): a view jumped from \(old) to \(p) at an update")
      }
    }
    func checkNoLeak(_ step: Int) {
      var held = Set(table.visible.rows.map { ObjectIdentifier($0.view) })
      held.formUnion(table.leavingViews.map(ObjectIdentifier.init))
      held.formUnion(table.visible.cellPool.allViews.map(ObjectIdentifier.init))
      let alive = source.made.compactMap(\.cell)
      let stray = alive.filter { !held.contains(ObjectIdentifier($0)) }
      #expect(stray.isEmpty, "step \(step): \(stray.count) cells alive outside the screen, the way out and the pool")
      // `isLeaving` answers for each view what `leavingViews` lists.
      let leaving = Set(table.leavingViews.map(ObjectIdentifier.init))
      let disagree = alive.filter { table.isLeaving($0) != leaving.contains(ObjectIdentifier($0)) }
      #expect(disagree.isEmpty, "step \(step): isLeaving disagrees with leavingViews for \(disagree.count) cells")
    }
    func settle(_ step: Int) {
      clock.advance(by: 1)
      table.tick()
      #expect(!table.isAnimating && table.leavingViews.isEmpty, "step \(step): still animating after settling")
      #expect(pendingCompletions == 0, "step \(step): \(pendingCompletions) completions never ran")
      // The table equals the model.
      var y = 0.0
      var expected: [IndexPath: Rect] = [:]
      for (s, rows) in source.sections.enumerated() {
        y += 24
        for (r, id) in rows.enumerated() {
          let h = source.heights[id]!
          expected[IndexPath(row: r, section: s)] = Rect(x: 0, y: y, width: 100, height: h)
          y += h
        }
      }
      if !estimated { #expect(table.contentSize.height == y, "step \(step): content height") }
      for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) {
        if estimated {
          // Rows off screen may still be estimates: a row on screen has its true height.
          #expect(cell.frame.height == expected[path]?.height, "step \(step): row \(path)")
        } else {
          #expect(cell.frame == expected[path], "step \(step): row \(path)")
        }
        #expect(table.presentation(of: cell) == CellPresentation(frame: cell.frame), "step \(step): \(path) drawn off")
      }
      let selected = selectedID.flatMap { id in
        source.sections.enumerated().lazy.compactMap { s, rows in
          rows.firstIndex(of: id).map { IndexPath(row: $0, section: s) }
        }.first
      }
      #expect(table.indexPathsForSelectedRows == (selected.map { [$0] } ?? []), "step \(step): selection")
      checkInvariants(table, host: host)
      checkNoLeak(step)
    }

    for step in 0..<400 {
      let roll = rng.int(0..<100)
      switch roll {
      case 0..<45:
        let before = onScreen()
        let (update, new) = try randomAnimatedBatch(source, rng: &rng)
        source.sections = new
        pendingCompletions += 1
        var calls = 0
        try table.apply(update) { finished in
          calls += 1
          if calls > 1 { completedTwice = true }
          #expect(finished, "step \(step): an update's animation was cut short")
          pendingCompletions -= 1
        }
        // A reloaded selected row leaves the selection, as in UIKit; a deleted one too.
        if let id = selectedID, !source.sections.contains(where: { $0.contains(id) }) { selectedID = nil }
        checkNoJump(before, step)
      case 45..<55:
        // A row changes height; the empty batch animates it.
        let s = rng.int(0..<source.sections.count)
        guard !source.sections[s].isEmpty else { continue }
        let id = source.sections[s][rng.int(0..<source.sections[s].count)]
        source.heights[id] = Double(rng.int(8..<40) * 4)
        let before = onScreen()
        pendingCompletions += 1
        try table.performBatchUpdates({ _ in }, completion: { _ in pendingCompletions -= 1 })
        checkNoJump(before, step)
      case 55..<70:
        if rng.int(0..<2) == 0 {
          table.scroll(by: Double(rng.int(-400..<400)))
        } else {
          table.contentOffset.y = Double(rng.int(0..<Int(max(1, table.maximumContentOffsetY + 1))))
        }
      case 70..<75:
        let paths = table.indexPathsForVisibleRows
        guard !paths.isEmpty else { continue }
        let path = paths[rng.int(0..<paths.count)]
        try table.selectRow(at: path, animated: false, scrollPosition: .none)
        selectedID = source.sections[path.section][path.row]
      default:
        clock.advance(by: Double(rng.int(0..<25)) / 100)
        table.tick()
        // Every attached view is drawn where its motion has it at this tick, from its frame now.
        for view in table.visible.attachedViews + table.leavingViews {
          let timeline = table.animations.presentation(of: view, frame: view.frame, at: clock.now)
          #expect(table.presentation(of: view) == timeline, "step \(step): drawn off its timeline")
        }
      }
      checkInvariants(table, host: host)
      checkNoLeak(step)
      if step % 50 == 49 { settle(step) }
    }
    settle(400)
    #expect(!completedTwice, "a completion ran twice")
  }
}
