import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// Values that have stopped programs before: non-numbers, infinities, magnitudes whose units do
/// not fit in 64 bits, subnormals, a negative zero, and ordinary values to keep the table working.
let nastyDoubles: [Double] = [
  .nan, -.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
  1e17, 3.7e16, -3.7e16, 1e9, 1e9 + 1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
  -0.0, 0, .ulpOfOne, 1, 44, 1e-9, -1, -44,
]

/// Counts and indexes at the edges of `Int`, and counts far beyond what a table holds.
let nastyInts: [Int] = [Int.max, Int.min, Int.max - 1, Int.min + 1, 1 << 62, (1 << 40) + 1, -1, 0, 1, 2, 7]

extension SplitMix64 {
  /// A nasty value half the time, an ordinary one in `ordinary` otherwise.
  mutating func input(_ ordinary: ClosedRange<Double>) -> Double {
    next() % 2 == 0 ? nastyDoubles[int(0..<nastyDoubles.count)] : double(ordinary)
  }
  mutating func input(_ ordinary: Range<Int>) -> Int {
    next() % 2 == 0 ? nastyInts[int(0..<nastyInts.count)] : int(ordinary)
  }
}

/// A data source and delegate whose every answer may be nasty: counts, row heights, estimates,
/// section header and footer heights.
final class NastyModel: TableViewDataSource, TableViewDelegate {
  var sectionCount = 3
  var rowCounts: [Int: Int] = [:]
  var defaultRows = 50
  var height: (IndexPath) -> Double = { _ in 20 }
  var headerHeight: (Int) -> Double = { _ in 10 }
  var footerHeight: (Int) -> Double = { _ in 0 }

  func numberOfSections(in tableView: TableView) -> Int { sectionCount }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    rowCounts[section] ?? defaultRows
  }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.configuredFor = indexPath
    cell.fittingHeight = height(indexPath)
    return cell
  }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { headerHeight(section) }
  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double { footerHeight(section) }
}

/// The same, with row heights and estimates from the delegate (`heightForRowAt`, `estimatedHeightForRowAt`).
final class NastyDelegateHeights: TableViewDataSource, TableViewDelegate {
  let model: NastyModel
  var estimate: (IndexPath) -> Double = { _ in 30 }
  init(_ model: NastyModel) { self.model = model }
  func numberOfSections(in tableView: TableView) -> Int { model.numberOfSections(in: tableView) }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    model.tableView(tableView, numberOfRowsInSection: section)
  }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    model.tableView(tableView, cellForRowAt: indexPath)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { model.height(indexPath) }
  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double {
    estimate(indexPath)
  }
}

/// What must hold after any input: the table answers, its offset is a number, its geometry
/// index is consistent, and every cell on screen is where the geometry says its row is.
func expectConsistent(_ table: TableView, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(table.contentOffset.y.isFinite && table.contentOffset.x.isFinite, "\(step)", sourceLocation: sourceLocation)
  #expect(table.viewportSize.width.isFinite && table.viewportSize.height.isFinite, "\(step)")
  let size = table.contentSize
  #expect(size.height.isFinite && size.height >= 0, "\(step): content height \(size.height)")
  #expect(size.height <= TableView.maximumContentHeight, "\(step): content height \(size.height)")
  #expect(table.totalRowCount <= TableView.maximumRowCount, "\(step)")
  table._checkInvariants()
  let appearances = table.visibleRowAppearances
  for a in appearances {
    #expect(table.isValid(a.indexPath), "\(step): a cell shows \(a.indexPath), not a row of the table")
    guard !table.isLooping, let rect = try? table.rectForRow(at: a.indexPath) else { continue }
    #expect(a.view.frame.minY == rect.minY && a.view.frame.height == rect.height, "\(step): \(a.indexPath)")
  }
  if !table.isLooping {
    let paths = appearances.map(\.indexPath)
    #expect(paths == paths.sorted(), "\(step): visible rows out of order")
    #expect(Set(paths).count == paths.count, "\(step): a row shown twice")
  }
  _ = table.indexPathForRow(at: Point(x: 1, y: table.contentOffset.y))
}

@Suite("No input traps the process")
struct InputFuzzTests {
  @Test("the cases that used to stop the process are refused with an error or clamped as documented")
  func knownTraps() throws {
    let model = NastyModel()
    let (table, _) = makeFuzzTable(model)
    var errors: [TableViewError] = []
    table.onError = { errors.append($0) }

    table.contentOffset.y = 1e300
    #expect(table.contentOffset.y == TableView.maximumContentHeight, "a far offset is clamped, as documented")
    #expect(table.indexPathsForVisibleRows.isEmpty)
    table.contentOffset.y = 0
    table.setContentOffset(Point(x: 0, y: 1e300), animated: true)
    tickUntilStill(table)
    #expect(table.contentOffset.y == TableView.maximumContentHeight)
    table.setContentOffset(Point(x: 0, y: .nan), animated: true)
    #expect(!table.isAnimating && errors.last?.kind == .invalidArgument)
    #expect(table.indexPathForRow(at: Point(x: 1, y: .nan)) == nil)
    #expect(table.indexPathForRow(at: Point(x: 1, y: 1e300)) == nil)

    errors.removeAll()
    table.rowHeight = .infinity
    table.layoutIfNeeded()
    #expect(errors.contains { $0.kind == .invalidHeight }, "rowHeight = ∞ is reported")
    table.rowHeight = 1e300
    table.layoutIfNeeded()
    errors.removeAll()
    table.estimatedRowHeight = .infinity
    table.layoutIfNeeded()
    #expect(errors.contains { $0.kind == .invalidHeight }, "estimatedRowHeight = ∞ is reported")
    table.estimatedRowHeight = 0
    table.rowHeight = 20

    errors.removeAll()
    let size = table.viewportSize
    table.viewportSize = Size(width: 100, height: .nan)
    #expect(table.viewportSize == size, "a NaN viewport is refused")
    table.viewportSize = Size(width: 100, height: .infinity)
    #expect(table.viewportSize == size, "an infinite viewport is refused")
    #expect(errors.count(where: { $0.kind == .invalidArgument }) == 2)

    // rowHeight at its documented maximum with 10⁸ rows: 10¹⁷ points, beyond what the table holds.
    errors.removeAll()
    model.sectionCount = 1
    model.defaultRows = 100_000_000
    table.rowHeight = 1e9
    table.reloadData()
    #expect(errors.contains { $0.message.contains("taller") }, "the reload is refused with a clear error")
    #expect(table.numberOfSections == 0)
    expectConsistent(table, "10⁸ rows of 10⁹ points")

    // A looping table far away.
    model.defaultRows = 10
    table.rowHeight = 20
    table.loops = true
    table.reloadData()
    table.contentOffset.y = 1e300
    expectConsistent(table, "looping at 1e300")
    table.contentOffset.y = -1e300
    expectConsistent(table, "looping at -1e300")
  }

  @Test("a picker of NaN height, NaN row height or absurd row counts is refused or clamped, never traps")
  func pickerTraps() throws {
    let model = PickerModel(rows: [10, 20], heights: [.nan, .infinity])
    let (picker, clock) = try makePicker(model)
    picker.size = Size(width: 30, height: .nan)
    #expect(picker.size == Size(width: 30, height: 14))
    try picker.selectRow(3, inComponent: 0, animated: true)
    runUntilStill(picker, clock)
    picker.scroll(inComponent: 1, by: 1e300)
    runUntilStill(picker, clock)
    model.rows = [Int.max, 1 << 40]
    try picker.reloadAllComponents()
    picker.moveSelection(inComponent: 0, by: Int.max)
    runUntilStill(picker, clock)
    picker.tap(at: Point(x: 1, y: .nan))
    #expect(picker.selectedRow(inComponent: 0) >= 0)
  }

  @Test(
    "keys in a looping component skip the rows outside its range at once, even with 2⁴⁰ rows",
    arguments: [12, 1 << 40])
  func loopingRangeSkip(rows: Int) throws {
    let model = PickerModel(rows: [rows])
    let (picker, clock) = try makePicker(model)
    try picker.setLoops(true, forComponent: 0)
    try picker.setSelectableRange(3...5, forComponent: 0)
    try picker.selectRow(5, inComponent: 0, animated: false)
    picker.moveSelection(inComponent: 0, by: 1)
    runUntilStill(picker, clock)
    #expect(picker.selectedRow(inComponent: 0) == 3, "forward past the range: its first row, next lap")
    picker.moveSelection(inComponent: 0, by: -1)
    runUntilStill(picker, clock)
    #expect(picker.selectedRow(inComponent: 0) == 5, "back past the range: its last row, previous lap")
  }

  func makeFuzzTable(_ model: NastyModel, style: TableView.Style = .plain) -> (TableView, TestHost) {
    makeTable(model, style: style)
  }

  func tickUntilStill(_ table: TableView) {
    let clock = table.clock as! ManualClock
    var frames = 0
    while table.isAnimating && frames < 2_000 {
      clock.advance(by: 1.0 / 60)
      table.tick()
      frames += 1
    }
  }

  @Test(
    "every public Double and Int input of the table, fed NaN, ±∞, ±1e300, subnormals, -0 and Int.max: no trap, consistent, reported",
    arguments: [1, 2, 3, 4] as [UInt64])
  func fuzzTable(seed: UInt64) {
    var rng = SplitMix64(seed: 0xF022 &* seed)
    let model = NastyModel()
    let heights = NastyDelegateHeights(model)
    let (table, host) = makeFuzzTable(model, style: seed % 2 == 0 ? .plain : .grouped)
    var reported = 0
    table.onError = { _ in reported += 1 }
    func path() -> IndexPath { IndexPath(row: rng.input(0..<60), section: rng.input(0..<4)) }
    func point() -> Point { Point(x: rng.input(0...100), y: rng.input(-100...3_000)) }
    for step in 0..<600 {
      let op = rng.int(0..<42)
      let before = reported
      var refused = false
      switch op {
      case 0: table.contentOffset = point()
      case 1: table.contentOffset.y = rng.input(-100...3_000)
      case 2: table.setContentOffset(point(), animated: rng.next() % 2 == 0)
      case 3:
        let insets = EdgeInsets(
          top: rng.input(0...30), left: rng.input(0...30), bottom: rng.input(0...30), right: rng.input(0...30))
        refused = ![insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite)
        table.contentInset = insets
      case 4:
        let size = Size(width: rng.input(0...200), height: rng.input(0...500))
        refused = !size.width.isFinite || !size.height.isFinite
        table.viewportSize = size
      case 5:
        let h = rng.input(1...60)
        refused = h.isNaN || h.isInfinite
        table.rowHeight = h
        table.layoutIfNeeded()
      case 6:
        let h = rng.input(1...60)
        refused = h.isNaN || h > HeightIndex.maximumHeight
        table.estimatedRowHeight = h
        table.layoutIfNeeded()
      case 7:
        table.sectionHeaderHeight = rng.input(0...30)
        table.sectionFooterHeight = rng.input(0...30)
        table.layoutIfNeeded()
      case 8:
        let rate = rng.input(0.9...0.999)
        refused = !(rate > 0 && rate < 1)
        table.decelerationRate = rate
      case 9: try? table.scrollToRow(at: path(), at: .middle, animated: rng.next() % 2 == 0)
      case 10: try? table.selectRow(at: path(), animated: false, scrollPosition: .top)
      case 11: _ = table.indexPathForRow(at: point())
      case 12: _ = try? table.rectForRow(at: path())
      case 13: _ = try? table.rect(forSection: rng.input(0..<4))
      case 14:
        _ = try? table.rectForHeader(inSection: rng.input(0..<4))
        _ = try? table.rectForFooter(inSection: rng.input(0..<4))
      case 15: try? table.setHeight(rng.input(1...80), forRowAt: path())
      case 16: table.scroll(by: rng.input(-500...500))
      case 17: table.scrollSmoothly(by: rng.input(-500...500))
      case 18: table.decelerate(velocity: rng.input(-5_000...5_000))
      case 19:
        table.beginDragging(at: rng.input(0...300))
        table.drag(to: rng.input(-300...600))
        table.endDragging(velocity: rng.input(-5_000...5_000))
      case 20: table.tap(at: point())
      case 21:
        table.scrollPage(
          rng.input(0..<2) == 0 ? .up : .down, fraction: rng.input(0...1), overlap: rng.input(0...40))
      case 22: table.moveFocus(rng.input(0..<2) == 0 ? .previous : .next)
      case 23:
        let sections = rng.input(0..<5)
        let rows = rng.input(0..<80)
        model.sectionCount = sections
        model.defaultRows = rows
        model.rowCounts = [:]
        table.reloadData()
      case 24:
        model.height = { [h = rng.input(5...60)] _ in h }
        table.reloadData()
      case 25:
        let h = rng.input(5...60)
        model.height = { $0.row % 3 == 0 ? h : 25 }
        try? table.performBatchUpdates { _ in }
      case 26:
        model.headerHeight = { [h = rng.input(0...30)] _ in h }
        model.footerHeight = { [h = rng.input(0...30)] _ in h }
        table.reloadData()
      case 27:
        table.delegate = rng.next() % 2 == 0 ? heights : model
        table.dataSource = rng.next() % 2 == 0 ? heights : model
        heights.estimate = { [h = rng.input(5...60)] _ in h }
        table.layoutIfNeeded()
      case 28:
        table.rowHeight = rng.next() % 2 == 0 ? TableView.automaticDimension : 20
        table.estimatedRowHeight = rng.next() % 2 == 0 ? 30 : 0
        table.layoutIfNeeded()
      case 29:
        table.loops.toggle()
        table.layoutIfNeeded()
      case 30: (table.clock as! ManualClock).advance(by: rng.input(0...0.1))
      case 31: table.tick()
      case 32: tickUntilStill(table)
      case 33:
        let header = TestCell()
        header.frame = Rect(x: 0, y: 0, width: 100, height: rng.input(0...50))
        table.tableHeaderView = header
      case 34: table.reusePoolFloor = rng.input(0..<8)
      case 35:
        let count = rng.input(0..<3)
        let sections = model.sectionCount
        model.sectionCount = sections
        model.rowCounts[0] = count
        try? table.performBatchUpdates { $0.reloadSections([0]) }
      case 36:
        table.touchBegan(at: point())
        table.touchMoved(to: point())
        table.touchEnded(at: point())
      case 37:
        _ = table.row(adjacentTo: path(), direction: rng.input(0..<2) == 0 ? .previous : .next)
        _ = table.projectedOffset(velocity: rng.input(-5_000...5_000))
      case 38: table.widthCacheLimit = rng.input(1..<4)
      case 39:
        let widths = (0..<rng.int(0..<4)).map { _ in rng.input(1...200) }
        refused = !widths.allSatisfy { $0.isFinite && $0 > 0 }
        table.expectedWidths = widths
      case 40:
        table.idlePrecompute.enable(budget: 0.001)
        table.runIdleSlice()
        _ = table.precomputeProgress(forWidth: rng.input(0...200))
      default: table.tapMoveThreshold = rng.input(0...20)
      }
      table.layoutIfNeeded()
      expectConsistent(table, "seed \(seed) step \(step) op \(op)")
      #expect(host.doubleAttach == 0 && host.strayDetach == 0, "seed \(seed) step \(step) op \(op)")
      if refused {
        #expect(reported > before, "seed \(seed) step \(step) op \(op): refused input is reported")
      }
    }
  }

  @Test(
    "every public Double and Int input of the picker, nasty: no trap, a selected row that exists",
    arguments: [1, 2, 3] as [UInt64])
  func fuzzPicker(seed: UInt64) throws {
    var rng = SplitMix64(seed: 0x1C2E &* seed)
    let model = PickerModel(rows: [10, 20, 5])
    let (picker, clock) = try makePicker(model)
    for step in 0..<250 {
      switch rng.int(0..<14) {
      case 0: picker.size = Size(width: rng.input(0...60), height: rng.input(0...30))
      case 1:
        model.heights = model.heights.map { _ in rng.input(0.5...4) }
        try? picker.reloadAllComponents()
      case 2:
        model.rows = model.rows.map { _ in rng.input(0..<40) }
        try? picker.reloadAllComponents()
      case 3: try? picker.selectRow(rng.input(0..<40), inComponent: rng.input(0..<3), animated: rng.next() % 2 == 0)
      case 4: picker.scroll(inComponent: rng.input(0..<3), by: rng.input(-10...10))
      case 5: picker.moveSelection(inComponent: rng.input(0..<3), by: rng.input(-3..<4))
      case 6: picker.tap(at: Point(x: rng.input(0...30), y: rng.input(0...14)))
      case 7:
        let c = rng.input(0..<3)
        picker.beginDragging(inComponent: c, at: rng.input(0...14))
        picker.drag(inComponent: c, to: rng.input(-20...40))
        picker.endDragging(inComponent: c, velocity: rng.input(-300...300))
      case 8: try? picker.setLoops(rng.next() % 2 == 0, forComponent: rng.input(0..<3))
      case 9:
        let a = rng.input(0..<40)
        let b = rng.input(0..<40)
        try? picker.setSelectableRange(min(a, b)...max(a, b), forComponent: rng.input(0..<3))
      case 10: clock.advance(by: rng.input(0...0.1))
      case 11: _ = picker.component(atX: rng.input(0...30))
      case 12: picker.defaultRowHeight = rng.input(0.5...4)
      default: runUntilStill(picker, clock)
      }
      picker.tick()
      for c in 0..<picker.numberOfComponents {
        let rows = picker.numberOfRows(inComponent: c)
        let selected = picker.selectedRow(inComponent: c)
        #expect(rows == 0 ? selected == -1 : (0..<rows).contains(selected), "seed \(seed) step \(step)")
        let table = picker.table(forComponent: c)
        expectConsistent(table, "seed \(seed) step \(step) component \(c)")
        _ = picker.rowPositions(inComponent: c)
        _ = picker.selectionBand(forComponent: c)
      }
    }
  }
}
