@_spi(Backend) import TableViewCore
import TerminalKit

/// The engine's `TableView` on a terminal: it owns the table, is its host (the engine attaches, detaches and
/// raises the cells and header views it reuses), draws the visible views clipped to its rectangle, and turns
/// keys and the mouse into the engine's scrolling and selection calls.
///
///     let tableView = TerminalTableView()
///     tableView.table.register({ TerminalTableViewCell() }, forCellReuseIdentifier: "cell")
///     tableView.table.dataSource = model
///     tableView.frame = Rect(x: 0, y: 1, width: 100, height: 28)
///     tableView.reloadData()
///     tableView.handle(.key(.pageDown))
///     tableView.render(into: &buffer, origin: CellPoint(x: 0, y: 1))
///
/// Every view is drawn at `frame.minY − contentOffset.y` rows below the table's top, so positions stay exact
/// however far the content reaches. Floating headers come after the cells (the engine raises them).
public final class TerminalTableView: TerminalView, TableViewHost {
  /// The engine.
  public let table: TableView
  /// The scroll indicator, in the last column.
  public let scrollIndicator = TerminalScrollIndicator()
  /// Whether the scroll indicator is shown (never without decoration: see `drawsDecorations`).
  public var showsScrollIndicator = true {
    didSet { scrollIndicator.isHidden = !showsScrollIndicator || !drawsDecorations }
  }
  /// Whether the table and the views it shows draw box-drawing and block decoration (the scroll indicator,
  /// separators, header rules, the selection bar): off for a plain interface that screen readers and braille
  /// displays read (the selection is then marked ">"). Passed to every cell and header view as it is shown.
  public override var drawsDecorations: Bool {
    didSet {
      scrollIndicator.isHidden = !showsScrollIndicator || !drawsDecorations
      for view in attachedViews { view.drawsDecorations = drawsDecorations }
    }
  }
  /// How the mouse wheel scrolls.
  public var wheelAcceleration = WheelAcceleration()
  /// The context menu open over the table, if any (the engine's pointer router knows whether one is: the next
  /// press is the menu's).
  var contextMenu: OpenContextMenu? {
    didSet { table.isShowingContextMenu = contextMenu != nil }
  }
  /// Whether the last tick left an animation running (the next tick's frame is timed).
  private var animating = false
  /// The views the engine attached (given the table view's decoration setting), in no particular order.
  private(set) var attachedViews: [TerminalView] = []

  /// The frame in its superview (or on the screen); its size is the table's viewport.
  public override var frame: Rect {
    didSet {
      guard frame.size != oldValue.size else { return }
      let (width, height) = (cellSize.width, cellSize.height)
      measuringLayout {
        table.viewportSize = Size(width: Double(width), height: Double(height))
        // As UIKit, the first layout loads the data.
        table.layoutIfNeeded()
      }
    }
  }

  /// Creates a table view.
  ///
  /// - Parameters:
  ///   - style: The table's style; `.plain` floats section headers.
  ///   - clock: The clock animations, flings and Home/End's scrolls run on: by default the system's monotonic
  ///     clock (`MonotonicClock`), so that they advance as time passes; a test passes a `ManualClock` and
  ///     advances it by hand. Give the run loop (`TerminalRunLoop`) the same clock.
  public init(style: TableView.Style = .plain, clock: any TableViewClock = MonotonicClock()) {
    table = TableView(style: style, clock: clock)
    super.init()
    table.host = self
    table.pointerConfiguration = Self.pointerConfiguration
    backgroundStyle = .plain
    addSubview(scrollIndicator)
  }

  /// Reloads the table from its data source.
  public func reloadData() {
    measuringLayout { table.reloadData() }
  }

  /// Whether an animation or deceleration is running; call `tick()` once per frame while it is.
  public var isAnimating: Bool { table.isAnimating }

  /// Advances the running animation to the clock's time. Its duration is recorded
  /// (`table.diagnostics.lastLayoutDuration`) only for a frame of an animation: an idle tick does
  /// not overwrite the duration of the last input or frame with nothing.
  public func tick() {
    let start = MonotonicClock.systemSeconds()
    let running = table.tick()
    if running || animating { table.recordLayoutDuration(MonotonicClock.systemSeconds() - start) }
    animating = running
  }

  /// Runs one slice of the table's idle-time precompute (see `TableView.idlePrecompute`, off until enabled).
  /// - Returns: Whether rows remain to be measured.
  @discardableResult
  public func runIdleSlice() -> Bool {
    table.runIdleSlice()
  }

  /// Runs engine work and records how long it took in the table's diagnostics
  /// (`table.diagnostics.lastLayoutDuration`).
  func measuringLayout(_ body: () -> Void) {
    let start = MonotonicClock.systemSeconds()
    body()
    table.recordLayoutDuration(MonotonicClock.systemSeconds() - start)
  }

  // MARK: TableViewHost

  /// Adds a view the engine is about to display (views that are not `TerminalView`s cannot be drawn and are
  /// ignored).
  public func attach(_ view: any ReusableView) {
    guard let view = view as? TerminalView, !attachedViews.contains(where: { $0 === view }) else { return }
    view.drawsDecorations = drawsDecorations
    attachedViews.append(view)
  }

  /// Removes a view that went back to the pool.
  public func detach(_ view: any ReusableView) {
    guard let index = attachedViews.firstIndex(where: { $0 === view }) else { return }
    attachedViews.remove(at: index)
  }

  /// Nothing to do: the drawing order is the table's draw list's (`TableView.drawList`), not the order of
  /// attachment.
  public func bringToFront(_ view: any ReusableView) {}

  // MARK: Layout and drawing

  public override func layoutSubviews() {
    let (width, height) = (cellSize.width, cellSize.height)
    scrollIndicator.frame = Rect(x: Double(width - 1), y: 0, width: 1, height: Double(height))
  }

  public override func drawOverlay(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    drawSectionIndex(into: &buffer, origin: origin, clip: clip)
    drawContextMenu(into: &buffer, origin: origin, clip: clip)
  }

  /// Draws the table's draw list (`TableView.drawList`), back to front, each item at its frame: views
  /// leaving an animated update, a swipe's actions, the rows, the headers and footers, the held row (lifted),
  /// the pull-to-refresh indicator.
  public override func draw(into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect) {
    let list = table.drawList
    let offset = table.contentOffset
    for item in list.items {
      switch item.content {
      case .view(let view):
        guard let view = view as? TerminalView else { continue }
        guard list.isMoving else {
          // Nothing moves: every view at its frame, opaque.
          let at = CellPoint(
            x: origin.x + TerminalView.cells(item.frame.minX - offset.x),
            y: origin.y + TerminalView.cells(item.frame.minY - offset.y))
          view.render(into: &buffer, origin: at, clip: clip)
          continue
        }
        if let area = drawPresented(view, item.frame, alpha: item.alpha, into: &buffer, origin: origin, clip: clip),
          item.layer == .lifted
        {
          buffer.updateStyle(in: area, Self.liftStyle)
        }
      case .swipeAction(let action, let index):
        drawSwipeAction(action, index: index, frame: item.frame, into: &buffer, origin: origin, clip: clip)
      case .refreshIndicator(let indicator):
        drawRefreshIndicator(indicator, into: &buffer, origin: origin, clip: clip)
      }
    }
    scrollIndicator.follow(table)
  }

  /// Pull to refresh: in the rows above the content's top (pulled down, or resting below the
  /// indicator while refreshing), one line just above the content says what letting go does.
  func drawRefreshIndicator(
    _ indicator: RefreshIndicator, into buffer: inout ScreenBuffer, origin: CellPoint, clip: CellRect
  ) {
    let contentTop = TerminalView.cells(-table.contentOffset.y)
    guard contentTop >= 1 else { return }
    // The engine's words, with a mark for each phase (a terminal has no spinner).
    let mark =
      switch indicator.phase {
      case .refreshing: "⟳"
      case .armed: "↑"
      case .pulling: "↓"
      }
    let text = mark + " " + indicator.text
    let width = cellSize.width
    let textWidth = DisplayWidth.of(text)
    let line = CellRect(x: origin.x, y: origin.y + contentTop - 1, width: width, height: 1).intersection(clip)
    guard !line.isEmpty else { return }
    buffer.fill(line, style: .plain)
    let x = max(line.x, origin.x + max(0, (width - textWidth) / 2))
    _ = buffer.write(text, x: x, y: line.y, style: Style(foreground: .cyan), maxWidth: line.maxX - x)
  }

  /// Draws `view` at `frame` (where the draw list has it now), by whole cells: clipped to the frame's
  /// height, faint while it is half transparent or more, not at all once nearly invisible.
  /// - Returns: The cells drawn, or nil when nothing was.
  @discardableResult
  func drawPresented(
    _ view: TerminalView, _ frame: Rect, alpha: Double, into buffer: inout ScreenBuffer, origin: CellPoint,
    clip: CellRect
  ) -> CellRect? {
    guard alpha >= Self.invisibleAlpha else { return nil }
    let offset = table.contentOffset
    let at = CellPoint(
      x: origin.x + TerminalView.cells(frame.minX - offset.x),
      y: origin.y + TerminalView.cells(frame.minY - offset.y))
    let area = CellRect(
      x: at.x, y: at.y, width: TerminalView.cells(frame.width), height: TerminalView.cells(frame.height)
    ).intersection(clip)
    guard !area.isEmpty else { return nil }
    view.render(into: &buffer, origin: at, clip: area)
    if alpha < Self.faintAlpha {
      buffer.updateStyle(in: area) { $0 = $0.adding(.dim) }
    }
    return area
  }

  /// A view the table draws at its presentation: a terminal view the engine reuses (a cell, a header or footer).
  typealias PresentedView = TerminalView & ReusableView

  /// Below this opacity an animating view is not drawn.
  static let invisibleAlpha = 0.15
  /// Below this opacity an animating view is drawn faint (SGR 2).
  static let faintAlpha = 0.75

  // MARK: Coordinates

  /// The screen position of the table's top-left cell (its frame's origin added up through its superviews).
  public var screenOrigin: CellPoint {
    var x = 0
    var y = 0
    var view: TerminalView? = self
    while let current = view {
      x += TerminalView.cells(current.frame.minX)
      y += TerminalView.cells(current.frame.minY)
      view = current.superview
    }
    return CellPoint(x: x, y: y)
  }

  /// A screen cell as a point in the table's own coordinates (the visible top-left is (0, 0)), or `nil` outside
  /// the table.
  public func point(fromScreen cell: CellPoint) -> Point? {
    let (x, y) = (cell.x, cell.y)
    let origin = screenOrigin
    let (width, height) = (cellSize.width, cellSize.height)
    guard x >= origin.x, x < origin.x + width, y >= origin.y, y < origin.y + height else { return nil }
    return Point(x: Double(x - origin.x), y: Double(y - origin.y))
  }
}
