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

  /// The FTS5 table of the file that indexes `table`'s rows under their rowid (an external-content table:
  /// `fts5(…, content='table')`, its `content_rowid` the rowid or the INTEGER PRIMARY KEY that aliases it), if there is
  /// one: a filter searches it instead of reading every row's text. `nil` for a view, a table without a rowid, or
  /// when no such FTS5 table is found.
  public func fullTextTable(of table: SQLiteTableDescription) -> String? {
    guard table.kind == .table, table.key == .rowID else { return nil }
    let aliases: Set<String> = Set(
      ["rowid"]
        + table.columns.filter { $0.primaryKeyIndex == 1 && $0.declaredType.uppercased() == "INTEGER" }.map {
          $0.name.lowercased()
        })
    let virtualTables =
      (try? database.read { db in
        try Row.fetchAll(
          db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
      }) ?? []
    for row in virtualTables {
      guard let name = row["name"] as String?, let sql = row["sql"] as String?,
        sql.lowercased().contains("using fts5"),
        let content = Self.option("content", in: sql), content.lowercased() == table.name.lowercased(),
        aliases.contains((Self.option("content_rowid", in: sql) ?? "rowid").lowercased())
      else { continue }
      return name
    }
    return nil
  }

  /// The value of FTS5 option `name` in a `CREATE VIRTUAL TABLE … USING fts5(…)` statement (quotes removed).
  static func option(_ name: String, in sql: String) -> String? {
    guard let open = sql.firstIndex(of: "("), let close = sql.lastIndex(of: ")"), open < close else { return nil }
    let unquoted: (Substring) -> String = { text in
      String(text.drop { " '\"`[".contains($0) }.reversed().drop { " '\"`]".contains($0) }.reversed())
    }
    for part in sql[sql.index(after: open)..<close].split(separator: ",") {
      let pieces = part.split(separator: "=", maxSplits: 1)
      guard pieces.count == 2, unquoted(pieces[0]).lowercased() == name else { continue }
      return unquoted(pieces[1])
    }
    return nil
  }
}
