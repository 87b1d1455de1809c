import CGtk
import DemoData
import GRDB
import TableViewCore
import TableViewGTK
import TableViewSQLite

/// `tableview-gtk-demo --open FILE [--table NAME]`: any SQLite file's tables and views, then one of them in
/// columns — read-only, paged by keyset from the first screen (never the whole table), sorted by a click on a
/// title — as the terminal's browser (`tableview-demo --open`), on the same collaborators: `ColumnState` for the
/// columns (widths, sideways scroll, column cursor, header hits, the sort's cycle), `SQLiteRecordDataSource` for
/// the rows, `SQLiteSortIndex` for an order no index of the file serves.
///
/// Keys: ↑ ↓ Page Up/Down Home End move through the rows (the table's own keys; Home and End read the rows at
/// that end by keyset first); ← → move the column cursor (the columns scroll sideways to show it, the first
/// stays); Enter or a click opens a table of the list; Esc goes back to the list. The wheel with Shift and the
/// scrollbar under the rows scroll sideways; a click on a title sorts; a drag of a title's right edge resizes.
final class BrowserPage: DemoPage, TableViewDataSource, TableViewDelegate {
  let title = "Browser"
  let file: BrowserFile
  /// The page: the list of tables, or a table (its header, rows and sideways scrollbar), over a message line.
  let widget: UnsafeMutablePointer<GtkWidget>
  let listView = GTKTableView()
  let gridView = GTKTableView()
  let header: BrowserHeader
  /// The header, the rows and the sideways scrollbar.
  private let gridBox: UnsafeMutablePointer<GtkWidget>
  let scrollbar: UnsafeMutablePointer<GtkWidget>
  private let adjustment: UnsafeMutablePointer<GtkAdjustment>
  /// Set while the page moves the scrollbar (its "value-changed" is then not a user's scroll).
  private var movingScrollbar = false
  var lastSelected: IndexPath?
  /// The table shown and its columns (`nil`: the list of tables is shown).
  private(set) var columns: BrowserColumns?
  private(set) var source: SQLiteRecordDataSource<[DatabaseValue]>?
  /// The last warning or error.
  private(set) var message: String?
  /// The edge Home or End asked for, focused once the source has read the rows there.
  private var pendingEdge: TableView.Edge?
  /// The temporary index built in a side file for an order no index of the file serves (never written to the
  /// file), and whether the rows shown are read through it (else by a scan for each page, until it is built).
  private(set) var sortIndex: SQLiteSortIndex?
  private(set) var readsThroughIndex = false
  private var sortIndexStarted = false
  /// Told after every change (the window's state hook and title).
  var didChange: (() -> Void)?
  /// The key of the row the focus was on before the rows were read again (a new sort, the side index): focused
  /// again once its row is read.
  private var refocusKey: DatabaseValue?
  /// Polls since the rows on screen were read without the row to focus again among them.
  private var refocusMisses = 0
  /// The columns laid out again for a new width, soon.
  private var widthTimer: GLibTimeout?
  private lazy var poll = DatabasePoll(
    isWaiting: { [weak self] in self?.isWaiting ?? false }, poll: { [weak self] in self?.tick() })

  /// A row's height, and the header's.
  static let rowHeight: Int32 = 30
  /// Pixels a notch of the wheel scrolls sideways.
  static let wheelStep = 48.0

  /// The page for `file`, showing `table` first (`nil`: the list of its tables).
  init(file: BrowserFile, table: SQLiteTableDescription?) {
    self.file = file
    BrowserStyle.install()
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    g_object_ref_sink(gpointerOf(widget))
    header = BrowserHeader(height: Self.rowHeight)
    gridBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    adjustment = gtk_adjustment_new(0, 0, 1, 16, 100, 1)!
    scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_HORIZONTAL, adjustment)!
    // The header in a window that does not ask for its width: the titles are as wide as the grid was, and must
    // not keep the window from being made narrower (the grid's width then lays them out again).
    let headerWindow = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(headerWindow), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
    gtk_scrolled_window_set_child(OpaquePointer(headerWindow), header.widget)
    gtk_box_append(Self.box(gridBox), headerWindow)
    gtk_widget_set_vexpand(gridView.widget, 1)
    gtk_box_append(Self.box(gridBox), gridView.widget)
    gtk_box_append(Self.box(gridBox), scrollbar)
    gtk_widget_set_vexpand(gridBox, 1)
    gtk_widget_set_vexpand(listView.widget, 1)
    gtk_widget_set_visible(gridBox, 0)
    gtk_box_append(Self.box(widget), listView.widget)
    gtk_box_append(Self.box(widget), gridBox)

    let list = listView.table
    list.register({ GTKTableViewCell(style: .subtitle) }, forCellReuseIdentifier: "table")
    list.rowHeight = 56
    list.dataSource = self
    list.delegate = self
    listView.accessibilityLabel = "Tables and views of \(file.name)"
    let grid = gridView.table
    grid.register(
      { [weak self] in BrowserRowCell(columns: self?.columns, height: Self.rowHeight) }, forCellReuseIdentifier: "row")
    grid.rowHeight = Double(Self.rowHeight)
    grid.delegate = self
    for view in [listView, gridView] {
      view.didLayout = { [weak self] _ in
        self?.tableViewDidLayout()
        self?.didChange?()
      }
    }

    header.didClickTitle = { [weak self] column in self?.sort(byTitleOf: column) }
    header.didDragDivider = { [weak self] column, x in
      guard let self, let columns = self.columns else { return }
      self.apply(columns.state.resizeColumn(column, toScreenX: x))
    }
    Signals.connect(gpointerOf(adjustment), "value-changed") { [weak self] in self?.scrollbarMoved() }
    // The keys the browser reads before the table: ← → (the column cursor), Home and End (read first), Esc.
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signals.connectKey(gpointerOf(keys), "key-pressed") { [weak self] keyval, state in
      self?.key(keyval, state: state) ?? false
    }
    gtk_widget_add_controller(widget, keys)
    // Shift and the wheel, or a sideways wheel or swipe, scroll the columns (before the table sees them).
    let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
    gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
    Signals.connectHandled(gpointerOf(scroll), "scroll") { [weak self] dx, dy in
      self?.scrollSideways(dx: dx, dy: dy, controller: scroll) ?? false
    }
    gtk_widget_add_controller(gridBox, scroll)
    if let table { open(table) }
  }

  deinit {
    sortIndex?.cancel()  // its side file removed
    g_object_unref(gpointerOf(widget))
  }

  static func box(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
  }

  /// The table view shown: the list's, or the grid's.
  var tableView: GTKTableView? { columns == nil ? listView : gridView }

  // MARK: The list of tables

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { file.tables.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "table", for: indexPath, as: GTKTableViewCell.self)
    let table = file.tables[indexPath.row]
    cell.textLabel.text = table.name
    let kind = table.kind == .view ? "view" : "table"
    cell.detailTextLabel?.text = "\(kind) · \(table.columns.count) columns" + (table.key == nil ? " · no key" : "")
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    lastSelected = indexPath
    guard tableView === listView.table else { return }
    open(file.tables[indexPath.row])
  }

  // MARK: A table

  /// Shows `table`: its columns sized to its first and last rows, its rows from the first.
  func open(_ table: SQLiteTableDescription) {
    guard table.key != nil else {
      message = "\(table.name) is a view or has no single key: it cannot be paged"
      didChange?()
      return
    }
    // The first and the last rows by key size the columns: two short reads from the key's ends.
    let key: String =
      switch table.key {
      case .column(let name)?: name.quotedDatabaseIdentifier
      default: "rowid"
      }
    let name = table.name.quotedDatabaseIdentifier
    let sample: [[DatabaseValue]] =
      (try? file.database.read { db in
        let ends =
          try Row.fetchAll(db, sql: "SELECT * FROM \(name) ORDER BY \(key) LIMIT 30")
          + Row.fetchAll(db, sql: "SELECT * FROM \(name) ORDER BY \(key) DESC LIMIT 30")
        return ends.map { row in Array(row.databaseValues) }
      }) ?? []
    let measuring = header.widget
    let width = gridView.table.viewportSize.width > 0 ? gridView.table.viewportSize.width : viewportGuess
    columns = BrowserColumns(description: table, width: width, sample: sample) {
      BrowserColumns.textWidth($0, in: measuring)
    }
    header.columns = columns
    message = nil
    gtk_widget_set_visible(listView.widget, 0)
    gtk_widget_set_visible(gridBox, 1)
    gtk_widget_grab_focus(gridView.viewport)
    reload()
    refreshColumns()
  }

  /// The grid's width before it was first laid out: the list's (the same place), else the window's default.
  private var viewportGuess: Double {
    listView.table.viewportSize.width > 0 ? listView.table.viewportSize.width : 880
  }

  /// Back to the list of tables (the side index dropped).
  func closeTable() {
    dropSortIndex()
    source = nil
    columns = nil
    header.columns = nil
    message = nil
    gtk_widget_set_visible(gridBox, 0)
    gtk_widget_set_visible(listView.widget, 1)
    gtk_widget_grab_focus(listView.viewport)
    didChange?()
  }

  /// The key of the row the focus is on (the last value of every record: the plan's key column), or of the first
  /// row on screen: where the reading goes on after a new sort.
  private var readingKey: DatabaseValue? {
    guard let source else { return nil }
    let table = gridView.table
    let path = table.focusedIndexPath ?? table.indexPathsForVisibleRows.first
    return path.flatMap { source.record(at: $0) }.map(key(of:))
  }

  /// A record's row key (the last value of every record: the plan's key column; through the side index the record
  /// ends with the row's key, its position, and the position again).
  private func key(of record: [DatabaseValue]) -> DatabaseValue {
    readsThroughIndex ? record[record.count - 3] : record.last ?? .null
  }

  /// The key of the focused row (`nil`: no row has the focus), to focus it again once the rows are read again.
  private var focusedKey: DatabaseValue? {
    gridView.table.focusedIndexPath.flatMap { source?.record(at: $0) }.map(key(of:))
  }

  /// A new source for the table's sort, opened at `anchor` (the row with that key, when the rows have it; else the
  /// first); a side index started when no index of the file serves the sort.
  private func reload(at anchor: SQLiteRecordAnchor = .first) {
    dropSortIndex()
    guard let columns else { return }
    let ordering = columns.sort.map { sort in
      let name = columns.description.columns[sort.column].name
      return sort.ascending ? SQLiteRecordRequest.Ordering.ascending(name) : .descending(name)
    }
    // A column that may hold NULL sorts as SQLite sorts it (NULL first going up): the source's keyset says so.
    guard let request = columns.description.request(sortedBy: ordering) else { return }
    show(request, from: file.database, at: anchor)
    if let ordering, columns.description.kind == .table, let key = columns.description.key,
      let warning = source?.warnings.first, case .orderNotIndexed = warning
    {
      // The first screen is the scan's (a top-N sort); the whole order is built meanwhile in a side file.
      sortIndex = SQLiteSortIndex(
        databasePath: file.path, table: columns.description.name, key: key, ordering: ordering)
      message = nil  // Started once the scan's first screen is counted: the two would share the cores.
    }
  }

  /// A new source for `request` read from `database`, opened at `anchor`, serving the grid.
  private func show(_ request: SQLiteRecordRequest, from database: any DatabaseReader, at anchor: SQLiteRecordAnchor) {
    do {
      source = try SQLiteRecordDataSource<[DatabaseValue]>(
        database: database, request: request, tableView: gridView.table, reuseIdentifier: "row", anchor: anchor,
        placeholderHeight: Double(Self.rowHeight),
        record: { Array($0.databaseValues) },
        configure: { [weak self] cell, values in
          guard let cell = cell as? BrowserRowCell else { return }
          cell.use(self?.columns)
          cell.values = values
          cell.refresh()
        })
      if let warning = source?.warnings.first, case .orderNotIndexed = warning {
        message = "no index serves this order: each page is sorted by a scan of the table"
      }
      source?.onError = { [weak self] error in self?.message = "\(error)" }
    } catch {
      message = "\(error)"
    }
    gridView.setNeedsLayout()
    poll.schedule()
    didChange?()
  }

  /// Cancels the side index, if any (its file removed), and reads by the scan again.
  private func dropSortIndex() {
    sortIndex?.cancel()
    sortIndex = nil
    readsThroughIndex = false
    sortIndexStarted = false
  }

  /// Follows the side index as the terminal's browser does: once built, the rows are read through it from the row
  /// on screen (the scan's row `r` is the index's position `r + 1`); once the file changes under it, a new one;
  /// when it cannot be built, the scan's order stays, with the reason.
  private func followSortIndex() {
    guard let index = sortIndex else { return }
    if !sortIndexStarted, source?.isOpening == false {
      sortIndexStarted = true
      index.start()
    }
    switch index.state {
    case .ready where !index.isCurrent:
      message = "the table changed: sorting it again"
      reload(at: readingKey.map { .key($0) } ?? .first)
    case .ready where !readsThroughIndex && source?.isOpening == false:
      let reader: DatabaseQueue
      do {
        reader = try index.makeReader()
      } catch {
        message = "\(error): each page is sorted by a scan of the table"
        sortIndex = nil
        return
      }
      let table = gridView.table
      let row = (table.focusedIndexPath ?? table.indexPathsForVisibleRows.first)?.row ?? 0
      let focused = focusedKey ?? refocusKey  // still to focus again after the last read
      readsThroughIndex = true
      show(index.request, from: reader, at: .key((row + 1).databaseValue))
      refocusKey = focused
      refocusMisses = 0
      message = "sorted: every row"
    case .failed(let error):
      message = "\(error): each page is sorted by a scan of the table"
      sortIndex = nil
    default:
      break
    }
  }

  /// Sorts by column `index` as a click on its title does (the cursor goes to it): ascending, then descending, then
  /// the key's order; the row being read stays.
  func sort(byTitleOf index: Int) {
    guard let columns else { return }
    apply(columns.state.clickTitle(ofColumn: index))
  }

  /// Draws what a change of the columns changed; a new sort reads the rows again from the row being read.
  private func apply(_ change: ColumnState.Change) {
    if change.contains(.sortDescriptors) {
      message = nil
      let focused = focusedKey ?? refocusKey  // still to focus again after the last read
      reload(at: readingKey.map { .key($0) } ?? .first)
      refocusKey = focused
      refocusMisses = 0
    }
    if !change.isEmpty { refreshColumns() }
  }

  /// Lays the header, the rows on screen and the sideways scrollbar out at the columns' places.
  func refreshColumns() {
    header.refresh()
    for cell in gridView.table.visibleCells { (cell as? BrowserRowCell)?.refresh() }
    guard let state = columns?.state else { return }
    let page = max(1, state.layout.viewportWidth - state.layout.frozenWidth)
    let maximum = state.layout.maximumHorizontalOffset
    movingScrollbar = true
    gtk_adjustment_configure(adjustment, state.horizontalOffset, 0, maximum + page, 16, page * 0.9, page)
    movingScrollbar = false
    gtk_widget_set_visible(scrollbar, maximum > 0 ? 1 : 0)
    didChange?()
  }

  private func scrollbarMoved() {
    guard !movingScrollbar, let columns else { return }
    apply(columns.state.setHorizontalOffset(gtk_adjustment_get_value(adjustment)))
  }

  /// The wheel with Shift (or a sideways wheel or swipe) over the grid: the columns scroll sideways. Else the
  /// table's (`false`).
  private func scrollSideways(
    dx: Double, dy: Double, controller: OpaquePointer
  ) -> Bool {
    guard let columns else { return false }
    let shift = gtk_event_controller_get_current_event_state(controller).rawValue & GDK_SHIFT_MASK.rawValue != 0
    let delta: Double
    if shift {
      delta = dy != 0 ? dy : dx
    } else if dx != 0, dy == 0 {
      delta = dx
    } else {
      return false
    }
    let isWheel = gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL
    apply(columns.state.scrollHorizontally(by: delta * (isWheel ? Self.wheelStep : 1)))
    return true
  }

  /// The grid's width changed: the columns are laid out for it — after the allocation that reports it (a size
  /// request changed during an allocation leaves the widgets unallocated until something else draws).
  func tableViewDidLayout() {
    guard let columns, gridView.table.viewportSize.width > 0,
      gridView.table.viewportSize.width != columns.state.layout.viewportWidth, widthTimer == nil
    else { return }
    widthTimer = GLibTimeout(milliseconds: 0) { [weak self] in
      guard let self else { return false }
      self.widthTimer = nil
      guard let columns = self.columns, self.gridView.table.viewportSize.width > 0 else { return false }
      columns.state.setViewportWidth(self.gridView.table.viewportSize.width)
      self.refreshColumns()
      // The rows were placed at the old width's size requests: placed again at the new ones.
      self.gridView.setNeedsLayout()
      return false
    }
  }

  // MARK: Keys

  private func key(_ keyval: UInt32, state: GdkModifierType) -> Bool {
    let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
    guard let columns, modifiers == 0 || modifiers == GDK_CONTROL_MASK.rawValue else { return false }
    switch Int32(keyval) {
    case GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Right, GDK_KEY_KP_Right:
      guard modifiers == 0 else { return false }
      let left = Int32(keyval) == GDK_KEY_Left || Int32(keyval) == GDK_KEY_KP_Left
      apply(columns.state.moveFocus(by: left ? -1 : 1))
      return true
    case GDK_KEY_Home, GDK_KEY_KP_Home, GDK_KEY_End, GDK_KEY_KP_End:
      // The source reads the rows at that end (by keyset from the end: no walk over the rows between); the
      // focus goes to the edge row once they are in (`tick`), a short scroll from there.
      guard let source else { return false }
      let last = Int32(keyval) == GDK_KEY_End || Int32(keyval) == GDK_KEY_KP_End
      source.scroll(to: last ? .last : .first)
      pendingEdge = last ? .last : .first
      poll.schedule()
      return true
    case GDK_KEY_Escape:
      guard modifiers == 0 else { return false }
      closeTable()
      return true
    default:
      return false
    }
  }

  // MARK: Following the reads

  private var isWaiting: Bool {
    guard let source else { return false }
    if case .building? = sortIndex?.state { return true }
    return source.hasWorkInProgress || pendingEdge != nil || (sortIndex != nil && !readsThroughIndex)
  }

  /// Takes what the reads brought: the side index first (it may put a new source in place), then the pages; the
  /// edge Home or End asked for once its rows are in.
  private func tick() {
    guard source != nil else { return }
    followSortIndex()
    guard let source else { return }
    let summary = source.processUpdates()
    var changed = summary != SQLiteRecordDataSource<[DatabaseValue]>.UpdateSummary()
    if changed { gridView.setNeedsLayout() }
    if let edge = pendingEdge, !source.hasWorkInProgress {
      pendingEdge = nil
      _ = gridView.table.perform(.focusEdge(edge))
      gridView.setNeedsLayout()
      changed = true
    }
    if let key = refocusKey, !source.isOpening, !source.hasWorkInProgress {
      // The row that had the focus has it again, at its place in the new order: once the rows on screen are the new
      // order's (a layout may still be on its way), or, not among them after a few polls, the focus stays where it is.
      let table = gridView.table
      let visible = table.indexPathsForVisibleRows
      if let path = visible.first(where: { source.record(at: $0).map(key(of:)) == key }) {
        refocusKey = nil
        refocusMisses = 0
        try? table.focusRow(at: path)
        gridView.setNeedsLayout()
        changed = true
      } else if !visible.isEmpty, visible.allSatisfy({ source.record(at: $0) != nil }) {
        refocusMisses += 1
        if refocusMisses >= 10 {
          refocusKey = nil
          refocusMisses = 0
        }
      }
    }
    // The window hears of what it shows: new rows, the reads' end, the side index's progress, a message.
    let seen = TickState(
      isOpening: source.isOpening, isReading: source.hasWorkInProgress, sortIndex: sortIndex?.state,
      message: message)
    if changed || seen != lastTick {
      lastTick = seen
      didChange?()
    }
  }

  /// What the last poll saw of the reads (a change is told to the window).
  private struct TickState: Equatable {
    var isOpening = false
    var isReading = false
    var sortIndex: SQLiteSortIndex.State?
    var message: String?
  }
  private var lastTick = TickState()

  // MARK: Status

  /// The window's title: the file, and the table shown with its rows and sort.
  var windowSubtitle: String {
    guard let columns else { return "\(file.tables.count) tables and views" }
    let table = gridView.table
    let rows = table.numberOfSections > 0 ? table.numberOfRows(inSection: 0) : 0
    // While the rows are counted the first screen is already shown: its rows are not the table's count.
    var subtitle = columns.description.name + " · "
    subtitle += source?.isOpening == true ? "counting rows…" : "\(rows.grouped) rows"
    if let sort = columns.sort {
      subtitle += " · by \(columns.description.columns[sort.column].name) \(sort.ascending ? "▲" : "▼")"
    }
    return subtitle
  }

  func status() -> String {
    var parts: [String] = []
    if let message { parts.append(message) }
    if let index = sortIndex, case .building(let fraction) = index.state, let columns, let sort = columns.sort {
      parts.append("sorting by \(columns.description.columns[sort.column].name): \(Int(fraction * 100)) %")
    }
    parts.append(
      columns == nil
        ? "Enter or a click opens a table"
        : "← → column · click a title to sort · drag its edge to resize · Shift+wheel sideways · Esc back")
    return parts.joined(separator: " · ")
  }
}
