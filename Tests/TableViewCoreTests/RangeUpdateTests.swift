import Testing

@_spi(Backend) @testable import TableViewCore

// Rows inserted and deleted by range: bad input fails as the same rows by index path fail (same
// error, table unchanged), an empty range is nothing, `Int.max` bounds give an error rather than a
// trap, and a block of rows appended to a table with estimated heights is one run of estimates
// that leaves the measured rows as they were.

private func path(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }

/// An update recorded by `body`.
private func batch(_ body: (inout BatchUpdate) -> Void) -> BatchUpdate {
  var update = BatchUpdate()
  body(&update)
  return update
}

/// The error `body` throws, if any.
@MainActor
private func error(_ body: () throws(TableViewError) -> Void) -> TableViewError? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

@MainActor
@Suite("rows by range: bad input, runs")
struct RangeUpdateTests {
  /// A table of one section of ten 20 pt rows, with its model.
  private func tenRows() -> (TableView, TestModel) {
    let model = TestModel(sections: [Array(repeating: 20, count: 10)])
    let (table, _) = makeTable(model)
    return (table, model)
  }

  @Test("an empty range records nothing and the table asks nothing")
  func emptyRange() throws {
    var update = BatchUpdate()
    update.insertRows(in: 4..<4, section: 0)
    update.deleteRows(in: 7..<7, section: -3, with: .fade)
    #expect(update.isEmpty && !update.isAnimated && update.operationCount == 0)
    let (table, model) = tenRows()
    // The model changed without telling: an update of no operation would say so; an empty range does not ask.
    model.sections[0].append(20)
    try table.insertRows(in: 3..<3, section: 5)
    try table.deleteRows(in: 0..<0, section: 0, with: .fade)
    #expect(table.numberOfRows(inSection: 0) == 10)
    #expect(error { () throws(TableViewError) in try table.insertRows(at: []) }?.kind == .invalidUpdate)
  }

  @Test(
    "a bad range fails as its index paths fail, with the same message, and changes nothing",
    arguments: [
      // (new count, recorded with ranges, the same by index paths)
      (12, "insert past the end", batch { u in u.insertRows(in: 11..<13, section: 0) }),
      (6, "delete past the end", batch { u in u.deleteRows(in: 8..<12, section: 0) }),
      (10, "section out of range", batch { u in u.deleteRows(in: 0..<2, section: 3) }),
      (10, "negative row", batch { u in u.deleteRows(in: -1..<2, section: 0) }),
      (10, "negative section", batch { u in u.insertRows(in: 0..<2, section: -1) }),
      (13, "count off", batch { u in u.insertRows(in: 10..<14, section: 0) }),
      (
        5, "deleted twice",
        batch { u in
          u.deleteRows(in: 2..<6, section: 0)
          u.deleteRows(in: 4..<5, section: 0)
        }
      ),
      (
        15, "inserted twice",
        batch { u in
          u.insertRows(in: 0..<3, section: 0)
          u.insertRows(in: 2..<4, section: 0)
        }
      ),
      (
        7, "deleted and moved",
        batch { u in
          u.deleteRows(in: 0..<3, section: 0)
          u.moveRow(at: path(1), to: path(5))
        }
      ),
      (
        11, "moved onto an inserted row",
        batch { u in
          u.deleteRows(in: 0..<1, section: 0)
          u.insertRows(in: 3..<5, section: 0)
          u.moveRow(at: path(6), to: path(4))
        }
      ),
      (10, "rows near Int.max", batch { u in u.deleteRows(in: (Int.max - 5)..<Int.max, section: 0) }),
    ] as [(Int, String, BatchUpdate)])
  func badRange(newCount: Int, name: String, ranged: BatchUpdate) throws {
    // The same operations by index path, in the order recorded.
    var paths = BatchUpdate()
    paths.deleteRows(at: ranged.deletedRows)
    paths.insertRows(at: ranged.insertedRows)
    for move in ranged.movedRows { paths.moveRow(at: move.from, to: move.to) }
    var failures: [TableViewError] = []
    for update in [ranged, paths] {
      let (table, model) = tenRows()
      model.sections[0] = Array(repeating: 20, count: newCount)
      let thrown = try #require(error { () throws(TableViewError) in try table.apply(update) }, "\(name)")
      failures.append(thrown)
      // Nothing changed: the old rows are still there.
      #expect(table.numberOfRows(inSection: 0) == 10, "\(name)")
    }
    #expect(failures[0].kind == .invalidUpdate, "\(name)")
    #expect(failures[0].message == failures[1].message, "\(name)")
  }

  @Test("index paths given in descending order fail naming the first one given, as one by one")
  func descendingErrors() throws {
    let cases: [(Int, BatchUpdate, String)] = [
      (
        6, batch { $0.deleteRows(at: [12, 11, 10, 9].map { path($0) }) }, "attempt to delete row 12 from section 0, but"
      ),
      (13, batch { $0.insertRows(at: [13, 12, 11].map { path($0) }) }, "attempt to insert row 13 into section 0, but"),
      (
        6, batch { $0.deleteRows(at: [1, 0, -1, -2].map { path($0) }) },
        "attempt to delete row -1 from section 0: indexes"
      ),
      (
        10, batch { $0.deleteRows(at: [path(3, -1), path(2, -1)]) }, "attempt to delete row 3 from section -1: indexes"
      ),
    ]
    for (newCount, update, message) in cases {
      let (table, model) = tenRows()
      model.sections[0] = Array(repeating: 20, count: newCount)
      let thrown = error { () throws(TableViewError) in try table.apply(update) }
      #expect(thrown?.message.hasPrefix("Invalid update: " + message) == true, "\(String(describing: thrown))")
      #expect(table.numberOfRows(inSection: 0) == 10)
    }
  }

  @Test("ranges as long as Int.max give an error, not a trap")
  func hugeRanges() throws {
    let (table, model) = tenRows()
    let updates = [
      batch { $0.insertRows(in: 0..<Int.max, section: 0) },
      batch { $0.insertRows(in: 10..<Int.max, section: 0) },
      batch { $0.deleteRows(in: 0..<Int.max, section: 0) },
      batch { $0.insertRows(at: [path(Int.max)]) },
      batch { $0.deleteRows(at: [path(Int.max)]) },
      batch { update in
        update.insertRows(in: 0..<Int.max, section: 0)
        update.insertRows(at: [path(Int.max)])
        update.deleteRows(in: 0..<Int.max, section: 0)
      },
    ]
    for update in updates {
      #expect(error { () throws(TableViewError) in try table.apply(update) }?.kind == .invalidUpdate)
      #expect(table.numberOfRows(inSection: 0) == 10)
    }
    #expect(error { () throws(TableViewError) in try table.insertRows(in: 0..<Int.max, section: 0) } != nil)
    #expect(error { () throws(TableViewError) in try table.deleteRows(in: 1..<Int.max, section: 0) } != nil)
    #expect(table.numberOfRows(inSection: 0) == 10)
    // Counted, not added up past Int.max.
    var update = BatchUpdate()
    update.insertRows(in: 0..<Int.max, section: 0)
    update.deleteRows(in: 1..<Int.max, section: 0)
    #expect(update.operationCount == Int.max)
    withExtendedLifetime(model) {}
  }

  @Test("index paths that follow one another are recorded as one run, in call order")
  func indexPathsCoalesce() {
    var update = BatchUpdate()
    update.insertRows(at: [path(3), path(4)])
    update.insertRows(at: [path(5), path(9), path(1)])
    update.insertRows(in: 10..<12, section: 0)
    #expect(update.insertedRowRuns.map(\.rows) == [3...5, 9...9, 1...1, 10...11])
    #expect(update.insertedRows == [3, 4, 5, 9, 1, 10, 11].map { path($0) })
    // Descending index paths (deletes often come so) are one run too, given back in their order.
    var deletes = BatchUpdate()
    deletes.deleteRows(at: [9, 8, 7].map { path($0) })
    deletes.deleteRows(at: [path(6), path(5, 1), path(4, 1), path(5, 1)])
    deletes.deleteRows(at: [path(2), path(3), path(1)])
    deletes.deleteRows(in: 10..<12, section: 0)
    #expect(deletes.deletedRowRuns.map(\.rows) == [6...9, 4...5, 5...5, 2...3, 1...1, 10...11])
    #expect(
      deletes.deletedRows == [path(9), path(8), path(7), path(6), path(5, 1), path(4, 1), path(5, 1)]
        + [2, 3, 1, 10, 11].map { path($0) })
    var ranged = BatchUpdate()
    ranged.insertRows(in: 3..<6, section: 0)
    ranged.insertRows(at: [path(9), path(1)])
    ranged.insertRows(in: 10..<12, section: 0)
    #expect(ranged == update)
  }

  @Test("10⁴ rows appended by range to estimated heights: one run, measured rows kept, the view still")
  func appendKeepsMeasuredRows() throws {
    let model = TestModel(sections: [Array(repeating: 20, count: 1_000)])
    let (table, _) = makeTable(model) { $0.estimatedRowHeight = 30 }
    #expect(table.heights.usesEstimates)
    table.contentOffset.y = 5_000
    let visible = table.indexPathsForVisibleRows
    let rects = try visible.map { p throws(TableViewError) in try table.rectForRow(at: p) }
    let nodes = table.heights.index.nodeCount
    let bytes = table.heights.index.bytesInUse
    for (append, byRange) in [(10_000, true), (10_000, false)] {
      let count = model.sections[0].count
      model.sections[0] += Array(repeating: 20, count: append)
      if byRange {
        try table.insertRows(in: count..<(count + append), section: 0)
      } else {
        try table.insertRows(at: (count..<(count + append)).map { path($0) })
      }
      #expect(table.numberOfRows(inSection: 0) == count + append)
      #expect(table.indexPathsForVisibleRows == visible)
      #expect(try visible.map { p throws(TableViewError) in try table.rectForRow(at: p) } == rects)
      // The estimates join the run of estimates at the end: no node and no byte per row.
      #expect(table.heights.index.nodeCount <= nodes + 2)
      #expect(table.heights.index.bytesInUse <= bytes + 1_024)
      checkInvariants(table)
    }
    // Deleted by range: back to where it was.
    model.sections[0].removeLast(20_000)
    try table.deleteRows(in: 1_000..<21_000, section: 0)
    #expect(table.numberOfRows(inSection: 0) == 1_000)
    #expect(try visible.map { p throws(TableViewError) in try table.rectForRow(at: p) } == rects)
    checkInvariants(table)
  }
}
