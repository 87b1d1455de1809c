import Foundation
import GRDB

/// The reads of a ``SQLiteRecordDataSource``, run on its reader's queue: section counts, pages by
/// keyset from the nearest landmark, walks to far pages, a row's position. Nothing here touches
/// the table.
struct RecordReader<Record: Sendable>: Sendable {
  let plan: RecordPlan
  let decode: @Sendable (Row) throws -> Record
  let landmarks: Locked<RecordLandmarks>
  let counts: Locked<SQLiteReadCounts>
  let pageSize: Int
  /// Where the rows' stored heights are read from (``SQLiteRowHeightStore``), if anywhere.
  var heights: (store: SQLiteRowHeightStore, scope: Int64)? = nil

  /// Rows walked per query when reaching a far page.
  static var walkStep: Int { 1_000 }

  /// Every section's value and count (one `GROUP BY`), in section order; no section for no row.
  /// Read from the counts kept by triggers when there are some (``SQLiteSectionCounts``): one
  /// row per section; else counted.
  func sections(_ db: Database) throws -> [RecordSection] {
    counts.withLock { $0.countQueries += 1 }
    // Counts removed since the source opened are as none: the rows are counted.
    if let kept = plan.keptCounts,
      let rows = try? Row.fetchAll(
        db, sql: "SELECT section, n FROM \(kept.quotedDatabaseIdentifier) WHERE n > 0 ORDER BY section")
    {
      counts.withLock { $0.keptCountReads += 1 }
      return rows.map { RecordSection(value: $0[0], count: $0[1]) }
    }
    counts.withLock { $0.sectionCounts += 1 }
    let rows = try Row.fetchAll(db, sql: plan.counts, arguments: plan.baseArguments)
    return rows.compactMap { row in
      let count: Int = row[1]
      return count > 0 ? RecordSection(value: row[0], count: count) : nil
    }
  }

  /// The rows of a section on `direction` of `key`, in the order's direction (a reversed query's
  /// rows are turned back).
  func rows(
    _ db: Database, section: DatabaseValue, _ direction: RecordPlan.Direction, _ key: SortKey?, limit: Int
  ) throws -> [RecordRow<Record>] {
    guard limit > 0 else { return [] }
    let query = plan.query(section: section, direction, key, limit: limit)
    var result: [RecordRow<Record>] = []
    result.reserveCapacity(limit)
    let cursor = try Row.fetchCursor(db, sql: query.sql, arguments: query.arguments)
    while let row = try cursor.next() { result.append(try recordRow(row)) }
    let found = storedHeights(&result)
    counts.withLock {
      $0.pageQueries += 1
      $0.rowsFetched += result.count
      $0.heightsRead += found
    }
    if direction == .before || direction == .through { result.reverse() }
    return result
  }

  /// One row as read: its key, sort key, values and the app's record.
  func recordRow(_ row: Row) throws -> RecordRow<Record> {
    RecordRow(
      key: row[RecordPlan.keyName], sortKey: plan.sortKey(of: row), values: Array(row.databaseValues),
      record: try decode(row))
  }

  /// `rows` of section `s` from page `firstPage` on, cut into pages (the last may be short), their
  /// first and last rows' places recorded as landmarks of `generation`.
  func cutIntoPages(_ rows: [RecordRow<Record>], section s: Int, firstPage: Int, generation: Int)
    -> [RecordPage<Record>]
  {
    stride(from: 0, to: rows.count, by: pageSize).enumerated().map { n, i in
      let page = RecordPage(
        key: PageKey(section: s, index: firstPage + n), rows: Array(rows[i..<min(i + pageSize, rows.count)]))
      remember(page, generation: generation)
      return page
    }
  }

  /// Records where a page's first and last rows are, if the landmarks are still of `generation`.
  func remember(_ page: RecordPage<Record>, generation: Int) {
    guard let first = page.rows.first, let last = page.rows.last else { return }
    let row = page.key.index * pageSize
    landmarks.withLock { marks in
      guard marks.generation == generation else { return }
      marks.set(first.sortKey, section: page.key.section, row: row)
      marks.set(last.sortKey, section: page.key.section, row: row + page.rows.count - 1)
    }
  }

  /// Gives `rows` the heights stored for them, measured when their values were what they are;
  /// returns how many. A store that cannot be read gives none (the rows are measured again).
  func storedHeights(_ rows: inout [RecordRow<Record>]) -> Int {
    guard let heights, !rows.isEmpty,
      let stored = try? heights.store.heights(scope: heights.scope, keys: rows.map(\.key))
    else { return 0 }
    var found = 0
    for i in rows.indices {
      for entry in stored[rows[i].key] ?? [] where entry.fingerprint == rows[i].fingerprint {
        rows[i].heights[entry.width] = entry.height
        found += 1
      }
    }
    return found
  }

  /// Reads page `key` of section `index` (of `sections`), by keyset from the nearest landmark;
  /// `nil` when the landmarks' generation is no longer `generation` (a change came between).
  func page(_ db: Database, _ key: PageKey, sections: [RecordSection], generation: Int) throws -> RecordPage<Record>? {
    let section = sections[key.section]
    let first = key.index * pageSize
    let end = min(first + pageSize, section.count)
    guard first < end else { return RecordPage(key: key, rows: []) }
    let n = end - first
    let s = key.section
    guard let known = landmarks.withLock({ $0.generation == generation ? $0 : nil }) else { return nil }
    var rows: [RecordRow<Record>]
    if first == 0 {
      rows = try self.rows(db, section: section.value, .after, nil, limit: n)
    } else if let before = known.key(section: s, row: first - 1) {
      rows = try self.rows(db, section: section.value, .after, before, limit: n)
    } else if let at = known.key(section: s, row: first) {
      rows = try self.rows(db, section: section.value, .from, at, limit: n)
    } else if end == section.count {
      rows = try self.rows(db, section: section.value, .before, nil, limit: n)
    } else if let after = known.key(section: s, row: end) {
      rows = try self.rows(db, section: section.value, .before, after, limit: n)
    } else if let inside = (first..<end).first(where: { known.key(section: s, row: $0) != nil }),
      let at = known.key(section: s, row: inside)
    {
      rows =
        try self.rows(db, section: section.value, .through, at, limit: inside - first + 1)
        + self.rows(db, section: section.value, .after, at, limit: end - inside - 1)
    } else {
      guard let start = try walk(db, section: section, index: s, to: first, end: end, generation: generation) else {
        return nil
      }
      rows =
        start.forward
        ? try self.rows(db, section: section.value, .after, start.key, limit: n)
        : try self.rows(db, section: section.value, .before, start.key, limit: n)
    }
    try checkKeys(rows)
    // The database changed since the counts were read (a commit the owner has not noticed yet): not an error; the
    // change's refresh reads the rows again.
    guard rows.count == n else { throw RecordReadRace() }
    let page = RecordPage(key: key, rows: rows)
    remember(page, generation: generation)
    return page
  }

  /// Two rows of a page with the same key: the key is not unique.
  func checkKeys(_ rows: [RecordRow<Record>]) throws {
    var seen: Set<DatabaseValue> = []
    for row in rows where !seen.insert(row.key).inserted {
      let name =
        switch plan.request.key {
        case .rowID: "rowid"
        case .column(let column): column
        }
      throw SQLiteRecordError.keyNotUnique(name, source: plan.request.sourceDescription)
    }
  }

  /// Walks the sort keys (the order's columns only) from the nearest landmark (or end of the
  /// section) to the page `first ..< end`, recording a landmark at every page boundary on the
  /// way; returns the landmark to read the page from: row `first - 1` (forward) or row `end`
  /// (backward). `nil` when the landmarks' generation changed.
  /// - Complexity: O(distance) keys stepped by SQLite; at most ``walkStep`` of them read.
  func walk(_ db: Database, section: RecordSection, index s: Int, to first: Int, end: Int, generation: Int) throws
    -> (key: SortKey, forward: Bool)?
  {
    guard let known = landmarks.withLock({ $0.generation == generation ? $0 : nil }) else { return nil }
    let near = known.nearest(section: s, below: first - 1, above: end)
    let below = near.below ?? -1
    let above = near.above ?? section.count
    let forward = first - 1 - below <= above - end
    var row = forward ? below : above
    let target = forward ? first - 1 : end
    var key =
      forward
      ? near.below.flatMap { known.key(section: s, row: $0) }
      : near.above.flatMap {
        known.key(section: s, row: $0)
      }
    // Near: the keys are read (each page boundary on the way becomes a landmark). Far: SQLite steps over them in
    // its index (OFFSET on the order's columns only) and only the target's key is read — ten million keys in a
    // fraction of a second, where reading each one cost seconds.
    while row != target {
      let distance = abs(target - row)
      let limit = distance <= Self.walkStep ? distance : 1
      let skipped = distance - limit
      let query = plan.query(
        keysOnly: true, section: section.value, forward ? .after : .before, key, limit: limit, offset: skipped)
      let keys = try Row.fetchAll(db, sql: query.sql, arguments: query.arguments).map(plan.sortKey(of:))
      counts.withLock {
        $0.keysRead += keys.count + skipped
        $0.pageQueries += 1
      }
      guard keys.count == limit else {
        throw RecordReadRace()
      }
      let marked = landmarks.withLock { marks -> Bool in
        guard marks.generation == generation else { return false }
        for (i, k) in keys.enumerated() {
          let r = forward ? row + 1 + skipped + i : row - 1 - skipped - i
          if r % pageSize == 0 || r % pageSize == pageSize - 1 || r == target { marks.set(k, section: s, row: r) }
        }
        return true
      }
      guard marked else { return nil }
      row += forward ? distance : -distance
      key = keys[keys.count - 1]
    }
    guard let key else { return nil }
    return (key, forward)
  }

  /// The position of the row with sort key `key` in its section (the rows before it, counted).
  func position(_ db: Database, section: DatabaseValue, of key: SortKey) throws -> Int {
    counts.withLock { $0.countQueries += 1 }
    let query = plan.countBefore(section: section, key)
    return try Int.fetchOne(db, sql: query.sql, arguments: query.arguments) ?? 0
  }

  /// The index path of an anchor, with sections as counted; `nil` for no rows.
  func indexPath(_ db: Database, of anchor: SQLiteRecordAnchor, sections: [RecordSection], generation: Int) throws
    -> IndexPath?
  {
    guard !sections.isEmpty else { return nil }
    switch anchor {
    case .first:
      return IndexPath(row: 0, section: 0)
    case .last:
      return IndexPath(row: sections[sections.count - 1].count - 1, section: sections.count - 1)
    case .position(let path):
      let s = min(max(path.section, 0), sections.count - 1)
      return IndexPath(row: min(max(path.row, 0), sections[s].count - 1), section: s)
    case .key(let value):
      guard let row = try Row.fetchOne(db, sql: plan.rowWithKey, arguments: plan.baseArguments + [value]) else {
        return IndexPath(row: 0, section: 0)
      }
      let sectionValue: DatabaseValue = plan.request.sectionColumn.map { row[$0] } ?? .null
      guard let s = plan.section == nil ? 0 : sections.firstIndex(where: { $0.value == sectionValue }) else {
        return IndexPath(row: 0, section: 0)
      }
      let sortKey = plan.sortKey(of: row)
      let position = try self.position(db, section: sections[s].value, of: sortKey)
      landmarks.withLock { marks in
        if marks.generation == generation { marks.set(sortKey, section: s, row: position) }
      }
      return IndexPath(row: min(position, sections[s].count - 1), section: s)
    }
  }

  /// The pages that show `rows` rows from `anchor` down (or up, for the last row), crossing
  /// sections.
  func pages(
    _ db: Database, around anchor: IndexPath, upward: Bool, rows: Int, sections: [RecordSection], generation: Int
  ) throws -> [RecordPage<Record>] {
    var result: [RecordPage<Record>] = []
    var key = PageKey(section: anchor.section, index: anchor.row / pageSize)
    var covered = 0
    while covered < rows {
      guard let page = try page(db, key, sections: sections, generation: generation) else { break }
      result.append(page)
      covered += page.rows.count
      if upward {
        if key.index > 0 {
          key.index -= 1
        } else if key.section > 0 {
          key = PageKey(section: key.section - 1, index: (sections[key.section - 1].count - 1) / pageSize)
        } else {
          break
        }
      } else {
        if (key.index + 1) * pageSize < sections[key.section].count {
          key.index += 1
        } else if key.section + 1 < sections.count {
          key = PageKey(section: key.section + 1, index: 0)
        } else {
          break
        }
      }
    }
    return result
  }
}

extension RecordReader {
  /// At least the first `rows` rows across sections (one query that stops after a page more: a
  /// filter's first screen without counting every match), as sections and pages. Every section
  /// but the last is whole; the last holds at least the rows found, in whole pages.
  func firstScreen(_ db: Database, rows: Int, generation: Int) throws -> (
    sections: [RecordSection], pages: [RecordPage<Record>]
  ) {
    // A page more than asked for, so that the last section's last page can be whole: its rows
    // past a page's end are let go (or the section, when it has less than a page), and the
    // counts after it leave every page found as it is.
    let limit = max(rows, 1) + pageSize
    let query = plan.firstRows(limit: limit)
    var sections: [RecordSection] = []
    var bySection: [[RecordRow<Record>]] = []
    let cursor = try Row.fetchCursor(db, sql: query.sql, arguments: query.arguments)
    var fetched = 0
    while let row = try cursor.next() {
      fetched += 1
      let value: DatabaseValue = plan.request.sectionColumn.map { row[$0] } ?? .null
      if sections.last?.value != value {
        sections.append(RecordSection(value: value, count: 0))
        bySection.append([])
      }
      sections[sections.count - 1].count += 1
      bySection[bySection.count - 1].append(try recordRow(row))
    }
    if fetched == limit, let last = sections.indices.last {
      let whole = sections[last].count / pageSize * pageSize
      if whole == 0 {
        sections.removeLast()
        bySection.removeLast()
      } else {
        sections[last].count = whole
        bySection[last].removeLast(bySection[last].count - whole)
      }
    }
    var pages: [RecordPage<Record>] = []
    var heightsFound = 0
    for (s, var found) in bySection.enumerated() {
      try checkKeys(found)
      heightsFound += storedHeights(&found)
      pages += cutIntoPages(found, section: s, firstPage: 0, generation: generation)
    }
    counts.withLock {
      $0.pageQueries += 1
      $0.rowsFetched += sections.reduce(0) { $0 + $1.count }
      $0.heightsRead += heightsFound
    }
    return (sections, pages)
  }
}

extension RecordReader {
  /// The rows around the row with key `key`, before its place is counted: up to a page before it
  /// and `rows` and a page from it on (so that the whole pages around a screen from it are among
  /// them once its place is known), and how many come before it; `nil` when no row has that key.
  /// Only for a request without sections (a section's index is known only once they are counted).
  func screen(_ db: Database, around key: DatabaseValue, rows: Int) throws -> (
    rows: [RecordRow<Record>], anchorRow: Int
  )? {
    guard plan.section == nil,
      let anchor = try Row.fetchOne(db, sql: plan.rowWithKey, arguments: plan.baseArguments + [key])
    else { return nil }
    let sortKey = plan.sortKey(of: anchor)
    let before = plan.query(section: nil, .before, sortKey, limit: pageSize)
    let from = plan.query(section: nil, .from, sortKey, limit: max(rows, 1) + pageSize)
    var found = try Row.fetchAll(db, sql: before.sql, arguments: before.arguments).reversed().map(recordRow)
    let above = found.count
    found += try Row.fetchAll(db, sql: from.sql, arguments: from.arguments).map(recordRow)
    try checkKeys(found)
    let heightsFound = storedHeights(&found)
    counts.withLock {
      $0.pageQueries += 2
      $0.rowsFetched += found.count
      $0.heightsRead += heightsFound
    }
    return (found, above)
  }
}

/// A read that found the rows other than counted: the database changed since (a commit not noticed
/// yet, or one the owner's own change is waiting for). Not a failure: the page is read again after
/// the refresh that follows.
struct RecordReadRace: Error, CustomStringConvertible {
  var description: String { "the rows changed while they were read" }
}

/// What a records source's background job hands back to the owner.
enum RecordReaderResult<Record: Sendable>: Sendable {
  /// The sections counted at open (or on ``SQLiteRecordDataSource/scroll(to:)``), the pages around the anchor, and its index path.
  case opened(sections: [RecordSection], pages: [RecordPage<Record>], anchor: IndexPath?, generation: Int)
  /// A filter's first screen of matches, before they are counted: every section but the last
  /// whole, the last with at least its rows found (no sections: the read failed, and the count after it says why).
  case firstScreen(sections: [RecordSection], pages: [RecordPage<Record>], generation: Int)
  /// The rows around an anchor's key before its place is counted (``RecordReader/screen(_:around:rows:)``).
  case screenAround(rows: [RecordRow<Record>], anchorRow: Int, generation: Int)
  /// A page, read under the landmarks' `generation`.
  case page(RecordPage<Record>, generation: Int)
  /// A page skipped (no longer wanted, or of an older generation) or that failed.
  case pageDropped(PageKey, SQLiteRecordError?)
  /// A page that found the rows other than counted: the database changed; a refresh follows.
  case pageRaced(PageKey)
  /// Opening failed.
  case openFailed(SQLiteRecordError)
  /// The state after a change: counts, and the rows on screen read again.
  case refreshed(RecordRefresh<Record>)
  /// A refresh that failed.
  case refreshFailed(SQLiteRecordError)
}
