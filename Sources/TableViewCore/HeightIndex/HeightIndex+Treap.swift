// The treap underneath HeightIndex: node storage, summaries, split and merge.

extension HeightIndex {
  // MARK: Node storage (free lists keep steady-state edits allocation-free)

  /// Adds a childless node (its sums taken) and returns it.
  mutating func makeNode(flags: UInt16, count: Int, a: Int64, b: Int64, c: Int64) -> NodeID {
    let node = Node(flags: flags, count: count, a: a, b: b, c: c)
    let summary = Summary(priority: UInt32(truncatingIfNeeded: rng.next()))
    let id: NodeID
    if let free = freeNodes.popLast() {
      id = free
      nodes[Int(id)] = node
      summaries[Int(id)] = summary
    } else {
      id = NodeID(nodes.count)
      nodes.append(node)
      summaries.append(summary)
    }
    // A bulk load takes every node's sums once, at the end (`rebalance()`).
    if bulkOrder == nil { update(id) }
    return id
  }

  /// A span: `rows` rows of `rowUnits` each, after a header of `header` units and before a
  /// footer of `footer` units when those are given.
  mutating func makeSpan(header: Int64?, rows: Int, rowUnits: Int64, measured: Bool, footer: Int64?) -> NodeID {
    var flags: UInt16 = measured ? Flag.measured : 0
    if header != nil { flags |= Flag.header }
    if footer != nil { flags |= Flag.footer }
    return makeNode(flags: flags, count: rows, a: header ?? 0, b: footer ?? 0, c: rowUnits)
  }

  mutating func freeNode(_ id: NodeID) {
    if nodes[Int(id)].isChunk { freeChunks[nodes[Int(id)].chunkClass].append(Int(nodes[Int(id)].a)) }
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

  // MARK: Summaries

  @inline(__always) func items(_ id: NodeID) -> Int {
    id == Self.none ? 0 : nodes[Int(id)].sumItems(summaries[Int(id)])
  }
  @inline(__always) func rows(_ id: NodeID) -> Int { id == Self.none ? 0 : summaries[Int(id)].rows }
  @inline(__always) func units(_ id: NodeID) -> Int64 { id == Self.none ? 0 : summaries[Int(id)].units }
  @inline(__always) func unmeasured(_ id: NodeID) -> Int { id == Self.none ? 0 : summaries[Int(id)].unmeasured }

  /// The node's own unmeasured rows.
  @inline(__always) static func ownUnmeasured(_ node: Node) -> Int {
    if node.isChunk { return node.count - Int(node.b) }
    return node.measured ? 0 : node.count
  }

  /// Takes the node's sums again from its children and its own contents.
  @inline(__always) mutating func update(_ id: NodeID) {
    nodes.withUnsafeMutableBufferPointer { nodes in
      summaries.withUnsafeMutableBufferPointer { Self.update(Int(id), in: nodes, $0) }
    }
  }

  /// Takes node `id`'s sums again from its children and its own contents, in `nodes` and
  /// `summaries`.
  @inline(__always) static func update(
    _ id: Int, in nodes: UnsafeMutableBufferPointer<Node>, _ summaries: UnsafeMutableBufferPointer<Summary>
  ) {
    // One read and one write of the node.
    var node = nodes[id]
    var flags = node.flags & Flag.own
    // A chunk is all rows: open at both ends. A span is open where it has no header or footer.
    let ownOpenStart = node.isChunk || !node.hasHeader
    let ownOpenEnd = node.isChunk || !node.hasFooter
    var rows = node.count
    var sections = UInt32(node.headerItems)
    var units = node.ownUnits
    var unmeasured = ownUnmeasured(node)
    if node.left != HeightIndex.none {
      let l = nodes[Int(node.left)]
      let ls = summaries[Int(node.left)]
      node.leftItems = l.sumItems(ls)
      node.leftUnits = ls.units
      node.leftSections = ls.sections
      rows += ls.rows
      sections += ls.sections
      units += ls.units
      unmeasured += ls.unmeasured
      // The left subtree's open bits, kept as this node's left bits and as its own start.
      flags |= (l.flags & (Flag.openStart | Flag.openEnd)) << 2
      flags |= l.flags & Flag.openStart
    } else {
      node.leftItems = 0
      node.leftUnits = 0
      node.leftSections = 0
      if ownOpenStart { flags |= Flag.openStart }
    }
    if node.right != HeightIndex.none {
      let r = nodes[Int(node.right)]
      let rs = summaries[Int(node.right)]
      rows += rs.rows
      sections += rs.sections
      units += rs.units
      unmeasured += rs.unmeasured
      flags |= r.flags & Flag.openEnd
    } else if ownOpenEnd {
      flags |= Flag.openEnd
    }
    node.flags = flags
    nodes[id] = node
    summaries[id].rows = rows
    summaries[id].sections = sections
    summaries[id].units = units
    summaries[id].unmeasured = unmeasured
  }

  // MARK: Split and merge

  /// Splits `t` into the first `k` items and the rest.
  ///
  /// When `k` falls inside a span or chunk, the node is first cut in two in place and the cut-off
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
    } else if k >= leftItems + node.items {
      tail = cut(node.right, at: k - leftItems - node.items)
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
    precondition(k >= leftItems + node.items, "split inside a node that was not cut")
    let (a, b) = splitBetweenNodes(node.right, k - leftItems - node.items)
    nodes[Int(t)].right = a
    update(t)
    return (t, b)
  }

  /// Cuts a span or chunk after its first `keep` items (0 < keep < items); returns a new
  /// childless node with the rest. A span's header stays, its footer goes with the rest.
  mutating func splitNode(_ t: NodeID, keeping keep: Int) -> NodeID {
    let node = nodes[Int(t)]
    if !node.isChunk {
      let keptRows = min(max(0, keep - node.headerItems), node.count)
      nodes[Int(t)].count = keptRows
      nodes[Int(t)].flags &= ~Flag.footer
      nodes[Int(t)].b = 0
      return makeNode(
        flags: node.flags & (Flag.measured | Flag.footer), count: node.count - keptRows, a: 0, b: node.b, c: node.c)
    }
    return splitChunk(t, keeping: keep)
  }

  mutating func merge(_ a: NodeID, _ b: NodeID) -> NodeID {
    if a == Self.none { return b }
    if b == Self.none { return a }
    if summaries[Int(a)].priority >= summaries[Int(b)].priority {
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
  /// sums on the way back up. `body` may change the node's rows (a span may grow or shrink in
  /// place) but not its header or footer.
  mutating func modifyNode(at k: Int, _ body: (inout Node, Int, inout ChunkStore) -> Void) {
    func go(_ t: NodeID, _ k: Int, _ index: inout HeightIndex) {
      let node = index.nodes[Int(t)]
      let leftItems = node.leftItems
      if k < leftItems {
        go(node.left, k, &index)
      } else if k < leftItems + node.items {
        body(&index.nodes[Int(t)], k - leftItems, &index.slab)
      } else {
        go(node.right, k - leftItems - node.items, &index)
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
      } else if k < leftItems + node.items {
        return (t, k - leftItems)
      } else {
        k -= leftItems + node.items
        t = node.right
      }
    }
    return (Self.none, 0)
  }

  /// Whether a span can take one more row of `units` at its end (`atEnd`) or start: no footer
  /// (header) in the way, and no rows yet or rows of the same height and state.
  @inline(__always) static func spanTakes(_ node: Node, atEnd: Bool, units: Int64, measured: Bool) -> Bool {
    guard !node.isChunk, !(atEnd ? node.hasFooter : node.hasHeader) else { return false }
    return node.count == 0 || (node.c == units && node.measured == measured)
  }

  /// Adds `rows` rows of `units` to a span that `spanTakes` accepted (its own contents only).
  @inline(__always) static func growSpan(_ node: inout Node, by rows: Int, units: Int64, measured: Bool) {
    if node.count == 0 {
      node.c = units
      node.flags = measured ? node.flags | Flag.measured : node.flags & ~Flag.measured
    }
    node.count += rows
  }

  /// Tries to add one row to the end of the last node of `t` (a chunk with room, or a span that
  /// takes it). Returns whether it did.
  mutating func appendToLast(_ t: NodeID, units: Int64, measured: Bool) -> Bool {
    guard t != Self.none else { return false }
    let node = nodes[Int(t)]
    let done: Bool
    if node.right != Self.none {
      done = appendToLast(node.right, units: units, measured: measured)
    } else if Self.spanTakes(node, atEnd: true, units: units, measured: measured) {
      Self.growSpan(&nodes[Int(t)], by: 1, units: units, measured: measured)
      done = true
    } else if node.isChunk, makeRoomAtEnd(ofChunk: t) {
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
    } else if Self.spanTakes(node, atEnd: false, units: units, measured: measured) {
      Self.growSpan(&nodes[Int(t)], by: 1, units: units, measured: measured)
      done = true
    } else if node.isChunk, node.count < Self.prependableChunkRows {
      Self.insertRow(intoChunk: &nodes[Int(t)], &slab, at: 0, units: units, measured: measured)
      done = true
    } else {
      done = false
    }
    if done { update(t) }
    return done
  }

  /// A one-row node: a single-row chunk when measured (so neighbours can join it), else a span.
  mutating func makeRow(units: Int64, measured: Bool) -> NodeID {
    if measured { return makeChunk(row: units, measured: true) }
    return makeSpan(header: nil, rows: 1, rowUnits: units, measured: false, footer: nil)
  }

  /// Merges `left`, one row, and `right`, joining the row to a neighbour when it can.
  mutating func joinRow(_ left: NodeID, units: Int64, measured: Bool, _ right: NodeID) -> NodeID {
    if appendToLast(left, units: units, measured: measured) { return merge(left, right) }
    if prependToFirst(right, units: units, measured: measured) { return merge(left, right) }
    return merge(merge(left, makeRow(units: units, measured: measured)), right)
  }
}
