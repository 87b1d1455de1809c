import Foundation

/// The chat page's part of a state line (see `ChatPage.stateFields` in the demo), parsed from
/// `DemoState.raw`.
struct ChatState: CustomStringConvertible {
  let state: DemoState
  var chatRows = 0
  var firstLoaded = 0
  var endNumber = 0
  var loadingOlder = false
  var pagesLoaded = 0
  var received = 0
  var sent = 0
  var rowsBelow = 0
  /// The badge's text while it shows.
  var badge: String?
  var badgeRect: [Double]?
  var jumpRect: [Double]?
  var newestRect: [Double]?
  var entryRect: [Double]?
  var isAtBottom = false
  /// The table's largest offset (the end of the content).
  var maximumOffset: Double?
  var unreadNumber = 0
  var unreadRow: Int?
  var lastMessageText: String?
  var lastMessageMine = false
  var composerText = ""
  /// The visible rows in order: message number (−1: the loading row), top and height on the window's
  /// surface, and whether it is the user's own.
  var messages: [(number: Int, top: Double, height: Double, mine: Bool)] = []

  var description: String { state.raw }

  /// Parses the chat fields of `state`; `nil` when it is not the chat page's.
  init?(_ state: DemoState) {
    guard state.page == "chat", let data = state.raw.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    self.state = state
    func int(_ key: String) -> Int { (object[key] as? NSNumber)?.intValue ?? 0 }
    func bool(_ key: String) -> Bool { (object[key] as? NSNumber)?.boolValue ?? false }
    func rect(_ key: String) -> [Double]? { (object[key] as? [NSNumber])?.map(\.doubleValue) }
    chatRows = int("chatRows")
    firstLoaded = int("firstLoaded")
    endNumber = int("endNumber")
    loadingOlder = bool("loadingOlder")
    pagesLoaded = int("pagesLoaded")
    received = int("received")
    sent = int("sent")
    rowsBelow = int("rowsBelow")
    badge = object["badge"] as? String
    badgeRect = rect("badgeRect")
    jumpRect = rect("jumpRect")
    newestRect = rect("newestRect")
    entryRect = rect("entryRect")
    isAtBottom = bool("isAtBottom")
    maximumOffset = (object["maximumOffset"] as? NSNumber)?.doubleValue
    unreadNumber = int("unreadNumber")
    unreadRow = (object["unreadRow"] as? NSNumber)?.intValue
    lastMessageText = object["lastMessageText"] as? String
    lastMessageMine = bool("lastMessageMine")
    composerText = object["composerText"] as? String ?? ""
    messages = ((object["messageTops"] as? [[NSNumber]]) ?? []).compactMap { row in
      row.count == 4 ? (row[0].intValue, row[1].doubleValue, row[2].doubleValue, row[3].intValue == 1) : nil
    }
  }

  /// The viewport's top and bottom on the window's surface.
  var viewportTop: Double { state.viewportRect.map { $0[1] } ?? .nan }
  var viewportBottom: Double { state.viewportRect.map { $0[1] + $0[3] } ?? .nan }

  /// Whether the newest message is the last row on screen, its bottom exactly at the viewport's
  /// bottom, and nothing moves.
  var showsNewestAtBottom: Bool {
    guard let last = messages.last else { return false }
    return last.number == endNumber - 1 && last.top + last.height == viewportBottom && state.isSettled
  }

  /// Where each visible message is drawn, by number (the loading row left out).
  var tops: [Int: Double] {
    Dictionary(messages.filter { $0.number >= 0 }.map { ($0.number, $0.top) }, uniquingKeysWith: { a, _ in a })
  }
}

extension DemoSession {
  /// Polls until the chat page's state satisfies `predicate` (60 s: the CI machine is starved when
  /// the suites run in parallel).
  @discardableResult
  func waitForChat(_ what: String, timeout: Double = 60, _ predicate: (ChatState) -> Bool) async throws -> ChatState {
    let state = try await waitFor(what, timeout: timeout) { state in ChatState(state).map(predicate) ?? false }
    guard let chat = ChatState(state) else { throw ChatStateError("not the chat page: \(state)") }
    return chat
  }

  /// Clicks the middle of `rect` (x, y, width, height on the window's surface).
  func click(_ rect: [Double], in window: ScreenRect) throws {
    try movePointer(to: Int(rect[0] + rect[2] / 2), Int(rect[1] + rect[3] / 2), in: window)
    try xdotool("click", "1")
  }
}

/// A state line that is not what a chat test expects.
struct ChatStateError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
