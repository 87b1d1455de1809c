import Foundation
import GRDB
import TableViewSQLite

/// An SQLite database of posts in sections (its schema is migrated on open), opened in WAL mode so that pages
/// are read while another connection — or another process — writes.
///
///     let store = try PostStore(path: "/tmp/feed.sqlite")   // created and migrated if needed
///     let post = try store.insert(section: 0, author: "ada", body: "Hello")
///
/// Every failure is a ``PostStoreError`` naming the file and the cause: a missing file is
/// created, a corrupt, read-only or locked one is refused with a clear message, never a crash.
/// A writer that dies in the middle of a transaction leaves nothing of it behind (WAL: the
/// transaction was never committed).
public final class PostStore: Sendable {
  /// The database file.
  public let path: String
  /// Whether this store only reads.
  public let isReadOnly: Bool
  /// How long a statement waits for another connection's lock before failing with `.locked`.
  public let busyTimeout: Double
  let pool: DatabasePool
  /// What the connections open: ``path``, or an immutable URI of it (see `init`); a change monitor opens the same.
  let connectionPath: String
  /// The files opened, to notice another program deleting or replacing them (`nil`: not seen on disk).
  let identity: DatabaseFileIdentity?
  /// What happened to the files, once noticed: from then on every write is refused.
  let fileChange = Locked<DatabaseFileIdentity.Change?>(nil)

  /// Opens (creating if missing) the database at `path` and migrates it to the current schema.
  ///
  /// - Parameters:
  ///   - path: the database file.
  ///   - readOnly: opens without writing: the file must exist and have the current schema.
  ///   - busyTimeout: seconds a statement waits for another connection's lock.
  ///   - willMigrate: called before an existing file's schema is migrated (a new file's is not
  ///     reported): a migration of a big file can take seconds.
  /// - Throws: ``PostStoreError``: `.corrupt` (not a database, an empty file too), `.readOnly` (cannot be written),
  ///   `.locked` (another connection held it past `busyTimeout`), `.cannotOpen`, `.schemaTooNew`, `.schemaMismatch`
  ///   (a table or column the store needs is missing: another program renamed or dropped it);
  ///   every write later throws `.fileDeletedOrReplaced` once another program deleted or replaced the
  ///   file or deleted its write-ahead log (`-wal`) (see ``checkFile()``).
  /// - Complexity: O(1) for a current file; a migration is O(posts).
  public init(
    path: String, readOnly: Bool = false, busyTimeout: Double = 5, willMigrate: () -> Void = {}
  ) throws(PostStoreError) {
    self.path = path
    self.isReadOnly = readOnly
    self.busyTimeout = busyTimeout
    if readOnly, !FileManager.default.fileExists(atPath: path) {
      throw PostStoreError(.cannotOpen, path: path, message: "cannot open read-only: the file does not exist")
    }
    // SQLite takes an empty file for a new database: a 0-byte file (a failed copy, `touch`, the wrong name) would
    // open as an empty feed and be written as one.
    if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? NSNumber)?.intValue == 0
    {
      throw PostStoreError(.corrupt, path: path, message: "not a SQLite database: the file is empty (0 bytes)")
    }
    // SQLite would open a file it cannot write read-only without a word, and fail at the first write.
    if !readOnly, FileManager.default.fileExists(atPath: path), !FileManager.default.isWritableFile(atPath: path) {
      throw PostStoreError(
        .readOnly, path: path, message: "the file is read-only (no permission to write it); open it read-only")
    }
    var configuration = Configuration()
    configuration.readonly = readOnly
    configuration.busyMode = .timeout(busyTimeout)
    configuration.label = "TableViewSQLite"
    let pool: DatabasePool
    do {
      pool = try DatabasePool(path: path, configuration: configuration)
      connectionPath = path
    } catch {
      // Read-only in a folder this user cannot write, from a file in WAL mode whose shared-memory file (`-shm`) is
      // gone (removed when its last writer closed it): SQLite cannot create it, so the file is opened as
      // immutable — read as it is, no changes from other programs seen (none can be made without that file).
      let folder = (path as NSString).deletingLastPathComponent
      guard readOnly, !FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder),
        case let uri = Self.immutableURI(path),
        let immutable = try? DatabasePool(path: uri, configuration: configuration)
      else { throw PostStoreError.from(error, path: path, action: "opening the database") }
      pool = immutable
      connectionPath = uri
    }
    self.pool = pool
    let migrator = PostSchema.migrator()
    do {
      if readOnly {
        let (applied, complete, known) = try pool.read { db in
          (try migrator.appliedIdentifiers(db), try migrator.hasCompletedMigrations(db), try db.tableExists("post"))
        }
        if !known || !complete {
          throw PostStoreError(
            .readOnly, path: path,
            message:
              "opened read-only, but its schema needs migrating (applied: \(applied.sorted())); open it writable once")
        }
      } else {
        // Checked by reading first: a current file is opened without taking the write lock.
        let (superseded, complete) = try pool.read { db in
          (try migrator.hasBeenSuperseded(db), try db.tableExists("post") && migrator.hasCompletedMigrations(db))
        }
        if superseded {
          throw PostStoreError(
            .schemaTooNew, path: path, message: "the database was written by a newer version (unknown migrations)")
        }
        if !complete {
          if try pool.read({ db in try db.tableExists("post") }) { willMigrate() }
          try migrator.migrate(pool)
        }
      }
      // The migrations say what was done, not what another program did since: a renamed or dropped column would
      // fail every read and write with SQLite's words. It is named once, here.
      let missing = try pool.read { db in try PostSchema.missingColumns(db) }
      if !missing.isEmpty {
        throw PostStoreError(
          .schemaMismatch, path: path,
          message:
            "the database lacks what the feed needs: \(missing.joined(separator: ", ")) (another program changed its schema, or it is another application's database)"
        )
      }
    } catch {
      throw PostStoreError.from(error, path: path, action: "migrating the schema")
    }
    // Taken once open and migrated: the log exists while a connection is open.
    identity = DatabaseFileIdentity(path: path)
  }

  /// A `file:` URI that opens `path` as immutable (every byte of the path but unreserved ASCII percent-encoded).
  static func immutableURI(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-~")
    return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: unreserved) ?? absolute) + "?immutable=1"
  }

  /// Checks that the file at ``path`` and its write-ahead log are still the ones this store opened
  /// (device and inode): not deleted, not replaced by another file (a `mv` over it), the log not
  /// deleted. Once they are not, every write is refused with the same error.
  /// - Throws: ``PostStoreError`` `.fileDeletedOrReplaced`, saying what happened in plain words.
  /// - Complexity: two `stat` calls.
  public func checkFile() throws(PostStoreError) {
    try checkFile(whileWriting: false)
  }

  /// ``checkFile()``; `whileWriting` says the change that failed was not saved.
  func checkFile(whileWriting: Bool) throws(PostStoreError) {
    guard let identity else { return }
    let change = fileChange.withLock { known in
      if known == nil { known = identity.change() }
      return known
    }
    if let change {
      throw PostStoreError(
        .fileDeletedOrReplaced, path: path, message: identity.message(change, whileWriting: whileWriting))
    }
  }

  /// Runs `work` in a read transaction, mapping failures to ``PostStoreError``.
  func read<T>(_ action: String, _ work: (Database) throws -> T) throws(PostStoreError) -> T {
    // Another file at the path: a new connection would read it as this one, rows under the wrong ids.
    if let identity, fileChange.withLock({ $0 }) == .replaced {
      throw PostStoreError(
        .fileDeletedOrReplaced, path: path, message: identity.message(.replaced, whileWriting: false))
    }
    do { return try pool.read(work) } catch { throw PostStoreError.from(error, path: path, action: action) }
  }

  /// Runs `work` in a write transaction (committed whole or not at all), mapping failures to
  /// ``PostStoreError``.
  func write<T>(_ action: String, _ work: (Database) throws -> T) throws(PostStoreError) -> T {
    if isReadOnly {
      throw PostStoreError(.readOnly, path: path, message: "\(action) failed: the store was opened read-only")
    }
    // Checked before and again inside the transaction, its lock held: never a write into a deleted
    // file (lost at close), into the file that replaced it or into a deleted log (that file damaged).
    try checkFile(whileWriting: true)
    do {
      return try pool.write { db in
        try checkFile(whileWriting: true)
        return try work(db)
      }
    } catch {
      throw PostStoreError.from(error, path: path, action: action)
    }
  }

  /// Checks the file's integrity (`PRAGMA integrity_check`): `["ok"]` for a sound file.
  /// - Complexity: O(file size).
  func integrityCheck() throws(PostStoreError) -> [String] {
    try read("checking integrity") { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
  }
}
