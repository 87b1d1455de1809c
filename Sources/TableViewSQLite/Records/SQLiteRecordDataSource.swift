import GRDB
import TableViewCore

/// Serves a `TableView` from the app's own database: the rows of a table, a view or a query
/// (``SQLiteRecordRequest``), as the app's records, read in pages by keyset off the owner's
/// thread into a bounded cache, from any anchor (the first row, the last, a key, a position).
///
///     struct Track: FetchableRecord, Sendable { … }
///     let database = try DatabaseQueue(path: path)
///     let source = try SQLiteRecordDataSource<Track>(
///       database: database,
///       request: SQLiteRecordRequest(table: "track", key: .column("id"), ordering: [.ascending("number")],
///                                    sectionColumn: "album_id"),
///       tableView: table, reuseIdentifier: "track"
///     ) { cell, track in (cell as! TrackCell).show(track) }  // track == nil: a placeholder
///     // On the owner's run loop, every turn (or on a timer):
///     source.processUpdates()
///
/// Opening checks the request against the schema on the calling thread (a missing table or
/// column, a key that is not unique throw a ``SQLiteRecordError``; an order no index serves is a
/// warning in ``warnings``), then counts the sections (one `GROUP BY`) and reads the pages
/// around the anchor off the owner's thread: the table is empty until then. A row whose page
/// has not arrived is configured as a placeholder (`configure(cell, nil)`) and reloaded when it
/// arrives. A page is read by keyset from a neighbouring page's first or last row, or from either
/// end of its section, never by `OFFSET`; a page far from every page read (a scrollbar dragged
/// to the middle of a long section) is reached by walking the order's keys from the nearest one
/// (``SQLiteReadCounts/keysRead``).
///
/// The table is only ever touched on the owner's thread, from the table's own calls and from
/// ``processUpdates()``.
public final class SQLiteRecordDataSource<Record: Sendable>: TableViewDataSource, TableViewDataSourcePrefetching {
  /// Configures a cell for a record, or as a placeholder when it is `nil` (its page is on its way).
  public typealias Configure = (_ cell: any ReusableView, _ record: Record?) -> Void

  /// The database.
  public let database: any DatabaseReader
  /// What is shown.
  public let request: SQLiteRecordRequest
  /// Rows per page.
  public let pageSize: Int
  /// The reuse identifier of the cells (registered on the table by the caller).
  public let reuseIdentifier: String
  /// The table served.
  public private(set) weak var tableView: TableView?
  /// Problems found at open that do not stop it (an order no index serves: see
  /// ``SQLiteRecordError/orderNotIndexed(source:index:)``).
  public let warnings: [SQLiteRecordError]
  /// Called on the owner's thread with every failure after open (a page that could not be read,
  /// a change that could not be applied); the rows shown stay as they were.
  public var onError: ((SQLiteRecordError) -> Void)?
  /// Every failure so far, oldest first (at most 100 kept).
  public private(set) var reportedErrors: [SQLiteRecordError] = []
  /// How the rows of a live change arrive, leave and cross-fade (`.automatic` by default).
  public var liveChangeAnimation: TableView.RowAnimation = .automatic
  /// How a section is titled (by default its value as text).
  public var titleForSection: (DatabaseValue) -> String = { value in
    String.fromDatabaseValue(value) ?? (value.isNull ? "" : value.description)
  }

  /// The changes the user may make to the rows, written by the app's closures off the owner's
  /// thread (`nil`, the default: the rows are read only). Needs a `DatabaseWriter` as the
  /// source's database.
  public var writes: SQLiteRecordWrites?
  /// Whether the sections' counts are read from counts kept by triggers (``SQLiteSectionCounts``)
  /// rather than counted when the source opens and after each commit.
  public var usesKeptCounts: Bool { plan.keptCounts != nil }
  /// Whether the database file was deleted or replaced by another program while open
  /// (``SQLiteRecordError/fileLost(path:message:)``, reported once): the rows shown stay, changes
  /// are no longer noticed and no write is made.
  public var isFileLost: Bool { fileLoss != nil }
  /// Changes the database refused or that could not be written, undone on screen.
  public internal(set) var undoneWriteCount = 0
  /// Where measured row heights are kept between launches (``height(forRowAt:)``), if anywhere.
  public let rowHeights: SQLiteRowHeightStore?
  /// The height of a row whose page is on its way.
  public let placeholderHeight: Double

  let configure: Configure
  let plan: RecordPlan
  let reader: BackgroundReader<RecordReaderResult<Record>>
  /// Writes measured heights to ``rowHeights``, one batch at a time, off the owner's thread.
  let heightWriter = BackgroundReader<SQLiteRecordError?>(label: "TableViewSQLite.heights")
  /// The file and write-ahead log opened (`nil` in memory), to notice them deleted or replaced.
  let fileIdentity: DatabaseFileIdentity?
  /// What happened to the file, once noticed.
  var fileLoss: DatabaseFileIdentity.Change?
  /// Runs the app's writes (``writes``), one at a time, off the owner's thread.
  let rowWriter = BackgroundReader<SQLiteRecordError?>(label: "TableViewSQLite.writes")
  /// Writes submitted that have not reported back: pages and refreshes wait for them.
  var writesInFlight = 0
  /// Rows moved on screen whose new place the database has not been read for: their sort keys
  /// are the old ones, so a refresh does not find the rows on screen by them.
  var movedKeys: Set<DatabaseValue> = []
  /// Whether a change was made on screen since the last refresh applied: its rows outside the
  /// windows are shown again from what the refresh read.
  var changedOnScreen = false
  /// A refresh under way was read before a change made on screen since: its result is dropped.
  var refreshIsStale = false
  /// Heights measured and not yet handed to `heightWriter`.
  var unsavedHeights: [RecordHeight] = []
  let reads: RecordReader<Record>
  /// Polls `PRAGMA data_version` on a connection of its own (`nil` for an in-memory database).
  var monitor: DataVersionMonitor?
  var needsRefresh = false
  var refreshInFlight = false
  /// The sections as the table knows them (none until the counts arrive).
  var sections: [RecordSection] = []
  var pages: PageCache<RecordPage<Record>>
  /// Pages whose jobs have not reported back.
  var inFlight: Set<PageKey> = []
  /// Rows shown as placeholders, to reload when their pages arrive.
  var placeholders: Set<IndexPath> = []
  /// The landmarks' generation the table's rows belong to.
  var generation = 0
  /// Whether the counts and the anchor's pages are being read.
  public internal(set) var isOpening = true
  /// Whether a first screen is shown (a filter's matches, or rows from the first) while the rows are counted.
  var showsFirstScreen = false
  /// The rows shown around an anchor's key while its place is counted, and how many come before it (their pages
  /// are cut again at their places once counted).
  var screenAround: (rows: [RecordRow<Record>], anchorRow: Int)?
  /// A ``scroll(to:)`` asked for while a first screen's rows were counted, done once they are.
  var pendingAnchor: SQLiteRecordAnchor?
  /// Pages whose read failed: not asked for again until the rows change.
  var failedPages: Set<PageKey> = []
  /// How many of the background jobs' results one ``processUpdates()`` takes (tests take one at a time to see the
  /// states between them).
  package var resultsPerUpdate = Int.max

  /// Serves `tableView` from `request` over `database`: checks the request, sets itself as the
  /// table's data source and prefetch data source, the table's `estimatedRowHeight` to
  /// `placeholderHeight` and its `maintainsVisibleContentPosition` (rows that arrive above the
  /// screen do not push it), and starts reading the sections and the rows at `anchor`.
  ///
  /// - Parameters:
  ///   - database: the app's database (a `DatabaseQueue` or a `DatabasePool`): commits to its file
  ///     by any connection or process are shown (``processUpdates()`` polls `PRAGMA
  ///     data_version`); an in-memory database's are not.
  ///   - request: the rows, their key, order and sections.
  ///   - tableView: the table served (held weakly).
  ///   - reuseIdentifier: the identifier the caller registered the cells under.
  ///   - anchor: where the table opens.
  ///   - pageSize: rows per page (one query each).
  ///   - cachedPages: the most pages kept (the pages of the rows on screen are kept even when more).
  ///   - placeholderHeight: the table's estimated row height, and the height of a placeholder.
  ///   - rowHeights: where the heights ``height(forRowAt:)`` measures are kept between launches
  ///     (never in `database`); `nil` keeps them only while the rows' pages are cached.
  ///   - record: makes the app's record of a fetched row (all the source's columns, and the key as
  ///     `tableview_key`).
  ///   - configure: configures a cell for a record, or as a placeholder (`nil`).
  /// - Throws: ``SQLiteRecordError`` for a missing table or column, a key that is not unique, a
  ///   query that cannot be prepared; the table is left as it was.
  public init(
    database: any DatabaseReader, request: SQLiteRecordRequest, tableView: TableView, reuseIdentifier: String,
    anchor: SQLiteRecordAnchor = .first, pageSize: Int = 50, cachedPages: Int = 16, placeholderHeight: Double = 44,
    rowHeights: SQLiteRowHeightStore? = nil, record: @escaping @Sendable (Row) throws -> Record,
    configure: @escaping Configure
  ) throws(SQLiteRecordError) {
    precondition(pageSize > 0 && cachedPages > 0 && placeholderHeight > 0, "sizes must be positive")
    // Checking reads which of the order's columns may hold NULL: the plan's queries then say how NULL sorts.
    let plan: RecordPlan
    do {
      (plan, warnings) = try database.read { db in
        var plan = RecordPlan(request)
        let warnings = try plan.check(db)
        return (plan, warnings)
      }
    } catch let error as SQLiteRecordError {
      throw error
    } catch {
      throw SQLiteRecordError.cannotOpen(path: database.path, message: "\(error)")
    }
    self.database = database
    self.request = request
    self.plan = plan
    self.pageSize = pageSize
    self.reuseIdentifier = reuseIdentifier
    self.configure = configure
    self.tableView = tableView
    self.placeholderHeight = placeholderHeight
    self.rowHeights = rowHeights
    pages = PageCache(capacity: cachedPages)
    reader = BackgroundReader(label: "TableViewSQLite.records")
    var reads = RecordReader(
      plan: plan, decode: record, landmarks: Locked(RecordLandmarks()), counts: Locked(SQLiteReadCounts()),
      pageSize: pageSize)
    if let rowHeights {
      reads.heights = try Self.heightScope(
        rowHeights, database: database, request: request, reuseIdentifier: reuseIdentifier)
    }
    self.reads = reads
    let path = database.path
    if !path.isEmpty, path != ":memory:", !path.hasPrefix("file::memory:") {
      monitor = try? DataVersionMonitor(path: path)
      fileIdentity = DatabaseFileIdentity(path: path)
    } else {
      fileIdentity = nil
    }
    tableView.estimatedRowHeight = placeholderHeight
    tableView.maintainsVisibleContentPosition = true
    tableView.dataSource = self
    tableView.prefetchDataSource = self
    tableView.reloadData()
    open(at: anchor)
  }

  /// A source of a `FetchableRecord` type: each fetched row decoded by `Record(row:)`.
  public convenience init(
    database: any DatabaseReader, request: SQLiteRecordRequest, tableView: TableView, reuseIdentifier: String,
    anchor: SQLiteRecordAnchor = .first, pageSize: Int = 50, cachedPages: Int = 16, placeholderHeight: Double = 44,
    rowHeights: SQLiteRowHeightStore? = nil, configure: @escaping Configure
  ) throws(SQLiteRecordError) where Record: FetchableRecord {
    try self.init(
      database: database, request: request, tableView: tableView, reuseIdentifier: reuseIdentifier, anchor: anchor,
      pageSize: pageSize, cachedPages: cachedPages, placeholderHeight: placeholderHeight, rowHeights: rowHeights,
      record: { row in try Record(row: row) }, configure: configure)
  }

  // MARK: Counts and cells

  /// The number of sections counted (none until the counts arrive).
  public func numberOfSections(in tableView: TableView) -> Int { sections.count }

  /// The section's row count.
  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    section >= 0 && section < sections.count ? sections[section].count : 0
  }

  /// A cell configured with the row's record, or as a placeholder while its page is on its way.
  /// - Complexity: O(1) expected.
  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: reuseIdentifier, for: indexPath)
    if let record = record(at: indexPath) {
      configure(cell, record)
    } else {
      configure(cell, nil)
      placeholders.insert(indexPath)
      requestPage(pageKey(indexPath))
    }
    return cell
  }

  /// The record shown at `indexPath` if its page is cached (made the most recently used), else `nil`.
  /// - Complexity: O(1) expected.
  public func record(at indexPath: IndexPath) -> Record? { row(at: indexPath)?.record }

  /// The key of the row at `indexPath` if its page is cached, else `nil`.
  /// - Complexity: O(1) expected.
  public func key(at indexPath: IndexPath) -> DatabaseValue? { row(at: indexPath)?.key }

  /// The value of the section column shared by the rows of `section` (`NULL` without sections).
  public func sectionValue(_ section: Int) -> DatabaseValue? {
    section >= 0 && section < sections.count ? sections[section].value : nil
  }

  /// The title of `section` (``titleForSection`` of its value); `nil` for a section that does not exist.
  public func title(forSection section: Int) -> String? { sectionValue(section).map(titleForSection) }

  /// What has been read so far.
  public var readCounts: SQLiteReadCounts { reads.counts.withLock { $0 } }

  /// The number of pages cached.
  public var cachedPageCount: Int { pages.count }
  /// The number of pages being read.
  public var pagesInFlight: Int { inFlight.count }
  /// The number of rows shown as placeholders, waiting for their pages.
  public var placeholderCount: Int { placeholders.count }
  /// Whether something is on its way from the database: the open, pages, a change.
  public var hasWorkInProgress: Bool {
    isOpening || !inFlight.isEmpty || !placeholders.subtracting(failedRows).isEmpty || needsRefresh
      || refreshInFlight || writesInFlight > 0
  }

  func row(at indexPath: IndexPath) -> RecordRow<Record>? {
    guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.row >= 0,
      indexPath.row < sections[indexPath.section].count
    else { return nil }
    let key = pageKey(indexPath)
    guard let page = pages.page(key) else { return nil }
    let i = indexPath.row - key.index * pageSize
    return i < page.rows.count ? page.rows[i] : nil
  }

  /// Placeholder rows whose pages failed to read.
  var failedRows: Set<IndexPath> { placeholders.filter { failedPages.contains(pageKey($0)) } }

  func pageKey(_ indexPath: IndexPath) -> PageKey {
    PageKey(section: indexPath.section, index: indexPath.row / pageSize)
  }

  /// The pages of the rows on screen, which the cache keeps even beyond its capacity.
  var pagesOnScreen: Set<PageKey> { Set(tableView?.indexPathsForVisibleRows.map(pageKey) ?? []) }

  func report(_ error: SQLiteRecordError) {
    reportedErrors.append(error)
    if reportedErrors.count > 100 { reportedErrors.removeFirst(reportedErrors.count - 100) }
    onError?(error)
  }

  /// Waits at most `timeout` seconds for the background reads submitted so far to finish (for
  /// tests and a clean shut-down); whether they did. Their results are applied by the next
  /// ``processUpdates()``.
  public func waitForBackgroundWork(timeout: Double) -> Bool {
    rowWriter.waitUntilIdle(timeout: timeout) && reader.waitUntilIdle(timeout: timeout)
      && heightWriter.waitUntilIdle(timeout: timeout)
  }
}
