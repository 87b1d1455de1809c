// A perfectly balanced, cache-friendly rebuild of the treap after a bulk load.

extension HeightIndex {
  /// Rebuilds the tree perfectly balanced, with nodes stored breadth-first so the top levels of
  /// every descent share a few cache lines, and free slots dropped. Priorities are fresh random
  /// numbers sorted by depth, so later edits see an ordinary treap.
  /// - Complexity: O(m log m) for m nodes (not rows): run after `reloadData`, never per scroll step.
  public mutating func rebalance() {
    var order: [NodeID] = []
    order.reserveCapacity(nodeCount)
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
    let m = order.count
    guard m > 0 else { return }
    var priorities = (0..<m).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
    priorities.sort(by: >)
    var fresh = ContiguousArray<Node>()
    fresh.reserveCapacity(m)
    // Breadth-first over in-order ranges: each range's middle is the subtree root.
    var queue: [(lo: Int, hi: Int, parent: Int32, isLeft: Bool)] = [(0, m, Self.none, false)]
    queue.reserveCapacity(m)
    var head = 0
    while head < queue.count {
      let (lo, hi, parent, isLeft) = queue[head]
      head += 1
      let mid = (lo + hi) / 2
      var node = nodes[Int(order[mid])]
      node.left = Self.none
      node.right = Self.none
      node.priority = priorities[fresh.count]
      let id = NodeID(fresh.count)
      fresh.append(node)
      if parent != Self.none {
        if isLeft { fresh[Int(parent)].left = id } else { fresh[Int(parent)].right = id }
      }
      if lo < mid { queue.append((lo, mid, id, true)) }
      if mid + 1 < hi { queue.append((mid + 1, hi, id, false)) }
    }
    nodes = fresh
    freeNodes.removeAll()
    root = 0
    // Children come after parents in breadth-first order: sums bottom-up in reverse.
    for id in stride(from: NodeID(m - 1), through: 0, by: -1) { update(id) }
  }
}
