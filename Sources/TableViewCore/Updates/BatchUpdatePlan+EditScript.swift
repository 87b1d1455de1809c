// The edit script of a validated batch update (see `BatchUpdatePlan.edits` for its three phases).

extension BatchUpdatePlan {
  /// The primitive steps that turn the old structure into the new one, and the stash slots used.
  /// - Complexity: O(k log k) for k operations.
  static func editScript(_ validation: BatchUpdateValidation) -> (edits: [BatchEdit], stashCount: Int) {
    let mapping = validation.mapping
    var edits: [BatchEdit] = []
    var stashCount = 0
    var rowStash: [IndexPath: Int] = [:]
    rowStash.reserveIfLarge(validation.mapping.rowDestinations.count)
    var sectionStash: [Int: Int] = [:]

    // Phase 1: old index space, sections descending, rows descending.
    var touchedOld = Set(mapping.removedRows.keys)
    touchedOld.formUnion(validation.oldFate.keys)
    for section in touchedOld.sorted(by: >) {
      let fate = validation.oldFate[section]
      if fate == .deleted || fate == .reloaded {
        edits.append(.deleteSection(section))
        continue
      }
      // Deleted runs that touch coalesce into one step; a moved-out row is a run of its own.
      var run: Range<Int>? = nil
      for removed in (mapping.removedRows[section] ?? .empty).runs.reversed() {
        let path = IndexPath(row: removed.lowerBound, section: section)
        if removed.count == 1, !mapping.rowDestinations.isEmpty, mapping.rowDestinations[path] != nil {
          if let pending = run { edits.append(.deleteRows(section: section, range: pending)) }
          run = nil
          edits.append(.extractRow(path, stash: stashCount))
          rowStash[path] = stashCount
          stashCount += 1
        } else if let pending = run, pending.lowerBound == removed.upperBound {
          run = removed.lowerBound..<pending.upperBound
        } else {
          if let pending = run { edits.append(.deleteRows(section: section, range: pending)) }
          run = removed
        }
      }
      if let pending = run { edits.append(.deleteRows(section: section, range: pending)) }
      if fate == .moved {
        edits.append(.extractSection(section, stash: stashCount))
        sectionStash[section] = stashCount
        stashCount += 1
      }
    }

    // Phase 2: new index space, sections ascending, rows ascending.
    var touchedNew = Set(mapping.addedRows.keys)
    touchedNew.formUnion(validation.newSource.keys)
    touchedNew.formUnion(validation.freshSectionRowCounts.keys)
    for section in touchedNew.sorted() {
      if let rowCount = validation.freshSectionRowCounts[section] {
        edits.append(.insertSection(section, rowCount: rowCount))
        continue
      }
      let oldSection = mapping.oldSection(forNew: section)!
      if let stash = sectionStash[oldSection] {
        edits.append(.insertStashedSection(section, stash: stash))
      }
      var run: Range<Int>? = nil
      for added in (mapping.addedRows[section] ?? .empty).runs {
        let path = IndexPath(row: added.lowerBound, section: section)
        if added.count == 1, !mapping.rowSources.isEmpty, let from = mapping.rowSources[path] {
          if let pending = run { edits.append(.insertRows(section: section, range: pending)) }
          run = nil
          edits.append(.insertStashedRow(path, stash: rowStash[from]!))
        } else if let pending = run, pending.upperBound == added.lowerBound {
          run = pending.lowerBound..<added.upperBound
        } else {
          if let pending = run { edits.append(.insertRows(section: section, range: pending)) }
          run = added
        }
      }
      if let pending = run { edits.append(.insertRows(section: section, range: pending)) }
    }

    // Phase 3: reload marks, final coordinates.
    let reloads = mapping.reloadedRows.map { mapping.newIndexPath(forOld: $0)! }.sorted()
    return (edits + reloads.map(BatchEdit.reloadRow), stashCount)
  }
}
