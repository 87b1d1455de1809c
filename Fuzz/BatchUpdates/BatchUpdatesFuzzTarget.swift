// A libFuzzer target for TableViewCore's batch updates, animations and reordering, built by scripts/fuzz.sh against
// the engine built for testing (see `modules`).
//
// The input is a program: each byte picks an operation on a table and a reference model (sections of row ids that
// size themselves from their id) — inserts, deletes, moves and reloads of rows and sections, alone or mixed in one
// batch, animated or not; updates the data source does not match (which must throw and change nothing); scrolls,
// clock ticks, width changes, reloads, row heights, and reorder gestures (picked up, moved under a pointer or by
// keys, dropped or cancelled). After every operation the table's invariants hold and its counts equal the model's;
// once animations settle, every visible cell shows the id the model has at its row. A crash or a hang is a failure
// too.

import TableViewTesting

@_spi(Backend) @testable import TableViewCore

/// Stops the run, so that libFuzzer keeps the input, when a property does not hold.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("BatchUpdates fuzz target: \(message())") }
}

extension Program {
  mutating func animation() -> TableView.RowAnimation {
    [.none, .fade, .left, .top, .middle, .automatic][below(6)]
  }
}

final class Model: TableViewDataSource, TableViewDelegate {
  var sections: [[Int]] = []
  var nextID = 0
  var moves = 0

  static func height(of id: Int, width: Double) -> Double {
    Double(12 + (id &* 7919) % 40) + (width < 200 ? 10 : 0)
  }
  func fresh() -> Int {
    defer { nextID += 1 }
    return nextID
  }
  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.item = sections[indexPath.section][indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { section % 2 == 0 ? 18 : 0 }
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
  func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    moves += 1
    let id = sections[sourceIndexPath.section].remove(at: sourceIndexPath.row)
    sections[destinationIndexPath.section].insert(id, at: destinationIndexPath.row)
  }
}

func checkTable(_ table: TableView, _ model: Model, _ host: TestHost, settled: Bool, _ step: String) {
  table._checkInvariants()
  check(
    table.numberOfSections == model.sections.count,
    "\(step): \(table.numberOfSections) sections, model \(model.sections.count)")
  for (s, rows) in model.sections.enumerated() {
    check(
      table.numberOfRows(inSection: s) == rows.count,
      "\(step): section \(s) has \(table.numberOfRows(inSection: s)) rows, model \(rows.count)")
  }
  var expected = Set(table.visible.attachedViews.map(ObjectIdentifier.init))
  expected.formUnion(table.leavingViews.map(ObjectIdentifier.init))
  check(Set(host.attached.keys) == expected, "\(step): the host shows other views than the table")
  check(host.doubleAttach == 0 && host.strayDetach == 0, "\(step): a view attached twice or detached unattached")
  guard settled else { return }
  for path in table.indexPathsForVisibleRows {
    let cell = table.cellForRow(at: path) as! TestCell
    check(cell.item == model.sections[path.section][path.row], "\(step): row \(path) shows \(cell.item)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchUpdates(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var program = Program(bytes: UnsafeBufferPointer(start: data, count: min(size, 600)))
  let model = Model()
  for _ in 0..<(1 + program.below(4)) {
    model.sections.append((0..<program.below(30)).map { _ in model.fresh() })
  }
  let clock = ManualClock()
  let table = TableView(style: program.below(2) == 0 ? .plain : .grouped, clock: clock)
  let host = TestHost()
  table.host = host
  table.register(
    { TestCell(height: { cell, width in Model.height(of: cell.item, width: width) }) }, forCellReuseIdentifier: "cell")
  if program.below(2) == 0 {
    table.rowHeight = TableView.automaticDimension
    table.estimatedRowHeight = 30
  } else {
    table.rowHeight = 25
  }
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: 320, height: Double(80 + program.below(400)))
  table.reloadData()
  var step = 0
  while !program.isDone {
    step += 1
    let op = program.below(14)
    let name = "step \(step) op \(op)"
    let s = program.below(model.sections.count)
    let count = model.sections.isEmpty ? 0 : model.sections[s].count
    switch op {
    case 0:  // insert rows
      let row = program.below(count + 1)
      let k = 1 + program.below(3)
      model.sections[s].insert(contentsOf: (0..<k).map { _ in model.fresh() }, at: row)
      let paths = (row..<(row + k)).map { IndexPath(row: $0, section: s) }
      do { try table.insertRows(at: paths, with: program.animation()) } catch { check(false, "\(name): \(error)") }
    case 1:  // delete a row
      guard count > 0 else { continue }
      let row = program.below(count)
      model.sections[s].remove(at: row)
      do { try table.deleteRows(at: [IndexPath(row: row, section: s)], with: program.animation()) } catch {
        check(false, "\(name): \(error)")
      }
    case 2:  // move a row, maybe to another section
      guard count > 0 else { continue }
      let from = IndexPath(row: program.below(count), section: s)
      let id = model.sections[s].remove(at: from.row)
      let t = program.below(model.sections.count)
      let to = IndexPath(row: program.below(model.sections[t].count + 1), section: t)
      model.sections[t].insert(id, at: to.row)
      let animated = program.below(2) == 0
      do { try table.performBatchUpdates { $0.moveRow(at: from, to: to, animated: animated) } } catch {
        check(false, "\(name): \(error)")
      }
    case 3:  // reload a row (a new id: a new cell)
      guard count > 0 else { continue }
      let row = program.below(count)
      model.sections[s][row] = model.fresh()
      do { try table.reloadRows(at: [IndexPath(row: row, section: s)], with: program.animation()) } catch {
        check(false, "\(name): \(error)")
      }
    case 4:  // insert a section
      guard model.sections.count < 8 else { continue }
      let at = program.below(model.sections.count + 1)
      model.sections.insert((0..<program.below(12)).map { _ in model.fresh() }, at: at)
      do { try table.insertSections([at], with: program.animation()) } catch { check(false, "\(name): \(error)") }
    case 5:  // delete a section
      guard model.sections.count > 1 else { continue }
      model.sections.remove(at: s)
      do { try table.deleteSections([s], with: program.animation()) } catch { check(false, "\(name): \(error)") }
    case 6:  // one batch: delete a row (old index), insert two (new indexes)
      guard count > 0 else { continue }
      let deleted = program.below(count)
      model.sections[s].remove(at: deleted)
      let inserted = program.below(model.sections[s].count + 1)
      model.sections[s].insert(contentsOf: [model.fresh(), model.fresh()], at: inserted)
      let animation = program.animation()
      do {
        try table.performBatchUpdates { update in
          update.deleteRows(at: [IndexPath(row: deleted, section: s)], with: animation)
          update.insertRows(
            at: [IndexPath(row: inserted, section: s), IndexPath(row: inserted + 1, section: s)], with: animation)
        }
      } catch { check(false, "\(name): \(error)") }
    case 7:  // an update the data source does not match: it throws and changes nothing
      let before = (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
      do {
        try table.insertRows(at: [IndexPath(row: 0, section: s)], with: .fade)
        check(model.sections.isEmpty, "\(name): an update that does not match the data was applied")
      } catch {
        check((0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) } == before, "\(name): changed")
      }
    case 8:  // scroll
      let amounts = [-1e300, -500, -40, -3, 0.5, 7, 60, 900, 1e300, .nan, .infinity]
      if program.below(2) == 0 {
        table.scroll(by: amounts[program.below(amounts.count)])
      } else {
        table.setContentOffset(Point(x: 0, y: Double(program.byte() * 20)), animated: program.below(2) == 0)
      }
    case 9:  // time passes
      clock.advance(by: [0.004, 0.016, 0.05, 0.2, 1, 5][program.below(6)])
      table.tick()
    case 10:  // a reorder gesture
      let visible = table.indexPathsForVisibleRows
      guard !visible.isEmpty else { continue }
      let pick = visible[program.below(visible.count)]
      let byKeys = program.below(3) == 0
      guard table.beginReorder(at: pick, pointerY: byKeys ? nil : Double(program.below(500)) - 50) else { continue }
      for _ in 0..<program.below(5) {
        if byKeys {
          table.moveReorder(by: program.below(9) - 4)
        } else {
          table.updateReorder(pointerY: Double(program.below(600)) - 100)
        }
        clock.advance(by: 0.05)
        table.tick()
      }
      let movesBefore = model.moves
      if program.below(4) == 0 { table.cancelReorder() } else { table.endReorder() }
      check(model.moves <= movesBefore + 1, "\(name): more than one move for one drop")
    case 11:  // a new width (heights change), or back
      table.viewportSize = Size(width: table.viewportSize.width == 320 ? 150 : 320, height: table.viewportSize.height)
    case 12:  // a row's height set by hand
      guard count > 0 else { continue }
      try? table.setHeight(Double(program.below(90)), forRowAt: IndexPath(row: program.below(count), section: s))
    default:  // reload
      table.reloadData()
    }
    checkTable(table, model, host, settled: false, name)
  }
  table.cancelReorder()
  clock.advance(by: 10)
  table.tick()
  checkTable(table, model, host, settled: true, "the end")
  return 0
}
