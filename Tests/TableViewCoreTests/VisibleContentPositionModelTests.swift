import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

// `maintainsVisibleContentPosition` against a model: thousands of random prepends, appends,
// inserts, deletes, reloads and height changes (an empty batch update re-asks them, or
// setHeight(_:forRowAt:) sets one) above, inside
// and below the visible rows, with the table scrolled anywhere. After each change the anchor row
// (chosen as the documentation says, from the model's frames) is where it was on screen to the
// pixel, `contentOffsetCorrection` accounts for the whole offset change, the invariants hold, and
// every visible row is where a plain array of heights puts it.

/// One section of rows with unique ids; heights are what the delegate (or the cell) says.
private final class ChatSource: TableViewDataSource, TableViewDelegate {
  var ids: [Int] = []
  var heights: [Double] = []
  func numberOfSections(in tableView: TableView) -> Int { 1 }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { ids.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.configuredFor = indexPath
    cell.fittingHeight = heights[indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { heights[indexPath.row] }
}

/// How rows get their heights in a run.
enum HeightMode: String, CaseIterable, Sendable {
  /// The delegate's heights, all known upfront.
  case exact
  /// The delegate's heights, asked when a row shows (an estimate until then).
  case estimated
  /// No delegate: cells measure themselves when they show (an estimate until then).
  case selfSizing
}

/// What the table should show: each row's id, true height, the height the table uses for it
/// (the true one once measured, an estimate or an older height until then) and whether it is measured.
private struct RowModel {
  var ids: [Int] = []
  var trueHeights: [Double] = []
  var shown: [Double] = []
  var measured: [Bool] = []

  var count: Int { ids.count }
  func tops() -> [Double] {
    var result: [Double] = []
    result.reserveCapacity(count + 1)
    var y = 0.0
    for h in shown {
      result.append(y)
      y += h
    }
    result.append(y)
    return result
  }
  mutating func insert(_ id: Int, height: Double, estimate: Double?, at i: Int) {
    ids.insert(id, at: i)
    trueHeights.insert(height, at: i)
    shown.insert(estimate ?? height, at: i)
    measured.insert(estimate == nil, at: i)
  }
  mutating func remove(at i: Int) {
    ids.remove(at: i)
    trueHeights.remove(at: i)
    shown.remove(at: i)
    measured.remove(at: i)
  }
}

@Suite("maintainsVisibleContentPosition against a model")
struct VisibleContentPositionModelTests {
  static let estimate = 30.0
  static let viewport = Size(width: 100, height: 400)

  @Test(
    "random data changes anywhere leave the anchor row where it was on screen, to the pixel",
    arguments: [
      (HeightMode.exact, TableView.ContentAnchor.top, UInt64(1)),
      (.estimated, .top, 2),
      (.selfSizing, .top, 3),
      (.exact, .bottom, 4),
      (.estimated, .bottom, 5),
      (.selfSizing, .bottom, 6),
      // Once a known bug: selecting a row partly above the screen measured the rows above it
      // (scrollToRow's measuring around its target) without keeping the screen still, so the
      // visible cells stayed where the old heights had put them.
      (.estimated, .top, 13),
      // Once a known bug: the same, when measuring at the destination moved only the offset (no
      // second scroll), so no layout placed the cells again.
      (.selfSizing, .top, 20),
    ])
  func randomChanges(mode: HeightMode, anchor: TableView.ContentAnchor, seed: UInt64) throws {
    try run(mode: mode, anchor: anchor, seed: seed)
  }

  func run(mode: HeightMode, anchor: TableView.ContentAnchor, seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let source = ChatSource()
    var model = RowModel()
    var nextID = 0
    let estimated = mode != .exact
    func randomHeight() -> Double { Double(rng.int(20..<400)) / 4 }  // 5…99.75, exact in units
    for _ in 0..<300 {
      let h = randomHeight()
      model.insert(nextID, height: h, estimate: estimated ? Self.estimate : nil, at: model.count)
      nextID += 1
    }
    source.ids = model.ids
    source.heights = model.trueHeights

    let table = TableView(style: .plain, clock: ManualClock())
    let host = TestHost()
    table.host = host
    table.register({ TestCell() }, forCellReuseIdentifier: "cell")
    table.dataSource = source
    table.delegate = mode == .selfSizing ? nil : source
    if mode == .selfSizing { table.rowHeight = TableView.automaticDimension }
    if estimated { table.estimatedRowHeight = Self.estimate }
    table.viewportSize = Self.viewport
    table.contentAnchor = anchor
    table.followsAppendedRows = false
    table.maintainsVisibleContentPosition = true
    table.reloadData()

    /// Takes the table's word for which rows were measured since the last step (their heights
    /// become the true ones); a row the model knows measured must still be.
    func syncMeasured() {
      guard estimated else { return }
      var unmeasured = Set<Int>()
      var k = table.heights.index.firstUnmeasuredItem(from: 0)
      let header = table.heights.index.itemIndex(ofHeader: 0)
      while let item = k {
        unmeasured.insert(item - header - 1)
        k = table.heights.index.firstUnmeasuredItem(from: item + 1)
      }
      for i in 0..<model.count {
        if unmeasured.contains(i) {
          #expect(!model.measured[i], "row \(i) (id \(model.ids[i])) was measured and is not any more")
        } else if !model.measured[i] {
          model.measured[i] = true
          model.shown[i] = model.trueHeights[i]
        }
      }
    }

    func bounds() -> (min: Double, max: Double) {
      let content = model.shown.reduce(0, +)
      var top = 0.0
      if anchor == .bottom { top = max(0, Self.viewport.height - content) }
      return (-top, max(-top, content - Self.viewport.height))
    }

    /// Every visible row is the model's and where the model puts it; exactly the rows that
    /// intersect the visible area are shown.
    func checkFrames(_ step: Int) {
      let tops = model.tops()
      let y = table.contentOffset.y
      var expected: [IndexPath] = []
      for i in 0..<model.count where tops[i + 1] > y && tops[i] < y + Self.viewport.height {
        expected.append(IndexPath(row: i, section: 0))
      }
      #expect(table.indexPathsForVisibleRows == expected, "step \(step): visible rows")
      for (path, cell) in zip(table.indexPathsForVisibleRows, table.visibleCells) {
        let i = path.row
        let want = Rect(x: 0, y: tops[i], width: Self.viewport.width, height: model.shown[i])
        #expect(cell.frame == want, "step \(step): row \(i) at \(cell.frame), model \(want)")
      }
      let b = bounds()
      #expect(
        table.contentSize.height == tops[model.count], "step \(step): content height")
      #expect(table.minimumContentOffsetY == b.min && table.maximumContentOffsetY == b.max, "step \(step): bounds")
    }

    syncMeasured()
    checkFrames(-1)
    checkInvariants(table, host: host)

    var exactChecks = 0
    /// The selected rows' ids (single selection): a selected row on screen is the anchor.
    var selectedIDs = Set<Int>()
    var changes = 0
    let steps = 1_000
    for step in 0..<steps {
      syncMeasured()
      // The anchor, from the model's frames: the first row entirely on screen (else the first on screen).
      let tops = model.tops()
      let y0 = table.contentOffset.y
      let visibleRows = table.indexPathsForVisibleRows.map(\.row)
      let a =
        visibleRows.firstIndex { selectedIDs.contains(model.ids[$0]) }
        ?? visibleRows.firstIndex { tops[$0] >= y0 && tops[$0 + 1] <= y0 + Self.viewport.height } ?? 0
      let oldIDs = model.ids
      let correction0 = table.contentOffsetCorrection

      let roll = rng.int(0..<100)
      var isChange = true
      /// The old rows this step reloads.
      var reloaded = Set<Int>()
      let first = visibleRows.first ?? 0
      let last = visibleRows.last ?? 0
      /// A position above, inside or below the visible rows.
      func somewhere(_ bound: Int) -> Int {
        switch rng.int(0..<3) {
        case 0: return rng.int(0..<(max(first, 0) + 1))
        case 1: return min(bound, first + rng.int(0..<(last - first + 1)))
        default: return min(bound, last + rng.int(0..<(bound - last + 1)))
        }
      }
      switch roll {
      case 0..<14, 14..<24, 24..<36:
        // Insert k rows: prepended, appended, or anywhere (now and then a thousand).
        let k = rng.int(0..<20) == 0 ? 1_000 : rng.int(1..<12)
        let at = roll < 14 ? 0 : roll < 24 ? model.count : somewhere(model.count)
        for j in 0..<k {
          let h = randomHeight()
          model.insert(nextID, height: h, estimate: estimated ? Self.estimate : nil, at: at + j)
          nextID += 1
        }
        source.ids = model.ids
        source.heights = model.trueHeights
        try table.insertRows(at: (at..<(at + k)).map { IndexPath(row: $0, section: 0) })
      case 36..<56:
        // Delete k rows from a run, or scattered; more when the table is large.
        guard model.count > 1 else { continue }
        let k = min(model.count - 1, model.count > 500 ? rng.int(100..<500) : rng.int(1..<10))
        var doomed = Set<Int>()
        if rng.int(0..<2) == 0 {
          let start = min(somewhere(model.count - 1), model.count - k)
          doomed = Set(start..<(start + k))
        } else {
          while doomed.count < k { doomed.insert(somewhere(model.count - 1)) }
        }
        for i in doomed.sorted(by: >) { model.remove(at: i) }
        source.ids = model.ids
        source.heights = model.trueHeights
        try table.deleteRows(at: doomed.map { IndexPath(row: $0, section: 0) })
      case 56..<68:
        // Reload k rows, with new heights.
        let k = rng.int(1..<6)
        let rows = Set((0..<k).map { _ in somewhere(model.count - 1) })
        // In order: the heights drawn must not depend on the set's (per-process) hash order.
        for i in rows.sorted() {
          model.trueHeights[i] = randomHeight()
          if estimated {
            model.shown[i] = Self.estimate
            model.measured[i] = false
          } else {
            model.shown[i] = model.trueHeights[i]
          }
        }
        source.heights = model.trueHeights
        // A reloaded row leaves the selection (it may now hold another item), as in UIKit.
        for i in rows { selectedIDs.remove(model.ids[i]) }
        reloaded = rows
        try table.reloadRows(at: rows.map { IndexPath(row: $0, section: 0) })
      case 68..<82:
        // Heights change (above, inside, below), then an empty batch update asks for them again.
        let k = rng.int(1..<8)
        let rows = Set((0..<k).map { _ in somewhere(model.count - 1) })
        // In order: the heights drawn must not depend on the set's (per-process) hash order.
        for i in rows.sorted() {
          model.trueHeights[i] = randomHeight()
          // A self-sizing cell on screen changes its content in place (UIKit's idiom).
          if let cell = table.cellForRow(at: IndexPath(row: i, section: 0)) as? TestCell {
            cell.fittingHeight = model.trueHeights[i]
          }
        }
        source.heights = model.trueHeights
        if estimated {
          // Rows on screen are measured again; every other measured row keeps its height, unmeasured.
          let onScreen = Set(visibleRows)
          for i in 0..<model.count where model.measured[i] {
            if onScreen.contains(i) { model.shown[i] = model.trueHeights[i] } else { model.measured[i] = false }
          }
        } else {
          model.shown = model.trueHeights
        }
        try table.performBatchUpdates { _ in }
      case 82..<88:
        // One row's height set directly (setHeight(_:forRowAt:)): measured at once.
        let i = somewhere(model.count - 1)
        let h = randomHeight()
        model.trueHeights[i] = h
        model.shown[i] = h
        model.measured[i] = true
        source.heights = model.trueHeights
        if let cell = table.cellForRow(at: IndexPath(row: i, section: 0)) as? TestCell { cell.fittingHeight = h }
        try table.setHeight(h, forRowAt: IndexPath(row: i, section: 0))
      case 88..<93:
        // Select a row on screen (now and then none): it becomes the anchor.
        isChange = false
        if let row = visibleRows.isEmpty || roll == 92 ? nil : visibleRows[rng.int(0..<visibleRows.count)] {
          try table.selectRow(at: IndexPath(row: row, section: 0), animated: false, scrollPosition: .none)
          selectedIDs = [model.ids[row]]
        } else {
          for path in table.indexPathsForSelectedRows { table.deselectRow(at: path, animated: false) }
          selectedIDs = []
        }
      default:
        // Scroll anywhere (a jump, or a step).
        isChange = false
        let b = bounds()
        if rng.int(0..<2) == 0 {
          table.contentOffset.y = b.min + Double(rng.int(0..<Int(max(1, (b.max - b.min) * 4) + 1))) / 4
        } else {
          table.scroll(by: Double(rng.int(-800..<800)) / 4)
        }
      }
      syncMeasured()
      checkInvariants(table, host: host)
      checkFrames(step)
      selectedIDs.formIntersection(model.ids)
      let selectedRows = model.ids.indices.filter { selectedIDs.contains(model.ids[$0]) }
      #expect(table.indexPathsForSelectedRows.map(\.row) == selectedRows, "step \(step): selection")
      guard isChange else { continue }
      changes += 1
      // The rule: the first surviving visible row from the anchor down keeps its own place (when the anchor is
      // reloaded, the first such row that is not reloaded, if any); else the next surviving row of the table
      // takes the anchor's; else the nearest surviving one above.
      let survivors = Dictionary(uniqueKeysWithValues: model.ids.enumerated().map { ($1, $0) })
      var kept: (row: Int, screen: Double)?
      if !visibleRows.isEmpty {
        let screen = { (i: Int) in tops[visibleRows[i]] - y0 }
        if reloaded.contains(visibleRows[a]) {
          for i in a..<visibleRows.count where !reloaded.contains(visibleRows[i]) {
            if let row = survivors[oldIDs[visibleRows[i]]] {
              kept = (row, screen(i))
              break
            }
          }
        }
        for i in a..<visibleRows.count where kept == nil {
          if let row = survivors[oldIDs[visibleRows[i]]] {
            kept = (row, screen(i))
            break
          }
        }
        if kept == nil, let lastOld = visibleRows.last {
          for old in (lastOld + 1)..<max(lastOld + 1, oldIDs.count) {
            if let row = survivors[oldIDs[old]] {
              kept = (row, screen(a))
              break
            }
          }
        }
        if kept == nil {
          for i in stride(from: a - 1, through: 0, by: -1) {
            if let row = survivors[oldIDs[visibleRows[i]]] {
              kept = (row, screen(i))
              break
            }
          }
        }
      }
      let y1 = table.contentOffset.y
      let b = bounds()
      #expect(y1 >= b.min && y1 <= b.max, "step \(step): offset \(y1) outside \(b)")
      guard let kept else { continue }
      let target = model.tops()[kept.row] - kept.screen
      guard target >= b.min, target <= b.max else { continue }
      exactChecks += 1
      #expect(
        y1 == target, "step \(step) (roll \(roll)): anchor row \(kept.row) moved: offset \(y1), expected \(target)")
      #expect(
        table.contentOffsetCorrection - correction0 == y1 - y0,
        "step \(step): the correction \(table.contentOffsetCorrection - correction0) is not the offset change \(y1 - y0)"
      )
    }
    // Most changes leave the anchor's target within the content (the rest stop at an edge).
    #expect(exactChecks * 2 > changes, "only \(exactChecks) of \(changes) changes were checked exactly")
  }
}
