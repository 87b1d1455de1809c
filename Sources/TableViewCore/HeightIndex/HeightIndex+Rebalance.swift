// A perfectly balanced, cache-friendly rebuild of the treap after a bulk load, in linear time.

extension HeightIndex {
  /// Rebuilds the tree perfectly balanced, with nodes stored breadth-first so the top levels of
  /// every descent share a few cache lines, and free slots dropped. Ends a bulk load (see
  /// ``beginBulkLoad(expectingSections:)``) by linking the nodes it listed.
  ///
  /// Priorities are random within bands that fall with depth: the band of a level holds the
  /// priorities that level would have if the m priorities of an ordinary treap were sorted
  /// (drawn in O(1) each, not sorted in O(m log m)), so later edits see an ordinary treap. The
  /// node array keeps room to grow by half again, so the edits that follow a reload do not copy
  /// it (a copy of a few hundred megabytes stalled one of them for a quarter of a second).
  /// - Complexity: O(m) for m nodes (not rows).
  package mutating func rebalance() {
    generation &+= 1
    let order: ContiguousArray<NodeID>
    if let listed = bulkOrder {
      order = listed
      bulkOrder = nil
    } else {
      order = inOrderNodes()
    }
    let m = order.count
    guard m > 0 else {
      root = Self.none
      return
    }
    if order.indices.allSatisfy({ Int(order[$0]) == $0 }) && nodes.count == m {
      // A bulk load into an empty index: the nodes already lie in order; link them where they are.
      linkInPlace(count: m)
      return
    }
    var fresh = CacheAlignedArray<Node>()
    fresh.reserveCapacity(m + m / 2 + 64)
    var freshSummaries = ContiguousArray<Summary>()
    freshSummaries.reserveCapacity(m + m / 2 + 64)
    // Breadth-first over in-order ranges: each range's middle is the subtree root. Every range
    // of one depth comes before the next depth's, so depth is known from the position alone.
    var queue = ContiguousArray<(lo: Int32, hi: Int32, parent: Int32, isLeft: Bool)>()
    queue.reserveCapacity(m)
    queue.append((0, Int32(m), Self.none, false))
    var head = 0
    var levelStart = 0
    var levelWidth = 1
    let scale = Double(UInt32.max) / Double(m)
    while head < queue.count {
      let (lo, hi, parent, isLeft) = queue[head]
      if head == levelStart + levelWidth {
        levelStart = head
        levelWidth *= 2
      }
      head += 1
      let mid = (Int(lo) + Int(hi)) / 2
      var node = nodes[Int(order[mid])]
      node.left = Self.none
      node.right = Self.none
      let id = NodeID(fresh.count)
      fresh.append(node)
      freshSummaries.append(
        Summary(priority: bandPriority(levelStart: levelStart, levelWidth: levelWidth, scale: scale)))
      if parent != Self.none {
        if isLeft { fresh[Int(parent)].left = id } else { fresh[Int(parent)].right = id }
      }
      if Int(lo) < mid { queue.append((lo, Int32(mid), id, true)) }
      if mid + 1 < Int(hi) { queue.append((Int32(mid + 1), hi, id, false)) }
    }
    nodes = fresh
    summaries = freshSummaries
    freeNodes.removeAll()
    root = 0
    // Children come after parents in breadth-first order: sums bottom-up in reverse.
    for id in stride(from: NodeID(m - 1), through: 0, by: -1) { update(id) }
    slab.reserve(rows: slab.rows.count / 2 + Self.maximumChunkRows)
  }

  /// A random priority in the band of a level whose nodes have ranks `levelStart ..<
  /// levelStart + levelWidth` among all m (highest first), `scale` being `UInt32.max / m`.
  private mutating func bandPriority(levelStart: Int, levelWidth: Int, scale: Double) -> UInt32 {
    Self.bandPriority(levelStart: levelStart, levelWidth: levelWidth, scale: scale, &rng)
  }

  /// `bandPriority(levelStart:levelWidth:scale:)`, drawing from `rng`.
  @inline(__always) private static func bandPriority(
    levelStart: Int, levelWidth: Int, scale: Double, _ rng: inout PriorityGenerator
  ) -> UInt32 {
    let rank = Double(levelStart) + Double(levelWidth) * Double(rng.next() >> 11) * 0x1p-53
    return UInt32(max(0, Double(UInt32.max) - rank * scale).rounded(.down))
  }

  /// Links nodes `0..<m`, which lie in order, into a perfectly balanced tree without moving them.
  /// Sums are taken in post-order, which walks the array almost sequentially.
  /// - Complexity: O(m)
  private mutating func linkInPlace(count m: Int) {
    let scale = Double(UInt32.max) / Double(m)
    var random = rng
    func link(
      _ lo: Int, _ hi: Int, depth: Int, _ nodes: UnsafeMutableBufferPointer<Node>,
      _ summaries: UnsafeMutableBufferPointer<Summary>
    ) -> NodeID {
      guard lo < hi else { return Self.none }
      let mid = (lo + hi) / 2
      nodes[mid].left = link(lo, mid, depth: depth + 1, nodes, summaries)
      nodes[mid].right = link(mid + 1, hi, depth: depth + 1, nodes, summaries)
      summaries[mid].priority = Self.bandPriority(
        levelStart: (1 << depth) - 1, levelWidth: 1 << depth, scale: scale, &random)
      Self.update(mid, in: nodes, summaries)
      return NodeID(mid)
    }
    root = nodes.withUnsafeMutableBufferPointer { nodes in
      summaries.withUnsafeMutableBufferPointer { link(0, m, depth: 0, nodes, $0) }
    }
    rng = random
    freeNodes.removeAll()
    nodes.reserveCapacity(m + m / 2 + 64)
    summaries.reserveCapacity(m + m / 2 + 64)
    slab.reserve(rows: slab.rows.count / 2 + Self.maximumChunkRows)
  }

  /// Every node, in order.
  /// - Complexity: O(m)
  func inOrderNodes() -> ContiguousArray<NodeID> {
    var order = ContiguousArray<NodeID>()
    order.reserveCapacity(storedNodeCount)
    var stack: [NodeID] = []
    var t = root
    while t != Self.none || !stack.isEmpty {
      while t != Self.none {
        stack.append(t)
        t = nodes[Int(t)].left
      }
      let n = stack.removeLast()
      order.append(n)
      t = nodes[Int(n)].right
    }
    return order
  }
}
