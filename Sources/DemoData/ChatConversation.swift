/// The chat demo's conversation as a table shows it, in one section: older history above, loaded a page at a time
/// behind a loading row, then the loaded messages oldest first, newest at the bottom. Both demos drive it the same
/// way; each change returns the rows to delete and insert, for one batch update.
///
///     var chat = ChatConversation()          // the newest 60 of a million messages, and the loading row
///     if chat.beginLoadingOlder() {          // the user came near the top
///       // … a moment later:
///       let update = chat.finishLoadingOlder()   // the loading row becomes rows 0…50: a new one, then the page
///     }
///     let arrival = chat.receive()           // one new message at the bottom
public struct ChatConversation: Sendable {
  /// The number of messages in the history when the user does not choose one.
  public static let defaultHistoryCount = 1_000_000
  /// The largest history a conversation accepts (more is clamped to it).
  public static let maximumHistoryCount = 1 << 40
  /// How many older messages a page brings.
  public static let pageSize = 50
  /// How many of the newest messages are loaded when the conversation opens.
  public static let defaultInitialCount = 60
  /// The loading row's text.
  public static let loadingTitle = "Loading older messages…"

  /// The number of messages that existed when the conversation opened (numbers `0..<historyCount`).
  public let historyCount: Int
  /// The number of the oldest loaded message.
  public private(set) var firstLoaded: Int
  /// One past the number of the newest message.
  public private(set) var endNumber: Int
  /// Whether a page of older messages has been asked for and has not arrived.
  public private(set) var isLoadingOlder = false
  /// The messages the user sent, by number.
  private var sent: [Int: ChatMessage] = [:]

  /// Opens a conversation of `historyCount` messages (clamped to 0…``maximumHistoryCount``) with the newest
  /// `initialCount` loaded (clamped to 0…`historyCount`).
  public init(historyCount: Int = defaultHistoryCount, initialCount: Int = defaultInitialCount) {
    self.historyCount = min(max(historyCount, 0), Self.maximumHistoryCount)
    endNumber = self.historyCount
    firstLoaded = self.historyCount - min(max(initialCount, 0), self.historyCount)
  }

  /// Whether older messages remain to be loaded (the loading row shows while they do).
  public var hasOlder: Bool { firstLoaded > 0 }

  /// The number of rows: the loading row (while older messages remain) and the loaded messages.
  public var rowCount: Int { (hasOlder ? 1 : 0) + endNumber - firstLoaded }

  /// The number of loaded messages.
  public var loadedCount: Int { endNumber - firstLoaded }

  /// Whether `row` is the loading row.
  public func isLoadingRow(_ row: Int) -> Bool { hasOlder && row == 0 }

  /// The message at `row`, or nil for the loading row and rows out of range.
  public func message(atRow row: Int) -> ChatMessage? {
    let index = row - (hasOlder ? 1 : 0)
    guard index >= 0, index < loadedCount else { return nil }
    let number = firstLoaded + index
    // Messages after the history arrived from others (receive), but for the user's own (send).
    return sent[number] ?? ChatMessage(number: number, fromOthers: number >= historyCount)
  }

  /// The row that shows message `number`, or nil when it is not loaded.
  public func row(ofMessage number: Int) -> Int? {
    guard number >= firstLoaded, number < endNumber else { return nil }
    return number - firstLoaded + (hasOlder ? 1 : 0)
  }

  /// Starts loading a page of older messages: true when one was not already on its way and older messages remain.
  public mutating func beginLoadingOlder() -> Bool {
    guard hasOlder, !isLoadingOlder else { return false }
    isLoadingOlder = true
    return true
  }

  /// A page of older messages arrives: up to `count` (at least one) messages above the loaded ones. In the
  /// update the page takes the loading row's place and a new loading row goes above it (none once the history is
  /// all loaded): the loading row is often the first row wholly on screen, the one a table keeps in place through
  /// an update, and it must not stay put while the page pushes the messages under it down. Works whether or not
  /// a load was begun.
  ///
  /// - Complexity: O(`count`).
  public mutating func finishLoadingOlder(count: Int = pageSize) -> ChatUpdate {
    isLoadingOlder = false
    guard hasOlder else { return ChatUpdate() }
    let n = min(max(count, 1), firstLoaded)
    firstLoaded -= n
    return ChatUpdate(deletedRows: [0], insertedRows: Array(0..<(n + (hasOlder ? 1 : 0))))
  }

  /// A message from someone else arrives at the bottom.
  public mutating func receive() -> ChatUpdate {
    endNumber += 1
    return ChatUpdate(insertedRows: [rowCount - 1])
  }

  /// The user sends `text`: it arrives at the bottom as their own message.
  public mutating func send(_ text: String) -> ChatUpdate {
    sent[endNumber] = ChatMessage(number: endNumber, sentText: text)
    endNumber += 1
    return ChatUpdate(insertedRows: [rowCount - 1])
  }
}

/// The rows one change of a ``ChatConversation`` deletes (before it) and inserts (after it), in UIKit's batch
/// update terms.
public struct ChatUpdate: Sendable, Equatable {
  /// Rows deleted, as indices before the change.
  public var deletedRows: [Int] = []
  /// Rows inserted, as indices after the change.
  public var insertedRows: [Int] = []

  /// An update of the given rows.
  public init(deletedRows: [Int] = [], insertedRows: [Int] = []) {
    self.deletedRows = deletedRows
    self.insertedRows = insertedRows
  }
}
