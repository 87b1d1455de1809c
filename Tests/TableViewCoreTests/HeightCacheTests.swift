import SeededRandom
import Testing

@testable import TableViewCore

/// The height cache alone, without a table: switching widths keeps each width's heights, forgets
/// the least recently used beyond the limit, and keeps none for exact heights.
@Suite("Height cache")
struct HeightCacheTests {
  /// An index of one section whose rows are all `units` tall (measured): the height tells which
  /// width's index it is.
  static func index(rows: Int, units: Int64) -> HeightIndex {
    var index = HeightIndex()
    index.appendSection(header: 0, footer: 0, rows: rows, rowUnits: units, measured: true)
    return index
  }

  @Test("random width switches against a model: each width's heights come back, the least recently used go")
  func randomizedWidthSwitches() {
    var rng = SplitMix64(seed: 21)
    var cache = HeightCache()
    cache.policy = .estimated(HeightIndex.units(44))
    cache.estimateUnits = HeightIndex.units(44)
    var width = 100.0
    cache.index = Self.index(rows: 30, units: 100)
    cache.widthOrder = [width]
    // The model: width → the row height its index holds, and the order of use.
    var model: [Double: Int64] = [width: 100]
    var order: [Double] = [width]
    var limit = 2
    for step in 0..<2_000 {
      if rng.int(0..<10) == 0 {
        limit = rng.int(1..<5)
        cache.keepWidths(atMost: limit)
      } else {
        let next = Double(rng.int(1..<7)) * 50
        guard next != width else { continue }
        let fresh = cache.hasCache(forWidth: next) ? nil : Self.index(rows: 30, units: Int64(next))
        #expect((fresh == nil) == (model[next] != nil && order.contains(next)), "step \(step)")
        cache.switchWidth(from: width, to: next, fresh: fresh, limit: limit)
        if model[next] == nil || !order.contains(next) { model[next] = Int64(next) }
        order.removeAll { $0 == next }
        order.append(next)
        width = next
      }
      while order.count > limit { model[order.removeFirst()] = nil }
      cache._checkInvariants(currentWidth: width, limit: limit)
      #expect(cache.widthOrder == order, "step \(step)")
      #expect(cache.index.height(ofItem: 1) == model[width], "step \(step): the current width's heights")
      for (w, other) in cache.otherWidths {
        #expect(other.height(ofItem: 1) == model[w], "step \(step): width \(w) kept its heights")
      }
    }
  }

  @Test("exact heights are asked again per width: no other width is kept")
  func exactHeightsKeepNoOtherWidth() {
    var cache = HeightCache()
    cache.policy = .fixed(HeightIndex.units(44))
    cache.index = Self.index(rows: 10, units: 100)
    cache.widthOrder = [100]
    cache.switchWidth(from: 100, to: 200, fresh: Self.index(rows: 10, units: 200), limit: 3)
    #expect(cache.otherWidths.isEmpty)
    #expect(cache.index.height(ofItem: 1) == 200)
    cache._checkInvariants(currentWidth: 200, limit: 3)
  }

  @Test("a width whose index cannot be built keeps the previous width's heights")
  func noFreshIndexKeepsHeights() {
    var cache = HeightCache()
    cache.policy = .estimated(HeightIndex.units(44))
    cache.estimateUnits = HeightIndex.units(44)
    cache.index = Self.index(rows: 10, units: 100)
    cache.widthOrder = [100]
    cache.switchWidth(from: 100, to: 200, fresh: nil, limit: 2)
    #expect(cache.index.height(ofItem: 1) == 100)
    cache._checkInvariants(currentWidth: 200, limit: 2)
  }
}
