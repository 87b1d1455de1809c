/// What the pull-to-refresh indicator shows now, for a backend to draw (``TableView/refreshIndicator``):
/// every backend says the same thing at the same moment.
@_spi(Backend) public struct RefreshIndicator: Hashable, Sendable {
  /// Where the pull is.
  public enum Phase: Hashable, Sendable {
    /// Pulled down, not yet far enough: letting go does nothing.
    case pulling
    /// Pulled past the control's height: letting go refreshes.
    case armed
    /// The app is refreshing (the content rests below the indicator).
    case refreshing
  }

  /// Where the pull is.
  public var phase: Phase
  /// How far the pull is, 0 (none) to 1 (armed, or refreshing).
  public var progress: Double

  /// The line the indicator shows: "Pull to refresh", "Release to refresh" or "Refreshing…".
  public var text: String {
    switch phase {
    case .pulling: "Pull to refresh"
    case .armed: "Release to refresh"
    case .refreshing: "Refreshing…"
    }
  }
}

extension TableView {
  /// The pull-to-refresh indicator to draw above the content's top, or `nil` when there is none
  /// (no ``refreshControl``, or the content is not pulled down and not refreshing).
  @_spi(Backend) public var refreshIndicator: RefreshIndicator? {
    guard let control = refreshControl else { return nil }
    let progress = refreshPullProgress
    guard progress > 0 else { return nil }
    let phase: RefreshIndicator.Phase = control.isRefreshing ? .refreshing : progress >= 1 ? .armed : .pulling
    return RefreshIndicator(phase: phase, progress: progress)
  }
}
