import TableViewCore
import TerminalKit

/// A rectangle of the screen that draws itself into a `ScreenBuffer`: the base of the terminal backend's small
/// retained view layer (labels, cells, header views, the table view itself).
///
/// A view's `frame` is in its superview's coordinates, in cells (one point is one cell, as the engine counts).
/// Views inside a `TerminalTableView` are the engine's reusable views: the engine sets their frames in content
/// coordinates and the table view draws them relative to its scroll position.
///
///     let label = TerminalLabel(text: "Hello, 世界")
///     label.frame = Rect(x: 2, y: 1, width: 20, height: 1)
///     root.addSubview(label)
///     root.render(into: &buffer, origin: .zero)
///
/// Subclasses override `draw(into:origin:clip:)` for their own content, `layoutSubviews()` to place
/// subviews, and `drawOverlay(into:origin:clip:)` for what goes over their subviews (a selection highlight).
open class TerminalView {
  /// The frame in the superview's coordinates; one point is one cell. Changing the size asks for layout.
  public var frame: Rect {
    didSet { if frame.size != oldValue.size { setNeedsLayout() } }
  }
  /// The views drawn over this one, back to front.
  public private(set) var subviews: [TerminalView] = []
  /// The view this one is a subview of.
  public private(set) weak var superview: TerminalView?
  /// A hidden view draws nothing, and neither do its subviews.
  public var isHidden = false
  /// When set, the view's rectangle is filled with spaces of this style before it draws.
  public var backgroundStyle: Style?
  /// Whether the view draws decoration made of box-drawing and block characters (rules, bars, indicators). A
  /// plain interface for screen readers and braille displays turns it off: they read those characters aloud, or
  /// show them as noise. A `TerminalTableView` passes its own setting to the views it shows.
  public var drawsDecorations = true
  /// The text assistive technology reads for the view (UIKit's `accessibilityLabel`); `nil` by default. A
  /// `TerminalTableViewCell` gives its labels' text when none is set.
  open var accessibilityLabel: String?

  private var needsLayout = true

  /// Creates a view with a frame.
  public init(frame: Rect = .zero) {
    self.frame = frame
  }

  /// The frame's size rounded to whole cells.
  public var cellSize: CellSize {
    CellSize(width: Self.cells(frame.width), height: Self.cells(frame.height))
  }

  /// Rounds a coordinate in points to the nearest cell; halves round down, so that rows of equal fractional
  /// offset always round the same way and never overlap or leave gaps.
  @inline(__always) public static func cells(_ points: Double) -> Int {
    guard points.isFinite else { return 0 }
    let rounded = (points + 0.5).rounded(.down)
    // Far beyond any screen: clamp rather than trap.
    guard abs(rounded) < 1e15 else { return rounded < 0 ? -1_000_000_000_000_000 : 1_000_000_000_000_000 }
    return Int(rounded)
  }

  // MARK: Hierarchy

  /// Adds `view` on top of the subviews, removing it from its previous superview.
  public func addSubview(_ view: TerminalView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
    setNeedsLayout()
  }

  /// Removes the view from its superview.
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
  }

  // MARK: Layout

  /// Asks for `layoutSubviews()` before the next draw.
  public func setNeedsLayout() { needsLayout = true }

  /// Lays the subviews out now if the view asked for it.
  public func layoutIfNeeded() {
    guard needsLayout else { return }
    needsLayout = false
    layoutSubviews()
  }

  /// Places the subviews; called before drawing after the size changed or `setNeedsLayout()`. Does nothing by
  /// default.
  open func layoutSubviews() {}

  /// The height (in cells) the view needs at `width`; by default its current height.
  open func sizeThatFits(width: Double) -> Double { frame.height }

  // MARK: Drawing

  /// Draws the view and its subviews with its top-left cell at `origin`, changing only cells inside `clip`.
  ///
  /// - Parameters:
  ///   - buffer: The frame being drawn.
  ///   - origin: The screen position of the view's top-left cell; may lie outside the buffer.
  ///   - clip: The cells that may change (the view is also clipped to its own rectangle).
  public final func render(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    guard !isHidden else { return }
    let size = cellSize
    let area = CellRect(x: origin.x, y: origin.y, width: size.width, height: size.height).intersection(clip)
    guard !area.isEmpty else { return }
    layoutIfNeeded()
    if let backgroundStyle { buffer.fill(area, style: backgroundStyle) }
    draw(into: &buffer, origin: origin, clip: area)
    for view in subviews {
      let at = origin.offsetBy(dx: Self.cells(view.frame.minX), dy: Self.cells(view.frame.minY))
      view.render(into: &buffer, origin: at, clip: area)
    }
    drawOverlay(into: &buffer, origin: origin, clip: area)
  }

  /// Draws the view and its subviews with its top-left cell at `origin`, clipped to the buffer.
  public final func render(into buffer: inout ScreenBuffer, origin: CellPoint) {
    render(into: &buffer, origin: origin, clip: buffer.bounds)
  }

  /// Draws the view's own content, under its subviews. `clip` is already limited to the view's rectangle.
  /// Does nothing by default.
  open func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {}

  /// Draws over the subviews (a highlight, an indicator). Does nothing by default.
  open func drawOverlay(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {}
}
