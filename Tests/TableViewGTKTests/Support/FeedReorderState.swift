import Foundation

/// The feed page's fields for moving posts, the context menu and pull to refresh (see
/// `FeedPage.reorderAndMenuFields` in the demo), parsed from a state line.
struct FeedReorderState {
  /// The held row and where it would drop (section, row).
  var reorderingRow: [Int]?
  var reorderDestination: [Int]?
  /// The held row's rectangle on the window's surface, and whether it has the lifted look.
  var heldRect: [Double]?
  var heldLifted = false
  /// The last move: post number, section, row, row in the whole feed, and the post now there.
  var lastMove: [Int]?
  /// The drag handles shown (fully in): section, row and rectangle.
  var reorderControls: [(path: [Int], rect: [Double])] = []
  /// The open context menu's items: title, rectangle, checked, destructive, enabled.
  var menuItems: [(title: String, rect: [Double], checked: Bool, destructive: Bool, enabled: Bool)] = []
  var starred: [Int] = []
  var copiedTitle: String?
  /// The refresh indicator: its text and rectangle while it shows.
  var refreshText = ""
  var refreshRect: [Double]?
  var isRefreshing = false
  var refreshes = 0

  init(raw: String) {
    guard let object = try? JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any] else { return }
    func ints(_ key: String) -> [Int]? { (object[key] as? [NSNumber])?.map(\.intValue) }
    func doubles(_ key: String) -> [Double]? { (object[key] as? [NSNumber])?.map(\.doubleValue) }
    func bool(_ key: String) -> Bool { (object[key] as? NSNumber)?.boolValue ?? false }
    reorderingRow = ints("reorderingRow")
    reorderDestination = ints("reorderDestination")
    heldRect = doubles("heldRect")
    heldLifted = bool("heldLifted")
    lastMove = ints("lastMove")
    reorderControls = ((object["reorderControls"] as? [[NSNumber]]) ?? []).compactMap { item in
      item.count == 6 ? ([item[0].intValue, item[1].intValue], item[2...].map(\.doubleValue)) : nil
    }
    menuItems = ((object["menuItems"] as? [[Any]]) ?? []).compactMap { item in
      guard item.count == 5, let title = item[0] as? String else { return nil }
      let rect = (item[1] as? [NSNumber])?.map(\.doubleValue) ?? []
      func flag(_ i: Int) -> Bool { (item[i] as? NSNumber)?.boolValue ?? false }
      return (title, rect, flag(2), flag(3), flag(4))
    }
    starred = ints("starred") ?? []
    copiedTitle = object["copiedTitle"] as? String
    refreshText = object["refreshText"] as? String ?? ""
    refreshRect = doubles("refreshRect")
    isRefreshing = bool("isRefreshing")
    refreshes = (object["refreshes"] as? NSNumber)?.intValue ?? 0
  }
}

extension FeedState {
  /// The fields for moving posts, the context menu and pull to refresh.
  var editing: FeedReorderState { FeedReorderState(raw: state.raw) }
}
