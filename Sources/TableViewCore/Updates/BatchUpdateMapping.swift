/// How the sections and rows of a validated batch update map between the index spaces before and
/// after it, stored sparsely: only what the update touches is recorded, so a table of a million
/// sections maps as cheaply as a table of one.
///
/// Sections and rows follow one rule. The things that are not moved keep their order: an old
/// section that is neither deleted nor moved out (kept or reloaded) is the k-th such section,
/// and takes the k-th place after the update that no inserted or moved-in section takes. Rows
/// of a carried section do the same within their section.
struct BatchUpdateMapping: Sendable {
  /// Old sections that leave their place: deleted or moved out, ascending.
  let removedSections: [Int]
  /// New sections that are inserted or the destination of a move, ascending.
  let addedSections: [Int]
  /// Old sections that are deleted.
  let deletedSections: Set<Int>
  /// Old indexes of reloaded sections.
  let reloadedSections: Set<Int>
  /// New indexes of inserted sections.
  let insertedSections: Set<Int>
  /// Moved sections: old index to new index.
  let sectionDestinations: [Int: Int]
  /// Moved sections: new index to old index.
  let sectionSources: [Int: Int]
  /// For each carried old section with removals: its deleted and moved-out rows, as runs (a
  /// moved-out row is a run of its own).
  let removedRows: [Int: RowRuns]
  /// For each carried new section with additions: its inserted and moved-in rows, as runs (a
  /// moved-in row is a run of its own).
  let addedRows: [Int: RowRuns]
  /// Moved rows: old index path to new index path.
  let rowDestinations: [IndexPath: IndexPath]
  /// Moved rows: new index path to old index path.
  let rowSources: [IndexPath: IndexPath]
  /// Old index paths of reloaded rows.
  let reloadedRows: Set<IndexPath>

  /// The new index of old section `s` (which must be in range), or `nil` when it is deleted.
  /// - Complexity: O(log k) for k section operations.
  func newSection(forOld s: Int) -> Int? {
    if let destination = sectionDestinations[s] { return destination }
    if deletedSections.contains(s) { return nil }
    return nthAbsent(s - countLess(than: s, in: removedSections), from: addedSections)
  }

  /// The old index of new section `s` (which must be in range), or `nil` when it is inserted.
  /// - Complexity: O(log k) for k section operations.
  func oldSection(forNew s: Int) -> Int? {
    if let source = sectionSources[s] { return source }
    if insertedSections.contains(s) { return nil }
    return nthAbsent(s - countLess(than: s, in: addedSections), from: removedSections)
  }

  /// How the rows of old section `s` that are not moved map: `nil` when the section is deleted
  /// or reloaded (its rows go).
  /// - Complexity: O(log k) for k operations.
  func rows(ofOldSection s: Int) -> SectionRowMapping? {
    guard !reloadedSections.contains(s), let newSection = newSection(forOld: s) else { return nil }
    return SectionRowMapping(
      newSection: newSection, removed: removedRows[s] ?? .empty, added: addedRows[newSection] ?? .empty)
  }

  /// Maps an old index path known to be in range.
  ///
  /// A surviving row that is not moved is the k-th survivor of its section (k = its row minus
  /// the rows removed before it); it takes the k-th place of its new section that no inserted
  /// or moved-in row takes.
  func newIndexPath(forOld path: IndexPath) -> IndexPath? {
    // Most updates move no row: no hash of the path then (hashing an IndexPath is most of a lookup).
    if !rowDestinations.isEmpty, let destination = rowDestinations[path] { return destination }
    guard let section = rows(ofOldSection: path.section), let row = section.newRow(forOld: path.row) else {
      return nil
    }
    return IndexPath(row: row, section: section.newSection)
  }

  /// Maps a new index path known to be in range: the inverse of `newIndexPath(forOld:)`.
  func oldIndexPath(forNew path: IndexPath) -> IndexPath? {
    if !rowSources.isEmpty, let source = rowSources[path] { return source }
    guard let oldSection = oldSection(forNew: path.section), !reloadedSections.contains(oldSection) else {
      return nil
    }
    let added = addedRows[path.section] ?? .empty
    if added.contains(path.row) { return nil }
    let oldRow = (removedRows[oldSection] ?? .empty).nthAbsent(path.row - added.countLess(than: path.row))
    return IndexPath(row: oldRow, section: oldSection)
  }
}

/// Where the rows of one old section that are not moved go: the section's new index, and the
/// rows removed from it and added to it.
struct SectionRowMapping {
  let newSection: Int
  let removed: RowRuns
  let added: RowRuns

  /// Whether every row keeps its index.
  var keepsRows: Bool { removed.isEmpty && added.isEmpty }

  /// The new index of old row `row`, or `nil` when it is removed (deleted or moved out).
  /// - Complexity: O(log k) for k row operations in the section.
  func newRow(forOld row: Int) -> Int? {
    if removed.contains(row) { return nil }
    return added.nthAbsent(row - removed.countLess(than: row))
  }
}

/// Maps old index paths known to be in range (the rows that were on screen), section after
/// section, as ``BatchUpdateMapping/newIndexPath(forOld:)`` does: a section's mapping is looked up
/// once for all its rows, and a row whose path does not change is given back as it was. A layout
/// after an update maps every row on screen, and each read of an `IndexPath`'s section or row is a
/// call into Foundation.
struct VisibleRowMapper {
  let mapping: BatchUpdateMapping
  private var section = Int.min
  private var rows: SectionRowMapping?

  init(_ mapping: BatchUpdateMapping) { self.mapping = mapping }

  /// The row's index path after the update, or `nil` when it is deleted or reloaded with its section.
  mutating func newIndexPath(forOld path: IndexPath) -> IndexPath? {
    guard mapping.rowDestinations.isEmpty else { return mapping.newIndexPath(forOld: path) }
    let s = path.section
    if s != section {
      section = s
      rows = mapping.rows(ofOldSection: s)
    }
    guard let rows else { return nil }
    if rows.keepsRows { return rows.newSection == s ? path : IndexPath(row: path.row, section: rows.newSection) }
    let row = path.row
    guard let newRow = rows.newRow(forOld: row) else { return nil }
    return newRow == row && rows.newSection == s ? path : IndexPath(row: newRow, section: rows.newSection)
  }
}

/// The number of elements of the ascending array `sorted` that are less than `value`.
func countLess(than value: Int, in sorted: [Int]) -> Int {
  var low = 0
  var high = sorted.count
  while low < high {
    let middle = (low + high) / 2
    if sorted[middle] < value { low = middle + 1 } else { high = middle }
  }
  return low
}

/// The `rank`-th (from 0) non-negative integer that is not in `taken` (ascending, distinct).
func nthAbsent(_ rank: Int, from taken: [Int]) -> Int {
  // `taken[i] - i` is non-decreasing: count the taken values at or before the answer.
  var low = 0
  var high = taken.count
  while low < high {
    let middle = (low + high) / 2
    if taken[middle] - middle <= rank { low = middle + 1 } else { high = middle }
  }
  return rank + low
}
