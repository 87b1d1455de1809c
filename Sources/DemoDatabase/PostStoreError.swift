import Foundation
import GRDB

/// A failure of a ``PostStore``: what went wrong, the database file, and SQLite's own words.
///
///     do { let store = try PostStore(path: path) } catch let error as PostStoreError {
///       print(error)  // "/tmp/feed.sqlite: not a database (corrupt or another kind of file): …"
///     }
public struct PostStoreError: Error, CustomStringConvertible, Sendable, Equatable {
  /// What kind of failure.
  public enum Kind: Sendable, Equatable {
    /// The file is not an SQLite database, or its contents are damaged.
    case corrupt
    /// The file (or its folder) cannot be written: permissions or a read-only file system.
    case readOnly
    /// Another connection (maybe another process) held the database locked past the busy timeout.
    case locked
    /// The file cannot be opened or created (a missing folder, no permission).
    case cannotOpen
    /// The database was written by a newer version of this module (a migration it does not know).
    case schemaTooNew
    /// Another program deleted or replaced the open file, or deleted its write-ahead log: the store
    /// writes no more (what it wrote would be lost, or damage the file now at the path).
    case fileDeletedOrReplaced
    /// The database lacks a table or column this module needs: another program changed its schema
    /// (a column renamed or dropped), or it is another application's database.
    case schemaMismatch
    /// Anything else SQLite reported.
    case other
  }

  /// What kind of failure.
  public let kind: Kind
  /// The database file.
  public let path: String
  /// A sentence naming the cause.
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { "\(path): \(message)" }

  /// Whether SQLite's message says a table or column is missing ("no such column: body", "table post has no
  /// column named body").
  static func isSchemaMismatch(_ detail: String) -> Bool {
    detail.hasPrefix("no such column") || detail.hasPrefix("no such table") || detail.contains(" has no column named ")
  }

  /// Classifies an error thrown by GRDB (or anything else) while working on `path`, doing `action`.
  public static func from(_ error: any Error, path: String, action: String) -> PostStoreError {
    if let error = error as? PostStoreError { return error }
    guard let error = error as? DatabaseError else {
      return PostStoreError(.other, path: path, message: "\(action) failed: \(error)")
    }
    let detail = error.message ?? "\(error.resultCode)"
    switch error.resultCode.primaryResultCode {
    case .SQLITE_NOTADB, .SQLITE_CORRUPT:
      return PostStoreError(
        .corrupt, path: path, message: "\(action) failed: not a database, or a damaged one (SQLite: \(detail))")
    case .SQLITE_READONLY:
      return PostStoreError(
        .readOnly, path: path, message: "\(action) failed: the file is read-only (SQLite: \(detail))")
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return PostStoreError(
        .locked, path: path,
        message:
          "\(action) failed: the database stayed locked by another connection past the busy timeout (SQLite: \(detail))"
      )
    case .SQLITE_CANTOPEN:
      return PostStoreError(
        .cannotOpen, path: path, message: "\(action) failed: cannot open the file (SQLite: \(detail))")
    case .SQLITE_ERROR where isSchemaMismatch(detail):
      return PostStoreError(
        .schemaMismatch, path: path,
        message: "\(action) failed: the database's schema was changed by another program (SQLite: \(detail))")
    default:
      return PostStoreError(.other, path: path, message: "\(action) failed (SQLite: \(detail))")
    }
  }
}
