// Validation of a `BatchUpdate` with UIKit's rules: every index in its own index space, no
// conflicting operations, and the counts adding up. It asks the row counts of only the sections
// the update touches, and records what the mapping and the edit script need.

/// A batch update checked against the counts before and after it.
struct BatchUpdateValidation {
  enum OldSectionFate { case deleted, reloaded, moved }
  enum NewSectionSource {
    case inserted
    case moved(from: Int)
  }
  enum OldRowFate { case deleted, moved, reloaded }
  enum NewRowSource {
    case inserted
    case moved(from: IndexPath)
  }

  /// Per-section tallies for the row-count check.
  struct Tally {
    var deleted = 0
    var movedOut = 0
    var inserted = 0
    var movedIn = 0
  }

  let oldSectionCount: Int
  let newSectionCount: Int
  /// Old sections that are not simply kept.
  let oldFate: [Int: OldSectionFate]
  /// New sections that are inserted or the destination of a move.
  let newSource: [Int: NewSectionSource]
  /// Old rows that are deleted, moved or reloaded.
  let oldRowFate: [IndexPath: OldRowFate]
  /// New rows that are inserted or the destination of a move.
  let newRowSource: [IndexPath: NewRowSource]
  /// The row count after the update of every inserted or reloaded section (new index).
  let freshSectionRowCounts: [Int: Int]
  /// New sections whose counts were checked (the touched carried ones).
  let checkedSections: Set<Int>
  let mapping: BatchUpdateMapping

  private static func invalid(_ message: String) -> TableViewError {
    TableViewError(.invalidUpdate, "Invalid update: " + message)
  }

  private static func row(_ path: IndexPath) -> String {
    "row \(path.row) from section \(path.section)"
  }

  private static func move(_ move: BatchUpdate.RowMove) -> String {
    "move row \(move.from.row) from section \(move.from.section) to row \(move.to.row) of section \(move.to.section)"
  }

  /// Validates `update`.
  /// - Complexity: O(k log k) for k operations, plus the counts asked (O(k) of them).
  init(
    _ update: BatchUpdate, oldSectionCount oldCount: Int, newSectionCount newCount: Int, oldRowCount: (Int) -> Int,
    newRowCount: (Int) throws(TableViewError) -> Int
  ) throws(TableViewError) {
    oldSectionCount = oldCount
    newSectionCount = newCount
    try Self.checkNegativeIndexes(update)
    let (oldFate, newSource) = try Self.sectionFates(update, oldCount: oldCount, newCount: newCount)
    self.oldFate = oldFate
    self.newSource = newSource

    var deleted = Set<Int>()
    var reloadedSections = Set<Int>()
    var inserted = Set<Int>()
    var destinations: [Int: Int] = [:]
    var sources: [Int: Int] = [:]
    for (section, fate) in oldFate {
      switch fate {
      case .deleted: deleted.insert(section)
      case .reloaded: reloadedSections.insert(section)
      case .moved: break
      }
    }
    for (section, source) in newSource {
      switch source {
      case .inserted: inserted.insert(section)
      case .moved(let from):
        destinations[from] = section
        sources[section] = from
      }
    }
    let removedSections = (Array(deleted) + Array(destinations.keys)).sorted()
    let addedSections = (Array(inserted) + Array(sources.keys)).sorted()
    // The section half of the mapping, for the row checks below.
    let sectionMapping = BatchUpdateMapping(
      removedSections: removedSections, addedSections: addedSections, deletedSections: deleted,
      reloadedSections: reloadedSections, insertedSections: inserted, sectionDestinations: destinations,
      sectionSources: sources, removedRows: [:], addedRows: [:], rowDestinations: [:], rowSources: [:],
      reloadedRows: [])

    // Rows, old index space.
    func checkOld(_ path: IndexPath, _ description: @autoclosure () -> String) throws(TableViewError) {
      guard path.section < oldCount else {
        throw Self.invalid(
          "attempt to \(description()), but there are only \(oldCount) sections before the update")
      }
      switch oldFate[path.section] {
      case .deleted:
        throw Self.invalid("attempt to \(description()), but section \(path.section) is deleted in the same update")
      case .reloaded:
        throw Self.invalid("attempt to \(description()), but section \(path.section) is reloaded in the same update")
      case nil, .moved: break
      }
      let rows = oldRowCount(path.section)
      guard path.row < rows else {
        throw Self.invalid(
          "attempt to \(description()), but section \(path.section) only contains \(rows) rows before the update")
      }
    }
    // Dictionaries sized once: growing one rehashes every key it holds (half of a 10⁴-row
    // update's validation was rehashing).
    var oldRowFate: [IndexPath: OldRowFate] = [:]
    oldRowFate.reserveIfLarge(update.deletedRows.count + update.movedRows.count + update.reloadedRows.count)
    var tallies: [Int: Tally] = [:]  // keyed by new section
    var removedRows: [Int: [Int]] = [:]
    for path in update.deletedRows {
      try checkOld(path, "delete \(Self.row(path))")
      guard oldRowFate[path] == nil else { throw Self.invalid("attempt to delete \(Self.row(path)) more than once") }
      oldRowFate[path] = .deleted
      tallies[sectionMapping.newSection(forOld: path.section)!, default: Tally()].deleted += 1
      removedRows[path.section, default: []].append(path.row)
    }
    var rowDestinations: [IndexPath: IndexPath] = [:]
    rowDestinations.reserveIfLarge(update.movedRows.count)
    for move in update.movedRows {
      try checkOld(move.from, Self.move(move))
      switch oldRowFate[move.from] {
      case nil: break
      case .deleted: throw Self.invalid("attempt to delete and move \(Self.row(move.from))")
      case .moved: throw Self.invalid("attempt to move \(Self.row(move.from)) more than once")
      case .reloaded: preconditionFailure("reloads are processed last")
      }
      oldRowFate[move.from] = .moved
      rowDestinations[move.from] = move.to
      tallies[sectionMapping.newSection(forOld: move.from.section)!, default: Tally()].movedOut += 1
      removedRows[move.from.section, default: []].append(move.from.row)
    }
    var reloadedRows = Set<IndexPath>()
    reloadedRows.reserveIfLarge(update.reloadedRows.count)
    for path in update.reloadedRows {
      try checkOld(path, "reload \(Self.row(path))")
      switch oldRowFate[path] {
      case nil, .reloaded: break
      case .deleted: throw Self.invalid("attempt to reload \(Self.row(path)), which is deleted in the same update")
      case .moved: throw Self.invalid("attempt to reload \(Self.row(path)), which is moved in the same update")
      }
      oldRowFate[path] = .reloaded
      reloadedRows.insert(path)
    }

    // Rows, new index space.
    func checkNew(_ path: IndexPath, _ description: @autoclosure () -> String) throws(TableViewError) {
      guard path.section < newCount else {
        throw Self.invalid("attempt to \(description()), but there are only \(newCount) sections after the update")
      }
      guard let oldSection = sectionMapping.oldSection(forNew: path.section) else {
        throw Self.invalid("attempt to \(description()), but section \(path.section) is inserted in the same update")
      }
      if oldFate[oldSection] == .reloaded {
        let before = oldSection == path.section ? "" : " (section \(oldSection) before the update)"
        throw Self.invalid(
          "attempt to \(description()), but section \(path.section) is reloaded in the same update\(before)")
      }
    }
    var newRowSource: [IndexPath: NewRowSource] = [:]
    newRowSource.reserveIfLarge(update.insertedRows.count + update.movedRows.count)
    var addedRows: [Int: [Int]] = [:]
    for path in update.insertedRows {
      try checkNew(path, "insert row \(path.row) into section \(path.section)")
      guard newRowSource[path] == nil else {
        throw Self.invalid("attempt to insert row \(path.row) into section \(path.section) more than once")
      }
      newRowSource[path] = .inserted
      tallies[path.section, default: Tally()].inserted += 1
      addedRows[path.section, default: []].append(path.row)
    }
    var rowSources: [IndexPath: IndexPath] = [:]
    rowSources.reserveIfLarge(update.movedRows.count)
    for move in update.movedRows {
      try checkNew(move.to, Self.move(move))
      switch newRowSource[move.to] {
      case nil: break
      case .inserted:
        throw Self.invalid("attempt to \(Self.move(move)), where a row is also inserted in the same update")
      case .moved(let other):
        throw Self.invalid(
          "attempt to move both \(Self.row(other)) and \(Self.row(move.from)) "
            + "to row \(move.to.row) of section \(move.to.section)")
      }
      newRowSource[move.to] = .moved(from: move.from)
      rowSources[move.to] = move.from
      tallies[move.to.section, default: Tally()].movedIn += 1
      addedRows[move.to.section, default: []].append(move.to.row)
    }

    // Row counts of the touched carried sections: those with row changes, and moved ones.
    var checked = Set<Int>()
    for newSection in Set(tallies.keys).union(sources.keys).sorted() {
      guard let oldSection = sectionMapping.oldSection(forNew: newSection), oldFate[oldSection] != .reloaded else {
        continue
      }
      let tally = tallies[newSection] ?? Tally()
      try Self.checkCount(
        newSection: newSection, oldSection: oldSection, old: oldRowCount(oldSection), new: newRowCount(newSection),
        tally: tally)
      checked.insert(newSection)
    }
    for path in update.insertedRows {
      let rows = try newRowCount(path.section)
      guard path.row < rows else {
        throw Self.invalid(
          "attempt to insert row \(path.row) into section \(path.section), but there are only "
            + "\(rows) rows in section \(path.section) after the update")
      }
    }
    for move in update.movedRows {
      let rows = try newRowCount(move.to.section)
      guard move.to.row < rows else {
        throw Self.invalid(
          "attempt to \(Self.move(move)), but there are only \(rows) rows in section "
            + "\(move.to.section) after the update")
      }
    }
    // Inserted and reloaded sections come with their new counts.
    var fresh: [Int: Int] = [:]
    for section in inserted { fresh[section] = try newRowCount(section) }
    for section in reloadedSections {
      let newSection = sectionMapping.newSection(forOld: section)!
      fresh[newSection] = try newRowCount(newSection)
    }
    freshSectionRowCounts = fresh
    checkedSections = checked

    for key in removedRows.keys { removedRows[key]!.sort() }
    for key in addedRows.keys { addedRows[key]!.sort() }
    self.oldRowFate = oldRowFate
    self.newRowSource = newRowSource
    mapping = BatchUpdateMapping(
      removedSections: removedSections, addedSections: addedSections, deletedSections: deleted,
      reloadedSections: reloadedSections, insertedSections: inserted, sectionDestinations: destinations,
      sectionSources: sources, removedRows: removedRows, addedRows: addedRows, rowDestinations: rowDestinations,
      rowSources: rowSources, reloadedRows: reloadedRows)
  }

  /// With every section's counts at hand: the sections the update does not touch must keep theirs.
  /// - Complexity: O(s log k) for s sections and k operations.
  func checkUntouchedSections(oldRowCounts: [Int], newRowCounts: [Int]) throws(TableViewError) {
    for newSection in 0..<newSectionCount where !checkedSections.contains(newSection) {
      guard let oldSection = mapping.oldSection(forNew: newSection), oldFate[oldSection] != .reloaded else { continue }
      try Self.checkCount(
        newSection: newSection, oldSection: oldSection, old: oldRowCounts[oldSection],
        new: newRowCounts[newSection], tally: Tally())
    }
  }

  /// UIKit's rule for a carried section: the count after is the count before, minus the rows
  /// deleted and moved out, plus the rows inserted and moved in.
  private static func checkCount(newSection: Int, oldSection: Int, old: Int, new: Int, tally: Tally)
    throws(TableViewError)
  {
    let expected = old - tally.deleted - tally.movedOut + tally.inserted + tally.movedIn
    guard new == expected else {
      let before = oldSection == newSection ? "" : " (section \(oldSection) before the update)"
      throw Self.invalid(
        "invalid number of rows in section \(newSection)\(before). The number of rows contained in an existing "
          + "section after the update (\(new)) must be equal to the number of rows contained "
          + "in that section before the update (\(old)), plus or minus the number of rows "
          + "inserted or deleted from that section (\(tally.inserted) inserted, \(tally.deleted) deleted) and plus "
          + "or minus the number of rows moved into or out of that section (\(tally.movedIn) moved in, "
          + "\(tally.movedOut) moved out).")
    }
  }

  private static func checkNegativeIndexes(_ update: BatchUpdate) throws(TableViewError) {
    let sectionLists = [
      ("delete", update.deletedSections), ("reload", update.reloadedSections), ("insert", update.insertedSections),
    ]
    for (verb, list) in sectionLists {
      for section in list where section < 0 {
        throw Self.invalid("attempt to \(verb) section \(section): section indexes must not be negative")
      }
    }
    for move in update.movedSections where move.from < 0 || move.to < 0 {
      throw Self.invalid(
        "attempt to move section \(move.from) to section \(move.to): section indexes must not be negative")
    }
    let rowLists = [("delete", update.deletedRows), ("reload", update.reloadedRows), ("insert", update.insertedRows)]
    for (verb, list) in rowLists {
      for path in list where path.section < 0 || path.row < 0 {
        let description =
          verb == "insert" ? "insert row \(path.row) into section \(path.section)" : "\(verb) \(Self.row(path))"
        throw Self.invalid("attempt to \(description): indexes must not be negative")
      }
    }
    for move in update.movedRows where min(move.from.section, move.from.row, move.to.section, move.to.row) < 0 {
      throw Self.invalid("attempt to \(Self.move(move)): indexes must not be negative")
    }
  }

  /// What happens to each touched section, in both index spaces, with the section count checked.
  private static func sectionFates(_ update: BatchUpdate, oldCount: Int, newCount: Int) throws(TableViewError) -> (
    [Int: OldSectionFate], [Int: NewSectionSource]
  ) {
    var oldFate: [Int: OldSectionFate] = [:]
    for section in update.deletedSections {
      guard section < oldCount else {
        throw Self.invalid(
          "attempt to delete section \(section), but there are only \(oldCount) sections before the update")
      }
      guard oldFate[section] == nil else { throw Self.invalid("attempt to delete section \(section) more than once") }
      oldFate[section] = .deleted
    }
    for section in update.reloadedSections {
      guard section < oldCount else {
        throw Self.invalid(
          "attempt to reload section \(section), but there are only \(oldCount) sections before the update")
      }
      switch oldFate[section] {
      case nil, .reloaded: oldFate[section] = .reloaded
      case .deleted, .moved: throw Self.invalid("attempt to delete and reload section \(section)")
      }
    }
    for move in update.movedSections {
      guard move.from < oldCount else {
        throw Self.invalid(
          "attempt to move section \(move.from), but there are only \(oldCount) sections before the update")
      }
      switch oldFate[move.from] {
      case nil: oldFate[move.from] = .moved
      case .deleted: throw Self.invalid("attempt to delete and move section \(move.from)")
      case .reloaded: throw Self.invalid("attempt to reload and move section \(move.from)")
      case .moved: throw Self.invalid("attempt to move section \(move.from) more than once")
      }
    }

    var newSource: [Int: NewSectionSource] = [:]
    for section in update.insertedSections {
      guard newSource[section] == nil else {
        throw Self.invalid("attempt to insert section \(section) more than once")
      }
      newSource[section] = .inserted
    }
    for move in update.movedSections {
      switch newSource[move.to] {
      case nil: newSource[move.to] = .moved(from: move.from)
      case .inserted:
        throw Self.invalid(
          "attempt to move section \(move.from) to section \(move.to), which is also inserted in the same update")
      case .moved(let other):
        throw Self.invalid("attempt to move both section \(other) and section \(move.from) to section \(move.to)")
      }
    }
    let insertedSectionCount = update.insertedSections.count
    let deletedSectionCount = update.deletedSections.count
    guard oldCount - deletedSectionCount + insertedSectionCount == newCount else {
      throw Self.invalid(
        "invalid number of sections. The number of sections contained in the table view after the update (\(newCount)) "
          + "must be equal to the number of sections contained in the table view before the update (\(oldCount)), "
          + "plus or minus the number of sections inserted or deleted "
          + "(\(insertedSectionCount) inserted, \(deletedSectionCount) deleted).")
    }
    for section in update.insertedSections where section >= newCount {
      throw Self.invalid(
        "attempt to insert section \(section), but there are only \(newCount) sections after the update")
    }
    for move in update.movedSections where move.to >= newCount {
      throw Self.invalid(
        "attempt to move section \(move.from) to section \(move.to), "
          + "but there are only \(newCount) sections after the update")
    }
    return (oldFate, newSource)
  }
}
