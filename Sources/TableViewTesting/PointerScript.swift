@_spi(Backend) import TableViewCore

// Pointer scripts: presses, moves and releases at places named by what is there (a row, its editing control, the
// floating header…), with what the user should see afterwards. The same table runs against the engine's pointer
// router through `TableView.handlePointer(_:)` (PointerScriptTests) and through the terminal backend's mouse
// (TerminalPointerScriptTests): one set of rules, whatever the backend.

/// A place on the table, named by what is there, so that one script fits every backend's units.
public enum PointerSpot: Sendable, Hashable, CustomStringConvertible {
  /// Row `row`'s middle line, `x` a fraction of the table's width from its left.
  case row(Int, x: Double)
  /// Row `row`'s editing control (⊖), where the backend draws it.
  case editingControl(Int)
  /// Row `row`'s reorder control (≡), where the backend draws it.
  case reorderControl(Int)
  /// The floating section header at the top of the visible area.
  case floatingHeader
  /// The revealed swipe action titled so.
  case swipeAction(String)

  public var description: String {
    switch self {
    case .row(let row, let x): "row \(row) at \(x)"
    case .editingControl(let row): "⊖ of row \(row)"
    case .reorderControl(let row): "≡ of row \(row)"
    case .floatingHeader: "the floating header"
    case .swipeAction(let title): "the \(title) action"
    }
  }
}

/// One step of a pointer script. Between steps a fifth of a second passes (the pointer's speed is then
/// nothing: where it lets go decides).
public enum PointerStep: Sendable, Hashable, CustomStringConvertible {
  /// The primary button goes down.
  case press(PointerSpot)
  /// The pointer moves with the button down.
  case move(PointerSpot)
  /// The primary button comes up.
  case release(PointerSpot)
  /// A secondary click (the right button).
  case rightClick(PointerSpot)
  /// Time passes with the button held still (a long press, where the backend has one).
  case hold(seconds: Double)

  public var description: String {
    switch self {
    case .press(let spot): "press \(spot)"
    case .move(let spot): "move to \(spot)"
    case .release(let spot): "release \(spot)"
    case .rightClick(let spot): "right click \(spot)"
    case .hold(let seconds): "hold \(seconds) s"
    }
  }
}

/// What a pointer action is, without its coordinates (which differ between backends' units).
public enum PointerActionKind: Sendable, Hashable {
  case none, pressInContextMenu, openContextMenu, performSwipeAction, closeSwipe, commitEditingControl
  case beginReorder, moveReorder, dropReorder, cancelReorder, beginSwipe, updateSwipe, endSwipe, longPress
  case press, pressWithoutHighlight, cancelTap, tap, beginDragScroll, dragScroll, endDragScroll

  /// The kind of `action`.
  @_spi(Backend) public init(_ action: PointerAction) {
    switch action {
    case .none: self = .none
    case .pressInContextMenu: self = .pressInContextMenu
    case .openContextMenu: self = .openContextMenu
    case .performSwipeAction: self = .performSwipeAction
    case .closeSwipe: self = .closeSwipe
    case .commitEditingControl: self = .commitEditingControl
    case .beginReorder: self = .beginReorder
    case .moveReorder: self = .moveReorder
    case .dropReorder: self = .dropReorder
    case .cancelReorder: self = .cancelReorder
    case .beginSwipe: self = .beginSwipe
    case .updateSwipe: self = .updateSwipe
    case .endSwipe: self = .endSwipe
    case .longPress: self = .longPress
    case .press(_, let highlights): self = highlights ? .press : .pressWithoutHighlight
    case .cancelTap: self = .cancelTap
    case .tap: self = .tap
    case .beginDragScroll: self = .beginDragScroll
    case .dragScroll: self = .dragScroll
    case .endDragScroll: self = .endDragScroll
    }
  }
}

/// A pointer script and what a user would see after it.
public struct PointerScript: Sendable, CustomStringConvertible {
  public var name: String
  /// Edit mode on before the script.
  public var editing = false
  /// How many rows the table is scrolled down before the script (the section header floats over the rows).
  public var scrolledRows = 0.0
  /// The steps.
  public var steps: [PointerStep]
  /// The action each step means on the engine's default configuration (a drag scrolls, long presses on), one per
  /// step; empty: not checked.
  public var actions: [PointerActionKind]
  /// Whether the script needs a long press (a backend without one skips it).
  public var needsLongPress = false
  /// What the user sees afterwards.
  public var expected: Outcome

  public var description: String { name }

  /// What the user sees after a script: the rows' order, the rows deleted, the rows selected, the row swiped open,
  /// the row held, the rows whose context menu opened and the swipe actions performed (by the ids of their rows).
  public struct Outcome: Equatable, Sendable, CustomStringConvertible {
    public var order: [Int]
    public var deleted: [Int] = []
    public var selected: [Int] = []
    public var swiped: Int? = nil
    public var held: Int? = nil
    public var menus: [Int] = []
    public var performed: [String] = []

    public init(
      order: [Int] = Array(0..<PointerModel.rowCount), deleted: [Int] = [], selected: [Int] = [], swiped: Int? = nil,
      held: Int? = nil, menus: [Int] = [], performed: [String] = []
    ) {
      self.order = order
      self.deleted = deleted
      self.selected = selected
      self.swiped = swiped
      self.held = held
      self.menus = menus
      self.performed = performed
    }

    public var description: String {
      "order \(order) deleted \(deleted) selected \(selected) swiped \(swiped.map(String.init) ?? "-") held "
        + "\(held.map(String.init) ?? "-") menus \(menus) performed \(performed)"
    }
  }

  public init(
    name: String, editing: Bool = false, scrolledRows: Double = 0, needsLongPress: Bool = false,
    steps: [PointerStep], actions: [PointerActionKind] = [], expected: Outcome
  ) {
    self.name = name
    self.editing = editing
    self.scrolledRows = scrolledRows
    self.needsLongPress = needsLongPress
    self.steps = steps
    self.actions = actions
    self.expected = expected
  }

  /// Gets `table` (showing `model`, laid out) ready for the script: scrolled, edit mode.
  public func prepare(_ table: TableView, model: PointerModel) {
    if scrolledRows != 0 { table.contentOffset = Point(x: 0, y: scrolledRows * model.rowHeight) }
    if editing { table.setEditing(true, animated: false) }
    table.layoutIfNeeded()
  }

  /// Where `spot` is on `table` now (the table's coordinates), given where the backend draws a row's controls
  /// (`control(row, region)`: the table's coordinates too).
  public static func point(
    of spot: PointerSpot, in table: TableView, control: (IndexPath, CellRegion) -> Point?
  ) -> Point {
    let width = table.viewportSize.width
    let offset = table.contentOffset
    func middle(_ row: Int) -> Double {
      let rect = (try? table.rectForRow(at: IndexPath(row: row, section: 0))) ?? .zero
      return (rect.minY + rect.maxY) / 2 - offset.y
    }
    switch spot {
    case .row(let row, let x):
      return Point(x: (x * width).rounded(.down), y: middle(row).rounded(.down))
    case .editingControl(let row):
      return control(IndexPath(row: row, section: 0), .editingControl) ?? Point(x: -1, y: -1)
    case .reorderControl(let row):
      return control(IndexPath(row: row, section: 0), .reorderControl) ?? Point(x: -1, y: -1)
    case .floatingHeader:
      return Point(x: (width / 2).rounded(.down), y: 0)
    case .swipeAction(let title):
      guard let revealed = table.revealedSwipeActions.first(where: { $0.action.title == title }) else {
        return Point(x: -1, y: -1)
      }
      let frame = revealed.frame
      return Point(
        x: (frame.minX + frame.maxX) / 2 - offset.x, y: ((frame.minY + frame.maxY) / 2 - offset.y).rounded(.down))
    }
  }

  /// What `table` over `model` shows now.
  public static func outcome(of table: TableView, model: PointerModel) -> Outcome {
    func id(_ path: IndexPath?) -> Int? {
      path.flatMap { model.ids.indices.contains($0.row) ? model.ids[$0.row] : nil }
    }
    return Outcome(
      order: model.ids, deleted: model.deleted, selected: table.indexPathsForSelectedRows.compactMap { id($0) },
      swiped: table.swipeOffset == 0 ? nil : id(table.swipedRow), held: id(table.reorderingRow), menus: model.menus,
      performed: model.performed)
  }
}

/// Forty rows in one section under a floating header, each with two trailing swipe actions (Flag, Delete), a
/// context menu, an editing control (⊖) and a reorder control; records what the user did.
public final class PointerModel: TableViewDataSource, TableViewDelegate {
  /// How many rows.
  public static let rowCount = 40
  /// A row's and the header's height, in the backend's units.
  public let rowHeight: Double
  /// A swipe action's width, in the backend's units.
  public let actionWidth: Double
  public var ids = Array(0..<PointerModel.rowCount)
  public var deleted: [Int] = []
  /// The rows whose context menu the table asked for.
  public var menus: [Int] = []
  /// The swipe actions performed: "Flag 3".
  public var performed: [String] = []

  /// A model whose rows are `rowHeight` high (a backend's units) in a table `width` wide.
  public init(rowHeight: Double, width: Double) {
    self.rowHeight = rowHeight
    self.actionWidth = (width / 5).rounded(.down)
  }

  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { ids.count }
  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { rowHeight }
  public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { rowHeight }
  public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
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
  public func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> SwipeActionsConfiguration?
  {
    let id = ids[indexPath.row]
    let flag = ContextualAction(style: .normal, title: "Flag") { [weak self] _, done in
      self?.performed.append("Flag \(id)")
      done(true)
    }
    let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] _, done in
      self?.performed.append("Delete \(id)")
      done(true)
    }
    flag.preferredWidth = actionWidth
    delete.preferredWidth = actionWidth
    var configuration = SwipeActionsConfiguration(actions: [delete, flag])
    configuration.performsFirstActionWithFullSwipe = false
    return configuration
  }
  public func tableView(_ tableView: TableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: Point)
    -> ContextMenuConfiguration?
  {
    let id = ids[indexPath.row]
    menus.append(id)
    return ContextMenuConfiguration(title: "Row \(id)", actions: [ContextMenuAction(title: "Nothing") { _ in }])
  }
}

/// A cell with its controls where a simple backend would draw them: in edit mode the editing control takes the
/// first 20 points, the reorder control (on a row that can move) the last 20.
public final class PointerTestCell: ReusableView {
  public var reuseIdentifier: String?
  public var frame = Rect.zero
  public private(set) var isEditing = false
  public private(set) var canMove = false
  public init() {}
  public func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
  public func setEditingControl(_ style: TableView.EditingStyle, canMove: Bool) { self.canMove = canMove }
  public func region(at point: Point) -> CellRegion {
    guard isEditing else { return .content }
    if point.x < 20 { return .editingControl }
    if canMove, point.x >= frame.width - 20 { return .reorderControl }
    return .content
  }
}

/// A swipe of row 3 open on its actions: pressed near the right edge, let go 30% of the width to the left (past
/// half the actions' 40%, short of a full swipe).
private let swipeRow3: [PointerStep] = [
  .press(.row(3, x: 0.9)), .move(.row(3, x: 0.6)), .release(.row(3, x: 0.6)),
]

/// The pointer scripts every backend passes.
public let pointerScripts: [PointerScript] = [
  PointerScript(
    name: "a click selects the row under it", steps: [.press(.row(2, x: 0.5)), .release(.row(2, x: 0.5))],
    actions: [.press, .tap], expected: .init(selected: [2])),
  PointerScript(
    name: "a sideways drag past half the actions opens the row on them and selects nothing", steps: swipeRow3,
    actions: [.press, .beginSwipe, .endSwipe], expected: .init(swiped: 3)),
  PointerScript(
    name: "a click on a revealed action performs it and the row closes",
    steps: swipeRow3 + [.press(.swipeAction("Flag")), .release(.swipeAction("Flag"))],
    actions: [.press, .beginSwipe, .endSwipe, .performSwipeAction, .none], expected: .init(performed: ["Flag 3"])),
  PointerScript(
    name: "a click elsewhere while a row is open closes it and selects nothing",
    steps: swipeRow3 + [.press(.row(6, x: 0.5)), .release(.row(6, x: 0.5))],
    actions: [.press, .beginSwipe, .endSwipe, .pressWithoutHighlight, .closeSwipe], expected: .init()),
  PointerScript(
    name: "a drag more vertical than sideways swipes nothing and selects nothing",
    steps: [.press(.row(3, x: 0.5)), .move(.row(6, x: 0.45)), .release(.row(6, x: 0.45))],
    actions: [.press, .beginDragScroll, .endDragScroll], expected: .init()),
  PointerScript(
    name: "in edit mode a sideways drag swipes nothing", editing: true,
    steps: [.press(.row(3, x: 0.6)), .move(.row(3, x: 0.3)), .release(.row(3, x: 0.3))],
    actions: [.press, .cancelTap, .cancelTap], expected: .init()),
  PointerScript(
    name: "in edit mode a press on ⊖ deletes its row", editing: true,
    steps: [.press(.editingControl(2)), .release(.editingControl(2))], actions: [.commitEditingControl, .none],
    expected: .init(order: Array(0..<PointerModel.rowCount).filter { $0 != 2 }, deleted: [2])),
  PointerScript(
    name: "in edit mode a drag by ≡ moves the row to where it is let go", editing: true,
    steps: [.press(.reorderControl(1)), .move(.reorderControl(4)), .release(.reorderControl(4))],
    actions: [.beginReorder, .moveReorder, .dropReorder],
    expected: .init(order: [0, 2, 3, 4, 1] + Array(5..<PointerModel.rowCount))),
  PointerScript(
    name: "a right click while a row is held opens no menu", editing: true,
    steps: [.press(.reorderControl(1)), .rightClick(.row(5, x: 0.5)), .release(.reorderControl(1))],
    actions: [.beginReorder, .none, .dropReorder], expected: .init()),
  PointerScript(
    name: "a right click opens the menu of the row under it", steps: [.rightClick(.row(5, x: 0.5))],
    actions: [.openContextMenu], expected: .init(menus: [5])),
  PointerScript(
    name: "a right click on the floating header opens no menu, not even the row's beneath it", scrolledRows: 3.5,
    steps: [.rightClick(.floatingHeader)], actions: [.none], expected: .init()),
  PointerScript(
    name: "a click on the floating header selects nothing, not even the row beneath it", scrolledRows: 3.5,
    steps: [.press(.floatingHeader), .release(.floatingHeader)], actions: [.press, .tap], expected: .init()),
  PointerScript(
    name: "a long press picks the row up; it drops where it is let go", needsLongPress: true,
    steps: [.press(.row(2, x: 0.5)), .hold(seconds: 0.6), .move(.row(5, x: 0.5)), .release(.row(5, x: 0.5))],
    actions: [.press, .longPress, .moveReorder, .dropReorder],
    expected: .init(order: [0, 1, 3, 4, 5, 2] + Array(6..<PointerModel.rowCount))),
]
