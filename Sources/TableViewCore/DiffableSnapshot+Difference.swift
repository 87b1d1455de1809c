// The difference between two snapshots as one batch update: sections and items are matched by
// identifier, and the fewest are moved — those outside one longest increasing subsequence of the
// old positions (the patience-sorting LIS, O(n log n)). This is the table's one diff.

extension DiffableSnapshot {
  /// The batch update that turns `old` into this snapshot.
  ///
  /// Sections are matched by identifier: the ones only in `old` are deleted, the ones only in
  /// this snapshot inserted, and the fewest are moved (the others keep their relative order).
  /// Items are matched likewise: an item that changes section becomes a row move; within a
  /// section, the fewest items are moved. Items and sections marked reloaded in this snapshot
  /// (``reloadItems(_:)``, ``reloadSections(_:)``; marks in `old` are ignored) become reloads,
  /// or, when they also move, a delete and an insert, since a reload cannot move. Items that
  /// come from or go to a section that is inserted, deleted or reloaded are inserted or
  /// deleted.
  ///
  /// The result validates with `plan(oldRowCounts: old.rowCounts, newRowCounts: rowCounts)`,
  /// and applying the plan to `old`'s items gives this snapshot's items.
  ///
  /// Inlinable, so that it is specialized for the identifier types where it is used: generic
  /// dictionaries of a million items cost several times their specialized form.
  /// - Complexity: O(*n* log *n*) for *n* items and sections in both snapshots.
  @inlinable
  public func batchUpdate(from old: DiffableSnapshot) -> BatchUpdate {
    var update = BatchUpdate()

    // Sections. `carriedTo[s]`: the new index of old section s when its rows carry over.
    var carriedTo = [Int?](repeating: nil, count: old.sections.count)
    var carriedFrom = [Int?](repeating: nil, count: sections.count)
    let commonSections = sections.indices.compactMap { new in old.sectionIndexes[sections[new]].map { (new, $0) } }
    let sectionStays = longestIncreasingSubsequence(commonSections.map(\.1))
    for ((new, old), stays) in zip(commonSections, sectionStays) {
      let reloaded = reloadedSectionIdentifiers.contains(sections[new])
      switch (stays, reloaded) {
      case (true, true):
        update.reloadSections([old])
      case (false, true):
        update.deleteSections([old])
        update.insertSections([new])
      case (false, false):
        update.moveSection(old, toSection: new)
        fallthrough
      case (true, false):
        carriedTo[old] = new
        carriedFrom[new] = old
      }
    }
    update.deleteSections(old.sections.indices.filter { sectionIndexes[old.sections[$0]] == nil })
    update.insertSections(sections.indices.filter { old.sectionIndexes[sections[$0]] == nil })

    // Items.
    var oldPaths: [ItemID: IndexPath] = [:]
    oldPaths.reserveCapacity(old.numberOfItems)
    for (section, rows) in old.items.enumerated() where carriedTo[section] != nil {
      for (row, item) in rows.enumerated() { oldPaths[item] = IndexPath(row: row, section: section) }
    }
    func move(_ item: ItemID, from source: IndexPath, to destination: IndexPath) {
      if reloadedItemIdentifiers.contains(item) {
        update.deleteRows(at: [source])
        update.insertRows(at: [destination])
      } else {
        update.moveRow(at: source, to: destination)
      }
    }
    for (newSection, rows) in items.enumerated() {
      guard let oldSection = carriedFrom[newSection] else { continue }
      var candidates: [(item: ItemID, from: Int, to: Int)] = []
      for (row, item) in rows.enumerated() {
        let destination = IndexPath(row: row, section: newSection)
        guard let source = oldPaths[item] else {
          update.insertRows(at: [destination])
          continue
        }
        if source.section == oldSection {
          candidates.append((item, source.row, row))
        } else {
          move(item, from: source, to: destination)
        }
      }
      let stays = longestIncreasingSubsequence(candidates.map(\.from))
      for (candidate, stays) in zip(candidates, stays) {
        let source = IndexPath(row: candidate.from, section: oldSection)
        if !stays {
          move(candidate.item, from: source, to: IndexPath(row: candidate.to, section: newSection))
        } else if reloadedItemIdentifiers.contains(candidate.item) {
          update.reloadRows(at: [source])
        }
      }
    }
    for (section, rows) in old.items.enumerated() where carriedTo[section] != nil {
      for (row, item) in rows.enumerated() {
        let newSection = sectionOfItem[item].flatMap { sectionIndexes[$0] }
        if newSection.map({ carriedFrom[$0] == nil }) ?? true {
          update.deleteRows(at: [IndexPath(row: row, section: section)])
        }
      }
    }
    return update
  }
}

/// Flags the members of one longest strictly increasing subsequence of `values` (distinct).
/// - Complexity: O(*n* log *n*).
@usableFromInline
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
  // tails[k]: index of the smallest possible last value of an increasing run of length k + 1.
  var tails: [Int] = []
  var previous = [Int](repeating: -1, count: values.count)
  for (index, value) in values.enumerated() {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var members = [Bool](repeating: false, count: values.count)
  var index = tails.last ?? -1
  while index >= 0 {
    members[index] = true
    index = previous[index]
  }
  return members
}
