import GRDB

// The first screen of a search, fast: FTS5 streams the matching ids alone (its doclists, in rowid
// order, no join), stopped after a few thousand; the sections are walked in the feed's order
// through the covering `(section, position)` index, keeping the rows whose id matched (ids beyond
// the ones streamed are asked by rowid range), until a screen is filled. The sections walked are
// exact (every match, in order); the ones after them are counted later (`matchingDirectories`, a
// join and a sort over every match).

extension PostStore {
  /// The matches of the first sections in feed order, enough for `rows` rows, and the first
  /// section not counted yet (`nil` when every section was).
  struct FirstMatches {
    var directories: [Int: SectionDirectory]
    var uncountedFrom: Int?
  }

  /// At most this many matches are placed by id (a lookup each, then sorted); with more, the
  /// sections are walked in order.
  static let matchesPlacedByID = 4_000

  /// The first sections' matches of `query` in feed order, until at least `rows` rows are found
  /// (whole sections: their counts exact), out of `sections` sections.
  ///
  /// FTS5 streams the matching ids in rowid order: the first ``matchesPlacedByID`` + 1 are read.
  /// If that is all of them, each is placed by id and every section is counted. Otherwise the
  /// sections are walked in order through the covering `(section, position)` index: an id up to
  /// the last one read is looked up among them; the others (posts inserted later, whose ids are
  /// larger) are asked of FTS5 by rowid ranges.
  /// - Complexity: O(min(matches, ``matchesPlacedByID``) log posts) and O(r log r) for the r rows
  ///   of the sections walked, plus FTS5's range lookups.
  static func firstMatches(_ db: Database, query: String, sections: Int, rows: Int) throws -> FirstMatches {
    let pattern = ftsPattern(query)
    guard !pattern.isEmpty else { return FirstMatches(directories: [:], uncountedFrom: nil) }
    let head = try Int64.fetchAll(
      db, sql: "SELECT rowid FROM post_fts WHERE post_fts MATCH ? ORDER BY rowid LIMIT ?",
      arguments: [pattern, matchesPlacedByID + 1])
    guard head.count > matchesPlacedByID, let bound = head.last else {
      return FirstMatches(directories: try directories(db, ids: head), uncountedFrom: nil)
    }
    var result: [Int: SectionDirectory] = [:]
    var found = 0
    var section = 0
    let walk = try db.cachedStatement(sql: "SELECT id, position FROM post WHERE section = ? ORDER BY position")
    while section < sections && found < rows {
      var entries: [(id: Int64, position: Int64)] = []
      var beyond: [Int64] = []
      let cursor = try Row.fetchCursor(walk, arguments: [section])
      while let row = try cursor.next() {
        let id: Int64 = row[0]
        entries.append((id, row[1]))
        if id > bound { beyond.append(id) }
      }
      let matchedBeyond = try matchingIDs(db, pattern: pattern, among: beyond)
      var directory = SectionDirectory()
      for entry in entries
      where entry.id <= bound ? head.containsSorted(entry.id) : matchedBeyond.containsSorted(entry.id) {
        directory.ids.append(entry.id)
        directory.positions.append(entry.position)
      }
      if directory.count > 0 {
        let revisions = try Self.revisions(db, ids: directory.ids)
        directory.revisions = directory.ids.map { revisions[$0] ?? 0 }
        result[section] = directory
        found += directory.count
      }
      section += 1
    }
    return FirstMatches(directories: result, uncountedFrom: section < sections ? section : nil)
  }

  /// Which of `ids` match the FTS5 `pattern`, sorted: asked by rowid ranges (runs of nearby ids,
  /// at most 8 queries; else one range from the least to the greatest).
  static func matchingIDs(_ db: Database, pattern: String, among ids: [Int64]) throws -> [Int64] {
    guard !ids.isEmpty else { return [] }
    let sorted = ids.sorted()
    var runs: [(Int64, Int64)] = []
    for id in sorted {
      if let last = runs.last, id - last.1 <= 64 {
        runs[runs.count - 1].1 = id
      } else {
        runs.append((id, id))
      }
    }
    if runs.count > 8 { runs = [(sorted[0], sorted[sorted.count - 1])] }
    var matched: [Int64] = []
    for (low, high) in runs {
      for id in try Int64.fetchAll(
        db, sql: "SELECT rowid FROM post_fts WHERE post_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid",
        arguments: [pattern, low, high]) where sorted.containsSorted(id)
      {
        matched.append(id)
      }
    }
    return matched
  }

  /// The directories of the posts `ids`, by section, in row order.
  /// - Complexity: O(m log posts) for m ids.
  static func directories(_ db: Database, ids: [Int64]) throws -> [Int: SectionDirectory] {
    var placed: [(section: Int, position: Int64, id: Int64, revision: Int64)] = []
    placed.reserveCapacity(ids.count)
    for start in stride(from: 0, to: ids.count, by: 500) {
      let chunk = Array(ids[start..<min(start + 500, ids.count)])
      let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
      for row in try Row.fetchAll(
        db, sql: "SELECT section, position, id, revision FROM post WHERE id IN (\(marks))",
        arguments: StatementArguments(chunk))
      {
        placed.append((row[0], row[1], row[2], row[3]))
      }
    }
    placed.sort { ($0.section, $0.position) < ($1.section, $1.position) }
    var result: [Int: SectionDirectory] = [:]
    for post in placed {
      result[post.section, default: SectionDirectory()].ids.append(post.id)
      result[post.section, default: SectionDirectory()].positions.append(post.position)
      result[post.section, default: SectionDirectory()].revisions.append(post.revision)
    }
    return result
  }

  /// The revisions of `ids`.
  static func revisions(_ db: Database, ids: [Int64]) throws -> [Int64: Int64] {
    var result: [Int64: Int64] = [:]
    for start in stride(from: 0, to: ids.count, by: 500) {
      let chunk = Array(ids[start..<min(start + 500, ids.count)])
      let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
      for row in try Row.fetchAll(
        db, sql: "SELECT id, revision FROM post WHERE id IN (\(marks))", arguments: StatementArguments(chunk))
      {
        result[row[0]] = row[1]
      }
    }
    return result
  }
}

extension Array where Element == Int64 {
  /// Whether the array, sorted ascending, holds `value` (binary search).
  /// - Complexity: O(log n).
  func containsSorted(_ value: Int64) -> Bool {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < count && self[low] == value
  }
}
