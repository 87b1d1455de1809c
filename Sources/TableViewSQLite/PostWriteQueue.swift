import Dispatch

/// Writes to a ``PostStore`` off the owner's thread, one at a time and in order, so that a user's
/// delete or new post never waits on the owner's thread for a lock another process holds. The
/// table does not change when a write is submitted: the data source notices the commit
/// (``SQLiteTableDataSource/processUpdates()``) and applies it from the database.
///
///     let writes = PostWriteQueue(store: store)
///     writes.submit { store in try store.delete(id: id) }
///     // later, on the owner's thread:
///     for error in writes.takeErrors() { show(error) }
public final class PostWriteQueue: Sendable {
  /// The database written.
  public let store: PostStore
  private let queue = DispatchQueue(label: "TableViewSQLite.writes", qos: .userInitiated)
  private let group = DispatchGroup()
  private let errors = Locked<[PostStoreError]>([])

  /// A queue writing to `store`.
  public init(store: PostStore) {
    self.store = store
  }

  /// Runs `work` on the queue, after the writes submitted before it; a failure is kept for
  /// ``takeErrors()``.
  public func submit(_ work: @escaping @Sendable (PostStore) throws(PostStoreError) -> Void) {
    group.enter()
    queue.async { [self] in
      do {
        try work(store)
      } catch {
        let failure = PostStoreError.from(error, path: store.path, action: "writing")
        errors.withLock { $0.append(failure) }
      }
      group.leave()
    }
  }

  /// The failures so far, oldest first, removed.
  public func takeErrors() -> [PostStoreError] {
    errors.withLock { errors in
      defer { errors.removeAll() }
      return errors
    }
  }

  /// Waits at most `timeout` seconds for the writes submitted so far; whether they finished.
  public func waitUntilIdle(timeout: Double) -> Bool {
    group.wait(timeout: .now() + timeout) == .success
  }
}
