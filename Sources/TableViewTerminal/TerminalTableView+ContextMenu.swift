@_spi(Backend) import TableViewCore
import TerminalKit

// Context menus on a terminal: the delegate's menu for a row (`TableView.contextMenuConfiguration(forRowAt:point:)`)
// drawn as a small box over the table at the row — its title, then one line per action (destructive ones red,
// disabled ones faint, checked ones ✓). A right click on a row opens it there; c or Shift-F10 opens the focused
// row's. While it is open it has the keys: ↑/↓ (k/j) choose, Enter performs, Esc closes; a click on an action
// performs it, a click elsewhere closes the menu.

/// A context menu open over the table.
struct OpenContextMenu {
  /// The delegate's menu.
  var configuration: ContextMenuConfiguration
  /// The row it is for.
  var row: IndexPath
  /// Where its top-left corner goes, in the table's coordinates (moved inside the table when drawn).
  var anchor: CellPoint
  /// The action the keys point at.
  var focused: Int
}

extension TerminalTableView {
  /// A menu's destructive action.
  static let destructiveMenuStyle = Style(foreground: .red, attributes: .bold)
  /// The chosen line.
  static let focusedMenuAttributes: TextAttributes = .reverse

  /// Whether a context menu is open.
  public var isShowingContextMenu: Bool { contextMenu != nil }

  /// Opens the context menu of `row` with its corner at `anchor` (the table's coordinates); nothing happens when
  /// the row has no menu.
  /// - Returns: Whether a menu opened.
  @discardableResult
  public func showContextMenu(forRowAt row: IndexPath, at anchor: CellPoint? = nil) -> Bool {
    let offset = table.contentOffset
    let rect = (try? table.rectForRow(at: row)) ?? .zero
    let corner = anchor ?? CellPoint(x: 4, y: TerminalView.cells(rect.minY - offset.y) + 1)
    let point = Point(x: Double(corner.x) + offset.x, y: Double(corner.y) + offset.y)
    guard let configuration = table.contextMenuConfiguration(forRowAt: row, point: anchor == nil ? nil : point)
    else { return false }
    let first = configuration.actions.firstIndex { !$0.attributes.contains(.disabled) } ?? 0
    contextMenu = OpenContextMenu(configuration: configuration, row: row, anchor: corner, focused: first)
    return true
  }

  /// Closes the open context menu.
  public func dismissContextMenu() { contextMenu = nil }

  // MARK: Keys and the mouse

  /// c or Shift-F10 opens the focused row's menu (the selected row's when nothing is focused: the row every key
  /// command acts on); while a menu is open, every key is its.
  /// - Returns: Whether the key was used.
  func handleContextMenuKey(_ event: KeyEvent) -> Bool {
    guard var menu = contextMenu else {
      let opens =
        (event.key == .character("c") && event.modifiers.isEmpty)
        || (event.key == .function(10) && event.modifiers == .shift)
      guard opens, let row = table.commandRow, table.reorderingRow == nil else { return false }
      return showContextMenu(forRowAt: row)
    }
    let actions = menu.configuration.actions
    switch event.key {
    case .up, .character("k"): menu.focused = nextEnabled(from: menu.focused, by: -1, in: actions)
    case .down, .character("j"), .tab: menu.focused = nextEnabled(from: menu.focused, by: 1, in: actions)
    case .enter:
      contextMenu = nil
      measuringLayout { _ = actions[menu.focused].perform() }
      return true
    case .escape, .character("c"), .character("q"):
      contextMenu = nil
      return true
    default: break
    }
    if contextMenu != nil { contextMenu = menu }
    return true
  }

  /// The next action from `index` in `step`'s direction that can be chosen (or `index` when none can).
  private func nextEnabled(from index: Int, by step: Int, in actions: [ContextMenuAction]) -> Int {
    var i = index
    for _ in 0..<actions.count {
      i += step
      guard actions.indices.contains(i) else { return index }
      if !actions[i].attributes.contains(.disabled) { return i }
    }
    return index
  }

  /// A press while the menu is open: it performs the action under `point` (the table's coordinates), if any, and
  /// closes the menu.
  func pressInContextMenu(at point: Point) {
    guard let menu = contextMenu else { return }
    contextMenu = nil
    if let index = menuAction(at: CellPoint(x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down))), menu) {
      measuringLayout { _ = menu.configuration.actions[index].perform() }
    }
  }

  // MARK: Drawing

  /// Where the menu's box goes (the table's coordinates): at its anchor, moved to fit inside the table.
  func menuBox(_ menu: OpenContextMenu) -> CellRect {
    let lines = menu.configuration.actions.map { Self.menuLine($0) }
    let titleWidth = menu.configuration.title.isEmpty ? 0 : menu.configuration.title.displayWidth + 2
    let size = cellSize
    let width = min(size.width, max(titleWidth, lines.map(\.displayWidth).max() ?? 0) + 4)
    let height = min(size.height, lines.count + 2)
    let x = max(0, min(menu.anchor.x, size.width - width))
    let y = max(0, min(menu.anchor.y, size.height - height))
    return CellRect(x: x, y: y, width: width, height: height)
  }

  /// The action at `cell` (the table's coordinates), if the menu has one there that can be chosen.
  func menuAction(at cell: CellPoint, _ menu: OpenContextMenu) -> Int? {
    let box = menuBox(menu)
    guard cell.x > box.x, cell.x < box.maxX - 1 else { return nil }
    let index = cell.y - box.y - 1
    let actions = menu.configuration.actions
    guard actions.indices.contains(index), !actions[index].attributes.contains(.disabled) else { return nil }
    return index
  }

  /// An action's line: a check column, then the title.
  static func menuLine(_ action: ContextMenuAction) -> String {
    (action.isChecked ? "✓ " : "  ") + action.title
  }

  /// Draws the open menu over everything: a box with the title in its top border (without decoration, the
  /// title on the first line and no border).
  func drawContextMenu(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    guard let menu = contextMenu else { return }
    let local = menuBox(menu)
    let box = CellRect(x: origin.x + local.x, y: origin.y + local.y, width: local.width, height: local.height)
    guard box.width >= 4, box.height >= 3 else { return }
    let border = Style(foreground: .cyan)
    buffer.fill(box, style: .plain, clip: clip)
    let inner = box.width - 2
    var top = menu.configuration.title.isEmpty ? "" : " " + menu.configuration.title + " "
    top = TextWrap.truncate(top, width: inner)
    let (rule, side) = drawsDecorations ? ("─", "│") : (" ", " ")
    let (left, right) = drawsDecorations ? ("┌", "┐") : (" ", " ")
    buffer.write(
      left + top + String(repeating: rule, count: max(0, inner - top.displayWidth)) + right, x: box.x, y: box.y,
      style: border, clip: clip)
    if drawsDecorations {
      buffer.write(
        "└" + String(repeating: "─", count: inner) + "┘", x: box.x, y: box.maxY - 1, style: border, clip: clip)
    }
    for (i, action) in menu.configuration.actions.prefix(box.height - 2).enumerated() {
      let y = box.y + 1 + i
      buffer.write(side, x: box.x, y: y, style: border, clip: clip)
      buffer.write(side, x: box.maxX - 1, y: y, style: border, clip: clip)
      var style = Style.plain
      if action.attributes.contains(.destructive) { style = Self.destructiveMenuStyle }
      if action.attributes.contains(.disabled) { style = style.adding(.dim) }
      if i == menu.focused { style = style.adding(Self.focusedMenuAttributes) }
      let line = TextWrap.truncate(" " + Self.menuLine(action), width: inner)
      buffer.write(
        line + String(repeating: " ", count: max(0, inner - line.displayWidth)), x: box.x + 1, y: y, style: style,
        maxWidth: inner, clip: clip)
    }
  }
}
