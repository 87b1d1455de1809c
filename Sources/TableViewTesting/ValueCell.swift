import TableViewCore

/// A cell that shows a value of the app's (a post, a track, a record) and is as tall as its rule says for the value
/// at a width; it counts its measurings. The data sources' tests, their fuzz target and the benchmark show their rows
/// in it.
///
///     let cell = ValueCell<Post> { post, width in post.map { TextMetrics.height(of: $0.body, width: width) } ?? 44 }
public final class ValueCell<Value>: ReusableView {
  public var reuseIdentifier: String?
  public var frame: Rect = .zero
  /// What the cell shows (`nil`: a placeholder, or not configured yet).
  public var value: Value?
  /// How often the table measured the cell.
  public private(set) var measureCount = 0
  /// The cell's height for its value at a width.
  public let height: (Value?, Double) -> Double
  /// How much narrower its content is in edit mode (its editing control's room); 0 by default.
  public var editingIndent = 0.0
  /// Whether the table has put the cell in edit mode.
  public private(set) var isEditing = false

  public init(height: @escaping (Value?, Double) -> Double) {
    self.height = height
  }

  public func sizeThatFits(width: Double) -> Double {
    measureCount += 1
    return height(value, width - (isEditing ? editingIndent : 0))
  }

  public func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
}
