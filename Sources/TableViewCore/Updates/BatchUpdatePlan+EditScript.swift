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
      var run: Range<Int>? = nil
      for row in (mapping.removedRows[section] ?? []).reversed() {
        let path = IndexPath(row: row, section: section)
        if validation.oldRowFate[path] == .moved {
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
      for row in mapping.addedRows[section] ?? [] {
        let path = IndexPath(row: row, section: section)
        if case .moved(let from) = validation.newRowSource[path] {
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
    let reloads = mapping.reloadedRows.map { mapping.newIndexPath(forOld: $0)! }.sorted()
    return (edits + reloads.map(BatchEdit.reloadRow), stashCount)
  }
}
