import GRDB
import TableViewSQLite

/// The SQLite file a browser (`tableview-demo --open` or `tableview-gtk-demo --open`) browses: opened read-only,
/// its tables and views described. Both browsers open it this way, so a missing file, one that is not a database
/// or an unknown table reads the same in either.
public final class BrowserFile {
  /// The file's path, as given.
  public let path: String
  /// The file, read-only.
  public let database: DatabaseQueue
  /// The file's tables and views.
  public let tables: [SQLiteTableDescription]

  /// Opens `path` read-only and describes its tables.
  /// - Throws: a sentence for a missing or unreadable file, or one that is not a database.
  public init(path: String) throws(BrowserFileError) {
    self.path = path
    var configuration = Configuration()
    configuration.readonly = true
    do {
      database = try DatabaseQueue(path: path, configuration: configuration)
      tables = try database.read { db in try SQLiteTableDescription.all(in: db) }
    } catch let error as SQLiteRecordError {
      throw BrowserFileError("\(path): \(error)")
    } catch {
      throw BrowserFileError("\(path): cannot be opened as a SQLite database: \(error)")
    }
  }

  /// The file's name, without its folder (the window's title).
  public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

  /// The table or view called `name`.
  /// - Throws: a sentence naming the file's tables when it has none of that name.
  public func table(named name: String) throws(BrowserFileError) -> SQLiteTableDescription {
    guard let found = tables.first(where: { $0.name == name }) else {
      throw BrowserFileError(
        "\(path) has no table or view named \"\(name)\" (it has: \(tables.map(\.name).joined(separator: ", ")))")
    }
    return found
  }

  /// The first and the last rows of `table` by key (30 of each: two short reads from the key's ends), which size
  /// the browser's columns; none when they cannot be read.
  public func sample(of table: SQLiteTableDescription) -> [[DatabaseValue]] {
    let key: String =
      switch table.key {
      case .column(let name)?: name.quotedDatabaseIdentifier
      default: "rowid"
      }
    let name = table.name.quotedDatabaseIdentifier
    return
      (try? database.read { db in
        let ends =
          try Row.fetchAll(db, sql: "SELECT * FROM \(name) ORDER BY \(key) LIMIT 30")
          + Row.fetchAll(db, sql: "SELECT * FROM \(name) ORDER BY \(key) DESC LIMIT 30")
        return ends.map { row in Array(row.databaseValues) }
      }) ?? []
  }
}

/// Why `--open FILE` cannot browse the file (printed on standard error).
public struct BrowserFileError: Error, CustomStringConvertible {
  /// The sentence for the user.
  public let description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}

/// The rows a browser shows: the request for a table, its sort and its filter, by one rule for both browsers.
public enum BrowserQuery {
  /// The columns a filter looks in: those declared as text (a type containing CHAR, CLOB or TEXT) or without a
  /// type; all of them when none is.
  public static func textColumns(of table: SQLiteTableDescription) -> [String] {
    let text = table.columns.filter {
      let type = $0.declaredType.uppercased()
      return type.isEmpty || type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT")
    }.map(\.name)
    return text.isEmpty ? table.columns.map(\.name) : text
  }

  /// The order of a sort by column `sort.column` (`nil`: by the table's key).
  public static func ordering(
    of table: SQLiteTableDescription, sort: (column: Int, ascending: Bool)?
  ) -> SQLiteRecordRequest.Ordering? {
    sort.map { sort in
      let name = table.columns[sort.column].name
      return sort.ascending ? .ascending(name) : .descending(name)
    }
  }

  /// The request for `table`'s rows in `ordering`, only those whose text columns contain `filter` when it is not
  /// empty; `nil` when the table has no key (a view). A column that may hold NULL sorts as SQLite sorts it (NULL
  /// first going up): the source's keyset says so.
  public static func request(
    for table: SQLiteTableDescription, ordering: SQLiteRecordRequest.Ordering?, filter: String
  ) -> SQLiteRecordRequest? {
    guard var request = table.request(sortedBy: ordering) else { return nil }
    if !filter.isEmpty {
      request = request.filtered(.contains(filter, in: textColumns(of: table)))
    }
    return request
  }

  /// The side index to build for rows read by a scan for each page (`warnings`: the source's): when they are a
  /// table's, sorted (`ordering`), unfiltered, and no index of the file serves the order; else `nil`. Its first
  /// screen is the scan's (a top-N sort); the whole order is built meanwhile in a side file.
  public static func sortIndex(
    for table: SQLiteTableDescription, in file: BrowserFile, ordering: SQLiteRecordRequest.Ordering?,
    filter: String, warnings: [SQLiteRecordError]
  ) -> SQLiteSortIndex? {
    guard let ordering, filter.isEmpty, table.kind == .table, let key = table.key,
      let warning = warnings.first, case .orderNotIndexed = warning
    else { return nil }
    return SQLiteSortIndex(databasePath: file.path, table: table.name, key: key, ordering: ordering)
  }
}

/// A browser's side index (``BrowserQuery/sortIndex(for:in:ordering:filter:warnings:)``) as its rows follow it:
/// started once the scan's first screen is counted (the two would share the cores), read through once built, built
/// again once the file changes under it, given up when it cannot be built.
public struct BrowserSortIndex {
  /// The index being built or read through (`nil`: none).
  public private(set) var index: SQLiteSortIndex?
  /// Whether the rows shown are read through the index (else by a scan for each page, until it is built).
  public private(set) var readsThroughIndex = false
  private var started = false

  /// No index.
  public init() {}

  /// Follows `index` from now on (the last one dropped).
  public mutating func follow(_ index: SQLiteSortIndex?) {
    drop()
    self.index = index
  }

  /// Cancels the index, if any (its side file removed): the rows are read by the scan again.
  public mutating func drop() {
    index?.cancel()
    index = nil
    readsThroughIndex = false
    started = false
  }

  /// A record's row key: the last value of every record (the plan's key column); through the side index the
  /// record ends with the row's key, its position, and the position again.
  public func key(of record: [DatabaseValue]) -> DatabaseValue {
    readsThroughIndex ? record[record.count - 3] : record.last ?? .null
  }

  /// What the browser does next (see ``step(sourceIsOpening:)``).
  public enum Step {
    /// Nothing yet.
    case none
    /// The index was built from rows the file no longer has (another program committed): never shown; the browser
    /// reads the rows again (and so builds a new index).
    case sortAgain
    /// The index is built: the rows are read through `request` from `reader` (the scan's row `r` is the index's
    /// position `r + 1`: the same order).
    case readThrough(request: SQLiteRecordRequest, reader: DatabaseQueue)
    /// The index cannot be built or read: the scan's order stays, with this message.
    case failed(String)
  }

  /// Starts the index once the rows are counted (`sourceIsOpening` false) and says what its state asks for.
  public mutating func step(sourceIsOpening: Bool) -> Step {
    guard let index else { return .none }
    if !started, !sourceIsOpening {
      started = true
      index.start()
    }
    switch index.state {
    case .ready where !index.isCurrent:
      return .sortAgain
    case .ready where !readsThroughIndex && !sourceIsOpening:
      // (While the scan's rows are counted, the rows on screen are not yet at their places.)
      do {
        let reader = try index.makeReader()
        readsThroughIndex = true
        return .readThrough(request: index.request, reader: reader)
      } catch {
        self.index = nil
        return .failed("\(error): each page is sorted by a scan of the table")
      }
    case .failed(let error):
      self.index = nil
      return .failed("\(error): each page is sorted by a scan of the table")
    default:
      return .none
    }
  }
}
