import Foundation
import TestSupport

/// The feed page's part of a state line (see `FeedPage.stateFields` in the demo), parsed from
/// `DemoState.raw`.
struct FeedState: CustomStringConvertible {
  let state: DemoState
  var feedRows = 0
  var deleted = 0
  var added = 0
  var pagesLoaded = 0
  var marked = 0
  var isEditing = false
  var swipedRow: [Int]?
  var swipeOffset = 0.0
  /// The swipe action the keys chose (Return performs it), while a row is open.
  var chosenSwipeAction: Int?
  /// The revealed action buttons: title and rectangle (x, y, width, height) on the window's surface.
  var swipeButtons: [(title: String, rect: [Double])] = []
  /// The editing controls shown (fully in): section, row and rectangle.
  var editControls: [(path: [Int], rect: [Double])] = []
  /// The visible posts in order: number, top and height on the window's surface.
  var posts: [(number: Int, top: Double, height: Double)] = []
  var editRect: [Double]?
  var newPostRect: [Double]?
  /// The heights measured per width, the current width first, then the widths it expects back.
  var heights: [(width: Double, measured: Int, total: Int)] = []

  var description: String { state.raw }

  /// Parses the feed fields of `state`; `nil` when it is not the feed page's.
  init?(_ state: DemoState) {
    guard state.page == "feed", let data = state.raw.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    self.state = state
    func int(_ key: String) -> Int { (object[key] as? NSNumber)?.intValue ?? 0 }
    func rect(_ key: String) -> [Double]? { (object[key] as? [NSNumber])?.map(\.doubleValue) }
    feedRows = int("feedRows")
    deleted = int("deleted")
    added = int("added")
    pagesLoaded = int("pagesLoaded")
    marked = int("marked")
    isEditing = (object["isEditing"] as? NSNumber)?.boolValue ?? false
    swipedRow = (object["swipedRow"] as? [NSNumber])?.map(\.intValue)
    swipeOffset = (object["swipeOffset"] as? NSNumber)?.doubleValue ?? .nan
    chosenSwipeAction = (object["chosenSwipeAction"] as? NSNumber)?.intValue
    swipeButtons = ((object["swipeButtons"] as? [[Any]]) ?? []).compactMap { item in
      guard item.count == 5, let title = item[0] as? String else { return nil }
      return (title, item[1...].compactMap { ($0 as? NSNumber)?.doubleValue })
    }
    editControls = ((object["editControls"] as? [[NSNumber]]) ?? []).compactMap { item in
      item.count == 6 ? ([item[0].intValue, item[1].intValue], item[2...].map(\.doubleValue)) : nil
    }
    posts = ((object["posts"] as? [[NSNumber]]) ?? []).compactMap { item in
      item.count == 3 ? (item[0].intValue, item[1].doubleValue, item[2].doubleValue) : nil
    }
    editRect = rect("editRect")
    newPostRect = rect("newPostRect")
    heights = ((object["heights"] as? [[NSNumber]]) ?? []).compactMap { item in
      item.count == 3 ? (item[0].doubleValue, item[1].intValue, item[2].intValue) : nil
    }
  }

  /// Whether nothing moves: no animation, no drag, no swipe settling.
  var isSettled: Bool { state.isSettled }
}

extension DemoSession {
  /// Polls the state file until the feed page's state satisfies `predicate` (60 s by default).
  @discardableResult
  func waitForFeed(_ what: String, timeout: Double = 60, _ predicate: (FeedState) -> Bool) async throws -> FeedState {
    let state = try await waitFor(what, timeout: timeout) { state in FeedState(state).map(predicate) ?? false }
    guard let feed = FeedState(state) else { throw SubprocessError("not the feed page: \(state)") }
    return feed
  }
}
