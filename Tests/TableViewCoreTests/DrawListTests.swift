import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// Three sections of 40 rows with headers, rows that move, swipe open (Delete, Mark) and can be deleted.
private final class DrawModel: TableViewDataSource, TableViewDelegate {
  var sections = (0..<3).map { s in (0..<40).map { s * 1_000 + $0 } }
  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { 20 }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { 10 }
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
  }
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    sections[destination.section].insert(sections[source.section].remove(at: source.row), at: destination.row)
  }
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    SwipeActionsConfiguration(actions: [
      ContextualAction(style: .destructive, title: "Delete") { _, done in done(false) },
      ContextualAction(style: .normal, title: "Mark") { _, done in done(true) },
    ])
  }
}

@Suite("The draw list: what a backend draws, in what order")
struct DrawListTests {
  private func table() -> (TableView, DrawModel, ManualClock, TestHost) {
    let clock = ManualClock()
    let model = DrawModel()
    let (table, host) = makeTable(model, size: Size(width: 400, height: 300), clock: clock)
    return (table, model, clock, host)
  }

  /// What every draw list promises, whatever the table is doing.
  private func checkDrawList(_ table: TableView, host: TestHost, sourceLocation: SourceLocation = #_sourceLocation) {
    table.layoutIfNeeded()
    let list = table.drawList
    let layers = list.items.map(\.layer)
    #expect(layers == layers.sorted(), "items back to front by layer", sourceLocation: sourceLocation)
    // Every view the host shows is drawn exactly once.
    let drawn = list.views.map(ObjectIdentifier.init)
    #expect(Set(drawn).count == drawn.count, "a view drawn twice", sourceLocation: sourceLocation)
    #expect(Set(drawn) == Set(host.attached.keys), "drawn views ≠ attached views", sourceLocation: sourceLocation)
    // Leaving views are exactly the table's, behind everything else but the refresh indicator.
    let leaving = list.items.filter { $0.layer == .leaving }.compactMap(\.view).map(ObjectIdentifier.init)
    #expect(Set(leaving) == Set(table.leavingViews.map(ObjectIdentifier.init)), sourceLocation: sourceLocation)
    // The rows in row order (what a screen reader walks), the held row alone on top.
    let rows = list.items.filter { $0.layer == .content }.compactMap { $0.view.flatMap(table.indexPath(for:)) }
    #expect(rows == rows.sorted(), "rows out of order: \(rows)", sourceLocation: sourceLocation)
    let lifted = list.items.filter { $0.layer == .lifted }.compactMap(\.view)
    #expect(lifted.count == (table.reorderingView == nil ? 0 : 1), sourceLocation: sourceLocation)
    if let held = table.reorderingView { #expect(list.views.last === held, sourceLocation: sourceLocation) }
    // Each view where the table has it now.
    for item in list.items {
      guard let view = item.view else { continue }
      let presented = table.presentation(of: view)
      #expect(item.frame == presented.frame && item.alpha == presented.alpha, sourceLocation: sourceLocation)
      if !list.isMoving { #expect(item.frame == view.frame && item.alpha == 1, sourceLocation: sourceLocation) }
    }
    let actions = list.items.filter { $0.layer == .swipeAction }
    #expect(
      actions.count == (table.swipedRow == nil ? 0 : table.revealedSwipeActions.count), sourceLocation: sourceLocation)
    #expect(list.isMoving == (table.isAnimatingUpdates || table.swipedRow != nil || table.reorderingView != nil))
  }

  @Test("at rest: the rows in order at their frames, then the headers over them")
  func atRest() throws {
    let (table, model, _, host) = table()
    table.setContentOffset(Point(x: 0, y: 415), animated: false)
    table.layoutIfNeeded()
    let list = table.drawList
    #expect(!list.isMoving)
    #expect(list.items.last?.layer == .supplement, "the floating header over the rows scrolling under it")
    let header = try #require(list.items.last)
    #expect(header.frame.minY == 415, "floating at the top of the screen")
    checkDrawList(table, host: host)
    _ = model
  }

  @Test("an animated delete: the leaving cell first (behind), faded, the rows gliding over it")
  func animatedDelete() throws {
    let (table, model, clock, host) = table()
    let leaving = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    model.sections[0].remove(at: 2)
    try table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
    clock.advance(by: table.rowAnimationDuration / 2)
    table.tick()
    let list = table.drawList
    #expect(list.isMoving)
    let first = try #require(list.items.first)
    #expect(first.view === leaving && first.layer == .leaving)
    #expect(first.alpha > 0 && first.alpha < 1)
    checkDrawList(table, host: host)
    _ = model
  }

  @Test("a row swiped open: its actions fill the strip it left, behind the rows; the row pulled aside")
  func swiped() throws {
    let (table, model, clock, host) = table()
    let path = IndexPath(row: 3, section: 0)
    #expect(table.beginSwipe(at: path))
    table.updateSwipe(translation: -100)
    table.endSwipe(velocity: 0)
    clock.advance(by: 1)
    table.tick()
    let list = table.drawList
    let actions = list.items.filter { $0.layer == .swipeAction }
    #expect(actions.count == 2)
    let cell = try #require(table.cellForRow(at: path))
    let row = try #require(list.items.first { $0.view === cell })
    #expect(row.frame.minX < 0, "pulled aside")
    for action in actions {
      #expect(action.frame.minX >= row.frame.maxX - 0.001, "in the strip the row uncovered")
      #expect(action.frame.minY == row.frame.minY && action.frame.height == row.frame.height)
    }
    checkDrawList(table, host: host)
    _ = model
  }

  @Test("a held row: drawn last, lifted, where it hangs")
  func held() throws {
    let (table, model, _, host) = table()
    table.setEditing(true, animated: false)
    #expect(table.beginReorder(at: IndexPath(row: 1, section: 0), pointerY: 35))
    table.updateReorder(pointerY: 120)
    let list = table.drawList
    let last = try #require(list.items.last)
    #expect(last.layer == .lifted && last.view === table.reorderingView)
    #expect(abs(last.frame.midY - 120) <= 10, "under the pointer")
    checkDrawList(table, host: host)
    _ = model
  }

  @Test("pulled down: the refresh indicator first, in the strip above the content's top, with its words")
  func refreshIndicator() throws {
    let (table, model, _, host) = table()
    table.refreshControl = RefreshControl { _ in }
    table.beginDragging(at: 0)
    for y in stride(from: 0.0, through: 600, by: 20) { table.drag(to: y) }
    let list = table.drawList
    let first = try #require(list.items.first)
    guard case .refreshIndicator(let indicator) = first.content else {
      Issue.record("no refresh indicator first: \(list.items.map(\.layer))")
      return
    }
    #expect(indicator.text == "Release to refresh")
    #expect(first.frame.maxY == 0 && first.frame.height == 60 && first.frame.width == 400)
    checkDrawList(table, host: host)
    _ = model
  }

  @Test("random scrolls, animated updates, swipes and held rows: every draw list keeps its promises", arguments: 1...4)
  func random(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let (table, model, clock, host) = table()
    for _ in 0..<150 {
      switch random.int(0..<7) {
      case 0:
        table.setContentOffset(Point(x: 0, y: random.double(0...2_000)), animated: random.int(0..<2) == 0)
      case 1:
        let s = random.int(0..<3)
        guard model.sections[s].count > 2 else { break }
        let row = random.int(0..<model.sections[s].count)
        model.sections[s].remove(at: row)
        try table.deleteRows(at: [IndexPath(row: row, section: s)], with: .fade)
      case 2:
        let s = random.int(0..<3)
        let row = random.int(0..<(model.sections[s].count + 1))
        model.sections[s].insert(-1, at: row)
        try table.insertRows(at: [IndexPath(row: row, section: s)], with: .left)
      case 3:
        if table.swipedRow != nil {
          table.closeSwipe(animated: random.int(0..<2) == 0)
        } else if let path = table.indexPathsForVisibleRows.randomElement(using: &random), table.beginSwipe(at: path) {
          table.updateSwipe(translation: -random.double(10...150))
          table.endSwipe(velocity: 0)
        }
      case 4:
        if table.reorderingView != nil {
          if random.int(0..<2) == 0 { table.endReorder() } else { table.cancelReorder() }
        } else if table.swipedRow == nil, let path = table.indexPathsForVisibleRows.randomElement(using: &random) {
          let rect = try table.rectForRow(at: path)
          if table.beginReorder(at: path, pointerY: rect.midY - table.contentOffset.y) {
            table.updateReorder(pointerY: random.double(0...300))
          }
        }
      case 5:
        if table.reorderingView != nil { table.updateReorder(pointerY: random.double(0...300)) }
      default:
        clock.advance(by: random.double(0...0.2))
        table.tick()
      }
      checkDrawList(table, host: host)
    }
  }
}
