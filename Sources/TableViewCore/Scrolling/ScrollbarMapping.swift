/// Where the scrollbar's thumb is, as a fraction of the scroll range, kept monotonic.
///
/// With estimated heights the content's height changes as rows are measured. A scrollbar that
/// shows `offset / (contentHeight − viewport)` then moves on its own, even backwards while the user
/// scrolls forwards (GtkListView's thumb does this hundreds of times in a long fling). This mapping
/// moves the thumb only when the content visibly scrolls, only in the direction it scrolls, and by
/// the share of the remaining distance that the scroll covered: scrolling down by `d` with `r`
/// points left to the end moves the thumb `d / r` of the way from where it is to the end. When the
/// thumb agrees with the offset this is exactly `offset / range`; when the range changed it
/// converges to it by the time either end is reached, and the ends are always exact.
@_spi(Backend) public struct ScrollbarMapping: Sendable, Equatable {
  /// The thumb's position: 0 at the top, 1 at the bottom.
  public private(set) var fraction: Double = 0

  /// A mapping with the thumb at the top.
  public init() {}

  /// Follows a frame in which the content visibly scrolled by `visualDelta` points (positive
  /// towards the end; the offset's change minus the table's own corrections), ending at `offset`
  /// in the scroll range `minimum…maximum`.
  public mutating func follow(visualDelta: Double, offset: Double, minimum: Double, maximum: Double) {
    guard maximum > minimum, offset.isFinite, visualDelta.isFinite else {
      fraction = 0
      return
    }
    if offset <= minimum {
      fraction = 0
    } else if offset >= maximum {
      fraction = 1
    } else if visualDelta > 0 {
      let remainingBefore = maximum - (offset - visualDelta)
      fraction += (1 - fraction) * (remainingBefore > 0 ? min(1, visualDelta / remainingBefore) : 1)
    } else if visualDelta < 0 {
      let doneBefore = (offset - visualDelta) - minimum
      fraction -= fraction * (doneBefore > 0 ? min(1, -visualDelta / doneBefore) : 1)
    }
    fraction = min(1, max(0, fraction))
  }

  /// The user put the thumb at `fraction` (dragging the scrollbar): the content jumps there.
  public mutating func jump(to fraction: Double) {
    self.fraction = fraction.isFinite ? min(1, max(0, fraction)) : 0
  }

  /// Where the content goes when the user moves the thumb from `from` to `to` (both 0…1) with the
  /// content at `offset` in `minimum…maximum`: the inverse of `follow` — the thumb's step as a share
  /// of the way to the end it moves towards — so a small move of the thumb is a small scroll even
  /// when the thumb and the offset's true fraction differ. The ends are exact; from a thumb that
  /// agrees with the offset it is `offset(forFraction: to, …)`.
  public static func offset(
    movingThumbFrom from: Double, to: Double, offset: Double, minimum: Double, maximum: Double
  ) -> Double {
    guard maximum > minimum, from.isFinite, to.isFinite, offset.isFinite else { return minimum }
    let offset = min(max(offset, minimum), maximum)
    let to = min(1, max(0, to))
    let from = min(1, max(0, from))
    if to >= 1 { return maximum }
    if to <= 0 { return minimum }
    if to > from { return offset + (to - from) / (1 - from) * (maximum - offset) }
    if to < from { return offset - (from - to) / from * (offset - minimum) }
    return offset
  }

  /// The offset a thumb at `fraction` stands for in `minimum…maximum` (the middle by height, not
  /// by row count).
  public static func offset(forFraction fraction: Double, minimum: Double, maximum: Double) -> Double {
    minimum + max(0, maximum - minimum) * min(1, max(0, fraction))
  }
}
