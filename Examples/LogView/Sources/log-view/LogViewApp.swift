import Glibc
import TableViewCore
import TableViewTerminal
import TerminalKit

/// The log viewer: the lines by hour in a table over the whole screen but its last line, which is a status bar (or
/// the `/` filter's field, or a prompt); a help overlay on `?`.
///
/// The indexer and the filter scan run on other threads and leave their results in mailboxes; they wake the run
/// loop, which calls `tick()`, where the results are applied to the table as batch updates (appended rows and
/// sections).
final class LogViewApp: TerminalApplication {
  let clock: any TableViewClock
  /// When the program started (`MonotonicClock.systemSeconds()`), for the time to the first frame.
  let started: Double
  let root = TerminalView()
  let tableView: TerminalTableView
  let status = TerminalStatusBar()
  let filterField = TerminalTextField(prompt: "/", placeholder: "text to keep · Enter applies, empty clears, Esc")
  let help = TerminalHelpOverlay(entries: [
    ("↑ ↓ PgUp PgDn", "move, scroll"),
    ("Home End", "first, last line"),
    ("[ ]", "previous, next hour"),
    ("/", "filter: keep the lines containing a text"),
    ("Esc", "clear the filter (the line on screen stays)"),
    ("f", "follow the end of the file (tail -f)"),
    ("c", "the line's menu: copy it to a file"),
    ("?", "this help"),
    ("q", "quit"),
  ])
  let source: LogDataSource
  let indexer: LogIndexer
  let filterScanner: FilterScanner
  /// The filter scan running, if any.
  private var filterScan: (id: Int, stop: StopFlag)?
  private var lastScanID = 0
  /// The line to bring back on screen when the filter's scan reaches it (set when a filter is applied).
  private var pendingFilterAnchor: Anchor?
  /// The prompt asking where to copy a line, while it is up.
  private var prompt: TerminalPrompt?
  private var lineToCopy = 0
  private var lastCopyPath = ""
  /// Whether to follow the end once the file is indexed (`f` pressed, or `--follow`, before that).
  private var followWhenIndexed: Bool
  /// A message in the status bar until the next key (a truncation, a copy).
  private var message = ""
  /// The first line appended after the file was indexed (rows from there on are news: "N new below").
  private var firstNewLine = Int.max
  /// Seconds from the program's start to its first frame.
  private(set) var firstFrameTime: Double?
  private var size = TerminalSize(columns: 80, rows: 24)

  /// A line on screen and where: kept across a change of the rows shown (a filter applied or cleared).
  struct Anchor {
    var line: Int
    /// Its top's distance from the table's top, in rows.
    var y: Double
    /// Whether it had the focus.
    var focused: Bool
  }

  /// Opens `path` and indexes its first lines (the rest is indexed on another thread, which calls `wake`).
  init(
    path: String, clock: any TableViewClock, started: Double, follow: Bool = false,
    wake: @escaping @Sendable () -> Void
  ) throws(LogFileError) {
    self.clock = clock
    self.started = started
    followWhenIndexed = follow
    let file = try LogFile(path: path)
    source = LogDataSource(index: LogIndex(file: file))
    indexer = LogIndexer(file: file, wake: wake)
    filterScanner = FilterScanner(wake: wake)
    tableView = TerminalTableView(clock: clock)
    let table = tableView.table
    table.register({ LogLineCell() }, forCellReuseIdentifier: "line")
    table.register(
      { TerminalTableViewHeaderFooterView(reuseIdentifier: "hour") }, forHeaderFooterViewReuseIdentifier: "hour")
    table.rowHeight = TableView.automaticDimension  // lines wrap
    table.estimatedRowHeight = 1
    table.followsAppendedRows = true  // at the end, appended lines scroll into view
    table.dataSource = source
    table.delegate = source
    source.copyLine = { [unowned self] line in askWhereToCopy(line) }
    root.addSubview(tableView)
    root.addSubview(status)
    filterField.isHidden = true
    root.addSubview(filterField)
    help.isHidden = true
    help.title = "log-view"
    root.addSubview(help)
    // The first screen's lines now, the rest in the background.
    indexer.start()
    applyIndexBatches(indexer.take())
  }

  var index: LogIndex { source.index }

  // MARK: Results from the other threads

  func tick() {
    let batches = indexer.take()
    if !batches.isEmpty { applyIndexBatches(batches) }
    let found = filterScanner.take()
    if !found.isEmpty { applyFilterBatches(found) }
    startFilterScanIfNeeded()
    if followWhenIndexed, index.reachedEnd {
      followWhenIndexed = false
      message = ""
      follow()
    }
    tableView.tick()
  }

  /// The shape of the rows shown, before a change: the sections and the last one's rows.
  private func shape() -> (sections: Int, lastRows: Int) {
    let sections = source.numberOfSections(in: tableView.table)
    return (sections, sections == 0 ? 0 : source.tableView(tableView.table, numberOfRowsInSection: sections - 1))
  }

  /// Adds the indexer's lines: appended rows and sections, or everything again after a truncation or rotation.
  private func applyIndexBatches(_ batches: [IndexBatch]) {
    let before = shape()
    let followingFile = index.reachedEnd
    var reset: IndexBatch.ResetReason?
    var grewLastLine = false
    for batch in batches {
      if let reason = batch.reset {
        reset = reason
        grewLastLine = false
      }
      if source.index.append(batch) { grewLastLine = true }
    }
    let digits = gutterDigits()
    if let reset {
      firstNewLine = index.reachedEnd ? index.lineCount : Int.max
      message = reset == .truncated ? "file truncated: read again" : "file rotated: reading the new one"
      source.gutterDigits = digits
      if let filter = source.filter { restartFilter(filter.text) }
      tableView.reloadData()
      return
    }
    if digits > source.gutterDigits {
      // Wider numbers leave less room for the text: every height changes.
      source.gutterDigits = digits
      tableView.reloadData()
      return
    }
    if source.filter == nil { grow(from: before, reloadingLastRow: grewLastLine, news: followingFile) }
    if !followingFile, index.reachedEnd { firstNewLine = index.lineCount }
  }

  /// The columns line numbers need: enough for the lines expected in the whole file (guessed from the lines per
  /// byte so far, so that the gutter does not widen as the index grows).
  private func gutterDigits() -> Int {
    var expected = index.lineCount
    if !index.reachedEnd, index.end > 0, index.fileSize > index.end {
      expected = Int(Double(index.lineCount) * Double(index.fileSize) / Double(index.end))
    }
    return max(4, String(max(expected, 1)).count)
  }

  /// Tells the table about rows and sections appended to the rows shown (`before` is their shape before).
  ///
  /// Rows that are not `news` (lines of the file as it was when opened, being indexed, or the matches among them)
  /// are not counted as new below the screen (`rowsBelowVisibleArea`).
  private func grow(from before: (sections: Int, lastRows: Int), reloadingLastRow: Bool, news: Bool) {
    let table = tableView.table
    let after = shape()
    let counted = table.rowsBelowVisibleArea
    defer { if !news, counted == 0 { table.resetRowsBelowVisibleArea() } }
    guard before.sections > 0 else {
      if after.sections > 0 { tableView.reloadData() }
      return
    }
    var update = BatchUpdate()
    let last = before.sections - 1
    let lastRows = source.tableView(table, numberOfRowsInSection: last)
    let added = lastRows - before.lastRows
    if added > Self.rowsInsertedOneByOne {
      // Many rows (a file being indexed): the section again, rather than an index path a row.
      update.reloadSections([last], with: .none)
    } else {
      if added > 0 {
        update.insertRows(
          at: (before.lastRows..<lastRows).map { IndexPath(row: $0, section: last) }, with: .none)
      }
      if reloadingLastRow, before.lastRows > 0 {
        update.reloadRows(at: [IndexPath(row: before.lastRows - 1, section: last)], with: .none)
      }
    }
    if after.sections > before.sections {
      update.insertSections(Array(before.sections..<after.sections), with: .none)
    }
    guard !update.isEmpty else { return }
    do {
      try table.apply(update)
    } catch {
      // The counts disagree (they cannot, but never show a stale table): ask everything again.
      tableView.table.reloadData(keepingMeasuredHeights: true)
    }
  }

  /// Above this many rows appended to a section at once, the section is reloaded instead (rows inserted by index
  /// path cost about 2 µs each).
  static let rowsInsertedOneByOne = 2_000

  // MARK: Filter

  /// Shows only the lines containing `text` (every line for an empty text), keeping the line on screen where it
  /// is: at once when clearing, and when the scan reaches it when filtering.
  func applyFilter(_ text: String) {
    let anchor = currentAnchor()
    if text.isEmpty {
      guard source.filter != nil else { return }
      stopFilterScan()
      source.filter = nil
      tableView.reloadData()
      if let anchor { restore(anchor) }
    } else {
      restartFilter(text)
      tableView.reloadData()
      pendingFilterAnchor = anchor
      startFilterScanIfNeeded()
    }
  }

  private func restartFilter(_ text: String) {
    stopFilterScan()
    source.filter = FilterResults(text: text)
  }

  private func stopFilterScan() {
    filterScan?.stop.raise()
    filterScan = nil
    pendingFilterAnchor = nil
  }

  /// Starts a scan of the lines indexed that the filter has not checked yet.
  private func startFilterScanIfNeeded() {
    guard let filter = source.filter, filterScan == nil, filter.checkedLines < index.finishedLineCount else { return }
    lastScanID += 1
    let stop = StopFlag()
    filterScan = (lastScanID, stop)
    filterScanner.start(
      scan: lastScanID, text: filter.text, file: index.file,
      bytes: index.lineStarts[filter.checkedLines]..<index.finishedEnd, firstLine: filter.checkedLines, stop: stop)
  }

  private func applyFilterBatches(_ batches: [FilterScanner.Batch]) {
    guard var filter = source.filter, let scan = filterScan else { return }
    let before = shape()
    for batch in batches where batch.scan == scan.id {
      filter.append(batch.matches, checkedThrough: batch.checkedThrough, index: index)
      if batch.finished { filterScan = nil }
    }
    source.filter = filter
    grow(from: before, reloadingLastRow: false, news: filter.lines.last.map { $0 >= firstNewLine } ?? false)
    if let anchor = pendingFilterAnchor, filter.checkedLines > anchor.line || filterScan == nil {
      // The scan passed the line that was on screen: the first match from there takes its place.
      pendingFilterAnchor = nil
      restore(anchor)
    }
  }

  /// The line to keep in place: the focused row when it is on screen, otherwise the first row entirely below the
  /// floating header.
  private func currentAnchor() -> Anchor? {
    let table = tableView.table
    let top = table.contentOffset.y
    let visible = table.indexPathsForVisibleRows
    let focused = table.focusedIndexPath.flatMap { visible.contains($0) ? $0 : nil }
    guard
      let path = focused ?? visible.first(where: { ((try? table.rectForRow(at: $0).minY) ?? top) >= top + 1 })
        ?? visible.first,
      let rect = try? table.rectForRow(at: path)
    else { return nil }
    return Anchor(line: source.line(at: path), y: rect.minY - top, focused: focused != nil)
  }

  /// Puts the row of `anchor`'s line (or the next one shown) where the line was.
  private func restore(_ anchor: Anchor) {
    let table = tableView.table
    guard let path = source.indexPath(forLine: anchor.line) else { return }
    try? table.scrollToRow(at: path, at: .top, animated: false)
    if let rect = try? table.rectForRow(at: path) {
      let y = min(max(rect.minY - anchor.y, table.minimumContentOffsetY), table.maximumContentOffsetY)
      table.setContentOffset(Point(x: 0, y: y), animated: false)
    }
    try? table.focusRow(at: anchor.focused ? path : nil)
  }

  // MARK: Following

  /// Scrolls to the end and follows it (once the file is indexed).
  func follow() {
    guard index.reachedEnd else {
      followWhenIndexed = true
      message = "to the end once the file is indexed"
      return
    }
    let table = tableView.table
    table.scrollToBottom(animated: false)
    table.isFollowingAppendedRows = true
  }

  // MARK: Copy line to file

  private func askWhereToCopy(_ line: Int) {
    lineToCopy = line
    let prompt = TerminalPrompt("Copy line \((line + 1).grouped) to file:", text: lastCopyPath, placeholder: "path")
    prompt.backgroundStyle = .plain  // over the status bar
    root.addSubview(prompt)
    self.prompt = prompt
    layout()
  }

  /// Appends line `line` (its bytes as in the log, and a line break) to the file at `path`.
  private func copy(line: Int, to path: String) {
    var bytes = index.file.bytes(in: index.byteRange(ofLine: line), limit: Int.max)
    bytes.append(0x0A)
    let home = getenv("HOME").map { String(cString: $0) } ?? ""
    let expanded = path.hasPrefix("~/") ? home + path.dropFirst() : path
    let descriptor = open(expanded, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      message = "\(path): \(String(cString: strerror(errno)))"
      return
    }
    defer { close(descriptor) }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    message =
      written == bytes.count
      ? "line \((line + 1).grouped) appended to \(path)" : "\(path): \(String(cString: strerror(errno)))"
    lastCopyPath = path
  }

  // MARK: TerminalApplication

  func resize(to size: TerminalSize) {
    self.size = size
    layout()
  }

  private func layout() {
    let (width, height) = (Double(size.columns), Double(size.rows))
    root.frame = Rect(x: 0, y: 0, width: width, height: height)
    tableView.frame = Rect(x: 0, y: 0, width: width, height: max(0, height - 1))
    let bottom = Rect(x: 0, y: max(0, height - 1), width: width, height: 1)
    status.frame = bottom
    filterField.frame = bottom
    prompt?.frame = bottom
    help.frame = root.frame
  }

  func handle(_ event: InputEvent) -> Bool {
    if case .key = event { message = "" }
    if !help.isHidden {
      if case .key = event { help.isHidden = true }
      return true
    }
    if let prompt {
      switch prompt.handle(event) {
      case .submitted(let path) where !path.isEmpty:
        copy(line: lineToCopy, to: path)
        dismissPrompt()
      case .cancelled, .submitted: dismissPrompt()
      case .pending, .confirmed: break
      }
      return true
    }
    if !filterField.isHidden {
      switch filterField.handle(event) {
      case .submitted(let text):
        endFilterEditing()
        applyFilter(text)
      case .cancelled: endFilterEditing()
      case .ignored, .edited, .moved: break
      }
      return true
    }
    if !tableView.isShowingContextMenu, case .key(let key) = event,
      key.modifiers.subtracting(.shift).isEmpty, case .character(let character) = key.key
    {
      switch character {
      case "q": return false
      case "?":
        help.isHidden = false
        return true
      case "/":
        filterField.text = source.filter?.text ?? ""
        filterField.isHidden = false
        status.isHidden = true
        return true
      case "f", "F":
        follow()
        return true
      default: break
      }
    }
    if !tableView.isShowingContextMenu, event == .key(KeyEvent(.end)), !index.reachedEnd {
      // The end is not known yet: go there (and follow) once the file is indexed.
      follow()
      return true
    }
    if !tableView.isShowingContextMenu, event == .key(KeyEvent(.escape)), source.filter != nil {
      applyFilter("")
      return true
    }
    // The user moves: a filter's scan no longer brings the old line back.
    pendingFilterAnchor = nil
    tableView.handle(event)
    return true
  }

  private func endFilterEditing() {
    filterField.isHidden = true
    status.isHidden = false
  }

  private func dismissPrompt() {
    prompt?.removeFromSuperview()
    prompt = nil
  }

  var isAnimating: Bool { tableView.isAnimating }

  func draw(into buffer: inout ScreenBuffer) {
    if firstFrameTime == nil { firstFrameTime = MonotonicClock.systemSeconds() - started }
    updateStatus()
    root.render(into: &buffer, origin: CellPoint(x: 0, y: 0))
  }

  /// The status bar's items: the file, its lines and hours, the indexing's and the filter's progress, following.
  private func updateStatus() {
    let table = tableView.table
    let name = index.file.path.split(separator: "/").last.map(String.init) ?? index.file.path
    let hours = index.sections.count
    var items = [name, index.lineCount.counting("line"), hours.counting("hour")]
    if !index.reachedEnd {
      items.append("indexing \(Self.percent(index.end, of: index.fileSize))")
    }
    if let filter = source.filter {
      var text = "/\(filter.text): " + filter.lines.count.counting("line")
      if filterScan != nil { text += ", searching \(Self.percent(filter.checkedLines, of: index.lineCount))" }
      items.append(text)
    }
    if table.isFollowingAppendedRows {
      items.append("following")
    } else if table.rowsBelowVisibleArea > 0 {
      items.append("\(table.rowsBelowVisibleArea.grouped) new below (f follows)")
    }
    if !message.isEmpty { items.append(message) }
    status.items = items
    let opened = firstFrameTime.map { "opened in \(Int(($0 * 1000).rounded())) ms · " } ?? ""
    status.trailingText = opened + "? keys"
  }

  private static func percent(_ part: Int, of whole: Int) -> String {
    "\(whole > 0 ? min(100, part * 100 / whole) : 100)%"
  }

  var cursorPosition: CellPoint? {
    let bottom = max(0, size.rows - 1)
    if let prompt, let at = prompt.cursorPosition { return CellPoint(x: at.x, y: bottom + at.y) }
    if !filterField.isHidden, let at = filterField.cursorPosition { return CellPoint(x: at.x, y: bottom + at.y) }
    return help.isHidden ? tableView.cursorPosition : nil
  }

  // MARK: Without a terminal

  /// Waits until the whole file is indexed (for `print --anchor last`), taking the batches as they come.
  func waitForIndex(_ wait: () -> Void) {
    while !index.reachedEnd {
      wait()
      tick()
    }
    tick()
  }

  /// Scrolls to the end.
  func scrollToEnd() {
    tableView.table.scrollToBottom(animated: false)
  }

  /// Stops the other threads.
  func stop() {
    indexer.stop()
    stopFilterScan()
  }
}
