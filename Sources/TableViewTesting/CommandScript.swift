import TableViewCore

// Test doubles shared by the engine's and the backends' tests (not a product): keyboard scripts
// with what the user should see after them, and the model they run on.

/// A keyboard script and what a user would see after it: the same table of scripts runs against
/// `TableView.perform(_:)` (TableCommandTests) and through the terminal backend's keys
/// (TerminalCommandKeysTests).
public struct CommandScript: Sendable, CustomStringConvertible {
  public var name: String
  /// Rows selected before the script (multiple selection), then the focused row.
  public var selected: [Int] = []
  public var focused: Int?
  public var editing = false
  public var commands: [TableCommand]
  /// The rows' ids afterwards (the model's order), and the ids of the focused and the held row (the
  /// focus travels with a moved row, and goes to the next row when its row is deleted).
  public var order: [Int]
  public var focusedAfter: Int?
  public var heldAfter: Int? = nil
  public var deleted: [Int] = []

  public var description: String { name }

  /// What the user sees after a script: the model's order, the rows deleted, and the ids of the
  /// focused and the held row.
  public struct Outcome: Equatable, Sendable {
    public var order: [Int]
    public var deleted: [Int]
    public var focused: Int?
    public var held: Int?
  }

  /// The outcome the script expects.
  public var expected: Outcome {
    Outcome(order: order, deleted: deleted, focused: focusedAfter, held: heldAfter)
  }

  /// Gets `table` (already showing `model`'s rows) ready for the script: multiple selection that
  /// does not follow the focus, the rows selected and focused as the script says, edit mode.
  public func prepare(_ table: TableView) {
    table.selectionMode = .multiple
    table.selectionFollowsFocus = false
    for row in selected {
      try? table.selectRow(at: IndexPath(row: row, section: 0), animated: false, scrollPosition: .none)
    }
    if let focused { try? table.focusRow(at: IndexPath(row: focused, section: 0)) }
    if editing { table.setEditing(true, animated: false) }
  }

  /// What `table` over `model` shows now, as an outcome.
  public static func outcome(of table: TableView, model: CommandModel) -> Outcome {
    Outcome(
      order: model.ids, deleted: model.deleted, focused: table.focusedIndexPath.map { model.ids[$0.row] },
      held: table.reorderingRow.map { model.ids[$0.row] })
  }

  public init(
    name: String, selected: [Int] = [], focused: Int? = nil, editing: Bool = false, commands: [TableCommand],
    order: [Int], focusedAfter: Int?, heldAfter: Int? = nil, deleted: [Int] = []
  ) {
    self.name = name
    self.selected = selected
    self.focused = focused
    self.editing = editing
    self.commands = commands
    self.order = order
    self.focusedAfter = focusedAfter
    self.heldAfter = heldAfter
    self.deleted = deleted
  }
}

public let commandScripts: [CommandScript] = [
  CommandScript(
    name: "↓ ↓ focuses two rows further", focused: 1, commands: [.moveFocus(.next), .moveFocus(.next)],
    order: Array(0..<12), focusedAfter: 3),
  CommandScript(
    name: "m picks up the focused row, not the selected one; ↓ ↓ Enter drops it two places down",
    selected: [0], focused: 3, commands: [.pickUpRow, .moveFocus(.next), .moveFocus(.next), .activate],
    order: [0, 1, 2, 4, 5, 3, 6, 7, 8, 9, 10, 11], focusedAfter: 3),
  CommandScript(
    name: "while a row is held, Home, ] and Delete do nothing; Esc puts it back",
    focused: 2,
    commands: [.pickUpRow, .moveFocus(.next), .focusEdge(.last), .focusSection(.next), .commitEditingControl, .cancel],
    order: Array(0..<12), focusedAfter: 2),
  CommandScript(
    name: "m drops a row held by the keys, Page Down moves it ten places",
    focused: 0, commands: [.pickUpRow, .scrollPage(.down), .pickUpRow],
    order: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11], focusedAfter: 0),
  CommandScript(
    name: "a held row stays held until dropped", focused: 4, commands: [.pickUpRow, .moveFocus(.previous)],
    order: Array(0..<12), focusedAfter: 4, heldAfter: 4),
  CommandScript(
    name: "Delete in edit mode commits the focused row's control (⊖ deletes it), not the selected one's",
    selected: [7], focused: 5, editing: true, commands: [.commitEditingControl],
    order: [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11], focusedAfter: 6, deleted: [5]),
  CommandScript(
    name: "Delete outside edit mode is not used", focused: 5, commands: [.commitEditingControl],
    order: Array(0..<12), focusedAfter: 5),
  CommandScript(
    name: "s opens the focused row's swipe actions, not the selected row's; Enter performs Delete",
    selected: [7], focused: 5, commands: [.toggleSwipeActions, .activate],
    order: [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11], focusedAfter: 6, deleted: [5]),
  CommandScript(
    name: "← opens the trailing actions, Esc closes them: Enter then selects, nothing is deleted",
    focused: 2, commands: [.swipe(.left), .cancel, .activate], order: Array(0..<12), focusedAfter: 2),
  CommandScript(
    name: "→ finds no leading actions; s twice opens and closes; Tab with no row open is not used",
    focused: 4,
    commands: [.swipe(.right), .toggleSwipeActions, .toggleSwipeActions, .focusSwipeAction(.next), .activate],
    order: Array(0..<12), focusedAfter: 4),
  CommandScript(
    name: "on the open row Tab goes round and ← → stay on its one action; Enter performs it",
    focused: 0,
    commands: [.swipe(.left), .focusSwipeAction(.next), .swipe(.left), .swipe(.right), .activate],
    order: Array(1..<12), focusedAfter: 1, deleted: [0]),
]

/// Twelve 20-point rows that can move and be deleted (in edit mode, or by the default Delete swipe action);
/// records deletions.
public final class CommandModel: TableViewDataSource, TableViewDelegate {
  public init() {}
  public var ids = Array(0..<12)
  public var deleted: [Int] = []
  public var commitsEditingStyle: Bool { true }
  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { ids.count }
  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    ids.insert(ids.remove(at: source.row), at: destination.row)
  }
  public func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    guard editingStyle == .delete else { return }
    deleted.append(ids.remove(at: indexPath.row))
    try? tableView.deleteRows(at: [indexPath], with: .none)
  }
}
