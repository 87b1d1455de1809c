/// A column of a multi-column table (AppKit's `NSTableColumn`, as a value): what it is called, how wide it is,
/// whether the user may resize it, whether it is shown, and how it sorts.
///
///     var columns = [
///       TableColumn(identifier: "time", title: "Time", width: .fixed(19)),
///       TableColumn(identifier: "level", title: "Level", width: .fitting, minWidth: 5, maxWidth: 9),
///       TableColumn(identifier: "message", title: "Message", width: .fraction(1), minWidth: 20),
///     ]
///     let layout = ColumnLayout(columns: columns, viewportWidth: 100, frozenColumnCount: 1)
///     layout.frame(ofColumn: 2)   // x 19 + the level column's width, as wide as what is left
public struct TableColumn: Sendable, Hashable {
  /// How a column's width is decided.
  public enum Width: Sendable, Hashable {
    /// This many points (or cells), within the column's minimum and maximum.
    case fixed(Double)
    /// A share of the width the fixed and fitting columns leave: columns of fractions 1 and 2 take a third and two
    /// thirds of it (each within its minimum and maximum).
    case fraction(Double)
    /// As wide as its content (the widest of what the app measured: the header's title and the cells it has
    /// seen), within the column's minimum and maximum.
    case fitting
  }

  /// What the app knows the column by.
  public var identifier: String
  /// The header's title.
  public var title: String
  /// How its width is decided.
  public var width: Width
  /// The narrowest it may be (0 or more).
  public var minWidth: Double
  /// The widest it may be (`.infinity`: no limit). A column that fills the last of the width may be wider.
  public var maxWidth: Double
  /// Whether the user may resize it (AppKit's `resizingMask`).
  public var isResizable: Bool
  /// Whether it is hidden: it takes no width, and is still in the table's columns.
  public var isHidden: Bool
  /// How a click on its header sorts the rows (AppKit's `sortDescriptorPrototype`); `nil`: it does not sort.
  public var sortDescriptorPrototype: TableSortDescriptor?

  /// A column. Bad numbers are made sensible: a negative, NaN or infinite minimum is 0, a maximum below the
  /// minimum (or NaN) is the minimum, a negative or NaN fixed width or fraction is 0.
  public init(
    identifier: String, title: String = "", width: Width = .fraction(1), minWidth: Double = 0,
    maxWidth: Double = .infinity, isResizable: Bool = true, isHidden: Bool = false,
    sortDescriptorPrototype: TableSortDescriptor? = nil
  ) {
    self.identifier = identifier
    self.title = title
    self.width = width
    self.minWidth = minWidth
    self.maxWidth = maxWidth
    self.isResizable = isResizable
    self.isHidden = isHidden
    self.sortDescriptorPrototype = sortDescriptorPrototype
  }

  /// The minimum as the layout uses it: finite and 0 or more.
  var clampedMinWidth: Double { minWidth.isFinite && minWidth > 0 ? min(minWidth, ColumnLayout.maximumWidth) : 0 }
  /// The maximum as the layout uses it: at least the minimum (NaN: the minimum; no more than the largest width).
  var clampedMaxWidth: Double {
    guard !maxWidth.isNaN else { return clampedMinWidth }
    return max(clampedMinWidth, min(maxWidth, ColumnLayout.maximumWidth))
  }

  /// `value` within the column's minimum and maximum (NaN: the minimum).
  func clamped(_ value: Double) -> Double {
    guard !value.isNaN else { return clampedMinWidth }
    return min(max(value, clampedMinWidth), clampedMaxWidth)
  }
}
