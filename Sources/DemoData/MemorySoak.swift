/// Resident memory sampled after each round of a workload repeated the same way (scrolling, jumps, edits that undo
/// themselves), and whether it settled: memory that grows with time (a leak, a cache without a bound) shows as a
/// second half of the run above its first half.
///
///     var soak = MemorySoak()
///     for _ in 0..<rounds {
///       runOneRound()
///       soak.record(ResidentMemory.bytes())
///     }
///     print(soak.summary)  // exit with an error unless soak.settled
///
/// The rule compares the run with itself, not with a figure: the highest sample of the second half may exceed the
/// highest of the first half by at most ``tolerance`` of it (a fraction) — room for the allocator's noise, and for
/// data a round adds on purpose (a message sent, a page of posts loaded) — and by at least nothing when there are
/// fewer than four samples (too few to tell).
public struct MemorySoak: Sendable, Equatable {
  /// The samples, in bytes, oldest first.
  public private(set) var samples: [Int] = []
  /// How much the second half's peak may exceed the first half's, as a fraction of it.
  public var tolerance: Double

  /// An empty soak allowing the second half's peak `tolerance` (a fraction, 0.05 = 5%) above the first half's.
  public init(tolerance: Double = 0.05) {
    self.tolerance = tolerance.isFinite ? max(0, tolerance) : 0
  }

  /// Adds a sample (bytes; a negative one is taken as 0).
  public mutating func record(_ bytes: Int) { samples.append(max(0, bytes)) }

  /// The highest sample of the first half (the middle sample, for an odd count, goes to the second).
  public var firstHalfPeak: Int { samples[..<(samples.count / 2)].max() ?? 0 }
  /// The highest sample of the second half.
  public var secondHalfPeak: Int { samples[(samples.count / 2)...].max() ?? 0 }

  /// The second half's peak over the first half's, as a fraction of the first (0 when it is not higher).
  public var growth: Double {
    let first = firstHalfPeak
    guard first > 0 else { return 0 }
    return max(0, Double(secondHalfPeak - first) / Double(first))
  }

  /// Whether memory settled: at least four samples, and ``growth`` within ``tolerance``.
  public var settled: Bool { samples.count >= 4 && growth <= tolerance }

  /// One line for people and tests: the peaks of the two halves in KiB, the growth, and the verdict.
  public var summary: String {
    let percent = (growth * 1000).rounded() / 10
    let verdict =
      samples.count < 4 ? "too few samples" : settled ? "settled" : "GREW beyond \(Int(tolerance * 100))%"
    return
      "memory: \(samples.count) samples, first half peak \(firstHalfPeak / 1024) KiB, second half peak \(secondHalfPeak / 1024) KiB, growth \(percent)%: \(verdict)"
  }
}
