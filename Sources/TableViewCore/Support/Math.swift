// The few libm functions the physics needs. The C math library is the only thing the core
// takes from the platform: no I/O, no terminal, no toolkit.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Namespaced libm calls.
enum CMath {
  @inline(__always) static func pow(_ x: Double, _ y: Double) -> Double { exp(y * log(x)) }
  @inline(__always) static func ln(_ x: Double) -> Double { log(x) }
}

// MARK: - The public boundary: every Double and count that comes in passes through here.

extension TableView {
  /// The tallest content a table holds, in points: 2⁵³ index units (1/256 pt), the height up to
  /// which every offset is an exact `Double` (about 3.5·10¹³ points). A reload whose content would
  /// be taller is refused (reported through `onError`, nothing shown); a batch update that would
  /// make it taller throws; a measured height that would is not taken.
  public static let maximumContentHeight: Double = 35_184_372_088_832

  /// The most rows a table holds, all sections together (2⁴⁰). A data source that reports more
  /// is refused as a taller content is.
  public static let maximumRowCount = 1 << 40

  /// The most sections a table holds (2²²): each section costs memory of its own.
  public static let maximumSectionCount = 1 << 22

  /// The most rows on screen at once (zero-height rows, or a viewport taller than 2,000 rows):
  /// rows beyond get no cells, so a pathological geometry cannot make a pass create millions.
  public static let maximumVisibleRows = 2_000

  /// The content height limit in units.
  static let maximumUnits: Int64 = 1 << 53
}

/// Clamps and checks for the numbers that cross the public boundary, so that a non-number or a
/// magnitude whose units do not fit in 64 bits is dealt with in one place rather than trapping in
/// a conversion deep inside.
enum Sanitize {
  /// The largest magnitude of a coordinate (offset, inset, viewport size, touch), in points.
  static let maximumCoordinate = TableView.maximumContentHeight

  /// `x` clamped to ±`maximumCoordinate`, or `nil` for NaN and ±∞ (which are refused, not clamped).
  static func coordinate(_ x: Double) -> Double? {
    guard x.isFinite else { return nil }
    return min(max(x, -maximumCoordinate), maximumCoordinate)
  }

  /// Index units of a position, saturating: NaN is 0, ±∞ and huge magnitudes are twice the largest
  /// content (past every item, and far from overflowing when a few are added).
  static func units(_ points: Double) -> Int64 {
    guard !points.isNaN else { return 0 }
    let limit = 2 * maximumCoordinate
    return HeightIndex.units(min(max(points, -limit), limit))
  }

  /// A velocity (points per second) clamped to a magnitude whose travel stays finite, or `nil`
  /// for NaN and ±∞.
  static func velocity(_ v: Double) -> Double? {
    guard v.isFinite else { return nil }
    return min(max(v, -maximumCoordinate), maximumCoordinate)
  }

  /// A `Double` made an `Int` without trapping: NaN is 0, the rest clamped to ±2⁶² first.
  static func int(_ x: Double) -> Int {
    guard !x.isNaN else { return 0 }
    let limit = Double(1 << 62)
    return Int(min(max(x, -limit), limit))
  }
}
