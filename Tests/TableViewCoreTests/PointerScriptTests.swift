@_spi(Backend) import TableViewCore
@_spi(Backend) import TableViewTesting
import Testing

/// A backend of the engine alone: each step a pointer event for `TableView.handlePointer(_:)`, the context menu
/// asked for when the engine says to open one.
@MainActor
final class PointerScriptRunner {
  let clock = ManualClock()
  let table: TableView
  let model: PointerModel
  private(set) var actions: [PointerActionKind] = []
  private var last = Point(x: 0, y: 0)

  init(_ script: PointerScript) {
    table = TableView(clock: clock)
    model = PointerModel(rowHeight: 20, width: 400)
    table.register({ PointerTestCell() }, forCellReuseIdentifier: "cell")
    table.register({ PointerTestCell() }, forHeaderFooterViewReuseIdentifier: "header")
    table.dataSource = model
    table.delegate = model
    table.viewportSize = Size(width: 400, height: 200)
    table.layoutIfNeeded()
    script.prepare(table, model: model)
  }

  func run(_ steps: [PointerStep]) {
    for step in steps {
      clock.advance(by: 0.2)
      switch step {
      case .press(let spot): send(.began, .primary, spot)
      case .move(let spot): send(.moved, .primary, spot)
      case .release(let spot): send(.ended, .primary, spot)
      case .rightClick(let spot): send(.began, .secondary, spot)
      case .hold(let seconds):
        clock.advance(by: seconds)
        record(table.handlePointer(PointerEvent(.stationary, at: last, time: clock.now)))
      }
      for _ in 0..<240 where table.isAnimating {
        clock.advance(by: 1.0 / 60)
        _ = table.tick()
      }
    }
  }

  private func send(_ phase: PointerEvent.Phase, _ button: PointerEvent.Button, _ spot: PointerSpot) {
    var point = PointerScript.point(of: spot, in: table) { row, region in
      guard let cell = self.table.cellForRow(at: row) else { return nil }
      let frame = cell.frame
      let offset = self.table.contentOffset
      let x = region == .editingControl ? frame.minX + 5 : frame.maxX - 5
      return Point(x: x - offset.x, y: frame.midY - offset.y)
    }
    if point.x < 0 { point = last }
    if button == .primary { last = point }
    record(table.handlePointer(PointerEvent(phase, button, at: point, time: clock.now)))
  }

  private func record(_ action: PointerAction) {
    actions.append(PointerActionKind(action))
    if case .openContextMenu(let row, let at) = action {
      let offset = table.contentOffset
      let content = Point(x: at.x + offset.x, y: at.y + offset.y)
      table.isShowingContextMenu = table.contextMenuConfiguration(forRowAt: row, point: content) != nil
    }
  }
}

@Suite("Pointer scripts through the engine's pointer router")
@MainActor
struct PointerScriptTests {
  @Test("each script means the actions it lists and leaves what the user expects", arguments: pointerScripts)
  func scripts(_ script: PointerScript) {
    let runner = PointerScriptRunner(script)
    runner.run(script.steps)
    if !script.actions.isEmpty { #expect(runner.actions == script.actions) }
    #expect(PointerScript.outcome(of: runner.table, model: runner.model) == script.expected)
  }
}
