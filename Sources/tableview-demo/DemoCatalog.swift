/// A screen the demo can show: its names for `--demo`, its tab title, and how to make it.
struct DemoCatalogEntry: Sendable {
  /// The name used with `--demo`.
  let name: String
  /// Other accepted names.
  let aliases: [String]
  /// The tab's title.
  let title: @Sendable (DemoContext) -> String
  /// Creates the screen (screens are created when first shown, then kept).
  let make: @Sendable (DemoContext) -> any DemoScreen

  /// Whether `name` names this screen.
  func matches(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower == self.name || aliases.contains(lower)
  }
}

/// The demo's screens, in tab order.
enum DemoCatalog {
  static let entries: [DemoCatalogEntry] = [
    FeedScreen.catalogEntry,
    FixedRowsScreen.catalogEntry,
    LoopingListScreen.catalogEntry,
    DatePickerScreen.catalogEntry,
    ChatScreen.catalogEntry,
  ]
}
