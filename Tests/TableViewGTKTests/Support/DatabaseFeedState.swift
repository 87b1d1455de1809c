import Foundation
import TestSupport

/// The database feed's part of the demo's state line (`DatabaseFeedPage.stateFields`).
struct DatabaseFeedState: CustomStringConvertible {
  let state: DemoState
  /// Whether the file is open and the table served from it.
  var isOpen: Bool
  /// The posts (or matches) the table counts.
  var posts: Int
  /// The search asked for and the one shown.
  var filter: String?
  var appliedFilter: String?
  /// The ids of the visible posts in order (`nil`: a placeholder).
  var postIDs: [Int64?]
  var placeholders: Int
  /// Live updates applied so far.
  var databaseUpdates: Int
  var searchRect: [Double]
  var newPostRect: [Double]
  var lastError: String?
  /// Where the line of a failed write is drawn (`nil`: not shown).
  var writeError: [Double]?
  /// The Edit button.
  var editRect: [Double]
  /// Where each visible row is drawn: section, row, top and height.
  var rows: [(path: [Int], top: Double, height: Double)]
  /// The last post moved by hand: its id, section and row.
  var lastMove: [Int64]?
  /// Moves the database refused (each put back).
  var movesUndone: Int
  /// Where "No posts match" is drawn (`nil`: not shown).
  var noMatches: [Double]?
  /// The section headers on screen.
  var headersShown: Int

  init?(_ state: DemoState) {
    guard let data = state.raw.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let isOpen = (object["databaseOpen"] as? NSNumber)?.boolValue
    else { return nil }
    self.state = state
    self.isOpen = isOpen
    posts = (object["posts"] as? NSNumber)?.intValue ?? 0
    filter = object["filter"] as? String
    appliedFilter = object["appliedFilter"] as? String
    postIDs = (object["postIDs"] as? [Any])?.map { ($0 as? NSNumber)?.int64Value } ?? []
    placeholders = (object["placeholders"] as? NSNumber)?.intValue ?? 0
    databaseUpdates = (object["databaseUpdates"] as? NSNumber)?.intValue ?? 0
    searchRect = (object["searchRect"] as? [NSNumber])?.map(\.doubleValue) ?? []
    newPostRect = (object["newPostRect"] as? [NSNumber])?.map(\.doubleValue) ?? []
    lastError = object["lastError"] as? String
    writeError = (object["writeError"] as? [NSNumber])?.map(\.doubleValue)
    editRect = (object["editRect"] as? [NSNumber])?.map(\.doubleValue) ?? []
    rows = ((object["rows"] as? [[NSNumber]]) ?? []).compactMap { item in
      item.count == 4 ? ([item[0].intValue, item[1].intValue], item[2].doubleValue, item[3].doubleValue) : nil
    }
    lastMove = (object["lastMove"] as? [NSNumber])?.map(\.int64Value)
    movesUndone = (object["movesUndone"] as? NSNumber)?.intValue ?? 0
    noMatches = (object["noMatches"] as? [NSNumber])?.map(\.doubleValue)
    headersShown = (object["headersShown"] as? NSNumber)?.intValue ?? -1
  }

  /// The reorder's fields (the same as the in-memory feed's: `StateHook.reorderFields`).
  var editing: FeedReorderState { FeedReorderState(raw: state.raw) }

  /// The visible posts when none is a placeholder, else `nil`.
  var loadedIDs: [Int64]? {
    let ids = postIDs.compactMap { $0 }
    return ids.count == postIDs.count && !ids.isEmpty ? ids : nil
  }

  var description: String { state.raw }
}

extension DemoSession {
  /// Polls until the database feed's state satisfies `predicate`.
  @discardableResult
  func waitForDatabaseFeed(
    _ what: String, timeout: Double = 60, _ predicate: (DatabaseFeedState) -> Bool
  ) async throws -> DatabaseFeedState {
    let state = try await waitFor(what, timeout: timeout) { state in
      DatabaseFeedState(state).map(predicate) ?? false
    }
    guard let feed = DatabaseFeedState(state) else { throw SubprocessError("not the database feed: \(state)") }
    return feed
  }
}
