extension PointerRouter {
  /// Checks that the press's parts agree with one another (debug builds only).
  @_spi(Backend) public func _checkInvariants() {
    #if DEBUG
      switch gesture {
      case .idle:
        precondition(press.phase == .idle, "no press, yet the tap-or-drag rule is \(press.phase)")
        precondition(pressRow == nil && !pressedWhileSwipeOpen && refused.isEmpty, "no press, yet state is left")
      case .tapOrDrag:
        precondition(press.phase != .idle, "a tap or drag under way with no press")
      case .swiping:
        precondition(pressRow != nil, "a swipe of no row")
        precondition(!refused.contains(.swipe), "a swipe the table refused")
      case .taken, .reordering:
        break
      }
      if longPressDeadline != nil {
        precondition(gesture == .tapOrDrag && press.phase == .pressed, "a long press can only come from a still press")
      }
      precondition(configuration.swipeSlop.isFinite && configuration.swipeSlop >= 0, "a bad swipe slop")
    #endif
  }
}
