/// A headless, UITableView-shaped table: it turns a data source's sections and rows into a
/// screenful of reused views with exact frames, and does everything UIScrollView does for it
/// (offsets, insets, animated scrolls, deceleration, bounce) without knowing any platform.
///
///     let table = TableView(style: .plain)
///     table.register({ MyCell() }, forCellReuseIdentifier: "cell")
///     table.dataSource = model
///     table.viewportSize = Size(width: 80, height: 24)
///     table.reloadData()
///     table.contentOffset.y += 3     // lays out: cells leave to the pool, new ones are dequeued
///
/// A backend adopts `TableViewHost` to put views on screen and `ReusableView` for its cells.
public final class TableView {
  // Every stored property of the table is marked `@exclusivity(unchecked)`: a scroll step reads a
  // dozen of them, and a dynamic exclusivity check on each cost half the step (scroll_step 75 ns with
  // none, 150-220 ns with them, release). The table is used from one thread and never hands out
  // `inout` access to its own properties, so a check could only ever find an overlap of the table's
  // own code. (The package takes no `-enforce-exclusivity=unchecked` flag: SwiftPM refuses unsafe
  // flags in a dependency.)

  /// The table's style, as UIKit's.
  public enum Style: Sendable {
    /// Section headers and footers float over the rows while their section is on screen.
    case plain
    /// Nothing floats.
    case grouped
  }

  /// Where `scrollToRow(at:at:animated:)` puts the row.
  public enum ScrollPosition: Sendable {
    /// The least movement that makes the row fully visible (none if it already is).
    case none
    /// The row's top at the top of the visible area.
    case top
    /// The row centred in the visible area.
    case middle
    /// The row's bottom at the bottom of the visible area.
    case bottom
  }

  /// How many rows may be selected.
  public enum SelectionMode: Sendable {
    /// Rows cannot be selected.
    case none
    /// Selecting a row deselects the previous one.
    case single
    /// Taps toggle rows in and out of the selection.
    case multiple
  }

  /// The largest height accepted for one row, header or footer, in points (10⁹).
  public static let maximumRowHeight: Double = HeightIndex.maximumHeight

  /// Set `rowHeight` to this for self-sizing rows (measured with `ReusableView.sizeThatFits`).
  public static let automaticDimension: Double = -1

  /// The style, fixed at creation.
  public let style: Style

  /// Supplies sections, rows and cells. Setting it schedules a reload.
  @exclusivity(unchecked)
  public weak var dataSource: (any TableViewDataSource)? {
    didSet { pass.needsReload = true }
  }

  /// Receives display, selection and scrolling callbacks, and gives heights. Which of its height
  /// methods it implements is learned once per reload (see `TableViewDelegate`).
  @exclusivity(unchecked)
  public weak var delegate: (any TableViewDelegate)? {
    didSet {
      forgetDelegateHeightMethods()
      pass.needsReload = true
    }
  }

  /// Told about rows about to come on screen.
  @exclusivity(unchecked)
  public weak var prefetchDataSource: (any TableViewDataSourcePrefetching)?

  /// The backend that attaches views to the screen.
  @exclusivity(unchecked)
  @_spi(Backend) public weak var host: (any TableViewHost)?

  /// The height of every row when the delegate gives none (or `automaticDimension`). A height
  /// that is NaN, infinite, negative (but `automaticDimension`) or above
  /// `maximumRowHeight` is reported (`.invalidHeight`) at the next reload and 44 is used.
  @exclusivity(unchecked)
  public var rowHeight: Double = 44 { didSet { pass.needsReload = true } }
  /// An estimate for rows not yet measured; 0 (or less) means no estimates (every height is known
  /// upfront). With an estimate, `reloadData()` is O(sections) and rows are measured when they
  /// show. NaN, ∞ or an estimate above `maximumRowHeight` is reported (`.invalidHeight`)
  /// at the next reload and 44 is used.
  @exclusivity(unchecked)
  public var estimatedRowHeight: Double = 0 { didSet { pass.needsReload = true } }
  /// The height of section headers when the delegate gives none.
  @exclusivity(unchecked)
  public var sectionHeaderHeight: Double = 0 { didSet { pass.needsReload = true } }
  /// The height of section footers when the delegate gives none.
  @exclusivity(unchecked)
  public var sectionFooterHeight: Double = 0 { didSet { pass.needsReload = true } }

  /// A view above the first section (its height is its frame's height).
  /// - Complexity: setting it costs one layout pass (see ``layoutIfNeeded()``).
  @exclusivity(unchecked)
  public var tableHeaderView: (any ReusableView)? {
    didSet {
      if let old = oldValue, old !== tableHeaderView, visible.tableHeaderShown { host?.detach(old) }
      visible.tableHeaderShown = false
      geometryChanged()
    }
  }
  /// A view below the last section (its height is its frame's height).
  /// - Complexity: setting it costs one layout pass (see ``layoutIfNeeded()``).
  @exclusivity(unchecked)
  public var tableFooterView: (any ReusableView)? {
    didSet {
      if let old = oldValue, old !== tableFooterView, visible.tableFooterShown { host?.detach(old) }
      visible.tableFooterShown = false
      geometryChanged()
    }
  }

  /// Whether the rows repeat without end in both directions (one-section tables; see
  /// `isLooping`). Memory stays constant however far one scrolls. Table header and footer views
  /// and section header/footer views are not shown while looping.
  @exclusivity(unchecked)
  public var loops = false { didSet { pass.needsReload = true } }

  /// How rows can be selected outside edit mode (UIKit's `allowsSelection` and
  /// `allowsMultipleSelection`); in edit mode ``allowsSelectionDuringEditing`` and
  /// ``allowsMultipleSelectionDuringEditing`` decide instead (see ``activeSelectionMode``).
  @exclusivity(unchecked)
  public var selectionMode: SelectionMode = .single
  /// Whether rows can be selected in edit mode (UIKit's `allowsSelectionDuringEditing`): `false`
  /// by default, as UIKit's, so that in edit mode a tap, Space or Enter selects nothing and the
  /// arrows move the focus alone; the editing controls (⊖, ⊕) and reordering work either way.
  /// ``selectionMode`` applies outside edit mode only. Rows selected before edit mode stay selected.
  @exclusivity(unchecked)
  public var allowsSelectionDuringEditing = false
  /// Whether more than one row can be selected in edit mode (UIKit's
  /// `allowsMultipleSelectionDuringEditing`): `false` by default. When `true`, edit mode selects
  /// as ``SelectionMode/multiple`` does (taps and Space toggle rows, Shift extends), whatever
  /// ``allowsSelectionDuringEditing`` says.
  @exclusivity(unchecked)
  public var allowsMultipleSelectionDuringEditing = false {
    didSet { if allowsMultipleSelectionDuringEditing != oldValue { showEditingControls() } }
  }

  /// The selection mode taps, keys and ``selectRow(at:animated:scrollPosition:)`` obey now:
  /// ``selectionMode`` outside edit mode; in edit mode ``SelectionMode/multiple`` with
  /// ``allowsMultipleSelectionDuringEditing``, ``SelectionMode/single`` with
  /// ``allowsSelectionDuringEditing``, ``SelectionMode/none`` otherwise.
  public var activeSelectionMode: SelectionMode {
    guard editing.isEditing else { return selectionMode }
    if allowsMultipleSelectionDuringEditing { return .multiple }
    return allowsSelectionDuringEditing ? .single : .none
  }
  /// Whether, in single selection mode, the focused row is also the selected one (UIKit's
  /// `selectionFollowsFocus`): the arrows then move the selection, and selecting a row moves the
  /// focus to it. In multiple selection mode, or when this is `false`, the focus moves alone and
  /// Space or Enter (``activateFocusedRow()``) selects. `true` by default (UIKit's default is
  /// `false`; a keyboard table without it selects nothing with the arrows).
  @exclusivity(unchecked)
  public var selectionFollowsFocus = true
  /// Whether `reloadData()` keeps the focus (UIKit's `remembersLastFocusedIndexPath`): on the same
  /// index path when it still names a row, otherwise on the row at the same position in the whole
  /// table (the last row when the table got shorter). When `false`, a reload clears the focus.
  /// `true` by default (UIKit's default is `false`), so that a screen reader does not lose its place
  /// when the data reloads.
  @exclusivity(unchecked)
  public var remembersLastFocusedIndexPath = true
  /// How far (points) a touch may move before it stops being a tap and its highlight is cancelled.
  @exclusivity(unchecked)
  public var tapMoveThreshold: Double = 10
  /// Pull to refresh (UIKit's `refreshControl`): see ``RefreshControl``. Only bounded tables
  /// (not looping ones) pull.
  @exclusivity(unchecked)
  public var refreshControl: RefreshControl? {
    didSet {
      if oldValue !== refreshControl { oldValue?.table = nil }
      refreshControl?.table = self
      geometryChanged()
    }
  }
  /// The width of a swipe action without a `preferredWidth`, in points (a terminal backend sets
  /// it in cells). Values that are not finite or not positive give actions no width.
  @exclusivity(unchecked)
  public var swipeActionWidth: Double = 80

  /// The visible area's size (UIKit's `bounds.size`). Changing the width switches the height
  /// cache to that width's: to a width the idle precompute has measured (see ``expectedWidths``),
  /// no row on screen is measured again and the scroll range is exact where it has been.
  ///
  /// In a bottom-anchored table (`contentAnchor` `.bottom`) a change of height keeps the content at
  /// the bottom edge where it was: a table at the end stays at the end (its last rows measured
  /// again after a change of width), one scrolled up keeps its distance from the end. That is a
  /// scroll, not a correction: the top edge moved. With `maintainsVisibleContentPosition`, a change
  /// of width (which changes heights) keeps the content anchor where it was on screen instead, as a
  /// correction (but for a bottom-anchored table at the end, which stays at the end).
  ///
  /// A size with a NaN or infinite dimension is refused: reported (`.invalidArgument`) and the
  /// size stays as it was. Negative dimensions are taken as 0, and dimensions above
  /// `maximumContentHeight` as that.
  /// - Complexity: setting it costs one layout pass (see ``layoutIfNeeded()``); a width whose
  ///   height cache is not kept first rebuilds the geometry for it: O(sections), or O(rows) when
  ///   the delegate gives exact heights without an estimate, or estimates per row.
  @exclusivity(unchecked)
  public var viewportSize: Size = .zero {
    didSet {
      guard let width = Sanitize.coordinate(viewportSize.width), let height = Sanitize.coordinate(viewportSize.height)
      else {
        report(TableViewError(.invalidArgument, "viewport size \(viewportSize) is not finite; ignored"))
        viewportSize = oldValue
        return
      }
      viewportSize = Size(width: max(0, width), height: max(0, height))
      guard viewportSize != oldValue else { return }
      if viewportSize.height < oldValue.height { visible.highWater = 0 }
      guard viewportSize.width != oldValue.width else {
        // A bottom-anchored table keeps the content at the visible area's bottom edge where it was.
        if let fromBottom = distanceFromBottom(viewportHeight: oldValue.height) { keepDistanceFromBottom(fromBottom) }
        geometryChanged()
        return
      }
      columnsViewportWidthDidChange()
      switchingHeights(viewportHeightBefore: oldValue.height) { widthDidChange(from: oldValue.width) }
    }
  }
  /// Insets around the content (UIKit's `contentInset`): scrolling may go that far past the edges.
  ///
  /// Insets with a NaN or infinite edge are refused: reported (`.invalidArgument`) and the insets
  /// stay as they were; edges beyond ±`maximumContentHeight` are taken as that.
  /// - Complexity: setting it costs one layout pass (see ``layoutIfNeeded()``).
  @exclusivity(unchecked)
  public var contentInset: EdgeInsets = .zero {
    didSet {
      guard let top = Sanitize.coordinate(contentInset.top), let left = Sanitize.coordinate(contentInset.left),
        let bottom = Sanitize.coordinate(contentInset.bottom), let right = Sanitize.coordinate(contentInset.right)
      else {
        report(TableViewError(.invalidArgument, "content inset \(contentInset) is not finite; ignored"))
        contentInset = oldValue
        return
      }
      contentInset = EdgeInsets(top: top, left: left, bottom: bottom, right: right)
      geometryChanged()
    }
  }

  /// Moves the offset to `y` as a correction: nothing on screen moves (see `contentOffsetCorrection`).
  /// Views on their way out of an animated update move with the content (but while an update is
  /// being captured: its end re-bases them all).
  func correctContentOffsetY(to y: Double) {
    let delta = y - scroll.offset.y
    scroll.correctY(to: y)
    if pass.retired == nil, !animations.departures.isEmpty { animations.shiftDepartures(by: delta) }
  }

  /// The sum of every change the table itself made to `contentOffset.y` without moving anything on
  /// screen: anchoring when rows above the visible ones are measured or change height, keeping the
  /// visible content in place through data changes (`maintainsVisibleContentPosition`), and a looping
  /// table's re-centring. A backend that subtracts this sum's change from the offset's change gets how
  /// far the content visibly scrolled (to move a scrollbar, or to check that no row jumps).
  @_spi(Backend) public var contentOffsetCorrection: Double { scroll.correction }

  /// The top-left of the visible area in content coordinates. Setting it lays the table out
  /// immediately (cells leave and enter) and tells the delegate.
  ///
  /// An offset with a NaN or infinite coordinate is refused (reported as `.invalidArgument`);
  /// coordinates beyond ±`maximumContentHeight` are taken as that.
  /// - Complexity: setting it costs one layout pass (see ``layoutIfNeeded()``).
  public var contentOffset: Point {
    get { scroll.offset }
    set { setContentOffsetNow(newValue) }
  }

  /// The most views kept in the reuse pool per identifier, beyond the number on screen (a
  /// negative value is taken as 0).
  @exclusivity(unchecked)
  public var reusePoolFloor = 4 {
    didSet { reusePoolFloor = max(0, reusePoolFloor) }
  }

  /// Called with every error the table reports without throwing (bad heights from a delegate,
  /// a reentrant `reloadData()`, a data source that changed its counts silently…).
  @exclusivity(unchecked)
  public var onError: ((TableViewError) -> Void)?
  /// The most recent errors reported through `onError` (at most 16).
  @exclusivity(unchecked)
  public private(set) var reportedErrors: [TableViewError] = []
  /// How long the backend's last timed call into the table took (`recordLayoutDuration(_:)`), seconds.
  var lastLayoutDuration: Double = 0
  /// The longest duration recorded since the table was made or ``resetLongestLayoutDuration()``.
  var longestLayoutDuration: Double = 0

  /// The clock that drives animations and idle work.
  @exclusivity(unchecked)
  public var clock: any TableViewClock

  /// How many width classes' height caches are kept (the current one included; at least 1).
  /// Beyond it the least recently used width is forgotten, the widths the idle precompute measures
  /// for (``precomputedWidths``) last.
  @exclusivity(unchecked)
  public var widthCacheLimit = 2 {
    didSet {
      widthCacheLimit = max(1, widthCacheLimit)
      heights.keepWidths(atMost: widthCacheLimit)
      heights.keepColumnConfigurations(atMost: widthCacheLimit)
    }
  }

  // MARK: Collaborators

  /// Heights: the geometry index for the current width and the ones kept for other widths, the
  /// height policy of the last reload, template cells and keyed heights.
  // Touched on every scroll step by this class alone: no dynamic exclusivity checks.
  @exclusivity(unchecked) var heights = HeightCache()
  /// The offset, its corrections, the running animation and the drag.
  // Touched on every scroll step by this class alone: no dynamic exclusivity checks.
  @exclusivity(unchecked) var scroll = ScrollState()
  /// The rows, headers and footers on screen, and the reuse pools.
  // Touched on every scroll step by this class alone: no dynamic exclusivity checks.
  @exclusivity(unchecked) var visible = VisibleSet()
  /// The selected and highlighted rows.
  @exclusivity(unchecked) var selection = SelectionState()
  /// The keyboard focus (TableView+Focus.swift).
  @exclusivity(unchecked) var focus = FocusState()
  /// Whether a batch update of one row inserted, deleted or moved is validated the short way
  /// (BatchUpdate+SingleRow.swift); tests turn it off in a twin table to compare with the general way.
  var singleRowUpdatesTakeShortcut = true
  /// What the next layout pass has to do, and whether the table is inside a pass or a data-source call.
  // Touched on every scroll step by this class alone: no dynamic exclusivity checks.
  @exclusivity(unchecked) var pass = PassState()
  /// Bottom anchoring, content kept in place through data changes, follow mode
  /// (TableView+ContentAnchoring.swift).
  @exclusivity(unchecked) var anchoring = ContentAnchoringState()
  /// When to tell the delegate the user came near an edge (TableView+EdgeProximity.swift).
  @exclusivity(unchecked) var edges = EdgeProximity()
  /// The columns of a multi-column table, laid out for `viewportSize.width` (TableView+Columns.swift).
  @exclusivity(unchecked) var columns = KeptColumns()
  /// The idle-time precompute, made by `idlePrecompute` (TableView+IdlePrecompute.swift).
  @exclusivity(unchecked) var idleScheduler: IdlePrecompute?
  /// Rows announced to the prefetch data source (TableView+Prefetching.swift).
  @exclusivity(unchecked) var prefetchState = PrefetchState()
  /// The current diffable snapshot, a SnapshotBox (TableView+Diffable.swift).
  @exclusivity(unchecked) var snapshotBox: AnyObject?
  /// Animated updates: the differences of the views on screen, the views on their way out
  /// (TableView+UpdateAnimations.swift).
  @exclusivity(unchecked) @usableFromInline var animations = UpdateAnimations()
  /// Edit mode and the swiped row (TableView+Editing.swift).
  @exclusivity(unchecked) @usableFromInline var editing = EditingState()
  /// The section index's titles as the data source last gave them; `nil` until asked again
  /// (TableView+SectionIndex.swift).
  @exclusivity(unchecked) var cachedSectionIndexTitles: [String]??
  /// The draw list's items, kept between frames so that building one allocates nothing
  /// (TableView+DrawList.swift).
  @exclusivity(unchecked) var drawItemsBuffer: [DrawList.Item] = []
  /// The fewest rows with which the section index shows (UIKit's `sectionIndexMinimumDisplayRowCount`;
  /// default 0: always, when the data source gives titles).
  @exclusivity(unchecked) public var sectionIndexMinimumDisplayRowCount = 0
  /// What the pointer's press under way means (TableView+Pointer.swift).
  @exclusivity(unchecked) var pointer = PointerRouter()
  /// What the wheel's or the touchpad's scroll under way means (TableView+ScrollWheel.swift).
  @exclusivity(unchecked) var scrollGesture = ScrollGesture()

  /// How fast a fling slows down, per millisecond (UIScrollView's `decelerationRate`). A rate
  /// outside the open interval 0…1 (or NaN) would never stop or would run backwards: it is
  /// refused, reported (`.invalidArgument`), and the rate stays as it was.
  @exclusivity(unchecked)
  public var decelerationRate = ScrollPhysics.normalDecelerationRate {
    didSet {
      guard decelerationRate > 0, decelerationRate < 1 else {
        report(
          TableViewError(
            .invalidArgument, "deceleration rate \(decelerationRate) is not between 0 and 1 (exclusive); ignored"))
        decelerationRate = oldValue
        return
      }
    }
  }
  /// Whether scrolling past an edge stretches and bounces back.
  @exclusivity(unchecked)
  public var bounces = true
  /// Overrides the range scrolling settles in (a picker's selectable rows); `nil` derives it from
  /// the content size and insets, as UIScrollView does.
  @exclusivity(unchecked)
  var scrollLimits: ClosedRange<Double>?

  /// Creates a table of `style`, driven by `clock` (a `ManualClock` in tests).
  public init(style: Style = .plain, clock: any TableViewClock = ManualClock()) {
    self.style = style
    self.clock = clock
  }

  // MARK: Registration and dequeue

  /// Registers a factory for cells with `identifier`.
  public func register(_ factory: @escaping () -> any ReusableView, forCellReuseIdentifier identifier: String) {
    visible.cellPool.register(factory, for: identifier)
  }

  /// Registers a factory for header/footer views with `identifier`.
  public func register(
    _ factory: @escaping () -> any ReusableView, forHeaderFooterViewReuseIdentifier identifier: String
  ) {
    visible.headerFooterPool.register(factory, for: identifier)
  }

  /// A pooled cell for `identifier`, or `nil` when none is waiting (the "dequeue or create" pattern).
  /// - Complexity: O(1)
  public func dequeueReusableCell(withIdentifier identifier: String) -> (any ReusableView)? {
    visible.cellPool.dequeue(identifier)
  }

  /// A cell for `identifier`: pooled, or new from the registered factory. Never fails for a
  /// registered identifier; an unregistered one stops the program with a message naming it.
  /// - Complexity: O(1)
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> any ReusableView {
    guard let cell = visible.cellPool.dequeueOrMake(identifier) else {
      preconditionFailure(
        "dequeueReusableCell(withIdentifier: \"\(identifier)\", for: \(indexPath)): nothing is registered for \"\(identifier)\"; call register(_:forCellReuseIdentifier:) first"
      )
    }
    return cell
  }

  /// A pooled cell for `identifier`, or a new one from the registered factory; `nil` only when
  /// nothing is registered for it (the picker's lenient dequeue).
  /// - Complexity: O(1)
  func dequeueOrMakeCell(withIdentifier identifier: String) -> (any ReusableView)? {
    visible.cellPool.dequeueOrMake(identifier)
  }

  /// A cell for `identifier` as the backend's type `Cell` (see `dequeueReusableCell(withIdentifier:for:)`).
  /// - Complexity: O(1)
  public func dequeueReusableCell<Cell: ReusableView>(
    withIdentifier identifier: String, for indexPath: IndexPath, as type: Cell.Type
  ) -> Cell {
    let cell = dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    guard let typed = cell as? Cell else {
      preconditionFailure("the cell registered for \"\(identifier)\" is a \(Swift.type(of: cell)), not a \(Cell.self)")
    }
    return typed
  }

  /// A header/footer view for `identifier`: pooled or new; `nil` when nothing is registered.
  public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> (any ReusableView)? {
    visible.headerFooterPool.dequeueOrMake(identifier)
  }

  /// A header/footer view for `identifier` as the backend's type `View`: pooled or new, as
  /// `dequeueReusableCell(withIdentifier:for:as:)` for cells; `nil` when nothing is registered for
  /// `identifier`. A view of another type stops the program with a message naming both types.
  /// - Complexity: O(1)
  public func dequeueReusableHeaderFooterView<View: ReusableView>(withIdentifier identifier: String, as type: View.Type)
    -> View?
  {
    guard let view = dequeueReusableHeaderFooterView(withIdentifier: identifier) else { return nil }
    guard let typed = view as? View else {
      preconditionFailure(
        "the header/footer view registered for \"\(identifier)\" is a \(Swift.type(of: view)), not a \(View.self)")
    }
    return typed
  }

  /// Cells made by factories so far.
  var cellsCreated: Int { visible.cellPool.createdCount }
  /// Dequeues served from the pool so far.
  var cellsReused: Int { visible.cellPool.reusedCount }
  /// Cells waiting in the pool.
  /// - Complexity: O(identifiers registered)
  var pooledCellCount: Int { visible.cellPool.count }

  // MARK: Errors

  func report(_ error: TableViewError) {
    reportedErrors.append(error)
    if reportedErrors.count > 16 { reportedErrors.removeFirst(reportedErrors.count - 16) }
    onError?(error)
  }

  /// Runs a data-source or delegate call, marking the table busy so reentrant reloads are caught.
  @inline(__always) func askingDataSource<T>(_ body: () -> T) -> T {
    pass.dataSourceCallDepth += 1
    defer { pass.dataSourceCallDepth -= 1 }
    return body()
  }
}
