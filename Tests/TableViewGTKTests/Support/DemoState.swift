import Foundation

/// One line of the demo's state file (see `StateHook` in the demo), parsed.
struct DemoState: Sendable, CustomStringConvertible {
  /// The line as written.
  let raw: String
  var page: String?
  /// Whether libadwaita's style manager shows the dark style.
  var isDark: Bool?
  var writes = 0
  var liveWidgets = 0
  var widgetsCreated = 0
  var firstVisibleRow: [Int]?
  var lastVisibleRow: [Int]?
  var visibleRows: Int?
  var selectedRow: [Int]?
  /// The last row the delegate's didSelect reported (a click or Enter; the arrows only move the selection).
  var lastSelected: [Int]?
  var cellsCreated: Int?
  var pooledCells: Int?
  var contentOffset: Double?
  var contentHeight: Double?
  var viewportHeight: Double?
  var scrollFraction: Double?
  var isAnimating: Bool?
  /// Whether a drag (a pointer or a touchpad gesture) holds the content.
  var isTracking: Bool?
  var layouts: Int?
  /// The selected row's bounds on the window's surface: x, y, width, height.
  var selectedRect: [Double]?
  /// Where each visible row is drawn on the window's surface: tops and heights, in row order.
  var rowTops: [Double]?
  var rowHeights: [Double]?
  /// The visible rows drawn at another height than their content needs at their width (section, row): shorter
  /// cuts the last line off, taller leaves a gap.
  var misfitRows: [[Int]]?
  /// The date picker's selection bands, one per component, on the window's surface: x, y, w, h.
  var bands: [[Double]]?
  /// Section headers on screen: section, top and height as drawn on the window's surface.
  var headers: [[Double]]?
  /// The table's viewport on the window's surface: x, y, width, height.
  var viewportRect: [Double]?
  /// The vertical scrollbar's place in the window, and whether it lies over the list (GNOME's overlay scrollbars).
  var scrollbarRect: [Double]?
  var overlayScrollbar: Bool?
  /// What has the keyboard focus: "table", "entry", "button:LABEL", another widget's GTK type name and address, ""
  /// for none.
  var focus: String?
  /// The header bar's view switcher on the window's surface: x, y, width, height (five buttons of equal width).
  var switcherRect: [Double]?
  /// The date picker's date: year, month, day.
  var date: [Int]?
  var pickerChanges: Int?
  /// For each visible row, what GTK was told: POS_IN_SET and SET_SIZE (`null` for a row without them).
  var accessibilityPositions: [[Int]?]?
  /// The keyboard focus (`TableView.focusedIndexPath`): section, row.
  var focusedRow: [Int]?
  /// The section index bar on the window's surface while it shows: x, y, width, height.
  var sectionIndexRect: [Double]?
  /// The titles the section index bar shows.
  var sectionIndexTitles: [String]?
  /// Each section index title drawn: its index, top and height on the window's surface.
  var sectionIndexDrawn: [[Double]]?

  var description: String { raw }

  /// Parses a line; `nil` if it is not a JSON object.
  init?(line: String) {
    guard let data = line.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    raw = line.trimmingCharacters(in: .whitespacesAndNewlines)
    func number(_ key: String) -> NSNumber? { object[key] as? NSNumber }
    func numbers(_ key: String) -> [NSNumber]? { object[key] as? [NSNumber] }
    page = object["page"] as? String
    isDark = number("dark")?.boolValue
    writes = number("writes")?.intValue ?? 0
    liveWidgets = number("liveWidgets")?.intValue ?? 0
    widgetsCreated = number("widgetsCreated")?.intValue ?? 0
    firstVisibleRow = numbers("firstVisibleRow")?.map(\.intValue)
    lastVisibleRow = numbers("lastVisibleRow")?.map(\.intValue)
    visibleRows = number("visibleRows")?.intValue
    selectedRow = numbers("selectedRow")?.map(\.intValue)
    lastSelected = numbers("lastSelected")?.map(\.intValue)
    cellsCreated = number("cellsCreated")?.intValue
    pooledCells = number("pooledCells")?.intValue
    contentOffset = number("contentOffset")?.doubleValue
    contentHeight = number("contentHeight")?.doubleValue
    viewportHeight = number("viewportHeight")?.doubleValue
    scrollFraction = number("scrollFraction")?.doubleValue
    isAnimating = number("isAnimating")?.boolValue
    isTracking = number("isTracking")?.boolValue
    layouts = number("layouts")?.intValue
    selectedRect = numbers("selectedRect")?.map(\.doubleValue)
    rowTops = numbers("rowTops")?.map(\.doubleValue)
    rowHeights = numbers("rowHeights")?.map(\.doubleValue)
    misfitRows = (object["misfitRows"] as? [[NSNumber]])?.map { $0.map(\.intValue) }
    viewportRect = numbers("viewportRect")?.map(\.doubleValue)
    scrollbarRect = numbers("scrollbarRect")?.map(\.doubleValue)
    overlayScrollbar = number("overlayScrollbar")?.boolValue
    bands = (object["bands"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) }
    headers = (object["headers"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) }
    switcherRect = numbers("switcherRect")?.map(\.doubleValue)
    focus = object["focus"] as? String
    date = numbers("date")?.map(\.intValue)
    pickerChanges = number("pickerChanges")?.intValue
    accessibilityPositions = (object["accessibilityPositions"] as? [Any])?.map { ($0 as? [NSNumber])?.map(\.intValue) }
    focusedRow = numbers("focusedRow")?.map(\.intValue)
    sectionIndexRect = numbers("sectionIndexRect")?.map(\.doubleValue)
    sectionIndexTitles = object["sectionIndexTitles"] as? [String]
    sectionIndexDrawn = (object["sectionIndexDrawn"] as? [[NSNumber]])?.map { $0.map(\.doubleValue) }
  }

  /// Whether the table is at rest (not animating, decelerating or bouncing).
  var isSettled: Bool { isAnimating == false && isTracking != true }
}
