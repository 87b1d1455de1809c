import TableViewSQLite

/// What a background job hands back to the owner.
enum ReaderResult: Sendable {
  /// A page, read while its section had `version` (the owner drops it if its own differs).
  case page(PostPage, version: Int64, directory: SectionDirectory?, filter: String?)
  /// A page job skipped because the page was no longer wanted, or that failed.
  case pageDropped(PageKey, PostStoreError?)
  /// The database's state after a change (or a new filter).
  case refresh(RefreshResult)
  /// A refresh that failed.
  case refreshFailed(PostStoreError)
  /// Heights written (or not).
  case heightsStored(Int, PostStoreError?)
  /// A row moved by hand written (or refused: then it is put back).
  case moveWritten(postID: Int64, PostStoreError?)
}

/// The state of the database under a filter, read in one transaction, for a live update.
struct RefreshResult: Sendable {
  var filter: String?
  /// Whether every section was taken as changed (a new filter).
  var forced: Bool
  /// Every section's count (under the filter) and version.
  var sections: [SectionState]
  /// The sections whose version differs from what the owner had (or every section, for a new filter).
  var changed: Set<Int>
  /// New directories for changed sections the owner knew (all sections under a filter).
  var directories: [Int: SectionDirectory]
  /// The owner's cached pages in changed sections, read again (and a new search's first pages).
  var pages: [PostPage]
  /// Under a search shown first screen first: the first section whose matches are not counted yet
  /// (it and the later ones are shown empty until a refresh counts them).
  var uncountedFrom: Int? = nil
}
