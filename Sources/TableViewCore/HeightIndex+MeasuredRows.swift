// The mirror of `firstUnmeasuredItem`: what an empty batch update needs to mark every measured row
// as an estimate again without visiting the rows that never were measured.

extension HeightIndex {
  /// The first measured row at item index `k` or after, as an item index.
  /// - Complexity: O(log n)
  func firstMeasuredRowItem(from k: Int) -> Int? {
    func go(_ t: NodeID, _ k: Int) -> Int? {
      guard t != Self.none, rows(t) > unmeasured(t) else { return nil }
      let node = nodes[Int(t)]
      let leftItems = node.leftItems
      if k < leftItems, let found = go(node.left, k) { return found }
      let from = max(0, k - leftItems)
      if from < node.count {
        switch node.kind {
        case .run where node.measured: return leftItems + from
        case .chunk:
          let done = node.mask >> UInt64(from)
          if done != 0 {
            let i = from + done.trailingZeroBitCount
            if i < node.count { return leftItems + i }
          }
        default: break
        }
      }
      return go(node.right, max(0, k - leftItems - node.count)).map { $0 + leftItems + node.count }
    }
    return go(root, max(0, k))
  }
}
