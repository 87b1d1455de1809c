import Foundation

/// A value guarded by a lock, shared between the owner's thread and the reader's and writer's
/// queues.
///
/// A `pthread` mutex (through `NSLock`) rather than the standard library's `Mutex`: on Linux a
/// contended `Mutex` waits in the kernel (a priority-inheriting futex) from code ThreadSanitizer
/// does not see, so the order it makes between two threads is invisible to the sanitizer, which
/// then reports every contended access as a race. ThreadSanitizer knows `pthread_mutex_lock`.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  // Only touched with `lock` held.
  private var value: Value

  package init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, the lock held.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
