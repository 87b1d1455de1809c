import TableViewCore

// The demo's data is computed from a row's index alone with the engine's SplitMix64 (the same on
// every platform and every run); these pick numbers and elements from it.

extension SplitMix64 {
  /// A number in `0..<bound` (bound > 0), with the modulo bias a demo can ignore.
  public mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// An element of a non-empty array.
  public mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }
}
