/// How fast a table scrolls by itself while something is dragged near its top or bottom edge (a
/// row being moved): not at all outside the edge zone, faster the closer the pointer comes to the
/// edge and beyond it, and twice as fast for every second it is held there (up to
/// ``maximumHoldFactor``) — so a short hold nudges the content and a long one crosses a million
/// rows in about ten seconds. Platform-free: both backends use it
/// through ``TableView/updateReorder(pointerY:)``.
enum EdgeAutoscroll {
  /// The edge zone's depth as a fraction of the visible height.
  static let zoneFraction = 0.15
  /// Visible heights per second at the edge itself, before the hold speeds it up.
  static let screensPerSecondAtEdge = 12.0
  /// The most the hold multiplies the speed by (it doubles every second: reached after ten).
  static let maximumHoldFactor = 1_024.0

  /// The scrolling velocity, in points a second (negative: towards the top), for a pointer at
  /// `pointerY` in a visible area `viewportHeight` tall, held in the zone for `heldFor` seconds.
  /// Not-finite or non-positive inputs give 0.
  static func velocity(pointerY: Double, viewportHeight: Double, heldFor: Double) -> Double {
    guard pointerY.isFinite, viewportHeight.isFinite, viewportHeight > 0 else { return 0 }
    let zone = max(1, viewportHeight * zoneFraction)
    let depth: Double
    let direction: Double
    if pointerY < zone {
      depth = (zone - pointerY) / zone
      direction = -1
    } else if pointerY > viewportHeight - zone {
      depth = (pointerY - (viewportHeight - zone)) / zone
      direction = 1
    } else {
      return 0
    }
    // Beyond the edge it goes on speeding up, to twice the edge's depth.
    let closeness = min(2, depth)
    let held = heldFor.isFinite ? max(0, heldFor) : 0
    let hold = min(maximumHoldFactor, CMath.pow(2, min(held, 10)))
    return direction * viewportHeight * screensPerSecondAtEdge * closeness * closeness * hold
  }
}
