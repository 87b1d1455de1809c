import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// Sections of row ids; every row self-sizes to its id's height, so a height that travels with
/// its row shows which row is where. Records the moves the table asks for.
final class ReorderModel: TableViewDataSource, TableViewDelegate {
  var sections: [[Int]]
  var header: Double
  var moves: [(from: IndexPath, to: IndexPath)] = []
  var immovable: Set<Int> = []
  var redirect: ((IndexPath, IndexPath) -> IndexPath)?
  var cellRequests = 0

  init(_ sections: [[Int]], header: Double = 0) {
    self.sections = sections
    self.header = header
  }

  static func height(of id: Int) -> Double { 20 + Double(id % 5) * 7 }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    cellRequests += 1
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
    cell.item = sections[indexPath.section][indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { header }
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    header > 0 ? tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") : nil
  }
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    !immovable.contains(sections[indexPath.section][indexPath.row])
  }
  func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
    moves.append((sourceIndexPath, destinationIndexPath))
    let id = sections[sourceIndexPath.section].remove(at: sourceIndexPath.row)
    sections[destinationIndexPath.section].insert(id, at: destinationIndexPath.row)
  }
  func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath {
    redirect?(sourceIndexPath, proposedDestinationIndexPath) ?? proposedDestinationIndexPath
  }
}

/// A self-sizing table (estimate 30) over `model`, 300×400, on a manual clock.
func makeReorderTable(_ model: ReorderModel, height: Double = 400) -> (TableView, ManualClock, TestHost) {
  let clock = ManualClock()
  let table = TableView(style: .plain, clock: clock)
  let host = TestHost()
  table.host = host
  // A cell that shows a row id and sizes itself to that id's height.
  table.register(
    { TestCell(height: { cell, _ in ReorderModel.height(of: cell.item) }) }, forCellReuseIdentifier: "cell")
  table.register({ TestCell() }, forHeaderFooterViewReuseIdentifier: "header")
  table.rowHeight = TableView.automaticDimension
  table.estimatedRowHeight = 30
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: 300, height: height)
  table.reloadData()
  return (table, clock, host)
}

/// Runs frames of 1/60 s until nothing animates (at most `seconds`).
func settle(_ table: TableView, _ clock: ManualClock, seconds: Double = 2) {
  var t = 0.0
  while table.isAnimating, t < seconds {
    clock.advance(by: 1.0 / 60)
    t += 1.0 / 60
    table.tick()
  }
}

/// The table shows the model: every visible cell shows the id the model has at its row, at its
/// frame, with that id's height; nothing is drawn away from its frame.
func expectShowsModel(
  _ table: TableView, _ model: ReorderModel, host: TestHost, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(table.numberOfSections == model.sections.count, sourceLocation: sourceLocation)
  for (s, rows) in model.sections.enumerated() where s < table.numberOfSections {
    #expect(table.numberOfRows(inSection: s) == rows.count, "section \(s)", sourceLocation: sourceLocation)
  }
  for path in table.indexPathsForVisibleRows {
    let cell = table.cellForRow(at: path) as! TestCell
    let id = model.sections[path.section][path.row]
    #expect(cell.item == id, "row \(path) shows \(cell.item), not \(id)", sourceLocation: sourceLocation)
    let rect = try! table.rectForRow(at: path)
    #expect(rect.height == ReorderModel.height(of: id), "row \(path)'s height", sourceLocation: sourceLocation)
    #expect(table.presentation(of: cell).frame == rect, "row \(path) is drawn away", sourceLocation: sourceLocation)
  }
  #expect(table.reorderingRow == nil, sourceLocation: sourceLocation)
  checkInvariants(table, host: host, sourceLocation: sourceLocation)
}

@Suite("Reordering rows by hand")
struct ReorderTests {
  @Test("a floating header stays pinned at the top while the held row's own place has scrolled off above it")
  func floatingHeaderStaysPinned() throws {
    let model = ReorderModel([Array(0..<80), Array(80..<160)], header: 30)
    let (table, clock, _) = makeReorderTable(model)
    func headerTop() throws -> Double {
      let header = try #require(table.visibleHeaderViews.first { $0.section == 0 }?.view)
      return table.presentation(of: header).frame.minY
    }
    // By keys: thirty slots down, the table follows the held row; row 2's place is far above the top.
    #expect(table.beginReorder(at: IndexPath(row: 2, section: 0)))
    table.moveReorder(by: 30)
    settle(table, clock)
    #expect(table.contentOffset.y > 300, "the table followed the held row: \(table.contentOffset.y)")
    #expect(try headerTop() == table.contentOffset.y, "the header floats at the top edge")
    table.cancelReorder()
    settle(table, clock)

    // By the pointer, held at the bottom edge: the table scrolls by itself, the header stays pinned.
    table.contentOffset.y = 0
    table.layoutIfNeeded()
    #expect(table.beginReorder(at: IndexPath(row: 1, section: 0), pointerY: 40))
    table.updateReorder(pointerY: 395)
    for _ in 0..<12 {
      clock.advance(by: 1.0 / 60)
      _ = table.tick()
      #expect(try headerTop() == table.contentOffset.y, "pinned while scrolling by itself at \(table.contentOffset.y)")
    }
    #expect(table.contentOffset.y > 100, "it scrolled: \(table.contentOffset.y)")
    table.cancelReorder()
  }

  @Test("a row dragged down: the rows it passes make room, the drop moves it once with its height")
  func dragDown() throws {
    let model = ReorderModel([Array(0..<100)])
    let (table, clock, host) = makeReorderTable(model)
    let source = IndexPath(row: 2, section: 0)
    let start = try table.rectForRow(at: source)
    let held = table.cellForRow(at: source)!
    #expect(table.beginReorder(at: source, pointerY: start.midY))
    #expect(table.reorderingView === held)
    #expect(table.cellForRow(at: source) == nil, "the held row is not a visible cell")
    // Bring the held row's centre just past the middle of row 5.
    let row5 = try table.rectForRow(at: IndexPath(row: 5, section: 0))
    table.updateReorder(pointerY: row5.midY + 1)
    #expect(table.reorderDestination == IndexPath(row: 5, section: 0))
    settle(table, clock)
    #expect(table.presentation(of: held).frame.midY == row5.midY + 1, "the held row hangs under the pointer")
    for row in 3...5 {
      let cell = table.cellForRow(at: IndexPath(row: row, section: 0))!
      #expect(table.presentation(of: cell).frame.minY == cell.frame.minY - start.height, "row \(row) moved up")
    }
    let row6 = table.cellForRow(at: IndexPath(row: 6, section: 0))!
    #expect(table.presentation(of: row6).frame == row6.frame, "row 6 stays")
    table.endReorder()
    #expect(model.moves.map(\.from) == [source] && model.moves.map(\.to) == [IndexPath(row: 5, section: 0)])
    #expect(table.cellForRow(at: IndexPath(row: 5, section: 0)) === held, "the dropped row keeps its cell")
    #expect(table.presentation(of: held).frame.midY == row5.midY + 1, "it glides from where it hung")
    settle(table, clock)
    expectShowsModel(table, model, host: host)
    #expect(model.sections[0][5] == 2)
  }

  @Test("a row dragged up into another section, over its header; the headers make room too")
  func dragAcrossSections() throws {
    let model = ReorderModel([Array(0..<4), Array(10..<14), Array(20..<24)], header: 12)
    let (table, clock, host) = makeReorderTable(model)
    let source = IndexPath(row: 1, section: 2)
    let start = try table.rectForRow(at: source)
    #expect(table.beginReorder(at: source, pointerY: start.midY))
    // Over section 1's header: the first slot of section 1.
    let header1 = try table.rectForHeader(inSection: 1)
    table.updateReorder(pointerY: header1.midY)
    #expect(table.reorderDestination == IndexPath(row: 0, section: 1))
    settle(table, clock)
    let header2 = table.visibleHeaderViews.first { $0.section == 2 }!.view
    #expect(table.presentation(of: header2).frame.minY == header2.frame.minY + start.height, "header 2 moved down")
    table.endReorder()
    settle(table, clock)
    #expect(model.sections == [Array(0..<4), [21] + Array(10..<14), [20, 22, 23]])
    expectShowsModel(table, model, host: host)
  }

  @Test("dropping where it was, or cancelling, tells the data source nothing and puts everything back")
  func cancel() throws {
    let model = ReorderModel([Array(0..<50)])
    let (table, clock, host) = makeReorderTable(model)
    let rect = try table.rectForRow(at: IndexPath(row: 4, section: 0))
    #expect(table.beginReorder(at: IndexPath(row: 4, section: 0), pointerY: rect.midY))
    table.updateReorder(pointerY: rect.midY + 100)
    #expect(table.reorderDestination != IndexPath(row: 4, section: 0))
    table.cancelReorder()
    settle(table, clock)
    #expect(model.moves.isEmpty)
    expectShowsModel(table, model, host: host)
    #expect(table.beginReorder(at: IndexPath(row: 4, section: 0), pointerY: rect.midY))
    table.updateReorder(pointerY: rect.midY + 3)
    table.endReorder()
    settle(table, clock)
    #expect(model.moves.isEmpty)
    expectShowsModel(table, model, host: host)
  }

  @Test("canMoveRowAt refuses; the delegate redirects the drop")
  func refuseAndRedirect() throws {
    let model = ReorderModel([Array(0..<10), Array(10..<20)])
    model.immovable = [3]
    let (table, clock, host) = makeReorderTable(model)
    #expect(!table.beginReorder(at: IndexPath(row: 3, section: 0), pointerY: 50))
    #expect(table.reorderingRow == nil)
    // Rows stay in their section.
    model.redirect = { source, proposed in
      proposed.section == source.section
        ? proposed : IndexPath(row: proposed.section > source.section ? 9 : 0, section: source.section)
    }
    let rect = try table.rectForRow(at: IndexPath(row: 1, section: 0))
    #expect(table.beginReorder(at: IndexPath(row: 1, section: 0), pointerY: rect.midY))
    let target = try table.rectForRow(at: IndexPath(row: 2, section: 1))
    table.updateReorder(pointerY: rect.midY + (target.midY - rect.midY))
    #expect(table.reorderDestination == IndexPath(row: 9, section: 0))
    table.endReorder()
    settle(table, clock)
    #expect(model.sections[0].last == 1)
    expectShowsModel(table, model, host: host)
    // A redirection to nowhere is reported and the proposal used.
    model.redirect = { _, _ in IndexPath(row: 99, section: 7) }
    #expect(table.beginReorder(at: IndexPath(row: 0, section: 0), pointerY: 10))
    table.updateReorder(pointerY: 70)
    #expect(table.reportedErrors.contains { $0.message.contains("targetIndexPathForMoveFromRowAt") })
    #expect(table.reorderDestination?.section == 0)
    table.cancelReorder()
    settle(table, clock)
    expectShowsModel(table, model, host: host)
  }

  @Test("a row held by keys stays in view when an update makes the rows above its slot taller (pages arriving)")
  func heldByKeysStaysInView() throws {
    // Ids 0, 5, 10…: every row 20 points tall, until the rows above the slot are replaced by 48-point ones.
    let model = ReorderModel([Array(0..<100).map { $0 * 5 }])
    let (table, clock, host) = makeReorderTable(model)
    #expect(table.beginReorder(at: IndexPath(row: 2, section: 0)))
    table.moveReorder(by: 15)
    settle(table, clock)
    let slot = try #require(table.reorderDestination)
    #expect(slot == IndexPath(row: 17, section: 0))
    func heldIsInView() -> Bool {
      let frame = table.presentation(of: table.reorderingView!).frame
      return frame.minY >= table.contentOffset.y && frame.maxY <= table.contentOffset.y + 400
    }
    #expect(heldIsInView())
    // The rows on screen above the slot grow from 20 to 48 points, as a data source's arriving rows do.
    let grown = Array(3..<17)
    for row in grown { model.sections[0][row] = row * 5 + 4 }
    try table.reloadRows(at: grown.map { IndexPath(row: $0, section: 0) })
    settle(table, clock)
    #expect(table.reorderDestination == slot)
    #expect(
      heldIsInView(),
      "the held row is in view: offset \(table.contentOffset.y), held \(table.presentation(of: table.reorderingView!).frame)"
    )
    table.endReorder()
    settle(table, clock)
    expectShowsModel(table, model, host: host)
  }

  @Test("keys move the held row through every slot, section ends and empty sections included")
  func keyboard() throws {
    let model = ReorderModel([[0, 1, 2], [], [10, 11]])
    let (table, clock, host) = makeReorderTable(model)
    #expect(table.beginReorder(at: IndexPath(row: 1, section: 0)))
    var slots: [IndexPath] = []
    for _ in 0..<7 {
      table.moveReorder(by: 1)
      slots.append(table.reorderDestination!)
    }
    #expect(
      slots == [
        IndexPath(row: 2, section: 0), IndexPath(row: 0, section: 1), IndexPath(row: 0, section: 2),
        IndexPath(row: 1, section: 2), IndexPath(row: 2, section: 2), IndexPath(row: 2, section: 2),
        IndexPath(row: 2, section: 2),
      ])
    table.moveReorder(by: -3)
    #expect(table.reorderDestination == IndexPath(row: 0, section: 1))
    settle(table, clock)
    let held = table.reorderingView!
    let slotTop = try table.rectForFooter(inSection: 1).minY - ReorderModel.height(of: 1)
    #expect(table.presentation(of: held).frame.minY == slotTop, "the held row sits in the slot")
    table.endReorder()
    settle(table, clock)
    #expect(model.sections == [[0, 2], [1], [10, 11]])
    expectShowsModel(table, model, host: host)
  }

  @Test("held at the bottom edge, the table scrolls by itself through a million unmeasured rows and across sections")
  func autoscrollAcrossAMillionRows() throws {
    let model = ReorderModel((0..<10).map { s in Array((s * 100_000)..<((s + 1) * 100_000)) }, header: 20)
    let (table, clock, host) = makeReorderTable(model)
    let source = IndexPath(row: 3, section: 0)
    let rect = try table.rectForRow(at: source)
    #expect(table.beginReorder(at: source, pointerY: rect.midY))
    let requestsBefore = model.cellRequests
    table.updateReorder(pointerY: 399)
    #expect(table.isAnimating, "the autoscroll runs")
    var frames = 0
    while table.reorderDestination!.section < 3, frames < 60 * 60 {
      clock.advance(by: 1.0 / 60)
      table.tick()
      frames += 1
    }
    let destination = table.reorderDestination!
    #expect(destination.section == 3, "it crossed three sections of 100,000 rows in \(frames) frames")
    #expect(frames < 60 * 20, "in under twenty seconds")
    #expect(model.cellRequests - requestsBefore < frames * 20, "only rows that came on screen were asked for")
    // The held row stays under the pointer; rows just above the slot made room.
    let held = table.reorderingView!
    #expect(table.presentation(of: held).frame.minY == table.contentOffset.y + 399 - (rect.midY - rect.minY))
    table.updateReorder(pointerY: 200)
    #expect(!table.isAnimating || table.isAnimatingUpdates, "away from the edge it stops")
    let landed = table.reorderDestination!
    table.endReorder()
    settle(table, clock)
    #expect(model.moves.count == 1 && model.moves[0].to == landed)
    #expect(model.sections[landed.section][landed.row] == 3)
    #expect(table.cellForRow(at: landed) === held)
    #expect(try table.rectForRow(at: landed).height == ReorderModel.height(of: 3), "its height went with it")
    expectShowsModel(table, model, host: host)
  }

  @Test("the edge speed: nothing in the middle, faster closer to the edge and the longer it is held")
  func edgeSpeed() {
    let h = 400.0
    #expect(EdgeAutoscroll.velocity(pointerY: 200, viewportHeight: h, heldFor: 0) == 0)
    let near = EdgeAutoscroll.velocity(pointerY: 350, viewportHeight: h, heldFor: 0)
    let nearer = EdgeAutoscroll.velocity(pointerY: 390, viewportHeight: h, heldFor: 0)
    let beyond = EdgeAutoscroll.velocity(pointerY: 450, viewportHeight: h, heldFor: 0)
    #expect(0 < near && near < nearer && nearer < beyond)
    #expect(EdgeAutoscroll.velocity(pointerY: 10, viewportHeight: h, heldFor: 0) < 0, "towards the top")
    #expect(EdgeAutoscroll.velocity(pointerY: 390, viewportHeight: h, heldFor: 2) > nearer, "held longer")
    for bad in [Double.nan, .infinity, -.infinity] {
      #expect(EdgeAutoscroll.velocity(pointerY: bad, viewportHeight: h, heldFor: 0) == 0)
      #expect(EdgeAutoscroll.velocity(pointerY: 390, viewportHeight: bad, heldFor: 0) == 0)
      #expect(EdgeAutoscroll.velocity(pointerY: 390, viewportHeight: h, heldFor: bad).isFinite)
    }
    #expect(EdgeAutoscroll.velocity(pointerY: 1e300, viewportHeight: h, heldFor: 1e300).isFinite)
  }

  @Test("a pointer position that is not finite is refused; the held row follows its row through updates")
  func badInputAndUpdates() throws {
    let model = ReorderModel([Array(0..<40)])
    let (table, clock, host) = makeReorderTable(model)
    #expect(!table.beginReorder(at: IndexPath(row: 1, section: 0), pointerY: .nan))
    #expect(!table.beginReorder(at: IndexPath(row: 99, section: 0), pointerY: 10))
    #expect(table.beginReorder(at: IndexPath(row: 1, section: 0), pointerY: 30))
    table.updateReorder(pointerY: .infinity)
    #expect(table.reportedErrors.last?.message.contains("not finite") == true)
    table.updateReorder(pointerY: -1e300)
    #expect(table.reorderDestination == IndexPath(row: 0, section: 0))
    table.updateReorder(pointerY: 150)
    let held = table.reorderingView!
    let drawn = table.presentation(of: held).frame.minY - table.contentOffset.y
    // Rows arrive above: the held row is still held, under the pointer, and is now row 2.
    model.sections[0].insert(1000, at: 0)
    try table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
    #expect(table.reorderingRow == IndexPath(row: 2, section: 0))
    #expect(table.presentation(of: held).frame.minY - table.contentOffset.y == drawn)
    settle(table, clock)
    checkInvariants(table, host: host)
    table.endReorder()
    settle(table, clock)
    #expect(model.moves.count == 1 && model.moves[0].from == IndexPath(row: 2, section: 0))
    expectShowsModel(table, model, host: host)
    // The held row deleted: the reorder ends, nothing is moved.
    #expect(table.beginReorder(at: IndexPath(row: 3, section: 0), pointerY: 90))
    table.updateReorder(pointerY: 200)
    model.sections[0].remove(at: 3)
    try table.deleteRows(at: [IndexPath(row: 3, section: 0)], with: .fade)
    #expect(table.reorderingRow == nil)
    settle(table, clock)
    #expect(model.moves.count == 1)
    expectShowsModel(table, model, host: host)
    // A reload ends it too.
    #expect(table.beginReorder(at: IndexPath(row: 2, section: 0), pointerY: 60))
    table.updateReorder(pointerY: 200)
    table.reloadData()
    #expect(table.reorderingRow == nil)
    expectShowsModel(table, model, host: host)
  }

  @Test("random drags, key moves, scrolls and drops: the table always equals the model, no cell leaks")
  func randomized() throws {
    var rng = SplitMix64(seed: 0x5EED_0DE5)
    var movesMade = 0
    for round in 0..<40 {
      let sectionCount = rng.int(1...4)
      var next = 0
      let sections: [[Int]] = (0..<sectionCount).map { _ in
        let count = rng.int(0...25)
        defer { next += count }
        return Array(next..<(next + count))
      }
      guard next > 0 else { continue }
      let model = ReorderModel(sections, header: rng.bool() ? 15 : 0)
      if rng.int(0...3) == 0 { model.immovable = [rng.int(0..<next)] }
      if rng.int(0...3) == 0 {
        model.redirect = { source, proposed in
          proposed.section == source.section ? proposed : IndexPath(row: 0, section: source.section)
        }
      }
      let (table, clock, host) = makeReorderTable(model, height: Double(rng.int(100...500)))
      var reference = model.sections
      var fresh = 10_000
      /// Where every view is drawn on screen.
      func drawn() -> [ObjectIdentifier: Rect] {
        var result: [ObjectIdentifier: Rect] = [:]
        let views =
          table.visibleCells + table.leavingViews + table.visibleHeaderViews.map(\.view)
          + [table.reorderingView].compactMap { $0 }
        for view in views {
          var frame = table.presentation(of: view).frame
          frame.origin.y -= table.contentOffset.y
          result[ObjectIdentifier(view)] = frame
        }
        return result
      }
      func expectNoJump(from before: [ObjectIdentifier: Rect], _ what: String) {
        for (id, frame) in drawn() {
          guard let was = before[id] else { continue }
          #expect(abs(was.minY - frame.minY) < 1e-6 && abs(was.height - frame.height) < 1e-6, "round \(round): \(what)")
        }
      }
      for _ in 0..<30 {
        let visible = table.indexPathsForVisibleRows
        guard let pick = visible.isEmpty ? nil : rng.pick(visible) else { break }
        let rect = try table.rectForRow(at: pick)
        let byKeys = rng.int(0...3) == 0
        let picked = table.beginReorder(at: pick, pointerY: byKeys ? nil : rect.midY - table.contentOffset.y)
        #expect(picked == !model.immovable.contains(reference[pick.section][pick.row]), "round \(round)")
        guard picked else { continue }
        for _ in 0..<rng.int(1...6) {
          if byKeys {
            table.moveReorder(by: rng.int(-4...4))
          } else {
            table.updateReorder(pointerY: rng.double(-50...(table.viewportSize.height + 50)))
          }
          for _ in 0..<rng.int(0...10) {
            clock.advance(by: 1.0 / 60)
            table.tick()
          }
          if rng.int(0...4) == 0 {
            let before = drawn()
            defer { expectNoJump(from: before, "a view jumped at an update during the hold") }
            // Data arrives during the hold: a row inserted or deleted somewhere (maybe the held one).
            let section = rng.int(0...(reference.count - 1))
            if reference[section].isEmpty || rng.bool() {
              let row = rng.int(0...reference[section].count)
              reference[section].insert(fresh, at: row)
              model.sections[section].insert(fresh, at: row)
              fresh += 1
              try table.insertRows(at: [IndexPath(row: row, section: section)], with: .fade)
            } else {
              let row = rng.int(0...(reference[section].count - 1))
              reference[section].remove(at: row)
              model.sections[section].remove(at: row)
              try table.deleteRows(at: [IndexPath(row: row, section: section)], with: .top)
            }
          }
          checkInvariants(table, host: host)
        }
        switch rng.int(0...5) {
        case 0: table.cancelReorder()
        case 1: table.scroll(by: rng.double(-100...100))
        default: break
        }
        // Nothing jumps at the drop: every view is drawn where it was drawn the instant before.
        let before = drawn()
        table.endReorder()
        for (id, frame) in drawn() {
          guard let was = before[id] else { continue }
          #expect(
            abs(was.minY - frame.minY) < 1e-6 && abs(was.height - frame.height) < 1e-6, "round \(round): a view jumped")
        }
        #expect(table.reorderingRow == nil)
        if let move = model.moves.popLast() {
          movesMade += 1
          #expect(model.moves.isEmpty, "round \(round): one move")
          let id = reference[move.from.section].remove(at: move.from.row)
          reference[move.to.section].insert(id, at: move.to.row)
        }
        #expect(model.sections == reference, "round \(round): the model moved as the table said")
        settle(table, clock)
        expectShowsModel(table, model, host: host)
      }
      #expect(table.aliveViewCount <= table.visibleCells.count + table.pooledCellCount + 2 * sectionCount + 2)
    }
    #expect(movesMade > 200, "the drops moved rows (\(movesMade))")
  }
}
