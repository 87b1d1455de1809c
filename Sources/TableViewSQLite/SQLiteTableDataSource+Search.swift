// Search: a full-text filter (FTS5 over authors and bodies). Setting it reads the matches off the
// owner's thread; the next `processUpdates()` after they arrive applies them as a diff by id.

extension SQLiteTableDataSource {
  /// Shows only the posts matching `query` (every word, as a prefix, in the author or the body),
  /// or every post when `query` is `nil` or blank. The table changes when the matches have been
  /// read, by a later ``processUpdates()``, as one batch update: rows on screen that still match
  /// stay, the others go.
  /// - Complexity: O(1) here; the read is O(matches) off the owner's thread, the diff
  ///   O(sections + k log k) for k rows diffed.
  public func setFilter(_ query: String?) {
    let words = query?.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    let normalized = words.flatMap { $0.isEmpty ? nil : $0 }
    guard normalized != filter else { return }
    filter = normalized
    filterChanged = true
  }
}
