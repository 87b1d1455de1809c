// Structural checks the randomized tests call after every operation.

extension HeightIndex {
  /// Verifies heap order, a depth within a small multiple of log₂(nodes), every subtree sum and
  /// open bit, chunk bounds, the contents of every span, and that the items read header, rows,
  /// footer, section after section. Compiled to nothing in release builds.
  /// - Complexity: O(n) for n nodes.
  func _checkInvariants() {
    #if DEBUG
      typealias Sums = (items: Int, rows: Int, sections: UInt32, units: Int64, unmeasured: Int, flags: UInt16)
      let open = Flag.openStart | Flag.openEnd
      func check(_ t: NodeID) -> Sums {
        guard t != Self.none else { return (0, 0, 0, 0, 0, 0) }
        let node = nodes[Int(t)]
        for child in [node.left, node.right] where child != Self.none {
          precondition(summaries[Int(child)].priority <= summaries[Int(t)].priority, "heap order broken at node \(t)")
        }
        precondition(node.items > 0 && node.count >= 0, "empty node \(t)")
        precondition(
          Int(node.ownExtraItems) == node.headerItems + node.footerItems, "header and footer items at \(t)")
        var ownOpen: UInt16 = 0
        if node.isChunk {
          precondition(node.flags & (Flag.header | Flag.footer | Flag.measured) == 0, "chunk flags at \(t)")
          precondition(node.chunkClass <= Self.maximumChunkClass, "chunk class at \(t)")
          precondition(node.count <= node.chunkCapacity, "chunk overflow at \(t)")
          precondition(
            node.a >= 0 && node.a % 64 == 0 && Int(node.a) + node.chunkCapacity <= slab.rows.count
              && slab.blocks.count == slab.rows.count / 32, "chunk space at \(t)")
          var total: Int64 = 0
          var measuredRows = 0
          for i in 0..<node.count {
            precondition(chunkHeight(node, i) >= 0, "chunk running sums at \(t)")
            total += chunkHeight(node, i)
            precondition(chunkPrefix(node, i + 1) == total, "chunk block sums at \(t)")
            if chunkIsMeasured(node, i) { measuredRows += 1 }
          }
          precondition(node.c == total, "chunk sum at \(t)")
          precondition(Int(node.b) == measuredRows, "chunk measured rows at \(t)")
          // Bits past the last row are clear (appending a row only sets bits).
          let last = (node.count - 1) / Self.blockRows
          let word = slab.blocks[
            Self.maskEntry(base: Int(node.a), rows: node.chunkCapacity, row: last * Self.blockRows)]
          precondition(UInt64(bitPattern: word) == chunkMask(node, block: last), "chunk bits past its rows at \(t)")
          ownOpen = open
        } else {
          precondition(node.hasHeader || node.a == 0, "a span without a header has header units at \(t)")
          precondition(node.hasFooter || node.b == 0, "a span without a footer has footer units at \(t)")
          if !node.hasHeader { ownOpen |= Flag.openStart }
          if !node.hasFooter { ownOpen |= Flag.openEnd }
        }
        let l = check(node.left)
        precondition(
          node.leftItems == l.items && node.leftRows == l.rows && node.leftSections == l.sections
            && node.leftUnits == l.units && (node.flags >> 2) & open == l.flags, "left sums at \(t)")
        let r = check(node.right)
        let flags =
          (node.left == Self.none ? ownOpen & Flag.openStart : l.flags & Flag.openStart)
          | (node.right == Self.none ? ownOpen & Flag.openEnd : r.flags & Flag.openEnd)
        precondition(node.flags & open == flags, "open bits at \(t)")
        let sums: Sums = (
          l.items + node.items + r.items, l.rows + node.count + r.rows,
          l.sections + UInt32(node.headerItems) + r.sections, l.units + node.ownUnits + r.units,
          l.unmeasured + Self.ownUnmeasured(node) + r.unmeasured, flags
        )
        let summary = summaries[Int(t)]
        precondition(node.sumItems(summary) == sums.items && summary.rows == sums.rows, "counts at \(t)")
        precondition(summary.sections == sums.sections, "sections at \(t)")
        precondition(summary.units == sums.units && summary.unmeasured == sums.unmeasured, "sums at \(t)")
        return sums
      }
      precondition(summaries.count == nodes.count, "a summary for every node")
      _ = check(root)
      // A treap of m nodes with independent random priorities is about 3·log₂ m deep; a chain
      // (fragments sharing one priority) is m deep.
      let m = storedNodeCount
      let log2m = m > 1 ? Int.bitWidth - (m - 1).leadingZeroBitCount : 1
      precondition(depth <= 4 * log2m + 4, "treap depth \(depth) for \(m) nodes: not balanced")
      precondition(itemCount == rowCount + 2 * sectionCount, "every section must have one header and one footer")
      // In order: a header, then rows, then the footer, for every section.
      var inSection = false
      for t in inOrderNodes() {
        let node = nodes[Int(t)]
        if node.hasHeader {
          precondition(!inSection, "a header inside a section at node \(t)")
          inSection = true
        }
        precondition(inSection || node.count == 0 && !node.hasFooter, "rows or a footer outside a section at \(t)")
        if node.hasFooter { inSection = false }
      }
      precondition(!inSection, "the last section has no footer")
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
