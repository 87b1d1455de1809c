import SeededRandom
import Testing

@testable import TableViewCore

// SwipeState and EditingState's swipe transitions alone, against a reference model: the swiped row,
// whether a finger drags it, and where it is heading (open on a side, closed, out for a full
// swipe), with UIKit's rules for letting go written out the obvious way. Random sequences of
// begins (on the same row or another, with actions on one side, both or none), drags, releases,
// closes, ticks of the clock, batch updates, and the keys opening a row and choosing its actions; after every step the states agree with the model
// and pass their invariants, and a row settled is exactly where it was heading.

@Suite("the swipe state against a model")
struct SwipeStateModelTests {
  @Test(
    "random begins, drags, releases, closes, ticks and batch updates agree with the model",
    arguments: UInt64(1)...UInt64(12))
  func randomized(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let rowWidth = 300.0
    var rowCount = 8
    var editing = EditingState()
    var now = 0.0
    // The model.
    var row: IndexPath?
    var tracking = false
    var heading = 0.0
    var widths = (leading: 0.0, trailing: 0.0)
    var full = (leading: false, trailing: false)
    var counts = (leading: 0, trailing: 0)
    // The action the keys chose (cleared by a finger, a close, the row going).
    var focused: Int?

    func action(_ title: String) -> ContextualAction {
      ContextualAction(style: .normal, title: title) { _, done in done(true) }
    }

    for step in 0..<400 {
      now += Double(rng.int(0..<120)) / 1_000
      var what = ""
      switch rng.int(0..<11) {
      case 0, 1:
        guard rowCount > 0 else { continue }
        let path = row != nil && rng.int(0..<2) == 0 ? row! : IndexPath(row: rng.int(0..<rowCount), section: 0)
        let leading = (0..<rng.int(0..<3)).map { action("L\($0)") }
        let trailing = (0..<rng.int(0..<3)).map { action("T\($0)") }
        let fulls = (rng.int(0..<2) == 0, rng.int(0..<2) == 0)
        what = "begin \(path) with \(leading.count) + \(trailing.count) actions"
        if row != path { _ = editing.closeSwipe(animated: false, now: now) }
        editing.beginSwipe(
          row: path, leading: leading, trailing: trailing, leadingFullSwipe: fulls.0, trailingFullSwipe: fulls.1,
          width: { _ in 60 }, now: now)
        row = path
        tracking = true
        widths = (Double(leading.count) * 60, Double(trailing.count) * 60)
        counts = (leading.count, trailing.count)
        full = fulls
        focused = nil
        #expect(editing.swipe.offset <= 0 || widths.leading > 0, "step \(step): \(what)")
        #expect(editing.swipe.offset >= 0 || widths.trailing > 0, "step \(step): \(what)")
      case 2, 3:
        let translation = Double(rng.int(-400..<400))
        what = "drag by \(translation)"
        let base = editing.swipe.base
        editing.dragSwipe(translation: translation, rowWidth: rowWidth)
        guard tracking else { continue }
        let wanted = base + translation
        let width = wanted > 0 ? widths.leading : widths.trailing
        let offset = editing.swipe.offset
        if width == 0 {
          #expect(offset == 0, "step \(step): \(what) revealed a side without actions")
        } else if abs(wanted) <= width {
          #expect(offset == wanted, "step \(step): \(what): \(offset)")
        } else {
          // Beyond the actions: further out than them, but never past the row's width.
          #expect(
            abs(offset) > width && abs(offset) <= rowWidth && (offset > 0) == (wanted > 0), "step \(step): \(what)")
        }
      case 4:
        let velocity = Double(rng.int(-3_000..<3_000))
        what = "release at \(velocity)"
        let offset = editing.swipe.offset
        let outcome = editing.releaseSwipe(velocity: velocity, rowWidth: rowWidth, now: now)
        guard tracking else {
          #expect(outcome == nil, "step \(step): \(what)")
          continue
        }
        tracking = false
        // UIKit's rules, written out.
        var expected = SwipeState.Outcome.close
        if offset != 0 {
          let edge: SwipeState.Edge = offset > 0 ? .leading : .trailing
          let width = edge == .leading ? widths.leading : widths.trailing
          let fullSwipe = edge == .leading ? full.leading : full.trailing
          let outward = edge == .leading ? velocity : -velocity
          if fullSwipe, abs(offset) >= 0.6 * rowWidth || (abs(offset) > width && outward > 1_500) {
            expected = .fullSwipe(edge)
          } else if outward >= -300, abs(offset) >= width / 2 || outward > 300 {
            expected = .open(edge)
          }
        }
        #expect(outcome == expected, "step \(step): \(what) from \(offset)")
        switch expected {
        case .close:
          heading = 0
          if offset == 0 { row = nil }
        case .open(let edge): heading = edge == .leading ? widths.leading : -widths.trailing
        case .fullSwipe(let edge): heading = edge == .leading ? rowWidth : -rowWidth
        }
      case 5:
        let animated = rng.int(0..<2) == 0
        what = "close, animated \(animated)"
        let moving = editing.swipe.currentOffset(at: now) != 0
        let settles = editing.closeSwipe(animated: animated, now: now)
        #expect(settles == (row != nil && animated && moving), "step \(step): \(what)")
        tracking = false
        heading = 0
        focused = nil
        if !settles { row = nil }
      case 6:
        what = "batch"
        guard rowCount > 0 else { continue }
        var update = BatchUpdate()
        let deleted = rng.int(0..<rowCount)
        update.deleteRows(at: [IndexPath(row: deleted, section: 0)])
        let plan = try update.plan(oldRowCounts: [rowCount], newRowCounts: [rowCount - 1])
        rowCount -= 1
        editing.remapSwipe(through: plan)
        if let r = row {
          if r.row == deleted {
            row = nil
            tracking = false
            heading = 0
            focused = nil
          } else if r.row > deleted {
            row = IndexPath(row: r.row - 1, section: 0)
          }
        }
      case 8:
        // A key opens a row on one side (the terminal's s, ←, →): it settles open there, the first action chosen.
        guard rowCount > 0 else { continue }
        let path = row != nil && rng.int(0..<2) == 0 ? row! : IndexPath(row: rng.int(0..<rowCount), section: 0)
        let leading = (0..<rng.int(0..<3)).map { action("L\($0)") }
        let trailing = (0..<rng.int(0..<3)).map { action("T\($0)") }
        let edge: SwipeState.Edge = rng.int(0..<2) == 0 ? .leading : .trailing
        what = "key opens \(path) on \(edge) with \(leading.count) + \(trailing.count) actions"
        let side = edge == .leading ? leading.count : trailing.count
        if side > 0, row != path { _ = editing.closeSwipe(animated: false, now: now) }
        let opened = editing.openSwipe(
          row: path, edge: edge, leading: leading, trailing: trailing, leadingFullSwipe: false,
          trailingFullSwipe: false, width: { _ in 60 }, now: now)
        #expect(opened == (side > 0), "step \(step): \(what)")
        if opened {
          row = path
          tracking = false
          widths = (Double(leading.count) * 60, Double(trailing.count) * 60)
          counts = (leading.count, trailing.count)
          full = (false, false)
          heading = edge == .leading ? widths.leading : -widths.trailing
          focused = 0
        }
      case 9:
        let index = rng.int(-2..<4)
        what = "the keys choose action \(index)"
        editing.focusSwipeAction(index)
        if row != nil, !tracking, heading != 0 {
          focused = min(max(0, index), max(0, (heading > 0 ? counts.leading : counts.trailing) - 1))
        }
      default:
        what = "tick"
        now += SwipeState.settleDuration * Double(rng.int(0..<3))
        let wasSettling = editing.swipe.settle != nil
        let settle = editing.swipe.settle
        let running = editing.tickSwipe(now: now)
        if let settle {
          #expect(running == (now < settle.start + settle.duration), "step \(step): \(what)")
          if !running {
            #expect(
              editing.swipe.offset == heading, "step \(step): settled at \(editing.swipe.offset), model \(heading)")
            if heading == 0 {
              row = nil
              focused = nil
            }
          }
        } else {
          #expect(!running && !wasSettling)
        }
      }
      editing._checkInvariants()
      #expect(editing.swipe.row == row, "step \(step) (\(what)): row")
      #expect(editing.swipe.isTracking == tracking, "step \(step) (\(what)): tracking")
      #expect(editing.swipe.focusedAction == focused, "step \(step) (\(what)): the chosen action")
      if row == nil {
        #expect(editing.actions(.leading).isEmpty && editing.actions(.trailing).isEmpty, "step \(step) (\(what))")
      }
    }
  }
}
