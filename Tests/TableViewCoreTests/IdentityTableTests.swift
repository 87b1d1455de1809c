import SeededRandom
import Testing

@testable import TableViewCore

private final class Key {}

@Suite("IdentityTable against a Dictionary")
struct IdentityTableTests {
  @Test("random inserts, updates, removals and filters agree with a Dictionary", arguments: [UInt64(1), 2, 3, 4])
  func againstDictionary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let keys = (0..<300).map { _ in Key() }
    var table = IdentityTable<Int>()
    var model: [ObjectIdentifier: Int] = [:]
    for step in 0..<20_000 {
      let key = ObjectIdentifier(keys[rng.int(0..<(step < 10_000 ? 40 : keys.count))])
      switch rng.int(0..<10) {
      case 0..<5:
        let value = rng.int(0..<1_000)
        table[key] = value
        model[key] = value
      case 5..<8:
        table[key] = nil
        model[key] = nil
      case 8:
        let limit = rng.int(0..<1_000)
        table.filter { $0 < limit }
        model = model.filter { $0.value < limit }
      default:
        if rng.int(0..<50) == 0 {
          table.removeAll()
          model.removeAll()
        }
      }
      #expect(table[key] == model[key])
      #expect(table.count == model.count)
      if step % 500 == 0 {
        table._checkInvariants()
        for k in keys { #expect(table[ObjectIdentifier(k)] == model[ObjectIdentifier(k)]) }
        #expect(table.allValues.sorted() == model.values.sorted())
      }
    }
  }
}
