/// Where a view is drawn right now and how opaque: its frame while nothing animates, an in-between
/// frame and opacity during an animated update (UIKit's presentation layer). Backends draw every
/// attached view at its presentation (`presentation(of:)`, in the backend interface: see
/// <doc:WritingABackend>); the view's `frame` stays its final place, as a UIKit view's does during
/// an animation.
public struct CellPresentation: Hashable, Sendable, CustomStringConvertible {
  /// The frame, in the table's content coordinates (like `frame`).
  public var frame: Rect
  /// The opacity, 0 (invisible) to 1.
  public var alpha: Double

  /// A presentation.
  @inlinable
  public init(frame: Rect, alpha: Double = 1) {
    self.frame = frame
    self.alpha = alpha
  }

  /// The frame and the opacity, as "(x, y, w×h) α a".
  public var description: String { "\(frame) α \(alpha)" }
}
