// The short way through validation for the commonest update of all: one row inserted, deleted or
// moved (a message arriving, a row swiped away, a row dropped). The general validation builds a
// dozen dictionaries and sets to check an update of any shape; for one row the checks are a few
// comparisons, and the plan they lead to is written down directly. Whatever the short way cannot
// vouch for (an index out of range, counts that do not add up) goes the general way, which finds
// the same fault and names it as it always has: the short way never throws.

extension BatchUpdate {
  /// The one row this update inserts, deletes or moves, when that is all it does; `nil` for any
  /// other update.
  enum SingleRowOperation: Equatable {
    case insert(IndexPath)
    case delete(IndexPath)
    case move(from: IndexPath, to: IndexPath)
  }

  /// This update's only operation, when it is one row inserted, deleted or moved.
  /// - Complexity: O(1)
  var singleRowOperation: SingleRowOperation? {
    guard reloadedRows.isEmpty, insertedSections.isEmpty, deletedSections.isEmpty, reloadedSections.isEmpty,
      movedSections.isEmpty
    else { return nil }
    func one(_ runs: [RowRun]) -> IndexPath? {
      guard runs.count == 1, runs[0].rows.lowerBound == runs[0].rows.upperBound else { return nil }
      return IndexPath(row: runs[0].rows.lowerBound, section: runs[0].section)
    }
    switch (insertedRowRuns.isEmpty, deletedRowRuns.isEmpty, movedRows.count) {
    case (false, true, 0): return one(insertedRowRuns).map(SingleRowOperation.insert)
    case (true, false, 0): return one(deletedRowRuns).map(SingleRowOperation.delete)
    case (true, true, 1): return .move(from: movedRows[0].from, to: movedRows[0].to)
    default: return nil
    }
  }

  /// The plan of a one-row update (see ``singleRowOperation``) checked against every section's
  /// counts, as ``plan(oldRowCounts:newRowCounts:)`` makes it; `nil` when the update is not one row
  /// or when the general validation would find fault with it (it then finds it again and throws).
  /// - Complexity: O(s) for s sections (the counts compared); the plan holds one or two edits.
  func singleRowPlan(oldRowCounts: [Int], newRowCounts: [Int]) -> BatchUpdatePlan? {
    guard let operation = singleRowOperation, oldRowCounts.count == newRowCounts.count else { return nil }
    // What each touched section gains: +1 where a row arrives, -1 where one leaves.
    let (removed, added): (IndexPath?, IndexPath?)
    switch operation {
    case .insert(let path): (removed, added) = (nil, path)
    case .delete(let path): (removed, added) = (path, nil)
    case .move(let from, let to): (removed, added) = (from, to)
    }
    if let removed {
      guard removed.section >= 0, removed.section < oldRowCounts.count, removed.row >= 0,
        removed.row < oldRowCounts[removed.section]
      else { return nil }
    }
    if let added {
      guard added.section >= 0, added.section < newRowCounts.count, added.row >= 0,
        added.row < newRowCounts[added.section]
      else { return nil }
    }
    // UIKit's rule: every section ends with its count before, less the row leaving it, plus the row arriving.
    for section in oldRowCounts.indices {
      var expected = oldRowCounts[section]
      if removed?.section == section { expected -= 1 }
      if added?.section == section { expected += 1 }
      guard expected >= 0, newRowCounts[section] == expected else { return nil }
    }
    return BatchUpdatePlan(
      singleRow: operation, sectionCount: oldRowCounts.count, oldCounts: .all(oldRowCounts),
      newCounts: .all(newRowCounts))
  }
}

extension BatchUpdatePlan {
  /// The plan of a one-row update already checked (see ``BatchUpdate/singleRowPlan(oldRowCounts:newRowCounts:)``):
  /// the mapping and the edit script the general validation would give it.
  init(
    singleRow operation: BatchUpdate.SingleRowOperation, sectionCount: Int, oldCounts: KnownRowCounts,
    newCounts: KnownRowCounts
  ) {
    var removedRows: [Int: RowRuns] = [:]
    var addedRows: [Int: RowRuns] = [:]
    var rowDestinations: [IndexPath: IndexPath] = [:]
    var rowSources: [IndexPath: IndexPath] = [:]
    let edits: [BatchEdit]
    var stashCount = 0
    switch operation {
    case .insert(let path):
      addedRows[path.section] = RowRuns(sorted: [path.row..<(path.row + 1)])
      edits = [.insertRows(section: path.section, range: path.row..<(path.row + 1))]
    case .delete(let path):
      removedRows[path.section] = RowRuns(sorted: [path.row..<(path.row + 1)])
      edits = [.deleteRows(section: path.section, range: path.row..<(path.row + 1))]
    case .move(let from, let to):
      removedRows[from.section] = RowRuns(sorted: [from.row..<(from.row + 1)])
      addedRows[to.section] = RowRuns(sorted: [to.row..<(to.row + 1)])
      rowDestinations[from] = to
      rowSources[to] = from
      edits = [.extractRow(from, stash: 0), .insertStashedRow(to, stash: 0)]
      stashCount = 1
    }
    let mapping = BatchUpdateMapping(
      removedSections: [], addedSections: [], deletedSections: [], reloadedSections: [], insertedSections: [],
      sectionDestinations: [:], sectionSources: [:], removedRows: removedRows, addedRows: addedRows,
      rowDestinations: rowDestinations, rowSources: rowSources, reloadedRows: [])
    self.init(
      mapping: mapping, edits: edits, stashCount: stashCount, oldSectionCount: sectionCount,
      newSectionCount: sectionCount, freshSectionRowCounts: [:], oldCounts: oldCounts, newCounts: newCounts)
  }
}
