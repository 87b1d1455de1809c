@_spi(Backend) import TableViewCore
import TableViewTesting
import TerminalKit
import Testing

@testable import TableViewTerminal

/// The engine's pointer scripts through the terminal's mouse: each step a mouse event at screen coordinates, as a
/// terminal reports it (the table at the screen's top-left, forty columns by twelve lines, rows a line high).
@MainActor
final class TerminalPointerScriptRunner {
  let clock = ManualClock()
  let view: TerminalTableView
  let model: PointerModel
  private var last = CellPoint(x: 0, y: 0)

  init(_ script: PointerScript) {
    view = TerminalTableView(clock: clock)
    model = PointerModel(rowHeight: 1, width: 40)
    view.table.register(
      {
        let cell = TerminalTableViewCell()
        // As UIKit's `showsReorderControl`: the app says its rows show ≡ in edit mode.
        cell.showsReorderControl = true
        return cell
      }, forCellReuseIdentifier: "cell")
    view.table.register({ TerminalTableViewHeaderFooterView() }, forHeaderFooterViewReuseIdentifier: "header")
    view.table.dataSource = model
    view.table.delegate = model
    view.frame = Rect(x: 0, y: 0, width: 40, height: 12)
    view.reloadData()
    script.prepare(view.table, model: model)
  }

  func run(_ steps: [PointerStep]) {
    for step in steps {
      clock.advance(by: 0.2)
      switch step {
      case .press(let spot): send(.press(.left), spot)
      case .move(let spot): send(.drag(.left), spot)
      case .release(let spot): send(.release(.left), spot)
      case .rightClick(let spot):
        send(.press(.right), spot)
        send(.release(.right), spot)
      case .hold(let seconds): clock.advance(by: seconds)
      }
      for _ in 0..<240 where view.isAnimating {
        clock.advance(by: 1.0 / 60)
        view.tick()
      }
    }
  }

  private func send(_ kind: MouseEvent.Kind, _ spot: PointerSpot) {
    let table = view.table
    let point = PointerScript.point(of: spot, in: table) { row, region in
      guard let cell = table.cellForRow(at: row) as? TerminalTableViewCell else { return nil }
      let columns = region == .editingControl ? cell.editingControlColumns : cell.reorderControlColumns
      let offset = table.contentOffset
      return Point(x: cell.frame.minX + Double(columns.lowerBound) - offset.x, y: cell.frame.midY - offset.y)
    }
    let cell = point.x < 0 ? last : CellPoint(x: Int(point.x), y: Int(point.y))
    if kind != .press(.right), kind != .release(.right) { last = cell }
    view.handleMouse(MouseEvent(kind, x: cell.x, y: cell.y))
  }
}

@Suite("The engine's pointer scripts through the terminal's mouse")
@MainActor
struct TerminalPointerScriptTests {
  @Test(
    "each script, clicked and dragged, leaves what the engine's router leaves",
    arguments: pointerScripts.filter { !$0.needsLongPress })
  func scripts(_ script: PointerScript) {
    let runner = TerminalPointerScriptRunner(script)
    runner.run(script.steps)
    #expect(PointerScript.outcome(of: runner.view.table, model: runner.model) == script.expected)
  }

  @Test("a right click on the floating header opens no menu, where the row beneath it used to open its own")
  func rightClickOnFloatingHeader() {
    let runner = TerminalPointerScriptRunner(
      PointerScript(name: "scrolled", scrolledRows: 3.5, steps: [], expected: .init()))
    let view = runner.view
    // The header floats over the top line; the row beneath it is row 2.
    #expect(view.table.indexPathForRow(at: Point(x: 1, y: view.table.contentOffset.y)) == IndexPath(row: 2, section: 0))
    view.handleMouse(MouseEvent(.press(.right), x: 10, y: 0))
    #expect(!view.isShowingContextMenu)
    #expect(runner.model.menus.isEmpty)
    // One line down, the row's own menu opens.
    view.handleMouse(MouseEvent(.press(.right), x: 10, y: 1))
    #expect(view.isShowingContextMenu)
    #expect(runner.model.menus.count == 1)
  }

  @Test("c opens the focused row's context menu, not the selected row's (as GTK's Menu key)")
  func contextMenuKeyActsOnFocusedRow() throws {
    let runner = TerminalPointerScriptRunner(PointerScript(name: "keys", steps: [], expected: .init()))
    let view = runner.view
    view.table.selectionMode = .multiple
    view.table.selectionFollowsFocus = false
    try view.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    try view.table.focusRow(at: IndexPath(row: 4, section: 0))
    #expect(view.handleKey(KeyEvent(.character("c"))))
    #expect(view.isShowingContextMenu)
    #expect(runner.model.menus == [4])
  }
}
