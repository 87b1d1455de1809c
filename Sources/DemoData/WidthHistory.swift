/// The widths a resizable view settles at, for telling a table which widths to expect
/// (`TableView.expectedWidths`): the width it stays at and the one it stayed at before. A width
/// counts once it has been held for ``settleTime`` seconds (a window dragged wider passes through
/// widths it does not stay at), and the first width the view is shown at counts at once.
///
///     if widths.note(table.viewportSize.width, now: table.clock.now) {
///       table.expectedWidths = widths.expected
///     }
public struct WidthHistory: Sendable {
  /// How long a width must be held to count, in seconds.
  public static let settleTime = 1.0

  /// The width the view settled at last.
  public private(set) var settled: Double?
  /// The width it had settled at before that.
  public private(set) var previous: Double?
  /// The width seen last, and since when (seconds).
  private var shown: (width: Double, since: Double)?

  /// An empty history.
  public init() {}

  /// The widths to expect, most likely first: the width settled at (the one a resize in progress
  /// comes from), then the one before it (the one the settled width came from).
  public var expected: [Double] { [settled, previous].compactMap { $0 } }

  /// The view is `width` wide at time `now` (seconds): call it on every layout, and now and then while
  /// nothing happens (a width is only known to be held when it is seen again). A width that is not a
  /// positive finite number is ignored.
  /// - Returns: whether ``expected`` changed.
  public mutating func note(_ width: Double, now: Double) -> Bool {
    guard width.isFinite, width > 0, now.isFinite else { return false }
    guard let shown, shown.width == width else {
      // A new width: the one shown before counts if it was held long enough, or was the first.
      var changed = false
      if let shown, shown.width != settled, settled == nil || now - shown.since >= Self.settleTime {
        settle(shown.width)
        changed = true
      }
      self.shown = (width, now)
      return changed
    }
    guard width != settled, now - shown.since >= Self.settleTime else { return false }
    settle(width)
    return true
  }

  private mutating func settle(_ width: Double) {
    previous = settled
    settled = width
  }
}
