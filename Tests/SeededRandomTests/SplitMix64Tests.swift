import SeededRandom
import Testing

/// The generator behind demo data, benchmarks and randomized tests: the same numbers for a seed, always.
@Suite("SplitMix64")
struct SplitMix64Tests {
  @Test("a seed gives the same sequence every time, and the reference values of SplitMix64")
  func repeats() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 42)
    #expect((0..<10).map { _ in a.next() } == (0..<10).map { _ in b.next() })
    // Vigna's reference implementation seeded with 0.
    var zero = SplitMix64(seed: 0)
    #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test("different seeds give different sequences")
  func seedsDiffer() {
    var a = SplitMix64(seed: 1)
    var b = SplitMix64(seed: 2)
    #expect((0..<4).map { _ in a.next() } != (0..<4).map { _ in b.next() })
  }

  @Test("below(n) stays in 0..<n and reaches every value; unit() stays in 0..<1")
  func ranges() {
    var random = SplitMix64(seed: 1)
    var seen = Set<Int>()
    for _ in 0..<1_000 {
      let value = random.below(7)
      #expect((0..<7).contains(value))
      seen.insert(value)
      let unit = random.unit()
      #expect(unit >= 0 && unit < 1)
    }
    #expect(seen.count == 7)
  }

  @Test("pick chooses elements of the array, each of them in time")
  func pick() {
    var random = SplitMix64(seed: 9)
    let items = ["a", "b", "c"]
    let picked = Set((0..<200).map { _ in random.pick(items) })
    #expect(picked == Set(items))
  }

  @Test("mix is a hash: a function of the value alone, equal to the generator's output for its state")
  func mix() {
    #expect(SplitMix64.mix(12_345) == SplitMix64.mix(12_345))
    #expect(SplitMix64.mix(1) != SplitMix64.mix(2))
    var random = SplitMix64(seed: 0)
    #expect(random.next() == SplitMix64.mix(0x9E37_79B9_7F4A_7C15))
  }
}
