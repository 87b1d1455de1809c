import CGtk
import DemoData
import DemoDatabase
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
/// Ctrl+F (or typing on the grid, as GNOME's lists do) shows a search bar that filters the rows to those whose text
/// columns contain the text, as typed (Esc or its close button: all the rows again, at the row being read); Ctrl+L or
/// Ctrl+G asks for a row number and shows that row at the top; Enter or a double click shows the cell's whole value
/// in a window (`BrowserValueWindow`).
final class BrowserPage: DemoPage, TableViewDataSource, TableViewDelegate {
  let title = "Browser"
  let file: BrowserFile
  /// The page: the list of tables, or a table (its header, rows and sideways scrollbar), over a message line.
  let widget: UnsafeMutablePointer<GtkWidget>
  let listView = GTKTableView()
  /// The rows: a data table to assistive technology (a grid of rows and cells, as GtkColumnView).
  let gridView = GTKTableView(accessibilityContainerType: .dataTable)
  let header: BrowserHeader
  /// The header, the rows and the sideways scrollbar.
  private let gridBox: UnsafeMutablePointer<GtkWidget>
  /// The filter's search bar over the header, and its entry.
  let searchBar: UnsafeMutablePointer<GtkWidget>
  let searchEntry: UnsafeMutablePointer<GtkWidget>
  /// The filter applied (empty: every row).
  private(set) var filter = ""
  /// "Go to row": a popover over the grid, and its entry (digits only).
  let goToPopover: UnsafeMutablePointer<GtkWidget>
  let goToEntry: UnsafeMutablePointer<GtkWidget>
  /// The row "Go to row" asked for, focused once the source has read the rows there.
  private var pendingRow: Int?
  /// The value window open, if any.
  private(set) var valueWindow: BrowserValueWindow?
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
  private var sorting = BrowserSortIndex()
  var sortIndex: SQLiteSortIndex? { sorting.index }
  var readsThroughIndex: Bool { sorting.readsThroughIndex }
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
    // The filter's search bar above the header (GNOME's GtkSearchBar: hidden until Ctrl+F or typing on the grid).
    searchEntry = gtk_search_entry_new()!
    gtk_widget_set_hexpand(searchEntry, 1)
    GTKAccessible.setAccessibilityLabel("Filter rows", on: searchEntry)
    searchBar = gtk_search_bar_new()!
    gtk_search_bar_set_child(OpaquePointer(searchBar), searchEntry)
    gtk_search_bar_connect_entry(OpaquePointer(searchBar), OpaquePointer(searchEntry))
    gtk_search_bar_set_show_close_button(OpaquePointer(searchBar), 1)
    // Printable text typed on the rows starts the filter, as in GNOME's lists.
    gtk_search_bar_set_key_capture_widget(OpaquePointer(searchBar), gridView.widget)
    gtk_box_append(Self.box(gridBox), searchBar)
    gtk_box_append(Self.box(gridBox), headerWindow)
    // "Go to row": a popover at the grid's top, a number entry in it.
    goToEntry = gtk_entry_new()!
    gtk_entry_set_input_purpose(Self.entry(goToEntry), GTK_INPUT_PURPOSE_DIGITS)
    gtk_entry_set_placeholder_text(Self.entry(goToEntry), "Row number")
    gtk_editable_set_width_chars(OpaquePointer(goToEntry), 12)
    GTKAccessible.setAccessibilityLabel("Go to row", on: goToEntry)
    let goToLabel = gtk_label_new("Go to row")!
    let goToBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
    gtk_box_append(Self.box(goToBox), goToLabel)
    gtk_box_append(Self.box(goToBox), goToEntry)
    goToPopover = gtk_popover_new()!
    gtk_popover_set_child(Self.popover(goToPopover), goToBox)
    gtk_popover_set_position(Self.popover(goToPopover), GTK_POS_BOTTOM)
    gtk_widget_set_parent(goToPopover, gridBox)
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
    Signals.connect(gpointerOf(searchEntry), "search-changed") { [weak self] in self?.searchChanged() }
    Signals.connect(gpointerOf(searchBar), "notify::search-mode-enabled") {
      [weak self] (_: UnsafeMutableRawPointer?) in self?.searchModeChanged()
    }
    // Down in the entry goes into the rows (the first one focused), as in GNOME's lists with a search.
    let entryKeys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(entryKeys, GTK_PHASE_CAPTURE)
    Signals.connectKey(gpointerOf(entryKeys), "key-pressed") { [weak self] keyval, state in
      self?.searchEntryKey(keyval, state: state) ?? false
    }
    gtk_widget_add_controller(searchEntry, entryKeys)
    Signals.connect(gpointerOf(goToEntry), "changed") { [weak self] in self?.goToTextChanged() }
    Signals.connect(gpointerOf(goToEntry), "activate") { [weak self] in self?.goToActivated() }
    Signals.connect(gpointerOf(goToPopover), "closed") { [weak self] in
      guard let self, self.columns != nil else { return }
      gtk_widget_grab_focus(self.gridView.viewport)
      self.didChange?()
    }
    // A double click on a cell shows its value.
    let clicks = gtk_gesture_click_new()!
    Signals.connect(gpointerOf(clicks), "pressed") { [weak self] (count: Int32, x: Double, y: Double) in
      guard count == 2, let self else { return }
      self.doubleClicked(x: x, y: y)
    }
    gtk_widget_add_controller(gridView.widget, clicks)
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
    valueWindow?.close()
    gtk_widget_unparent(goToPopover)
    g_object_unref(gpointerOf(widget))
  }

  static func box(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
  }

  static func entry(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkEntry> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkEntry.self)
  }

  static func popover(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkPopover> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkPopover.self)
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
    let sample = file.sample(of: table)
    let measuring = header.widget
    let width = gridView.table.viewportSize.width > 0 ? gridView.table.viewportSize.width : viewportGuess
    columns = BrowserColumns(description: table, width: width, sample: sample) {
      BrowserColumns.textWidth($0, in: measuring)
    }
    header.columns = columns
    gridView.accessibilityLabel = table.name
    gridView.accessibilityColumnCount = table.columns.count
    message = nil
    filter = ""
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
    sorting.drop()
    filter = ""
    pendingRow = nil
    gtk_search_bar_set_search_mode(OpaquePointer(searchBar), 0)
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
  private func key(of record: [DatabaseValue]) -> DatabaseValue { sorting.key(of: record) }

  /// The key of the focused row (`nil`: no row has the focus), to focus it again once the rows are read again.
  private var focusedKey: DatabaseValue? {
    gridView.table.focusedIndexPath.flatMap { source?.record(at: $0) }.map(key(of:))
  }

  /// A new source for the table's sort and filter (the terminal browser's request: `BrowserQuery`), opened at
  /// `anchor` (the row with that key, when the rows have it; else the first); a side index started when no index of
  /// the file serves the sort (and no filter is applied).
  private func reload(at anchor: SQLiteRecordAnchor = .first) {
    sorting.drop()
    pendingRow = nil
    guard let columns else { return }
    let ordering = BrowserQuery.ordering(of: columns.description, sort: columns.sort)
    guard
      let request = BrowserQuery.request(
        for: columns.description, ordering: ordering, filter: filter,
        fullTextTable: file.fullTextTable(of: columns.description))
    else {
      return
    }
    if anchor == .first {
      // The same table view shows the new rows: from their top (a filter's few rows are all above the old offset).
      gridView.table.contentOffset = Point(x: 0, y: 0)
    }
    show(request, from: file.database, at: anchor)
    if let index = BrowserQuery.sortIndex(
      for: columns.description, in: file, ordering: ordering, filter: filter, warnings: source?.warnings ?? [])
    {
      sorting.follow(index)
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

  /// Follows the side index as the terminal's browser does: once built, the rows are read through it from the row
  /// on screen (the scan's row `r` is the index's position `r + 1`); once the file changes under it, a new one;
  /// when it cannot be built, the scan's order stays, with the reason.
  private func followSortIndex() {
    guard sortIndex != nil else { return }
    // Before the step: once read through the index, a record's key is elsewhere.
    let anchor = readingKey
    let focused = focusedKey ?? refocusKey  // still to focus again after the last read
    switch sorting.step(sourceIsOpening: source?.isOpening != false) {
    case .sortAgain:
      message = "the table changed: sorting it again"
      reload(at: anchor.map { .key($0) } ?? .first)
    case .readThrough(let request, let reader):
      let table = gridView.table
      let row = (table.focusedIndexPath ?? table.indexPathsForVisibleRows.first)?.row ?? 0
      show(request, from: reader, at: .key((row + 1).databaseValue))
      refocusKey = focused
      refocusMisses = 0
      message = "sorted: every row"
    case .failed(let text):
      message = text
    case .none:
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
    if typeIntoFilter(keyval, state: state) { return true }
    let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
    // Keys typed in the filter's or the go-to entry are theirs.
    guard let columns, modifiers == 0 || modifiers == GDK_CONTROL_MASK.rawValue, !isTyping(in: widget) else {
      return false
    }
    switch Int32(keyval) {
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
      guard modifiers == 0 else { return false }
      return showValue()
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
      // A filter first (the bar closes, every row again), then back to the list, as the terminal's Esc.
      if !filter.isEmpty || gtk_search_bar_get_search_mode(OpaquePointer(searchBar)) != 0 {
        gtk_search_bar_set_search_mode(OpaquePointer(searchBar), 0)
        setFilter("")
      } else {
        closeTable()
      }
      return true
    default:
      return false
    }
  }

  // MARK: Filter, go to row, value

  /// Ctrl+F: the filter's bar (its entry focused); Ctrl+L or Ctrl+G: "Go to row". Only over a table.
  func handleShortcut(_ keyval: UInt32) -> Bool {
    guard columns != nil else { return false }
    switch Int32(keyval) {
    case GDK_KEY_f, GDK_KEY_F:
      gtk_search_bar_set_search_mode(OpaquePointer(searchBar), 1)
      gtk_widget_grab_focus(searchEntry)
      return true
    case GDK_KEY_l, GDK_KEY_L, GDK_KEY_g, GDK_KEY_G:
      showGoTo()
      return true
    default:
      return false
    }
  }

  /// A space typed on the rows while the filter's bar opens (GtkSearchBar's key capture leaves spaces to the list,
  /// and the entry takes the focus only once the bar is revealed): it goes on the filter being typed.
  private func typeIntoFilter(_ keyval: UInt32, state: GdkModifierType) -> Bool {
    guard columns != nil, Int32(keyval) == GDK_KEY_space || Int32(keyval) == GDK_KEY_KP_Space,
      state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0, !isTyping(in: widget),
      gtk_search_bar_get_search_mode(OpaquePointer(searchBar)) != 0
    else { return false }
    let editable = OpaquePointer(searchEntry)
    // GTK counts positions in characters (code points), not Swift's grapheme clusters: the text's end.
    var position = Int32(clamping: String(cString: gtk_editable_get_text(editable)).unicodeScalars.count)
    gtk_editable_insert_text(editable, " ", -1, &position)
    return true
  }

  /// The entry's text changed (GtkSearchEntry waits for a pause in the typing): the rows are filtered by it.
  private func searchChanged() {
    setFilter(String(cString: gtk_editable_get_text(OpaquePointer(searchEntry))))
  }

  /// The bar was opened (its entry focused) or closed (Esc in its entry, its close button: every row again, at the
  /// row being read).
  private func searchModeChanged() {
    let shown = gtk_search_bar_get_search_mode(OpaquePointer(searchBar)) != 0
    if !shown {
      setFilter("")
      if columns != nil { gtk_widget_grab_focus(gridView.viewport) }
    }
    didChange?()
  }

  /// Filters the rows to those whose text columns contain `text` (from the first); an empty text shows every row
  /// again, from the row being read (the focused one, or the first on screen), focused again if it was.
  private func setFilter(_ text: String) {
    guard text != filter, columns != nil else { return }
    let anchor: SQLiteRecordAnchor = text.isEmpty ? readingKey.map { .key($0) } ?? .first : .first
    let focused = text.isEmpty ? focusedKey ?? readingKey : nil
    // The focused row's place is another row's among the filtered ones.
    if !text.isEmpty { try? gridView.table.focusRow(at: nil) }
    filter = text
    reload(at: anchor)
    refocusKey = focused
    refocusMisses = 0
  }

  /// Down (or the keypad's) in the filter's entry: the focus into the rows, on the first.
  private func searchEntryKey(_ keyval: UInt32, state: GdkModifierType) -> Bool {
    guard Int32(keyval) == GDK_KEY_Down || Int32(keyval) == GDK_KEY_KP_Down,
      state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0
    else { return false }
    gtk_widget_grab_focus(gridView.viewport)
    gridView.table.moveFocus(to: .first)
    gridView.setNeedsLayout()
    return true
  }

  /// "Go to row": the popover at the grid's top, its entry empty and focused.
  func showGoTo() {
    guard columns != nil else { return }
    gtk_editable_set_text(OpaquePointer(goToEntry), "")
    let rows = gridView.table.numberOfSections > 0 ? gridView.table.numberOfRows(inSection: 0) : 0
    gtk_entry_set_placeholder_text(Self.entry(goToEntry), "1–\(max(rows, 1).grouped)")
    var rect = GdkRectangle(x: max(0, gtk_widget_get_width(gridBox) / 2 - 1), y: 0, width: 2, height: 2)
    gtk_popover_set_pointing_to(Self.popover(goToPopover), &rect)
    gtk_popover_popup(Self.popover(goToPopover))
    gtk_widget_grab_focus(goToEntry)
    didChange?()
  }

  /// Digits only in the go-to entry.
  private func goToTextChanged() {
    let text = String(cString: gtk_editable_get_text(OpaquePointer(goToEntry)))
    let digits = String(text.unicodeScalars.filter { ("0"..."9").contains($0) })
    if digits != text { gtk_editable_set_text(OpaquePointer(goToEntry), digits) }
  }

  /// Enter in the go-to entry: row N (1-based, clamped to the rows there are) at the top, focused once read.
  private func goToActivated() {
    let text = String(cString: gtk_editable_get_text(OpaquePointer(goToEntry)))
    gtk_popover_popdown(Self.popover(goToPopover))
    goTo(row: Int(text.prefix(18)) ?? 1)
  }

  /// Shows row `number` (1-based, clamped to the rows there are) at the top, focused.
  func goTo(row number: Int) {
    guard let source else { return }
    let table = gridView.table
    let count = table.numberOfSections > 0 ? table.numberOfRows(inSection: 0) : 0
    guard count > 0 else { return }
    let row = min(max(number, 1), count) - 1
    source.scroll(to: .position(IndexPath(row: row, section: 0)))
    pendingRow = row
    poll.schedule()
    didChange?()
  }

  /// A double click on a row: its value in the clicked column, whole (the column cursor goes there).
  private func doubleClicked(x: Double, y: Double) {
    guard let columns else { return }
    let state = columns.state
    guard
      let column = columns.description.columns.indices.first(where: { index in
        let left = state.screenX(ofColumn: index)
        return state.visibleColumns.contains(index) && x >= left && x < left + state.width(ofColumn: index)
      })
    else { return }
    let table = gridView.table
    let point = Point(x: x, y: y + table.contentOffset.y)
    guard let path = table.indexPathForRow(at: point) else { return }
    try? table.focusRow(at: path)
    apply(columns.state.focusColumn(column))
    _ = showValue()
  }

  /// The focused row's value in the cursor's column (the first row on screen when none is focused), whole, in a
  /// window over the browser; `false` when there is none (no row read yet).
  @discardableResult
  func showValue() -> Bool {
    guard let columns, let source else { return false }
    let table = gridView.table
    guard let path = table.focusedIndexPath ?? table.indexPathsForVisibleRows.first,
      let values = source.record(at: path), columns.cursor < values.count
    else { return false }
    valueWindow?.close()
    let parent = gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
    let window = BrowserValueWindow(
      value: values[columns.cursor], column: columns.description.columns[columns.cursor].name, key: key(of: values),
      parent: parent)
    window.didClose = { [weak self, weak window] in
      guard let self, self.valueWindow === window else { return }
      self.valueWindow = nil
      gtk_widget_grab_focus(self.gridView.viewport)
      self.didChange?()
    }
    valueWindow = window
    window.present()
    didChange?()
    return true
  }

  // MARK: Following the reads

  private var isWaiting: Bool {
    guard let source else { return false }
    if case .building? = sortIndex?.state { return true }
    return source.hasWorkInProgress || pendingEdge != nil || pendingRow != nil
      || (sortIndex != nil && !readsThroughIndex)
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
    if let row = pendingRow, !source.isOpening, !source.hasWorkInProgress {
      // The row "Go to row" asked for is at the top: it has the focus (no scroll: it is on screen).
      pendingRow = nil
      let table = gridView.table
      let count = table.numberOfSections > 0 ? table.numberOfRows(inSection: 0) : 0
      if count > 0 { try? table.focusRow(at: IndexPath(row: min(row, count - 1), section: 0)) }
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
    if !filter.isEmpty { subtitle += " · containing \"\(filter)\"" }
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
        : "← → column · Enter value · Ctrl+F filter · Ctrl+L go to row · click a title to sort · drag its edge to resize"
          + " · Shift+wheel sideways · Esc back")
    return parts.joined(separator: " · ")
  }
}
