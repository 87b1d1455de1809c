// Validation and normalization of a `BatchUpdate`, with UIKit's rules.
//
// Nothing here is proportional to the number of rows: a plan costs O(s + k log k) to build and
// O(k) to store, where s is the number of sections and k the number of operations, so a table
// of 10⁷ rows updates as cheaply as a table of ten.

/// One primitive step of a batch update's edit script (see ``BatchUpdatePlan/edits``).
///
/// Every index is the **current** index at the moment the step is applied, after all the steps
/// before it. Stash numbers pair an extraction with its re-insertion: each stash number is
/// extracted exactly once and inserted exactly once, later; rows and sections share one
/// numbering, dense from 0 up to ``BatchUpdatePlan/stashCount`` (excluded).
public enum BatchEdit: Hashable, Sendable, CustomStringConvertible {
  /// Removes the section at this index and all its rows, for good.
  case deleteSection(Int)
  /// Removes the section at this index with its rows and keeps it aside under `stash`,
  /// to be put back by ``insertStashedSection(_:stash:)``.
  case extractSection(Int, stash: Int)
  /// Removes the rows in `range` of `section`, for good.
  case deleteRows(section: Int, range: Range<Int>)
  /// Removes the row at this index path and keeps it aside under `stash`, to be put back by
  /// ``insertStashedRow(_:stash:)``. The row keeps its content and height.
  case extractRow(IndexPath, stash: Int)
  /// Inserts a new section at this index, holding `rowCount` new rows.
  case insertSection(Int, rowCount: Int)
  /// Inserts the section kept under `stash` at this index, with the rows it held when extracted.
  case insertStashedSection(Int, stash: Int)
  /// Inserts new rows at `range` of `section` (the first new row takes index `range.lowerBound`).
  case insertRows(section: Int, range: Range<Int>)
  /// Inserts the row kept under `stash` at this index path.
  case insertStashedRow(IndexPath, stash: Int)
  /// The row at this index path (final coordinates) stays, but its content and height are stale.
  case reloadRow(IndexPath)

  /// A compact description, such as `deleteRows(0, 2..<5)`.
  public var description: String {
    switch self {
    case .deleteSection(let section): "deleteSection(\(section))"
    case .extractSection(let section, let stash): "extractSection(\(section), stash: \(stash))"
    case .deleteRows(let section, let range): "deleteRows(\(section), \(range))"
    case .extractRow(let path, let stash): "extractRow(\(path), stash: \(stash))"
    case .insertSection(let section, let rowCount): "insertSection(\(section), rowCount: \(rowCount))"
    case .insertStashedSection(let section, let stash): "insertStashedSection(\(section), stash: \(stash))"
    case .insertRows(let section, let range): "insertRows(\(section), \(range))"
    case .insertStashedRow(let path, let stash): "insertStashedRow(\(path), stash: \(stash))"
    case .reloadRow(let path): "reloadRow(\(path))"
    }
  }
}

extension BatchUpdate {
  /// Validates this update against the row counts before and after it, with UIKit's rules,
  /// and normalizes it into a ``BatchUpdatePlan``.
  ///
  /// - Parameters:
  ///   - oldRowCounts: The number of rows of each section before the update.
  ///   - newRowCounts: The number of rows of each section after the update, as the data
  ///     source reports them.
  /// - Throws: ``TableViewError`` of kind ``TableViewError/Kind/invalidUpdate`` naming the
  ///   offending section, row and counts when the update is inconsistent: counts that do not
  ///   add up (UIKit's "Invalid update: invalid number of rows in section 0 …"), an index out
  ///   of range in its own index space, a negative index, a row or section deleted twice,
  ///   deleted and moved, moved twice, two moves or inserts to the same destination, a reload
  ///   of a deleted or moved row, or row changes inside a section that is itself inserted,
  ///   deleted or reloaded. A negative count is ``TableViewError/Kind/invalidDataSource``.
  /// - Complexity: O(*s* + *k* log *k*), where *s* is the number of sections and *k* the
  ///   number of operations; never proportional to the number of rows.
  public func plan(oldRowCounts: [Int], newRowCounts: [Int]) throws(TableViewError) -> BatchUpdatePlan {
    try BatchUpdatePlan(self, oldRowCounts: oldRowCounts, newRowCounts: newRowCounts)
  }
}

/// A validated, normalized batch update: how every old row and section maps to the new
/// structure, and an edit script that turns the old structure into the new one.
///
/// Sections and rows fall in three groups:
///
/// - **carried**: an old section that is neither deleted nor reloaded lives on at
///   ``newSection(forOld:)`` (moved or not) with its surviving rows; an old row that is neither
///   deleted nor in a deleted or reloaded section lives on at ``newIndexPath(forOld:)``
///   (moved rows at their destination; reloaded rows at their position, flagged by
///   ``isReloaded(old:)``);
/// - **removed**: deleted rows and sections, and the rows of reloaded sections, map to `nil`;
/// - **new**: inserted rows and sections, and every row of a reloaded section, have no old
///   counterpart (``oldIndexPath(forNew:)`` is `nil`).
///
/// A reloaded section keeps a place in the section mapping (``newSection(forOld:)`` gives the
/// position it takes, like any section that is not moved) but all its rows are new.
public struct BatchUpdatePlan: Sendable {
  /// The number of rows of each section before the update.
  public let oldRowCounts: [Int]
  /// The number of rows of each section after the update.
  public let newRowCounts: [Int]
  /// The edit script: primitive steps that, applied in order, each with the current indexes
  /// at the moment it is applied, turn the old structure into the new one.
  ///
  /// The script has three phases:
  /// 1. in the old index space, sections from last to first: a deleted or reloaded section is
  ///    deleted; in a carried section, rows are deleted (contiguous runs coalesced into one
  ///    ``BatchEdit/deleteRows(section:range:)``) and moved-out rows extracted, from the last
  ///    row to the first; then a moved section is extracted with its remaining rows;
  /// 2. in the new index space, sections from first to last: inserted and reloaded sections
  ///    are inserted with their new row count, moved sections put back; then, in each carried
  ///    section, new rows (coalesced) and moved-in rows are inserted from the first row to the
  ///    last — every index is then final;
  /// 3. ``BatchEdit/reloadRow(_:)`` for each reloaded row, at its final index path, ascending.
  ///
  /// Its length is at most twice the number of operations of the update.
  public let edits: [BatchEdit]
  /// The number of stash slots the edit script uses (stash numbers are `0..<stashCount`).
  public let stashCount: Int

  /// How old rows and sections map to new ones.
  private let mapping: Mapping

  /// The number of sections before the update.
  public var oldSectionCount: Int { oldRowCounts.count }
  /// The number of sections after the update.
  public var newSectionCount: Int { newRowCounts.count }

  // MARK: Mapping

  /// The index after the update of the section at `oldSection` before it; `nil` if that
  /// section is deleted or out of range.
  ///
  /// A reloaded section maps to the position it takes after the update (where it would be had
  /// it not been reloaded), but its rows are all new: see ``isSectionReloaded(old:)``.
  /// - Complexity: O(1).
  public func newSection(forOld oldSection: Int) -> Int? {
    guard oldSection >= 0, oldSection < mapping.newSectionOfOld.count else { return nil }
    let section = mapping.newSectionOfOld[oldSection]
    return section < 0 ? nil : section
  }

  /// The index before the update of the section at `newSection` after it; `nil` if that
  /// section is inserted or out of range. A reloaded section maps back to its old index.
  /// - Complexity: O(1).
  public func oldSection(forNew newSection: Int) -> Int? {
    guard newSection >= 0, newSection < mapping.oldSectionOfNew.count else { return nil }
    let section = mapping.oldSectionOfNew[newSection]
    return section < 0 ? nil : section
  }

  /// Whether the section at `oldSection` (before the update) is reloaded: it keeps a position,
  /// but none of its rows survive.
  /// - Complexity: O(1).
  public func isSectionReloaded(old oldSection: Int) -> Bool {
    mapping.reloadedSections.contains(oldSection)
  }

  /// The index path after the update of the row at `oldIndexPath` before it.
  ///
  /// `nil` if the row is deleted, its section is deleted or reloaded, or `oldIndexPath` is out
  /// of range. A moved row maps to its destination; a reloaded row maps to its position (and
  /// ``isReloaded(old:)`` is `true`).
  /// - Complexity: O(log *k*), *k* being the number of operations.
  public func newIndexPath(forOld oldIndexPath: IndexPath) -> IndexPath? {
    let (section, row) = (oldIndexPath.section, oldIndexPath.row)
    guard section >= 0, section < oldRowCounts.count, row >= 0, row < oldRowCounts[section] else { return nil }
    return mapping.newIndexPath(forOld: oldIndexPath)
  }

  /// The index path before the update of the row at `newIndexPath` after it.
  ///
  /// `nil` if the row is inserted, belongs to an inserted or reloaded section, or
  /// `newIndexPath` is out of range. A moved row maps back to its source.
  /// - Complexity: O(log *k*), *k* being the number of operations.
  public func oldIndexPath(forNew newIndexPath: IndexPath) -> IndexPath? {
    let (section, row) = (newIndexPath.section, newIndexPath.row)
    guard section >= 0, section < newRowCounts.count, row >= 0, row < newRowCounts[section] else { return nil }
    return mapping.oldIndexPath(forNew: newIndexPath)
  }

  /// Whether the row at `oldIndexPath` (before the update) is reloaded with
  /// ``BatchUpdate/reloadRows(at:)``. Rows of reloaded sections are not: they map to `nil`.
  /// - Complexity: O(1).
  public func isReloaded(old oldIndexPath: IndexPath) -> Bool {
    mapping.reloadedRows.contains(oldIndexPath)
  }

  // MARK: Reference applier

  /// Applies ``edits`` to an array of sections of rows: the reference implementation of the
  /// edit script, for tests and as documentation.
  ///
  /// - Parameters:
  ///   - sections: The structure before the update (its shape must match ``oldRowCounts``);
  ///     on return, the structure after it.
  ///   - fresh: Makes a new row, given its final index path.
  ///   - reload: Updates a reloaded row in place, given its final index path; by default the
  ///     row is left as it is.
  /// - Precondition: `sections` has the shape ``oldRowCounts`` describes.
  /// - Complexity: O(*n* × *e*) for *n* rows and *e* edits (array insertions are linear); a
  ///   balanced tree applies each edit in O(log *n*).
  public func apply<T>(
    to sections: inout [[T]], fresh: (IndexPath) -> T, reload: (inout T, IndexPath) -> Void = { _, _ in }
  ) {
    precondition(sections.map(\.count) == oldRowCounts, "the sections do not match the counts before the update")
    var stashedRows: [Int: T] = [:]
    var stashedSections: [Int: [T]] = [:]
    for edit in edits {
      switch edit {
      case .deleteSection(let section):
        sections.remove(at: section)
      case .extractSection(let section, let stash):
        stashedSections[stash] = sections.remove(at: section)
      case .deleteRows(let section, let range):
        sections[section].removeSubrange(range)
      case .extractRow(let path, let stash):
        stashedRows[stash] = sections[path.section].remove(at: path.row)
      case .insertSection(let section, let rowCount):
        sections.insert((0..<rowCount).map { fresh(IndexPath(row: $0, section: section)) }, at: section)
      case .insertStashedSection(let section, let stash):
        sections.insert(stashedSections.removeValue(forKey: stash)!, at: section)
      case .insertRows(let section, let range):
        let rows = range.map { fresh(IndexPath(row: $0, section: section)) }
        sections[section].insert(contentsOf: rows, at: range.lowerBound)
      case .insertStashedRow(let path, let stash):
        sections[path.section].insert(stashedRows.removeValue(forKey: stash)!, at: path.row)
      case .reloadRow(let path):
        reload(&sections[path.section][path.row], path)
      }
    }
  }

  // MARK: Validation and normalization

  private enum OldSectionFate { case kept, deleted, reloaded, moved }
  private enum NewSectionSource {
    case inserted
    case moved(from: Int)
  }
  private enum OldRowFate { case deleted, moved, reloaded }
  private enum NewRowSource {
    case inserted
    case moved(from: IndexPath)
  }

  /// Per-section tallies for the row-count check.
  private struct Tally {
    var deleted = 0
    var movedOut = 0
    var inserted = 0
    var movedIn = 0
  }

  private static func invalid(_ message: String) -> TableViewError {
    TableViewError(.invalidUpdate, "Invalid update: " + message)
  }

  private static func row(_ path: IndexPath) -> String {
    "row \(path.row) from section \(path.section)"
  }

  private static func move(_ move: BatchUpdate.RowMove) -> String {
    "move row \(move.from.row) from section \(move.from.section) to row \(move.to.row) of section \(move.to.section)"
  }

  fileprivate init(_ update: BatchUpdate, oldRowCounts: [Int], newRowCounts: [Int]) throws(TableViewError) {
    self.oldRowCounts = oldRowCounts
    self.newRowCounts = newRowCounts
    let oldCount = oldRowCounts.count
    let newCount = newRowCounts.count
    for (section, count) in oldRowCounts.enumerated() where count < 0 {
      throw TableViewError(
        .invalidDataSource,
        "Invalid update: section \(section) had a negative number of rows (\(count)) before the update")
    }
    for (section, count) in newRowCounts.enumerated() where count < 0 {
      throw TableViewError(
        .invalidDataSource,
        "Invalid update: section \(section) has a negative number of rows (\(count)) after the update")
    }

    // Negative indexes.
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

    // Sections, old index space.
    var oldFate = [OldSectionFate](repeating: .kept, count: oldCount)
    for section in update.deletedSections {
      guard section < oldCount else {
        throw Self.invalid(
          "attempt to delete section \(section), but there are only \(oldCount) sections before the update")
      }
      guard oldFate[section] == .kept else { throw Self.invalid("attempt to delete section \(section) more than once") }
      oldFate[section] = .deleted
    }
    var reloadedSections = Set<Int>()
    for section in update.reloadedSections {
      guard section < oldCount else {
        throw Self.invalid(
          "attempt to reload section \(section), but there are only \(oldCount) sections before the update")
      }
      switch oldFate[section] {
      case .kept, .reloaded:
        oldFate[section] = .reloaded
        reloadedSections.insert(section)
      case .deleted, .moved:
        throw Self.invalid("attempt to delete and reload section \(section)")
      }
    }
    for move in update.movedSections {
      guard move.from < oldCount else {
        throw Self.invalid(
          "attempt to move section \(move.from), but there are only \(oldCount) sections before the update")
      }
      switch oldFate[move.from] {
      case .kept: oldFate[move.from] = .moved
      case .deleted: throw Self.invalid("attempt to delete and move section \(move.from)")
      case .reloaded: throw Self.invalid("attempt to reload and move section \(move.from)")
      case .moved: throw Self.invalid("attempt to move section \(move.from) more than once")
      }
    }

    // Sections, new index space.
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

    // The section mapping: sections that are not moved (kept or reloaded) fill, in order, the
    // places that are neither inserted nor the destination of a move.
    var newSectionOfOld = [Int](repeating: -1, count: oldCount)
    var oldSectionOfNew = [Int](repeating: -1, count: newCount)
    for (section, source) in newSource {
      if case .moved(let from) = source {
        oldSectionOfNew[section] = from
        newSectionOfOld[from] = section
      }
    }
    var nextPlace = 0
    for section in 0..<oldCount where oldFate[section] == .kept || oldFate[section] == .reloaded {
      while newSource[nextPlace] != nil { nextPlace += 1 }
      newSectionOfOld[section] = nextPlace
      oldSectionOfNew[nextPlace] = section
      nextPlace += 1
    }

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
      case .kept, .moved: break
      }
      guard path.row < oldRowCounts[path.section] else {
        throw Self.invalid(
          "attempt to \(description()), but section \(path.section) only contains "
            + "\(oldRowCounts[path.section]) rows before the update")
      }
    }
    var oldRowFate: [IndexPath: OldRowFate] = [:]
    var tallies: [Int: Tally] = [:]  // keyed by new section
    var removedRows: [Int: [Int]] = [:]
    for path in update.deletedRows {
      try checkOld(path, "delete \(Self.row(path))")
      guard oldRowFate[path] == nil else { throw Self.invalid("attempt to delete \(Self.row(path)) more than once") }
      oldRowFate[path] = .deleted
      tallies[newSectionOfOld[path.section], default: Tally()].deleted += 1
      removedRows[path.section, default: []].append(path.row)
    }
    var rowDestinations: [IndexPath: IndexPath] = [:]
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
      tallies[newSectionOfOld[move.from.section], default: Tally()].movedOut += 1
      removedRows[move.from.section, default: []].append(move.from.row)
    }
    var reloadedRows = Set<IndexPath>()
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
      let oldSection = oldSectionOfNew[path.section]
      if oldSection < 0 {
        throw Self.invalid("attempt to \(description()), but section \(path.section) is inserted in the same update")
      }
      if oldFate[oldSection] == .reloaded {
        let before = oldSection == path.section ? "" : " (section \(oldSection) before the update)"
        throw Self.invalid(
          "attempt to \(description()), but section \(path.section) is reloaded in the same update\(before)")
      }
    }
    var newRowSource: [IndexPath: NewRowSource] = [:]
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

    // Row counts of the carried sections.
    for newSection in 0..<newCount {
      let oldSection = oldSectionOfNew[newSection]
      guard oldSection >= 0, oldFate[oldSection] != .reloaded else { continue }
      let tally = tallies[newSection] ?? Tally()
      let expected = oldRowCounts[oldSection] - tally.deleted - tally.movedOut + tally.inserted + tally.movedIn
      guard newRowCounts[newSection] == expected else {
        let before = oldSection == newSection ? "" : " (section \(oldSection) before the update)"
        throw Self.invalid(
          "invalid number of rows in section \(newSection)\(before). The number of rows contained in an existing "
            + "section after the update (\(newRowCounts[newSection])) must be equal to the number of rows contained "
            + "in that section before the update (\(oldRowCounts[oldSection])), plus or minus the number of rows "
            + "inserted or deleted from that section (\(tally.inserted) inserted, \(tally.deleted) deleted) and plus "
            + "or minus the number of rows moved into or out of that section (\(tally.movedIn) moved in, "
            + "\(tally.movedOut) moved out).")
      }
    }
    for path in update.insertedRows where path.row >= newRowCounts[path.section] {
      throw Self.invalid(
        "attempt to insert row \(path.row) into section \(path.section), but there are only "
          + "\(newRowCounts[path.section]) rows in section \(path.section) after the update")
    }
    for move in update.movedRows where move.to.row >= newRowCounts[move.to.section] {
      throw Self.invalid(
        "attempt to \(Self.move(move)), but there are only \(newRowCounts[move.to.section]) rows in section "
          + "\(move.to.section) after the update")
    }

    for key in removedRows.keys { removedRows[key]!.sort() }
    for key in addedRows.keys { addedRows[key]!.sort() }
    let mapping = Mapping(
      newSectionOfOld: newSectionOfOld, oldSectionOfNew: oldSectionOfNew, reloadedSections: reloadedSections,
      removedRows: removedRows, addedRows: addedRows, rowDestinations: rowDestinations, rowSources: rowSources,
      reloadedRows: reloadedRows)
    self.mapping = mapping

    // The edit script.
    var edits: [BatchEdit] = []
    var stashCount = 0
    var rowStash: [IndexPath: Int] = [:]
    var sectionStash: [Int: Int] = [:]

    // Phase 1: old index space, sections descending, rows descending.
    var touchedOld = Set(removedRows.keys)
    touchedOld.formUnion(update.deletedSections)
    touchedOld.formUnion(reloadedSections)
    touchedOld.formUnion(update.movedSections.lazy.map(\.from))
    for section in touchedOld.sorted(by: >) {
      if oldFate[section] == .deleted || oldFate[section] == .reloaded {
        edits.append(.deleteSection(section))
        continue
      }
      var run: Range<Int>? = nil
      for row in (removedRows[section] ?? []).reversed() {
        let path = IndexPath(row: row, section: section)
        if oldRowFate[path] == .moved {
          if let pending = run { edits.append(.deleteRows(section: section, range: pending)) }
          run = nil
          edits.append(.extractRow(path, stash: stashCount))
          rowStash[path] = stashCount
          stashCount += 1
        } else if let pending = run, pending.lowerBound == row + 1 {
          run = row..<pending.upperBound
        } else {
          if let pending = run { edits.append(.deleteRows(section: section, range: pending)) }
          run = row..<row + 1
        }
      }
      if let pending = run { edits.append(.deleteRows(section: section, range: pending)) }
      if oldFate[section] == .moved {
        edits.append(.extractSection(section, stash: stashCount))
        sectionStash[section] = stashCount
        stashCount += 1
      }
    }

    // Phase 2: new index space, sections ascending, rows ascending.
    var touchedNew = Set(addedRows.keys)
    touchedNew.formUnion(newSource.keys)
    touchedNew.formUnion(reloadedSections.lazy.map { newSectionOfOld[$0] })
    for section in touchedNew.sorted() {
      let oldSection = oldSectionOfNew[section]
      if oldSection < 0 || oldFate[oldSection] == .reloaded {
        edits.append(.insertSection(section, rowCount: newRowCounts[section]))
        continue
      }
      if let stash = sectionStash[oldSection] {
        edits.append(.insertStashedSection(section, stash: stash))
      }
      var run: Range<Int>? = nil
      for row in addedRows[section] ?? [] {
        let path = IndexPath(row: row, section: section)
        if case .moved(let from) = newRowSource[path] {
          if let pending = run { edits.append(.insertRows(section: section, range: pending)) }
          run = nil
          edits.append(.insertStashedRow(path, stash: rowStash[from]!))
        } else if let pending = run, pending.upperBound == row {
          run = pending.lowerBound..<row + 1
        } else {
          if let pending = run { edits.append(.insertRows(section: section, range: pending)) }
          run = row..<row + 1
        }
      }
      if let pending = run { edits.append(.insertRows(section: section, range: pending)) }
    }

    // Phase 3: reload marks, final coordinates.
    let reloads = reloadedRows.map { mapping.newIndexPath(forOld: $0)! }.sorted()
    self.edits = edits + reloads.map(BatchEdit.reloadRow)
    self.stashCount = stashCount
  }
}

/// How the rows and sections of a validated batch update map between the index spaces.
private struct Mapping: Sendable {
  /// For each old section, its new index, or -1 when deleted.
  let newSectionOfOld: [Int]
  /// For each new section, its old index, or -1 when inserted.
  let oldSectionOfNew: [Int]
  /// Old indexes of reloaded sections.
  let reloadedSections: Set<Int>
  /// For each carried old section with removals: its deleted and moved-out rows, ascending.
  let removedRows: [Int: [Int]]
  /// For each carried new section with additions: its inserted and moved-in rows, ascending.
  let addedRows: [Int: [Int]]
  /// Moved rows: old index path to new index path.
  let rowDestinations: [IndexPath: IndexPath]
  /// Moved rows: new index path to old index path.
  let rowSources: [IndexPath: IndexPath]
  /// Old index paths of reloaded rows.
  let reloadedRows: Set<IndexPath>

  /// Maps an old index path known to be in range.
  ///
  /// A surviving row that is not moved is the k-th survivor of its section (k = its row minus
  /// the rows removed before it); it takes the k-th place of its new section that no inserted
  /// or moved-in row takes.
  func newIndexPath(forOld path: IndexPath) -> IndexPath? {
    if let destination = rowDestinations[path] { return destination }
    let newSection = newSectionOfOld[path.section]
    guard newSection >= 0, !reloadedSections.contains(path.section) else { return nil }
    let removed = removedRows[path.section] ?? []
    let removedBefore = countLess(than: path.row, in: removed)
    if removedBefore < removed.count, removed[removedBefore] == path.row { return nil }
    let newRow = nthAbsent(path.row - removedBefore, from: addedRows[newSection] ?? [])
    return IndexPath(row: newRow, section: newSection)
  }

  /// Maps a new index path known to be in range: the inverse of `newIndexPath(forOld:)`.
  func oldIndexPath(forNew path: IndexPath) -> IndexPath? {
    if let source = rowSources[path] { return source }
    let oldSection = oldSectionOfNew[path.section]
    guard oldSection >= 0, !reloadedSections.contains(oldSection) else { return nil }
    let added = addedRows[path.section] ?? []
    let addedBefore = countLess(than: path.row, in: added)
    if addedBefore < added.count, added[addedBefore] == path.row { return nil }
    let oldRow = nthAbsent(path.row - addedBefore, from: removedRows[oldSection] ?? [])
    return IndexPath(row: oldRow, section: oldSection)
  }
}

/// The number of elements of the ascending array `sorted` that are less than `value`.
private func countLess(than value: Int, in sorted: [Int]) -> Int {
  var low = 0
  var high = sorted.count
  while low < high {
    let middle = (low + high) / 2
    if sorted[middle] < value { low = middle + 1 } else { high = middle }
  }
  return low
}

/// The `rank`-th (from 0) non-negative integer that is not in `taken` (ascending, distinct).
private func nthAbsent(_ rank: Int, from taken: [Int]) -> Int {
  // `taken[i] - i` is non-decreasing: count the taken values at or before the answer.
  var low = 0
  var high = taken.count
  while low < high {
    let middle = (low + high) / 2
    if taken[middle] - middle <= rank { low = middle + 1 } else { high = middle }
  }
  return rank + low
}
