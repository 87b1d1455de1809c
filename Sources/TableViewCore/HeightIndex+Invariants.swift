// Structural checks the randomized tests call after every operation.

extension HeightIndex {
  /// Verifies heap order, a depth within a small multiple of log₂(nodes), every subtree sum, chunk bounds and the header/footer pairing.
  /// Compiled to nothing in release builds.
  func _checkInvariants() {
    #if DEBUG
      func check(_ t: NodeID) -> (items: Int, rows: Int, sections: Int, units: Int64, unmeasured: Int) {
        guard t != Self.none else { return (0, 0, 0, 0, 0) }
        let node = nodes[Int(t)]
        for child in [node.left, node.right] where child != Self.none {
          precondition(nodes[Int(child)].priority <= node.priority, "heap order broken at node \(t)")
        }
        precondition(node.count > 0, "empty node \(t)")
        if node.kind == .chunk {
          precondition(node.count <= Self.chunkCapacity, "chunk overflow at \(t)")
          let base = Int(node.value) * Self.chunkCapacity
          precondition(node.chunkUnits == slab[base + node.count - 1], "chunk sum at \(t)")
          for i in 0..<node.count { precondition(chunkHeight(base, i) >= 0, "chunk running sums at \(t)") }
        }
        if node.kind == .header || node.kind == .footer { precondition(node.count == 1) }
        let l = check(node.left)
        precondition(
          node.leftItems == l.items && node.leftRows == l.rows && node.leftSections == l.sections
            && node.leftUnits == l.units, "left sums at \(t)")
        let r = check(node.right)
        let mine = own(node)
        let sums = (
          l.items + node.count + r.items, l.rows + mine.rows + r.rows, l.sections + mine.sections + r.sections,
          l.units + mine.units + r.units, l.unmeasured + mine.unmeasured + r.unmeasured
        )
        precondition(node.sumItems == sums.0 && node.sumRows == sums.1 && node.sumSections == sums.2, "counts at \(t)")
        precondition(node.sumUnits == sums.3 && node.sumUnmeasured == sums.4, "sums at \(t)")
        return sums
      }
      _ = check(root)
      // A treap of m nodes with independent random priorities is about 3·log₂ m deep; a chain
      // (fragments sharing one priority) is m deep.
      let m = nodeCount
      let log2m = m > 1 ? Int.bitWidth - (m - 1).leadingZeroBitCount : 1
      precondition(depth <= 4 * log2m + 4, "treap depth \(depth) for \(m) nodes: not balanced")
      precondition(itemCount == rowCount + 2 * sectionCount, "every section must have one header and one footer")
    #endif
  }
}

extension HeightIndex {
  /// The number of nodes on the longest path from the root (0 when empty).
  /// - Complexity: O(m) for m nodes.
  var depth: Int {
    var deepest = 0
    var stack: [(NodeID, Int)] = root == Self.none ? [] : [(root, 1)]
    while let (t, d) = stack.popLast() {
      deepest = max(deepest, d)
      let node = nodes[Int(t)]
      if node.left != Self.none { stack.append((node.left, d + 1)) }
      if node.right != Self.none { stack.append((node.right, d + 1)) }
    }
    return deepest
  }
}
