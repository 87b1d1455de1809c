import Synchronization

/// Values handed from other threads to the main thread, which takes them all at once in its `tick()`.
final class Mailbox<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])

  /// Leaves a value (from any thread).
  func post(_ value: Value) {
    values.withLock { $0.append(value) }
  }

  /// Takes every value left, oldest first.
  func take() -> [Value] {
    values.withLock { values in
      defer { values.removeAll() }
      return values
    }
  }
}
