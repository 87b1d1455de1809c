import TableViewTesting
import Testing

@_spi(Backend) @testable import TableViewCore

/// The table for a script, before its commands: 12 rows of 20 points in 300×400, ready as the
/// script says.
func makeCommandTable(_ script: CommandScript, table: TableView, model: CommandModel) {
  table.register({ TestCell() }, forCellReuseIdentifier: "cell")
  table.rowHeight = 20
  table.dataSource = model
  table.delegate = model
  table.viewportSize = Size(width: 300, height: 400)
  table.reloadData()
  script.prepare(table)
}

@Suite("Keyboard commands: one meaning, the focused row")
struct TableCommandTests {
  @Test("each script does what the user expects", arguments: commandScripts)
  func scripts(_ script: CommandScript) {
    let clock = ManualClock()
    let table = TableView(style: .plain, clock: clock)
    let model = CommandModel()
    makeCommandTable(script, table: table, model: model)
    for command in script.commands {
      table.perform(command)
      settle(table, clock)
    }
    #expect(CommandScript.outcome(of: table, model: model) == script.expected)
  }

  @Test("a row held by a pointer follows the pointer: the keys move nothing, Esc puts it back")
  func heldByPointer() {
    let clock = ManualClock()
    let table = TableView(style: .plain, clock: clock)
    let model = CommandModel()
    makeCommandTable(
      CommandScript(name: "", focused: 2, commands: [], order: [], focusedAfter: nil), table: table, model: model)
    #expect(table.beginReorder(at: IndexPath(row: 2, section: 0), pointerY: 50))
    #expect(table.perform(.moveFocus(.next)))
    #expect(table.perform(.activate))
    #expect(table.reorderDestination == IndexPath(row: 2, section: 0))
    #expect(table.perform(.cancel))
    settle(table, clock)
    #expect(table.reorderingRow == nil && model.ids == Array(0..<12))
  }
}
