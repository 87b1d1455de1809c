/// A small, fast, deterministic random number generator (Vigna's SplitMix64): the same numbers from the
/// same seed on every platform and every run, so demo data, benchmarks and randomized tests replay
/// exactly.
///
///     var random = SplitMix64(seed: 42)
///     let row = random.below(1_000)
///     let height = Double.random(in: 20...120, using: &random)
///
/// Not for anything that must be unpredictable.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's finaliser: a well-mixed hash of `value`, for numbers computed from an index alone
  /// (the same row always gets the same height) without a generator's state.
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
