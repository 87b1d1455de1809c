// Columns (issue 33, item 5): the engine's cost of a sideways scroll step against a vertical one in the same run.
// The vertical step is the ±0.5 pt step of a table of 10⁷ rows with exact heights that brings no row; the sideways
// step is the same ±0.5 pt on the columns of the browser's `orders` table (eight columns, the first frozen, wider
// than the viewport): the offset clamped, the columns on screen found again, and each one's screen edge, which a
// backend reads once a frame for every row it draws.

@_spi(Backend) import TableViewCore
import TableViewTesting

/// The `horizontal_step` row, its baseline the vertical step, and the rows of columns kept by the table (sizes are
/// fixed; `--sizes` does not apply).
func measureColumns(harness: Harness) -> [Measurement] {
  measureHorizontalStep(harness: harness) + measureTableColumns(harness: harness)
}

/// The `orders` table's columns as the browser sizes them: the id frozen, 1,060 pt in all.
private let orderWidths: [(String, Double)] = [
  ("id", 80), ("placed_at", 160), ("customer", 140), ("status", 100), ("items", 60), ("total", 100),
  ("currency", 70), ("note", 350),
]

/// The `orders` columns' state, the id frozen.
private func orderColumnState() -> ColumnState {
  ColumnState(
    columns: orderWidths.map { TableColumn(identifier: $0.0, title: $0.0, width: .fixed($0.1)) },
    viewportWidth: BenchWorkload.viewportWidth, frozenColumnCount: 1)
}

/// `horizontal_step_table`: the sideways step through `TableView.columnState` (the table told of every change),
/// its baseline the same step on a state a page holds. `column_resize`: the note column 350 ↔ 300 pt wide in a
/// table of 10⁷ rows with estimated heights keeping its columns (the rows' heights switched, the row being read
/// kept; both configurations' heights kept after the first two), its baseline the table's width switched between
/// the same two widths as often (`width_switch`'s way).
private func measureTableColumns(harness: Harness) -> [Measurement] {
  guard harness.includesAny(["horizontal_step_table", "column_resize"]) else { return [] }
  let n = 10_000_000
  var results: [Measurement] = []
  let model = BenchModel(rows: n)
  defer { withExtendedLifetime(model) {} }
  let table = makeEngineTable(model, estimated: true)
  table.columnState = orderColumnState()
  table.contentOffset.y = Double(n) * 35
  if harness.includes("horizontal_step_table") {
    let page = ColumnsPage(orderColumnState())
    page.columns.setHorizontalOffset(page.columns.layout.maximumHorizontalOffset / 2 + 0.25)
    table.columnState?.setHorizontalOffset(page.columns.horizontalOffset)
    var flip = false
    let held = harness.nanosecondsPerOperation {
      flip.toggle()
      return page.scroll(by: flip ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta)
    }
    flip = false
    if var row = harness.measure(
      "horizontal_step_table", n: n,
      {
        flip.toggle()
        table.columnState?.scrollHorizontally(
          by: flip ? BenchWorkload.smallScrollDelta : -BenchWorkload.smallScrollDelta)
        // A backend reads the state once a frame for every row it draws.
        guard let state = table.columnState else { return 0.0 }
        var edges = 0.0
        for column in state.visibleColumns { edges += state.screenX(ofColumn: column) }
        return edges
      })
    {
      row.baseline = "horizontal_step (held by a page)"
      row.baselineNsPerOp = held
      results.append(row)
    }
  }
  if harness.includes("column_resize") {
    let note = orderWidths.count - 1
    var narrow = false
    let widthSwitch = harness.nanosecondsPerOperation {
      narrow.toggle()
      table.viewportSize.width = narrow ? BenchWorkload.viewportWidth - 50 : BenchWorkload.viewportWidth
      return table.contentSize.height
    }
    narrow = false
    if var row = harness.measure(
      "column_resize", n: n,
      {
        narrow.toggle()
        table.columnState?.setWidth(narrow ? 300 : 350, ofColumn: note)
        return table.contentSize.height
      })
    {
      row.baseline = "width_switch"
      row.baselineNsPerOp = widthSwitch
      results.append(row)
    }
  }
  return results
}

/// The `horizontal_step` row, its baseline the vertical step.
private func measureHorizontalStep(harness: Harness) -> [Measurement] {
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

  // Held by a page, as a backend holds it.
  let page = ColumnsPage(orderColumnState())
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
