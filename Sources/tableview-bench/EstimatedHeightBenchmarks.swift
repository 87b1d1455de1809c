// The estimated-height path at 10⁷ rows (issue 32, item 1): a ±0.5 pt step that brings no row in a
// table with estimated heights against the same step with exact heights, the same step after
// 16,000 scattered measured rows (a user jumping around with `scrollToRow`) against the fresh
// table's, and the height index's bytes per scattered measured row against the target.

// The benchmark drives tables as a backend does: the engine's backend SPI.
@_spi(Backend) import TableViewCore
import TableViewTesting

/// The estimated-height rows: `estimated_step`, `estimated_step_after_jumps` and
/// `estimated_bytes_per_measured_row` (sizes are fixed; `--sizes` does not apply).
func measureEstimatedHeights(harness: Harness) -> [Measurement] {
  let names = ["estimated_step", "estimated_step_after_jumps", "estimated_bytes_per_measured_row"]
  guard harness.includesAny(names) else { return [] }
  let n = 10_000_000
  // Rows measure 60 pt against an estimate of 44, so that every measured row differs from the
  // estimate and the index has to keep it.
  // A table holds its data source weakly: the model lives as long as the benchmark.
  let model = SectionsModel(sections: 1, rows: n)
  func table(estimated: Bool) -> TableView {
    makeBenchTable(
      dataSource: model,
      configure: { table in
        if estimated {
          table.rowHeight = TableView.automaticDimension
          table.estimatedRowHeight = 44
        } else {
          table.rowHeight = 60
        }
      },
      cell: { TestCell(height: { _, _ in 60 }) })
  }
  func step(_ name: String, _ table: TableView) -> Measurement? {
    var flip = false
    return harness.measure(name, n: n) {
      flip.toggle()
      table.contentOffset.y += flip ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta
      return table.contentOffset.y
    }
  }
  var results: [Measurement] = []
  let exactTable = table(estimated: false)
  settleOnQuietOffset(exactTable, near: Double(n) * 30)
  let exact = step("estimated_step", exactTable)?.nsPerOp
  let estimatedTable = table(estimated: true)
  settleOnQuietOffset(estimatedTable, near: Double(n) * 22)
  guard var fresh = step("estimated_step", estimatedTable) else { return results }
  fresh.baseline = "exact heights"
  fresh.baselineNsPerOp = exact
  if harness.includes("estimated_step") { results.append(fresh) }
  guard harness.includesAny(["estimated_step_after_jumps", "estimated_bytes_per_measured_row"]) else { return results }

  // Jumps to random rows until 16,000 rows were measured there (the rows on screen after each
  // jump; at 10⁷ rows two jumps almost never share one).
  let bytesBefore = estimatedTable.diagnostics.heightCacheBytes
  var random = BenchRandom(seed: 0xE57_1A7E)
  var measured = 0
  // Bounded, so that a table that shows no row after a jump cannot loop forever.
  for _ in 0..<16_000 where measured < 16_000 {
    let row = random.next(below: n)
    try? estimatedTable.scrollToRow(at: IndexPath(row: row, section: 0), at: .middle, animated: false)
    measured += estimatedTable.indexPathsForVisibleRows.count
  }
  // No row on screen after the jumps means nothing was measured: no figure rather than a division by zero.
  guard measured > 0 else { return results }
  let bytes = estimatedTable.diagnostics.heightCacheBytes - bytesBefore
  if harness.includes("estimated_bytes_per_measured_row") {
    results.append(
      Measurement(
        name: "estimated_bytes_per_measured_row", n: n,
        count: Int((Double(max(0, bytes)) / Double(measured)).rounded()), baseline: "target", baselineCount: 16))
  }
  settleOnQuietOffset(estimatedTable, near: estimatedTable.contentSize.height / 2)
  if harness.includes("estimated_step_after_jumps"), var after = step("estimated_step_after_jumps", estimatedTable) {
    after.baseline = "fresh table"
    after.baselineNsPerOp = fresh.nsPerOp
    results.append(after)
  }
  withExtendedLifetime(model) {}
  return results
}
