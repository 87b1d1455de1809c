extension TableView {
  /// How rows inserted, deleted or reloaded by a batch update come and go: UIKit's
  /// `UITableView.RowAnimation`.
  ///
  /// Whatever the kind, the other rows on screen glide to their new places (and headers and footers
  /// with them), on the table's clock, over ``TableView/rowAnimationDuration``. An update whose
  /// operations all use `.none` (the default of the calls without `with:`) applies at once, as
  /// inside UIKit's `performWithoutAnimation`.
  ///
  ///     try table.performBatchUpdates { update in
  ///       update.deleteRows(at: [IndexPath(row: 3, section: 0)], with: .fade)
  ///       update.insertRows(at: [IndexPath(row: 0, section: 0)], with: .top)
  ///     }
  public enum RowAnimation: Sendable, Hashable, CaseIterable {
    /// The row fades in or out where it is.
    case fade
    /// The row slides in from the right, or out to the right.
    case right
    /// The row slides in from the left, or out to the left.
    case left
    /// The row slides in from above its place, or out upwards (behind the row above).
    case top
    /// The row slides in from below its place, or out downwards (behind the row below).
    case bottom
    /// The row itself appears or disappears at once; the others still glide (a reload swaps the
    /// cell without a cross-fade).
    case none
    /// The row grows from, or shrinks to, its middle while it fades.
    case middle
    /// The table chooses: a fade.
    case automatic

    /// The kind the table actually runs (`.automatic` resolved).
    var resolved: RowAnimation { self == .automatic ? .fade : self }
  }
}
