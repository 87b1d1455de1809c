import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// The focus against a reference model: rows are identities; random batch updates (rows and
// sections inserted, deleted, moved, reloaded), reloads, scrolls and focus moves. The model keeps the
// focused identity and, when it goes, finds the nearest survivor the slow, obvious way (walking the
// old rows after it, then before it, in a flat list). After every step the table's focus names the
// model's row and exactly the cell on screen for that row shows the focus.

/// Rows are identities; every row 10 points tall.
private final class IdentitySource: TableViewDataSource {
  var sections: [[Int]] = []
  var nextID = 0

  func fresh() -> Int {
    nextID += 1
    return nextID
  }
  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }

  func path(of id: Int) -> IndexPath? {
    for (s, rows) in sections.enumerated() {
      if let r = rows.firstIndex(of: id) { return IndexPath(row: r, section: s) }
    }
    return nil
  }
}

/// A random valid batch over `source.sections`: the update and the row counts after it.
private func randomBatch(_ source: IdentitySource, rng: inout SplitMix64) -> (BatchUpdate, [Int]) {
  let old = source.sections
  var update = BatchUpdate()
  var counts = old.map(\.count)
  // Sometimes a section goes or comes (then no row operations, to keep the bookkeeping simple).
  if rng.int(0..<4) == 0, !old.isEmpty {
    let s = rng.int(0..<old.count)
    update.deleteSections([s])
    counts.remove(at: s)
    if rng.int(0..<2) == 0 {
      let at = rng.int(0..<(counts.count + 1))
      let rows = rng.int(0..<4)
      update.insertSections([at])
      counts.insert(rows, at: at)
    }
    return (update, counts)
  }
  if rng.int(0..<6) == 0 {
    let at = rng.int(0..<(counts.count + 1))
    update.insertSections([at])
    counts.insert(rng.int(0..<4), at: at)
    return (update, counts)
  }
  var paths = old.enumerated().flatMap { s, rows in rows.indices.map { IndexPath(row: $0, section: s) } }
  paths.shuffle(using: &rng)
  // Runs of deletes too: a whole neighbourhood of the focus goes at once.
  var deletes: [IndexPath] = []
  if let start = paths.first, rng.int(0..<3) == 0 {
    let run = rng.int(1..<8)
    deletes = (start.row..<min(old[start.section].count, start.row + run)).map {
      IndexPath(row: $0, section: start.section)
    }
  }
  var cursor = 0
  func take(_ n: Int) -> [IndexPath] {
    var taken: [IndexPath] = []
    while taken.count < n, cursor < paths.count {
      if !deletes.contains(paths[cursor]) { taken.append(paths[cursor]) }
      cursor += 1
    }
    return taken
  }
  deletes += take(rng.int(0..<3))
  let reloads = take(rng.int(0..<2))
  let moves = take(rng.int(0..<2))
  for p in deletes + moves { counts[p.section] -= 1 }
  guard !old.isEmpty else { return (update, counts) }
  let inserts = (0..<rng.int(0..<4)).map { _ in rng.int(0..<old.count) }
  let moveTargets = moves.map { _ in rng.int(0..<old.count) }
  for s in inserts + moveTargets { counts[s] += 1 }
  var free: [Int: [IndexPath]] = [:]
  for s in Set(inserts + moveTargets).sorted() {
    var rows = (0..<counts[s]).map { IndexPath(row: $0, section: s) }
    rows.shuffle(using: &rng)
    free[s] = rows
  }
  update.deleteRows(at: deletes)
  update.reloadRows(at: reloads)
  for s in inserts { update.insertRows(at: [free[s]!.removeLast()]) }
  for (p, s) in zip(moves, moveTargets) { update.moveRow(at: p, to: free[s]!.removeLast()) }
  return (update, counts)
}

@Suite("the focus against a model")
struct FocusModelTests {
  @Test(
    "random batch updates, reloads, scrolls and moves: the focus stays on its row or goes to the nearest",
    arguments: UInt64(1)...UInt64(6))
  func randomized(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let source = IdentitySource()
    source.sections = (0..<4).map { _ in (0..<rng.int(0..<12)).map { _ in source.fresh() } }
    let table = TableView(style: .grouped)
    let host = TestHost()
    table.host = host
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.rowHeight = 10
    table.sectionHeaderHeight = 5
    table.dataSource = source
    table.selectionMode = seed % 2 == 0 ? .multiple : .single
    table.viewportSize = Size(width: 100, height: 60)
    table.reloadData()

    /// The focused identity, kept by the model.
    var focusedID: Int?

    func check(_ step: Int, _ what: String) {
      let expected = focusedID.flatMap { source.path(of: $0) }
      #expect(
        table.focusedIndexPath == expected,
        "step \(step) (\(what)): focus \(String(describing: table.focusedIndexPath)), model \(String(describing: expected))"
      )
      let shown = table.visible.rows.filter { ($0.view as? TestCell)?.isFocused == true }.map(\.indexPath)
      let onScreen = expected.map { e in table.visible.rows.contains { $0.indexPath == e } } ?? false
      #expect(shown == (onScreen ? [expected!] : []), "step \(step) (\(what)): cells showing the focus \(shown)")
      checkInvariants(table, host: host)
    }

    for step in 0..<300 {
      var what = ""
      switch rng.int(0..<10) {
      case 0, 1, 2, 3:
        what = "batch"
        let oldFlat = source.sections.flatMap { $0 }
        let (update, counts) = randomBatch(source, rng: &rng)
        var reloadedTo: [Int: Int] = [:]
        // The model: the update applied to identities (fresh ones for inserted and reloaded rows).
        let plan = try update.plan(oldRowCounts: source.sections.map(\.count), newRowCounts: counts)
        var new = source.sections
        plan.apply(
          to: &new, fresh: { _ in source.fresh() },
          reload: { id, _ in
            let fresh = source.fresh()
            reloadedTo[id] = fresh
            id = fresh
          })
        let newFlat = Set(new.flatMap { $0 })
        source.sections = new
        try table.performBatchUpdates { $0 = update }
        // The reference rule.
        if let id = focusedID {
          if let reloaded = reloadedTo[id] {
            focusedID = reloaded
          } else if !newFlat.contains(id) {
            let survives = { (other: Int) in newFlat.contains(other) || reloadedTo[other] != nil }
            let f = oldFlat.firstIndex(of: id)!
            if let after = oldFlat[(f + 1)...].first(where: survives) {
              focusedID = reloadedTo[after] ?? after
            } else if let before = oldFlat[..<f].last(where: survives) {
              focusedID = reloadedTo[before] ?? before
            } else {
              focusedID = new.flatMap { $0 }.first
            }
          }
        }
      case 4, 5:
        what = "arrow"
        let direction: TableView.RowDirection = rng.int(0..<2) == 0 ? .next : .previous
        table.moveFocus(direction)
        focusedID = table.focusedIndexPath.map { source.sections[$0.section][$0.row] }
      case 6:
        what = "focusRow"
        let all = source.sections.enumerated().flatMap { s, rows in rows.indices.map { IndexPath(row: $0, section: s) }
        }
        if let target = all.randomElement(using: &rng) {
          try table.focusRow(at: target)
          focusedID = source.sections[target.section][target.row]
        }
      case 7:
        what = "reload"
        table.reloadData()
      default:
        what = "scroll"
        table.contentOffset.y = Double(rng.int(0..<200))
      }
      check(step, what)
    }
  }
}
