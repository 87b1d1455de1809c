import GRDB
import TableViewCore
import TableViewSQLite
import TableViewTerminal
import TerminalKit

/// The library in a terminal: a title line, then the tracks by album (albums as floating headers).
final class LibraryApp: TerminalApplication, TableViewDelegate {
  let clock: any TableViewClock
  let tableView: TerminalTableView
  let source: SQLiteRecordDataSource<Track>
  /// Album titles by id (read once: the headers' text).
  let albums: [Int64: String]
  private var size = TerminalSize(columns: 80, rows: 24)
  /// When the database is polled next (the run loop wakes then and calls `tick()`).
  private var pollDeadline: Double

  init(path: String, anchor: SQLiteRecordAnchor = .first, clock: any TableViewClock) throws {
    self.clock = clock
    pollDeadline = clock.now
    var configuration = Configuration()
    configuration.readonly = true  // the browser never writes: another process may
    let database = try DatabaseQueue(path: path, configuration: configuration)
    albums = try database.read { db in
      Dictionary(
        try Row.fetchAll(db, sql: "SELECT id, title || ' — ' || artist || ' (' || year || ')' FROM album").map {
          ($0[0], $0[1])
        }, uniquingKeysWith: { a, _ in a })
    }
    tableView = TerminalTableView(clock: clock)
    let table = tableView.table
    table.register({ TerminalTableViewCell(style: .value1, reuseIdentifier: "track") }, forCellReuseIdentifier: "track")
    table.register(
      { TerminalTableViewHeaderFooterView(reuseIdentifier: "album") }, forHeaderFooterViewReuseIdentifier: "album")
    table.rowHeight = 1
    source = try SQLiteRecordDataSource<Track>(
      database: database,
      request: SQLiteRecordRequest(
        table: "track", key: .column("id"), ordering: [.ascending("number")], sectionColumn: "album_id"),
      tableView: table, reuseIdentifier: "track", anchor: anchor, placeholderHeight: 1
    ) { cell, track in
      guard let cell = cell as? TerminalTableViewCell else { return }
      cell.textLabel.text = track.map { "\($0.number + 1). \($0.title)" } ?? "…"
      cell.detailTextLabel?.text = track?.duration ?? ""
    }
    table.delegate = self
  }

  // MARK: Delegate

  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double { 1 }

  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> (any ReusableView)? {
    let header =
      tableView.dequeueReusableHeaderFooterView(withIdentifier: "album") as? TerminalTableViewHeaderFooterView
    let id = source.sectionValue(section).flatMap { Int64.fromDatabaseValue($0) }
    header?.textLabel.text = id.flatMap { albums[$0] } ?? source.title(forSection: section) ?? ""
    return header
  }

  // MARK: TerminalApplication

  func resize(to size: TerminalSize) {
    self.size = size
    tableView.frame = Rect(x: 0, y: 1, width: Double(size.columns), height: Double(max(size.rows - 1, 0)))
  }

  func handle(_ event: InputEvent) -> Bool {
    if event == .key(KeyEvent(.character("q"))) || event == .key(.controlC) { return false }
    tableView.handle(event)
    // Rows scrolled into view have their pages read now: their placeholders are filled in soon.
    pollDeadline = min(pollDeadline, clock.now + 0.02)
    return true
  }

  var isAnimating: Bool { tableView.isAnimating }

  func tick() {
    if clock.now >= pollDeadline {
      source.processUpdates()  // pages that arrived, changes by other processes
      // Often while reads are on their way, four times a second otherwise.
      pollDeadline = clock.now + (source.hasWorkInProgress ? 0.02 : 0.25)
    }
    tableView.tick()
  }

  var nextTimerDeadline: Double? { pollDeadline }

  func draw(into buffer: inout ScreenBuffer) {
    let tracks = (0..<tableView.table.numberOfSections).reduce(0) { $0 + tableView.table.numberOfRows(inSection: $1) }
    let title = " Music library · \(albums.count) albums · \(tracks) tracks"
    buffer.write(title, x: 0, y: 0, style: Style(attributes: .bold))
    tableView.render(into: &buffer, origin: CellPoint(x: 0, y: 1))
  }

  var cursorPosition: CellPoint? { tableView.cursorPosition }

  /// Runs the owner's hook until the reads are done (for `print`, without a terminal).
  func settle() {
    for _ in 0..<1_000 {
      _ = source.waitForBackgroundWork(timeout: 10)
      source.processUpdates()
      tableView.table.layoutIfNeeded()
      if !source.hasWorkInProgress { return }
    }
  }
}
