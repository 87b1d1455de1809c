import DemoData
import Foundation
import GRDB
import TableViewCore

/// The demos' chat as a database file, in ``PostStore``'s schema: a conversation of messages
/// (`ChatMessage`) as posts, a day per section (`ChatMessage.messagesPerDay` each, the last
/// day growing), in order of position; a post's author is the message's ("me",
/// `ChatMessage.myName`, for the user's own), its body the text, its id the message's number + 1.
/// Every backend's demo uses these, so they share one file.
///
///     let path = try ChatDatabase.defaultPath(messages: 1_000_000)  // …/swifttableview/chat-1000000.sqlite
///     let (store, created) = try ChatDatabase.openOrCreate(path: path, messages: 1_000_000, createsFolder: true)
///     try ChatDatabase.send("hello", to: store)              // at the bottom of the last day
///
/// Served by ``SQLiteTableDataSource`` like the feed, in a bottom-anchored table: the days are
/// small sections (a few thousand rows), so every live change is diffed by id in milliseconds.
public enum ChatDatabase {
  /// The creation time of message 0 (1 January 2025, 00:00 UTC); message n was sent 20 n seconds later.
  public static let startTime: Int64 = 1_735_689_600

  /// The file of a chat of `messages` messages in the cache folder (``FeedDatabase/cacheFolder(environment:)``):
  /// `…/swifttableview/chat-1000000.sqlite`.
  /// - Throws: ``PostStoreError`` (`.cannotOpen`) when neither `XDG_CACHE_HOME` nor `HOME` is set.
  public static func defaultPath(
    messages: Int, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(PostStoreError) -> String {
    guard let folder = FeedDatabase.cacheFolder(environment: environment) else {
      throw PostStoreError(
        .cannotOpen, path: "chat-\(messages).sqlite",
        message: "no cache directory: neither XDG_CACHE_HOME nor HOME is set (give a file with --chat-db)")
    }
    return (folder as NSString).appendingPathComponent("chat-\(messages).sqlite")
  }

  /// The number of messages in each day (section) of a history of `messages`: full days, the last
  /// one partial (one empty day for no messages).
  /// - Complexity: O(days).
  static func daySizes(messages: Int) -> [Int] {
    let n = max(0, messages)
    let perDay = ChatMessage.messagesPerDay
    let full = n / perDay
    let rest = n % perDay
    let sizes = Array(repeating: perDay, count: full) + (rest > 0 ? [rest] : [])
    return sizes.isEmpty ? [0] : sizes
  }

  /// Where message `number` of the history is shown: its day's section, its row in it.
  public static func indexPath(ofMessage number: Int) -> TableViewCore.IndexPath {
    let n = max(0, number)
    return IndexPath(row: n % ChatMessage.messagesPerDay, section: n / ChatMessage.messagesPerDay)
  }

  /// The message a post holds (its number is its id − 1).
  public static func message(_ post: Post) -> ChatMessage {
    ChatMessage(number: Int(max(0, post.id - 1)), author: post.author, text: post.body)
  }

  /// Opens the chat at `path`, building it first (``build(path:messages:progress:)``) when no file
  /// is there. Returns the store and whether it was built now.
  /// - Parameters:
  ///   - path: the database file.
  ///   - messages: the messages a new file gets.
  ///   - createsFolder: whether a missing folder is created (the cache folder); otherwise it is an error.
  ///   - progress: called during a build (on the caller's thread).
  /// - Throws: ``PostStoreError`` (see ``FeedDatabase/openOrCreate(path:posts:sections:createsFolder:progress:)``).
  /// - Complexity: O(days) for an existing file; a build is O(messages · log messages).
  public static func openOrCreate(
    path: String, messages: Int, createsFolder: Bool, progress: (FeedDatabase.Progress) -> Void = { _ in }
  ) throws(PostStoreError) -> (store: PostStore, created: Bool) {
    try FeedDatabase.openBuilding(path: path, createsFolder: createsFolder, progress: progress) {
      () throws(PostStoreError) in
      try build(path: path, messages: messages, progress: progress)
    }
  }

  /// Builds a chat file at `path` (which must not exist): messages `0..<messages`
  /// (`ChatMessage(number:)`: the same texts as the in-memory chat), a day per section, as the
  /// feed's file is built (a temporary name renamed when complete; FTS5-indexed, WAL).
  /// - Throws: ``PostStoreError``; on failure nothing is left at `path`.
  /// - Complexity: O(messages · log messages).
  public static func build(
    path: String, messages: Int, progress: (FeedDatabase.Progress) -> Void = { _ in }
  ) throws(PostStoreError) {
    guard messages >= 0, messages <= FeedDataSet.maximumRowCount else {
      throw PostStoreError(.other, path: path, message: "cannot build \(messages) messages (0…1e9)")
    }
    try FeedDatabase.build(path: path, posts: messages, action: "building the chat", progress: progress) {
      db, interval, step in
      try PostGenerator.fill(
        db, sizes: daySizes(messages: messages), title: ChatMessage.dayTitle(day:), progressInterval: interval,
        progress: step
      ) { number in
        let message = ChatMessage(number: number)
        return (message.author, message.text, startTime + Int64(number) * 20)
      }
    }
  }

  /// Writes a message at the bottom of the last day (one transaction) and returns its post: the
  /// user's own (`author` "me") unless another is given. A table served from the file shows it
  /// when its data source notices the commit.
  /// - Throws: ``PostStoreError``.
  /// - Complexity: O(log posts).
  @discardableResult
  public static func send(
    _ text: String, author: String = ChatMessage.myName, to store: PostStore
  ) throws(PostStoreError) -> Post {
    try store.write("sending a message") { db in
      let day = try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM section") ?? 0
      let next = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM post") ?? 0
      let created = startTime + next * 20
      let position = try PostStore.freePosition(db, section: day, at: .bottom)
      try db.execute(
        sql: "INSERT INTO post(section, position, author, body, created) VALUES (?, ?, ?, ?, ?)",
        arguments: [day, position, author, text, created])
      return Post(
        id: db.lastInsertedRowID, section: day, position: position, author: author, body: text, created: created)
    }
  }

  /// Writes the next message from someone else (`ChatMessage(number:fromOthers:)`, numbered after
  /// the last post) at the bottom of the last day, as ``send(_:author:to:)`` does; returns its post.
  /// - Throws: ``PostStoreError``.
  /// - Complexity: O(log posts).
  @discardableResult
  public static func receive(in store: PostStore) throws(PostStoreError) -> Post {
    let next = try store.read("numbering a message") { db in
      try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM post") ?? 0
    }
    let message = ChatMessage(number: next, fromOthers: true)
    return try send(message.text, author: message.author, to: store)
  }
}
