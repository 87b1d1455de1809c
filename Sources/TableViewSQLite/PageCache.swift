/// A bounded least-recently-used cache of pages: at most `capacity` pages (more only while more
/// are pinned by the rows on screen); adding one more evicts the unpinned page used longest ago.
/// Lookups and insertions are O(1) (a dictionary and a doubly linked list threaded through an
/// array of slots).
package struct PageCache<Page: CachedPage> {
  private struct Slot {
    var page: Page
    var newer: Int?
    var older: Int?
  }

  /// The most pages kept.
  package let capacity: Int
  private var slots: [Slot] = []
  private var free: [Int] = []
  private var index: [PageKey: Int] = [:]
  private var newest: Int?
  private var oldest: Int?

  package init(capacity: Int) {
    precondition(capacity > 0, "a page cache holds at least one page")
    self.capacity = capacity
  }

  /// The number of pages kept.
  package var count: Int { index.count }

  /// The keys kept, most recently used first.
  package var keys: [PageKey] {
    var result: [PageKey] = []
    var slot = newest
    while let s = slot {
      result.append(slots[s].page.key)
      slot = slots[s].older
    }
    return result
  }

  /// Whether `key` is kept (without touching it).
  package func contains(_ key: PageKey) -> Bool { index[key] != nil }

  /// The page, made the most recently used.
  package mutating func page(_ key: PageKey) -> Page? {
    guard let s = index[key] else { return nil }
    moveToFront(s)
    return slots[s].page
  }

  /// The page, without touching the order.
  package func peek(_ key: PageKey) -> Page? { index[key].map { slots[$0].page } }

  /// Keeps `page` as the most recently used; returns the pages evicted to stay within capacity.
  /// Pages in `pinned` (those of the rows on screen) are never evicted, nor is `page` itself (it
  /// arrived to be used): when more than `capacity` pages are pinned the cache holds them all,
  /// so a screen taller than the cache does not read its own pages again and again, each
  /// evicting the one before, and a page that arrives for rows off screen is there to be used.
  /// - Complexity: O(1) amortized, plus O(pinned pages skipped) for an eviction.
  @discardableResult
  package mutating func insert(_ page: Page, pinned: Set<PageKey> = []) -> [PageKey] {
    if let s = index[page.key] {
      slots[s].page = page
      moveToFront(s)
    } else {
      let s: Int
      if let reused = free.popLast() {
        slots[reused] = Slot(page: page, newer: nil, older: nil)
        s = reused
      } else {
        slots.append(Slot(page: page, newer: nil, older: nil))
        s = slots.count - 1
      }
      index[page.key] = s
      link(s)
    }
    // Pages kept beyond capacity while they were pinned go as soon as they are not.
    var evicted: [PageKey] = []
    var candidate = oldest
    while index.count > capacity, let c = candidate {
      candidate = slots[c].newer
      let key = slots[c].page.key
      guard key != page.key, !pinned.contains(key) else { continue }
      evicted.append(key)
      remove(key)
    }
    return evicted
  }

  /// Updates a kept page in place (heights learned), without touching the order.
  package mutating func update(_ key: PageKey, _ change: (inout Page) -> Void) {
    guard let s = index[key] else { return }
    change(&slots[s].page)
  }

  /// Forgets `key`.
  package mutating func remove(_ key: PageKey) {
    guard let s = index.removeValue(forKey: key) else { return }
    unlink(s)
    free.append(s)
  }

  /// Forgets every page of the sections `sections` accepts.
  package mutating func removeAll(where sections: (Int) -> Bool) {
    for key in index.keys where sections(key.section) { remove(key) }
  }

  private mutating func link(_ s: Int) {
    slots[s].older = newest
    slots[s].newer = nil
    if let n = newest { slots[n].newer = s }
    newest = s
    if oldest == nil { oldest = s }
  }

  private mutating func unlink(_ s: Int) {
    let newer = slots[s].newer
    let older = slots[s].older
    if let newer { slots[newer].older = older } else { newest = older }
    if let older { slots[older].newer = newer } else { oldest = newer }
    slots[s].newer = nil
    slots[s].older = nil
  }

  private mutating func moveToFront(_ s: Int) {
    guard newest != s else { return }
    unlink(s)
    link(s)
  }
}

/// A page a ``PageCache`` keeps: rows of one section, found by their ``PageKey``.
package protocol CachedPage {
  /// Which rows the page holds.
  var key: PageKey { get }
}
