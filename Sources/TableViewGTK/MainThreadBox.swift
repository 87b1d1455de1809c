/// Carries a main-thread-only object (a GTK view, a page of widgets) into a `@MainActor` task.
///
/// GTK objects are not `Sendable`: they belong to the thread that runs GTK, which is the main
/// thread, where `GLibMainQueue` also runs main-actor jobs. The box may be sent anywhere, but its
/// value is only read on the main actor (checked at run time).
///
///     let box = MainThreadBox(tableView)
///     Task { @MainActor in box.value.reloadData() }
public struct MainThreadBox<Value: AnyObject>: @unchecked Sendable {
  private let stored: Value

  /// Boxes `value` (call on the main thread).
  public init(_ value: Value) { stored = value }

  /// The value; reading it off the main actor is a programming error and traps.
  @MainActor public var value: Value {
    MainActor.preconditionIsolated("a main-thread object was read off the main actor")
    return stored
  }
}
