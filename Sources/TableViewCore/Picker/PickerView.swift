/// A picker built on the table (the seed's DLPickerView): one `TableView` per component, a
/// selection band in the middle, and rows that always come to rest exactly centred in it.
///
///     let picker = PickerView(titleCell: { MyTitleCell() })
///     picker.dataSource = model
///     picker.size = Size(width: 30, height: 7)
///     try picker.reloadAllComponents()
///     try picker.setLoops(true, forComponent: 1)
///     try picker.selectRow(4, inComponent: 1, animated: false)
///
/// A fling ends on a row because the deceleration's target is moved to one before it starts
/// (UIPickerView's way, through `tableViewWillEndDragging`), so there is no second snap. A
/// component may loop (rows repeat without end, in constant memory) and may have a selectable
/// range: it cannot come to rest outside it, and rows outside are reported as not selectable
/// so the backend dims them.
public final class PickerView {
  /// The picker's components and rows.
  public weak var dataSource: (any PickerViewDataSource)?
  /// Titles, cells, sizes and selection callbacks.
  public weak var delegate: (any PickerViewDelegate)?
  /// The row height when the delegate gives none. Row heights (this one or the delegate's) are
  /// taken within 0.25…`TableView.maximumRowHeight`; a NaN or infinite one is reported and this
  /// default (or 1) is used.
  public var defaultRowHeight: Double = 1
  /// The picker's size; components share its width and all have its height. A size with a NaN or
  /// infinite dimension is refused (reported, the size stays as it was); negative dimensions are
  /// taken as 0 and huge ones as `TableView.maximumContentHeight`.
  /// - Complexity: a change reloads every component's table (O(components · visible rows)).
  public var size: Size = .zero {
    didSet {
      guard let width = Sanitize.coordinate(size.width), let height = Sanitize.coordinate(size.height) else {
        report(TableViewError(.invalidArgument, "picker size \(size) is not finite; ignored"))
        size = oldValue
        return
      }
      size = Size(width: max(0, width), height: max(0, height))
      if size != oldValue { layoutComponents() }
    }
  }
  /// Called with every error the picker reports without throwing (a bad size, row height or count).
  public var onError: ((TableViewError) -> Void)?
  /// The most recent errors reported through `onError` (at most 16).
  public private(set) var reportedErrors: [TableViewError] = []

  func report(_ error: TableViewError) {
    reportedErrors.append(error)
    if reportedErrors.count > 16 { reportedErrors.removeFirst(reportedErrors.count - 16) }
    onError?(error)
  }
  /// The clock that drives settling animations (a `ManualClock` in tests).
  /// - Complexity: setting it is O(components).
  public var clock: any TableViewClock {
    didSet { for c in components { c.table.clock = clock } }
  }

  final class Component {
    let table: TableView
    let adapter: PickerComponentAdapter
    var rows = 0
    var rowHeight: Double = 1
    var width: Double = 0
    var x: Double = 0
    var loops = false
    var range: ClosedRange<Int>?
    /// The row last reported to (or set by) the app.
    var selected = 0
    /// Whether the motion in progress was started by the user (only those report didSelect).
    var userMotion = false
    /// The (virtual) row an animation in progress is heading for, so quick key presses add up.
    var pendingTarget: Int?

    init(table: TableView, adapter: PickerComponentAdapter) {
      self.table = table
      self.adapter = adapter
    }
  }

  var components: [Component] = []
  let titleCell: () -> any PickerTitleCell
  static let titleIdentifier = "PickerView.title"

  /// Creates a picker whose rows without custom cells show titles in cells from `titleCell`.
  public init(clock: any TableViewClock = ManualClock(), titleCell: @escaping () -> any PickerTitleCell) {
    self.clock = clock
    self.titleCell = titleCell
  }

  // MARK: Structure

  /// Asks the data source and delegate for everything again, keeping selected rows where they
  /// still exist (else the nearest).
  /// - Throws: `.invalidArgument` when the data source gives no components (a picker needs one).
  /// - Complexity: O(components · visible rows): every component's table is reloaded.
  public func reloadAllComponents() throws(TableViewError) {
    guard let dataSource else { throw TableViewError(.invalidArgument, "the picker has no data source") }
    let count = dataSource.numberOfComponents(in: self)
    guard count > 0 else {
      throw TableViewError(
        .invalidArgument, "numberOfComponents returned \(count): a picker needs at least one component")
    }
    while components.count > count { components.removeLast() }
    while components.count < count {
      let adapter = PickerComponentAdapter(picker: self, component: components.count)
      let table = TableView(style: .grouped, clock: clock)
      table.selectionMode = .none
      table.bounces = true
      table.register({ [titleCell] in titleCell() }, forCellReuseIdentifier: Self.titleIdentifier)
      table.dataSource = adapter
      table.delegate = adapter
      components.append(Component(table: table, adapter: adapter))
    }
    for (c, component) in components.enumerated() {
      let rows = dataSource.pickerView(self, numberOfRowsInComponent: c)
      component.rows = min(max(0, rows), TableView.maximumRowCount)
      if rows < 0 || rows > TableView.maximumRowCount {
        report(
          TableViewError(
            .invalidDataSource,
            "numberOfRowsInComponent(\(c)) returned \(rows); treated as \(component.rows) (a component holds 0…\(TableView.maximumRowCount))"
          ))
      }
      if let range = component.range, range.upperBound >= component.rows { component.range = nil }
      component.selected = component.rows == 0 ? -1 : min(max(component.selected, 0), component.rows - 1)
    }
    layoutComponents()
  }

  /// Reloads one component.
  /// - Throws: `.indexOutOfRange` for a component that does not exist.
  /// - Complexity: as ``reloadAllComponents()``.
  public func reloadComponent(_ component: Int) throws(TableViewError) {
    try check(component)
    try reloadAllComponents()
  }

  /// The number of components.
  public var numberOfComponents: Int { components.count }

  /// The picker's width shared equally by its components: a component's width when the delegate gives none.
  public var equalComponentWidth: Double { size.width / Double(max(1, components.count)) }

  /// The number of rows in `component` (0 for one that does not exist).
  public func numberOfRows(inComponent component: Int) -> Int {
    component >= 0 && component < components.count ? components[component].rows : 0
  }

  /// The table that shows `component`, for the backend to draw (its frame in the picker is
  /// `rect(forComponent:)`).
  @_spi(Backend) public func table(forComponent component: Int) -> TableView { components[component].table }

  /// The counters of each component's table (see ``TableView/Diagnostics``), in component order.
  /// - Complexity: O(components · (visible views + identifiers registered))
  public var diagnostics: [TableView.Diagnostics] { components.map(\.table.diagnostics) }

  /// Where `component` sits in the picker.
  @_spi(Backend) public func rect(forComponent component: Int) -> Rect {
    let c = components[component]
    return Rect(x: c.x, y: 0, width: c.width, height: size.height)
  }

  /// The selection band of `component`: one row tall, centred vertically.
  @_spi(Backend) public func selectionBand(forComponent component: Int) -> Rect {
    let c = components[component]
    return Rect(x: c.x, y: bandTop(c), width: c.width, height: c.rowHeight)
  }

  func bandTop(_ c: Component) -> Double { ((size.height - c.rowHeight) / 2).rounded(.down) }

  /// A reusable custom cell for `component`'s table (register first with `register`).
  public func dequeueReusableCell(withIdentifier identifier: String, forComponent component: Int) -> (any ReusableView)?
  {
    guard component >= 0, component < components.count else { return nil }
    return components[component].table.dequeueOrMakeCell(withIdentifier: identifier)
  }

  /// Registers a custom cell factory for every component.
  /// - Complexity: O(components)
  public func register(_ factory: @escaping () -> any ReusableView, forCellReuseIdentifier identifier: String) {
    for c in components { c.table.register(factory, forCellReuseIdentifier: identifier) }
    pendingRegistrations.append((factory, identifier))
  }
  var pendingRegistrations: [(() -> any ReusableView, String)] = []

  func check(_ component: Int) throws(TableViewError) {
    guard component >= 0, component < components.count else {
      throw TableViewError(
        .indexOutOfRange, "component \(component) is out of range; the picker has \(components.count) components")
    }
  }

  /// Lays out every component table: widths, insets so the first and last rows reach the band,
  /// scroll limits from the selectable range, and the selected rows centred.
  func layoutComponents() {
    guard !components.isEmpty else { return }
    var x = 0.0
    for (c, component) in components.enumerated() {
      component.rowHeight = acceptedRowHeight(delegate?.pickerView(self, rowHeightForComponent: c), component: c)
      let width = delegate?.pickerView(self, widthForComponent: c) ?? equalComponentWidth
      component.width = Sanitize.coordinate(width).map { max(0, $0) } ?? equalComponentWidth
      if !width.isFinite {
        report(
          TableViewError(
            .invalidArgument, "width \(width) for component \(c) is not finite; using \(equalComponentWidth)"))
      }
      component.x = x
      x += component.width
      for (factory, identifier) in pendingRegistrations {
        component.table.register(factory, forCellReuseIdentifier: identifier)
      }
      let table = component.table
      table.rowHeight = component.rowHeight
      table.loops = component.loops
      let inset = bandTop(component)
      table.contentInset = EdgeInsets(top: inset, bottom: size.height - inset - component.rowHeight)
      table.viewportSize = Size(width: component.width, height: size.height)
      table.reloadData()
      applyLimits(component)
      if component.selected >= 0 {
        table.contentOffset.y = offset(ofRow: component.selected, in: component)
      }
    }
  }

  /// A row height within 0.25…`TableView.maximumRowHeight`; a NaN or infinite one is reported and
  /// the default is used.
  func acceptedRowHeight(_ asked: Double?, component c: Int) -> Double {
    let fallback = defaultRowHeight.isFinite ? min(max(0.25, defaultRowHeight), HeightIndex.maximumHeight) : 1
    guard let asked else { return fallback }
    guard asked.isFinite else {
      report(TableViewError(.invalidHeight, "row height \(asked) for component \(c) is not finite; using \(fallback)"))
      return fallback
    }
    return min(max(0.25, asked), HeightIndex.maximumHeight)
  }

  func applyLimits(_ c: Component) {
    guard c.table.rowSpace.isBounded, c.rows > 0 else {
      c.table.scrollLimits = nil
      return
    }
    let range = c.range ?? 0...(c.rows - 1)
    c.table.scrollLimits = offset(ofRow: range.lowerBound, in: c)...offset(ofRow: range.upperBound, in: c)
  }

  /// The offset that centres (virtual) row `row` in the band.
  func offset(ofRow row: Int, in c: Component) -> Double { Double(row) * c.rowHeight - bandTop(c) }

  /// The (virtual) row nearest the band at offset `y`.
  func virtualRow(atOffset y: Double, in c: Component) -> Int {
    Sanitize.int(((y + bandTop(c)) / c.rowHeight).rounded())
  }

  func wrap(_ v: Int, _ c: Component) -> Int { c.rows == 0 ? 0 : v - TableView.floorDivide(v, c.rows) * c.rows }

  func isSelectable(_ row: Int, _ c: Component) -> Bool { c.range.map { $0.contains(row) } ?? true }

  /// The selectable virtual row nearest `v` (in a looping component, either way round).
  func nearestSelectable(_ v: Int, in c: Component) -> Int {
    guard c.rows > 0 else { return 0 }
    if !c.table.rowSpace.wrapsAround {
      let range = c.range ?? 0...(c.rows - 1)
      return min(max(v, range.lowerBound), range.upperBound)
    }
    guard let range = c.range else { return v }
    let row = wrap(v, c)
    if range.contains(row) { return v }
    // Distance to each bound, going round the loop.
    let toLower = (range.lowerBound - row + c.rows) % c.rows
    let toUpper = (row - range.upperBound + c.rows) % c.rows
    return toLower <= toUpper ? v + toLower : v - toUpper
  }

  // MARK: Selection

  /// The row centred in `component`'s band (-1 when the component has no rows).
  public func selectedRow(inComponent component: Int) -> Int {
    guard component >= 0, component < components.count else { return -1 }
    return components[component].selected
  }

  /// Centres `row` in `component`'s band (the shorter way round when looping). Does not call
  /// `didSelectRow`, as UIKit.
  /// - Throws: `.indexOutOfRange` for a component or row that does not exist; `.invalidArgument`
  ///   for a row outside the component's selectable range.
  /// - Complexity: O(1) when animated; otherwise one layout pass of the component's table.
  public func selectRow(_ row: Int, inComponent component: Int, animated: Bool) throws(TableViewError) {
    try check(component)
    let c = components[component]
    guard row >= 0, row < c.rows else {
      throw TableViewError(.indexOutOfRange, "row \(row) is out of range; component \(component) has \(c.rows) rows")
    }
    guard isSelectable(row, c) else {
      throw TableViewError(
        .invalidArgument, "row \(row) is outside the selectable range \(c.range!) of component \(component)")
    }
    c.selected = row
    c.userMotion = false
    move(c, toRow: row, animated: animated)
  }

  /// Animates (or jumps) so that `row` is centred; the nearest lap when looping.
  func move(_ c: Component, toRow row: Int, animated: Bool) {
    var v = row
    if c.table.rowSpace.wrapsAround {
      let current = virtualRow(atOffset: c.table.contentOffset.y, in: c)
      let lap = TableView.floorDivide(current, c.rows)
      v = lap * c.rows + row
      if v - current > c.rows / 2 { v -= c.rows } else if current - v > c.rows / 2 { v += c.rows }
    }
    c.table.setContentOffset(Point(x: 0, y: offset(ofRow: v, in: c)), animated: animated)
  }

  /// Sets whether `component` loops.
  /// - Throws: `.indexOutOfRange` for a component that does not exist.
  /// - Complexity: O(components · visible rows): every component's table is reloaded.
  public func setLoops(_ loops: Bool, forComponent component: Int) throws(TableViewError) {
    try check(component)
    components[component].loops = loops
    layoutComponents()
  }

  /// Whether `component` loops.
  public func loops(inComponent component: Int) -> Bool {
    component >= 0 && component < components.count && components[component].loops
  }

  /// Restricts where `component` may come to rest (`nil`: anywhere). When the selected row falls
  /// outside, it moves to the nearest bound and `didSelectRow` reports it.
  /// - Throws: `.indexOutOfRange` for a component that does not exist; `.invalidArgument` for a
  ///   range outside the component's rows.
  /// - Complexity: O(1), or one layout pass of the component's table when the selection moves.
  public func setSelectableRange(_ range: ClosedRange<Int>?, forComponent component: Int) throws(TableViewError) {
    try check(component)
    let c = components[component]
    if let range, range.lowerBound < 0 || range.upperBound >= c.rows {
      throw TableViewError(
        .invalidArgument, "selectable range \(range) is outside the rows of component \(component) (0..<\(c.rows))")
    }
    c.range = range
    applyLimits(c)
    if let range, c.selected >= 0, !range.contains(c.selected) {
      let row = c.selected < range.lowerBound ? range.lowerBound : range.upperBound
      c.selected = row
      c.userMotion = false
      move(c, toRow: row, animated: false)
      delegate?.pickerView(self, didSelectRow: row, inComponent: component)
    }
  }

  /// The selectable range of `component`.
  public func selectableRange(inComponent component: Int) -> ClosedRange<Int>? {
    component >= 0 && component < components.count ? components[component].range : nil
  }

  // MARK: The wheel, for drawing

  /// A visible row of a component and where it is relative to the band: `position` is 0 at the
  /// band's centre, -1 at the top edge and 1 at the bottom edge of the picker, so a backend can
  /// draw a wheel (smaller, dimmer, rotated away from the centre).
  @_spi(Backend) public struct RowPosition {
    /// The row.
    public var row: Int
    /// The lap (looping components can show a row more than once).
    public var lap: Int
    /// -1…1, 0 in the band.
    public var position: Double
    /// Whether the row is inside the selectable range (dim it otherwise).
    public var isSelectable: Bool
    /// The cell showing it.
    public var view: any ReusableView
  }

  /// The visible rows of `component` with their positions.
  /// - Complexity: O(visible rows of the component)
  @_spi(Backend) public func rowPositions(inComponent component: Int) -> [RowPosition] {
    guard component >= 0, component < components.count, size.height > 0 else { return [] }
    let c = components[component]
    let center = bandTop(c) + c.rowHeight / 2
    let half = max(size.height / 2, 0.5)
    return c.table.visibleRowAppearances.map { a in
      let mid = a.view.frame.midY - c.table.contentOffset.y
      return RowPosition(
        row: a.indexPath.row, lap: a.lap, position: min(1, max(-1, (mid - center) / half)),
        isSelectable: isSelectable(a.indexPath.row, c), view: a.view)
    }
  }

  // MARK: User input (points in the picker's coordinates)

  /// The component under `x`.
  /// - Complexity: O(components)
  @_spi(Backend) public func component(atX x: Double) -> Int? {
    components.firstIndex { x >= $0.x && x < $0.x + $0.width }
  }

  /// A finger went down on `component` at `y` and starts dragging it.
  @_spi(Backend) public func beginDragging(inComponent component: Int, at y: Double) {
    guard component >= 0, component < components.count else { return }
    components[component].userMotion = true
    components[component].table.beginDragging(at: y)
  }

  /// The finger moved to `y`.
  /// - Complexity: one layout pass of the component's table.
  @_spi(Backend) public func drag(inComponent component: Int, to y: Double) {
    guard component >= 0, component < components.count else { return }
    components[component].table.drag(to: y)
  }

  /// The finger lifted with `velocity` (points per second): the component decelerates onto a row.
  @_spi(Backend) public func endDragging(inComponent component: Int, velocity: Double) {
    guard component >= 0, component < components.count else { return }
    components[component].table.endDragging(velocity: velocity)
  }

  /// A wheel or trackpad scroll: moves `component` and settles it on the nearest row.
  /// - Complexity: one layout pass of the component's table.
  public func scroll(inComponent component: Int, by delta: Double) {
    guard component >= 0, component < components.count else { return }
    let c = components[component]
    c.userMotion = true
    c.table.scroll(by: delta)
    settle(c)
  }

  /// Moves the selection of `component` by `delta` rows (keys), as the user would.
  /// - Complexity: O(1); in a looping component, O(rows) at most, skipping rows outside its
  ///   selectable range.
  public func moveSelection(inComponent component: Int, by delta: Int) {
    guard component >= 0, component < components.count else { return }
    let c = components[component]
    guard c.rows > 0 else { return }
    let current =
      (c.table.isAnimating ? c.pendingTarget : nil) ?? virtualRow(atOffset: c.table.contentOffset.y, in: c)
    // More than a lap is a lap: a huge delta must not overflow the target.
    var target = current + min(max(delta, -c.rows), c.rows)
    if c.table.rowSpace.wrapsAround {
      // Skip rows outside the range, in the direction of travel: to the range's first row (this
      // lap's or the next) going forward, its last row (this lap's or the previous) going back.
      // Computed, not stepped: a component may have 2⁴⁰ rows.
      if let range = c.range, !range.contains(wrap(target, c)) {
        let row = wrap(target, c)
        let lapStart = target - row
        if delta >= 0 {
          target = lapStart + (row < range.lowerBound ? range.lowerBound : c.rows + range.lowerBound)
        } else {
          target = lapStart + (row > range.upperBound ? range.upperBound : range.upperBound - c.rows)
        }
      }
    } else {
      target = nearestSelectable(target, in: c)
    }
    c.userMotion = true
    c.table.setContentOffset(Point(x: 0, y: offset(ofRow: target, in: c)), animated: true)
    c.pendingTarget = target
  }

  /// A tap at `point`: a selectable row is animated into the band and reported; others are ignored.
  /// - Complexity: O(components + log n + visible sections) for n rows in the component.
  @_spi(Backend) public func tap(at point: Point) {
    guard let component = component(atX: point.x) else { return }
    let c = components[component]
    let local = Point(x: point.x - c.x, y: point.y)
    guard c.rows > 0, let hit = c.table.appearanceForTouch(at: local), isSelectable(hit.indexPath.row, c) else {
      return
    }
    let v = hit.lap * c.rows + hit.indexPath.row
    c.userMotion = true
    c.table.setContentOffset(Point(x: 0, y: offset(ofRow: v, in: c)), animated: true)
  }

  /// Advances every component's animation; returns whether any is still moving.
  /// - Complexity: one layout pass per animating component.
  @discardableResult
  @_spi(Backend) public func tick() -> Bool {
    var moving = false
    for c in components where c.table.isAnimating { moving = c.table.tick() || moving }
    return moving
  }

  /// Whether any component is animating.
  /// - Complexity: O(components)
  public var isAnimating: Bool { components.contains { $0.table.isAnimating || $0.table.isTracking } }

  // MARK: Settling

  /// Where a fling in `c` should end: the row nearest its projected rest, within the range.
  func settleTarget(_ c: Component, proposed: Double) -> Double {
    offset(ofRow: nearestSelectable(virtualRow(atOffset: proposed, in: c), in: c), in: c)
  }

  /// Animates `c` onto the nearest selectable row (after a drag without fling, or a wheel step).
  func settle(_ c: Component) {
    let y = c.table.contentOffset.y
    let target = settleTarget(c, proposed: y)
    if abs(target - y) < 1e-9 {
      didSettle(c)
    } else {
      c.table.setContentOffset(Point(x: 0, y: target), animated: true)
    }
  }

  /// `c` came to rest: report a changed row once, if the user moved it.
  func didSettle(_ c: Component) {
    guard c.rows > 0, !c.table.isTracking else { return }
    c.pendingTarget = nil
    let row = wrap(virtualRow(atOffset: c.table.contentOffset.y, in: c), c)
    guard let component = components.firstIndex(where: { $0 === c }) else { return }
    let user = c.userMotion
    c.userMotion = false
    guard row != c.selected else { return }
    c.selected = row
    if user { delegate?.pickerView(self, didSelectRow: row, inComponent: component) }
  }
}

/// Connects one component's table to the picker: its data source and its scroll delegate.
final class PickerComponentAdapter: TableViewDataSource, TableViewDelegate {
  weak var picker: PickerView?
  let component: Int

  init(picker: PickerView, component: Int) {
    self.picker = picker
    self.component = component
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    picker.map { $0.numberOfRows(inComponent: component) } ?? 0
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    guard let picker else {
      return tableView.dequeueReusableCell(withIdentifier: PickerView.titleIdentifier, for: indexPath)
    }
    if let custom = picker.delegate?.pickerView(picker, cellForRow: indexPath.row, forComponent: component) {
      return custom
    }
    let cell = tableView.dequeueReusableCell(withIdentifier: PickerView.titleIdentifier, for: indexPath)
    let title =
      picker.delegate?.pickerView(picker, titleForRow: indexPath.row, forComponent: component) ?? String(indexPath.row)
    (cell as? any PickerTitleCell)?.setTitle(title)
    return cell
  }

  func tableViewWillEndDragging(_ tableView: TableView, velocity: Double, targetContentOffset: inout Double) {
    guard let picker, component < picker.components.count else { return }
    targetContentOffset = picker.settleTarget(picker.components[component], proposed: targetContentOffset)
  }

  func tableViewDidEndDragging(_ tableView: TableView, willDecelerate: Bool) {
    guard let picker, component < picker.components.count, !willDecelerate else { return }
    picker.settle(picker.components[component])
  }

  func tableViewDidEndDecelerating(_ tableView: TableView) {
    guard let picker, component < picker.components.count else { return }
    let c = picker.components[component]
    // A bounce or an unadjusted deceleration may stop between rows: settle once more.
    let y = tableView.contentOffset.y
    if abs(picker.settleTarget(c, proposed: y) - y) > 1e-9 { picker.settle(c) } else { picker.didSettle(c) }
  }

  func tableViewDidEndScrollingAnimation(_ tableView: TableView) {
    guard let picker, component < picker.components.count else { return }
    picker.didSettle(picker.components[component])
  }
}
