// The treap underneath HeightIndex: node storage, summaries, split and merge.

extension HeightIndex {
  // MARK: Node storage (free lists keep steady-state edits allocation-free)

  mutating func makeNode(
    kind: Kind, count: Int, value: Int64, measured: Bool, mask: UInt64 = 0, chunkUnits: Int64 = 0
  ) -> NodeID {
    let node = Node(
      priority: UInt32(truncatingIfNeeded: rng.next()), kind: kind, measured: measured, count: count, value: value,
      mask: mask, chunkUnits: chunkUnits)
    let id: NodeID
    if let free = freeNodes.popLast() {
      id = free
      nodes[Int(id)] = node
    } else {
      id = NodeID(nodes.count)
      nodes.append(node)
    }
    update(id)
    return id
  }

  mutating func freeNode(_ id: NodeID) {
    if nodes[Int(id)].kind == .chunk { freeBlocks.append(Int32(nodes[Int(id)].value)) }
    freeNodes.append(id)
  }

  /// Frees a whole subtree.
  mutating func freeSubtree(_ id: NodeID) {
    guard id != Self.none else { return }
    var stack: [NodeID] = [id]
    while let n = stack.popLast() {
      let node = nodes[Int(n)]
      if node.left != Self.none { stack.append(node.left) }
      if node.right != Self.none { stack.append(node.right) }
      freeNode(n)
    }
  }

  mutating func allocateBlock() -> Int64 {
    if let block = freeBlocks.popLast() { return Int64(block) }
    let block = slab.count / Self.chunkCapacity
    slab.append(contentsOf: repeatElement(0, count: Self.chunkCapacity))
    return Int64(block)
  }

  // MARK: Chunks (the slab holds each chunk's running sums, so a search inside is binary)

  /// The sum of the first `i` heights of the chunk starting at `base`.
  @inline(__always) func chunkPrefix(_ base: Int, _ i: Int) -> Int64 { i > 0 ? slab[base + i - 1] : 0 }

  /// The height of row `i` of the chunk starting at `base`.
  @inline(__always) func chunkHeight(_ base: Int, _ i: Int) -> Int64 { slab[base + i] - chunkPrefix(base, i) }

  /// The first row of the chunk whose running sum passes `y` (so `y` lies inside it).
  @inline(__always) func chunkRow(_ base: Int, count: Int, containing y: Int64) -> Int {
    // Branch-free lower bound: the answer is in lo..<lo+n; each step halves n with a
    // conditional move instead of a jump the CPU would mispredict half of the time.
    var lo = 0
    var n = count
    while n > 1 {
      let half = n >> 1
      let right = slab[base + lo + half - 1] <= y
      lo = right ? lo + half : lo
      n = right ? n - half : half
    }
    return lo
  }

  /// Adds `delta` to the running sums of rows `i...` of a chunk.
  @inline(__always) mutating func shiftChunk(_ base: Int, from i: Int, count: Int, by delta: Int64) {
    for j in i..<count { slab[base + j] += delta }
  }

  // MARK: Summaries

  @inline(__always) func items(_ id: NodeID) -> Int { id == Self.none ? 0 : nodes[Int(id)].sumItems }
  @inline(__always) func rows(_ id: NodeID) -> Int { id == Self.none ? 0 : nodes[Int(id)].sumRows }
  @inline(__always) func sections(_ id: NodeID) -> Int { id == Self.none ? 0 : nodes[Int(id)].sumSections }
  @inline(__always) func units(_ id: NodeID) -> Int64 { id == Self.none ? 0 : nodes[Int(id)].sumUnits }
  @inline(__always) func unmeasured(_ id: NodeID) -> Int { id == Self.none ? 0 : nodes[Int(id)].sumUnmeasured }

  /// The node's own contribution: (rows, sections, units, unmeasured).
  @inline(__always) func own(_ node: Node) -> (rows: Int, sections: Int, units: Int64, unmeasured: Int) {
    switch node.kind {
    case .header: return (0, 1, node.value, 0)
    case .footer: return (0, 0, node.value, 0)
    case .run: return (node.count, 0, node.value * Int64(node.count), node.measured ? 0 : node.count)
    case .chunk: return (node.count, 0, node.chunkUnits, node.count - node.mask.nonzeroBitCount)
    }
  }

  /// The units of one node (cheaper than `own` for runs and headers).
  @inline(__always) func nodeUnits(_ node: Node) -> Int64 {
    switch node.kind {
    case .header, .footer: return node.value
    case .run: return node.value * Int64(node.count)
    case .chunk: return node.chunkUnits
    }
  }

  mutating func update(_ id: NodeID) {
    // One read and one write of the node: field-by-field writes each paid a uniqueness check.
    var node = nodes[Int(id)]
    let mine = own(node)
    let l = node.left
    let r = node.right
    node.leftItems = items(l)
    node.leftRows = rows(l)
    node.leftSections = sections(l)
    node.leftUnits = units(l)
    node.sumItems = node.leftItems + node.count + items(r)
    node.sumRows = node.leftRows + mine.rows + rows(r)
    node.sumSections = node.leftSections + mine.sections + sections(r)
    node.sumUnits = node.leftUnits + mine.units + units(r)
    node.sumUnmeasured = unmeasured(l) + mine.unmeasured + unmeasured(r)
    nodes[Int(id)] = node
  }

  // MARK: Split and merge

  /// Splits `t` into the first `k` items and the rest.
  ///
  /// When `k` falls inside a run or chunk, the node is first cut in two in place and the cut-off
  /// tail becomes a node of its own with a fresh random priority, merged in front of the right
  /// part. (A tail that inherited its origin's priority stacked every fragment of a run into one
  /// right-leaning chain: scattered edits in a fixed-height table made every descent linear.)
  /// - Complexity: O(log n) expected.
  mutating func split(_ t: NodeID, _ k: Int) -> (NodeID, NodeID) {
    guard t != Self.none else { return (Self.none, Self.none) }
    let tail = cut(t, at: k)
    let (left, right) = splitBetweenNodes(t, k)
    return (left, tail == Self.none ? right : merge(tail, right))
  }

  /// Shortens the node of `t` that holds items on both sides of position `k` so that it ends at
  /// `k`, and returns the rest as a new childless node (`none` when `k` is between two nodes).
  private mutating func cut(_ t: NodeID, at k: Int) -> NodeID {
    guard t != Self.none else { return Self.none }
    let node = nodes[Int(t)]
    let leftItems = node.leftItems
    let tail: NodeID
    if k <= leftItems {
      tail = cut(node.left, at: k)
    } else if k >= leftItems + node.count {
      tail = cut(node.right, at: k - leftItems - node.count)
    } else {
      tail = splitNode(t, keeping: k - leftItems)
    }
    if tail != Self.none { update(t) }
    return tail
  }

  /// Splits `t` at `k`, which must fall between two nodes: no node is created.
  private mutating func splitBetweenNodes(_ t: NodeID, _ k: Int) -> (NodeID, NodeID) {
    guard t != Self.none else { return (Self.none, Self.none) }
    let node = nodes[Int(t)]
    let leftItems = node.leftItems
    if k <= leftItems {
      let (a, b) = splitBetweenNodes(node.left, k)
      nodes[Int(t)].left = b
      update(t)
      return (a, t)
    }
    precondition(k >= leftItems + node.count, "split inside a node that was not cut")
    let (a, b) = splitBetweenNodes(node.right, k - leftItems - node.count)
    nodes[Int(t)].right = a
    update(t)
    return (t, b)
  }

  /// Cuts a run or chunk after its first `keep` rows; returns a new childless node with the rest.
  mutating func splitNode(_ t: NodeID, keeping keep: Int) -> NodeID {
    let node = nodes[Int(t)]
    let rest = node.count - keep
    switch node.kind {
    case .run:
      nodes[Int(t)].count = keep
      return makeNode(kind: .run, count: rest, value: node.value, measured: node.measured)
    case .chunk:
      let block = allocateBlock()
      let from = Int(node.value) * Self.chunkCapacity
      let to = Int(block) * Self.chunkCapacity
      let keptUnits = slab[from + keep - 1]
      for i in 0..<rest { slab[to + i] = slab[from + keep + i] - keptUnits }
      let restUnits = slab[to + rest - 1]
      let keptMask: UInt64 = keep == 64 ? ~0 : (1 << UInt64(keep)) &- 1
      nodes[Int(t)].count = keep
      nodes[Int(t)].mask = node.mask & keptMask
      nodes[Int(t)].chunkUnits = node.chunkUnits - restUnits
      return makeNode(
        kind: .chunk, count: rest, value: block, measured: true, mask: node.mask >> UInt64(keep), chunkUnits: restUnits)
    case .header, .footer:
      preconditionFailure("a header or footer is one item and cannot be split")
    }
  }

  mutating func merge(_ a: NodeID, _ b: NodeID) -> NodeID {
    if a == Self.none { return b }
    if b == Self.none { return a }
    if nodes[Int(a)].priority >= nodes[Int(b)].priority {
      nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
      update(a)
      return a
    } else {
      nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
      update(b)
      return b
    }
  }

  /// Splits the whole index into `[0, a)`, `[a, b)`, `[b, …)`.
  mutating func split3(_ a: Int, _ b: Int) -> (NodeID, NodeID, NodeID) {
    let (left, rest) = split(root, a)
    let (middle, right) = split(rest, b - a)
    return (left, middle, right)
  }

  // MARK: In-place edits along one path

  /// Applies `body` to the node holding item `k` (with `k` relative to that node), then fixes the
  /// sums on the way back up. `body` must not change the node's item count unless it returns
  /// normally and leaves the tree's order valid (a run may grow or shrink in place).
  mutating func modifyNode(at k: Int, _ body: (inout Node, Int, inout ContiguousArray<Int64>) -> Void) {
    func go(_ t: NodeID, _ k: Int, _ index: inout HeightIndex) {
      let node = index.nodes[Int(t)]
      let leftItems = node.leftItems
      if k < leftItems {
        go(node.left, k, &index)
      } else if k < leftItems + node.count {
        body(&index.nodes[Int(t)], k - leftItems, &index.slab)
      } else {
        go(node.right, k - leftItems - node.count, &index)
      }
      index.update(t)
    }
    go(root, k, &self)
  }

  /// The node holding item `k`, and `k`'s position inside it.
  func locate(_ k: Int) -> (node: NodeID, offset: Int) {
    var t = root
    var k = k
    while t != Self.none {
      let node = nodes[Int(t)]
      let leftItems = node.leftItems
      if k < leftItems {
        t = node.left
      } else if k < leftItems + node.count {
        return (t, k - leftItems)
      } else {
        k -= leftItems + node.count
        t = node.right
      }
    }
    return (Self.none, 0)
  }

  /// Tries to add one row to the end of the last node of `t` (a chunk with room, or a run with
  /// the same height and state). Returns whether it did.
  mutating func appendToLast(_ t: NodeID, units: Int64, measured: Bool) -> Bool {
    guard t != Self.none else { return false }
    let node = nodes[Int(t)]
    let done: Bool
    if node.right != Self.none {
      done = appendToLast(node.right, units: units, measured: measured)
    } else if node.kind == .run, node.value == units, node.measured == measured {
      nodes[Int(t)].count += 1
      done = true
    } else if node.kind == .chunk, node.count < Self.chunkCapacity {
      Self.appendRow(toChunk: &nodes[Int(t)], &slab, units: units, measured: measured)
      done = true
    } else {
      done = false
    }
    if done { update(t) }
    return done
  }

  /// Tries to add one row to the start of the first node of `t`. Returns whether it did.
  mutating func prependToFirst(_ t: NodeID, units: Int64, measured: Bool) -> Bool {
    guard t != Self.none else { return false }
    let node = nodes[Int(t)]
    let done: Bool
    if node.left != Self.none {
      done = prependToFirst(node.left, units: units, measured: measured)
    } else if node.kind == .run, node.value == units, node.measured == measured {
      nodes[Int(t)].count += 1
      done = true
    } else if node.kind == .chunk, node.count < Self.chunkCapacity {
      Self.prependRow(toChunk: &nodes[Int(t)], &slab, units: units, measured: measured)
      done = true
    } else {
      done = false
    }
    if done { update(t) }
    return done
  }

  /// Adds a row after the last row of a chunk with room (its own sums only; not the tree's).
  static func appendRow(toChunk node: inout Node, _ slab: inout ContiguousArray<Int64>, units: Int64, measured: Bool) {
    let base = Int(node.value) * chunkCapacity
    let i = node.count
    slab[base + i] = (i > 0 ? slab[base + i - 1] : 0) + units
    if measured { node.mask |= 1 << UInt64(i) }
    node.chunkUnits += units
    node.count = i + 1
  }

  /// Adds a row before the first row of a chunk with room, shifting its running sums (its own
  /// sums only; not the tree's).
  static func prependRow(toChunk node: inout Node, _ slab: inout ContiguousArray<Int64>, units: Int64, measured: Bool) {
    let base = Int(node.value) * chunkCapacity
    var i = node.count
    while i > 0 {
      slab[base + i] = slab[base + i - 1] + units
      i -= 1
    }
    slab[base] = units
    node.mask = (node.mask << 1) | (measured ? 1 : 0)
    node.chunkUnits += units
    node.count += 1
  }

  /// A one-row node: a single-row chunk when measured (so neighbours can join it), else a run.
  mutating func makeRow(units: Int64, measured: Bool) -> NodeID {
    if measured {
      let block = allocateBlock()
      slab[Int(block) * Self.chunkCapacity] = units
      return makeNode(kind: .chunk, count: 1, value: block, measured: true, mask: 1, chunkUnits: units)
    }
    return makeNode(kind: .run, count: 1, value: units, measured: false)
  }

  /// Merges `left`, one row, and `right`, joining the row to a neighbour when it can.
  mutating func joinRow(_ left: NodeID, units: Int64, measured: Bool, _ right: NodeID) -> NodeID {
    if appendToLast(left, units: units, measured: measured) { return merge(left, right) }
    if prependToFirst(right, units: units, measured: measured) { return merge(left, right) }
    return merge(merge(left, makeRow(units: units, measured: measured)), right)
  }
}
