/// A small, fast generator of pseudo-random numbers (Steele, Lea and Flood's SplitMix64): the demo's data is
/// computed from a row's index alone, the same on every platform and every run.
///
/// `TableViewCore` has a generator of the same name (and the same sequence); where both modules are imported,
/// write `DemoData.SplitMix64`.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator for `seed` (typically a row index mixed with a data set's seed).
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 pseudo-random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (bound > 0), with the modulo bias a demo can ignore.
  public mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// An element of a non-empty array.
  public mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }
}
