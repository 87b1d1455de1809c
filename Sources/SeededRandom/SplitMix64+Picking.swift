// Demo data is computed from a row's index alone; these pick numbers and elements with less ceremony (and
// faster in debug builds) than the standard library's generic `random(in:using:)`.

extension SplitMix64 {
  /// A number in `0..<bound` (bound > 0), with the modulo bias a demo or a benchmark can ignore.
  public mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// A number in `0..<1` with 53 random bits.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// An element of a non-empty array.
  public mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }

  /// A number in `range` (not empty), with the modulo bias a test can ignore.
  public mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + below(range.count) }

  /// A number in `range`, with the modulo bias a test can ignore.
  public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

  /// A number in `range` in a million steps.
  public mutating func double(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + Double(below(1_000_000)) / 1_000_000 * (range.upperBound - range.lowerBound)
  }

  /// A coin toss.
  public mutating func bool() -> Bool { below(2) == 0 }
}
