import DemoData
import Testing

@Suite("memory soak verdict")
struct MemorySoakTests {
  func soak(_ samples: [Int], tolerance: Double = 0.05) -> MemorySoak {
    var soak = MemorySoak(tolerance: tolerance)
    for sample in samples { soak.record(sample) }
    return soak
  }

  @Test("memory that rises while caches fill and then stays is settled")
  func settles() {
    let flat = soak([30_000_000, 40_000_000, 41_000_000, 40_500_000, 41_200_000, 40_900_000, 41_500_000, 41_000_000])
    #expect(flat.settled, "\(flat.summary)")
    #expect(flat.summary.hasSuffix("settled"))
  }

  @Test("memory growing by the same amount every round is not settled, whatever the size of the process")
  func leaks() {
    for base in [10_000_000, 1_000_000_000] {
      let growing = soak((0..<20).map { base + $0 * base / 100 })
      #expect(!growing.settled, "\(growing.summary)")
      #expect(growing.growth > 0.09 && growing.growth < 0.11, "\(growing.growth)")
      #expect(growing.summary.contains("GREW beyond 5%"))
    }
  }

  @Test("a one-off bump in the first half does not hide growth in the second, and within the tolerance passes")
  func tolerance() {
    #expect(soak([100, 100, 104, 100, 103, 104]).settled)
    #expect(!soak([100, 100, 100, 100, 100, 106]).settled)
    #expect(soak([100, 100, 100, 100, 100, 106], tolerance: 0.1).settled)
  }

  @Test("fewer than four samples, or a bad tolerance, never pass by accident")
  func degenerate() {
    #expect(!soak([]).settled && !soak([1, 1, 1]).settled)
    #expect(soak([]).summary.contains("too few samples"))
    #expect(soak([0, 0, 0, 0]).settled && soak([5, -3, 5, 5]).samples == [5, 0, 5, 5])
    #expect(!soak([100, 100, 100, 101], tolerance: .nan).settled)
    #expect(!soak([100, 100, 100, 101], tolerance: -1).settled)
  }
}
