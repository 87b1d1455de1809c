import GRDB
import TableViewSQLite

/// The SQLite file `--open` browses: opened read-only, its tables and views described (as the terminal browser
/// opens it). Opened before the window, so a missing file or one that is not a database is a message on standard
/// error and exit status 1, as `tableview-demo --open` does.
final class BrowserFile {
  let path: String
  let database: DatabaseQueue
  /// The file's tables and views.
  let tables: [SQLiteTableDescription]

  /// Opens `path` read-only and describes its tables.
  /// - Throws: a sentence for a missing or unreadable file, or one that is not a database.
  init(path: String) throws(BrowserFileError) {
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
  var name: String { path.split(separator: "/").last.map(String.init) ?? path }

  /// The table or view called `name`.
  /// - Throws: a sentence naming the file's tables when it has none of that name.
  func table(named name: String) throws(BrowserFileError) -> SQLiteTableDescription {
    guard let found = tables.first(where: { $0.name == name }) else {
      throw BrowserFileError(
        "\(path) has no table or view named \"\(name)\" (it has: \(tables.map(\.name).joined(separator: ", ")))")
    }
    return found
  }
}
