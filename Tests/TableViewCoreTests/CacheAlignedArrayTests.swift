import SeededRandom
import Testing

@testable import TableViewCore

/// A 64-byte element, the height index's node size.
private struct Payload: Equatable, BitwiseCopyable, Sendable {
  var a: Int64
  var rest: (Int64, Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0, 0)
  init(_ a: Int64) { self.a = a }
  static func == (l: Payload, r: Payload) -> Bool { l.a == r.a }
}

@Suite("CacheAlignedArray")
struct CacheAlignedArrayTests {
  @Test("random appends, writes, reservations, removals and copies agree with an Array")
  func agreesWithArray() {
    var random = SplitMix64(seed: 0xA11_6E)
    var array = CacheAlignedArray<Payload>()
    var model: [Payload] = []
    // Copies taken along the way, with what they held then: a later write must not reach them.
    var copies: [(CacheAlignedArray<Payload>, [Payload])] = []
    for step in 0..<4_000 {
      switch random.below(10) {
      case 0...3:
        let value = Payload(Int64(step))
        array.append(value)
        model.append(value)
      case 4...5 where !model.isEmpty:
        let i = random.below(model.count)
        array[i].a += 7
        model[i].a += 7
      case 6:
        let capacity = random.below(2 * model.count + 40)
        array.reserveCapacity(capacity)
        #expect(array.capacity >= capacity)
      case 7 where random.below(20) == 0:
        let keep = random.below(2) == 0
        array.removeAll(keepingCapacity: keep)
        model.removeAll(keepingCapacity: keep)
      case 8:
        copies.append((array, model))
        if copies.count > 6 { copies.removeFirst() }
      default:
        array.withUnsafeMutableBufferPointer { buffer in
          for i in buffer.indices where i % 3 == 0 { buffer[i].a -= 1 }
        }
        for i in model.indices where i % 3 == 0 { model[i].a -= 1 }
      }
      #expect(array.count == model.count)
      if step % 97 == 0 {
        #expect(array.withUnsafeBufferPointer { Array($0) } == model)
        for (copy, held) in copies {
          #expect(copy.withUnsafeBufferPointer { Array($0) } == held)
        }
      }
    }
    #expect((0..<model.count).allSatisfy { array[$0] == model[$0] })
  }

  @Test("every buffer starts on a 64-byte boundary, so a 64-byte element fills one cache line")
  func alignment() {
    var array = CacheAlignedArray<Payload>()
    for i in 0..<1_000 {
      array.append(Payload(Int64(i)))
      let address = array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      #expect(address % 64 == 0)
    }
    #expect(MemoryLayout<HeightIndex.Node>.stride == 64)
  }
}
