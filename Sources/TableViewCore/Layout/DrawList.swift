/// What a backend draws in one frame, back to front (TanStack Virtual's `getVirtualItems()`: the
/// engine says what to draw and where, the backend draws it and decides nothing).
///
/// Ask the table for it once a frame, after ``TableView/tick()`` and the layout
/// (``TableView/drawList``), and draw its ``items`` in order, each later one over the earlier: the
/// pull-to-refresh indicator first (above the content's top, behind everything), views on their way
/// out of an animated update, the actions a swipe uncovered, the rows, the section headers and footers
/// (a floating header covers the rows scrolling under it), and last the row held to be moved (drawn
/// lifted). Every frame is in the
/// table's content coordinates (subtract ``TableView/contentOffset`` to place it on screen) and is
/// where the view is drawn *now*: an animated update's in-between frame, a swiped row pulled aside,
/// a held row where it hangs.
@_spi(Backend) public struct DrawList {
  /// What an item draws.
  public enum Content {
    /// A cell or a header/footer view the table reuses (or the table's header or footer view).
    case view(any ReusableView)
    /// The `index`-th action a swipe uncovered (the first is nearest the edge the row was pulled
    /// from): a button filling the item's frame.
    case swipeAction(ContextualAction, index: Int)
    /// The pull-to-refresh indicator: its frame is the strip above the content's top, as tall as the
    /// ``RefreshControl``, its bottom at the content's top.
    case refreshIndicator(RefreshIndicator)
  }

  /// Where an item is in the drawing order, back to front.
  public enum Layer: Int, Hashable, Sendable, Comparable {
    /// The pull-to-refresh indicator: behind everything.
    case refreshIndicator
    /// A view on its way out of an animated update: behind the rows.
    case leaving
    /// An action a swipe uncovered, in the strip the swiped row left.
    case swipeAction
    /// A row (also one arriving with an animation) or the table's header or footer view.
    case content
    /// A section header or footer: over the rows.
    case supplement
    /// The row held to be moved: over everything else in the table, drawn lifted.
    case lifted

    public static func < (lhs: Layer, rhs: Layer) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One thing to draw.
  public struct Item {
    /// What to draw.
    public var content: Content
    /// Where, in the table's content coordinates.
    public var frame: Rect
    /// How opaque, 0 (invisible) to 1.
    public var alpha: Double
    /// Where in the drawing order.
    public var layer: Layer

    /// An item.
    public init(content: Content, frame: Rect, alpha: Double = 1, layer: Layer) {
      (self.content, self.frame, self.alpha, self.layer) = (content, frame, alpha, layer)
    }

    /// The view drawn, or `nil` for a swipe action or the refresh indicator.
    public var view: (any ReusableView)? {
      if case .view(let view) = content { view } else { nil }
    }
  }

  /// What to draw, back to front (by ``Layer``, and in row order within the rows).
  public internal(set) var items: [Item]
  /// Whether anything is drawn away from its frame: an animated update, a swipe or a held row.
  /// While it is `false` every view item's frame is its view's `frame` and its alpha is 1.
  public internal(set) var isMoving: Bool

  /// An empty list.
  public init() {
    items = []
    isMoving = false
  }

  /// The views drawn, back to front.
  public var views: [any ReusableView] { items.compactMap(\.view) }
}
