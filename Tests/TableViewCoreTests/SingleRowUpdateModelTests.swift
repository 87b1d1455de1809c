import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// One-row updates the short way (BatchUpdate+SingleRow.swift) against the general validation: random
// inserts, deletes and moves of one row (animated or not, some of them invalid) go to one table as usual
// and to a twin forced the general way, between scrolls, selections, focus moves and animation frames.
// After every step the twins agree on everything a user sees (counts, rects, offset, the views drawn,
// selection, focus, the error thrown), both equal the model, and each keeps its invariants.

/// Rows are identities; a row's height depends on its identity.
private final class SingleRowSource: TableViewDataSource, TableViewDelegate {
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
}

@MainActor
@Suite("one-row updates the short way")
struct SingleRowUpdateModelTests {
  @Test("random one-row inserts, deletes and moves leave a twin taking the general way alike", arguments: [1, 2, 3, 4])
  func twins(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let source = SingleRowSource()
    source.sections = (0..<3).map { _ in (0..<rng.int(5..<60)).map { _ in source.fresh(&rng) } }
    let clock = ManualClock(start: 10)
    func make() -> (TableView, TestHost) {
      makeTable(source, size: Size(width: 100, height: 300), clock: clock) { table in
        if seed % 2 == 0 { table.estimatedRowHeight = 30 }
        if seed > 2 { table.contentAnchor = .bottom }
      }
    }
    let (short, shortHost) = make()
    let (general, generalHost) = make()
    general.singleRowUpdatesTakeShortcut = false

    func compare(_ step: Int) throws {
      for (table, host) in [(short, shortHost), (general, generalHost)] { checkInvariants(table, host: host) }
      #expect(short.numberOfSections == source.sections.count, "step \(step): sections")
      for (s, rows) in source.sections.enumerated() {
        #expect(short.numberOfRows(inSection: s) == rows.count, "step \(step): rows of section \(s)")
        #expect(general.numberOfRows(inSection: s) == rows.count, "step \(step): rows of section \(s), general")
      }
      #expect(short.contentOffset == general.contentOffset, "step \(step): content offset")
      #expect(short.contentSize == general.contentSize, "step \(step): content size")
      #expect(short.indexPathsForVisibleRows == general.indexPathsForVisibleRows, "step \(step): visible rows")
      for path in short.indexPathsForVisibleRows {
        #expect(try short.rectForRow(at: path) == general.rectForRow(at: path), "step \(step): rect of \(path)")
      }
      let drawn = { (table: TableView) in
        (table.visible.attachedViews + table.leavingViews).map { table.presentation(of: $0) }
      }
      #expect(drawn(short) == drawn(general), "step \(step): views drawn")
      #expect(short.indexPathsForSelectedRows == general.indexPathsForSelectedRows, "step \(step): selection")
      #expect(short.focusedIndexPath == general.focusedIndexPath, "step \(step): focus")
      #expect(short.rowsBelowVisibleArea == general.rowsBelowVisibleArea, "step \(step): rows below")
      for (path, cell) in zip(short.indexPathsForVisibleRows, short.visibleCells) where !short.isAnimating {
        #expect(cell.frame.height == source.heights[source.sections[path.section][path.row]], "step \(step): \(path)")
      }
    }
    /// Applies `update` to both tables: both succeed, or both throw the same error.
    func apply(_ update: BatchUpdate, _ step: Int) {
      var errors: [String?] = []
      for table in [short, general] {
        do {
          try table.apply(update)
          errors.append(nil)
        } catch {
          errors.append(error.message)
        }
      }
      #expect(errors[0] == errors[1], "step \(step): \(update)")
    }

    try compare(-1)
    for step in 0..<300 {
      let s = rng.int(0..<source.sections.count)
      let count = source.sections[s].count
      // Now and then an index one past the end or a count the data source did not change: both refuse it alike.
      let invalid = rng.int(0..<10) == 0
      var update = BatchUpdate()
      let animation: TableView.RowAnimation = rng.bool() ? .none : .fade
      switch rng.int(0..<100) {
      case 0..<25:
        // Invalid: one past the end, or a row the data source was not given (the counts do not add up).
        let row = invalid && rng.bool() ? count + 1 : rng.int(0...count)
        update.insertRows(at: [IndexPath(row: row, section: s)], with: animation)
        if !invalid { source.sections[s].insert(source.fresh(&rng), at: row) }
        apply(update, step)
      case 25..<50:
        guard count > 0 else { continue }
        let row = invalid && rng.bool() ? count : rng.int(0..<count)
        update.deleteRows(at: [IndexPath(row: row, section: s)], with: animation)
        if !invalid { source.sections[s].remove(at: row) }
        apply(update, step)
      case 50..<70:
        guard count > 0 else { continue }
        let row = rng.int(0..<count)
        let t = rng.int(0..<source.sections.count)
        let id = source.sections[s].remove(at: row)
        let to = invalid ? source.sections[t].count + 1 : rng.int(0...source.sections[t].count)
        if invalid { source.sections[s].insert(id, at: row) } else { source.sections[t].insert(id, at: to) }
        update.moveRow(at: IndexPath(row: row, section: s), to: IndexPath(row: to, section: t), animated: rng.bool())
        apply(update, step)
      case 70..<78:
        let y = Double(rng.int(-50..<Int(max(1, short.maximumContentOffsetY + 50))))
        short.contentOffset.y = y
        general.contentOffset.y = y
      case 78..<85:
        let paths = short.indexPathsForVisibleRows
        guard !paths.isEmpty else { continue }
        let path = paths[rng.int(0..<paths.count)]
        try short.selectRow(at: path, animated: false, scrollPosition: .none)
        try general.selectRow(at: path, animated: false, scrollPosition: .none)
      case 85..<90:
        let paths = short.indexPathsForVisibleRows
        guard !paths.isEmpty else { continue }
        let path = paths[rng.int(0..<paths.count)]
        try short.focusRow(at: path)
        try general.focusRow(at: path)
      default:
        clock.advance(by: Double(rng.int(0..<25)) / 100)
        short.tick()
        general.tick()
      }
      try compare(step)
    }
  }
}
