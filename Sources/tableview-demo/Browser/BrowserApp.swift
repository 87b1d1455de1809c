import DemoData
import DemoDatabase
import GRDB
import TableViewCore
import TableViewSQLite
import TableViewTerminal
import TerminalKit

/// `tableview-demo --open FILE [--table NAME]`: any SQLite file's tables and views, then one of them in columns —
/// read-only, paged by keyset from the first screen (never the whole table), sorted by any column, filtered by
/// typing, the last row one key away.
///
/// Keys: ↑ ↓ Page Up/Down Home End move through the rows; ← → move the column cursor (the columns scroll sideways,
/// the first stays); `w` wraps each value at its column's width (rows as tall as their tallest value; the table keeps
/// the columns, so a resized column measures the rows for its new width, the row being read kept) or truncates it
/// again; `s` sorts by the cursor's column (again: the other way; a third time: by the key); `/`
/// filters the rows whose text contains what is typed; `g` goes to a row by number; Esc clears the filter, then
/// goes back to the list of tables; `q` quits.
final class BrowserApp: TerminalApplication, TableViewDataSource, TableViewDelegate {
  let clock: any TableViewClock
  let path: String
  /// The file, opened read-only as the GTK browser opens it.
  let file: BrowserFile
  let database: DatabaseQueue
  /// The file's tables and views.
  let tables: [SQLiteTableDescription]
  private var size = TerminalSize(columns: 80, rows: 24)
  private let listView: TerminalTableView
  /// The table shown, and what shows it (`nil`: the list of tables is shown).
  private var grid: BrowserGrid?
  private var tableView: TerminalTableView?
  private var source: SQLiteRecordDataSource<[DatabaseValue]>?
  /// The filter being typed, and the one applied.
  private var filterField: TerminalTextField?
  private var filter = ""
  /// The row number being typed (`g`).
  private var prompt: TerminalPrompt?
  /// The last warning or error, on the status line.
  private var message: String?
  private var pollDeadline: Double
  /// The status line, kept from frame to frame.
  private let statusBar = TerminalStatusBar()
  /// The edge Home or End asked for, focused once the source has read the rows there.
  private var pendingEdge: TableView.Edge?
  /// The column whose divider the mouse is dragging.
  private var resizing: Int?
  /// The temporary index built in a side file for an order no index of the file serves (never written to the
  /// file), and whether the rows shown are read through it (else by a scan for each page, until it is built).
  private var sorting = BrowserSortIndex()
  private var sortIndex: SQLiteSortIndex? { sorting.index }
  /// The value Enter opened, whole, over the table.
  private var detail: BrowserDetail?
  /// The lines a detail shows at once (the window less its title line and the status line).
  private var detailHeight: Int { max(1, size.rows - 2) }

  /// Opens the file read-only and lists its tables (and, given `table`, opens that one).
  /// - Throws: a message for a missing or unreadable file, one that is not a database, or an unknown table.
  init(path: String, table: String?, clock: any TableViewClock) throws {
    self.clock = clock
    self.path = path
    pollDeadline = clock.now
    let file: BrowserFile
    do {
      file = try BrowserFile(path: path)
    } catch {
      throw DemoError(error.description)
    }
    self.file = file
    database = file.database
    tables = file.tables
    listView = TerminalTableView(clock: clock)
    listView.table.register({ TerminalTableViewCell(style: .value1) }, forCellReuseIdentifier: "table")
    listView.table.rowHeight = 1
    listView.table.dataSource = self
    listView.table.delegate = self
    if let table {
      do {
        open(try file.table(named: table))
      } catch {
        throw DemoError(error.description)
      }
    }
  }

  // MARK: The list of tables

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { tables.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: "table", for: indexPath, as: TerminalTableViewCell.self)
    let table = tables[indexPath.row]
    cell.textLabel.text = table.name
    let kind = table.kind == .view ? "view" : "table"
    cell.detailTextLabel?.text = "\(kind) · \(table.columns.count) columns" + (table.key == nil ? " · no key" : "")
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    open(tables[indexPath.row])
  }

  // MARK: A table

  /// Shows `table`: its columns sized to its first rows, its rows from the first.
  private func open(_ table: SQLiteTableDescription) {
    guard table.key != nil else {
      message = "\(table.name) is a view or has no single key: it cannot be paged"
      return
    }
    // The first and the last rows by key size the columns: two short reads from the key's ends.
    grid = BrowserGrid(description: table, width: size.columns, sample: file.sample(of: table))
    filter = ""
    message = nil
    reload()
  }

  /// The key of the row the focus is on (the last value of every record: the plan's key column), or of the first
  /// row on screen: where the reading goes on after a new sort or filter.
  private var readingKey: DatabaseValue? {
    guard let table = tableView?.table, let source else { return nil }
    let path = table.focusedIndexPath ?? table.indexPathsForVisibleRows.first
    // Through the side index the record ends with the row's key, its position, and the position again (the key).
    return path.flatMap { source.record(at: $0) }.map(sorting.key(of:))
  }

  /// A new source for the grid's table, sort and filter, opened at `anchor` (the row with that key, when the new
  /// rows have it; else the first).
  private func reload(at anchor: SQLiteRecordAnchor = .first) {
    sorting.drop()
    guard let grid else { return }
    let ordering = BrowserQuery.ordering(of: grid.description, sort: grid.sort)
    guard
      let request = BrowserQuery.request(
        for: grid.description, ordering: ordering, filter: filter,
        fullTextTable: file.fullTextTable(of: grid.description))
    else { return }
    show(request, from: database, at: anchor, grid: grid)
    if let index = BrowserQuery.sortIndex(
      for: grid.description, in: file, ordering: ordering, filter: filter, warnings: source?.warnings ?? [])
    {
      sorting.follow(index)  // Started once the scan's first screen is counted: the two would share the cores.
      message = nil
    }
  }

  /// A new table view and source for `request` read from `database`, opened at `anchor`.
  private func show(
    _ request: SQLiteRecordRequest, from database: any DatabaseReader, at anchor: SQLiteRecordAnchor,
    grid: BrowserGrid
  ) {
    let view = TerminalTableView(clock: clock)
    view.table.register({ BrowserRowCell(grid: grid) }, forCellReuseIdentifier: "row")
    if grid.wraps {
      // Rows as tall as their wrapped values, measured for the columns the table keeps.
      view.table.rowHeight = TableView.automaticDimension
      view.table.estimatedRowHeight = 1
      view.table.columnState = grid.state
    } else {
      view.table.rowHeight = 1
    }
    do {
      source = try SQLiteRecordDataSource<[DatabaseValue]>(
        database: database, request: request, tableView: view.table, reuseIdentifier: "row", anchor: anchor,
        placeholderHeight: 1,
        record: { Array($0.databaseValues) },
        configure: { [weak table = view.table] cell, values in
          guard let cell = cell as? BrowserRowCell else { return }
          cell.values = values
          cell.layout = table?.measuringColumnLayout
        })
      tableView = view
      if let warning = source?.warnings.first, case .orderNotIndexed = warning {
        message = "no index serves this order: each page is sorted by a scan of the table"
      }
      source?.onError = { [weak self] error in self?.message = "\(error)" }
    } catch {
      message = "\(error)"
    }
    layout()
    pollDeadline = clock.now
  }

  /// Follows the side index: once built, the rows are read through it from the row on screen (the scan's row `r` is
  /// the index's position `r + 1`: the same order); once the file changes under it, the scan order again and a new
  /// index; when it cannot be built, the scan order stays, with the reason.
  private func followSortIndex() {
    guard sortIndex != nil, let grid else { return }
    // The reading key before the step: once read through the index, a record's key is elsewhere.
    let anchor = readingKey
    switch sorting.step(sourceIsOpening: source?.isOpening != false) {
    case .sortAgain:
      // Built from rows the file no longer has (another program committed): never shown; built again.
      message = "the table changed: sorting it again"
      reload(at: anchor.map { .key($0) } ?? .first)
    case .readThrough(let request, let reader):
      let table = tableView?.table
      let row = (table?.focusedIndexPath ?? table?.indexPathsForVisibleRows.first)?.row ?? 0
      show(request, from: reader, at: .key((row + 1).databaseValue), grid: grid)
      message = "sorted: every row"
    case .failed(let text):
      message = text
    case .none:
      break
    }
  }

  // MARK: TerminalApplication

  func resize(to size: TerminalSize) {
    self.size = size
    grid?.state.setViewportWidth(Double(size.columns))
    layout()
    followColumns()
  }

  /// Tells a wrapping table of the grid's columns as they are now (a resized or hidden column measures its rows
  /// again; the same columns change nothing).
  private func followColumns() {
    guard let grid, grid.wraps, let table = tableView?.table else { return }
    table.columnState = grid.state
  }

  /// The list or the table below the title (and the table's header line), above the status line.
  private func layout() {
    let width = Double(size.columns)
    listView.frame = Rect(x: 0, y: 1, width: width, height: Double(max(0, size.rows - 2)))
    tableView?.frame = Rect(x: 0, y: 2, width: width, height: Double(max(0, size.rows - 3)))
    let bottom = Rect(x: 0, y: Double(max(0, size.rows - 1)), width: width, height: 1)
    filterField?.frame = bottom
    prompt?.frame = bottom
  }

  func handle(_ event: InputEvent) -> Bool {
    defer { followColumns() }
    return handleEvent(event)
  }

  private func handleEvent(_ event: InputEvent) -> Bool {
    pollDeadline = min(pollDeadline, clock.now + 0.02)
    if let prompt {
      switch prompt.handle(event) {
      case .submitted(let text):
        self.prompt = nil
        let digits = text.filter(\.isNumber)
        if let row = Int(digits), row >= 1, let source, row <= (tableView?.table.numberOfRows(inSection: 0) ?? 0) {
          source.scroll(to: .position(IndexPath(row: row - 1, section: 0)))
        } else {
          message = "no row \(text)"
        }
      case .cancelled: self.prompt = nil
      default: break
      }
      return true
    }
    if let field = filterField {
      switch field.handle(event) {
      case .submitted(let text):
        filterField = nil
        filter = text
        reload()
      case .cancelled: filterField = nil
      default: break
      }
      return true
    }
    if let detail {
      if case .key(let key) = event, !detail.handle(key, height: detailHeight) { self.detail = nil }
      return true
    }
    if case .mouse(let mouse) = event, let grid, handleGridMouse(mouse, grid) { return true }
    guard case .key(let key) = event else {
      _ = (tableView ?? listView).handle(event)
      return true
    }
    if key == .controlC || key == KeyEvent(.character("q")) {
      sortIndex?.cancel()  // its side file removed
      return false
    }
    guard let grid, let tableView else {
      _ = listView.handle(event)
      return true
    }
    switch (key.key, key.modifiers) {
    case (.left, []): grid.state.moveFocus(by: -1)
    case (.right, []): grid.state.moveFocus(by: 1)
    case (.character("<"), _), (.character(">"), _):
      // The cursor's column a cell narrower or wider (a drag of its divider does the same); `=` fits it again.
      grid.state.resizeColumn(grid.cursor, by: key.key == .character("<") ? -1 : 1)
    case (.character("="), _):
      grid.state.setWidth(nil, ofColumn: grid.cursor)
    case (.character("s"), []):
      sort(byTitleOf: grid.cursor, grid)
    case (.character("w"), []):
      // Rows of wrapped values, or one line each again: the same rows from the row being read.
      grid.wraps.toggle()
      reload(at: readingKey.map { .key($0) } ?? .first)
    case (.enter, []):
      // The focused row's value in the cursor's column, whole (the first row on screen when none is focused).
      let table = tableView.table
      guard let path = table.focusedIndexPath ?? table.indexPathsForVisibleRows.first,
        let values = source?.record(at: path), grid.cursor < values.count
      else { return true }
      detail = BrowserDetail(
        value: values[grid.cursor], column: grid.description.columns[grid.cursor].name, key: values.last)
    case (.character("/"), []):
      filterField = TerminalTextField(text: filter, prompt: "/ ", placeholder: "text in any text column")
      layout()
    case (.home, []), (.end, []), (.home, .control), (.end, .control):
      // The source reads the rows at that end (by keyset from the end: no walk over the rows between); the
      // focus goes to the edge row once they are in (`tick`), a short scroll from there.
      let last = key.key == .end
      source?.scroll(to: last ? .last : .first)
      pendingEdge = last ? .last : .first
    case (.character("g"), []):
      prompt = TerminalPrompt("Go to row:", placeholder: "number")
      layout()
    case (.escape, []):
      if !filter.isEmpty {
        // The row read last stays in view among all the rows.
        filter = ""
        reload(at: readingKey.map { .key($0) } ?? .first)
      } else {
        sorting.drop()
        self.grid = nil
        self.tableView = nil
        source = nil
        message = nil
      }
    default:
      _ = tableView.handle(event)
    }
    return true
  }

  /// Sorts by column `index` as a click on its title does (the cursor goes to it): ascending, then descending, then
  /// the key's order; the row being read stays.
  private func sort(byTitleOf index: Int, _ grid: BrowserGrid) {
    guard grid.state.clickTitle(ofColumn: index).contains(.sortDescriptors) else { return }
    message = nil
    reload(at: readingKey.map { .key($0) } ?? .first)
  }

  /// The header line's mouse (a click on a title sorts by that column, as a table header's does; a drag of a
  /// divider resizes its column) and the sideways wheel (or Shift and the wheel) over the table. `false`: the
  /// table's own (rows, the vertical wheel).
  private func handleGridMouse(_ mouse: MouseEvent, _ grid: BrowserGrid) -> Bool {
    switch mouse.kind {
    case .scrollLeft, .scrollRight:
      grid.state.scrollHorizontally(by: mouse.kind == .scrollLeft ? -4 : 4)
      return true
    case .scrollUp, .scrollDown:
      // The vertical wheel is the table's; with Shift it scrolls sideways.
      guard mouse.modifiers.contains(.shift) else { return false }
      grid.state.scrollHorizontally(by: mouse.kind == .scrollUp ? -4 : 4)
      return true
    case .press(.left) where mouse.y == 1:
      switch grid.headerHit(x: mouse.x) {
      case .divider(let column)?: resizing = column
      case .title(let column)?: sort(byTitleOf: column, grid)
      case nil: break
      }
      return true
    case .drag(.left) where resizing != nil:
      // The dragged cell is the column's last.
      if let column = resizing { grid.state.resizeColumn(column, toScreenX: Double(mouse.x + 1)) }
      return true
    case .release where resizing != nil:
      resizing = nil
      return true
    default:
      return false
    }
  }

  var isAnimating: Bool { detail?.goingToEnd == true || (tableView?.isAnimating ?? listView.isAnimating) }

  func tick() {
    detail?.tick(height: detailHeight)
    if source != nil, clock.now >= pollDeadline {
      // The side index first: it may put a new source in place, whose updates are then taken below.
      followSortIndex()
    }
    if let source, clock.now >= pollDeadline {
      source.processUpdates()
      pollDeadline = clock.now + (source.hasWorkInProgress ? 0.02 : 0.25)
      if let edge = pendingEdge, !source.hasWorkInProgress {
        pendingEdge = nil
        _ = tableView?.table.perform(.focusEdge(edge))
      }
    }
    (tableView ?? listView).tick()
  }

  var nextTimerDeadline: Double? { source == nil ? nil : pollDeadline }

  func draw(into buffer: inout ScreenBuffer) {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    if let grid, let tableView {
      let rows = tableView.table.numberOfSections > 0 ? tableView.table.numberOfRows(inSection: 0) : 0
      // While the rows are counted the first screen is already shown: its rows are not the table's count.
      let count = source?.isOpening == true ? "counting rows…" : "\(rows.grouped) rows"
      var title = " \(file) · \(grid.description.name) · \(count)"
      if let sort = grid.sort {
        title += " · by \(grid.description.columns[sort.column].name) \(sort.ascending ? "▲" : "▼")"
      }
      if !filter.isEmpty { title += " · containing \"\(filter)\"" }
      buffer.write(title, x: 0, y: 0, style: Style(attributes: .bold), maxWidth: size.columns)
      grid.drawHeader(into: &buffer, y: 1, width: size.columns)
      tableView.render(into: &buffer, origin: CellPoint(x: 0, y: 2))
      detail?.draw(into: &buffer, area: CellRect(x: 0, y: 0, width: size.columns, height: max(0, size.rows - 1)))
    } else {
      buffer.write(
        " \(file) · \(tables.count) tables and views", x: 0, y: 0, style: Style(attributes: .bold),
        maxWidth: size.columns)
      listView.render(into: &buffer, origin: CellPoint(x: 0, y: 1))
    }
    let bottom = CellPoint(x: 0, y: max(0, size.rows - 1))
    if let filterField {
      filterField.render(into: &buffer, origin: bottom)
    } else if let prompt {
      prompt.render(into: &buffer, origin: bottom)
    } else {
      let keys =
        grid == nil
        ? "Enter open · q quit"
        : "← → column · Enter value · < > width · w wrap · s sort · / filter · g go to · End last · Esc back · q quit"
      statusBar.items = message.map { [$0] } ?? []
      if let index = sortIndex, case .building(let fraction) = index.state, let grid, let sort = grid.sort {
        let name = grid.description.columns[sort.column].name
        statusBar.items = [
          "sorting by \(name) \(ProgressBar.text(fraction, width: 10)) \(Int(fraction * 100))%"
        ]
      }
      statusBar.trailingText = keys
      statusBar.frame = Rect(x: 0, y: Double(bottom.y), width: Double(size.columns), height: 1)
      statusBar.render(into: &buffer, origin: bottom)
    }
  }

  var cursorPosition: CellPoint? {
    let bottom = max(0, size.rows - 1)
    if let filterField, let at = filterField.cursorPosition { return CellPoint(x: at.x, y: bottom) }
    if let prompt, let at = prompt.cursorPosition { return CellPoint(x: at.x, y: bottom) }
    guard let at = (tableView ?? listView).cursorPosition else { return nil }
    return CellPoint(x: at.x, y: at.y + (tableView == nil ? 1 : 2))
  }

  /// Runs the owner's hook until the reads are done (for `--frames`-like printing without a terminal).
  func settle() {
    for _ in 0..<1_000 {
      guard let source else { return }
      _ = source.waitForBackgroundWork(timeout: 10)
      source.processUpdates()
      tableView?.table.layoutIfNeeded()
      if !source.hasWorkInProgress { return }
    }
  }
}
