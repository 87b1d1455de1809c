// Chat-style lists: the settings and the state behind bottom anchoring, content that stays put
// through data changes, and follow mode (the logic is in TableView+ContentAnchoring.swift).

extension TableView {
  /// Which edge of the visible area the content is anchored to (see ``TableView/contentAnchor``).
  public enum ContentAnchor: Sendable {
    /// UIKit's behaviour: content shorter than the visible area sits at its top, and the table
    /// opens at the top.
    case top
    /// A chat's or a log's: content shorter than the visible area sits at its bottom, the table
    /// opens at the end after a reload, and a change of the viewport's height keeps the bottom in
    /// place (SwiftUI's `defaultScrollAnchor(.bottom)`, RecyclerView's `stackFromEnd`).
    case bottom
  }

  /// How far (points) the visible area's bottom may be from the end of the content and still
  /// count as being at the bottom (see ``TableView/isAtBottom``).
  public static let atBottomTolerance: Double = 0.5
}

/// The content-anchoring settings and state of one table.
struct ContentAnchoringState {
  /// See `TableView.contentAnchor`.
  var anchor: TableView.ContentAnchor = .top
  /// An explicit `maintainsVisibleContentPosition`; `nil` follows `anchor`.
  var maintainsPosition: Bool?
  /// An explicit `followsAppendedRows`; `nil` follows `anchor`.
  var follows: Bool?
  /// Whether the table follows rows appended at the bottom now (see
  /// `TableView.isFollowingAppendedRows`).
  var following = false
  /// Whether the visible area was at the bottom, in the sense that starts following
  /// (`TableView.isAtFollowableBottom`), when the table last looked: following starts when it
  /// arrives there, not while it stays.
  var wasAtBottom = false
  /// Rows that arrived below the visible area since the user was last at the bottom.
  var rowsBelow = 0
  /// Whether an animated scroll started by follow mode is running (cleared by its completion).
  var followScrollRunning = false
  /// The follow scroll's generation: a completion of an older one does not clear the flag.
  var followScrollGeneration = 0
  /// During a data change: the global row whose top the measuring of the next layout pass keeps
  /// in place (the content anchor), instead of the first row on screen.
  var measuringAnchorRow: Int?
  /// Inside a batch update or a height refresh: edges are noticed once it is over.
  var changingData = false

  /// Checks the state's invariants: the pending count is never negative, and no anchor is pinned
  /// for measuring between data changes.
  func _checkInvariants() {
    precondition(rowsBelow >= 0, "rows below the visible area: \(rowsBelow)")
    precondition(measuringAnchorRow == nil, "a measuring anchor outlived its data change")
    precondition(!changingData, "a data change did not end")
  }
}
