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
  case .toggleSwipeActions: KeyEvent(.character("s"))
  case .swipe(.left): KeyEvent(.left)
  case .swipe(.right): KeyEvent(.right)
  case .focusSwipeAction(.next): KeyEvent(.tab)
  case .focusSwipeAction(.previous): KeyEvent(.backTab)
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
    view.table.dataSource = model
    view.table.delegate = model
    view.frame = Rect(x: 0, y: 0, width: 30, height: 20)
    view.reloadData()
    script.prepare(view.table)
    for command in script.commands {
      view.handleKey(terminalKey(for: command))
      for _ in 0..<120 where view.table.isAnimating {
        clock.advance(by: 1.0 / 60)
        view.tick()
      }
    }
    #expect(CommandScript.outcome(of: view.table, model: model) == script.expected)
  }
}
