import Testing

@testable import TableViewCore

private typealias Snapshot = DiffableSnapshot<String, String>

private func path(_ row: Int, _ section: Int) -> IndexPath { IndexPath(row: row, section: section) }

/// The error `body` throws.
private func snapshotError(_ body: () throws(TableViewError) -> Void) -> TableViewError? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

/// A snapshot with sections named by the keys, holding the given items.
private func snapshot(_ sections: KeyValuePairs<String, [String]>) throws -> Snapshot {
  var result = Snapshot()
  for (section, items) in sections {
    try result.appendSections([section])
    try result.appendItems(items, toSection: section)
  }
  return result
}

/// The items of every section, in order.
private func contents<S: Hashable, I: Hashable>(_ snapshot: DiffableSnapshot<S, I>) throws -> [[I]] {
  var result: [[I]] = []
  for section in snapshot.sectionIdentifiers { result.append(try snapshot.itemIdentifiers(inSection: section)) }
  return result
}

/// Plans `new.batchUpdate(from: old)` and applies it to `old`'s items; new rows are `nil`.
private func replay<S: Hashable, I: Hashable>(
  from old: DiffableSnapshot<S, I>, to new: DiffableSnapshot<S, I>
) throws -> (update: BatchUpdate, plan: BatchUpdatePlan, result: [[I?]]) {
  let update = new.batchUpdate(from: old)
  let plan = try update.plan(oldRowCounts: old.rowCounts, newRowCounts: new.rowCounts)
  var sections: [[I?]] = try contents(old).map { $0.map { $0 } }
  plan.apply(to: &sections, fresh: { _ in nil })
  return (update, plan, sections)
}

@Suite("Diffable snapshots")
struct DiffableSnapshotTests {
  // MARK: Building

  @Test("a snapshot answers UIKit's queries")
  func queries() throws {
    let snapshot = try snapshot(["fruit": ["apple", "pear"], "empty": [], "veg": ["leek", "kale", "bean"]])
    #expect(snapshot.numberOfSections == 3)
    #expect(snapshot.numberOfItems == 5)
    #expect(snapshot.sectionIdentifiers == ["fruit", "empty", "veg"])
    #expect(snapshot.itemIdentifiers == ["apple", "pear", "leek", "kale", "bean"])
    #expect(try snapshot.itemIdentifiers(inSection: "veg") == ["leek", "kale", "bean"])
    #expect(try snapshot.numberOfItems(inSection: "empty") == 0)
    #expect(snapshot.rowCounts == [2, 0, 3])
    #expect(snapshot.indexOfItem("kale") == 3)
    #expect(snapshot.indexOfItem("plum") == nil)
    #expect(snapshot.indexOfSection("veg") == 2)
    #expect(snapshot.indexPath(ofItem: "kale") == path(1, 2))
    #expect(snapshot.sectionIdentifier(containingItem: "pear") == "fruit")
  }

  @Test("appendItems without a section appends to the last one")
  func appendToLastSection() throws {
    var snapshot = Snapshot()
    #expect(snapshotError { () throws(TableViewError) in try snapshot.appendItems(["a"]) }?.kind == .invalidArgument)
    try snapshot.appendSections(["one", "two"])
    try snapshot.appendItems(["a", "b"])
    #expect(try contents(snapshot) == [[], ["a", "b"]])
  }

  @Test("items and sections insert and move before and after others")
  func insertAndMove() throws {
    var snapshot = try snapshot(["A": ["a1", "a2"], "B": ["b1"]])
    try snapshot.insertItems(["a0"], beforeItem: "a1")
    try snapshot.insertItems(["b2", "b3"], afterItem: "b1")
    try snapshot.insertSections(["Z"], beforeSection: "A")
    try snapshot.insertSections(["C"], afterSection: "B")
    #expect(snapshot.sectionIdentifiers == ["Z", "A", "B", "C"])
    #expect(try contents(snapshot) == [[], ["a0", "a1", "a2"], ["b1", "b2", "b3"], []])
    try snapshot.moveItem("a0", afterItem: "b3")
    try snapshot.moveItem("b1", beforeItem: "a1")
    try snapshot.moveSection("Z", afterSection: "C")
    try snapshot.moveSection("B", beforeSection: "A")
    #expect(snapshot.sectionIdentifiers == ["B", "A", "C", "Z"])
    #expect(try contents(snapshot) == [["b2", "b3", "a0"], ["b1", "a1", "a2"], [], []])
    #expect(snapshot.sectionIdentifier(containingItem: "a0") == "B")
  }

  @Test("deleting a section deletes its items and their reload marks")
  func deleteSections() throws {
    var snapshot = try snapshot(["A": ["a1", "a2"], "B": ["b1"]])
    try snapshot.reloadItems(["a1", "b1"])
    try snapshot.reloadSections(["A"])
    try snapshot.deleteSections(["A"])
    #expect(snapshot.numberOfItems == 1)
    #expect(snapshot.indexOfItem("a1") == nil)
    #expect(snapshot.reloadedItemIdentifiers == ["b1"])
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
    try snapshot.deleteItems(["b1"])
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    snapshot.deleteAllItems()
    #expect(snapshot == Snapshot())
  }

  // MARK: Errors

  @Test("a duplicate item identifier is an error naming it, and leaves the snapshot unchanged")
  func duplicateItems() throws {
    var snapshot = try snapshot(["fruit": ["apple"], "veg": ["leek"]])
    let before = snapshot
    let repeated = snapshotError { () throws(TableViewError) in try snapshot.appendItems(["pear", "plum", "pear"]) }
    #expect(repeated?.kind == .invalidArgument)
    #expect(repeated?.message.contains("pear") == true)
    let existing = snapshotError { () throws(TableViewError) in
      try snapshot.insertItems(["leek"], beforeItem: "apple")
    }
    #expect(existing?.kind == .invalidArgument)
    #expect(existing?.message.contains("leek") == true && existing?.message.contains("veg") == true)
    #expect(snapshot == before)
  }

  @Test("a duplicate section identifier is an error naming it")
  func duplicateSections() throws {
    var snapshot = try snapshot(["fruit": []])
    let error = snapshotError { () throws(TableViewError) in try snapshot.appendSections(["veg", "fruit"]) }
    #expect(error?.kind == .invalidArgument)
    #expect(error?.message == "Duplicate section identifier fruit: it is already in the snapshot")
    #expect(snapshot.sectionIdentifiers == ["fruit"])
  }

  @Test("an unknown identifier is an error naming it")
  func unknownIdentifiers() throws {
    var snapshot = try snapshot(["fruit": ["apple"]])
    let cases: [(String, TableViewError?)] = [
      ("kiwi", snapshotError { () throws(TableViewError) in try snapshot.deleteItems(["kiwi"]) }),
      ("fig", snapshotError { () throws(TableViewError) in try snapshot.moveItem("fig", afterItem: "apple") }),
      ("lime", snapshotError { () throws(TableViewError) in try snapshot.reloadItems(["lime"]) }),
      ("nuts", snapshotError { () throws(TableViewError) in _ = try snapshot.itemIdentifiers(inSection: "nuts") }),
      ("herbs", snapshotError { () throws(TableViewError) in try snapshot.appendItems(["x"], toSection: "herbs") }),
      ("apple", snapshotError { () throws(TableViewError) in try snapshot.moveItem("apple", beforeItem: "apple") }),
    ]
    for (name, error) in cases {
      #expect(error?.kind == .invalidArgument)
      #expect(error?.message.contains(name) == true, "\(String(describing: error))")
    }
    #expect(try contents(snapshot) == [["apple"]])
  }

  // MARK: Differences

  @Test("an item moving to another section becomes a row move")
  func crossSectionMove() throws {
    let old = try snapshot(["A": ["a1", "a2"], "B": ["b1"]])
    var new = old
    try new.moveItem("a1", afterItem: "b1")
    let (update, _, result) = try replay(from: old, to: new)
    #expect(update.movedRows == [BatchUpdate.RowMove(from: path(0, 0), to: path(1, 1))])
    #expect(update.operationCount == 1)
    #expect(result == [["a2"], ["b1", "a1"]])
  }

  @Test("moving the first item to the end is a single move, not a shift of every item")
  func fewestMoves() throws {
    let old = try snapshot(["A": (0..<50).map { "\($0)" }])
    var new = old
    try new.moveItem("0", afterItem: "49")
    let (update, _, result) = try replay(from: old, to: new)
    #expect(update.movedRows == [BatchUpdate.RowMove(from: path(0, 0), to: path(49, 0))])
    #expect(update.operationCount == 1)
    #expect(result.map { $0.compactMap { $0 } } == [(1..<50).map { "\($0)" } + ["0"]])
  }

  @Test("reloaded items become row reloads, or a delete and an insert when they also move")
  func reloadedItems() throws {
    let old = try snapshot(["A": ["a1", "a2", "a3"]])
    var new = old
    try new.reloadItems(["a2", "a3"])
    try new.moveItem("a3", beforeItem: "a1")
    let (update, plan, result) = try replay(from: old, to: new)
    #expect(update.reloadedRows == [path(1, 0)])
    #expect(update.deletedRows == [path(2, 0)])
    #expect(update.insertedRows == [path(0, 0)])
    #expect(plan.isReloaded(old: path(1, 0)))
    #expect(result == [[nil, "a1", "a2"]])
  }

  @Test("sections are deleted, inserted, moved and reloaded; reloaded sections get new rows")
  func sections() throws {
    let old = try snapshot(["A": ["a1"], "B": ["b1", "b2"], "C": ["c1"], "D": ["d1"]])
    var new = old
    try new.deleteSections(["A"])
    try new.moveSection("D", beforeSection: "B")
    try new.appendSections(["E"])
    try new.appendItems(["e1"], toSection: "E")
    try new.reloadSections(["C"])
    try new.appendItems(["c2"], toSection: "C")
    let (update, plan, result) = try replay(from: old, to: new)
    #expect(update.deletedSections == [0])
    #expect(update.insertedSections == [3])
    #expect(update.movedSections == [BatchUpdate.SectionMove(from: 3, to: 0)])
    #expect(update.reloadedSections == [2])
    #expect(plan.newSection(forOld: 2) == 2)
    #expect(result == [["d1"], ["b1", "b2"], [nil, nil], [nil]])
  }

  @Test("2,000 random snapshot pairs: the batch update validates and reproduces the new snapshot")
  func randomPairs() throws {
    var rng = BatchUpdateTestRNG(seed: 0x5A4B_0004)
    var nextID = 0
    func fresh() -> Int {
      nextID += 1
      return nextID
    }
    for _ in 0..<2_000 {
      var old = DiffableSnapshot<Int, Int>()
      for _ in 0..<rng.int(0...4) {
        let section = fresh()
        try old.appendSections([section])
        try old.appendItems((0..<rng.int(0...6)).map { _ in fresh() }, toSection: section)
      }
      var new = old
      for _ in 0..<rng.int(0...7) {
        let sections = new.sectionIdentifiers
        let items = new.itemIdentifiers
        switch rng.int(0...10) {
        case 0:
          let section = fresh()
          if let target = rng.element(of: sections), rng.chance(0.7) {
            if rng.chance(0.5) {
              try new.insertSections([section], beforeSection: target)
            } else {
              try new.insertSections([section], afterSection: target)
            }
          } else {
            try new.appendSections([section])
          }
          try new.appendItems((0..<rng.int(0...3)).map { _ in fresh() }, toSection: section)
        case 1:
          if let section = rng.element(of: sections) { try new.deleteSections([section]) }
        case 2:
          if let section = rng.element(of: sections), let target = rng.element(of: sections), section != target {
            if rng.chance(0.5) {
              try new.moveSection(section, beforeSection: target)
            } else {
              try new.moveSection(section, afterSection: target)
            }
          }
        case 3:
          if let section = rng.element(of: sections), rng.chance(0.5) { try new.reloadSections([section]) }
        case 4:
          if let section = rng.element(of: sections) {
            try new.appendItems((0..<rng.int(1...3)).map { _ in fresh() }, toSection: section)
          }
        case 5:
          if let target = rng.element(of: items) {
            if rng.chance(0.5) {
              try new.insertItems([fresh()], beforeItem: target)
            } else {
              try new.insertItems([fresh(), fresh()], afterItem: target)
            }
          }
        case 6, 7:
          if let item = rng.element(of: items) { try new.deleteItems([item]) }
        case 8, 9:
          if let item = rng.element(of: items), let target = rng.element(of: items), item != target {
            if rng.chance(0.5) {
              try new.moveItem(item, beforeItem: target)
            } else {
              try new.moveItem(item, afterItem: target)
            }
          }
        default:
          if let item = rng.element(of: items) { try new.reloadItems([item]) }
        }
      }

      let (update, plan, result) = try replay(from: old, to: new)
      let expected = try contents(new)
      #expect(result.map(\.count) == expected.map(\.count))
      for (section, rows) in result.enumerated() {
        for (row, item) in rows.enumerated() {
          let target = expected[section][row]
          // A carried row is the very item; a fresh row is one that could not be carried.
          if let item {
            #expect(item == target)
          } else {
            let oldSection = old.sectionIdentifier(containingItem: target)
            let newSection = new.sectionIdentifiers[section]
            let carriable =
              oldSection != nil && old.indexOfSection(newSection) != nil
              && !new.reloadedSectionIdentifiers.contains(newSection)
              && new.indexOfSection(oldSection!) != nil
              && !new.reloadedSectionIdentifiers.contains(oldSection!)
              && !new.reloadedItemIdentifiers.contains(target)
            #expect(!carriable, "\(target) should have been carried by \(update)")
          }
        }
      }
      // Reload flags: exactly the reloaded items that stay in place.
      for (section, rows) in try contents(old).enumerated() {
        for (row, item) in rows.enumerated() where plan.isReloaded(old: path(row, section)) {
          #expect(new.reloadedItemIdentifiers.contains(item))
          let destination = try #require(plan.newIndexPath(forOld: path(row, section)))
          #expect(expected[destination.section][destination.row] == item)
        }
      }
    }
  }

  /// The fewest row moves, by a reference: per section, the items it keeps minus one longest
  /// increasing subsequence of their old rows (quadratic dynamic programming), plus every item that
  /// changes section.
  private func referenceMoves(from old: DiffableSnapshot<Int, Int>, to new: DiffableSnapshot<Int, Int>) throws -> Int {
    var moves = 0
    for section in new.sectionIdentifiers {
      let rows = try new.itemIdentifiers(inSection: section)
      let oldRows = try old.itemIdentifiers(inSection: section)
      var oldRow: [Int: Int] = [:]
      for (row, item) in oldRows.enumerated() { oldRow[item] = row }
      let kept = rows.compactMap { oldRow[$0] }
      var longest = [Int](repeating: 1, count: kept.count)
      for i in kept.indices {
        for j in 0..<i where kept[j] < kept[i] { longest[i] = max(longest[i], longest[j] + 1) }
      }
      moves += kept.count - (longest.max() ?? 0)
      moves += rows.filter { oldRow[$0] == nil && old.indexOfItem($0) != nil }.count
    }
    return moves
  }

  @Test(
    "300 random edits of long sections (single items, pages, blocks moved): the fewest moves, and the update reproduces the new snapshot"
  )
  func fewestMovesAgainstReference() throws {
    var rng = BatchUpdateTestRNG(seed: 0x5A4B_0005)
    var nextID = 0
    func fresh(_ count: Int) -> [Int] {
      defer { nextID += count }
      return Array(nextID..<nextID + count)
    }
    for _ in 0..<300 {
      var old = DiffableSnapshot<Int, Int>()
      let sectionCount = rng.int(1...3)
      try old.appendSections(Array(-sectionCount..<0))
      for section in -sectionCount..<0 { try old.appendItems(fresh(rng.int(0...60)), toSection: section) }
      var new = old
      for _ in 0..<rng.int(1...6) {
        let items = new.itemIdentifiers
        guard let target = rng.element(of: items) else {
          try new.appendItems(fresh(rng.int(1...5)), toSection: rng.int(-sectionCount...(-1)))
          continue
        }
        switch rng.int(0...5) {
        case 0: try new.insertItems(fresh(1), beforeItem: target)
        case 1: try new.insertItems(fresh(rng.int(2...20)), afterItem: target)  // a page
        case 2: try new.deleteItems([target])
        case 3:
          // A block of neighbours deleted.
          let at = try #require(items.firstIndex(of: target))
          try new.deleteItems(Array(items[at..<min(items.count, at + rng.int(2...10))]))
        case 4:
          if let other = rng.element(of: items), other != target { try new.moveItem(target, beforeItem: other) }
        default:
          // A block moved elsewhere, maybe to another section.
          let at = try #require(items.firstIndex(of: target))
          let block = Array(items[at..<min(items.count, at + rng.int(2...10))])
          if let other = rng.element(of: items), !block.contains(other) {
            for item in block.reversed() { try new.moveItem(item, afterItem: other) }
          }
        }
      }
      let (update, _, result) = try replay(from: old, to: new)
      let expected = try contents(new)
      #expect(result.map(\.count) == expected.map(\.count))
      for (rows, wanted) in zip(result, expected) {
        for (item, target) in zip(rows, wanted) where item != nil { #expect(item == target) }
      }
      #expect(result.joined().compactMap { $0 }.count + update.insertedRows.count == new.numberOfItems)
      #expect(update.movedRows.count == (try referenceMoves(from: old, to: new)), "\(update)")
    }
  }
}
