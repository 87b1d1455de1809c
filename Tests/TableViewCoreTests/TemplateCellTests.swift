import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// Counts what happens to text cells (shared by every cell a table makes).
final class TextCellLog {
  var created = 0
  var fittedWidths: [Double] = []
}

/// A cell showing `characters` characters of 7 points in lines of 20 points, with an accessory; in
/// edit mode its text is `editingIndent` narrower (its editing control's room).
final class TextCell: ReusableView, AccessoryReporting {
  static let editingIndent = 40.0
  var reuseIdentifier: String?
  var frame: Rect = .zero
  var characters = 0
  var isEditing = false
  var accessoryWidth: Double = 0
  /// Overrides the fitted height (0, NaN… to test bad measurements).
  var forcedHeight: Double?
  let log: TextCellLog

  init(log: TextCellLog) {
    self.log = log
    log.created += 1
  }

  static func height(characters: Int, width: Double) -> Double {
    let perLine = max(1, Int(width / 7))
    return Double((characters + perLine - 1) / perLine) * 20 + 4
  }

  func sizeThatFits(width: Double) -> Double {
    log.fittedWidths.append(width)
    return forcedHeight ?? Self.height(characters: characters, width: width - (isEditing ? Self.editingIndent : 0))
  }

  func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
}

/// Rows of text whose heights the delegate measures with a template cell; the delegate gives
/// keys when `keyed` is set.
final class TextModel: TableViewDataSource, TableViewDelegate, TableViewHeightCacheKeys {
  var items: [(id: Int, characters: Int)]
  var accessory: Double = 0
  var forced: [Int: Double] = [:]
  var keyed = false
  var configured: [(id: Int, width: Double)] = []

  init(_ lengths: [Int]) { items = lengths.enumerated().map { ($0.offset, $0.element) } }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    let item = items[indexPath.row]
    return tableView.height(forCellWithReuseIdentifier: "text", at: indexPath, as: TextCell.self) { cell in
      cell.characters = item.characters
      cell.accessoryWidth = accessory
      cell.forcedHeight = forced[item.id]
      configured.append((item.id, tableView.measuringWidth))
    }
  }
  func tableView(_ tableView: TableView, heightCacheKeyForRowAt indexPath: IndexPath) -> AnyHashable? {
    keyed ? AnyHashable(items[indexPath.row].id) : nil
  }
}

func makeTextTable(_ model: TextModel, width: Double = 280) -> (TableView, TextCellLog) {
  let log = TextCellLog()
  let table = TableView()
  table.register({ TextCell(log: log) }, forCellReuseIdentifier: "text")
  table.estimatedRowHeight = 44
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: width, height: 400)
  table.reloadData()
  return (table, log)
}

@Suite("Template-cell measurement")
struct TemplateCellTests {
  @Test("each row is measured once per width, with one template cell per identifier")
  func measuredOncePerWidth() throws {
    var rng = SplitMix64(seed: 1)
    let model = TextModel((0..<200).map { _ in rng.int(1..<200) })
    let (table, log) = makeTextTable(model)
    let first = model.configured.count
    #expect(first > 0)
    try table.scrollToRow(at: IndexPath(row: 199, section: 0), at: .bottom, animated: false)
    try table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
    try table.scrollToRow(at: IndexPath(row: 199, section: 0), at: .bottom, animated: false)
    let ids = model.configured.map(\.id)
    #expect(Set(ids).count == ids.count, "no row measured twice at one width")
    #expect(model.configured.allSatisfy { $0.width == 280 })
    // A width seen for the first time measures again; coming back measures nothing.
    let atFirstWidth = model.configured.count
    table.viewportSize.width = 140
    let atSecondWidth = model.configured.count - atFirstWidth
    #expect(atSecondWidth > 0)
    #expect(model.configured.suffix(atSecondWidth).allSatisfy { $0.width == 140 })
    table.viewportSize.width = 280
    #expect(model.configured.count == atFirstWidth + atSecondWidth)
    // Every row shown has its template height at the current width.
    for path in table.indexPathsForVisibleRows {
      let expected = TextCell.height(characters: model.items[path.row].characters, width: 280)
      #expect(try table.rectForRow(at: path).height == expected)
    }
    // One template cell per identifier, kept aside: never on screen, never in the pool.
    #expect(table.heights.templates.templates.count == 1)
    let template = try #require(table.heights.templates.templates["text"])
    #expect(!table.visibleCells.contains { $0 === template })
    #expect(!table.visible.cellPool.contains(template))
    #expect(log.created > 1)
  }

  @Test("in edit mode rows are as tall as their narrower text, with keys or without, and as before when it ends")
  func editMode() throws {
    for keyed in [false, true] {
      var rng = SplitMix64(seed: 7)
      let model = TextModel((0..<120).map { _ in rng.int(30..<200) })
      model.keyed = keyed
      let (table, _) = makeTextTable(model)
      while table.runIdleSlice() {}
      func expectFit(_ editing: Bool, _ when: String) throws {
        let width = 280 - (editing ? TextCell.editingIndent : 0)
        for path in table.indexPathsForVisibleRows {
          let expected = TextCell.height(characters: model.items[path.row].characters, width: width)
          #expect(try table.rectForRow(at: path).height == expected, "row \(path.row) \(when), keyed: \(keyed)")
        }
      }
      table.setEditing(true, animated: false)
      try expectFit(true, "on screen as edit mode starts")
      try table.scrollToRow(at: IndexPath(row: 119, section: 0), at: .bottom, animated: false)
      try expectFit(true, "coming on screen in edit mode")
      while table.runIdleSlice() {}
      table.setEditing(false, animated: false)
      try expectFit(false, "as edit mode ends")
      try table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
      try expectFit(false, "coming on screen after edit mode")
    }
  }

  @Test("the accessory's width is taken from the width the template is measured at")
  func accessoryWidth() throws {
    let model = TextModel(Array(repeating: 120, count: 20))
    model.accessory = 40
    let (table, log) = makeTextTable(model)
    #expect(!log.fittedWidths.isEmpty)
    #expect(log.fittedWidths.allSatisfy { $0 == 240 })
    let expected = TextCell.height(characters: 120, width: 240)
    #expect(expected != TextCell.height(characters: 120, width: 280))
    #expect(try table.rectForRow(at: IndexPath(row: 0, section: 0)).height == expected)
  }

  @Test("called from outside, it answers from the index, or measures once and stores the height")
  func outsideCalls() throws {
    let model = TextModel(Array(repeating: 30, count: 100) + [500])
    let (table, _) = makeTextTable(model)
    let visible = IndexPath(row: 0, section: 0)
    let before = model.configured.count
    let h = table.height(forCellWithReuseIdentifier: "text", at: visible) { _ in Issue.record("not configured") }
    #expect(h == TextCell.height(characters: 30, width: 280))
    #expect(model.configured.count == before)
    // A row far below, not measured yet: measured now, then cached in the index.
    let far = IndexPath(row: 100, section: 0)
    #expect(!table.heights.index.isMeasured(item: table.heights.index.itemIndex(of: far)))
    let offset = table.contentOffset.y
    var configurations = 0
    let measure = {
      table.height(forCellWithReuseIdentifier: "text", at: far, as: TextCell.self) {
        $0.characters = 500
        configurations += 1
      }
    }
    #expect(measure() == TextCell.height(characters: 500, width: 280))
    #expect(measure() == TextCell.height(characters: 500, width: 280))
    #expect(configurations == 1)
    #expect(try table.rectForRow(at: far).height == TextCell.height(characters: 500, width: 280))
    #expect(table.contentOffset.y == offset, "a row below the screen moves nothing on it")
  }

  @Test("zero, negative and NaN measurements fall back to rowHeight, are reported, and are never cached")
  func badMeasurementsNotCached() throws {
    let model = TextModel(Array(repeating: 30, count: 100))
    model.keyed = true
    let (table, _) = makeTextTable(model)
    let errors = table.reportedErrors.count
    for (row, bad) in [(60, 0.0), (61, -5), (62, .nan), (63, .infinity)] {
      let path = IndexPath(row: row, section: 0)
      var configurations = 0
      let measure = {
        table.height(forCellWithReuseIdentifier: "text", at: path, as: TextCell.self) {
          $0.characters = 30
          $0.forcedHeight = bad
          configurations += 1
        }
      }
      #expect(measure() == 44, "the fallback: rowHeight")
      #expect(measure() == 44)
      #expect(configurations == 2, "nothing was cached, so it measures again")
      #expect(!table.heights.index.isMeasured(item: table.heights.index.itemIndex(of: path)))
      #expect(table.keyedHeightCount == table.visibleCells.count, "only the good rows on screen are keyed")
    }
    #expect(table.reportedErrors.count == errors + 8)
    #expect(table.reportedErrors.suffix(8).allSatisfy { $0.kind == .invalidHeight })
    // Measured by the table itself (the row comes on screen): the fallback is used, not keyed.
    model.forced[70] = 0
    try table.scrollToRow(at: IndexPath(row: 70, section: 0), at: .top, animated: false)
    #expect(try table.rectForRow(at: IndexPath(row: 70, section: 0)).height == 44)
    #expect(table.keyedUnits(for: AnyHashable(70)) == nil)
    #expect(table.keyedUnits(for: AnyHashable(71)) == HeightIndex.units(TextCell.height(characters: 30, width: 280)))
  }

  @Test("an identifier nothing is registered for is reported and falls back")
  func unregistered() {
    let model = TextModel([10])
    let (table, _) = makeTextTable(model)
    let h = table.height(forCellWithReuseIdentifier: "nope", at: IndexPath(row: 5, section: 0)) { _ in }
    #expect(h == 44)
    #expect(table.reportedErrors.last?.kind == .unregisteredIdentifier)
    #expect(table.reportedErrors.last?.message.contains("\"nope\"") == true)
  }
}

/// Self-sizing rows (the cell's `sizeThatFits`) with keys from the delegate.
final class KeyedModel: TableViewDataSource, TableViewDelegate, TableViewHeightCacheKeys {
  var ids: [Int]
  var characters: [Int: Int]
  var keyed = true
  init(rows: Int, seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    ids = Array(0..<rows)
    characters = Dictionary(uniqueKeysWithValues: ids.map { ($0, rng.int(1..<300)) })
  }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { ids.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath, as: TextCell.self)
    cell.characters = characters[ids[indexPath.row]]!
    return cell
  }
  func tableView(_ tableView: TableView, heightCacheKeyForRowAt indexPath: IndexPath) -> AnyHashable? {
    keyed ? AnyHashable(ids[indexPath.row]) : nil
  }
  func expectHeights(_ table: TableView, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for (row, id) in ids.enumerated() {
      let expected = TextCell.height(characters: characters[id]!, width: table.viewportSize.width)
      #expect(
        try table.rectForRow(at: IndexPath(row: row, section: 0)).height == expected, sourceLocation: sourceLocation)
    }
  }
}

@Suite("Keyed height cache")
struct KeyedHeightCacheTests {
  func makeKeyedTable(_ model: KeyedModel) -> (TableView, TextCellLog) {
    let log = TextCellLog()
    let table = TableView()
    table.register({ TextCell(log: log) }, forCellReuseIdentifier: "text")
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = 44
    table.dataSource = model
    table.delegate = model
    table.viewportSize = Size(width: 280, height: 400)
    table.reloadData()
    table.idlePrecompute.enable()
    return (table, log)
  }

  @Test("heights survive reloadData after a reordering: no row is measured again")
  func survivesReorder() throws {
    let model = KeyedModel(rows: 300, seed: 2)
    let (table, log) = makeKeyedTable(model)
    while table.runIdleSlice() {}
    #expect(log.fittedWidths.count == 300)
    try model.expectHeights(table)
    var rng = SplitMix64(seed: 3)
    model.ids.shuffle(using: &rng)
    table.reloadData()
    #expect(table.precomputeProgress.measuredRows > 0, "rows on screen came from the keyed cache")
    while table.runIdleSlice() {}
    #expect(log.fittedWidths.count == 300, "nothing measured again")
    try model.expectHeights(table)
    // Without keys the same reload measures everything again.
    model.keyed = false
    model.ids.reverse()
    table.reloadData()
    while table.runIdleSlice() {}
    #expect(log.fittedWidths.count == 600)
  }

  @Test("keys are kept per width: each width measures once, even across reloads")
  func perWidth() throws {
    let model = KeyedModel(rows: 100, seed: 4)
    let (table, log) = makeKeyedTable(model)
    while table.runIdleSlice() {}
    table.viewportSize.width = 140
    while table.runIdleSlice() {}
    #expect(log.fittedWidths.count == 200)
    try model.expectHeights(table)
    model.ids.reverse()
    table.reloadData()  // drops the other width's index, not the keyed heights
    while table.runIdleSlice() {}
    table.viewportSize.width = 280
    while table.runIdleSlice() {}
    #expect(log.fittedWidths.count == 200)
    try model.expectHeights(table)
  }

  @Test("reloadRows measures again although the key did not change")
  func reloadRowsForgetsKey() throws {
    let model = KeyedModel(rows: 50, seed: 5)
    let (table, log) = makeKeyedTable(model)
    while table.runIdleSlice() {}
    let id = model.ids[3]
    model.characters[id] = 1_000
    try table.reloadRows(at: [IndexPath(row: 3, section: 0)])
    while table.runIdleSlice() {}
    #expect(log.fittedWidths.count == 51)
    try model.expectHeights(table)
  }

  @Test("the keyed cache is bounded per width and in widths")
  func bounded() {
    let model = KeyedModel(rows: 200, seed: 6)
    let (table, _) = makeKeyedTable(model)
    table.keyedHeightCacheLimit = 20
    while table.runIdleSlice() {}
    #expect(table.keyedHeightCount <= 20)
    #expect(table.keyedHeightCount > 0)
    table.keyedHeightCacheLimit = 100_000
    for width in [100.0, 150, 200, 250] {
      table.viewportSize.width = width
      while table.runIdleSlice() {}
    }
    #expect(table.heights.templates.keyed.count == table.widthCacheLimit)
    #expect(table.keyedHeightCount <= 200 * table.widthCacheLimit)
  }
}
