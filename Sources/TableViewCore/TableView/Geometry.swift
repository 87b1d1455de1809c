// Value types for geometry. Everything is `Double`: offsets stay exact far beyond what
// single precision can hold (the height index is fixed-point underneath, see HeightIndex).

/// A point in content coordinates (y grows downwards, as in UIKit).
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// Horizontal coordinate.
  public var x: Double
  /// Vertical coordinate.
  public var y: Double
  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
  /// The origin.
  public static let zero = Point(x: 0, y: 0)
  /// `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double
  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
  /// A zero size.
  public static let zero = Size(width: 0, height: 0)
  /// `width×height`.
  public var description: String { "\(width)×\(height)" }
}

/// A rectangle given by its origin (top-left corner) and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The size.
  public var size: Size
  /// Creates a rectangle.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }
  /// Creates a rectangle from its coordinates.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }
  /// An empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
  /// The left edge.
  public var minX: Double { origin.x }
  /// The top edge.
  public var minY: Double { origin.y }
  /// The right edge.
  public var maxX: Double { origin.x + size.width }
  /// The bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }
  /// The vertical centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// Whether `point` lies inside (the top and left edges included, the bottom and right excluded).
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }
  /// `(x, y, w×h)`.
  public var description: String { "(\(minX), \(minY), \(width)×\(height))" }
}

/// Insets from each edge, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
  /// Inset from the top edge.
  public var top: Double
  /// Inset from the left edge.
  public var left: Double
  /// Inset from the bottom edge.
  public var bottom: Double
  /// Inset from the right edge.
  public var right: Double
  /// Creates insets.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
  /// No insets.
  public static let zero = EdgeInsets()
}
