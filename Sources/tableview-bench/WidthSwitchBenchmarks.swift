// `width_switch_precomputed`: an orientation change to a width the idle precompute has fully
// measured (the seeds' advice: compute the other orientation's heights in the background). The
// table is told both widths (`expectedWidths`), the idle precompute measures every row at both,
// then each operation switches between them: the switch must measure nothing (checked: the
// delegate is not asked a single height) and the scroll range is exact (checked: it is the sum of
// the workload's heights). Baseline: this run's `width_switch`, the same switch on a table whose
// other width is measured only where the user has been (its scroll range an estimate elsewhere).

// The benchmark drives tables as a backend does (frames with tick(), views at presentation(of:), idle slices):
// the engine's backend SPI.
@_spi(Backend) import TableViewCore

/// Times switching between two fully precomputed widths at `n` rows; `baselineNs` is the plain
/// `width_switch` of the same run.
func measurePrecomputedWidthSwitch(n: Int, harness: Harness, baselineNs: Double) -> Measurement? {
  let model = BenchModel(rows: n)
  let table = makeEngineTable(model, estimated: true)
  table.contentOffset.y = Double(n) * 35
  table.expectedWidths = [BenchWorkload.viewportWidth, BenchWorkload.landscapeWidth]
  // One slice measures everything: the budget is not what is measured here.
  table.idlePrecompute.enable(budget: 3_600)
  while table.runIdleSlice() {}
  let exact: [Double: Double] = [
    BenchWorkload.viewportWidth: (0..<n).reduce(0) { $0 + BenchWorkload.rowHeight($1) },
    BenchWorkload.landscapeWidth: (0..<n).reduce(0) { $0 + BenchWorkload.landscapeRowHeight($1) },
  ]
  for width in exact.keys {
    precondition(table.precomputeProgress(forWidth: width)?.isComplete == true, "width \(width) is not precomputed")
  }
  let asked = model.heightsAsked
  var landscape = false
  let ns = harness.nanosecondsPerOperation {
    landscape.toggle()
    table.viewportSize.width = landscape ? BenchWorkload.landscapeWidth : BenchWorkload.viewportWidth
    return table.contentSize.height
  }
  precondition(
    model.heightsAsked == asked, "a switch to a precomputed width measured \(model.heightsAsked - asked) rows")
  precondition(table.contentSize.height == exact[table.viewportSize.width], "the scroll range is not exact")
  return Measurement(
    name: "width_switch_precomputed", n: n, nsPerOp: ns, baseline: "width_switch", baselineNsPerOp: baselineNs)
}
