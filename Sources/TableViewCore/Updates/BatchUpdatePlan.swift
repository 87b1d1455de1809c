// A validated batch update: how every old row and section maps to the new structure, and an edit
// script that turns one into the other. Built in three steps, one file each: validation with
// UIKit's rules (BatchUpdateValidation.swift), the sparse index mapping (BatchUpdateMapping.swift)
// and the edit script (BatchUpdatePlan+EditScript.swift).
//
// Nothing here is proportional to the number of rows, nor — when the row counts are asked
// section by section — to the number of sections: a plan costs O(k log k) to build and O(k) to
// store for k operations, so a table of 10⁷ rows in 10⁶ sections updates as cheaply as a table
// of ten.

extension BatchUpdate {
  /// Validates this update against the row counts before and after it, with UIKit's rules,
  /// and normalizes it into a ``BatchUpdatePlan``.
  ///
  /// Every section's count is checked: one that the update does not touch must keep its count.
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
  /// - Complexity: O(*s* log *k* + *k* log *k*), where *s* is the number of sections and *k* the
  ///   number of operations; never proportional to the number of rows.
  func plan(oldRowCounts: [Int], newRowCounts: [Int]) throws(TableViewError) -> BatchUpdatePlan {
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
    let validation = try BatchUpdateValidation(
      self, oldSectionCount: oldRowCounts.count, newSectionCount: newRowCounts.count,
      oldRowCount: { oldRowCounts[$0] }, newRowCount: { (section: Int) throws(TableViewError) in newRowCounts[section] }
    )
    try validation.checkUntouchedSections(oldRowCounts: oldRowCounts, newRowCounts: newRowCounts)
    return BatchUpdatePlan(validation, oldCounts: .all(oldRowCounts), newCounts: .all(newRowCounts))
  }

  /// Validates this update asking the row counts of only the sections it touches, and normalizes
  /// it into a ``BatchUpdatePlan``.
  ///
  /// A section the update does not touch (no row of it inserted, deleted, moved or reloaded, and
  /// the section itself not inserted, deleted, moved or reloaded) is taken to keep its count,
  /// unasked: this is what makes a one-row update in a table of a million sections cost
  /// microseconds, where UIKit asks every section.
  ///
  /// - Parameters:
  ///   - oldSectionCount: The number of sections before the update.
  ///   - newSectionCount: The number of sections after the update.
  ///   - oldRowCount: The number of rows of a section before the update (asked at most once per section).
  ///   - newRowCount: The number of rows of a section after the update (asked at most once per
  ///     section); may throw, e.g. for a negative count from a data source.
  /// - Throws: as ``plan(oldRowCounts:newRowCounts:)``, for the sections the update touches.
  /// - Complexity: O(*k* log *k*) for *k* operations, plus the counts asked (O(*k*) of them).
  func plan(
    oldSectionCount: Int, newSectionCount: Int, oldRowCount: (Int) -> Int,
    newRowCount: (Int) throws(TableViewError) -> Int
  ) throws(TableViewError) -> BatchUpdatePlan {
    var oldCounts: [Int: Int] = [:]
    var newCounts: [Int: Int] = [:]
    let validation = try BatchUpdateValidation(
      self, oldSectionCount: oldSectionCount, newSectionCount: newSectionCount,
      oldRowCount: { section in
        if let known = oldCounts[section] { return known }
        let count = oldRowCount(section)
        oldCounts[section] = count
        return count
      },
      newRowCount: { (section: Int) throws(TableViewError) in
        if let known = newCounts[section] { return known }
        let count = try newRowCount(section)
        guard count >= 0 else {
          throw TableViewError(
            .invalidDataSource,
            "Invalid update: section \(section) has a negative number of rows (\(count)) after the update")
        }
        newCounts[section] = count
        return count
      })
    return BatchUpdatePlan(
      validation, oldCounts: .some(oldCounts, sections: oldSectionCount),
      newCounts: .some(newCounts, sections: newSectionCount))
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
struct BatchUpdatePlan: Sendable {
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
  package let edits: [BatchEdit]
  /// The number of stash slots the edit script uses (stash numbers are `0..<stashCount`).
  package let stashCount: Int
  /// The number of sections before the update.
  let oldSectionCount: Int
  /// The number of sections after the update.
  let newSectionCount: Int

  /// How old rows and sections map to new ones.
  let mapping: BatchUpdateMapping
  /// The rows of the inserted and reloaded sections after the update, by new index.
  let freshSectionRowCounts: [Int: Int]
  /// The row counts known before and after the update: every section's when the plan was made
  /// from arrays, the touched sections' otherwise.
  private let oldCounts: KnownRowCounts
  private let newCounts: KnownRowCounts

  init(_ validation: BatchUpdateValidation, oldCounts: KnownRowCounts, newCounts: KnownRowCounts) {
    let (edits, stashCount) = Self.editScript(validation)
    self.init(
      mapping: validation.mapping, edits: edits, stashCount: stashCount, oldSectionCount: validation.oldSectionCount,
      newSectionCount: validation.newSectionCount, freshSectionRowCounts: validation.freshSectionRowCounts,
      oldCounts: oldCounts, newCounts: newCounts)
  }

  /// A plan from its parts, which must agree with one another (as a validation's do).
  init(
    mapping: BatchUpdateMapping, edits: [BatchEdit], stashCount: Int, oldSectionCount: Int, newSectionCount: Int,
    freshSectionRowCounts: [Int: Int], oldCounts: KnownRowCounts, newCounts: KnownRowCounts
  ) {
    self.mapping = mapping
    self.edits = edits
    self.stashCount = stashCount
    self.oldSectionCount = oldSectionCount
    self.newSectionCount = newSectionCount
    self.freshSectionRowCounts = freshSectionRowCounts
    self.oldCounts = oldCounts
    self.newCounts = newCounts
  }

  // MARK: Mapping

  /// The index after the update of the section at `oldSection` before it; `nil` if that
  /// section is deleted or out of range.
  ///
  /// A reloaded section maps to the position it takes after the update (where it would be had
  /// it not been reloaded), but its rows are all new: see ``isSectionReloaded(old:)``.
  /// - Complexity: O(log *k*), *k* being the number of operations.
  func newSection(forOld oldSection: Int) -> Int? {
    guard oldSection >= 0, oldSection < oldSectionCount else { return nil }
    return mapping.newSection(forOld: oldSection)
  }

  /// The index before the update of the section at `newSection` after it; `nil` if that
  /// section is inserted or out of range. A reloaded section maps back to its old index.
  /// - Complexity: O(log *k*), *k* being the number of operations.
  func oldSection(forNew newSection: Int) -> Int? {
    guard newSection >= 0, newSection < newSectionCount else { return nil }
    return mapping.oldSection(forNew: newSection)
  }

  /// Whether the section at `oldSection` (before the update) is reloaded: it keeps a position,
  /// but none of its rows survive.
  /// - Complexity: O(1).
  func isSectionReloaded(old oldSection: Int) -> Bool {
    mapping.reloadedSections.contains(oldSection)
  }

  /// The number of rows of `section` before the update, when the plan knows it: always for a plan
  /// made from arrays, for the sections the update touches otherwise.
  /// - Complexity: O(1).
  func oldRowCount(inSection section: Int) -> Int? { oldCounts.count(section) }

  /// The number of rows of `section` after the update, when the plan knows it (see
  /// ``oldRowCount(inSection:)``).
  /// - Complexity: O(1).
  func newRowCount(inSection section: Int) -> Int? { newCounts.count(section) }

  /// The index path after the update of the row at `oldIndexPath` before it.
  ///
  /// `nil` if the row is deleted, its section is deleted or reloaded, or `oldIndexPath` is out
  /// of range (a row of a section whose count the plan does not know is taken to be in range).
  /// A moved row maps to its destination; a reloaded row maps to its position (and
  /// ``isReloaded(old:)`` is `true`).
  /// - Complexity: O(log *k*), *k* being the number of operations.
  func newIndexPath(forOld oldIndexPath: IndexPath) -> IndexPath? {
    guard oldCounts.contains(oldIndexPath) else { return nil }
    return mapping.newIndexPath(forOld: oldIndexPath)
  }

  /// The index path before the update of the row at `newIndexPath` after it.
  ///
  /// `nil` if the row is inserted, belongs to an inserted or reloaded section, or
  /// `newIndexPath` is out of range (as in ``newIndexPath(forOld:)``). A moved row maps back to
  /// its source.
  /// - Complexity: O(log *k*), *k* being the number of operations.
  func oldIndexPath(forNew newIndexPath: IndexPath) -> IndexPath? {
    guard newCounts.contains(newIndexPath) else { return nil }
    return mapping.oldIndexPath(forNew: newIndexPath)
  }

  /// Whether the row at `oldIndexPath` (before the update) is reloaded with
  /// ``BatchUpdate/reloadRows(at:)``. Rows of reloaded sections are not: they map to `nil`.
  /// - Complexity: O(1).
  func isReloaded(old oldIndexPath: IndexPath) -> Bool {
    !mapping.reloadedRows.isEmpty && mapping.reloadedRows.contains(oldIndexPath)
  }

  /// The number of rows after the update, given the number before and the old row counts;
  /// `Int.max` when it would not fit in an `Int` (a data source reporting absurd counts).
  /// - Complexity: O(k) for k operations, plus a count asked per deleted or reloaded section.
  func rowCountAfter(rowCountBefore: Int, oldRowCount: (Int) -> Int) -> Int {
    var total = rowCountBefore
    var overflow = false
    func add(_ rows: Int) {
      let (sum, o) = total.addingReportingOverflow(rows)
      total = sum
      overflow = overflow || o
    }
    for rows in freshSectionRowCounts.values { add(rows) }
    for section in mapping.deletedSections.union(mapping.reloadedSections) { add(-oldRowCount(section)) }
    for rows in mapping.removedRows.values { add(-rows.count) }
    for rows in mapping.addedRows.values { add(rows.count) }
    return overflow ? .max : total
  }

  // MARK: Reference applier

  /// Applies the edit script to an array of sections of rows: the reference implementation of the
  /// edit script, for tests and as documentation.
  ///
  /// - Parameters:
  ///   - sections: The structure before the update (its shape must match the counts the plan
  ///     was made with); on return, the structure after it.
  ///   - fresh: Makes a new row, given its final index path.
  ///   - reload: Updates a reloaded row in place, given its final index path; by default the
  ///     row is left as it is.
  /// - Precondition: `sections` has the shape the plan's old counts describe.
  /// - Complexity: O(*n* × *e*) for *n* rows and *e* edits (array insertions are linear); a
  ///   balanced tree applies each edit in O(log *n*).
  func apply<T>(
    to sections: inout [[T]], fresh: (IndexPath) -> T, reload: (inout T, IndexPath) -> Void = { _, _ in }
  ) {
    precondition(
      sections.count == oldSectionCount
        && sections.indices.allSatisfy { section in
          oldCounts.count(section).map { count in count == sections[section].count } ?? true
        },
      "the sections do not match the counts before the update")
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
}

/// The row counts a plan knows: all sections', or some sections' out of a known number.
enum KnownRowCounts: Sendable {
  case all([Int])
  case some([Int: Int], sections: Int)

  /// The count of `section`, if known.
  func count(_ section: Int) -> Int? {
    switch self {
    case .all(let counts): section >= 0 && section < counts.count ? counts[section] : nil
    case .some(let counts, _): counts[section]
    }
  }

  /// Whether `path` is in range, as far as the counts tell.
  func contains(_ path: IndexPath) -> Bool {
    guard path.section >= 0, path.row >= 0 else { return false }
    switch self {
    case .all(let counts): return path.section < counts.count && path.row < counts[path.section]
    case .some(let counts, let sections):
      return path.section < sections && counts[path.section].map { path.row < $0 } ?? true
    }
  }
}
