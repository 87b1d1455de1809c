@_spi(Backend) import TableViewCore

// Test doubles shared by the engine's tests, the backends' and the data sources' tests, the fuzz targets and the
// benchmark (not a product).

/// A cell for tests, fuzz targets and benchmarks: it shows an item (a row's id or number), is as tall as its rule
/// says, and records what the table did to it (reuse, selection, highlight, focus, edit mode, measuring).
///
///     let cell = TestCell("cell")
///     cell.height = { cell, width in cell.item % 2 == 0 ? 20 : 40 }   // else `fittingHeight`
public final class TestCell: ReusableView {
  public var reuseIdentifier: String?
  public var frame: Rect = .zero
  public var isSelected = false
  public var isHighlighted = false
  public var isFocused = false
  public var isEditing = false
  /// How often the table prepared the cell for reuse.
  public var prepareCount = 0
  /// How often the table measured the cell, and the width of its last measuring.
  public var measureCount = 0
  public var lastMeasuredWidth: Double?
  /// The height `sizeThatFits` answers when the cell has no `height` rule.
  public var fittingHeight: Double = 0
  /// The cell's height at a width (it gets the cell, for its item); `nil`: `fittingHeight`.
  public var height: ((TestCell, Double) -> Double)?
  /// What the data source last configured the cell for, and the item it shows.
  public var configuredFor: IndexPath?
  public var item = -1

  public init(_ identifier: String? = nil, height: ((TestCell, Double) -> Double)? = nil) {
    reuseIdentifier = identifier
    self.height = height
  }

  public func prepareForReuse() {
    prepareCount += 1
    isSelected = false
    isHighlighted = false
  }
  public func sizeThatFits(width: Double) -> Double {
    measureCount += 1
    lastMeasuredWidth = width
    return height?(self, width) ?? fittingHeight
  }
  public func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
  public func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
  public func setFocused(_ focused: Bool, animated: Bool) { isFocused = focused }
  public func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
}
