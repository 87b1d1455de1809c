// Paging both ways: whether the visible area is within a distance of the top or the bottom of the
// content, and when to tell the delegate (once per approach, not on every scroll step inside it).

/// When to tell the delegate that the user came near the top or the bottom of the content.
///
/// An edge is announced when the visible area comes within `distance` of it, then not again while
/// it stays there, until it leaves and comes back or the number of rows changes (a page arrived,
/// or some rows went): an approach that loaded nothing is not announced again on every step.
struct EdgeProximity {
  /// The distance (points) within which an edge is near; `nil` announces nothing.
  var distance: Double?
  /// Whether the top was announced and the visible area has not left it since.
  var topAnnounced = false
  /// Whether the bottom was announced and the visible area has not left it since.
  var bottomAnnounced = false
  /// The row count when the top was last announced.
  var rowCountAtTop = 0
  /// The row count when the bottom was last announced.
  var rowCountAtBottom = 0

  /// Updates for the visible area now `toTop` points below the top and `toBottom` above the
  /// bottom of the content, with `rowCount` rows. Returns which edges to announce now.
  /// - Complexity: O(1)
  mutating func update(toTop: Double, toBottom: Double, rowCount: Int) -> (top: Bool, bottom: Bool) {
    guard let distance else { return (false, false) }
    var result = (top: false, bottom: false)
    if toTop <= distance {
      if !topAnnounced || rowCountAtTop != rowCount {
        result.top = true
        topAnnounced = true
        rowCountAtTop = rowCount
      }
    } else {
      topAnnounced = false
    }
    if toBottom <= distance {
      if !bottomAnnounced || rowCountAtBottom != rowCount {
        result.bottom = true
        bottomAnnounced = true
        rowCountAtBottom = rowCount
      }
    } else {
      bottomAnnounced = false
    }
    return result
  }

  /// Forgets what was announced (after a reload every edge is new).
  mutating func reset() {
    topAnnounced = false
    bottomAnnounced = false
  }

  /// Checks the invariants: the distance, when set, is a finite number not below 0.
  func _checkInvariants() {
    if let distance { precondition(distance.isFinite && distance >= 0, "edge distance \(distance)") }
  }
}
