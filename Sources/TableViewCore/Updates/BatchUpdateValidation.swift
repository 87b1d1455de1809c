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
  enum NewRowKind { case inserted, moved }

  /// Rows of one section that one operation names: a range, or one row.
  struct RowOp<Kind: Equatable> {
    var rows: ClosedRange<Int>
    var kind: Kind
    /// The index of the move in the update's `movedRows`, for a moved row (an index, not the
    /// move: a plain value sorts without retaining anything).
    var move: Int? = nil
  }

  /// A number of rows that stops at `Int.max` (ranges as long as `Int.max` must not trap).
  struct SaturatingCount: CustomStringConvertible {
    var value = 0
    mutating func add(_ rows: Int) {
      let (sum, overflow) = value.addingReportingOverflow(rows)
      value = overflow ? .max : sum
    }
    var description: String { String(value) }
  }

  /// Per-section tallies for the row-count check.
  struct Tally {
    var deleted = SaturatingCount()
    var movedOut = SaturatingCount()
    var inserted = SaturatingCount()
    var movedIn = SaturatingCount()
  }

  let oldSectionCount: Int
  let newSectionCount: Int
  /// Old sections that are not simply kept.
  let oldFate: [Int: OldSectionFate]
  /// New sections that are inserted or the destination of a move.
  let newSource: [Int: NewSectionSource]
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

    // Rows, old index space. A deleted range is one run; every other operation is a run of one row.
    func checkOld(_ run: BatchUpdate.RowRun, _ description: (Int) -> String) throws(TableViewError) {
      let section = run.section
      guard section < oldCount else {
        throw Self.invalid(
          "attempt to \(description(run.first)), but there are only \(oldCount) sections before the update")
      }
      switch oldFate[section] {
      case .deleted:
        throw Self.invalid("attempt to \(description(run.first)), but section \(section) is deleted in the same update")
      case .reloaded:
        throw Self.invalid(
          "attempt to \(description(run.first)), but section \(section) is reloaded in the same update")
      case nil, .moved: break
      }
      let count = oldRowCount(section)
      guard run.rows.upperBound < count else {
        // The first row out of range, as the index-path form names it.
        throw Self.invalid(
          "attempt to \(description(run.firstOutOfRange(count))), but section \(section) only contains \(count) rows before the update"
        )
      }
    }
    func one(_ path: IndexPath) -> BatchUpdate.RowRun {
      BatchUpdate.RowRun(section: path.section, rows: path.row...path.row)
    }
    var tallies: [Int: Tally] = [:]  // keyed by new section
    var oldOps: [Int: [RowOp<OldRowFate>]] = [:]
    for run in update.deletedRowRuns {
      try checkOld(run) { "delete \(Self.row(IndexPath(row: $0, section: run.section)))" }
      oldOps[run.section, default: []].append(RowOp(rows: run.rows, kind: .deleted))
      tallies[sectionMapping.newSection(forOld: run.section)!, default: Tally()].deleted.add(run.rows.count)
    }
    var rowDestinations: [IndexPath: IndexPath] = [:]
    rowDestinations.reserveIfLarge(update.movedRows.count)
    for (i, move) in update.movedRows.enumerated() {
      try checkOld(one(move.from)) { _ in Self.move(move) }
      oldOps[move.from.section, default: []].append(RowOp(rows: move.from.row...move.from.row, kind: .moved, move: i))
      rowDestinations[move.from] = move.to
      tallies[sectionMapping.newSection(forOld: move.from.section)!, default: Tally()].movedOut.add(1)
    }
    var reloadedRows = Set<IndexPath>()
    reloadedRows.reserveIfLarge(update.reloadedRows.count)
    for path in update.reloadedRows {
      try checkOld(one(path)) {
        "reload \(Self.row(IndexPath(row: $0, section: path.section)))"
      }
      oldOps[path.section, default: []].append(RowOp(rows: path.row...path.row, kind: .reloaded))
      reloadedRows.insert(path)
    }
    for section in oldOps.keys {
      try Self.checkOverlaps(&oldOps[section]!) { (first, second, row) throws(TableViewError) in
        let path = Self.row(IndexPath(row: row, section: section))
        switch (first.kind, second.kind) {
        case (.reloaded, .reloaded): return  // reloading a row twice is harmless
        case (.deleted, .deleted): throw Self.invalid("attempt to delete \(path) more than once")
        case (.moved, .moved): throw Self.invalid("attempt to move \(path) more than once")
        case (.deleted, .moved), (.moved, .deleted): throw Self.invalid("attempt to delete and move \(path)")
        case (.reloaded, .deleted), (.deleted, .reloaded):
          throw Self.invalid("attempt to reload \(path), which is deleted in the same update")
        case (.reloaded, .moved), (.moved, .reloaded):
          throw Self.invalid("attempt to reload \(path), which is moved in the same update")
        }
      }
    }

    // Rows, new index space.
    func checkNew(_ section: Int, _ description: @autoclosure () -> String) throws(TableViewError) {
      guard section < newCount else {
        throw Self.invalid("attempt to \(description()), but there are only \(newCount) sections after the update")
      }
      guard let oldSection = sectionMapping.oldSection(forNew: section) else {
        throw Self.invalid("attempt to \(description()), but section \(section) is inserted in the same update")
      }
      if oldFate[oldSection] == .reloaded {
        let before = oldSection == section ? "" : " (section \(oldSection) before the update)"
        throw Self.invalid(
          "attempt to \(description()), but section \(section) is reloaded in the same update\(before)")
      }
    }
    var newOps: [Int: [RowOp<NewRowKind>]] = [:]
    for run in update.insertedRowRuns {
      try checkNew(run.section, "insert row \(run.first) into section \(run.section)")
      newOps[run.section, default: []].append(RowOp(rows: run.rows, kind: .inserted))
      tallies[run.section, default: Tally()].inserted.add(run.rows.count)
    }
    var rowSources: [IndexPath: IndexPath] = [:]
    rowSources.reserveIfLarge(update.movedRows.count)
    for (i, move) in update.movedRows.enumerated() {
      try checkNew(move.to.section, Self.move(move))
      newOps[move.to.section, default: []].append(RowOp(rows: move.to.row...move.to.row, kind: .moved, move: i))
      rowSources[move.to] = move.from
      tallies[move.to.section, default: Tally()].movedIn.add(1)
    }
    for section in newOps.keys {
      try Self.checkOverlaps(&newOps[section]!) { (first, second, row) throws(TableViewError) in
        switch (first.move.map { update.movedRows[$0] }, second.move.map { update.movedRows[$0] }) {
        case (nil, nil): throw Self.invalid("attempt to insert row \(row) into section \(section) more than once")
        case (let move?, nil), (nil, let move?):
          throw Self.invalid("attempt to \(Self.move(move)), where a row is also inserted in the same update")
        case (let other?, let move?):
          throw Self.invalid(
            "attempt to move both \(Self.row(other.from)) and \(Self.row(move.from)) to row \(row) of section \(section)"
          )
        }
      }
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
    for run in update.insertedRowRuns {
      let rows = try newRowCount(run.section)
      guard run.rows.upperBound < rows else {
        throw Self.invalid(
          "attempt to insert row \(run.firstOutOfRange(rows)) into section \(run.section), but there are only "
            + "\(rows) rows in section \(run.section) after the update")
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

    // The operations of each section are sorted now: deletes and moves out, inserts and moves in
    // become the mapping's runs.
    var removedRows: [Int: RowRuns] = [:]
    for (section, ops) in oldOps {
      let runs = ops.lazy.filter { $0.kind != .reloaded }.map { $0.rows.lowerBound..<($0.rows.upperBound + 1) }
      if !runs.isEmpty { removedRows[section] = RowRuns(sorted: Array(runs)) }
    }
    var addedRows: [Int: RowRuns] = [:]
    for (section, ops) in newOps {
      addedRows[section] = RowRuns(sorted: ops.map { $0.rows.lowerBound..<($0.rows.upperBound + 1) })
    }
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
    // new + removed == old + added, with the counts (all non-negative) not trapping near `Int.max`:
    // a sum that does not fit cannot add up.
    let (removed, o1) = tally.deleted.value.addingReportingOverflow(tally.movedOut.value)
    let (added, o2) = tally.inserted.value.addingReportingOverflow(tally.movedIn.value)
    let (after, o3) = new.addingReportingOverflow(removed)
    let (before, o4) = old.addingReportingOverflow(added)
    guard !o1, !o2, !o3, !o4, after == before else {
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
    // In the index-path form's order: deletes, reloads, inserts.
    func checkRuns(_ runs: [BatchUpdate.RowRun], _ describe: (IndexPath) -> String) throws(TableViewError) {
      for run in runs where run.section < 0 || run.rows.lowerBound < 0 {
        // The first index path given with a negative index, as the index-path form names it.
        let path = IndexPath(row: run.section < 0 ? run.first : run.firstNegative, section: run.section)
        throw Self.invalid("attempt to \(describe(path)): indexes must not be negative")
      }
    }
    try checkRuns(update.deletedRowRuns) { "delete \(Self.row($0))" }
    for path in update.reloadedRows where path.section < 0 || path.row < 0 {
      throw Self.invalid("attempt to reload \(Self.row(path)): indexes must not be negative")
    }
    try checkRuns(update.insertedRowRuns) { "insert row \($0.row) into section \($0.section)" }
    for move in update.movedRows where min(move.from.section, move.from.row, move.to.section, move.to.row) < 0 {
      throw Self.invalid("attempt to \(Self.move(move)): indexes must not be negative")
    }
  }

  /// Sorts the operations of one section and calls `conflict` with the first two that share a
  /// row (and that row), for each such pair found: any two operations that share a row are met.
  /// - Complexity: O(k log k) for k operations.
  private static func checkOverlaps<Kind>(
    _ ops: inout [RowOp<Kind>], conflict: (RowOp<Kind>, RowOp<Kind>, Int) throws(TableViewError) -> Void
  ) throws(TableViewError) {
    // The operation reaching furthest is the one the next ones are checked against: an operation
    // that overlaps an earlier one overlaps it too. Only reloads of one row may meet (harmless);
    // any other operation that meets one of them meets a reach it conflicts with.
    ops.sort { $0.rows.lowerBound < $1.rows.lowerBound }
    guard var reach = ops.first else { return }
    for op in ops.dropFirst() {
      if op.rows.lowerBound <= reach.rows.upperBound { try conflict(reach, op, op.rows.lowerBound) }
      if op.rows.upperBound > reach.rows.upperBound { reach = op }
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
