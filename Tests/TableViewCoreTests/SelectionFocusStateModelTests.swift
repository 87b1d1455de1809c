import SeededRandom
import Testing

@testable import TableViewCore

// SelectionState and FocusState alone, against a reference model: rows are identities in sections;
// the model keeps the selected identities, the focused and anchor identities, the highlighted one
// and whether a touch runs, and applies every event the slow, obvious way (a batch update is a
// rearrangement of identities; a focused row that goes passes the focus to the nearest survivor
// found by walking the old rows in a flat list). Random event sequences, batch updates included;
// after every step the states must agree with the model and pass their invariants.

/// A table of identities, and the batch update that rearranges it.
private struct Rows {
  var sections: [[Int]]
  var nextID = 1_000

  mutating func fresh() -> Int {
    nextID += 1
    return nextID
  }

  var all: [IndexPath] {
    sections.enumerated().flatMap { s, rows in rows.indices.map { IndexPath(row: $0, section: s) } }
  }

  func id(at path: IndexPath) -> Int { sections[path.section][path.row] }

  func path(of id: Int) -> IndexPath? {
    for (s, rows) in sections.enumerated() {
      if let r = rows.firstIndex(of: id) { return IndexPath(row: r, section: s) }
    }
    return nil
  }
}

/// A random valid batch over `old`: the update, the rows after it, and the identities it reloads
/// (a reloaded row keeps its identity and place but is deselected; a reloaded section's rows are
/// fresh identities). Returns the old section of a reloaded section too.
private func randomBatch(_ old: Rows, rng: inout SplitMix64) -> (BatchUpdate, Rows, reloaded: Set<Int>, Int?) {
  var update = BatchUpdate()
  var new = old
  let sectionCount = old.sections.count
  switch rng.int(0..<8) {
  case 0 where sectionCount > 0:
    let s = rng.int(0..<sectionCount)
    update.deleteSections([s])
    new.sections.remove(at: s)
    return (update, new, [], nil)
  case 1:
    let at = rng.int(0..<(sectionCount + 1))
    update.insertSections([at])
    new.sections.insert((0..<rng.int(0..<5)).map { _ in new.fresh() }, at: at)
    return (update, new, [], nil)
  case 2 where sectionCount > 0:
    let s = rng.int(0..<sectionCount)
    update.reloadSections([s])
    new.sections[s] = (0..<rng.int(0..<6)).map { _ in new.fresh() }
    return (update, new, [], s)
  default:
    break
  }
  var paths = old.all
  paths.shuffle(using: &rng)
  var cursor = 0
  func take(_ n: Int) -> [IndexPath] {
    let taken = Array(paths[cursor..<min(paths.count, cursor + n)])
    cursor += taken.count
    return taken
  }
  let deletes = take(rng.int(0..<4))
  let reloads = take(rng.int(0..<2))
  let moves = take(rng.int(0..<3))
  let gone = Set((deletes + moves).map { old.id(at: $0) })
  new.sections = old.sections.map { $0.filter { !gone.contains($0) } }
  guard sectionCount > 0 else { return (update, new, [], nil) }
  let movedIDs = moves.map { old.id(at: $0) }
  let insertedIDs = (0..<rng.int(0..<4)).map { _ in new.fresh() }
  for id in movedIDs + insertedIDs {
    let s = rng.int(0..<sectionCount)
    new.sections[s].insert(id, at: rng.int(0..<(new.sections[s].count + 1)))
  }
  update.deleteRows(at: deletes)
  update.reloadRows(at: reloads)
  update.insertRows(at: insertedIDs.map { new.path(of: $0)! })
  for (path, id) in zip(moves, movedIDs) { update.moveRow(at: path, to: new.path(of: id)!) }
  return (update, new, Set(reloads.map { old.id(at: $0) }), nil)
}

@Suite("selection and focus states against a model")
struct SelectionFocusStateModelTests {
  @Test(
    "random selections, touches, focus moves, extensions and batch updates agree with the model",
    arguments: UInt64(1)...UInt64(12))
  func randomized(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    var rows = Rows(sections: [])
    rows.sections = (0..<rng.int(1..<5)).map { _ in (0..<rng.int(0..<8)).map { _ in rows.fresh() } }

    var selection = SelectionState()
    var focus = FocusState()
    // The model.
    var selected: Set<Int> = []
    var focusedID: Int?
    var anchorID: Int?
    var highlightedID: Int?
    var touching = false

    func randomPath() -> IndexPath? {
      let all = rows.all
      return all.isEmpty ? nil : all[rng.int(0..<all.count)]
    }

    for step in 0..<400 {
      var what = ""
      switch rng.int(0..<14) {
      case 0, 1:
        guard let path = randomPath() else { continue }
        let exclusive = rng.int(0..<2) == 0
        what = "select \(path) exclusive \(exclusive)"
        let id = rows.id(at: path)
        let before = selected
        selected = exclusive ? [id] : selected.union([id])
        let change = selection.select(path, exclusive: exclusive)
        #expect(change.selected == (before.contains(id) ? [] : [path]), "step \(step) \(what)")
        #expect(
          change.deselected == before.subtracting(selected).map { rows.path(of: $0)! }.sorted(),
          "step \(step) \(what)")
      case 2:
        guard let path = randomPath() else { continue }
        what = "deselect \(path)"
        let was = selected.remove(rows.id(at: path)) != nil
        let removed = selection.deselect(path)
        #expect(removed == was, "step \(step) \(what)")
      case 3:
        what = "deselect all"
        let expected = selected.map { rows.path(of: $0)! }.sorted()
        selected = []
        let all = selection.deselectAll()
        #expect(all == expected, "step \(step) \(what)")
      case 4:
        guard let path = randomPath() else { continue }
        let mode = [TableView.SelectionMode.none, .single, .multiple][rng.int(0..<3)]
        what = "tap intent on \(path), \(mode)"
        let expected: SelectionState.TapIntent? =
          switch mode {
          case .none: nil
          case .multiple where selected.contains(rows.id(at: path)): .deselect(path)
          default: .select(path)
          }
        #expect(selection.tapIntent(on: path, mode: mode) == expected, "step \(step) \(what)")
      case 5, 6:
        let path = rng.int(0..<5) == 0 ? nil : randomPath()
        what = "focus \(String(describing: path))"
        let before = focusedID.flatMap { rows.path(of: $0) }
        focusedID = path.map { rows.id(at: $0) }
        let move = focus.move(to: path)
        #expect(move == (before == path ? nil : FocusState.Move(from: before, to: path)), "step \(step) \(what)")
        if rng.int(0..<2) == 0 {
          focus.dropAnchor()
          anchorID = nil
        }
      case 7:
        guard let path = randomPath() else { continue }
        what = "extend to \(path)"
        let from = focusedID ?? rows.id(at: path)
        let start = anchorID ?? from
        anchorID = start
        focusedID = rows.id(at: path)
        let expected = FocusState.Extension(anchor: rows.path(of: start)!, from: rows.path(of: from)!, to: path)
        let extended = focus.extend(to: path) { _ in true }
        #expect(extended == expected, "step \(step) \(what)")
      case 8:
        what = "touch began"
        let old = highlightedID
        highlightedID = nil
        touching = true
        let unhighlighted = selection.beginTouch(at: Point(x: 1, y: 2))
        #expect(unhighlighted == old.flatMap { rows.path(of: $0) }, "step \(step) \(what)")
        if let path = randomPath(), rng.int(0..<3) > 0 {
          let highlighted = selection.highlight(path)
          #expect(highlighted)
          highlightedID = rows.id(at: path)
        }
      case 9:
        let far = rng.int(0..<2) == 0
        what = "touch moved, far \(far)"
        let result = selection.moveTouch(to: Point(x: far ? 30 : 2, y: 2), threshold: 10)
        let cancels = touching && far
        #expect(result.cancelled == cancels, "step \(step) \(what)")
        #expect(result.unhighlighted == (cancels ? highlightedID.flatMap { rows.path(of: $0) } : nil))
        if cancels {
          touching = false
          highlightedID = nil
        }
      case 10:
        what = "touch ended"
        let highlighted = highlightedID.flatMap { rows.path(of: $0) }
        let end = selection.endTouch()
        #expect(end == SelectionState.TouchEnd(tapped: touching ? highlighted : nil, unhighlighted: highlighted))
        touching = false
        highlightedID = nil
      case 11:
        what = "highlight without a touch"
        guard !touching, let path = randomPath() else { continue }
        let highlighted = selection.highlight(path)
        #expect(!highlighted, "step \(step) \(what)")
      default:
        what = "batch"
        let old = rows
        let (update, new, reloaded, reloadedSection) = randomBatch(old, rng: &rng)
        let plan = try update.plan(oldRowCounts: old.sections.map(\.count), newRowCounts: new.sections.map(\.count))
        rows.nextID = new.nextID
        // The model's answer, the slow way.
        selected = selected.filter { new.path(of: $0) != nil && !reloaded.contains($0) }
        highlightedID = nil
        var lost = false
        if let id = focusedID, new.path(of: id) == nil {
          let oldPath = old.path(of: id)!
          if let s = reloadedSection, oldPath.section == s, !new.sections[s].isEmpty {
            focusedID = new.sections[s][min(oldPath.row, new.sections[s].count - 1)]
          } else {
            let flat = old.sections.flatMap { $0 }
            let i = flat.firstIndex(of: id)!
            focusedID =
              flat[(i + 1)...].first { new.path(of: $0) != nil }
              ?? flat[..<i].last { new.path(of: $0) != nil }
            lost = focusedID == nil
          }
        }
        anchorID = lost ? nil : anchorID.flatMap { new.path(of: $0) == nil ? nil : $0 }
        let firstRow = new.all.first
        if lost { focusedID = firstRow.map { new.id(at: $0) } }

        let target = focus.target(through: plan, sectionCount: old.sections.count) { old.sections[$0].count }
        #expect(target.lost == lost, "step \(step) \(what)")
        focus.apply(target, firstRow: firstRow) { path in
          path.section < new.sections.count && path.row < new.sections[path.section].count
        }
        _ = selection.remap(through: plan)
        rows = new
      }
      selection._checkInvariants()
      focus._checkInvariants()
      #expect(
        selection.rows == Set(selected.map { rows.path(of: $0)! }), "step \(step) (\(what)): selection")
      #expect(selection.highlighted == highlightedID.flatMap { rows.path(of: $0) }, "step \(step) (\(what))")
      #expect((selection.touchStart != nil) == touching, "step \(step) (\(what)): touch")
      #expect(focus.focused == focusedID.flatMap { rows.path(of: $0) }, "step \(step) (\(what)): focus")
      #expect(focus.anchor == anchorID.flatMap { rows.path(of: $0) }, "step \(step) (\(what)): anchor")
    }
  }
}
