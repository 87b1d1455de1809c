import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// The row the user is reading stays where it is on screen across any sequence of width changes
// (the reliability issue: narrower and back moved the feed from post #12 to #13, #45 or #405,
// because the offset was carried between the widths' height caches while the idle precompute
// corrected it at the narrow width).

/// Self-sizing rows whose height depends on the width, as wrapped text does.
private final class WrappingModel: TableViewDataSource {
  let lengths: [Int]
  init(rows: Int, seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    lengths = (0..<rows).map { _ in rng.int(10..<400) }
  }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { lengths.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    let width = max(1, tableView.measuringWidth)
    cell.fittingHeight = 20 + 10 * (Double(lengths[indexPath.row]) / width).rounded(.up)
    return cell
  }
}

@Suite("The reading position through width changes")
struct ReadingPositionTests {
  /// The first row reaching below the top, and how far into it the top is.
  func reading(_ table: TableView) -> (row: Int, screen: Double) {
    let top = table.contentOffset.y
    for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) where cell.frame.maxY > top {
      return (path.row, cell.frame.minY - top)
    }
    return (-1, 0)
  }

  @Test(
    "narrower and back, with the idle precompute correcting at each width: the same row at the same place",
    arguments: [UInt64(1), 2, 3])
  func roundTrip(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let clock = ManualClock()
    let model = WrappingModel(rows: 2_000, seed: seed)
    let table = TableView(clock: clock)
    let host = TestHost()
    table.host = host
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = 40
    table.dataSource = model
    table.viewportSize = Size(width: 100, height: 400)
    table.reloadData()
    table.idlePrecompute.enable(budget: 4.0 / 1024)
    for _ in 0..<20 {
      // Somewhere, with the top row cut.
      try table.scrollToRow(at: IndexPath(row: rng.int(100..<1_900), section: 0), at: .top, animated: false)
      table.scroll(by: Double(rng.int(1..<30)))
      let before = reading(table)
      let width = table.viewportSize.width
      for _ in 0..<rng.int(1..<5) {
        table.viewportSize = Size(width: Double(rng.int(1..<140)), height: 400)
        for _ in 0..<rng.int(0..<20) { table.runIdleSlice() }
        checkInvariants(table, host: host)
      }
      table.viewportSize = Size(width: width, height: 400)
      let after = reading(table)
      #expect(after.row == before.row, "the reading row moved from \(before.row) to \(after.row)")
      #expect(
        abs(after.screen - before.screen) < 1e-6,
        "row \(before.row) moved on screen: \(before.screen) → \(after.screen)")
      checkInvariants(table, host: host)
    }
  }
}
