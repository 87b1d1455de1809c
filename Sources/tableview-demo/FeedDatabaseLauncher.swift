import DemoData
import DemoDatabase
import Foundation
import TableViewSQLite
import TableViewTerminal
import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens the feed's database before the terminal is taken (`--db PATH`, else the file in the user's cache
/// directory), building it first with a progress bar on standard error when it is missing; the chat's likewise
/// (`--chat-db PATH`). A failure is a sentence on standard error and exit status 1; a user's file is never
/// changed or removed. A build that would not fit on its disk is refused before it starts (``DiskSpace``), and
/// one ended by Ctrl-C or `SIGTERM` leaves no partial file (``BuildInterruption``).
enum FeedDatabaseLauncher {
  /// The exit status when the database cannot be used.
  static let failureExitCode: Int32 = 1

  /// The store for `options`, or the process exits with a message.
  static func open(_ options: DemoOptions) -> PostStore {
    let posts = options.rows ?? FeedDataSet.defaultRowCount
    do {
      let path = try options.database ?? FeedDatabase.defaultPath(posts: posts)
      if let store = try openReadOnly(path: path, options) { return store }
      if !FileManager.default.fileExists(atPath: path) {
        try DiskSpace.check(
          path: path, rows: posts, bytesPerRow: DiskSpace.feedBytesPerRow, what: "the feed", unit: "posts")
      }
      let bar = ProgressLine(title: "Building the feed (\(posts.grouped) posts)", path: path)
      let (store, created) = try BuildInterruption.during(partial: FeedDatabase.partialPath(of: path)) {
        () throws(PostStoreError) in
        try FeedDatabase.openOrCreate(path: path, posts: posts, createsFolder: options.database == nil) { progress in
          bar.show(progress)
        }
      }
      if created { bar.finish() }
      return store
    } catch {
      StandardError.write("tableview-demo: \(error)\n")
      exit(failureExitCode)
    }
  }

  /// The chat's store for `options` (`--rows` messages of history, a million by default), or the process exits
  /// with a message.
  static func openChat(_ options: DemoOptions) -> PostStore {
    let messages = options.rows ?? ChatConversation.defaultHistoryCount
    do {
      let path = try options.chatDatabase ?? ChatDatabase.defaultPath(messages: messages)
      if let store = try openReadOnly(path: path, options) { return store }
      if !FileManager.default.fileExists(atPath: path) {
        try DiskSpace.check(
          path: path, rows: messages, bytesPerRow: DiskSpace.chatBytesPerRow, what: "the chat", unit: "messages")
      }
      let bar = ProgressLine(title: "Building the chat (\(messages.grouped) messages)", path: path, unit: "messages")
      let (store, created) = try BuildInterruption.during(partial: FeedDatabase.partialPath(of: path)) {
        () throws(PostStoreError) in
        try ChatDatabase.openOrCreate(path: path, messages: messages, createsFolder: options.chatDatabase == nil) {
          progress in bar.show(progress)
        }
      }
      if created { bar.finish() }
      return store
    } catch {
      StandardError.write("tableview-demo: \(error)\n")
      exit(failureExitCode)
    }
  }
}

extension FeedDatabaseLauncher {
  /// The store at `path` opened without writing, when `--read-only` asks for it or when this user cannot write
  /// the file (not for `--writer`: the writer writes); `nil` when the file is to be opened for writing. The
  /// screens say that the store is read-only (`PostStore.isReadOnly`), and every write is refused with a message.
  static func openReadOnly(path: String, _ options: DemoOptions) throws(PostStoreError) -> PostStore? {
    if options.readOnly { return try PostStore(path: path, readOnly: true) }
    guard !options.writer, FileManager.default.fileExists(atPath: path),
      !FileManager.default.isWritableFile(atPath: path)
    else { return nil }
    return try PostStore(path: path, readOnly: true)
  }
}

/// A progress bar redrawn in place on standard error when it is a terminal; otherwise a line at the start and
/// one at the end.
final class ProgressLine {
  private let title: String
  private let path: String
  private let unit: String
  private let isTerminal = isatty(STDERR_FILENO) == 1
  private var started = false
  private let clock = MonotonicClock()
  /// When the line was last drawn, and the step it showed.
  private var lastDraw = -Double.infinity
  private var lastStep = ""
  /// How often the line is redrawn while rows go in (seconds).
  static let redrawInterval = 0.1

  init(title: String, path: String, unit: String = "posts") {
    self.title = title
    self.path = path
    self.unit = unit
  }

  func show(_ progress: FeedDatabase.Progress) {
    if progress.isUpgrading {
      StandardError.write("Upgrading \(path) to this version (once, seconds for a million \(unit))…\n")
      return
    }
    if !started && !isTerminal { StandardError.write("\(title) in \(path)…\n") }
    started = true
    guard isTerminal else { return }
    // From the first row, every 100 ms (and at each new step: indexing), whatever the number of rows.
    let now = clock.now
    let step = progress.isIndexing ? "indexing" : "inserting"
    guard now - lastDraw >= Self.redrawInterval || step != lastStep else { return }
    lastDraw = now
    lastStep = step
    let percent = Int(progress.fraction * 100)
    StandardError.write(
      "\r\(title) \(ProgressBar.text(progress.fraction, width: 24)) \(percent)% \(progress.step(unit: unit))\u{1B}[K")
  }

  func finish() {
    let seconds = clock.now
    let figure = "\(Int(seconds)).\(Int(seconds * 10) % 10)"
    let line = "\(title): done in \(figure) s, \(path)"
    StandardError.write(isTerminal ? "\r\(line)\u{1B}[K\n" : "\(line)\n")
  }
}
