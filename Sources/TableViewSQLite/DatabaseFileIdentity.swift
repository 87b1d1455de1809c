import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The identity (device and inode) of an open database file and of its write-ahead log, taken when
/// the store opened them, to notice another program deleting or replacing either while they are
/// open.
///
/// SQLite keeps writing through its open descriptors whatever happens to the names: into a file
/// that was deleted (everything is lost when it closes), into a file that a `mv` put another one in
/// place of (its `-wal` and `-shm` names are the new file's too: the new file is damaged), and into
/// a write-ahead log that was deleted (its commits never reach the database). ``check(_:)`` compares
/// the path's file (`stat`) with the one opened before a write and on every change poll.
package struct DatabaseFileIdentity: Sendable, Equatable {
  /// A file's device and inode.
  package struct FileID: Sendable, Equatable {
    package var device: UInt64
    package var inode: UInt64
  }

  /// What happened to the files.
  package enum Change: Sendable, Equatable {
    /// No file at the path any more.
    case deleted
    /// Another file at the path.
    case replaced
    /// The write-ahead log is gone, or another one is at its path.
    case logLost
  }

  /// The database file.
  package let path: String
  /// The file opened.
  package let file: FileID
  /// The write-ahead log opened, if it existed when the identity was taken.
  package let log: FileID?

  /// The identity of the files now at `path` and `path-wal`; `nil` when there is no file at `path`.
  package init?(path: String) {
    guard let file = Self.fileID(path) else { return nil }
    self.path = path
    self.file = file
    self.log = Self.fileID(path + "-wal")
  }

  /// The device and inode of the file at `path`, `nil` when there is none (or it cannot be seen).
  package static func fileID(_ path: String) -> FileID? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// What happened to the files since the identity was taken, `nil` when they are the ones opened.
  /// - Complexity: two `stat` calls.
  package func change() -> Change? {
    guard let now = Self.fileID(path) else { return .deleted }
    guard now == file else { return .replaced }
    if let log, Self.fileID(path + "-wal") != log { return .logLost }
    return nil
  }

  /// A plain sentence for `change`, saying what was not saved: "feed.sqlite was deleted by another
  /// program; your last change was not saved".
  package func message(_ change: Change, whileWriting: Bool) -> String {
    let name = (path as NSString).lastPathComponent
    let what: String
    switch change {
    case .deleted: what = "\(name) was deleted by another program"
    case .replaced: what = "\(name) was replaced by another program"
    case .logLost: what = "\(name)-wal (its write-ahead log) was deleted by another program"
    }
    return what
      + (whileWriting
        ? "; your last change was not saved" : "; no more changes are saved")
  }
}
