import SeededRandom
import Testing

@testable import TableViewCore

/// SplitMix64 with the draws these tests make, so that randomized tests replay exactly.
struct BatchUpdateTestRNG: RandomNumberGenerator {
  private var base: SplitMix64

  init(seed: UInt64) { base = SplitMix64(seed: seed) }

  mutating func next() -> UInt64 { base.next() }

  /// A uniform integer in `range` (non-generic, so that debug builds stay fast).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }

  /// A uniform number in `0..<1`.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// `true` with probability `p`.
  mutating func chance(_ p: Double) -> Bool { unit() < p }

  /// A uniform element of `array`, or nil if it is empty.
  mutating func element<T>(of array: [T]) -> T? { array.isEmpty ? nil : array[int(0...array.count - 1)] }

  /// `array` in a uniformly random order (Fisher–Yates).
  mutating func shuffled<T>(_ array: [T]) -> [T] {
    var result = array
    for index in result.indices.dropLast() { result.swapAt(index, int(index...result.count - 1)) }
    return result
  }
}

// MARK: - Helpers

private func path(_ row: Int, _ section: Int) -> IndexPath { IndexPath(row: row, section: section) }

/// Sections of unique row identities numbered from `first`: `[[first, first + 1, …], …]`.
private func identities(_ counts: [Int], first: Int = 1) -> [[Int]] {
  var next = first
  return counts.map { count in
    defer { next += count }
    return Array(next..<next + count)
  }
}

/// The marker a fresh row gets: negative, and naming the final index path it was created at.
private func freshMarker(_ path: IndexPath) -> Int { -(1 + path.section * 1000 + path.row) }

/// Plans `update`, applies its edit script to identities and returns the result.
private func applied(_ update: BatchUpdate, _ old: [[Int]], _ newCounts: [Int]) throws -> [[Int]] {
  let plan = try update.plan(oldRowCounts: old.map(\.count), newRowCounts: newCounts)
  var sections = old
  plan.apply(to: &sections, fresh: freshMarker)
  return sections
}

/// The error `body` throws, expected to be a `TableViewError`.
private func planError(_ body: () throws(TableViewError) -> Void) -> TableViewError? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

/// Applies a batch update to identities the obvious, slow way, with UIKit's semantics: remove
/// what is deleted or moved (indexes before the update), then place inserted and moved things
/// at their indexes after the update, in ascending order. Fresh rows get `freshMarker`.
private func uikitApply(_ update: BatchUpdate, to old: [[Int]], newCounts: [Int]) -> [[Int]] {
  let deletedRows = Set(update.deletedRows)
  let movedSources = Set(update.movedRows.map(\.from))
  let remaining = old.indices.map { section in
    old[section].indices.filter {
      !deletedRows.contains(path($0, section)) && !movedSources.contains(path($0, section))
    }
    .map { old[section][$0] }
  }
  let deletedSections = Set(update.deletedSections)
  let reloadedSections = Set(update.reloadedSections)
  let movedSections = Dictionary(uniqueKeysWithValues: update.movedSections.map { ($0.to, $0.from) })
  let insertedSections = Set(update.insertedSections)
  var staying = old.indices.filter { !deletedSections.contains($0) && !update.movedSections.map(\.from).contains($0) }
    .makeIterator()
  var result: [[Int]] = []
  var fresh: [Bool] = []
  for section in newCounts.indices {
    if insertedSections.contains(section) {
      result.append((0..<newCounts[section]).map { freshMarker(path($0, section)) })
      fresh.append(true)
    } else if let from = movedSections[section] {
      result.append(remaining[from])
      fresh.append(false)
    } else {
      let from = staying.next()!
      if reloadedSections.contains(from) {
        result.append((0..<newCounts[section]).map { freshMarker(path($0, section)) })
        fresh.append(true)
      } else {
        result.append(remaining[from])
        fresh.append(false)
      }
    }
  }
  var additions: [IndexPath: Int] = [:]
  for inserted in update.insertedRows { additions[inserted] = freshMarker(inserted) }
  for move in update.movedRows { additions[move.to] = old[move.from.section][move.from.row] }
  for (destination, value) in additions.sorted(by: { $0.key < $1.key }) where !fresh[destination.section] {
    result[destination.section].insert(value, at: destination.row)
  }
  return result
}

/// A random valid batch over unique row identities, with what the generator knows about it.
private struct RandomBatch {
  var old: [[Int]]
  var update = BatchUpdate()
  var newCounts: [Int] = []
  /// New section and old section of the sections whose rows carry over, ascending.
  var carried: [(new: Int, old: Int)] = []
  var insertedSections: [Int] = []
  var deletedSections: [Int] = []
  var movedInto: [IndexPath] = []
}

private enum RandomOp {
  case insertRow(IndexPath)
  case deleteRow(IndexPath)
  case reloadRow(IndexPath)
  case moveRow(IndexPath, IndexPath)
  case insertSection(Int)
  case deleteSection(Int)
  case reloadSection(Int)
  case moveSection(Int, Int)
}

private func randomValidBatch(using rng: inout BatchUpdateTestRNG) -> RandomBatch {
  let oldCounts = (0..<rng.int(0...5)).map { _ in rng.int(0...7) }
  var batch = RandomBatch(old: identities(oldCounts))
  var ops: [RandomOp] = []

  // Sections.
  enum Fate { case kept, deleted, reloaded, moved }
  let fates: [Fate] = oldCounts.map { _ in
    switch rng.int(0...19) {
    case 0..<11: .kept
    case 11..<14: .deleted
    case 14..<16: .reloaded
    default: .moved
    }
  }
  let insertedCount = rng.int(0...2)
  let moved = rng.shuffled(fates.indices.filter { fates[$0] == .moved })
  let newSectionCount = fates.count - fates.filter { $0 == .deleted }.count + insertedCount
  let places = rng.shuffled(Array(0..<newSectionCount))
  var oldOfNew = [Int?](repeating: nil, count: newSectionCount)
  var isFresh = [Bool](repeating: false, count: newSectionCount)
  for place in places[..<insertedCount] {
    ops.append(.insertSection(place))
    isFresh[place] = true
    batch.insertedSections.append(place)
  }
  for (from, to) in zip(moved, places[insertedCount...]) {
    ops.append(.moveSection(from, to))
    oldOfNew[to] = from
  }
  var free = (0..<newSectionCount).filter { oldOfNew[$0] == nil && !isFresh[$0] }.makeIterator()
  for section in fates.indices {
    switch fates[section] {
    case .deleted:
      ops.append(.deleteSection(section))
      batch.deletedSections.append(section)
    case .reloaded:
      ops.append(.reloadSection(section))
      let place = free.next()!
      oldOfNew[place] = section
      isFresh[place] = true
    case .kept: oldOfNew[free.next()!] = section
    case .moved: break
    }
  }

  // Rows.
  let carriedNew = (0..<newSectionCount).filter { !isFresh[$0] }
  let (deleteRate, moveRate, reloadRate) = rng.chance(0.5) ? (0.1, 0.1, 0.1) : (0.35, 0.15, 0.05)
  var staying = [Int](repeating: 0, count: newSectionCount)
  var movedIn = [[IndexPath]](repeating: [], count: newSectionCount)
  for newSection in carriedNew {
    let oldSection = oldOfNew[newSection]!
    batch.carried.append((newSection, oldSection))
    for row in 0..<oldCounts[oldSection] {
      let source = path(row, oldSection)
      let dice = rng.unit()
      if dice < deleteRate {
        ops.append(.deleteRow(source))
      } else if dice < deleteRate + moveRate {
        movedIn[rng.element(of: carriedNew)!].append(source)
      } else {
        if dice < deleteRate + moveRate + reloadRate { ops.append(.reloadRow(source)) }
        staying[newSection] += 1
      }
    }
  }
  batch.newCounts = (0..<newSectionCount).map { newSection in
    if isFresh[newSection] { return rng.int(0...4) }
    let inserted = rng.int(0...2)
    let count = staying[newSection] + movedIn[newSection].count + inserted
    let slots = rng.shuffled(Array(0..<count))
    for row in slots[..<inserted] { ops.append(.insertRow(path(row, newSection))) }
    for (row, source) in zip(slots[inserted...], movedIn[newSection]) {
      ops.append(.moveRow(source, path(row, newSection)))
      batch.movedInto.append(path(row, newSection))
    }
    return count
  }

  // Half the batches record their inserted and deleted rows as ranges: each section's rows in
  // runs of consecutive rows, cut at random, recorded in random order.
  if rng.chance(0.5) {
    var inserted: [Int: [Int]] = [:]
    var deleted: [Int: [Int]] = [:]
    ops.removeAll { op in
      switch op {
      case .insertRow(let path): inserted[path.section, default: []].append(path.row)
      case .deleteRow(let path): deleted[path.section, default: []].append(path.row)
      default: return false
      }
      return true
    }
    var ranges: [(insert: Bool, section: Int, rows: Range<Int>)] = []
    for (insert, rowsBySection) in [(true, inserted), (false, deleted)] {
      for (section, rows) in rowsBySection.sorted(by: { $0.key < $1.key }) {
        for row in rows.sorted() {
          if let last = ranges.last, last.insert == insert, last.section == section, last.rows.upperBound == row,
            !rng.chance(0.2)
          {
            ranges[ranges.count - 1].rows = last.rows.lowerBound..<(row + 1)
          } else {
            ranges.append((insert, section, row..<(row + 1)))
          }
        }
      }
    }
    for range in rng.shuffled(ranges) {
      if range.insert {
        batch.update.insertRows(in: range.rows, section: range.section)
      } else {
        batch.update.deleteRows(in: range.rows, section: range.section)
      }
    }
  }

  // Record, in random order.
  for op in rng.shuffled(ops) {
    switch op {
    case .insertRow(let path): batch.update.insertRows(at: [path])
    case .deleteRow(let path): batch.update.deleteRows(at: [path])
    case .reloadRow(let path): batch.update.reloadRows(at: [path])
    case .moveRow(let from, let to): batch.update.moveRow(at: from, to: to)
    case .insertSection(let section): batch.update.insertSections([section])
    case .deleteSection(let section): batch.update.deleteSections([section])
    case .reloadSection(let section): batch.update.reloadSections([section])
    case .moveSection(let from, let to): batch.update.moveSection(from, toSection: to)
    }
  }
  return batch
}

/// Breaks a valid batch in one random way; returns the broken batch and fragments the error
/// message must contain, or nil when this batch offers nothing to break that way.
private func randomInvalidBatch(
  from valid: RandomBatch, using rng: inout BatchUpdateTestRNG
) -> (update: BatchUpdate, newCounts: [Int], fragments: [String])? {
  var update = valid.update
  var counts = valid.newCounts
  let old = valid.old
  switch rng.int(0...14) {
  case 0:  // A carried section's count off by one.
    guard let (newSection, oldSection) = rng.element(of: valid.carried) else { return nil }
    counts[newSection] += counts[newSection] > 0 && rng.chance(0.5) ? -1 : 1
    return (
      update, counts,
      ["invalid number of rows in section \(newSection)", "(\(counts[newSection]))", "(\(old[oldSection].count))"]
    )
  case 1:  // One section too many or too few.
    if counts.isEmpty || rng.chance(0.5) { counts.append(0) } else { counts.removeLast() }
    return (update, counts, ["invalid number of sections", "(\(counts.count))", "(\(old.count))"])
  case 2:  // A row deleted twice.
    guard let deleted = rng.element(of: update.deletedRows) else { return nil }
    update.deleteRows(at: [deleted])
    return (update, counts, ["section \(deleted.section)", "more than once"])
  case 3:  // A moved row also deleted.
    guard let move = rng.element(of: update.movedRows) else { return nil }
    update.deleteRows(at: [move.from])
    return (update, counts, ["section \(move.from.section)", "delete and move"])
  case 4:  // A deleted row reloaded.
    guard let deleted = rng.element(of: update.deletedRows) else { return nil }
    update.reloadRows(at: [deleted])
    return (update, counts, ["section \(deleted.section)", "deleted"])
  case 5:  // A row inserted where another is moved to.
    guard let destination = rng.element(of: valid.movedInto) else { return nil }
    update.insertRows(at: [destination])
    return (update, counts, ["section \(destination.section)", "inserted"])
  case 6:  // A row inserted into an inserted section.
    guard let section = rng.element(of: valid.insertedSections) else { return nil }
    update.insertRows(at: [path(0, section)])
    return (update, counts, ["section \(section)", "inserted in the same update"])
  case 7:  // A row deleted from a deleted section.
    guard let section = rng.element(of: valid.deletedSections) else { return nil }
    update.deleteRows(at: [path(0, section)])
    return (update, counts, ["section \(section)", "deleted in the same update"])
  case 8:  // A row deleted past the end of its section.
    guard let oldSection = rng.element(of: valid.carried.map(\.old)) else { return nil }
    update.deleteRows(at: [path(old[oldSection].count, oldSection)])
    return (update, counts, ["section \(oldSection)", "\(old[oldSection].count) rows"])
  case 9:  // A negative row.
    guard let oldSection = rng.element(of: valid.carried.map(\.old)) else { return nil }
    update.deleteRows(at: [path(-1, oldSection)])
    return (update, counts, ["row -1 from section \(oldSection)", "negative"])
  case 10:  // A section deleted twice.
    guard let section = rng.element(of: valid.deletedSections) else { return nil }
    update.deleteSections([section])
    return (update, counts, ["section \(section)", "more than once"])
  case 12:  // A range deleted over a deleted row.
    guard let deleted = rng.element(of: update.deletedRows) else { return nil }
    let end = min(deleted.row + rng.int(1...3), old[deleted.section].count)
    update.deleteRows(in: deleted.row..<end, section: deleted.section)
    return (update, counts, ["row \(deleted.row) from section \(deleted.section)", "more than once"])
  case 13:  // A range inserted that runs past the end of its section.
    guard let (newSection, _) = rng.element(of: valid.carried) else { return nil }
    let count = counts[newSection]
    counts[newSection] += 2
    update.insertRows(in: (count + 1)..<(count + 3), section: newSection)
    return (
      update, counts, ["insert row \(count + 2) into section \(newSection)", "only \(count + 2) rows in section"]
    )
  case 14:  // A range that starts below 0.
    guard let oldSection = rng.element(of: valid.carried.map(\.old)) else { return nil }
    update.deleteRows(in: -2..<1, section: oldSection)
    return (update, counts, ["row -2 from section \(oldSection)", "negative"])
  default:  // A deleted section also moved.
    guard let section = rng.element(of: valid.deletedSections), !counts.isEmpty else { return nil }
    update.moveSection(section, toSection: rng.int(0...counts.count - 1))
    return (update, counts, ["section \(section)", "delete and move"])
  }
}

// MARK: - Model-based tests

@Suite("Batch update plans")
struct BatchUpdatePlanTests {
  @Test("10,000 random valid batches: the edit script, the mappings and the reload flags agree with UIKit's semantics")
  func randomValidBatches() throws {
    var rng = BatchUpdateTestRNG(seed: 0x5EED_0001)
    var totalEdits = 0
    for iteration in 0..<10_000 {
      let batch = randomValidBatch(using: &rng)
      let plan = try batch.update.plan(oldRowCounts: batch.old.map(\.count), newRowCounts: batch.newCounts)
      let expected = uikitApply(batch.update, to: batch.old, newCounts: batch.newCounts)

      var sections = batch.old
      plan.apply(to: &sections, fresh: freshMarker)
      try #require(sections == expected, "iteration \(iteration): \(batch.update) gave \(plan.edits)")
      #expect(plan.edits.count <= 2 * batch.update.operationCount)
      #expect(plan.oldSectionCount == batch.old.count && plan.newSectionCount == batch.newCounts.count)
      totalEdits += plan.edits.count

      // Asking only the touched sections' counts gives the same plan, asking each at most once.
      var asked: [Int] = []
      let sparse = try batch.update.plan(
        oldSectionCount: batch.old.count, newSectionCount: batch.newCounts.count,
        oldRowCount: { batch.old[$0].count },
        newRowCount: { (section: Int) throws(TableViewError) in
          asked.append(section)
          return batch.newCounts[section]
        })
      #expect(sparse.edits == plan.edits && sparse.stashCount == plan.stashCount)
      #expect(Set(asked).count == asked.count)
      #expect(asked.count <= 2 * batch.update.operationCount)

      // Every old row maps to where its identity ends up, and back. Identities are 1…n.
      let identityCount = batch.old.reduce(0) { $0 + $1.count }
      var newPaths = [IndexPath?](repeating: nil, count: identityCount + 1)
      for (section, rows) in expected.enumerated() {
        for (row, identity) in rows.enumerated() where identity > 0 { newPaths[identity] = path(row, section) }
      }
      var oldPaths = [IndexPath](repeating: path(0, 0), count: identityCount + 1)
      var forward: [IndexPath?] = []
      var flagged: [IndexPath] = []
      for (section, rows) in batch.old.enumerated() {
        for (row, identity) in rows.enumerated() {
          oldPaths[identity] = path(row, section)
          forward.append(plan.newIndexPath(forOld: path(row, section)))
          if plan.isReloaded(old: path(row, section)) { flagged.append(path(row, section)) }
        }
      }
      #expect(forward == Array(newPaths.dropFirst()))
      #expect(flagged == batch.update.reloadedRows.sorted())
      var backward: [IndexPath?] = []
      var expectedBackward: [IndexPath?] = []
      for (section, rows) in expected.enumerated() {
        for (row, identity) in rows.enumerated() {
          backward.append(plan.oldIndexPath(forNew: path(row, section)))
          expectedBackward.append(identity > 0 ? oldPaths[identity] : nil)
        }
      }
      #expect(backward == expectedBackward)
      for (newSection, oldSection) in batch.carried {
        #expect(plan.newSection(forOld: oldSection) == newSection)
        #expect(plan.oldSection(forNew: newSection) == oldSection)
      }
      for section in batch.update.reloadedSections {
        #expect(plan.isSectionReloaded(old: section))
        let newSection = try #require(plan.newSection(forOld: section))
        #expect(plan.oldSection(forNew: newSection) == section)
      }
      for section in batch.deletedSections { #expect(plan.newSection(forOld: section) == nil) }
      for section in batch.insertedSections { #expect(plan.oldSection(forNew: section) == nil) }
    }
    #expect(totalEdits > 10_000)
  }

  @Test("a one-row update in a million sections asks the counts of that section only")
  func sparsePlanAsksTouchedSectionsOnly() throws {
    var update = BatchUpdate()
    update.insertRows(at: [path(3, 500_000)])
    var asked: [Int] = []
    let plan = try update.plan(
      oldSectionCount: 1_000_000, newSectionCount: 1_000_000, oldRowCount: { _ in 10 },
      newRowCount: { (section: Int) throws(TableViewError) in
        asked.append(section)
        return section == 500_000 ? 11 : 10
      })
    #expect(asked == [500_000])
    #expect(plan.edits == [.insertRows(section: 500_000, range: 3..<4)])
    #expect(plan.newIndexPath(forOld: path(3, 500_000)) == path(4, 500_000))
    #expect(plan.newIndexPath(forOld: path(7, 999_999)) == path(7, 999_999))
    #expect(plan.newRowCount(inSection: 500_000) == 11 && plan.newRowCount(inSection: 7) == nil)
    // A wrong count in the touched section is still UIKit's invalid update.
    let error = planError { () throws(TableViewError) in
      _ = try update.plan(
        oldSectionCount: 1_000_000, newSectionCount: 1_000_000, oldRowCount: { _ in 10 },
        newRowCount: { (_: Int) throws(TableViewError) in 10 })
    }
    #expect(error?.kind == .invalidUpdate)
    #expect(error?.message.contains("invalid number of rows in section 500000") == true)
    // Sections inserted and deleted shift the others without asking them.
    var sections = BatchUpdate()
    sections.insertSections([0])
    sections.deleteSections([999_999])
    asked = []
    let shifted = try sections.plan(
      oldSectionCount: 1_000_000, newSectionCount: 1_000_000, oldRowCount: { _ in 10 },
      newRowCount: { (section: Int) throws(TableViewError) in
        asked.append(section)
        return 10
      })
    #expect(asked == [0])
    #expect(shifted.newSection(forOld: 41) == 42 && shifted.oldSection(forNew: 0) == nil)
    #expect(shifted.newSection(forOld: 999_999) == nil)
  }

  @Test("random invalid batches throw an invalid-update error naming the section and counts, never trap")
  func randomInvalidBatches() throws {
    var rng = BatchUpdateTestRNG(seed: 0xBAD_0002)
    var tested = 0
    while tested < 4_000 {
      let valid = randomValidBatch(using: &rng)
      guard let (update, counts, fragments) = randomInvalidBatch(from: valid, using: &rng) else { continue }
      tested += 1
      let error = planError { () throws(TableViewError) in
        _ = try update.plan(oldRowCounts: valid.old.map(\.count), newRowCounts: counts)
      }
      let thrown = try #require(error, "\(update) with counts \(counts) should be invalid")
      #expect(thrown.kind == .invalidUpdate)
      #expect(thrown.message.hasPrefix("Invalid update: "))
      for fragment in fragments {
        #expect(thrown.message.contains(fragment), "\(thrown.message) should contain \(fragment)")
      }
    }
  }

  // MARK: UIKit cases

  @Test("an empty update with unchanged counts is the identity, with no edits")
  func emptyUpdate() throws {
    let plan = try BatchUpdate().plan(oldRowCounts: [3, 0, 2], newRowCounts: [3, 0, 2])
    #expect(BatchUpdate().isEmpty)
    #expect(plan.edits.isEmpty)
    #expect(plan.newIndexPath(forOld: path(1, 2)) == path(1, 2))
    #expect(plan.oldIndexPath(forNew: path(1, 0)) == path(1, 0))
  }

  @Test("an insert and a delete in one batch use the before and after index spaces")
  func deleteAndInsertAtTheSameIndex() throws {
    var update = BatchUpdate()
    update.deleteRows(at: [path(0, 0)])
    update.insertRows(at: [path(0, 0)])
    let plan = try update.plan(oldRowCounts: [3], newRowCounts: [3])
    #expect(plan.edits == [.deleteRows(section: 0, range: 0..<1), .insertRows(section: 0, range: 0..<1)])
    #expect(plan.newIndexPath(forOld: path(0, 0)) == nil)
    #expect(plan.newIndexPath(forOld: path(1, 0)) == path(1, 0))
    #expect(plan.oldIndexPath(forNew: path(0, 0)) == nil)
    #expect(try applied(update, [[1, 2, 3]], [3]) == [[freshMarker(path(0, 0)), 2, 3]])

    // Delete the last row, insert past the old end: both indexes are valid in their own space.
    var shifted = BatchUpdate()
    shifted.deleteRows(at: [path(2, 0)])
    shifted.insertRows(at: [path(0, 0), path(3, 0)])
    #expect(try applied(shifted, [[1, 2, 3]], [4]) == [[freshMarker(path(0, 0)), 1, 2, freshMarker(path(3, 0))]])
  }

  @Test("contiguous deletes and inserts coalesce into one edit each")
  func coalescing() throws {
    var update = BatchUpdate()
    update.deleteRows(at: [path(5, 0), path(2, 0), path(3, 0), path(4, 0), path(8, 0)])
    update.insertRows(at: [path(1, 0), path(0, 0), path(2, 0), path(6, 0)])
    let plan = try update.plan(oldRowCounts: [10], newRowCounts: [9])
    #expect(
      plan.edits == [
        .deleteRows(section: 0, range: 8..<9), .deleteRows(section: 0, range: 2..<6),
        .insertRows(section: 0, range: 0..<3), .insertRows(section: 0, range: 6..<7),
      ])
  }

  @Test("a move within a section takes the row out and puts it back at its index after the update")
  func moveWithinASection() throws {
    var update = BatchUpdate()
    update.moveRow(at: path(0, 0), to: path(3, 0))
    let plan = try update.plan(oldRowCounts: [4], newRowCounts: [4])
    #expect(plan.edits == [.extractRow(path(0, 0), stash: 0), .insertStashedRow(path(3, 0), stash: 0)])
    #expect(plan.newIndexPath(forOld: path(0, 0)) == path(3, 0))
    #expect(plan.newIndexPath(forOld: path(1, 0)) == path(0, 0))
    #expect(plan.oldIndexPath(forNew: path(3, 0)) == path(0, 0))
    #expect(plan.oldIndexPath(forNew: path(2, 0)) == path(3, 0))
    #expect(try applied(update, [[1, 2, 3, 4]], [4]) == [[2, 3, 4, 1]])
  }

  @Test("a move across sections changes both sections' counts")
  func moveAcrossSections() throws {
    var update = BatchUpdate()
    update.moveRow(at: path(1, 0), to: path(0, 1))
    #expect(try applied(update, [[1, 2, 3], [4]], [2, 2]) == [[1, 3], [2, 4]])
    let error = planError { () throws(TableViewError) in
      _ = try update.plan(oldRowCounts: [3, 1], newRowCounts: [3, 1])
    }
    #expect(
      error?.message
        == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section "
        + "after the update (3) must be equal to the number of rows contained in that section before the update (3), "
        + "plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus "
        + "or minus the number of rows moved into or out of that section (0 moved in, 1 moved out).")
  }

  @Test("a row move combined with section deletes and inserts before it uses both index spaces")
  func moveWithSectionChangesBeforeIt() throws {
    // Old: A [1, 2], B [3, 4], C [5]. Delete A, insert a section at 0 and one at 2.
    // New: X [], B [3], Y [fresh], C [4, 5]: row [1, 1] (4) moves to [3, 0].
    var update = BatchUpdate()
    update.deleteSections([0])
    update.insertSections([0, 2])
    update.moveRow(at: path(1, 1), to: path(0, 3))
    let plan = try update.plan(oldRowCounts: [2, 2, 1], newRowCounts: [0, 1, 1, 2])
    #expect(plan.newSection(forOld: 0) == nil)
    #expect(plan.newSection(forOld: 1) == 1)
    #expect(plan.newSection(forOld: 2) == 3)
    #expect(plan.oldSection(forNew: 2) == nil)
    #expect(plan.newIndexPath(forOld: path(1, 1)) == path(0, 3))
    #expect(plan.newIndexPath(forOld: path(0, 2)) == path(1, 3))
    #expect(plan.newIndexPath(forOld: path(0, 0)) == nil)
    let result = try applied(update, [[1, 2], [3, 4], [5]], [0, 1, 1, 2])
    #expect(result == [[], [3], [freshMarker(path(0, 2))], [4, 5]])
  }

  @Test("a section move carries its rows, with row changes in both index spaces")
  func sectionMoveWithRowChanges() throws {
    var update = BatchUpdate()
    update.moveSection(0, toSection: 2)
    update.deleteRows(at: [path(0, 0)])  // Old index space: section 0 before the move.
    update.insertRows(at: [path(1, 2)])  // New index space: section 2 after the move.
    let plan = try update.plan(oldRowCounts: [2, 1, 1], newRowCounts: [1, 1, 2])
    #expect(
      plan.edits == [
        .deleteRows(section: 0, range: 0..<1), .extractSection(0, stash: 0), .insertStashedSection(2, stash: 0),
        .insertRows(section: 2, range: 1..<2),
      ])
    #expect(plan.newIndexPath(forOld: path(1, 0)) == path(0, 2))
    #expect(try applied(update, [[1, 2], [3], [4]], [1, 1, 2]) == [[3], [4], [2, freshMarker(path(1, 2))]])
    let error = planError { () throws(TableViewError) in
      _ = try update.plan(oldRowCounts: [2, 1, 1], newRowCounts: [1, 1, 3])
    }
    #expect(
      error?.message.hasPrefix("Invalid update: invalid number of rows in section 2 (section 0 before the update).")
        == true)
  }

  @Test("a reloaded section keeps its place, and its row count may change")
  func reloadSectionWithChangedCount() throws {
    var update = BatchUpdate()
    update.reloadSections([1])
    update.deleteSections([0])
    let plan = try update.plan(oldRowCounts: [1, 3, 2], newRowCounts: [5, 2])
    #expect(plan.newSection(forOld: 1) == 0)
    #expect(plan.isSectionReloaded(old: 1))
    #expect(plan.oldSection(forNew: 0) == 1)
    #expect(plan.newIndexPath(forOld: path(0, 1)) == nil)
    #expect(plan.oldIndexPath(forNew: path(4, 0)) == nil)
    #expect(plan.newIndexPath(forOld: path(1, 2)) == path(1, 1))
    #expect(plan.edits == [.deleteSection(1), .deleteSection(0), .insertSection(0, rowCount: 5)])
    let result = try applied(update, [[1], [2, 3, 4], [5, 6]], [5, 2])
    #expect(result == [(0..<5).map { freshMarker(path($0, 0)) }, [5, 6]])
  }

  @Test("reloaded rows stay where the other changes put them and are flagged")
  func reloadRows() throws {
    var update = BatchUpdate()
    update.reloadRows(at: [path(2, 0), path(2, 0)])
    update.deleteRows(at: [path(0, 0)])
    let plan = try update.plan(oldRowCounts: [3], newRowCounts: [2])
    #expect(plan.isReloaded(old: path(2, 0)))
    #expect(!plan.isReloaded(old: path(1, 0)))
    #expect(plan.newIndexPath(forOld: path(2, 0)) == path(1, 0))
    #expect(plan.edits.last == .reloadRow(path(1, 0)))
    var sections = [[10, 20, 30]]
    plan.apply(to: &sections, fresh: { _ in 0 }, reload: { value, _ in value += 1 })
    #expect(sections == [[20, 31]])
  }

  @Test("mappings of a table of ten million rows cost nothing proportional to the rows")
  func hugeTable() throws {
    let rows = 10_000_000
    var update = BatchUpdate()
    update.deleteRows(at: [path(5, 0), path(rows - 1, 0)])
    update.insertRows(at: [path(0, 0), path(rows / 2, 0)])
    update.moveRow(at: path(7, 0), to: path(1, 1))
    let plan = try update.plan(oldRowCounts: [rows, 1], newRowCounts: [rows - 1, 2])
    #expect(plan.edits.count == 6)
    #expect(plan.newIndexPath(forOld: path(4, 0)) == path(5, 0))
    #expect(plan.newIndexPath(forOld: path(6, 0)) == path(6, 0))
    #expect(plan.newIndexPath(forOld: path(8, 0)) == path(7, 0))
    #expect(plan.newIndexPath(forOld: path(rows / 2 + 10, 0)) == path(rows / 2 + 10, 0))
    #expect(plan.newIndexPath(forOld: path(7, 0)) == path(1, 1))
    #expect(plan.oldIndexPath(forNew: path(1, 1)) == path(7, 0))
    #expect(plan.oldIndexPath(forNew: path(rows / 2, 0)) == nil)
    #expect(plan.oldIndexPath(forNew: path(rows / 2 + 1, 0)) == path(rows / 2 + 1, 0))
    #expect(plan.oldIndexPath(forNew: path(rows - 2, 0)) == path(rows - 2, 0))
    #expect(plan.newIndexPath(forOld: path(rows, 0)) == nil)
  }

  // MARK: Errors

  @Test("a wrong row count is reported with UIKit's message")
  func uikitRowCountMessage() {
    var update = BatchUpdate()
    update.insertRows(at: [path(0, 0)])
    let error = planError { () throws(TableViewError) in _ = try update.plan(oldRowCounts: [3], newRowCounts: [5]) }
    #expect(error?.kind == .invalidUpdate)
    #expect(
      error?.message
        == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section "
        + "after the update (5) must be equal to the number of rows contained in that section before the update (3), "
        + "plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus "
        + "or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
  }

  @Test("a wrong section count is reported with UIKit's message")
  func uikitSectionCountMessage() {
    var update = BatchUpdate()
    update.insertSections([1])
    let error = planError { () throws(TableViewError) in _ = try update.plan(oldRowCounts: [3], newRowCounts: [3]) }
    #expect(
      error?.message
        == "Invalid update: invalid number of sections. The number of sections contained in the table view after "
        + "the update (1) must be equal to the number of sections contained in the table view before the update (1), "
        + "plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted).")
  }

  @Test("conflicting or out-of-range operations are rejected with a message naming them", arguments: rejectionCases)
  func rejectedOperations(_ rejection: BatchUpdateRejectionCase) {
    var update = BatchUpdate()
    rejection.build(&update)
    let error = planError { () throws(TableViewError) in
      _ = try update.plan(oldRowCounts: rejection.oldCounts, newRowCounts: rejection.newCounts)
    }
    #expect(error?.kind == .invalidUpdate)
    #expect(error?.message.contains(rejection.fragment) == true, "\(String(describing: error?.message))")
  }

  @Test("a negative row count is a data source error")
  func negativeCount() {
    let error = planError { () throws(TableViewError) in
      _ = try BatchUpdate().plan(oldRowCounts: [1], newRowCounts: [-1])
    }
    #expect(error?.kind == .invalidDataSource)
  }
}

/// An invalid batch and a fragment of the message it must be rejected with.
struct BatchUpdateRejectionCase: Sendable, CustomTestStringConvertible {
  let build: @Sendable (inout BatchUpdate) -> Void
  let oldCounts: [Int]
  let newCounts: [Int]
  let fragment: String
  var testDescription: String { fragment }

  init(
    _ build: @escaping @Sendable (inout BatchUpdate) -> Void, _ oldCounts: [Int], _ newCounts: [Int],
    _ fragment: String
  ) {
    self.build = build
    self.oldCounts = oldCounts
    self.newCounts = newCounts
    self.fragment = fragment
  }
}

private let rejectionCases: [BatchUpdateRejectionCase] = [
  BatchUpdateRejectionCase({ u in u.deleteRows(at: [path(3, 0)]) }, [3, 1], [2, 1], "delete row 3 from section 0"),
  BatchUpdateRejectionCase({ u in u.insertRows(at: [path(4, 0)]) }, [3, 1], [4, 1], "only 4 rows in section 0"),
  BatchUpdateRejectionCase({ u in u.deleteRows(at: [path(0, 5)]) }, [3, 1], [3, 1], "only 2 sections"),
  BatchUpdateRejectionCase({ u in u.deleteRows(at: [path(-1, 0)]) }, [3, 1], [3, 1], "must not be negative"),
  BatchUpdateRejectionCase({ u in u.deleteSections([-2]) }, [3, 1], [3, 1], "section -2"),
  BatchUpdateRejectionCase({ u in u.deleteRows(at: [path(1, 0), path(1, 0)]) }, [3, 1], [1, 1], "more than once"),
  BatchUpdateRejectionCase({ u in u.deleteSections([1, 1]) }, [3, 1], [3], "section 1 more than once"),
  BatchUpdateRejectionCase(
    { u in
      u.deleteRows(at: [path(1, 0)])
      u.moveRow(at: path(1, 0), to: path(0, 1))
    }, [3, 1], [2, 2], "delete and move row 1 from section 0"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.moveRow(at: path(1, 0), to: path(0, 1))
      u.moveRow(at: path(1, 0), to: path(1, 1))
    }, [3, 1], [2, 2], "move row 1 from section 0 more than once"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.moveRow(at: path(0, 0), to: path(0, 1))
      u.moveRow(at: path(1, 0), to: path(0, 1))
    }, [3, 1], [1, 3], "both row 0 from section 0 and row 1 from section 0"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.insertRows(at: [path(0, 1)])
      u.moveRow(at: path(1, 0), to: path(0, 1))
    }, [3, 1], [2, 3], "also inserted"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.deleteRows(at: [path(0, 0)])
      u.reloadRows(at: [path(0, 0)])
    }, [3, 1], [2, 1], "reload row 0 from section 0, which is deleted"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.moveRow(at: path(0, 0), to: path(2, 0))
      u.reloadRows(at: [path(0, 0)])
    }, [3, 1], [3, 1], "which is moved"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.insertSections([1])
      u.insertRows(at: [path(0, 1)])
    }, [3, 1], [3, 1, 1], "section 1 is inserted in the same update"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.deleteSections([0])
      u.deleteRows(at: [path(0, 0)])
    }, [3, 1], [1], "section 0 is deleted in the same update"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.reloadSections([0])
      u.insertRows(at: [path(0, 0)])
    }, [3, 1], [3, 1], "section 0 is reloaded in the same update"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.deleteSections([0])
      u.moveSection(0, toSection: 0)
    }, [3, 1], [1], "delete and move section 0"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.moveSection(0, toSection: 1)
      u.moveSection(1, toSection: 1)
    }, [3, 1], [1, 3], "both section 0 and section 1 to section 1"
  ),
  BatchUpdateRejectionCase(
    { u in
      u.reloadSections([0])
      u.moveSection(0, toSection: 1)
    }, [3, 1], [1, 3], "reload and move section 0"
  ),
]
