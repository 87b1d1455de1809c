import Dispatch
import Foundation

/// A data source's worker: jobs run one at a time on a serial queue, off the owner's thread;
/// their results wait in a mailbox until the owner takes them (``SQLiteRecordDataSource/processUpdates()``).
/// Nothing here touches the table. `Result` is what a job hands back (`RecordReaderResult` for the
/// records' source; the demos' posts source, in the DemoDatabase target, has its own).
package final class BackgroundReader<Result: Sendable>: Sendable {
  private let queue: DispatchQueue
  private let group = DispatchGroup()
  private let mailbox = Locked<[Result]>([])
  /// Pages still wanted: a job for a page no longer here is skipped (it scrolled away).
  private let wanted = Locked<Set<PageKey>>([])

  package init(label: String) {
    queue = DispatchQueue(label: label, qos: .userInitiated)
  }

  /// Runs `job` on the queue and posts its result.
  package func submit(_ job: @escaping @Sendable () -> Result) {
    group.enter()
    queue.async { [self] in
      let result = job()
      mailbox.withLock { $0.append(result) }
      group.leave()
    }
  }

  /// Marks pages wanted (before their jobs are submitted).
  package func want(_ key: PageKey) { _ = wanted.withLock { $0.insert(key) } }

  /// Marks a page no longer wanted: its job, if it has not started, is skipped.
  package func unwant(_ key: PageKey) { _ = wanted.withLock { $0.remove(key) } }

  /// Whether a page is still wanted (asked by its job when it starts), forgetting it.
  package func takeWanted(_ key: PageKey) -> Bool { wanted.withLock { $0.remove(key) != nil } }

  /// The results posted so far, oldest first, removed from the mailbox: at most `limit` of them (the rest wait
  /// for the next call).
  package func takeResults(limit: Int = .max) -> [Result] {
    mailbox.withLock { results in
      let taken = Array(results.prefix(max(limit, 0)))
      results.removeFirst(taken.count)
      return taken
    }
  }

  /// Waits at most `timeout` seconds for every submitted job to finish; whether they did.
  package func waitUntilIdle(timeout: Double) -> Bool {
    group.wait(timeout: .now() + timeout) == .success
  }
}
