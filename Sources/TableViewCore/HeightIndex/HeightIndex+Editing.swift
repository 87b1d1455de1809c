// Changes to the height index. Each is O(log n) by split and merge, except building and
// freeing, which are linear in the nodes they create or free (never in rows at an estimate).

extension HeightIndex {
  /// Appends a section whose rows all have one height (a fixed row height, or an estimate when
  /// `measured` is false): one node.
  /// - Complexity: O(log n), whatever `rows` is; O(1) during a bulk load.
  package mutating func appendSection(header: Int64, footer: Int64, rows: Int, rowUnits: Int64, measured: Bool) {
    generation &+= 1
    append(makeSpan(header: header, rows: rows, rowUnits: rowUnits, measured: measured, footer: footer))
  }

  /// Appends a section with one measured height per row (packed up to `maximumChunkRows` (256) to a node).
  /// - Complexity: O(rows / 64 · log n); O(rows) during a bulk load.
  package mutating func appendSection(header: Int64, footer: Int64, rowUnits: some Sequence<Int64>) {
    generation &+= 1
    appendSection(header: header, footer: footer, rows: rowUnits.lazy.map { ($0, true) })
  }

  /// Appends a section with one height per row, each measured or an estimate: consecutive
  /// estimates of one height share a span, other rows are packed up to `maximumChunkRows` (256) to a chunk.
  /// - Complexity: O(rows) (O(rows / 256 · log n) nodes merged when not a bulk load).
  package mutating func appendSection(
    header: Int64, footer: Int64, rows: some Sequence<(units: Int64, measured: Bool)>
  ) {
    generation &+= 1
    // The header starts a span that takes the first rows when they are estimates of one height.
    var current = makeSpan(header: header, rows: 0, rowUnits: 0, measured: false, footer: nil)
    for (h, measured) in rows {
      var node = nodes[Int(current)]
      if !measured, Self.spanTakes(node, atEnd: true, units: h, measured: false) {
        Self.growSpan(&nodes[Int(current)], by: 1, units: h, measured: false)
        continue
      }
      if !node.isChunk, !node.hasHeader, node.count == 1 {
        // A lone row followed by a different one: rows of many heights share a chunk.
        let chunk = makeChunk(row: node.c, measured: node.measured)
        freeNode(current)
        current = chunk
        node = nodes[Int(current)]
      }
      if node.isChunk, makeRoomAtEnd(ofChunk: current) {
        Self.appendRow(toChunk: &nodes[Int(current)], &slab, units: h, measured: measured)
        continue
      }
      update(current)
      append(current)
      current =
        measured
        ? makeChunk(row: h, measured: true) : makeSpan(header: nil, rows: 1, rowUnits: h, measured: false, footer: nil)
    }
    if nodes[Int(current)].isChunk {
      update(current)
      append(current)
      append(makeSpan(header: nil, rows: 0, rowUnits: 0, measured: false, footer: footer))
    } else {
      nodes[Int(current)].flags |= Flag.footer
      nodes[Int(current)].b = footer
      update(current)
      append(current)
    }
  }

  /// Adds a childless node after everything: merged at once, or listed during a bulk load.
  private mutating func append(_ node: NodeID) {
    if bulkOrder != nil {
      bulkOrder!.append(node)
    } else {
      root = merge(root, node)
    }
  }

  /// Starts a bulk load into an empty index: the `appendSection` calls that follow only list
  /// their nodes, and ``rebalance()`` links them all at once into a balanced tree — O(m) for m
  /// nodes instead of O(m log m). Queries are not answered until then.
  ///
  /// - Parameter sections: how many sections are expected (room is made for one node each;
  ///   clamped, so a wrong guess costs nothing but time; pages reserved and not used are never
  ///   touched, so they cost address space, not memory).
  package mutating func beginBulkLoad(expectingSections sections: Int = 0) {
    generation &+= 1
    precondition(root == Self.none, "a bulk load starts from an empty index")
    let expected = min(max(0, sections), 1 << 22)
    bulkOrder = []
    bulkOrder!.reserveCapacity(expected)
    // Room to grow by half again after the load, reserved now: growing later would copy it all.
    nodes.reserveCapacity(expected + expected / 2 + 64)
    summaries.reserveCapacity(expected + expected / 2 + 64)
  }

  /// Removes everything.
  /// - Complexity: O(n)
  package mutating func removeAll() {
    generation &+= 1
    nodes.removeAll(keepingCapacity: true)
    summaries.removeAll(keepingCapacity: true)
    freeNodes.removeAll(keepingCapacity: true)
    slab.removeAll()
    for c in freeChunks.indices { freeChunks[c].removeAll(keepingCapacity: true) }
    root = Self.none
    bulkOrder = nil
  }

  /// Sets the height of item `k` (a row, header or footer), marking a row measured or not.
  /// - Complexity: O(log n)
  package mutating func setHeight(ofItem k: Int, units h: Int64, measured: Bool = true) {
    generation &+= 1
    let (t, offset) = locate(k)
    precondition(t != Self.none, "item \(k) is outside the index (\(itemCount) items)")
    let node = nodes[Int(t)]
    if node.isChunk {
      modifyNode(at: k) { node, offset, slab in
        _ = HeightIndex.setRow(&node, &slab, row: offset, units: h, measured: measured)
      }
      return
    }
    if offset < node.headerItems {
      modifyNode(at: k) { node, _, _ in node.a = h }
    } else if offset >= node.headerItems + node.count {
      modifyNode(at: k) { node, _, _ in node.b = h }
    } else if node.c == h && node.measured == measured {
      return
    } else if node.count == 1 {
      modifyNode(at: k) { node, _, _ in
        node.c = h
        node.flags = measured ? node.flags | Flag.measured : node.flags & ~Flag.measured
      }
    } else {
      let (left, middle, right) = split3(k, k + 1)
      freeNode(middle)
      root = joinRow(left, units: h, measured: measured, right)
    }
  }

  /// Inserts `count` rows of one height before item `k` (which must be a row or a footer).
  /// - Complexity: O(log n)
  package mutating func insertRows(at k: Int, count: Int, units h: Int64, measured: Bool) {
    generation &+= 1
    guard count > 0 else { return }
    // Grow a neighbouring span of the same height in place: inserting estimated rows into
    // estimated rows costs no memory. The rows go after item `k - 1` and before item `k`.
    for probe in [k - 1, k] where probe >= 0 && probe < itemCount {
      let (t, offset) = locate(probe)
      let node = nodes[Int(t)]
      let at = probe == k ? offset : offset + 1
      guard !node.isChunk, at >= node.headerItems, at <= node.headerItems + node.count,
        node.count == 0 || (node.c == h && node.measured == measured)
      else { continue }
      modifyNode(at: probe) { node, _, _ in HeightIndex.growSpan(&node, by: count, units: h, measured: measured) }
      return
    }
    if count == 1, insertRowInChunk(at: k, units: h, measured: measured) { return }
    let (left, right) = split(root, k)
    if count == 1 {
      root = joinRow(left, units: h, measured: measured, right)
    } else {
      let run = makeSpan(header: nil, rows: count, rowUnits: h, measured: measured, footer: nil)
      root = merge(merge(left, run), right)
    }
  }

  /// Inserts explicit row heights before item `k`.
  /// - Complexity: O(heights.count · log n)
  package mutating func insertRows(at k: Int, heights: [(units: Int64, measured: Bool)]) {
    generation &+= 1
    if heights.count == 1, insertRowInChunk(at: k, units: heights[0].units, measured: heights[0].measured) { return }
    var (left, right) = split(root, k)
    for (h, m) in heights {
      if !appendToLast(left, units: h, measured: m) { left = merge(left, makeRow(units: h, measured: m)) }
    }
    root = merge(left, right)
  }

  /// Removes items `range`.
  /// - Complexity: O(log n) plus the nodes freed.
  package mutating func removeItems(_ range: Range<Int>) {
    generation &+= 1
    guard !range.isEmpty else { return }
    // Rows inside one span leave it in place: a fixed-height or still-estimated section cut at
    // thousands of places (a chat, a log tail) stays one node instead of thousands of fragments.
    if removeInsideSpan(range) != nil { return }
    // One row of a chunk leaves it in place.
    if range.count == 1, removeRowInChunk(at: range.lowerBound) != nil { return }
    let (left, middle, right) = split3(range.lowerBound, range.upperBound)
    freeSubtree(middle)
    root = merge(left, right)
  }

  /// A detached run of items, held inside the index until it is inserted again or discarded.
  package struct Detached: Sendable {
    let root: Int32
    /// Items in the detached run.
    package let itemCount: Int
  }

  /// Detaches items `range`, keeping their heights (to move them elsewhere).
  /// - Complexity: O(log n)
  package mutating func extractItems(_ range: Range<Int>) -> Detached {
    generation &+= 1
    // Rows inside one span leave it in place and travel as a span of their own (not in the
    // tree): moving estimated rows about (a diffable apply, a reorder) cuts nothing, so the
    // run stays one node however many rows move.
    if let rows = removeInsideSpan(range) {
      let run = makeSpan(header: nil, rows: range.count, rowUnits: rows.units, measured: rows.measured, footer: nil)
      return Detached(root: run, itemCount: range.count)
    }
    // One row of a chunk leaves it in place and travels as a node of its own.
    if range.count == 1, let row = removeRowInChunk(at: range.lowerBound) {
      return Detached(root: makeRow(units: row.units, measured: row.measured), itemCount: 1)
    }
    let (left, middle, right) = split3(range.lowerBound, range.upperBound)
    root = merge(left, right)
    return Detached(root: middle, itemCount: items(middle))
  }

  /// Inserts previously detached items before item `k`.
  /// - Complexity: O(log n)
  package mutating func insert(_ detached: Detached, at k: Int) {
    generation &+= 1
    let node = nodes[Int(detached.root)]
    if !node.isChunk, !node.hasHeader, !node.hasFooter, node.left == Self.none, node.right == Self.none {
      // Rows of one height: they join a neighbouring span of that height in place when there is one.
      freeNode(detached.root)
      insertRows(at: k, count: node.count, units: node.c, measured: node.measured)
      return
    }
    if node.isChunk, node.count == 1, node.left == Self.none, node.right == Self.none,
      insertRowInChunk(at: k, units: chunkHeight(node, 0), measured: chunkIsMeasured(node, 0))
    {
      // One row of a chunk joins the chunk before it in place.
      freeNode(detached.root)
      return
    }
    let (left, right) = split(root, k)
    root = merge(merge(left, detached.root), right)
  }

  /// Removes the rows `range` from the span that holds them all, in place (the span shortens; no
  /// node is cut), and returns their height and state; `nil`, changing nothing, when the range is
  /// not rows inside one span (or is the whole span).
  /// - Complexity: O(log n)
  private mutating func removeInsideSpan(_ range: Range<Int>) -> (units: Int64, measured: Bool)? {
    guard !range.isEmpty else { return nil }
    let (t, offset) = locate(range.lowerBound)
    guard t != Self.none else { return nil }
    let node = nodes[Int(t)]
    guard !node.isChunk, offset >= node.headerItems, offset + range.count <= node.headerItems + node.count,
      range.count < node.count
    else { return nil }
    let c = range.count
    adjust(item: range.lowerBound, rows: -c, units: -node.c * Int64(c), unmeasured: node.measured ? 0 : -c) {
      node, _ in node.count -= c
    }
    return (node.c, node.measured)
  }

  /// Frees detached items that will not come back.
  /// - Complexity: O(m) for the m nodes detached.
  package mutating func discard(_ detached: Detached) { freeSubtree(detached.root) }

  /// Inserts a section before section `s` (or at the end when `s == sectionCount`).
  /// - Complexity: O(log n)
  package mutating func insertSection(
    at s: Int, header: Int64, footer: Int64, rows: Int, rowUnits: Int64, measured: Bool
  ) {
    generation &+= 1
    let k = itemIndex(ofHeader: s)
    let section = makeSpan(header: header, rows: rows, rowUnits: rowUnits, measured: measured, footer: footer)
    let (left, right) = split(root, k)
    root = merge(merge(left, section), right)
  }

  /// The item range of section `s`: its header, rows and footer.
  /// - Complexity: O(log n)
  package func itemRange(ofSection s: Int) -> Range<Int> { itemIndex(ofHeader: s)..<itemIndex(ofHeader: s + 1) }

  /// Marks every row of section `s` unmeasured at height `h` (an estimate), keeping its header
  /// and footer: the section becomes one span. Used by `reloadSections` and invalidation.
  /// - Complexity: O(log n) plus the nodes freed.
  package mutating func resetRows(inSection s: Int, units h: Int64) {
    generation &+= 1
    let range = itemRange(ofSection: s)
    let header = height(ofItem: range.lowerBound)
    let footer = height(ofItem: range.upperBound - 1)
    let (left, middle, right) = split3(range.lowerBound, range.upperBound)
    freeSubtree(middle)
    let fresh = makeSpan(header: header, rows: range.count - 2, rowUnits: h, measured: false, footer: footer)
    root = merge(merge(left, fresh), right)
  }
}

extension HeightIndex {
  /// What `updateHeight` found at the item before changing it.
  package struct HeightChange: Sendable {
    /// The item's height before, in units.
    package var oldUnits: Int64
    /// The item's offset, in units (not summed inside a chunk when `wantsStart` is false).
    package var start: Int64
    /// Rows before the item.
    package var rowsBefore: Int
    /// What the item is.
    package var kind: ItemKind
  }

  /// Sets item `k`'s height and reports its old height and offset. When the item is in a chunk,
  /// is a header or footer, or is a one-row run, this is one read descent, which records its
  /// path, and one write pass along that (now cached) path that adds the change to each sum — no
  /// sibling is read. The write pass follows at most `levels` recorded levels (at most
  /// `recordedPathLength`) and descends again to a deeper landing; the tests ask for few levels,
  /// so that both ways are taken.
  /// - Complexity: O(log n)
  @discardableResult
  package mutating func updateHeight(
    ofItem k: Int, units h: Int64, measured: Bool, wantsStart: Bool = true,
    recordingAtMost levels: Int = HeightIndex.recordedPathLength
  ) -> HeightChange {
    generation &+= 1
    let capacity = min(max(0, levels), Self.recordedPathLength)
    return withUnsafeTemporaryAllocation(of: NodeID.self, capacity: capacity) { path in
      updateHeight(ofItem: k, units: h, measured: measured, wantsStart: wantsStart, path: path)
    }
  }

  /// The most levels of a descent `updateHeight` records, so that its second pass follows them
  /// instead of descending again (a deeper path, far beyond a treap's expected depth of about
  /// 2·ln n, is descended again). One bit a level says where it turned left: 64 fit a word.
  package static let recordedPathLength = 64

  /// `updateHeight(ofItem:units:measured:wantsStart:recordingAtMost:)`, recording its descent in `path`.
  private mutating func updateHeight(
    ofItem k: Int, units h: Int64, measured: Bool, wantsStart: Bool, path: UnsafeMutableBufferPointer<NodeID>
  ) -> HeightChange {
    var t = root
    var rest = k
    var start: Int64 = 0
    var rowsBefore = 0
    var depth = 0
    // Bit i: the descent turned left at `path[i]` (the change is then in that node's left sums).
    var leftTurns: UInt64 = 0
    // The descent of `offset(ofItem:)`: a short level with a jump the processor guesses, and
    // additions that wrap (every sum on the way is part of the root's).
    nodes.withUnsafeBufferPointer { nodes in
      while t != Self.none {
        let leftItems = nodes[Int(t)].leftItems
        let end = nodes[Int(t)].itemsThrough
        if rest >= end {
          let node = nodes[Int(t)]
          start &+= node.leftUnits &+ node.wrappingOwnUnits
          rowsBefore &+= node.leftRows &+ node.count
          rest &-= end
          if depth < path.count { path[depth] = t }
          depth &+= 1
          t = node.right
        } else if rest >= leftItems {
          start &+= nodes[Int(t)].leftUnits
          rowsBefore &+= nodes[Int(t)].leftRows
          rest &-= leftItems
          return
        } else {
          if depth < path.count { path[depth] = t }
          leftTurns |= 1 << UInt64(depth)
          depth &+= 1
          t = nodes[Int(t)].left
        }
      }
    }
    precondition(t != Self.none, "item \(k) is outside the index (\(itemCount) items)")
    let node = nodes[Int(t)]
    var change = HeightChange(oldUnits: 0, start: start, rowsBefore: rowsBefore, kind: .row)
    var unmeasuredDelta = 0
    if node.isChunk {
      if wantsStart { change.start += chunkPrefix(node, rest) }
      change.rowsBefore += rest
      (change.oldUnits, unmeasuredDelta) = Self.setRow(&nodes[Int(t)], &slab, row: rest, units: h, measured: measured)
    } else if rest < node.headerItems {
      change.kind = .header
      change.oldUnits = node.a
      nodes[Int(t)].a = h
    } else if rest >= node.headerItems + node.count {
      change.kind = .footer
      change.oldUnits = node.b
      change.start += node.a + node.c * Int64(node.count)
      change.rowsBefore += node.count
      nodes[Int(t)].b = h
    } else {
      let row = rest - node.headerItems
      change.start += node.a + node.c * Int64(row)
      change.rowsBefore += row
      change.oldUnits = node.c
      if node.count > 1 && !(node.c == h && node.measured == measured) {
        // The row at either end of a span next to a chunk with room moves into that chunk in
        // place (what measuring rows in order does, row after row); otherwise a split.
        if !moveRowIntoNeighbourChunk(
          k, atStart: row == 0, atEnd: row == node.count - 1, run: node, units: h, measured: measured)
        {
          setHeight(ofItem: k, units: h, measured: measured)
        }
        return change
      }
      nodes[Int(t)].c = h
      nodes[Int(t)].flags = measured ? node.flags | Flag.measured : node.flags & ~Flag.measured
      unmeasuredDelta = (node.measured ? 0 : -1) + (measured ? 0 : 1)
    }
    // Second pass: the change goes into the sums of every node on the path, now in cache, and
    // into the left sums of those where the descent turned left.
    let unitsDelta = h - change.oldUnits
    guard depth <= path.count else {
      addToPath(toItem: k, landing: t, units: unitsDelta, unmeasured: unmeasuredDelta)
      return change
    }
    nodes.withUnsafeMutableBufferPointer { nodes in
      summaries.withUnsafeMutableBufferPointer { summaries in
        for i in 0..<depth {
          let u = Int(path[i])
          summaries[u].units += unitsDelta
          summaries[u].unmeasured += unmeasuredDelta
          nodes[u].leftUnits += unitsDelta & (0 &- Int64((leftTurns >> UInt64(i)) & 1))
        }
        summaries[Int(t)].units += unitsDelta
        summaries[Int(t)].unmeasured += unmeasuredDelta
      }
    }
    return change
  }

  /// The second pass of `updateHeight` by a second descent to item `k` (which lies in `landing`),
  /// for a path too deep to have been recorded.
  private mutating func addToPath(toItem k: Int, landing t: NodeID, units unitsDelta: Int64, unmeasured: Int) {
    let root = root
    nodes.withUnsafeMutableBufferPointer { nodes in
      summaries.withUnsafeMutableBufferPointer { summaries in
        var u = Int(root)
        var rest = k
        while true {
          summaries[u].units += unitsDelta
          summaries[u].unmeasured += unmeasured
          if u == Int(t) { break }
          let leftItems = nodes[u].leftItems
          let left = rest < leftItems
          nodes[u].leftUnits += left ? unitsDelta : 0
          rest -= left ? 0 : nodes[u].itemsThrough
          u = Int(left ? nodes[u].left : nodes[u].right)
        }
      }
    }
  }
}

extension HeightIndex {
  /// Moves item `k`, the first (`atStart`) or last (`atEnd`) row of `run`, into the chunk just
  /// before or after it when that chunk has room, with height `h`. Two descents that add the
  /// changes to the sums on their way; no node is made, split or merged.
  /// - Returns: whether it did (false: no neighbouring chunk with room).
  /// - Complexity: O(log n), plus up to 64 running sums shifted for a prepend.
  mutating func moveRowIntoNeighbourChunk(
    _ k: Int, atStart: Bool, atEnd: Bool, run: Node, units h: Int64, measured: Bool
  ) -> Bool {
    let runUnmeasured = run.measured ? 0 : 1
    let rowUnmeasured = measured ? 0 : 1
    if atStart, k > 0 {
      let (t, _) = locate(k - 1)
      guard nodes[Int(t)].isChunk, makeRoomAtEnd(ofChunk: t) else { return false }
      adjust(item: k - 1, rows: 1, units: h, unmeasured: rowUnmeasured) { node, slab in
        HeightIndex.appendRow(toChunk: &node, &slab, units: h, measured: measured)
      }
      // The span now starts one item later.
      adjust(item: k + 1, rows: -1, units: -run.c, unmeasured: -runUnmeasured) { node, _ in
        node.count -= 1
      }
      return true
    }
    if atEnd, k + 1 < itemCount {
      let (t, _) = locate(k + 1)
      guard nodes[Int(t)].isChunk, nodes[Int(t)].count < Self.prependableChunkRows else { return false }
      adjust(item: k, rows: -1, units: -run.c, unmeasured: -runUnmeasured) { node, _ in
        node.count -= 1
      }
      // The chunk now starts at item k.
      adjust(item: k, rows: 1, units: h, unmeasured: rowUnmeasured) { node, slab in
        HeightIndex.insertRow(intoChunk: &node, &slab, at: 0, units: h, measured: measured)
      }
      return true
    }
    return false
  }

  /// Descends to the node holding item `k`, adding the changes of that node's rows to every
  /// sum on the way (and to the left sums of the nodes whose left subtree holds it), then lets
  /// `body` change the node itself by exactly as much (rows only: headers and footers stay).
  mutating func adjust(
    item k: Int, rows: Int, units: Int64, unmeasured: Int,
    _ body: (inout Node, inout ChunkStore) -> Void
  ) {
    var t = root
    var rest = k
    while t != Self.none {
      var node = nodes[Int(t)]
      summaries[Int(t)].rows += rows
      summaries[Int(t)].units += units
      summaries[Int(t)].unmeasured += unmeasured
      let leftItems = node.leftItems
      if rest < leftItems {
        node.leftItems += rows
        node.leftUnits += units
        nodes[Int(t)] = node
        t = node.left
      } else if rest < leftItems + node.items {
        body(&node, &slab)
        nodes[Int(t)] = node
        return
      } else {
        nodes[Int(t)] = node
        rest -= leftItems + node.items
        t = node.right
      }
    }
    preconditionFailure("item \(k) is outside the index")
  }
}

// MARK: - Runs of measured rows (the idle precompute's bulk write)

extension HeightIndex {
  /// How many unmeasured rows, at most `limit`, follow item `k` (included) in its node, towards
  /// the end (`forward`) or the start: consecutive rows that ``setMeasuredRun(at:units:)`` writes
  /// in one go; and their height when they share one (a span), `nil` in a chunk. 0 rows when item
  /// `k` is not an unmeasured row.
  /// - Complexity: O(log n), plus O(rows counted) inside a chunk.
  package func unmeasuredRun(from k: Int, forward: Bool, limit: Int) -> (rows: Int, units: Int64?) {
    guard limit > 0, k >= 0, k < itemCount else { return (0, nil) }
    let (t, offset) = locate(k)
    let node = nodes[Int(t)]
    if !node.isChunk {
      let row = offset - node.headerItems
      guard !node.measured, row >= 0, row < node.count else { return (0, nil) }
      return (min(limit, forward ? node.count - row : row + 1), node.c)
    }
    var i = offset
    var run = 0
    while run < limit, i >= 0, i < node.count, !chunkIsMeasured(node, i) {
      run += 1
      i += forward ? 1 : -1
    }
    return (run, nil)
  }

  /// Sets the heights of the rows from item `first` on, one for each of `units`, and marks them
  /// measured: exactly the heights and offsets that `updateHeight(ofItem:units:measured: true)`
  /// row after row gives. When the rows are one run of unmeasured rows of one node (see
  /// ``unmeasuredRun(from:forward:limit:)``) this is one split and a merge per 256 rows (a span),
  /// or one descent (a chunk), instead of two or three descents a row; otherwise it writes them
  /// row by row. The items must be rows.
  /// - Returns: the change in the rows' total height (units).
  /// - Complexity: O(log n + r) for a run of r rows; otherwise O(r · log n).
  @discardableResult
  package mutating func setMeasuredRun(at first: Int, units: ArraySlice<Int64>) -> Int64 {
    generation &+= 1
    let n = units.count
    guard n > 0 else { return 0 }
    let total = units.reduce(0, &+)
    guard unmeasuredRun(from: first, forward: true, limit: n).rows == n else {
      var delta: Int64 = 0
      for (i, h) in units.enumerated() {
        delta += h - updateHeight(ofItem: first + i, units: h, measured: true, wantsStart: false).oldUnits
      }
      return delta
    }
    let (t, offset) = locate(first)
    let node = nodes[Int(t)]
    if node.isChunk {
      let delta = total - (chunkPrefix(node, offset + n) - chunkPrefix(node, offset))
      adjust(item: first, rows: 0, units: delta, unmeasured: -n) { node, slab in
        HeightIndex.writeMeasuredRows(&node, &slab, from: offset, units)
      }
      return delta
    }
    // A span: the run is cut out and its rows go to chunks, the first of them the chunk just
    // before the run when it has room (what measuring downwards, run after run, finds).
    let (left, middle, right) = split3(first, first + n)
    freeSubtree(middle)
    var rest = units
    var built = left
    appendMeasuredRows(toLastOf: built, &rest)
    while !rest.isEmpty {
      let chunk = makeChunk(class: Self.chunkClass(holding: min(rest.count, Self.maximumChunkRows)))
      var chunkNode = nodes[Int(chunk)]
      while chunkNode.count < chunkNode.chunkCapacity, let h = rest.popFirst() {
        Self.appendRow(toChunk: &chunkNode, &slab, units: h, measured: true)
      }
      nodes[Int(chunk)] = chunkNode
      update(chunk)
      built = merge(built, chunk)
    }
    root = merge(built, right)
    return total - node.c * Int64(n)
  }

  /// Moves measured rows from the front of `units` to the end of the last node of `t` while it
  /// is a chunk with room (growing it up to the largest class), and takes the sums on its path
  /// again.
  /// - Complexity: O(log n + rows moved)
  private mutating func appendMeasuredRows(toLastOf t: NodeID, _ units: inout ArraySlice<Int64>) {
    guard t != Self.none else { return }
    var path: [NodeID] = []
    var last = t
    while true {
      path.append(last)
      let right = nodes[Int(last)].right
      if right == Self.none { break }
      last = right
    }
    guard nodes[Int(last)].isChunk else { return }
    var moved = false
    while !units.isEmpty, makeRoomAtEnd(ofChunk: last) {
      var node = nodes[Int(last)]
      while node.count < node.chunkCapacity, let h = units.popFirst() {
        Self.appendRow(toChunk: &node, &slab, units: h, measured: true)
      }
      nodes[Int(last)] = node
      moved = true
    }
    guard moved else { return }
    for id in path.reversed() { update(id) }
  }

  /// Writes measured heights over rows `from..<from + units.count` of a chunk, all unmeasured:
  /// one pass over the running sums of the blocks they touch and the block sums after them. The
  /// caller adds the change to the tree's sums.
  /// - Complexity: O(rows written + 64 + blocks)
  static func writeMeasuredRows(
    _ node: inout Node, _ slab: inout ChunkStore, from: Int, _ units: ArraySlice<Int64>
  ) {
    let base = Int(node.a)
    let end = from + units.count
    let blocks = (node.count + blockRows - 1) / blockRows
    // Rows to the end of the last block touched: their running sums move by the changes before them.
    let touchedEnd = min(node.count, ((end - 1) / blockRows + 1) * blockRows)
    var within: Int64 = 0
    var total: Int64 = 0
    var previous: Int64 = from % blockRows != 0 ? slab.rows[base + from - 1] : 0
    var next = units.startIndex
    for i in from..<touchedEnd {
      if i % blockRows == 0 {
        within = 0
        previous = 0
      }
      let running = slab.rows[base + i]
      if i < end {
        let change = units[next] - (running - previous)
        next += 1
        within += change
        total += change
        let bit = Int64(bitPattern: 1 << UInt64(i % blockRows))
        slab.blocks[maskEntry(base: base, rows: node.chunkCapacity, row: i)] |= bit
      }
      previous = running
      slab.rows[base + i] = running + within
      if i % blockRows == blockRows - 1 || i == node.count - 1 { slab.blocks[base / 32 + i / blockRows] += total }
    }
    for block in (touchedEnd + blockRows - 1) / blockRows..<max(blocks, (touchedEnd + blockRows - 1) / blockRows) {
      slab.blocks[base / 32 + block] += total
    }
    node.b += Int64(units.count)
    node.c += total
  }
}
