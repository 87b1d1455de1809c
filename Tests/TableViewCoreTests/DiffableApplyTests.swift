import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

@Suite("Diffable apply")
struct DiffableApplyTests {
  /// Items 0..<100 in section "a", 100..<150 in "b"; each item's height is fixed by its identifier.
  final class Fixture {
    let table = TableView()
    var heights: [Int: Double] = [:]
    var fitted: [Int] = []
    var dataSource: DiffableDataSource<String, Int>!
    var onCell: ((IndexPath) -> Void)?

    init() {
      var rng = SplitMix64(seed: 11)
      for id in 0..<1_000 { heights[id] = rng.double(20...80) }
      // A self-sizing cell showing one item; its measurings are recorded.
      table.register(
        {
          TestCell(height: { [unowned self] cell, _ in
            self.fitted.append(cell.item)
            return cell.fittingHeight
          })
        }, forCellReuseIdentifier: "item")
      table.rowHeight = TableView.automaticDimension
      table.estimatedRowHeight = 50
      table.viewportSize = Size(width: 100, height: 300)
      dataSource = DiffableDataSource(tableView: table) { [unowned self] table, path, id in
        self.onCell?(path)
        let cell = table.dequeueReusableCell(withIdentifier: "item", for: path, as: TestCell.self)
        cell.item = id
        cell.fittingHeight = self.heights[id]!
        return cell
      }
      table.idlePrecompute.enable()
    }

    func expectHeightsFollowItems(sourceLocation: SourceLocation = #_sourceLocation) throws {
      let snapshot = dataSource.snapshot()
      for section in snapshot.sectionIdentifiers {
        for id in try snapshot.itemIdentifiers(inSection: section) {
          let path = try #require(dataSource.indexPath(for: id), sourceLocation: sourceLocation)
          let k = table.heights.index.itemIndex(of: path)
          guard table.heights.index.isMeasured(item: k) else { continue }
          #expect(
            abs(try table.rectForRow(at: path).height - heights[id]!) <= 1.0 / 256, sourceLocation: sourceLocation)
        }
      }
    }
  }

  func initialSnapshot() throws -> DiffableSnapshot<String, Int> {
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["a", "b"])
    try snapshot.appendItems(Array(0..<100), toSection: "a")
    try snapshot.appendItems(Array(100..<150), toSection: "b")
    return snapshot
  }

  @Test("the data source answers from the snapshot applied")
  func dataSourceAnswers() throws {
    let f = Fixture()
    let initial = try initialSnapshot()
    try f.dataSource.apply(initial)
    #expect(f.table.numberOfSections == 2)
    #expect(f.table.numberOfRows(inSection: 0) == 100 && f.table.numberOfRows(inSection: 1) == 50)
    #expect(f.dataSource.itemIdentifier(for: IndexPath(row: 3, section: 1)) == 103)
    #expect(f.dataSource.sectionIdentifier(for: 1) == "b")
    #expect(f.dataSource.indexPath(for: 120) == IndexPath(row: 20, section: 1))
    #expect(f.table.visibleCells.map { ($0 as! TestCell).item } == f.table.indexPathsForVisibleRows.map { $0.row })
    #expect(f.table.currentSnapshot(String.self, Int.self) == initial)
  }

  @Test("applying a snapshot moves measured heights with their items; only new items are measured")
  func heightsFollowItems() throws {
    let f = Fixture()
    try f.dataSource.apply(initialSnapshot())
    while f.table.runIdleSlice() {}
    #expect(f.fitted.count == 150)
    try f.expectHeightsFollowItems()

    var next = f.dataSource.snapshot()
    try next.deleteItems([0, 5, 17, 140])
    try next.moveItem(99, beforeItem: 1)
    try next.moveItem(3, afterItem: 120)  // across sections
    try next.moveSection("b", beforeSection: "a")
    try next.insertItems([500, 501, 502], beforeItem: 50)
    try next.appendSections(["c"])
    try next.appendItems([600, 601], toSection: "c")
    f.fitted.removeAll()
    try f.dataSource.apply(next, animatingDifferences: true)
    // The idle precompute waits while the update animates: let it settle.
    (f.table.clock as? ManualClock)?.advance(by: 1)
    f.table.tick()
    #expect(f.table.currentSnapshot(String.self, Int.self) == next)
    #expect(f.table.numberOfSections == 3)
    #expect((0..<3).map { f.table.numberOfRows(inSection: $0) } == next.rowCounts)
    #expect(
      f.table.heights.index.unmeasuredRowCount + Set(f.fitted).count == 5, "only the five new items lack a height")
    try f.expectHeightsFollowItems()
    while f.table.runIdleSlice() {}
    #expect(Set(f.fitted) == [500, 501, 502, 600, 601])
    try f.expectHeightsFollowItems()
    // The cells on screen show the items the snapshot puts there.
    for (cell, path) in zip(f.table.visibleCells, f.table.indexPathsForVisibleRows) {
      #expect((cell as! TestCell).item == f.dataSource.itemIdentifier(for: path))
    }
  }

  @Test(
    "animatingDifferences animates the difference (UIKit's default) and completes once it settles; without it, at once",
    arguments: [true, false])
  func animatedApply(animating: Bool) throws {
    let f = Fixture()
    let clock = try #require(f.table.clock as? ManualClock)
    try f.dataSource.apply(initialSnapshot())
    f.table.layoutIfNeeded()
    let moving = try #require(f.table.cellForRow(at: IndexPath(row: 2, section: 0)))
    let before = f.table.presentation(of: moving).frame.minY
    var next = f.dataSource.snapshot()
    try next.deleteItems([0])
    var finished: [Bool] = []
    try f.dataSource.apply(next, animatingDifferences: animating) { finished.append($0) }
    f.table.layoutIfNeeded()
    // Item 2 is now the second row, shown by the same cell.
    let path = IndexPath(row: 1, section: 0)
    #expect(f.table.cellForRow(at: path) === moving && (moving as! TestCell).item == 2)
    let after = try f.table.rectForRow(at: path).minY
    #expect(after < before)
    if animating {
      // It starts where it was and glides up while item 0 leaves; the completion waits.
      #expect(f.table.isAnimatingUpdates && f.table.leavingViews.count == 1 && finished.isEmpty)
      #expect(f.table.presentation(of: moving).frame.minY == before)
      clock.advance(by: 0.1)
      f.table.tick()
      let middle = f.table.presentation(of: moving).frame.minY
      #expect(middle < before && middle > after)
      clock.advance(by: 1)
      f.table.tick()
    }
    #expect(!f.table.isAnimating && f.table.leavingViews.isEmpty)
    #expect(f.table.presentation(of: moving).frame.minY == after)
    #expect(finished == [true])
  }

  @Test("a DiffableDataSource animates with its defaultRowAnimation; .none applies at once")
  func defaultRowAnimation() throws {
    let f = Fixture()
    try f.dataSource.apply(initialSnapshot())
    f.table.layoutIfNeeded()
    f.dataSource.defaultRowAnimation = .none
    var next = f.dataSource.snapshot()
    try next.deleteItems([1])
    try f.dataSource.apply(next)
    #expect(!f.table.isAnimatingUpdates && f.table.leavingViews.isEmpty)
    f.dataSource.defaultRowAnimation = .left
    try next.insertItems([700], beforeItem: 2)
    try f.dataSource.apply(next)
    #expect(f.table.isAnimatingUpdates)
  }

  @Test("reloaded items are measured again; the others keep their heights")
  func reloadedItems() throws {
    let f = Fixture()
    try f.dataSource.apply(initialSnapshot())
    while f.table.runIdleSlice() {}
    f.heights[10] = 77
    var next = f.dataSource.snapshot()
    try next.reloadItems([10])
    f.fitted.removeAll()
    try f.dataSource.apply(next, animatingDifferences: false)
    while f.table.runIdleSlice() {}
    #expect(f.fitted == [10])
    try f.expectHeightsFollowItems()
  }

  @Test("apply from inside a data-source call throws and changes nothing")
  func reentrantApply() throws {
    let f = Fixture()
    let first = try initialSnapshot()
    try f.dataSource.apply(first)
    var next = first
    try next.deleteItems([1])
    var thrown: TableViewError?
    f.onCell = { _ in
      f.onCell = nil
      do throws(TableViewError) { try f.dataSource.apply(next) } catch { thrown = error }
    }
    f.table.contentOffset.y = 2_000
    #expect(thrown?.kind == .reentrantUpdate)
    #expect(f.dataSource.snapshot() == first)
    #expect(f.table.numberOfRows(inSection: 0) == 100)
  }

  @Test("a table not showing the current snapshot reloads instead of diffing")
  func reloadsWhenNotShowing() throws {
    let f = Fixture()
    try f.dataSource.apply(initialSnapshot())
    // The table applies a snapshot of other identifier types: nothing to diff from.
    var other = DiffableSnapshot<Int, String>()
    try other.appendSections([1])
    try other.appendItems(["x", "y"])
    try f.table.apply(other)
    #expect(f.table.currentSnapshot(Int.self, String.self) == other)
    #expect(f.table.currentSnapshot(String.self, Int.self) == nil)
    #expect(f.table.numberOfSections == 0, "the diffable data source has no snapshot of its types")
  }
}
