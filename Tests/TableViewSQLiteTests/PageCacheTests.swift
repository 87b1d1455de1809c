import SeededRandom
import Testing

@testable import DemoDatabase
@testable import TableViewSQLite

@Suite("Page cache") struct PageCacheTests {
  /// The reference: keys most recently used first; an insertion beyond capacity drops the least
  /// recently used keys that are neither pinned nor the one inserted, oldest first, until within
  /// capacity or none is left.
  struct Model {
    let capacity: Int
    var keys: [PageKey] = []

    mutating func insert(_ key: PageKey, pinned: Set<PageKey>) -> [PageKey] {
      keys.removeAll { $0 == key }
      keys.insert(key, at: 0)
      var evicted: [PageKey] = []
      var i = keys.count - 1
      while keys.count > capacity, i >= 0 {
        if keys[i] != key, !pinned.contains(keys[i]) {
          evicted.append(keys.remove(at: i))
        }
        i -= 1
      }
      return evicted
    }

    mutating func touch(_ key: PageKey) -> Bool {
      guard let i = keys.firstIndex(of: key) else { return false }
      keys.insert(keys.remove(at: i), at: 0)
      return true
    }
  }

  static func page(_ key: PageKey, revision: Int64 = 0) -> PostPage {
    PostPage(
      key: key,
      posts: [
        Post(
          id: Int64(key.index), section: key.section, position: 0, author: "a", body: "b", created: 0,
          revision: revision)
      ],
      heights: [:])
  }

  @Test("random inserts, lookups, removals and pins against a reference LRU list", arguments: 0..<8)
  func modelBased(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let capacity = Int.random(in: 1...5, using: &random)
    var cache = PageCache<PostPage>(capacity: capacity)
    var model = Model(capacity: capacity)
    func key() -> PageKey {
      PageKey(section: Int.random(in: 0..<3, using: &random), index: Int.random(in: 0..<4, using: &random))
    }
    for step in 0..<2_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<5:
        let k = key()
        var pinned: Set<PageKey> = []
        for _ in 0..<Int.random(in: 0...capacity + 2, using: &random) { pinned.insert(key()) }
        let evicted = cache.insert(Self.page(k, revision: Int64(step)), pinned: pinned)
        #expect(evicted == model.insert(k, pinned: pinned), "step \(step)")
        #expect(!evicted.contains(where: pinned.contains), "a pinned page was evicted at step \(step)")
        #expect(!evicted.contains(k), "the page inserted is never evicted by its insertion (step \(step))")
        #expect(cache.peek(k)?.posts.first?.revision == Int64(step), "step \(step)")
      case 5..<7:
        let k = key()
        #expect((cache.page(k) != nil) == model.touch(k), "step \(step)")
      case 7:
        let k = key()
        cache.remove(k)
        model.keys.removeAll { $0 == k }
      case 8:
        let section = Int.random(in: 0..<3, using: &random)
        cache.removeAll { $0 == section }
        model.keys.removeAll { $0.section == section }
      default:
        let k = key()
        #expect(cache.contains(k) == model.keys.contains(k))
      }
      #expect(cache.keys == model.keys, "step \(step)")
      #expect(cache.count == model.keys.count)
    }
  }

  @Test("with nothing pinned the cache never holds more than its capacity")
  func bound() {
    var cache = PageCache<PostPage>(capacity: 3)
    for i in 0..<10 { cache.insert(Self.page(PageKey(section: 0, index: i))) }
    #expect(cache.keys == [9, 8, 7].map { PageKey(section: 0, index: $0) })
  }
}
