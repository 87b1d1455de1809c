import TableViewCore
import TableViewTesting
import TerminalKit
import Testing

@testable import TableViewTerminal

/// The key that stands for `command` in the terminal (the inverse of TerminalTableView.command(for:)).
func terminalKey(for command: TableCommand) -> KeyEvent {
  switch command {
  case .moveFocus(.previous, false): KeyEvent(.up)
  case .moveFocus(.next, false): KeyEvent(.down)
  case .moveFocus(.previous, true): KeyEvent(.up, modifiers: .shift)
  case .moveFocus(.next, true): KeyEvent(.down, modifiers: .shift)
  case .scrollPage(.up, _, _, _): KeyEvent(.pageUp)
  case .scrollPage(.down, _, _, _): KeyEvent(.pageDown)
  case .focusEdge(.first): KeyEvent(.home)
  case .focusEdge(.last): KeyEvent(.end)
  case .focusSection(.previous): KeyEvent(.character("["))
  case .focusSection(.next): KeyEvent(.character("]"))
  case .activate: KeyEvent(.enter)
  case .cancel: KeyEvent(.escape)
  case .commitEditingControl: KeyEvent(.delete)
  case .pickUpRow: KeyEvent(.character("m"))
  case .scroll: KeyEvent(.character("e"), modifiers: .control)
  }
}

@Suite("The terminal's keys are the engine's commands")
struct TerminalCommandKeysTests {
  @Test("each keyboard script, typed, does what TableView.perform does", arguments: commandScripts)
  func scripts(_ script: CommandScript) {
    let clock = ManualClock()
    let view = TerminalTableView(clock: clock)
    let model = CommandModel()
    view.table.register({ TerminalTableViewCell() }, forCellReuseIdentifier: "cell")
    view.table.rowHeight = 1
    view.table.selectionMode = .multiple
    view.table.selectionFollowsFocus = false
    view.table.dataSource = model
    view.table.delegate = model
    view.frame = Rect(x: 0, y: 0, width: 30, height: 20)
    view.reloadData()
    for row in script.selected {
      try? view.table.selectRow(at: IndexPath(row: row, section: 0), animated: false, scrollPosition: .none)
    }
    if let focused = script.focused { try? view.table.focusRow(at: IndexPath(row: focused, section: 0)) }
    if script.editing { view.setEditing(true, animated: false) }
    for command in script.commands {
      view.handleKey(terminalKey(for: command))
      for _ in 0..<120 where view.table.isAnimating {
        clock.advance(by: 1.0 / 60)
        view.tick()
      }
    }
    #expect(model.ids == script.order, "order")
    #expect(model.deleted == script.deleted, "deleted")
    #expect(view.table.focusedIndexPath.map { model.ids[$0.row] } == script.focusedAfter, "focus")
    #expect(view.table.reorderingRow.map { model.ids[$0.row] } == script.heldAfter, "held row")
  }
}
