// The difference between two snapshots as one batch update: sections and items are matched by
// identifier, and the fewest are moved — those outside one heaviest increasing subsequence of the
// old positions, over runs of items still in step (O(r log r) for r runs). This is the table's one diff.

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
  /// - Complexity: O(*n* + *c* log *c*) for *n* items and sections in both snapshots of which *c*
  ///   changed place (hashing only those); O(*n* log *n*) at worst.
  @inlinable
  public func batchUpdate(from old: DiffableSnapshot) -> BatchUpdate {
    var update = BatchUpdate()

    // Sections. `carriedTo[s]`: the new index of old section s when its rows carry over.
    var carriedTo = [Int?](repeating: nil, count: old.sections.count)
    var carriedFrom = [Int?](repeating: nil, count: sections.count)
    let commonSections = sections.indices.compactMap { new in old.sectionIndexes[sections[new]].map { (new, $0) } }
    let sectionStays = heaviestIncreasingRuns(commonSections.map { DiffableRun(from: $0.1, to: $0.0, count: 1) })
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

    // Items. Each carried section is walked beside its old one in lockstep: an item at the same
    // place in both (most of them, in an update of a few items) pairs with itself without a
    // hash. Items out of step wait in two dictionaries until their other half turns up: a
    // one-item look-ahead resynchronises after a single insert or delete, and a waiting item
    // met again after a longer shift (a page inserted, a block moved) brings the walk back in
    // step. The pairs are exactly those of a match by identifier, so the moves are the same
    // fewest ones; only hashing is saved, in proportion to what changed.
    //
    // In-step pairs are kept as runs (first old row, first new row, length), not one by one: a
    // million items with a few changed are a few runs, so nothing below is proportional to the
    // items but the walk itself (no array of a million pairs written, no fresh pages touched).
    var pendingOld: [ItemID: IndexPath] = [:]
    var pendingNew: [ItemID: IndexPath] = [:]
    // Per new section, its runs of pairs with the old rows of the section it carries.
    var inStep = [[DiffableRun]](repeating: [], count: sections.count)
    // Per new section, its pairs found out of step: (old row, new row).
    var outOfStep = [[(from: Int, to: Int)]](repeating: [], count: sections.count)
    func move(_ item: ItemID, from source: IndexPath, to destination: IndexPath) {
      if reloadedItemIdentifiers.contains(item) {
        update.deleteRows(at: [source])
        update.insertRows(at: [destination])
      } else {
        update.moveRow(at: source, to: destination)
      }
    }
    func pair(_ item: ItemID, from source: IndexPath, to destination: IndexPath) {
      if source.section == carriedFrom[destination.section] {
        outOfStep[destination.section].append((source.row, destination.row))
      } else {
        move(item, from: source, to: destination)
      }
    }
    for (newSection, rows) in items.enumerated() {
      guard let oldSection = carriedFrom[newSection] else { continue }
      let oldRows = old.items[oldSection]
      var runs: [DiffableRun] = []
      var i = 0
      var j = 0
      while i < oldRows.count && j < rows.count {
        if oldRows[i] == rows[j] {
          // A run of items in step: walked without leaving this loop.
          let start = (i, j)
          repeat {
            i += 1
            j += 1
          } while i < oldRows.count && j < rows.count && oldRows[i] == rows[j]
          runs.append(DiffableRun(from: start.0, to: start.1, count: i - start.0))
        } else if i + 1 < oldRows.count && oldRows[i + 1] == rows[j] {
          pendingOld[oldRows[i]] = IndexPath(row: i, section: oldSection)
          i += 1
        } else if j + 1 < rows.count && oldRows[i] == rows[j + 1] {
          pendingNew[rows[j]] = IndexPath(row: j, section: newSection)
          j += 1
        } else if let source = pendingOld.removeValue(forKey: rows[j]) {
          pair(rows[j], from: source, to: IndexPath(row: j, section: newSection))
          j += 1
        } else if let destination = pendingNew.removeValue(forKey: oldRows[i]) {
          pair(oldRows[i], from: IndexPath(row: i, section: oldSection), to: destination)
          i += 1
        } else {
          pendingOld[oldRows[i]] = IndexPath(row: i, section: oldSection)
          pendingNew[rows[j]] = IndexPath(row: j, section: newSection)
          i += 1
          j += 1
        }
      }
      for row in i..<oldRows.count { pendingOld[oldRows[row]] = IndexPath(row: row, section: oldSection) }
      for row in j..<rows.count { pendingNew[rows[row]] = IndexPath(row: row, section: newSection) }
      inStep[newSection] = runs
    }
    // The items still waiting: paired by identifier, else inserted (new) or deleted (old: it
    // went nowhere, or to a section that is inserted or reloaded).
    // (In index-path order, so that the update is the same on every run.)
    for (item, destination) in pendingNew.sorted(by: { $0.value < $1.value }) {
      if let source = pendingOld.removeValue(forKey: item) {
        pair(item, from: source, to: destination)
      } else {
        update.insertRows(at: [destination])
      }
    }
    for source in pendingOld.values.sorted() { update.deleteRows(at: [source]) }
    let checksReloads = !reloadedItemIdentifiers.isEmpty
    for (newSection, rows) in items.enumerated() {
      guard let oldSection = carriedFrom[newSection] else { continue }
      // In new-row order: the in-step runs are; the pairs out of step are merged in as runs of one.
      var candidates = inStep[newSection]
      inStep[newSection] = []
      let stays: [Bool]
      if outOfStep[newSection].isEmpty {
        // Runs of the lockstep walk rise in both old and new rows: they all stay.
        stays = [Bool](repeating: true, count: candidates.count)
      } else {
        let others = outOfStep[newSection].sorted { $0.to < $1.to }
        var merged: [DiffableRun] = []
        merged.reserveCapacity(candidates.count + others.count)
        var a = 0
        var b = 0
        while a < candidates.count || b < others.count {
          if b == others.count || (a < candidates.count && candidates[a].to < others[b].to) {
            merged.append(candidates[a])
            a += 1
          } else {
            merged.append(DiffableRun(from: others[b].from, to: others[b].to, count: 1))
            b += 1
          }
        }
        candidates = merged
        stays = heaviestIncreasingRuns(candidates)
      }
      for (run, stays) in zip(candidates, stays) {
        if !stays {
          for k in 0..<run.count {
            move(
              rows[run.to + k], from: IndexPath(row: run.from + k, section: oldSection),
              to: IndexPath(row: run.to + k, section: newSection))
          }
        } else if checksReloads {
          for k in 0..<run.count where reloadedItemIdentifiers.contains(rows[run.to + k]) {
            update.reloadRows(at: [IndexPath(row: run.from + k, section: oldSection)])
          }
        }
      }
    }
    return update
  }
}

/// Pairs of an item's old and new rows in one section, consecutive in both: old rows
/// `from..<from + count` became new rows `to..<to + count`.
@usableFromInline
struct DiffableRun {
  @usableFromInline var from: Int
  @usableFromInline var to: Int
  @usableFromInline var count: Int

  @inlinable init(from: Int, to: Int, count: Int) {
    self.from = from
    self.to = to
    self.count = count
  }
}

/// Flags the runs of one heaviest strictly increasing subsequence of the runs' `from` values,
/// read in the runs' order and weighed by their lengths: the runs of pairs that stay, the fewest
/// items moved. Runs are disjoint in old rows, so a run either fits before another entirely or
/// not at all, and the heaviest subsequence of runs is a longest one of the pairs they stand for.
/// - Complexity: O(*r* log *r*) for *r* runs (a Fenwick tree of prefix maxima over the ranks of
///   the `from` values).
@usableFromInline
func heaviestIncreasingRuns(_ runs: [DiffableRun]) -> [Bool] {
  let n = runs.count
  // The rank of each run's `from` among all (1-based, for the Fenwick tree).
  var order = Array(0..<n)
  order.sort { runs[$0].from < runs[$1].from }
  var rank = [Int](repeating: 0, count: n)
  for (position, run) in order.enumerated() { rank[run] = position + 1 }
  // tree[k]: the heaviest chain ending at a rank in k's range, and the run it ends with.
  var weight = [Int](repeating: 0, count: n + 1)
  var end = [Int](repeating: -1, count: n + 1)
  var previous = [Int](repeating: -1, count: n)
  var best = (weight: 0, run: -1)
  for run in 0..<n {
    // The heaviest chain among ranks below this run's.
    var k = rank[run] - 1
    var before = (weight: 0, run: -1)
    while k > 0 {
      if weight[k] > before.weight { before = (weight[k], end[k]) }
      k -= k & -k
    }
    previous[run] = before.run
    let total = before.weight + runs[run].count
    if total > best.weight { best = (total, run) }
    k = rank[run]
    while k <= n {
      if total > weight[k] {
        weight[k] = total
        end[k] = run
      }
      k += k & -k
    }
  }
  var members = [Bool](repeating: false, count: n)
  var run = best.run
  while run >= 0 {
    members[run] = true
    run = previous[run]
  }
  return members
}
