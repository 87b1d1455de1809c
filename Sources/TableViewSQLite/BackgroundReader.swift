import Dispatch
import Foundation

/// The data source's worker: jobs run one at a time on a serial queue, off the owner's thread;
/// their results wait in a mailbox until the owner takes them (``SQLiteTableDataSource/processUpdates()``).
/// Nothing here touches the table. `Result` is what a job hands back (``ReaderResult`` for the
/// posts' source, `RecordReaderResult` for the records' source).
final class BackgroundReader<Result: Sendable>: Sendable {
  private let queue: DispatchQueue
  private let group = DispatchGroup()
  private let mailbox = Locked<[Result]>([])
  /// Pages still wanted: a job for a page no longer here is skipped (it scrolled away).
  private let wanted = Locked<Set<PageKey>>([])

  init(label: String) {
    queue = DispatchQueue(label: label, qos: .userInitiated)
  }

  /// Runs `job` on the queue and posts its result.
  func submit(_ job: @escaping @Sendable () -> Result) {
    group.enter()
    queue.async { [self] in
      let result = job()
      mailbox.withLock { $0.append(result) }
      group.leave()
    }
  }

  /// Marks pages wanted (before their jobs are submitted).
  func want(_ key: PageKey) { _ = wanted.withLock { $0.insert(key) } }

  /// Marks a page no longer wanted: its job, if it has not started, is skipped.
  func unwant(_ key: PageKey) { _ = wanted.withLock { $0.remove(key) } }

  /// Whether a page is still wanted (asked by its job when it starts), forgetting it.
  func takeWanted(_ key: PageKey) -> Bool { wanted.withLock { $0.remove(key) != nil } }

  /// The results posted so far, oldest first, removed from the mailbox.
  func takeResults() -> [Result] {
    mailbox.withLock { results in
      defer { results.removeAll() }
      return results
    }
  }

  /// Waits at most `timeout` seconds for every submitted job to finish; whether they did.
  func waitUntilIdle(timeout: Double) -> Bool {
    group.wait(timeout: .now() + timeout) == .success
  }
}

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
