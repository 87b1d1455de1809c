// Appending a batch of rows at the end of a long table (issue 31, item 3): a log viewer or a
// loader brings 10⁵ rows at once into a table of 10⁷ with estimated heights. The rows go in as one
// range (`insertRows(in:section:)`); the baseline is the same append through 10⁵ index paths
// (`insertRows(at:)`, the array built as an app builds it), in the same run.

// The benchmark drives tables as a backend does: the engine's backend SPI.
@_spi(Backend) import TableViewCore
import TableViewTesting

/// The `append_rows` row: one append of 10⁵ rows (10⁴ with `--quick`) at the end of a
/// single-section table of 10⁷ rows with estimated heights, the median of several appends; the
/// table is brought back to 10⁷ rows (untimed) after each (`--sizes` does not apply).
func measureAppendRows(harness: Harness) -> [Measurement] {
  let name = "append_rows"
  guard harness.includes(name) else { return [] }
  let n = 10_000_000
  let k = harness.options.quick ? 10_000 : 100_000
  // A table holds its data source weakly: the model lives as long as the benchmark.
  let model = SectionsModel(sections: 1, rows: n)
  defer { withExtendedLifetime(model) {} }
  let table = makeBenchTable(dataSource: model) { table in table.estimatedRowHeight = 44 }
  let clock = ContinuousClock()
  /// The median time of `repetitions` appends made by `append`, each undone untimed.
  func time(_ repetitions: Int, _ append: (Range<Int>) throws(TableViewError) -> Void) -> Double? {
    var samples: [Double] = []
    for _ in 0..<repetitions {
      let rows = n..<(n + k)
      model[0] = n + k
      let started = clock.now
      do { try append(rows) } catch { return nil }
      samples.append(Harness.nanoseconds(started.duration(to: clock.now)))
      model[0] = n
      guard (try? table.deleteRows(in: rows, section: 0)) != nil, table.numberOfRows(inSection: 0) == n else {
        return nil
      }
    }
    return median(samples)
  }
  let repetitions = harness.options.quick ? 5 : 15
  let byPaths = time(max(3, repetitions / 3)) { rows throws(TableViewError) in
    try table.insertRows(at: rows.map { IndexPath(row: $0, section: 0) })
  }
  guard let byRange = time(repetitions, { rows throws(TableViewError) in try table.insertRows(in: rows, section: 0) })
  else { return [] }
  return [
    Measurement(name: name, n: n, nsPerOp: byRange, baseline: "index paths", baselineNsPerOp: byPaths)
  ]
}
