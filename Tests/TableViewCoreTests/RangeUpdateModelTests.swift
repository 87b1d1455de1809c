import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// Rows inserted and deleted by range against the same rows by index path: random batches mixing
// ranges, index paths, moves and reloads (with random animations) are applied to one table as
// recorded and to a twin through the equivalent index paths (shuffled, descending or ascending), between scrolls,
// selections, focus moves and animation frames. After every step the twins agree on everything a
// user sees (counts, frames on screen and how they are drawn, offset, selection, focus, the chat
// state) and both equal the model; each keeps its invariants.

/// Rows are identities; a row's height depends on its identity.
private final class RangeSource: TableViewDataSource, TableViewDelegate {
  var sections: [[Int]] = []
  var heights: [Int: Double] = [:]
  var nextID = 0

  func fresh(_ rng: inout SplitMix64) -> Int {
    nextID += 1
    heights[nextID] = Double(rng.int(4..<20) * 4)
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
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { 20 }
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
  }
}

/// One random valid batch, twice: as recorded (ranges, and some runs as index paths) and all in
/// index paths (each run's paths shuffled); and the sections after it.
private func randomRangeBatch(_ source: RangeSource, rng: inout SplitMix64) throws -> (
  ranged: BatchUpdate, paths: BatchUpdate, new: [[Int]]
) {
  let kinds = TableView.RowAnimation.allCases
  let animated = rng.int(0..<3) == 0
  func kind() -> TableView.RowAnimation { animated ? kinds[rng.int(0..<kinds.count)] : .none }
  func paths(_ rows: Range<Int>, _ section: Int) -> [IndexPath] { rows.map { IndexPath(row: $0, section: section) } }
  /// Index paths in an order of their own: shuffled, descending or ascending.
  func order(_ paths: [IndexPath]) -> [IndexPath] {
    switch rng.int(0..<3) {
    case 0: paths.shuffled(using: &rng)
    case 1: paths.reversed()
    default: paths
    }
  }
  var ranged = BatchUpdate()
  var byPath = BatchUpdate()
  let old = source.sections
  var remaining = old.map(\.count)
  var moves: [IndexPath] = []
  // Old index space: runs deleted (by range or by index paths), rows reloaded or moved out.
  for (s, rows) in old.enumerated() {
    var r = 0
    while r < rows.count {
      switch rng.int(0..<12) {
      case 0:
        let n = rng.int(1...min(rng.bool() ? 3 : 40, rows.count - r))
        let animation = kind()
        if rng.bool() {
          ranged.deleteRows(in: r..<(r + n), section: s, with: animation)
        } else {
          ranged.deleteRows(at: paths(r..<(r + n), s), with: animation)
        }
        byPath.deleteRows(at: order(paths(r..<(r + n), s)), with: animation)
        remaining[s] -= n
        r += n
      case 1:
        let animation = kind()
        ranged.reloadRows(at: [IndexPath(row: r, section: s)], with: animation)
        byPath.reloadRows(at: [IndexPath(row: r, section: s)], with: animation)
        r += 1
      case 2:
        moves.append(IndexPath(row: r, section: s))
        remaining[s] -= 1
        r += 1
      default:
        r += rng.int(1..<12)
      }
    }
  }
  // New index space: the carried rows in order, moved-in rows and inserted blocks among them.
  enum Item {
    case carried
    case movedIn(Int)
    case inserted(Int)
  }
  var layouts = remaining.map { [Item](repeating: .carried, count: $0) }
  for (i, _) in moves.enumerated() {
    let s = rng.int(0..<old.count)
    layouts[s].insert(.movedIn(i), at: rng.int(0...layouts[s].count))
  }
  var blockCount = 0
  for s in layouts.indices {
    // Blocks go in at gaps of the layout so far, from the last gap to the first: none splits another.
    var gaps = (0..<rng.int(0..<4)).map { _ in rng.int(0...layouts[s].count) }
    if rng.int(0..<3) == 0 { gaps.append(layouts[s].count) }  // an append
    for gap in gaps.sorted(by: >) {
      let n = rng.int(1...(rng.bool() ? 3 : 60))
      layouts[s].insert(contentsOf: [Item](repeating: .inserted(blockCount), count: n), at: gap)
      blockCount += 1
    }
  }
  var recorded: [(section: Int, rows: Range<Int>)] = []
  for (s, layout) in layouts.enumerated() {
    var r = 0
    while r < layout.count {
      switch layout[r] {
      case .carried: r += 1
      case .movedIn(let i):
        ranged.moveRow(at: moves[i], to: IndexPath(row: r, section: s), animated: true)
        byPath.moveRow(at: moves[i], to: IndexPath(row: r, section: s), animated: true)
        r += 1
      case .inserted(let block):
        var end = r
        while end < layout.count, case .inserted(block) = layout[end] { end += 1 }
        recorded.append((s, r..<end))
        r = end
      }
    }
  }
  // Inserts recorded in random order: neither form needs them in order.
  for (s, rows) in recorded.shuffled(using: &rng) {
    let animation = kind()
    if rng.int(0..<4) == 0 {
      ranged.insertRows(at: paths(rows, s), with: animation)
    } else {
      ranged.insertRows(in: rows, section: s, with: animation)
    }
    byPath.insertRows(at: order(paths(rows, s)), with: animation)
  }
  let counts = layouts.map(\.count)
  let plan = try byPath.plan(oldRowCounts: old.map(\.count), newRowCounts: counts)
  let rangedPlan = try ranged.plan(oldRowCounts: old.map(\.count), newRowCounts: counts)
  // Runs coalesce: both forms come to the same edit script.
  #expect(rangedPlan.edits == plan.edits)
  var new = old
  plan.apply(to: &new, fresh: { _ in source.fresh(&rng) }, reload: { id, _ in id = source.fresh(&rng) })
  return (ranged, byPath, new)
}

@MainActor
@Suite("rows inserted and deleted by range")
struct RangeUpdateModelTests {
  @Test(
    "random batches by range and by index path leave twin tables alike",
    arguments: [
      (UInt64(1), false, TableView.ContentAnchor.top), (2, true, .top), (3, false, .bottom), (4, true, .bottom),
      (5, true, .top), (6, false, .bottom),
    ])
  func twins(seed: UInt64, estimated: Bool, anchor: TableView.ContentAnchor) throws {
    var rng = SplitMix64(seed: seed)
    let source = RangeSource()
    source.sections = (0..<3).map { _ in (0..<rng.int(20..<120)).map { _ in source.fresh(&rng) } }
    let clock = ManualClock(start: 10)
    func make() -> (TableView, TestHost) {
      makeTable(source, size: Size(width: 100, height: 300), clock: clock) { table in
        table.contentAnchor = anchor
        // Odd seeds keep the visible content still through inserts above it, at the top as well.
        if seed % 2 == 1 { table.maintainsVisibleContentPosition = true }
        if estimated { table.estimatedRowHeight = 30 }
      }
    }
    let (ranged, rangedHost) = make()
    let (byPath, byPathHost) = make()

    func compare(_ step: Int) throws {
      for (table, host) in [(ranged, rangedHost), (byPath, byPathHost)] { checkInvariants(table, host: host) }
      #expect(ranged.numberOfSections == source.sections.count, "step \(step): sections")
      for (s, rows) in source.sections.enumerated() {
        #expect(ranged.numberOfRows(inSection: s) == rows.count, "step \(step): rows of section \(s)")
        #expect(byPath.numberOfRows(inSection: s) == rows.count, "step \(step): rows of section \(s) by path")
      }
      #expect(ranged.contentOffset == byPath.contentOffset, "step \(step): content offset")
      #expect(ranged.contentSize == byPath.contentSize, "step \(step): content size")
      #expect(ranged.indexPathsForVisibleRows == byPath.indexPathsForVisibleRows, "step \(step): visible rows")
      for path in ranged.indexPathsForVisibleRows {
        let rect = try ranged.rectForRow(at: path)
        #expect(try rect == byPath.rectForRow(at: path), "step \(step): rect of \(path)")
      }
      let drawn = { (table: TableView) in
        (table.visible.attachedViews + table.leavingViews).map { table.presentation(of: $0) }
      }
      #expect(drawn(ranged) == drawn(byPath), "step \(step): views drawn")
      #expect(ranged.indexPathsForSelectedRows == byPath.indexPathsForSelectedRows, "step \(step): selection")
      #expect(ranged.focusedIndexPath == byPath.focusedIndexPath, "step \(step): focus")
      #expect(ranged.isFollowingAppendedRows == byPath.isFollowingAppendedRows, "step \(step): following")
      #expect(ranged.rowsBelowVisibleArea == byPath.rowsBelowVisibleArea, "step \(step): rows below")
      // On screen, both are the model: rows keep their identities' heights once measured.
      for (path, cell) in zip(ranged.indexPathsForVisibleRows, ranged.visibleCells) where !ranged.isAnimating {
        #expect(cell.frame.height == source.heights[source.sections[path.section][path.row]], "step \(step): \(path)")
      }
    }

    try compare(-1)
    for step in 0..<150 {
      switch rng.int(0..<100) {
      case 0..<50:
        let (rangedUpdate, pathUpdate, new) = try randomRangeBatch(source, rng: &rng)
        source.sections = new
        try ranged.apply(rangedUpdate)
        try byPath.apply(pathUpdate)
      case 50..<65:
        let y = Double(rng.int(-50..<Int(max(1, ranged.maximumContentOffsetY + 50))))
        ranged.contentOffset.y = y
        byPath.contentOffset.y = y
      case 65..<75:
        let paths = ranged.indexPathsForVisibleRows
        guard !paths.isEmpty else { continue }
        let path = paths[rng.int(0..<paths.count)]
        try ranged.selectRow(at: path, animated: false, scrollPosition: .none)
        try byPath.selectRow(at: path, animated: false, scrollPosition: .none)
      case 75..<80:
        let paths = ranged.indexPathsForVisibleRows
        guard !paths.isEmpty else { continue }
        let path = paths[rng.int(0..<paths.count)]
        try ranged.focusRow(at: path)
        try byPath.focusRow(at: path)
      case 80..<85:
        ranged.scrollToBottom(animated: false)
        byPath.scrollToBottom(animated: false)
      default:
        clock.advance(by: Double(rng.int(0..<25)) / 100)
        ranged.tick()
        byPath.tick()
      }
      try compare(step)
    }
  }
}
