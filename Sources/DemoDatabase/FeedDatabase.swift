import DemoData
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The demos' feed as a database file: where it lives (the user's cache directory), and opening
/// it — building it first, with progress, when it is not there yet. Every backend's demo uses
/// these, so they share one file.
///
///     let path = try FeedDatabase.defaultPath(posts: 1_000_000)   // ~/.cache/swifttableview/feed-1000000.sqlite
///     let (store, created) = try FeedDatabase.openOrCreate(
///       path: path, posts: 1_000_000, createsFolder: true) { progress in bar.show(progress.fraction) }
///
/// A file is built under a temporary name next to its final one and renamed when it is complete,
/// so a build that is killed never leaves a half-filled file under the final name (the next run
/// builds again, and removes what a dead build left).
public enum FeedDatabase {
  /// The folder of the demos' files under the cache directory.
  static let folderName = "swifttableview"

  /// The cache folder of the demos' files: `$XDG_CACHE_HOME/swifttableview` when `XDG_CACHE_HOME`
  /// is an absolute path (the XDG rule: a relative one is ignored), else
  /// `$HOME/.cache/swifttableview`; `nil` when neither is known.
  public static func cacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return (cache as NSString).appendingPathComponent(folderName)
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return ((home as NSString).appendingPathComponent(".cache") as NSString).appendingPathComponent(folderName)
    }
    return nil
  }

  /// The file of a feed of `posts` posts in the cache folder: `…/swifttableview/feed-1000000.sqlite`.
  /// - Throws: ``PostStoreError`` (`.cannotOpen`) when neither `XDG_CACHE_HOME` nor `HOME` is set.
  public static func defaultPath(
    posts: Int, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(PostStoreError) -> String {
    guard let folder = cacheFolder(environment: environment) else {
      throw PostStoreError(
        .cannotOpen, path: "feed-\(posts).sqlite",
        message: "no cache directory: neither XDG_CACHE_HOME nor HOME is set (give a file with --db)")
    }
    return (folder as NSString).appendingPathComponent("feed-\(posts).sqlite")
  }

  /// The number of sections of a feed of `posts` posts: a thousand posts each (at least one section).
  public static func sections(forPosts posts: Int) -> Int {
    max(1, FeedDataSet.numberOfSections(rowCount: posts))
  }

  /// How far a build has come.
  public struct Progress: Sendable, Equatable {
    /// Posts inserted so far.
    public var postsInserted: Int
    /// Posts to insert.
    public var totalPosts: Int
    /// Whether the posts are in and being counted and indexed for search (the last step).
    public var isIndexing: Bool
    /// Whether the file is complete.
    public var isFinished: Bool
    /// Whether an existing file written by an older version is being brought up to the current
    /// schema (once; a rebuild of the posts table takes seconds for a million posts).
    public var isUpgrading: Bool

    /// Creates a progress report.
    public init(
      postsInserted: Int, totalPosts: Int, isIndexing: Bool = false, isFinished: Bool = false,
      isUpgrading: Bool = false
    ) {
      self.postsInserted = postsInserted
      self.totalPosts = totalPosts
      self.isIndexing = isIndexing
      self.isFinished = isFinished
      self.isUpgrading = isUpgrading
    }

    /// What is being done, for a progress line: "12,000 posts" (`unit` names what is inserted),
    /// "indexing for search", "upgrading the file to this version (once)".
    public func step(unit: String = "posts") -> String {
      if isUpgrading { return "upgrading the file to this version (once)" }
      if isIndexing { return "indexing for search" }
      return "\(postsInserted.grouped) \(unit)"
    }

    /// The share done, from 0 to 1: inserting is the first 60 %, indexing the rest (it takes about as long).
    public var fraction: Double {
      if isFinished { return 1 }
      if isIndexing { return 0.6 }
      return totalPosts > 0 ? 0.6 * Double(postsInserted) / Double(totalPosts) : 0
    }
  }

  /// Opens the feed at `path`, building it first (``build(path:posts:sections:progress:)``) when
  /// no file is there. Returns the store and whether it was built now.
  ///
  /// - Parameters:
  ///   - path: the database file.
  ///   - posts: the posts a new file gets.
  ///   - sections: the sections a new file gets (default: a thousand posts each, ``sections(forPosts:)``).
  ///   - createsFolder: whether a missing folder is created (the cache folder); otherwise it is an
  ///     error (a `--db` path in a folder that does not exist).
  ///   - progress: called during a build, and once before an older file is upgraded (on the
  ///     caller's thread).
  /// - Throws: ``PostStoreError``: the file cannot be opened (missing folder, permissions), is not a
  ///   database, is read-only or locked. An existing file is never changed or removed on error.
  /// - Complexity: O(sections) for an existing file; a build is O(posts · log posts).
  public static func openOrCreate(
    path: String, posts: Int, sections: Int? = nil, createsFolder: Bool,
    progress: (Progress) -> Void = { _ in }
  ) throws(PostStoreError) -> (store: PostStore, created: Bool) {
    try openBuilding(path: path, createsFolder: createsFolder, progress: progress) { () throws(PostStoreError) in
      try build(path: path, posts: posts, sections: sections ?? Self.sections(forPosts: posts), progress: progress)
    }
  }

  /// Opens the file at `path`, calling `build` first when no file is there (the folder checked, or
  /// created when `createsFolder`), and telling `progress` before an older file is upgraded.
  /// Returns the store and whether it was built now.
  static func openBuilding(
    path: String, createsFolder: Bool, progress: (Progress) -> Void,
    build: () throws(PostStoreError) -> Void
  ) throws(PostStoreError) -> (store: PostStore, created: Bool) {
    let folder = (path as NSString).deletingLastPathComponent
    var isFolder: ObjCBool = false
    let folderExists = FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder)
    if !folderExists {
      guard createsFolder else {
        throw PostStoreError(.cannotOpen, path: path, message: "the folder \(folder) does not exist")
      }
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw PostStoreError(.cannotOpen, path: path, message: "cannot create the folder \(folder): \(error)")
      }
    } else if !isFolder.boolValue {
      throw PostStoreError(.cannotOpen, path: path, message: "\(folder) is not a folder")
    }
    var created = false
    if !FileManager.default.fileExists(atPath: path) {
      try build()
      created = true
    }
    let store = try PostStore(path: path) {
      progress(Progress(postsInserted: 0, totalPosts: 0, isUpgrading: true))
    }
    return (store, created)
  }

  /// Builds a feed file at `path` (which must not exist): `posts` generated posts
  /// (``PostGenerator``) in `sections` sections, with the current schema, in WAL mode.
  ///
  /// The file is written as `path.partial-PID` with no rollback journal (nothing to protect: it is
  /// thrown away on failure) and renamed to `path` once complete. Partial files left by builds
  /// that died are removed first. If another process finished the same file meanwhile, its file
  /// is kept and this one thrown away.
  /// - Throws: ``PostStoreError``; on failure nothing is left at `path`.
  /// - Complexity: O(posts · log posts).
  public static func build(
    path: String, posts: Int, sections: Int, progress: (Progress) -> Void = { _ in }
  ) throws(PostStoreError) {
    guard posts >= 0, sections > 0, posts <= FeedDataSet.maximumRowCount else {
      throw PostStoreError(
        .other, path: path, message: "cannot build \(posts) posts in \(sections) sections (posts 0…1e9, sections ≥ 1)")
    }
    try build(path: path, posts: posts, action: "building the feed", progress: progress) { db, interval, step in
      try PostGenerator.fill(db, posts: posts, sections: sections, progressInterval: interval, progress: step)
    }
  }

  /// Builds a file at `path` (which must not exist) with `fill`, which inserts `posts` posts in the
  /// caller's transaction, telling its progress every `interval` posts: under a temporary name,
  /// renamed when complete (see ``build(path:posts:sections:progress:)``). The chat's file is
  /// built this way too (``ChatDatabase``).
  static func build(
    path: String, posts: Int, action: String, progress: (Progress) -> Void,
    fill: (_ db: Database, _ interval: Int, _ step: (PostGenerator.Step) -> Void) throws -> Void
  ) throws(PostStoreError) {
    removeDeadPartials(of: path)
    let partial = partialPath(of: path)
    removeFiles(of: partial)
    do {
      var configuration = Configuration()
      configuration.label = "TableViewSQLite.build"
      configuration.prepareDatabase { db in
        // A new file nobody else sees: no journal, no syncing until the end.
        try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
      }
      let queue = try DatabaseQueue(path: partial, configuration: configuration)
      try PostSchema.migrator().migrate(queue)
      // Often enough for a progress line redrawn every 100 ms from the first row (a bar redrawn per 0.5 % showed
      // nothing for the first 5,000,000 of 10⁹ posts); the caller paces its drawing by time.
      let interval = max(1, min(posts / 200, 1_000))
      try withoutActuallyEscaping(progress) { progress in
        progress(Progress(postsInserted: 0, totalPosts: posts))
        try queue.write { db in
          try fill(db, interval) { step in
            switch step {
            case .inserted(let done): progress(Progress(postsInserted: done, totalPosts: posts))
            case .indexing, .finished: progress(Progress(postsInserted: posts, totalPosts: posts, isIndexing: true))
            }
          }
        }
      }
      try queue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA journal_mode = WAL")
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
      }
      try queue.close()
      // The data reach the disk before the name does.
      let descriptor = open(partial, O_RDONLY)
      if descriptor >= 0 {
        fsync(descriptor)
        close(descriptor)
      }
    } catch {
      removeFiles(of: partial)
      throw PostStoreError.from(error, path: path, action: action)
    }
    if link(partial, path) != 0 {
      let code = errno
      removeFiles(of: partial)
      if code == EEXIST { return }  // another process built it first: keep theirs
      throw PostStoreError(
        .cannotOpen, path: path, message: "cannot put the built file in place: \(String(cString: strerror(code)))")
    }
    removeFiles(of: partial)
    progress(Progress(postsInserted: posts, totalPosts: posts, isIndexing: false, isFinished: true))
  }

  /// The name a build of `path` by this process writes under until it is complete:
  /// `path.partial-PID` (with SQLite's `-journal`, `-wal` and `-shm` beside it while it is open).
  public static func partialPath(of path: String) -> String { "\(path).partial-\(getpid())" }

  /// Removes `path` and its SQLite companions (`-wal`, `-shm`, `-journal`).
  static func removeFiles(of path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
  }

  /// Removes the partial files of `path` whose builder process is gone.
  static func removeDeadPartials(of path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let prefix = (path as NSString).lastPathComponent + ".partial-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else {
      return
    }
    for name in names where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let pid = Int32(rest.prefix(while: \.isNumber)), pid > 0 else { continue }
      if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
        unlink((folder as NSString).appendingPathComponent(name))
      }
    }
  }
}
