import Foundation
import GRDB

/// What went wrong showing an app's database: each case says what to fix. A
/// ``SQLiteRecordDataSource`` that throws one at open leaves the table as it was; one reported
/// later (``SQLiteRecordDataSource/onError``) leaves the rows shown as they were.
public enum SQLiteRecordError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
  /// The database file could not be opened or read (its path and SQLite's message).
  case cannotOpen(path: String, message: String)
  /// No table or view of this name.
  case noSuchTable(String)
  /// The rows' source (`table "track"`, `the query`) has no column of this name.
  case noSuchColumn(String, source: String)
  /// The key column is not declared unique (no primary key or unique index on it alone), or two
  /// rows were read with the same key.
  case keyNotUnique(String, source: String)
  /// No index serves the order: every page is sorted by SQLite (correct, but each page reads the
  /// whole section). A warning, not a failure; `index` is the statement that would serve it.
  case orderNotIndexed(source: String, index: String)
  /// A query failed when it ran (its SQL and SQLite's message): a schema changed under the
  /// source, a locked or corrupt file, a failing function in the app's query.
  case queryFailed(String, message: String)
  /// A change the user made (a row deleted, moved or edited: what) that the database refused or
  /// that could not be written (SQLite's message); the table shows the rows as the database has
  /// them again.
  case writeFailed(String, message: String)
  /// The database file (or its write-ahead log) was deleted or replaced by another program while
  /// the source had it open: what the table shows stays, no more changes are noticed, and no
  /// change is written (it would go to the old file and be lost).
  case fileLost(path: String, message: String)

  /// The error of a GRDB call, named by what it says: a missing table or column, else a failed query.
  init(_ error: any Error, source: String) {
    guard let error = error as? DatabaseError else {
      self = .queryFailed("", message: "\(error)")
      return
    }
    let message = error.message ?? "\(error)"
    if message.hasPrefix("no such table: ") {
      self = .noSuchTable(String(message.dropFirst("no such table: ".count)))
    } else if message.hasPrefix("no such column: ") {
      self = .noSuchColumn(String(message.dropFirst("no such column: ".count)), source: source)
    } else {
      self = .queryFailed(error.sql ?? "", message: message)
    }
  }

  /// A sentence saying what is wrong and what to do.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let message):
      "cannot open the database \(path): \(message)"
    case .noSuchTable(let name):
      "the database has no table or view named \"\(name)\""
    case .noSuchColumn(let column, let source):
      "\(source) has no column \"\(column)\""
    case .keyNotUnique(let column, let source):
      "the key \"\(column)\" of \(source) is not unique: give a primary key, a column with a unique index, or the rowid"
    case .orderNotIndexed(let source, let index):
      "no index serves the order of \(source): every page is sorted by SQLite; create one: \(index)"
    case .queryFailed(let sql, let message):
      sql.isEmpty ? "a query failed: \(message)" : "a query failed: \(message) (\(sql))"
    case .writeFailed(let action, let message):
      "\(action) was not saved: \(message); the table shows the database's rows again"
    case .fileLost(_, let message):
      message
    }
  }

  /// ``description``.
  public var errorDescription: String? { description }
}
