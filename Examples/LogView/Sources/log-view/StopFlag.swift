import Synchronization

/// A flag one thread raises to stop work running on another (an index being built, a filter scan).
final class StopFlag: Sendable {
  private let raised = Atomic<Bool>(false)

  /// Asks the work to stop.
  func raise() { raised.store(true, ordering: .relaxed) }

  /// Whether the work was asked to stop.
  var isRaised: Bool { raised.load(ordering: .relaxed) }
}
