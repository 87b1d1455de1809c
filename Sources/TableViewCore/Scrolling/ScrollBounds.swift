// Where scrolling may settle and how the edges behave, as one value: the table computes it from
// its content, insets, limits and viewport (`TableView.scrollBounds`), `ScrollState` obeys it.

/// The range the offset settles in, and what happens past its ends.
struct ScrollBounds {
  /// The smallest offset scrolling settles at (−∞ when unbounded).
  let minimum: Double
  /// The largest offset scrolling settles at (+∞ when unbounded); never below `minimum`.
  let maximum: Double
  /// The viewport's height: how far the rubber band can stretch past an edge.
  let dimension: Double
  /// Whether a drag past an edge stretches (and a fling reaching one overshoots and springs back)
  /// rather than stopping at it.
  let bounces: Bool
  /// Whether there are no edges at all (a looping table).
  let isUnbounded: Bool

  /// Bounds from `minimum` to `maximum` (taken as `minimum` when below it).
  init(minimum: Double, maximum: Double, dimension: Double, bounces: Bool) {
    self.minimum = minimum
    self.maximum = max(minimum, maximum)
    self.dimension = dimension
    self.bounces = bounces
    self.isUnbounded = false
  }

  /// No edges (see `unbounded(dimension:bounces:)`).
  private init(unboundedWithDimension dimension: Double, bounces: Bool) {
    minimum = -.infinity
    maximum = .infinity
    self.dimension = dimension
    self.bounces = bounces
    isUnbounded = true
  }

  /// No edges: every offset is within, nothing stretches or bounces (a looping table).
  static func unbounded(dimension: Double, bounces: Bool) -> ScrollBounds {
    ScrollBounds(unboundedWithDimension: dimension, bounces: bounces)
  }

  /// `y` moved to the nearest offset within the bounds (`y` itself when unbounded).
  @inline(__always) func clamp(_ y: Double) -> Double {
    min(max(y, minimum), maximum)
  }

  /// Whether `y` is within the bounds, ends included (never for NaN).
  @inline(__always) func contains(_ y: Double) -> Bool {
    y >= minimum && y <= maximum
  }

  /// Whether `y` is past one of the edges (never for NaN).
  @inline(__always) func isPastEdge(_ y: Double) -> Bool {
    y < minimum || y > maximum
  }

  /// Where content dragged to `raw` shows: `raw` within the bounds; past an edge, stretched with
  /// resistance when the bounds bounce (never a full `dimension` past it), held at the edge
  /// otherwise.
  func rubberBanded(_ raw: Double) -> Double {
    guard bounces else { return clamp(raw) }
    if raw < minimum {
      return minimum + ScrollPhysics.rubberBand(overshoot: raw - minimum, dimension: dimension)
    }
    if raw > maximum {
      return maximum + ScrollPhysics.rubberBand(overshoot: raw - maximum, dimension: dimension)
    }
    return raw
  }

  /// The inverse of `rubberBanded(_:)`: the offset a drag would have to reach to show `y` (`y` itself
  /// within the bounds, or when they do not bounce). Content a press caught past an edge is picked
  /// up from there, so it does not jump under the finger.
  func unstretched(_ y: Double) -> Double {
    guard bounces else { return y }
    let edge = clamp(y)
    guard y != edge else { return y }
    return edge + ScrollPhysics.overshoot(rubberBanded: y - edge, dimension: dimension)
  }
}
