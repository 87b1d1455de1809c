import Testing

@_spi(Backend) @testable import TableViewCore

/// Rows that can be edited (but row 0), deleted through the editing control, with trailing
/// delete/flag and leading "read" actions.
private final class EditableModel: TableViewDataSource, TableViewDelegate {
  var rows: [Int] = Array(0..<30)
  var committed: [(TableView.EditingStyle, IndexPath)] = []
  var performed: [String] = []
  var fullSwipe = true
  var selected: [IndexPath] = []
  weak var table: TableView?

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { 40 }
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { indexPath.row != 0 }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableView.EditingStyle {
    indexPath.row == 1 ? .insert : .delete
  }
  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath) {
    committed.append((editingStyle, indexPath))
    guard editingStyle == .delete else { return }
    rows.remove(at: indexPath.row)
    try? tableView.deleteRows(at: [indexPath], with: .fade)
  }
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let delete = ContextualAction(style: .destructive, title: "Delete") { [unowned self] _, done in
      self.performed.append("delete \(indexPath.row)")
      self.rows.remove(at: indexPath.row)
      try? tableView.deleteRows(at: [indexPath], with: .left)
      done(true)
    }
    let flag = ContextualAction(style: .normal, title: "Flag") { [unowned self] _, done in
      self.performed.append("flag \(indexPath.row)")
      done(true)
    }
    var configuration = SwipeActionsConfiguration(actions: [delete, flag])
    configuration.performsFirstActionWithFullSwipe = fullSwipe
    return configuration
  }
  func tableView(_ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    SwipeActionsConfiguration(actions: [
      ContextualAction(style: .normal, title: "Read") { [unowned self] _, done in
        self.performed.append("read \(indexPath.row)")
        done(true)
      }
    ])
  }
}

/// A data source that commits deletions (and says so) under a delegate that gives no swipe actions: UIKit's
/// swipe to delete. Row 2 inserts instead; `trailing` overrides the delegate's answer.
private final class CommittingModel: TableViewDataSource, TableViewDelegate {
  var rows: [Int] = Array(0..<30)
  var committed: [(TableView.EditingStyle, Int)] = []
  var commits = true
  var trailing: SwipeActionsConfiguration?

  var commitsEditingStyle: Bool { commits }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath, as: TestCell.self)
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { 40 }
  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableView.EditingStyle {
    indexPath.row == 2 ? .insert : .delete
  }
  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath) {
    committed.append((editingStyle, rows[indexPath.row]))
    guard editingStyle == .delete else { return }
    rows.remove(at: indexPath.row)
    try? tableView.deleteRows(at: [indexPath], with: .left)
  }
  func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  { trailing }
}

/// A loaded table of `TestCell`s over `model` (data source and delegate), 400×200, on a manual clock.
func makeEditingTable(_ model: some TableViewDataSource & TableViewDelegate) -> (TableView, ManualClock, TestHost) {
  let clock = ManualClock()
  let table = TableView(style: .plain, clock: clock)
  let host = TestHost()
  table.host = host
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: 400, height: 200)
  table.reloadData()
  return (table, clock, host)
}

private func editableTable() -> (TableView, EditableModel, ManualClock, TestHost) {
  let model = EditableModel()
  let (table, clock, host) = makeEditingTable(model)
  model.table = table
  return (table, model, clock, host)
}

@Suite("Edit mode and swipe actions")
struct EditingTests {
  @Test("edit mode tells the cells on screen and the ones shown later; styles follow canEdit and the delegate")
  func editMode() throws {
    let (table, model, _, host) = editableTable()
    table.setEditing(true, animated: true)
    #expect(table.isEditing)
    #expect(table.visibleCells.allSatisfy { ($0 as? TestCell)?.isEditing == true })
    table.contentOffset.y = 400
    #expect(table.visibleCells.allSatisfy { ($0 as? TestCell)?.isEditing == true }, "cells shown later")
    #expect(table.editingStyle(forRowAt: IndexPath(row: 0, section: 0)) == .none, "row 0 cannot be edited")
    #expect(table.editingStyle(forRowAt: IndexPath(row: 1, section: 0)) == .insert)
    #expect(table.editingStyle(forRowAt: IndexPath(row: 5, section: 0)) == .delete)
    #expect(table.editingStyle(forRowAt: IndexPath(row: 99, section: 0)) == .none)
    table.isEditing = false
    #expect(table.visibleCells.allSatisfy { ($0 as? TestCell)?.isEditing == false })
    #expect(model.committed.isEmpty)
    checkInvariants(table, host: host)
  }

  @Test("in edit mode a tap, Space and the arrows select nothing (UIKit's allowsSelectionDuringEditing is false)")
  func noSelectionWhileEditing() throws {
    let (table, model, _, host) = editableTable()
    #expect(!table.allowsSelectionDuringEditing && !table.allowsMultipleSelectionDuringEditing)
    table.isEditing = true
    #expect(table.activeSelectionMode == .none)
    table.tap(at: Point(x: 200, y: 100))  // row 2
    #expect(table.indexPathsForSelectedRows.isEmpty && model.selected.isEmpty)
    #expect(table.indexPathForHighlightedRow == nil)
    // The keys move the focus (Delete commits the focused row's control), and select nothing.
    table.moveFocus(.next)
    table.moveFocus(.next)
    #expect(table.focusedIndexPath == IndexPath(row: 1, section: 0))
    table.activateFocusedRow()
    #expect(table.indexPathsForSelectedRows.isEmpty && model.selected.isEmpty)
    try table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
    #expect(table.indexPathsForSelectedRows.isEmpty, "edit mode's selection mode is .none")
    #expect(table.editingStyle(forRowAt: IndexPath(row: 3, section: 0)) == .delete, "the controls still show")
    // Out of edit mode a tap selects again.
    table.isEditing = false
    table.tap(at: Point(x: 200, y: 100))
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    #expect(model.selected == [IndexPath(row: 2, section: 0)])
    checkInvariants(table, host: host)
  }

  @Test("allowsSelectionDuringEditing selects a row in edit mode; allowsMultipleSelectionDuringEditing toggles several")
  func selectionDuringEditing() throws {
    let (table, model, _, host) = editableTable()
    table.selectionMode = .none  // outside edit mode only
    table.allowsSelectionDuringEditing = true
    table.isEditing = true
    #expect(table.activeSelectionMode == .single)
    table.tap(at: Point(x: 200, y: 100))
    table.tap(at: Point(x: 200, y: 140))
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
    table.moveFocus(.next)
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 4, section: 0)], "the selection follows the focus")
    // Several rows: taps toggle them, Shift-arrows extend, and the rows show no editing control (as in UIKit).
    table.allowsMultipleSelectionDuringEditing = true
    #expect(table.activeSelectionMode == .multiple)
    table.tap(at: Point(x: 200, y: 60))
    table.tap(at: Point(x: 200, y: 100))
    #expect(table.indexPathsForSelectedRows.map(\.row) == [1, 2, 4])
    table.tap(at: Point(x: 200, y: 60))
    #expect(table.indexPathsForSelectedRows.map(\.row) == [2, 4])
    // From the focus (row 1, tapped last) Shift-↓ selects it and the row below.
    table.moveFocus(.next, extendingSelection: true)
    #expect(table.indexPathsForSelectedRows.map(\.row) == [1, 2, 4])
    #expect(table.editingStyle(forRowAt: IndexPath(row: 3, section: 0)) == .none)
    #expect(model.selected.map(\.row) == [2, 3, 1, 2])
    // Outside edit mode, selectionMode (.none) rules again.
    table.isEditing = false
    table.tap(at: Point(x: 200, y: 20))
    #expect(table.indexPathsForSelectedRows.map(\.row) == [1, 2, 4] && model.selected.count == 4)
    checkInvariants(table, host: host)
  }

  @Test("the delete control commits through the data source, which deletes the row with an animation")
  func commitDelete() throws {
    let (table, model, clock, host) = editableTable()
    table.isEditing = true
    try table.commitEditingStyle(forRowAt: IndexPath(row: 2, section: 0))
    #expect(model.committed.map(\.0) == [.delete] && model.rows.count == 29 && !model.rows.contains(2))
    #expect(table.isAnimatingUpdates)
    clock.advance(by: 1)
    table.tick()
    try table.commitEditingStyle(forRowAt: IndexPath(row: 0, section: 0))
    #expect(model.committed.count == 1, "row 0 has no control")
    #expect(throws: TableViewError.self) { try table.commitEditingStyle(forRowAt: IndexPath(row: 500, section: 0)) }
    checkInvariants(table, host: host)
  }

  @Test("a swipe left opens on the trailing actions: the content follows, then settles; the actions fill the strip")
  func openTrailing() throws {
    let (table, model, clock, host) = editableTable()
    let path = IndexPath(row: 3, section: 0)
    let cell = try #require(table.cellForRow(at: path))
    #expect(table.beginSwipe(at: path))
    table.updateSwipe(translation: -120)
    #expect(table.swipeOffset == -120)
    #expect(table.presentation(of: cell).frame.minX == -120)
    table.endSwipe(velocity: 0)
    clock.advance(by: 1)
    table.tick()
    #expect(table.swipeOffset == -160 && table.swipedRow == path && !table.isAnimating)
    let revealed = table.revealedSwipeActions
    #expect(revealed.map { $0.action.title } == ["Delete", "Flag"])
    #expect(
      revealed.map(\.frame) == [
        Rect(x: 320, y: 120, width: 80, height: 40), Rect(x: 240, y: 120, width: 80, height: 40),
      ])
    // Its button: the handler runs, the row closes.
    table.performSwipeAction(1)
    #expect(model.performed == ["flag 3"])
    clock.advance(by: 1)
    table.tick()
    #expect(table.swipedRow == nil && table.presentation(of: cell).frame.minX == 0)
    checkInvariants(table, host: host)
  }

  @Test("a short swipe closes; a fling back closes; a swipe right reveals the leading action")
  func closing() throws {
    let (table, model, clock, host) = editableTable()
    let path = IndexPath(row: 4, section: 0)
    table.beginSwipe(at: path)
    table.updateSwipe(translation: -50)
    table.endSwipe(velocity: 0)
    clock.advance(by: 1)
    table.tick()
    #expect(table.swipedRow == nil && table.swipeOffset == 0)
    table.beginSwipe(at: path)
    table.updateSwipe(translation: -150)
    table.endSwipe(velocity: 800)
    clock.advance(by: 1)
    table.tick()
    #expect(table.swipedRow == nil, "a fling back towards the edge closes")
    table.beginSwipe(at: path)
    table.updateSwipe(translation: 60)
    table.endSwipe(velocity: 0)
    clock.advance(by: 1)
    table.tick()
    #expect(table.swipeOffset == 80 && table.revealedSwipeActions.map { $0.action.title } == ["Read"])
    // Swiping another row closes this one.
    table.beginSwipe(at: IndexPath(row: 2, section: 0))
    #expect(table.swipedRow == IndexPath(row: 2, section: 0))
    #expect(model.performed.isEmpty)
    checkInvariants(table, host: host)
  }

  @Test("a full swipe performs the first action: the destructive one deletes the row, and the swipe goes with it")
  func fullSwipe() throws {
    let (table, model, clock, host) = editableTable()
    table.beginSwipe(at: IndexPath(row: 5, section: 0))
    table.updateSwipe(translation: -300)
    table.endSwipe(velocity: 0)
    #expect(model.performed == ["delete 5"] && !model.rows.contains(5))
    #expect(table.swipedRow == nil)
    clock.advance(by: 1)
    table.tick()
    #expect(!table.isAnimating && table.numberOfRows(inSection: 0) == 29)
    checkInvariants(table, host: host)
    // Without full swipes, the row stops at its actions (with a rubber band) and opens.
    model.fullSwipe = false
    table.beginSwipe(at: IndexPath(row: 6, section: 0))
    table.updateSwipe(translation: -300)
    #expect(table.swipeOffset > -200 && table.swipeOffset < -160)
    table.endSwipe(velocity: 0)
    clock.advance(by: 1)
    table.tick()
    #expect(table.swipeOffset == -160 && model.performed == ["delete 5"])
  }

  @Test("a data source that commits, under a delegate with no trailing actions, gets UIKit's default Delete swipe")
  func defaultDeleteSwipe() throws {
    let model = CommittingModel()
    let (table, clock, host) = makeEditingTable(model)
    #expect(table.beginSwipe(at: IndexPath(row: 5, section: 0)))
    table.updateSwipe(translation: -100)
    table.endSwipe(velocity: 0)
    clock.advance(by: 1)
    table.tick()
    let revealed = table.revealedSwipeActions
    #expect(revealed.map(\.action.title) == ["Delete"] && revealed.first?.action.style == .destructive)
    // A row inserted above while it is open: Delete commits the row it is on now.
    model.rows.insert(100, at: 0)
    try table.insertRows(at: [IndexPath(row: 0, section: 0)])
    table.performSwipeAction(0)
    #expect(model.committed.count == 1 && model.committed.first?.0 == .delete && model.committed.first?.1 == 5)
    #expect(!model.rows.contains(5) && model.rows.count == 30)
    clock.advance(by: 1)
    table.tick()
    #expect(table.swipedRow == nil)
    // A full swipe deletes too (UIKit's default configuration performs its first action).
    #expect(table.beginSwipe(at: IndexPath(row: 8, section: 0)))
    table.updateSwipe(translation: -390)
    table.endSwipe(velocity: -2_000)
    #expect(model.committed.count == 2 && model.committed.last?.1 == 8)
    checkInvariants(table, host: host)
  }

  @Test("no default Delete on an insert row, for an empty configuration, or if the data source does not commit")
  func noDefaultDeleteSwipe() throws {
    let model = CommittingModel()
    let (table, _, _) = makeEditingTable(model)
    #expect(!table.beginSwipe(at: IndexPath(row: 2, section: 0)), "its editing style is .insert")
    model.trailing = SwipeActionsConfiguration(actions: [])
    #expect(!table.beginSwipe(at: IndexPath(row: 3, section: 0)), "the delegate asked for no actions")
    model.trailing = nil
    model.commits = false
    #expect(!table.beginSwipe(at: IndexPath(row: 3, section: 0)), "the data source does not say it commits")
    #expect(model.committed.isEmpty)
  }

  @Test("no swipe in edit mode or on a row that cannot be edited; a bad translation is refused; updates move the swipe")
  func rules() throws {
    let (table, model, _, host) = editableTable()
    #expect(!table.beginSwipe(at: IndexPath(row: 0, section: 0)))
    table.isEditing = true
    #expect(!table.beginSwipe(at: IndexPath(row: 3, section: 0)))
    table.isEditing = false
    #expect(table.beginSwipe(at: IndexPath(row: 3, section: 0)))
    table.updateSwipe(translation: .nan)
    table.updateSwipe(translation: -.infinity)
    #expect(table.swipeOffset == 0)
    table.updateSwipe(translation: -100)
    table.endSwipe(velocity: .nan)
    // A row inserted above: the swiped row follows; deleted: the swipe closes.
    model.rows.insert(100, at: 0)
    try table.insertRows(at: [IndexPath(row: 0, section: 0)])
    #expect(table.swipedRow == IndexPath(row: 4, section: 0))
    model.rows.remove(at: 4)
    try table.deleteRows(at: [IndexPath(row: 4, section: 0)])
    #expect(table.swipedRow == nil)
    checkInvariants(table, host: host)
  }
}
