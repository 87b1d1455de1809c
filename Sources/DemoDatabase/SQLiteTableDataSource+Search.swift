// Search: a full-text filter (FTS5 over authors and bodies). Setting it reads the matches off the
// owner's thread; the next `processUpdates()` after they arrive applies them as a diff by id.
// Where the user was when a search began is put back when it ends.

extension SQLiteTableDataSource {
  /// Shows only the posts matching `query` (every word, as a prefix, in the author or the body),
  /// or every post when `query` is `nil` or blank. The table changes when the matches have been
  /// read, by a later ``processUpdates()``, as batch updates: rows on screen that still match
  /// stay, the others go. The first screen of matches comes first; the counts of the sections
  /// below it follow in a second update (below the screen: nothing on screen moves).
  ///
  /// When a search begins (from no filter), the position on screen is saved
  /// (``positionBeforeSearch``); when it ends (`nil` or blank), the table returns there — to the
  /// same post, found by id — once the unfiltered rows are back.
  /// - Complexity: O(visible rows) here; the reads run off the owner's thread, the diff is
  ///   O(sections + k log k) for k rows diffed.
  public func setFilter(_ query: String?) {
    let words = query?.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    let normalized = words.flatMap { $0.isEmpty ? nil : $0 }
    guard normalized != filter else { return }
    if normalized != nil, filter == nil, positionBeforeSearch == nil {
      positionBeforeSearch = pendingRestore ?? currentPosition()
      pendingRestore = nil
    } else if normalized == nil {
      pendingRestore = positionBeforeSearch
      positionBeforeSearch = nil
    }
    filter = normalized
    filterChanged = true
  }

  /// Puts back the position saved when the search began, once the unfiltered rows are shown.
  func restorePositionIfDue() {
    guard let position = pendingRestore, filter == nil, appliedFilter == nil, !filterChanged else { return }
    pendingRestore = nil
    restore(position)
  }
}
