import Testing

@_spi(Backend) @testable import TableViewCore

/// A row's swipe action that reloads the row (Mark), as the GTK feed's does.
private final class MarkModel: TableViewDataSource, TableViewDelegate {
  var marked: Set<Int> = []
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 30 }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { 40 }
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    SwipeActionsConfiguration(actions: [
      // Unowned: the table keeps an open row's actions, so a handler holding the table would keep it alive (a
      // cycle LeakSanitizer reports when a test ends with the row still open).
      ContextualAction(style: .normal, title: "Mark") { [unowned self, unowned tableView] _, done in
        self.marked.insert(indexPath.row)
        try? tableView.reloadRows(at: [indexPath], with: .fade)
        done(true)
      }
    ])
  }
}

@Suite("Swipes through updates")
struct SwipeReloadTests {
  fileprivate func swipedTable() throws -> (TableView, MarkModel, ManualClock, TestHost) {
    let model = MarkModel()
    let (table, clock, host) = makeEditingTable(model)
    #expect(table.beginSwipe(at: IndexPath(row: 2, section: 0)))
    table.updateSwipe(translation: -80)
    table.endSwipe(velocity: 0)
    clock.advance(by: 1)
    table.tick()
    return (table, model, clock, host)
  }

  // Found by the GTK feed's Mark action: the reload closed the swipe, and the old cell's fade
  // started from its frame without the swipe, so the row snapped from -80 to 0.
  @Test("a swipe action that reloads its row: at the instant of the reload nothing drawn moves")
  func reloadDoesNotSnap() throws {
    let (table, model, clock, host) = try swipedTable()
    let before = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    #expect(table.presentation(of: before).frame.minX == -80)
    table.performSwipeAction(0)
    #expect(model.marked == [2])
    #expect(table.leavingViews.contains { $0 === before })
    #expect(table.presentation(of: before).frame.minX == -80, "the old cell fades from where it was drawn")
    clock.advance(by: 1)
    table.tick()
    #expect(table.swipedRow == nil && !table.isAnimating)
    checkInvariants(table, host: host)
  }

  // Found in the GTK feed: halfway through Mark's cross-fade the text was drawn twice, the old cell's still pulled
  // aside where the swipe had left it and the new one's on its way back with the closing swipe.
  @Test("a swipe action that reloads its row: the old and the new cell glide back together as they cross-fade")
  func crossFadeInOnePlace() throws {
    let (table, model, clock, host) = try swipedTable()
    let before = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    table.performSwipeAction(0)
    #expect(model.marked == [2])
    let after = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    #expect(after !== before)
    var fractions: [Double] = []
    for _ in 0..<6 {
      clock.advance(by: table.rowAnimationDuration / 8)
      table.tick()
      let items = table.drawList.items
      let old = try #require(items.first { $0.view === before }, "the old cell is drawn while it fades")
      let new = try #require(items.first { $0.view === after })
      #expect(old.frame.minX == new.frame.minX, "both at one x: \(old.frame) \(new.frame)")
      #expect(old.layer == .leaving)
      fractions.append(new.frame.minX)
      checkInvariants(table, host: host)
    }
    #expect(fractions.first! < fractions.last! && fractions.last! < 0, "the row glides back: \(fractions)")
    clock.advance(by: 1)
    table.tick()
    #expect(table.swipedRow == nil && !table.isAnimating && table.leavingViews.isEmpty)
    checkInvariants(table, host: host)
  }

  @Test("an update elsewhere while a row is swiped open: the row stays drawn where it was, still open")
  func updateElsewhere() throws {
    let (table, model, clock, host) = try swipedTable()
    let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    let screen = table.presentation(of: cell).frame.minX
    try table.reloadRows(at: [IndexPath(row: 5, section: 0)], with: .fade)
    #expect(table.presentation(of: cell).frame.minX == screen)
    clock.advance(by: 1)
    table.tick()
    #expect(table.presentation(of: cell).frame.minX == -80 && table.swipedRow == IndexPath(row: 2, section: 0))
    #expect(model.marked.isEmpty)
    checkInvariants(table, host: host)
  }
}
