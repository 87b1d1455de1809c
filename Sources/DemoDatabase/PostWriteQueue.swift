import Dispatch
import TableViewSQLite

/// Writes to a ``PostStore`` off the owner's thread, one at a time and in order, so that a user's
/// delete or new post never waits on the owner's thread for a lock another process holds. The
/// table does not change when a write is submitted: the data source notices the commit
/// (``SQLiteTableDataSource/processUpdates()``) and applies it from the database.
///
///     let writes = PostWriteQueue(store: store)
///     writes.submit { store in try store.delete(id: id) }
///     // later, on the owner's thread:
///     for outcome in writes.takeOutcomes() {
///       switch outcome {
///       case .saved: clearTheErrorLine()
///       case .failed(let error): show(error)
///       }
///     }
public final class PostWriteQueue: Sendable {
  /// The database written.
  public let store: PostStore
  private let queue = DispatchQueue(label: "TableViewSQLite.writes", qos: .userInitiated)
  private let group = DispatchGroup()
  private let outcomes = Locked<[Outcome]>([])

  /// What became of a submitted write.
  public enum Outcome: Sendable, Equatable {
    /// It was committed.
    case saved
    /// It failed, and changed nothing: the error says why.
    case failed(PostStoreError)
  }

  /// A queue writing to `store`.
  public init(store: PostStore) {
    self.store = store
  }

  /// Runs `work` on the queue, after the writes submitted before it; what became of it is kept for
  /// ``takeOutcomes()``.
  public func submit(_ work: @escaping @Sendable (PostStore) throws(PostStoreError) -> Void) {
    group.enter()
    queue.async { [self] in
      do {
        try work(store)
        outcomes.withLock { $0.append(.saved) }
      } catch {
        let failure = PostStoreError.from(error, path: store.path, action: "writing")
        outcomes.withLock { $0.append(.failed(failure)) }
      }
      group.leave()
    }
  }

  /// What became of the writes finished since the last call, oldest first, removed: an app shows a failure until
  /// a later write is saved.
  public func takeOutcomes() -> [Outcome] {
    outcomes.withLock { outcomes in
      defer { outcomes.removeAll() }
      return outcomes
    }
  }

  /// The failures among the writes finished since the last call (or the last ``takeOutcomes()``), oldest first;
  /// the writes that were saved are forgotten with them.
  public func takeErrors() -> [PostStoreError] {
    takeOutcomes().compactMap { outcome in
      if case .failed(let error) = outcome { return error }
      return nil
    }
  }

  /// Waits at most `timeout` seconds for the writes submitted so far; whether they finished.
  public func waitUntilIdle(timeout: Double) -> Bool {
    group.wait(timeout: .now() + timeout) == .success
  }
}
