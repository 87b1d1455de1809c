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
