import TableViewCore
import TableViewSQLite

/// Serves a `TableView` from a ``PostStore``: counts from each section's stored count, rows
/// from a bounded LRU cache of pages read off the owner's thread by keyset pagination, live
/// changes from any process applied as one batch update, measured heights stored per width, and
/// full-text search applied as a diff.
///
///     let source = try SQLiteTableDataSource(store: store, tableView: table, reuseIdentifier: "post") {
///       cell, post in (cell as! PostCell).show(post)  // post == nil: a placeholder
///     }
///     // On the owner's run loop, every turn (or on a timer):
///     source.processUpdates()
///
/// The table is only ever touched on the owner's thread, from the table's own calls and from
/// ``processUpdates()``; background jobs read the database and post results to a mailbox the
/// owner drains there. A row whose page has not arrived is shown as a placeholder
/// (`configure(cell, nil)`, ``placeholderHeight`` tall) and reloaded when its page arrives, so it
/// is measured with its content.
///
/// The data source is also the table's delegate for row heights (``tableView(_:heightForRowAt:)``):
/// a known height (stored for the post at the table's width) is given without measuring; an
/// unknown one is measured with a template cell (`TableView.height(forCellWithReuseIdentifier:…)`)
/// and stored, in batches, off the owner's thread. An app with a delegate of its own forwards
/// `heightForRowAt` here.
///
/// Rows can be moved by hand (the table's reorder): ``tableView(_:moveRowAt:to:)`` moves the row
/// in the data source at once, so the table's animated move and the data agree, and writes the
/// move in the background; the database's own change then finds nothing left to do. A move the
/// database refuses (locked, read-only) is undone with an animated move back and reported.
public final class SQLiteTableDataSource: TableViewDataSource, TableViewDataSourcePrefetching, TableViewDelegate {
  /// Configures a cell for a post, or as a placeholder when the post is `nil` (its page is on its way).
  public typealias Configure = (_ cell: any ReusableView, _ post: Post?) -> Void

  /// The database.
  public let store: PostStore
  /// Rows per page.
  public let pageSize: Int
  /// The reuse identifier of the cells (registered on the table by the caller).
  public let reuseIdentifier: String
  /// The height given to a row whose page has not arrived (also the table's estimate).
  public let placeholderHeight: Double
  /// The table served.
  public private(set) weak var tableView: TableView?
  /// Called on the owner's thread with every failure (a page that could not be read, heights that
  /// could not be stored, a batch update the table refused).
  public var onError: ((PostStoreError) -> Void)?
  /// Every failure so far, oldest first (at most 100 kept).
  public private(set) var reportedErrors: [PostStoreError] = []
  /// How the rows of a live change (another connection's write, a search's results, a placeholder
  /// filled in) arrive, leave and cross-fade: UIKit's `.automatic` by default (moved rows glide);
  /// `.none` applies every change at once.
  public var liveChangeAnimation: TableView.RowAnimation = .automatic

  let configure: Configure
  let reader: BackgroundReader<ReaderResult>
  let writer: BackgroundReader<ReaderResult>
  let monitor: DataVersionMonitor
  /// Each section's count (under ``appliedFilter``) and version, as the table knows them.
  var sections: [SectionState]
  /// Directories of the sections with cached pages (every section under a filter).
  var directories: [Int: SectionDirectory] = [:]
  var pages: PageCache<PostPage>
  /// Pages whose jobs have not reported back.
  var inFlight: Set<PageKey> = []
  /// Rows shown or sized as placeholders, to reload when their pages arrive.
  var placeholders: Set<IndexPath> = []
  /// Heights measured and not yet written.
  var pendingHeights: [MeasuredHeight] = []
  var refreshInFlight = false
  var needsRefresh = false
  var filterChanged = false
  /// The search the table shows (its counts and directories), and the one asked for.
  public internal(set) var appliedFilter: String?
  /// The search asked for with ``setFilter(_:)`` (it becomes ``appliedFilter`` when its diff is applied).
  public internal(set) var filter: String?
  /// Where the user was when the search began (put back when it ends).
  public internal(set) var positionBeforeSearch: ScrollPosition?
  /// A position to put back once the unfiltered rows are shown again.
  var pendingRestore: ScrollPosition?
  /// Under a search shown first screen first: the first section not counted yet (shown empty).
  var uncountedFrom: Int?
  /// Rows moved here (``tableView(_:moveRowAt:to:)``) whose writes have not reported back.
  var movesInFlight = 0
  /// Sections changed by a local move the table shows and the database may not have yet: their
  /// pages are not read, and the next refresh reads them again and diffs them by id.
  var unconfirmedSections: Set<Int> = []
  /// Bumped by every local move: a refresh read before it is stale (it would undo the move).
  var moveGeneration = 0
  /// The ``moveGeneration`` when the refresh in flight began reading.
  var refreshGeneration = 0
  /// Moves whose write failed and that were put back (by the next refresh's diff).
  public internal(set) var movesUndone = 0
  /// Whether a move's write failed and the next refresh's diff puts it back (animated).
  var undoPending = false
  /// Whether another program deleted or replaced the file (``PostStore/checkFile()``): reported once,
  /// and the table keeps what it shows (no more changes are read).
  var fileLost = false

  /// Serves `tableView` from `store`: sets itself as the table's data source, prefetch data
  /// source and delegate, and the table's `estimatedRowHeight` to `placeholderHeight`.
  ///
  /// - Parameters:
  ///   - store: the database.
  ///   - tableView: the table served (held weakly).
  ///   - reuseIdentifier: the identifier the caller registered the cells under.
  ///   - pageSize: rows per page (one query each).
  ///   - cachedPages: the most pages kept (the LRU bound; the pages of the rows on screen are
  ///     kept even when they are more).
  ///   - placeholderHeight: the height of a row whose page has not arrived (and the table's estimate).
  ///   - configure: configures a cell for a post, or as a placeholder (`nil`).
  /// - Throws: ``PostStoreError`` when the sections cannot be read.
  /// - Complexity: O(sections): the counts are read from the `section` table.
  public init(
    store: PostStore, tableView: TableView, reuseIdentifier: String, pageSize: Int = 50, cachedPages: Int = 16,
    placeholderHeight: Double = 44, configure: @escaping Configure
  ) throws(PostStoreError) {
    precondition(pageSize > 0 && cachedPages > 0 && placeholderHeight > 0, "sizes must be positive")
    self.store = store
    self.pageSize = pageSize
    self.reuseIdentifier = reuseIdentifier
    self.placeholderHeight = placeholderHeight
    self.configure = configure
    self.tableView = tableView
    pages = PageCache(capacity: cachedPages)
    reader = BackgroundReader(label: "TableViewSQLite.reader")
    writer = BackgroundReader(label: "TableViewSQLite.writer")
    do {
      monitor = try DataVersionMonitor(path: store.connectionPath)
    } catch {
      throw PostStoreError.from(error, path: store.connectionPath, action: "opening the change monitor")
    }
    sections = try store.sectionStates()
    tableView.estimatedRowHeight = placeholderHeight
    tableView.dataSource = self
    tableView.prefetchDataSource = self
    tableView.delegate = self
  }

  // MARK: Counts and cells

  /// The number of sections, as stored.
  public func numberOfSections(in tableView: TableView) -> Int { sections.count }

  /// The section's stored row count (under the filter, its matches).
  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    section >= 0 && section < sections.count ? sections[section].count : 0
  }

  /// A cell configured with the row's post, or as a placeholder while its page is on its way.
  /// - Complexity: O(1) expected.
  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> any ReusableView {
    let cell = tableView.dequeueReusableCell(withIdentifier: reuseIdentifier, for: indexPath)
    if let post = post(at: indexPath) {
      configure(cell, post)
    } else {
      configure(cell, nil)
      markPlaceholder(indexPath)
    }
    return cell
  }

  /// The post shown at `indexPath` if its page is cached (made the most recently used), else `nil`.
  /// - Complexity: O(1) expected.
  public func post(at indexPath: IndexPath) -> Post? {
    guard directories[indexPath.section] != nil, indexPath.row >= 0 else { return nil }
    let key = pageKey(indexPath)
    guard let page = pages.page(key) else { return nil }
    let i = indexPath.row - key.index * pageSize
    return i < page.posts.count ? page.posts[i] : nil
  }

  /// The id of the post at `indexPath` if its section's directory is known.
  /// - Complexity: O(1) expected.
  public func postID(at indexPath: IndexPath) -> Int64? {
    guard let directory = directories[indexPath.section], indexPath.row >= 0, indexPath.row < directory.count
    else { return nil }
    return directory.ids[indexPath.row]
  }

  /// Where post `id` is shown, if its section's rows are known to the data source (the sections
  /// on screen or cached, every section under a filter); `nil` otherwise.
  /// - Complexity: O(rows of the known sections).
  public func indexPath(ofPost id: Int64) -> IndexPath? {
    for section in directories.keys.sorted() {
      guard let directory = directories[section], section < sections.count,
        directory.count == sections[section].count, let row = directory.ids.firstIndex(of: id)
      else { continue }
      return IndexPath(row: row, section: section)
    }
    return nil
  }

  /// The number of pages cached: at most `cachedPages`, or the pages of the rows on screen when
  /// they are more (a screen is never read again because its own pages evicted each other).
  public var cachedPageCount: Int { pages.count }
  /// The number of pages being read.
  public var pagesInFlight: Int { inFlight.count }
  /// The number of rows shown or sized as placeholders, waiting for their pages.
  public var placeholderCount: Int { placeholders.count }
  /// Whether something is on its way from the database: pages, a refresh, a search, a position to
  /// put back. An owner polling ``processUpdates()`` on a timer polls more often while it is.
  public var hasWorkInProgress: Bool {
    !inFlight.isEmpty || !placeholders.isEmpty || refreshInFlight || needsRefresh || filterChanged
      || filter != appliedFilter || pendingRestore != nil || uncountedFrom != nil || movesInFlight > 0
      || !unconfirmedSections.isEmpty
  }

  /// Whether a search shows its first matches while the later sections' matches are being
  /// counted (they are shown empty until then, and arrive as one more batch update below).
  public var isCountingMatches: Bool { uncountedFrom != nil }

  func pageKey(_ indexPath: IndexPath) -> PageKey {
    PageKey(section: indexPath.section, index: indexPath.row / pageSize)
  }

  /// The pages of the rows on screen, which the cache keeps even beyond its capacity.
  /// - Complexity: O(visible rows).
  var pagesOnScreen: Set<PageKey> { Set(tableView?.indexPathsForVisibleRows.map(pageKey) ?? []) }

  func markPlaceholder(_ indexPath: IndexPath) {
    placeholders.insert(indexPath)
    requestPage(pageKey(indexPath))
  }

  func report(_ error: PostStoreError) {
    reportedErrors.append(error)
    if reportedErrors.count > 100 { reportedErrors.removeFirst(reportedErrors.count - 100) }
    onError?(error)
  }

  /// Waits at most `timeout` seconds for the background reads and writes submitted so far to
  /// finish (for tests and for a clean shut-down); whether they did. Their results are applied
  /// by the next ``processUpdates()``.
  public func waitForBackgroundWork(timeout: Double) -> Bool {
    reader.waitUntilIdle(timeout: timeout) && writer.waitUntilIdle(timeout: timeout)
  }
}

extension SQLiteTableDataSource {
  /// Whether another connection committed since the last poll (``DataVersionMonitor``).
  func pollMonitor() throws(PostStoreError) -> Bool {
    do {
      return try monitor.poll()
    } catch {
      throw PostStoreError.from(error, path: monitor.path, action: "polling for changes")
    }
  }
}
