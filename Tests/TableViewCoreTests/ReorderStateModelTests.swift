import SeededRandom
import Testing

@testable import TableViewCore

// ReorderState alone, against a reference model: a table of rows (heights, sections stacked with no
// headers) and a held row. The model lists every drop slot in order to move the slot by keys, finds
// where every row lands by actually moving the held row in a copy of the table (so the shift the
// state draws each view with is checked against the arrangement after the drop), and keeps the
// hold, the autoscroll and the keep-in-view bookkeeping the obvious way. Random event sequences
// include rows inserted and deleted under the held row.

private struct Table {
  var sections: [[Double]]

  func count(_ s: Int) -> Int { sections[s].count }

  /// The content's y of each row's top, and of each section's end.
  func top(of path: IndexPath) -> Double {
    sections[..<path.section].reduce(0) { $0 + $1.reduce(0, +) } + sections[path.section][..<path.row].reduce(0, +)
  }
  func end(ofSection s: Int) -> Double { sections[...s].reduce(0) { $0 + $1.reduce(0, +) } }

  /// Every slot the held row at `source` can drop in, in order.
  func slots(holding source: IndexPath) -> [IndexPath] {
    sections.indices.flatMap { s in
      (0...(count(s) - (s == source.section ? 1 : 0))).map { IndexPath(row: $0, section: s) }
    }
  }

  /// Every row's top after the held row moves from `source` to `slot`, keyed by its old path.
  func topsAfterMoving(_ source: IndexPath, to slot: IndexPath) -> [IndexPath: Double] {
    var labelled = sections.enumerated().map { s, rows in
      rows.enumerated().map { (IndexPath(row: $0.offset, section: s), $0.element) }
    }
    let held = labelled[source.section].remove(at: source.row)
    labelled[slot.section].insert(held, at: slot.row)
    var tops: [IndexPath: Double] = [:]
    var y = 0.0
    for rows in labelled {
      for (path, height) in rows {
        tops[path] = y
        y += height
      }
    }
    return tops
  }

  func global(_ path: IndexPath) -> Int { sections[..<path.section].reduce(0) { $0 + $1.count } + path.row }
}

@Suite("the reorder state against a model")
struct ReorderStateModelTests {
  @Test(
    "random pointer moves, key moves, destinations, autoscroll ticks, drops and data changes agree with the model",
    arguments: UInt64(1)...UInt64(12))
  func randomized(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var table = Table(
      sections: (0..<rng.int(1..<5)).map { _ in (0..<rng.int(0..<6)).map { _ in Double(rng.int(1..<40)) } })
    if table.sections.allSatisfy(\.isEmpty) { table.sections[0] = [20] }
    let rows = table.sections.indices.flatMap { s in table.sections[s].indices.map { IndexPath(row: $0, section: s) } }
    var source = rows[rng.int(0..<rows.count)]
    let viewport = 200.0
    var now = 0.0
    let byPointer = rng.int(0..<2) == 0
    let startY = Double(rng.int(20..<180))
    let offsetY = Double(rng.int(0..<100))
    let frame = Rect(x: 0, y: table.top(of: source), width: 100, height: table.sections[source.section][source.row])
    var state = ReorderState(
      source: source, sourceGlobal: table.global(source), view: TestCell(), frame: frame,
      pointerY: byPointer ? startY : nil, offsetY: offsetY)
    // The model.
    var hold: ReorderState.Hold = byPointer ? .pointer(screenY: startY) : .keys
    var destination = source
    var autoscrollSince: Double?
    var lastTick: Double?
    var dropping = false
    var keptSlotTop: Double?
    var pass = 0
    #expect(state.heldTop(offsetY: offsetY) == (byPointer ? frame.minY : frame.minY))

    /// Recomputes the slot's geometry as the table does, and checks every row's shift.
    func layOut(_ step: Int) {
      pass += 1
      #expect(state.needsGeometry(pass: pass))
      let section = state.destination.section
      let row = state.slotRowInSection
      let slotY =
        row < table.count(section)
        ? table.top(of: IndexPath(row: row, section: section)) : table.end(ofSection: section)
      let sourceFrame = Rect(
        x: 0, y: table.top(of: source), width: 100, height: table.sections[source.section][source.row])
      state.setGeometry(sourceFrame: sourceFrame, slotY: slotY, pass: pass)
      #expect(!state.needsGeometry(pass: pass))
      let after = table.topsAfterMoving(source, to: destination)
      #expect(state.slotTop == after[source], "step \(step): slot top \(state.slotTop), model \(after[source]!)")
      for (path, top) in after where path != source {
        let old = table.top(of: path)
        #expect(
          state.shift(ofViewAt: old) == top - old, "step \(step): row \(path) shifted \(state.shift(ofViewAt: old))")
      }
    }
    layOut(-1)

    for step in 0..<300 {
      now += Double(rng.int(0..<50)) / 1_000
      switch rng.int(0..<9) {
      case 0, 1:
        let y = Double(rng.int(-60..<260))
        let started = state.movePointer(to: y, viewportHeight: viewport, now: now)
        if case .pointer = hold {
          hold = .pointer(screenY: y)
          let inZone = EdgeAutoscroll.velocity(pointerY: y, viewportHeight: viewport, heldFor: 0) != 0
          let starts = inZone && autoscrollSince == nil
          #expect(started == starts, "step \(step): pointer to \(y)")
          if !inZone {
            autoscrollSince = nil
            lastTick = nil
          } else if starts {
            autoscrollSince = now
            lastTick = now
          }
        } else {
          #expect(!started, "step \(step): a pointer moved a row held by keys")
        }
      case 2:
        state.holdByKeys()
        hold = .keys
        autoscrollSince = nil
      case 3, 4:
        let steps = rng.int(-8..<9)
        let slots = table.slots(holding: source)
        let i = slots.firstIndex(of: destination)!
        let expected = slots[min(slots.count - 1, max(0, i + steps))]
        let moved = state.slot(movedBy: steps, sectionCount: table.sections.count) { table.count($0) }
        #expect(moved == expected, "step \(step): \(steps) slots from \(destination)")
        let before = state.destination
        let changed = state.setDestination(moved)
        #expect(changed == (moved != before))
        destination = moved
        layOut(step)
      case 5:
        let slots = table.slots(holding: source)
        let slot = slots[rng.int(0..<slots.count)]
        _ = state.setDestination(slot)
        destination = slot
        layOut(step)
      case 6:
        let scrolled = state.autoscroll(now: now, viewportHeight: viewport)
        var expected: Double?
        if case .pointer(let y) = hold, let since = autoscrollSince {
          let speed = EdgeAutoscroll.velocity(pointerY: y, viewportHeight: viewport, heldFor: now - since)
          let dt = min(0.1, max(0, now - (lastTick ?? now)))
          lastTick = now
          if speed == 0 { autoscrollSince = nil } else { expected = speed * dt }
        }
        #expect(scrolled == expected, "step \(step): autoscroll")
      case 7:
        let always = rng.int(0..<2) == 0
        let slot = state.slotToKeepInView(always: always)
        let keys = hold == .keys
        let expected =
          keys && !dropping && (always || keptSlotTop != state.slotTop)
          ? state.slotTop..<(state.slotTop + state.height) : nil
        #expect(slot == expected, "step \(step): keep in view, always \(always)")
        if expected != nil { keptSlotTop = state.slotTop }
        if rng.int(0..<10) == 0 {
          state.beginDrop()
          dropping = true
        }
      default:
        // A row inserted or deleted elsewhere: the held row follows, the slot stays in the table.
        let s = rng.int(0..<table.sections.count)
        if rng.int(0..<2) == 0 || table.count(s) <= (s == source.section ? 1 : 0) {
          let at = rng.int(0..<(table.count(s) + 1))
          table.sections[s].insert(Double(rng.int(1..<40)), at: at)
          if s == source.section, at <= source.row { source.row += 1 }
        } else {
          var at = rng.int(0..<table.count(s))
          if s == source.section, at == source.row { at = at == 0 ? 1 : 0 }
          table.sections[s].remove(at: at)
          if s == source.section, at < source.row { source.row -= 1 }
        }
        state.follow(to: source, global: table.global(source))
        #expect(state.source == source && state.sourceGlobal == table.global(source))
        state.clampDestination(sectionCount: table.sections.count) { table.count($0) }
        destination.row = min(
          destination.row, table.count(destination.section) - (destination.section == source.section ? 1 : 0))
        #expect(state.destination == destination, "step \(step): slot after the data changed")
        layOut(step)
      }
      state._checkInvariants()
      #expect(state.hold == hold, "step \(step): hold")
      #expect(state.autoscrollSince == autoscrollSince && state.lastTick == lastTick, "step \(step): autoscroll")
      #expect(state.destination == destination && state.isDropping == dropping)
      #expect(state.canKeepInView == (hold == .keys && !dropping))
    }
  }
}
