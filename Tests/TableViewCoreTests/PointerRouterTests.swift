import SeededRandom
@_spi(Backend) import TableViewCore
@_spi(Backend) import TableViewTesting
import Testing

// The pointer router alone: tables of events in given situations and the exact actions they mean, and random
// presses against a reference model of the same rules.

private let row0 = IndexPath(row: 0, section: 0)
private let row2 = IndexPath(row: 2, section: 0)

private func at(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// A context over a row, as the table would give it.
private func over(
  _ row: IndexPath? = row2, _ region: CellRegion = .content, action: Int? = nil, editing: Bool = false,
  swipeOpen: Bool = false, moving: Bool = false, reordering: Bool = false
) -> PointerRouter.Context {
  PointerRouter.Context(
    row: row, region: region, swipeAction: action, isEditing: editing, isSwipeOpen: swipeOpen,
    isContentMoving: moving, isReordering: reordering, tapSlop: 10)
}

/// A case: events in their contexts, and what each means.
struct RouterCase: CustomStringConvertible, Sendable {
  var name: String
  var configuration = PointerRouter.Configuration()
  var showingMenu = false
  var steps: [(PointerEvent, PointerRouter.Context, PointerAction)]
  var description: String { name }
}

private let routerCases: [RouterCase] = [
  RouterCase(
    name: "a press and a release within the slop is a tap at the release",
    steps: [
      (PointerEvent(.began, at: at(50, 30), time: 0), over(), .press(at: at(50, 30), highlights: true)),
      (PointerEvent(.moved, at: at(53, 34), time: 0.05), over(), .none),
      (PointerEvent(.ended, at: at(53, 34), time: 0.1), over(), .tap(at: at(53, 34))),
    ]),
  RouterCase(
    name: "a press on gliding content stops it: no highlight, no tap",
    steps: [
      (PointerEvent(.began, at: at(50, 30), time: 0), over(moving: true), .press(at: at(50, 30), highlights: false)),
      (PointerEvent(.ended, at: at(50, 30), time: 0.1), over(), .cancelTap),
    ]),
  RouterCase(
    name: "an open menu takes the press, and the rest of it does nothing", showingMenu: true,
    steps: [
      (PointerEvent(.began, at: at(50, 30), time: 0), over(editing: true), .pressInContextMenu(at: at(50, 30))),
      (PointerEvent(.moved, at: at(10, 30), time: 0.1), over(), .none),
      (PointerEvent(.ended, at: at(10, 30), time: 0.2), over(), .none),
    ]),
  RouterCase(
    name: "while a row is swiped open, a press on an action performs it",
    steps: [
      (PointerEvent(.began, at: at(350, 30), time: 0), over(action: 1, swipeOpen: true), .performSwipeAction(1)),
      (PointerEvent(.ended, at: at(350, 30), time: 0.1), over(), .none),
    ]),
  RouterCase(
    name: "while a row is swiped open, a tap elsewhere closes it and highlights nothing",
    steps: [
      (PointerEvent(.began, at: at(50, 90), time: 0), over(swipeOpen: true), .press(at: at(50, 90), highlights: false)),
      (PointerEvent(.ended, at: at(50, 90), time: 0.1), over(swipeOpen: true), .closeSwipe),
    ]),
  RouterCase(
    name: "in edit mode a press on the editing control commits it, before the reorder control and the swipe",
    steps: [
      (
        PointerEvent(.began, at: at(5, 30), time: 0), over(row2, .editingControl, editing: true),
        .commitEditingControl(row2)
      ),
      (PointerEvent(.moved, at: at(60, 30), time: 0.1), over(editing: true), .none),
      (PointerEvent(.ended, at: at(60, 30), time: 0.2), over(editing: true), .none),
    ]),
  RouterCase(
    name: "in edit mode a press on the reorder control holds the row until the release drops it",
    steps: [
      (
        PointerEvent(.began, at: at(390, 30), time: 0), over(row2, .reorderControl, editing: true),
        .beginReorder(row2, pointerY: 30)
      ),
      (PointerEvent(.moved, at: at(380, 90), time: 0.1), over(reordering: true), .moveReorder(pointerY: 90)),
      (PointerEvent(.stationary, at: at(380, 90), time: 0.2), over(reordering: true), .moveReorder(pointerY: 90)),
      (PointerEvent(.ended, at: at(380, 95), time: 0.3), over(reordering: true), .dropReorder(pointerY: 95)),
    ]),
  RouterCase(
    name: "a pointer cancelled while holding a row puts it back",
    steps: [
      (
        PointerEvent(.began, at: at(390, 30), time: 0), over(row2, .reorderControl, editing: true),
        .beginReorder(row2, pointerY: 30)
      ),
      (PointerEvent(.cancelled, at: at(390, 30), time: 0.1), over(reordering: true), .cancelReorder),
    ]),
  RouterCase(
    name: "the keys dropped the held row: the rest of the press does nothing",
    steps: [
      (
        PointerEvent(.began, at: at(390, 30), time: 0), over(row2, .reorderControl, editing: true),
        .beginReorder(row2, pointerY: 30)
      ),
      (PointerEvent(.moved, at: at(390, 60), time: 0.1), over(reordering: false), .none),
      (PointerEvent(.ended, at: at(390, 60), time: 0.2), over(reordering: true), .none),
    ]),
  RouterCase(
    name: "a swipe starts once |dx| reaches the slop and exceeds |dy|; the row follows; the release lets it go",
    steps: [
      (PointerEvent(.began, at: at(300, 30), time: 0), over(), .press(at: at(300, 30), highlights: true)),
      (PointerEvent(.moved, at: at(291, 35), time: 0.1), over(), .cancelTap),
      (PointerEvent(.moved, at: at(290, 39), time: 0.2), over(), .beginSwipe(row2, translation: -10)),
      (PointerEvent(.moved, at: at(250, 60), time: 0.3), over(), .updateSwipe(translation: -50)),
      (PointerEvent(.ended, at: at(240, 60), time: 0.6), over(), .endSwipe(translation: -60, velocity: 0)),
    ]),
  RouterCase(
    name: "as far down as sideways is no swipe: a drag that scrolls, let go at its speed",
    steps: [
      (PointerEvent(.began, at: at(300, 30), time: 0), over(), .press(at: at(300, 30), highlights: true)),
      (PointerEvent(.moved, at: at(290, 40), time: 0.0625), over(), .beginDragScroll(anchorY: 40, y: 40)),
      (PointerEvent(.moved, at: at(290, 60), time: 0.125), over(), .dragScroll(y: 60)),
      // 20 points in the last 1/16 s (the tracker's window is a tenth of a second), downwards: the content goes up.
      (PointerEvent(.ended, at: at(290, 80), time: 0.1875), over(), .endDragScroll(velocity: -320)),
    ]),
  RouterCase(
    name: "a terminal's slop: two columns sideways over one line swipes; a drag only ends the tap",
    configuration: PointerRouter.Configuration(swipeSlop: 2, longPressDuration: nil, dragScrolls: false),
    steps: [
      (PointerEvent(.began, at: at(30, 3), time: 0), over(), .press(at: at(30, 3), highlights: true)),
      (PointerEvent(.moved, at: at(28, 4), time: 0.1), over(), .beginSwipe(row2, translation: -2)),
      (PointerEvent(.ended, at: at(20, 4), time: 0.5), over(), .endSwipe(translation: -10, velocity: 0)),
      (PointerEvent(.began, at: at(30, 3), time: 1), over(), .press(at: at(30, 3), highlights: true)),
      (PointerEvent(.moved, at: at(30, 13), time: 1.1), over(), .cancelTap),
      (PointerEvent(.moved, at: at(30, 15), time: 1.2), over(), .none),
      (PointerEvent(.ended, at: at(30, 15), time: 1.3), over(), .cancelTap),
    ]),
  RouterCase(
    name: "in edit mode a sideways drag is no swipe",
    steps: [
      (PointerEvent(.began, at: at(300, 30), time: 0), over(editing: true), .press(at: at(300, 30), highlights: true)),
      (PointerEvent(.moved, at: at(250, 30), time: 0.1), over(editing: true), .cancelTap),
      (PointerEvent(.ended, at: at(250, 30), time: 0.2), over(editing: true), .cancelTap),
    ]),
  RouterCase(
    name: "a press held still past the long-press duration picks its row up; the row follows and drops",
    steps: [
      (PointerEvent(.began, at: at(50, 30), time: 0), over(), .press(at: at(50, 30), highlights: true)),
      (PointerEvent(.stationary, at: at(50, 30), time: 0.4), over(), .none),
      (PointerEvent(.moved, at: at(52, 32), time: 0.5), over(), .longPress(row2, pointerY: 32)),
      (PointerEvent(.moved, at: at(52, 80), time: 0.6), over(reordering: true), .moveReorder(pointerY: 80)),
      (PointerEvent(.ended, at: at(52, 80), time: 0.7), over(reordering: true), .dropReorder(pointerY: 80)),
    ]),
  RouterCase(
    name: "no long press once the press left its slop, on gliding content, or over no row",
    steps: [
      (PointerEvent(.began, at: at(50, 30), time: 0), over(), .press(at: at(50, 30), highlights: true)),
      (PointerEvent(.moved, at: at(50, 45), time: 0.1), over(), .beginDragScroll(anchorY: 40, y: 45)),
      (PointerEvent(.stationary, at: at(50, 45), time: 1), over(), .none),
      (PointerEvent(.ended, at: at(50, 45), time: 1.1), over(), .endDragScroll(velocity: 0)),
      (PointerEvent(.began, at: at(50, 30), time: 2), over(moving: true), .press(at: at(50, 30), highlights: false)),
      (PointerEvent(.stationary, at: at(50, 30), time: 3), over(), .none),
      (PointerEvent(.cancelled, at: at(50, 30), time: 3), over(), .cancelTap),
      (PointerEvent(.began, at: at(50, 5), time: 4), over(nil), .press(at: at(50, 5), highlights: true)),
      (PointerEvent(.stationary, at: at(50, 5), time: 5), over(nil), .none),
    ]),
  RouterCase(
    name: "a secondary press opens the row's menu; over a floating header (no row) or with a row held, nothing",
    steps: [
      (PointerEvent(.began, .secondary, at: at(50, 30), time: 0), over(), .openContextMenu(row2, at: at(50, 30))),
      (PointerEvent(.ended, .secondary, at: at(50, 30), time: 0.1), over(), .none),
      (PointerEvent(.began, .secondary, at: at(50, 5), time: 1), over(nil), .none),
      (PointerEvent(.began, .secondary, at: at(50, 30), time: 2), over(reordering: true), .none),
      (
        PointerEvent(.began, .secondary, at: at(50, 30), time: 3), over(row0, swipeOpen: true),
        .openContextMenu(row0, at: at(50, 30))
      ),
    ]),
  RouterCase(
    name: "a cancelled swipe lets go where it is, at rest",
    steps: [
      (PointerEvent(.began, at: at(300, 30), time: 0), over(), .press(at: at(300, 30), highlights: true)),
      (PointerEvent(.moved, at: at(270, 30), time: 0.1), over(), .beginSwipe(row2, translation: -30)),
      (PointerEvent(.cancelled, at: at(270, 30), time: 0.2), over(), .endSwipe(translation: -30, velocity: 0)),
    ]),
]

@Suite("The pointer router: one arbitration for every backend")
struct PointerRouterTests {
  @Test("each event in its situation means the listed action", arguments: routerCases)
  func cases(_ routerCase: RouterCase) {
    var router = PointerRouter(configuration: routerCase.configuration)
    router.isShowingContextMenu = routerCase.showingMenu
    for (index, (event, context, expected)) in routerCase.steps.enumerated() {
      let action = router.handle(event, in: context)
      #expect(action == expected, "step \(index): \(event)")
      router._checkInvariants()
    }
    #expect(router.gesture == .idle || routerCase.steps.last?.0.phase == .stationary)
  }

  @Test(
    "a refused rule gives way to the next: a row without swipe actions is dragged, a control without a style tapped")
  func refusals() {
    var router = PointerRouter()
    #expect(
      router.handle(PointerEvent(.began, at: at(300, 30), time: 0), in: over())
        == .press(at: at(300, 30), highlights: true))
    let sideways = PointerEvent(.moved, at: at(280, 30), time: 0.1)
    #expect(router.handle(sideways, in: over()) == .beginSwipe(row2, translation: -20))
    #expect(router.refuse(sideways, in: over()) == .cancelTap)
    // Refused once, not tried again for this press.
    #expect(router.handle(PointerEvent(.moved, at: at(250, 30), time: 0.2), in: over()) == .none)
    #expect(router.handle(PointerEvent(.ended, at: at(250, 30), time: 0.3), in: over()) == .cancelTap)
    router._checkInvariants()

    let onControl = PointerEvent(.began, at: at(5, 30), time: 1)
    #expect(router.handle(onControl, in: over(row2, .editingControl, editing: true)) == .commitEditingControl(row2))
    #expect(
      router.refuse(onControl, in: over(row2, .editingControl, editing: true))
        == .press(at: at(5, 30), highlights: true))
    #expect(
      router.handle(PointerEvent(.ended, at: at(5, 30), time: 1.1), in: over(editing: true)) == .tap(at: at(5, 30)))
    // The next press tries the control again.
    #expect(router.handle(onControl, in: over(row2, .editingControl, editing: true)) == .commitEditingControl(row2))
    // Nothing to refuse (the release tried no rule): nothing changes.
    #expect(router.handle(PointerEvent(.ended, at: at(5, 30), time: 1.2), in: over(editing: true)) == .none)
    #expect(router.refuse(PointerEvent(.ended, at: at(5, 30), time: 1.2), in: over()) == .none)
    #expect(router.gesture == .idle)
  }

  @Test("a configuration's bad numbers take the defaults")
  func badConfiguration() {
    let configuration = PointerRouter.Configuration(swipeSlop: -.infinity, longPressDuration: .nan)
    #expect(configuration.swipeSlop == 10)
    #expect(configuration.longPressDuration == 0.5)
  }

  @Test("random presses, moves, holds and refusals against a reference model", arguments: 0..<40)
  func randomized(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let configuration = PointerRouter.Configuration(
      swipeSlop: rng.pick([2, 10]), longPressDuration: rng.pick([nil, 0.5]), dragScrolls: rng.below(2) == 0)
    var router = PointerRouter(configuration: configuration)
    var model = RouterModel(configuration: configuration)
    var time = 0.0
    var point = at(200, 100)
    for step in 0..<400 {
      time += rng.pick([0, 0.05, 0.2, 0.6])
      point = at(point.x + Double(rng.below(31) - 15), point.y + Double(rng.below(31) - 15))
      if rng.below(40) == 0 {
        router.isShowingContextMenu = true
        model.menu = true
      }
      let phase: PointerEvent.Phase = rng.pick([.began, .moved, .moved, .moved, .stationary, .ended, .cancelled])
      let button: PointerEvent.Button = rng.below(8) == 0 ? .secondary : .primary
      let event = PointerEvent(phase, button, at: point, time: time)
      let context = PointerRouter.Context(
        row: rng.below(5) == 0 ? nil : IndexPath(row: rng.below(6), section: 0),
        region: rng.pick([.content, .content, .editingControl, .reorderControl]),
        swipeAction: rng.below(3) == 0 ? rng.below(2) : nil, isEditing: rng.below(3) == 0,
        isSwipeOpen: rng.below(3) == 0, isContentMoving: rng.below(4) == 0, isReordering: rng.below(4) != 0,
        tapSlop: rng.pick([1, 10]))
      var action = router.handle(event, in: context)
      var expected = model.handle(event, context)
      #expect(PointerActionKind(action) == expected, "seed \(seed) step \(step): \(event)")
      if [.beginSwipe, .longPress, .commitEditingControl, .beginReorder].contains(expected), rng.below(3) == 0 {
        action = router.refuse(event, in: context)
        expected = model.refuse(event, context, last: expected)
        #expect(PointerActionKind(action) == expected, "seed \(seed) step \(step), refused: \(event)")
      }
      router._checkInvariants()
      #expect((router.longPressDeadline != nil) == model.longPressPossible, "seed \(seed) step \(step)")
      guard PointerActionKind(action) == expected else { return }
    }
  }
}

/// The router's rules written out plainly, beside it: what kind of action each event means.
struct RouterModel {
  enum Mode { case idle, taken, press, swiping, holding }
  let configuration: PointerRouter.Configuration
  var menu = false
  var mode = Mode.idle
  var start = Point.zero
  var row: IndexPath?
  var startTime = 0.0
  var slop = 10.0
  var caught = false
  var openAtPress = false
  /// 0: within the slop, 1: moved away sideways, 2: dragging.
  var stage = 0
  var refused: Set<PointerActionKind> = []

  init(configuration: PointerRouter.Configuration) { self.configuration = configuration }

  var longPressPossible: Bool {
    configuration.longPressDuration != nil && mode == .press && stage == 0 && !caught && !openAtPress && row != nil
      && !refused.contains(.longPress)
  }

  mutating func handle(_ event: PointerEvent, _ context: PointerRouter.Context) -> PointerActionKind {
    if event.button == .secondary {
      guard event.phase == .began else { return .none }
      if menu {
        menu = false
        return .pressInContextMenu
      }
      return mode == .idle && !context.isReordering && context.row != nil ? .openContextMenu : .none
    }
    switch event.phase {
    case .began:
      refused = []
      return began(event, context)
    case .moved, .stationary: return moved(event, context)
    case .ended:
      defer { reset() }
      switch mode {
      case .idle, .taken: return .none
      case .holding: return context.isReordering ? .dropReorder : .none
      case .swiping: return .endSwipe
      case .press:
        if stage == 2 { return configuration.dragScrolls ? .endDragScroll : (openAtPress ? .closeSwipe : .cancelTap) }
        if stage == 0 && !caught { return openAtPress ? .closeSwipe : .tap }
        return openAtPress ? .closeSwipe : .cancelTap
      }
    case .cancelled:
      defer { reset() }
      switch mode {
      case .idle, .taken: return .none
      case .holding: return context.isReordering ? .cancelReorder : .none
      case .swiping: return .endSwipe
      case .press: return stage == 2 && configuration.dragScrolls ? .endDragScroll : .cancelTap
      }
    }
  }

  mutating func refuse(_ event: PointerEvent, _ context: PointerRouter.Context, last: PointerActionKind)
    -> PointerActionKind
  {
    refused.insert(last)
    switch last {
    case .commitEditingControl, .beginReorder:
      mode = .idle
      return began(event, context)
    default:
      mode = .press
      return moved(event, context)
    }
  }

  mutating func reset() {
    mode = .idle
    row = nil
    openAtPress = false
    stage = 0
    caught = false
    refused = []
  }

  mutating func began(_ event: PointerEvent, _ context: PointerRouter.Context) -> PointerActionKind {
    stage = 0
    caught = false
    row = nil
    if menu {
      menu = false
      mode = .taken
      return .pressInContextMenu
    }
    if context.isSwipeOpen, context.swipeAction != nil {
      mode = .taken
      return .performSwipeAction
    }
    if context.isEditing, !context.isReordering, context.row != nil {
      if context.region == .editingControl, !refused.contains(.commitEditingControl) {
        mode = .taken
        return .commitEditingControl
      }
      if context.region == .reorderControl, !refused.contains(.beginReorder) {
        mode = .holding
        return .beginReorder
      }
    }
    mode = .press
    start = event.location
    row = context.row
    startTime = event.time
    slop = context.tapSlop
    caught = context.isContentMoving
    openAtPress = context.isSwipeOpen
    return !caught && !openAtPress ? .press : .pressWithoutHighlight
  }

  mutating func moved(_ event: PointerEvent, _ context: PointerRouter.Context) -> PointerActionKind {
    switch mode {
    case .idle, .taken: return .none
    case .swiping: return .updateSwipe
    case .holding:
      guard context.isReordering else {
        mode = .taken
        return .none
      }
      return .moveReorder
    case .press:
      let dx = event.location.x - start.x
      let dy = event.location.y - start.y
      if longPressPossible, let duration = configuration.longPressDuration, event.time >= startTime + duration,
        !context.isReordering, dx * dx + dy * dy <= slop * slop
      {
        mode = .holding
        return .longPress
      }
      guard event.phase == .moved else { return .none }
      if !context.isEditing, !refused.contains(.beginSwipe), stage != 2, abs(dx) >= configuration.swipeSlop,
        abs(dx) > abs(dy), row != nil
      {
        mode = .swiping
        return .beginSwipe
      }
      if stage == 2 { return configuration.dragScrolls ? .dragScroll : .none }
      if abs(dy) >= slop {
        stage = 2
        return configuration.dragScrolls ? .beginDragScroll : .cancelTap
      }
      if stage == 0, dx * dx + dy * dy > slop * slop {
        stage = 1
        return .cancelTap
      }
      return .none
    }
  }
}
