// Columns (issue 33, item 5): the engine's cost of a sideways scroll step against a vertical one in the same run.
// The vertical step is the ±0.5 pt step of a table of 10⁷ rows with exact heights that brings no row; the sideways
// step is the same ±0.5 pt on the columns of the browser's `orders` table (eight columns, the first frozen, wider
// than the viewport): the offset clamped, the columns on screen found again, and each one's screen edge, which a
// backend reads once a frame for every row it draws.

@_spi(Backend) import TableViewCore
import TableViewTesting

/// The `horizontal_step` row, its baseline the vertical step (sizes are fixed; `--sizes` does not apply).
func measureColumns(harness: Harness) -> [Measurement] {
  let name = "horizontal_step"
  guard harness.includes(name) else { return [] }
  let n = 10_000_000
  // A table holds its data source weakly: the model lives as long as the benchmark.
  let model = SectionsModel(sections: 1, rows: n)
  defer { withExtendedLifetime(model) {} }
  let table = makeBenchTable(dataSource: model) { $0.rowHeight = 24 }
  settleOnQuietOffset(table, near: Double(n) * 12)
  var flip = false
  guard
    let vertical = harness.measure(
      name, n: n, baseline: "vertical step",
      {
        flip.toggle()
        table.contentOffset.y += flip ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta
        return table.contentOffset.y
      })
  else { return [] }

  // The `orders` table's columns as the browser sizes them: the id frozen, 1,060 pt in all.
  let widths: [(String, Double)] = [
    ("id", 80), ("placed_at", 160), ("customer", 140), ("status", 100), ("items", 60), ("total", 100),
    ("currency", 70), ("note", 350),
  ]
  // Held by a page, as a backend holds it.
  let page = ColumnsPage(
    ColumnState(
      columns: widths.map { TableColumn(identifier: $0.0, title: $0.0, width: .fixed($0.1)) },
      viewportWidth: BenchWorkload.viewportWidth, frozenColumnCount: 1))
  // In the middle of the scrolled columns, where a step changes no column on screen either way.
  page.columns.setHorizontalOffset(page.columns.layout.maximumHorizontalOffset / 2 + 0.25)
  flip = false
  guard
    var sideways = harness.measure(
      name, n: n,
      {
        flip.toggle()
        return page.scroll(by: flip ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta)
      })
  else { return [] }
  sideways.baseline = vertical.baseline
  sideways.baselineNsPerOp = vertical.baselineNsPerOp
  return [sideways]
}

/// What a backend's page keeps of its columns, and what it does on a sideways scroll.
private final class ColumnsPage {
  var columns: ColumnState

  init(_ columns: ColumnState) { self.columns = columns }

  /// Scrolls the columns sideways and places the columns on screen: the sum of their screen edges.
  func scroll(by delta: Double) -> Double {
    columns.scrollHorizontally(by: delta)
    var edges = 0.0
    for column in columns.visibleColumns { edges += columns.screenX(ofColumn: column) }
    return edges
  }
}
