// What ScrollState asks its owner to report after applying an offset: a completion to call, a
// delegate to tell.

/// What a `ScrollState` call asks its owner to report, once the offset it returned is applied.
enum ScrollEvent {
  /// An animated scroll ended: call `completion` with `finished` (`true`: it arrived; `false`: it was
  /// interrupted), and, when it arrived, tell the delegate (`tableViewDidEndScrollingAnimation`).
  case scrollAnimationEnded(finished: Bool, completion: ((Bool) -> Void)?)
  /// A deceleration or a bounce came to rest (`tableViewDidEndDecelerating`).
  case decelerationEnded
}
