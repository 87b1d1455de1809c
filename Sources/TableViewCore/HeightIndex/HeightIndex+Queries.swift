// Read-only questions to the height index. Every one is a single descent: O(log n).

extension HeightIndex {
  /// What an item is.
  package enum Item: Hashable, Sendable {
    /// The header of a section.
    case header(Int)
    /// A row.
    case row(IndexPath)
    /// The footer of a section.
    case footer(Int)
  }

  /// Sums over the items before a position.
  package struct Prefix: Hashable, Sendable {
    /// Rows before the position.
    package var rows: Int
    /// Section headers before the position.
    package var sections: Int
    /// Height before the position, in units.
    package var units: Int64
  }

  /// The sums over items `0..<k`.
  /// - Complexity: O(log n)
  package func prefix(_ k: Int) -> Prefix {
    var result = Prefix(rows: 0, sections: 0, units: 0)
    guard k > 0 else { return result }
    let (node, inside) = descend(
      before: k,
      passing: { node in
        result.rows &+= node.leftRows &+ node.count
        result.sections &+= Int(node.leftSections) &+ node.headerItems
        result.units &+= node.leftUnits &+ node.wrappingOwnUnits
      },
      land: { node in
        result.rows &+= node.leftRows
        result.sections &+= Int(node.leftSections)
        result.units &+= node.leftUnits
      })
    // Part of one node.
    if let node {
      if node.isChunk {
        result.rows += inside
        result.units += chunkPrefix(node, inside)
      } else {
        let header = min(inside, node.headerItems)
        let rows = min(inside - header, node.count)
        result.sections += header
        result.rows += rows
        result.units += (header > 0 ? node.a : 0) + node.c * Int64(rows)
      }
    }
    return result
  }

  /// The offset of item `k` from the top of the first header, in units.
  ///
  /// `prefix(k).units`, by a descent that keeps only the units: the most asked question of the
  /// index. Each level is a handful of instructions and a jump the processor guesses: short
  /// enough that while one question waits for the memory read of its row's running sum, the
  /// processor already runs the next question's descent and starts its read. A level that
  /// computed both directions without a jump, checked every addition for overflow and took the
  /// header and footer bits apart was three times as long, and the questions' reads did not
  /// overlap: at 10⁷ rows in 1,024-row chunks, 228–258 ns an offset against 164–174 ns
  /// (`tableview-bench --filter index_offset`, the two builds run alternately).
  ///
  /// The additions wrap instead of trapping: every sum on the way is part of the root's, which
  /// the edits that built it checked.
  /// - Complexity: O(log n)
  package func offset(ofItem k: Int) -> Int64 {
    guard k > 0 else { return 0 }
    var units: Int64 = 0
    let (landed, inside) = descend(
      before: k, passing: { node in units &+= node.leftUnits &+ node.wrappingOwnUnits },
      land: { node in units &+= node.leftUnits })
    guard let node = landed else { return units }
    if node.isChunk { return units &+ chunkPrefix(node, inside) }
    let header = min(inside, node.headerItems)
    return units &+ (header > 0 ? node.a : 0) &+ node.c &* Int64(min(inside - header, node.count))
  }

  /// The descent of `prefix` and `offset` towards the position before item `k` (k > 0). Every
  /// node it passes, which lies with its left subtree before the position, goes to `passing`; the
  /// node that holds items on both sides of the position goes to `land` (its left subtree lies
  /// before the position) and is returned with the position inside it; `nil` when the position
  /// falls between two nodes.
  ///
  /// Each level is a handful of instructions and a jump the processor guesses (see
  /// `offset(ofItem:)`); the closures add only on the levels they are called at, and their
  /// additions may wrap: every sum on the way is part of the root's, which the edits that made it
  /// checked.
  @inline(__always) private func descend(
    before k: Int, passing: (_ node: Node) -> Void, land: (_ node: Node) -> Void
  ) -> (Node?, Int) {
    nodes.withUnsafeBufferPointer { nodes -> (Node?, Int) in
      var t = root
      var k = k
      while t != Self.none {
        let leftItems = nodes[Int(t)].leftItems
        let end = nodes[Int(t)].itemsThrough
        if k >= end {
          passing(nodes[Int(t)])
          k &-= end
          if k == 0 { break }
          t = nodes[Int(t)].right
        } else if k > leftItems {
          land(nodes[Int(t)])
          return (nodes[Int(t)], k &- leftItems)
        } else {
          t = nodes[Int(t)].left
        }
      }
      return (nil, 0)
    }
  }

  /// The height of item `k`, in units.
  /// - Complexity: O(log n)
  package func height(ofItem k: Int) -> Int64 {
    let (t, offset) = locate(k)
    precondition(t != Self.none, "item \(k) is outside the index (\(itemCount) items)")
    return height(in: nodes[Int(t)], at: offset)
  }

  /// The height of the item at `offset` in `node`.
  @inline(__always) func height(in node: Node, at offset: Int) -> Int64 {
    if node.isChunk { return chunkHeight(node, offset) }
    if offset < node.headerItems { return node.a }
    return offset < node.headerItems + node.count ? node.c : node.b
  }

  /// What the item at `offset` in `node` is.
  @inline(__always) func kind(in node: Node, at offset: Int) -> ItemKind {
    if node.isChunk { return .row }
    if offset < node.headerItems { return .header }
    return offset < node.headerItems + node.count ? .row : .footer
  }

  /// Whether item `k` holds a measured height (headers and footers always do).
  /// - Complexity: O(log n)
  package func isMeasured(item k: Int) -> Bool {
    let (t, offset) = locate(k)
    guard t != Self.none else { return false }
    let node = nodes[Int(t)]
    if node.isChunk { return chunkIsMeasured(node, offset) }
    return kind(in: node, at: offset) != .row || node.measured
  }

  /// The item index of the header of `section` (`itemCount` when `section == sectionCount`).
  /// - Complexity: O(log n)
  package func itemIndex(ofHeader section: Int) -> Int {
    if section >= sectionCount { return itemCount }
    if section == 0 { return 0 }
    var t = root
    var s = section
    var base = 0
    while t != Self.none {
      let node = nodes[Int(t)]
      let leftSections = Int(node.leftSections)
      if s < leftSections {
        t = node.left
        continue
      }
      s -= leftSections
      base += node.leftItems
      if node.hasHeader {
        if s == 0 { return base }
        s -= 1
      }
      base += node.items
      t = node.right
    }
    preconditionFailure("section \(section) not found in \(sectionCount) sections")
  }

  /// The item index of the footer of `section`.
  /// - Complexity: O(log n)
  package func itemIndex(ofFooter section: Int) -> Int { itemIndex(ofHeader: section + 1) - 1 }

  /// The item index of a row.
  /// - Complexity: O(log n)
  package func itemIndex(of indexPath: IndexPath) -> Int { itemIndex(ofHeader: indexPath.section) + 1 + indexPath.row }

  /// The item index of the `g`-th row of the whole table (rows counted across sections).
  /// - Complexity: O(log n)
  package func itemIndex(ofGlobalRow g: Int) -> Int {
    var t = root
    var g = g
    var base = 0
    while t != Self.none {
      let node = nodes[Int(t)]
      let leftRows = node.leftRows
      if g < leftRows {
        t = node.left
        continue
      }
      g -= leftRows
      base += node.leftItems
      if g < node.count { return base + node.headerItems + g }
      g -= node.count
      base += node.items
      t = node.right
    }
    preconditionFailure("global row out of range")
  }

  /// The number of rows in `section`.
  /// - Complexity: O(log n)
  package func rowCount(inSection section: Int) -> Int {
    itemIndex(ofHeader: section + 1) - itemIndex(ofHeader: section) - 2
  }

  /// The number of rows in every section, in order: one walk through the nodes in order (a node
  /// that starts with a header starts the next section) when there are many sections for the
  /// nodes, else ``rowCount(inSection:)`` of each (two descents a section): whichever reads fewer
  /// nodes. A table of a thousand sections counts them in one pass; a section of ten million
  /// measured rows (thousands of chunks) in two descents.
  /// - Complexity: O(min(m, s log m)) for m nodes and s sections.
  package var rowCounts: [Int] {
    let sections = sectionCount
    let depth = 2 * (Int.bitWidth - storedNodeCount.leadingZeroBitCount) + 1
    guard storedNodeCount <= 2 * sections * depth else { return (0..<sections).map { rowCount(inSection: $0) } }
    return rowCountsInOneWalk()
  }

  /// ``rowCounts`` by one walk through the nodes in order.
  /// - Complexity: O(m + s)
  func rowCountsInOneWalk() -> [Int] {
    var counts: [Int] = []
    counts.reserveCapacity(sectionCount)
    var path: [NodeID] = []
    var t = root
    nodes.withUnsafeBufferPointer { nodes in
      while t != Self.none || !path.isEmpty {
        while t != Self.none {
          path.append(t)
          t = nodes[Int(t)].left
        }
        let node = nodes[Int(path.removeLast())]
        // Every section starts with its header, so the first node in order has one.
        if node.hasHeader { counts.append(0) }
        counts[counts.count - 1] += node.count
        t = node.right
      }
    }
    return counts
  }

  /// What item `k` is, with its section (and row).
  /// - Complexity: O(log n)
  package func item(_ k: Int) -> Item {
    let (t, offset) = locate(k)
    precondition(t != Self.none, "item \(k) is outside the index (\(itemCount) items)")
    let p = prefix(k)
    switch kind(in: nodes[Int(t)], at: offset) {
    case .header: return .header(p.sections)
    case .footer: return .footer(p.sections - 1)
    case .row:
      let section = p.sections - 1
      let header = itemIndex(ofHeader: section)
      return .row(IndexPath(row: k - header - 1, section: section))
    }
  }

  /// The first item whose extent `[offset, offset + height)` contains `y` (in units), skipping
  /// zero-height items; `nil` when `y` is below the end or negative.
  /// - Complexity: O(log n)
  package func item(containing y: Int64) -> Int? { info(containing: y)?.item }

  /// The first unmeasured row at item index `k` or after, as an item index.
  /// - Complexity: O(log n)
  package func firstUnmeasuredItem(from k: Int) -> Int? { firstRowItem(from: k, measured: false) }

  /// The first measured row at item index `k` or after, as an item index (what an empty batch
  /// update needs to mark every measured row as an estimate again without visiting the others).
  /// - Complexity: O(log n)
  func firstMeasuredRowItem(from k: Int) -> Int? { firstRowItem(from: k, measured: true) }

  /// The first row at item index `k` or after whose measured state is `measured`: one descent
  /// that skips every subtree the sums say has none.
  private func firstRowItem(from k: Int, measured: Bool) -> Int? {
    func go(_ t: NodeID, _ k: Int) -> Int? {
      guard t != Self.none, (measured ? rows(t) - unmeasured(t) : unmeasured(t)) > 0 else { return nil }
      let node = nodes[Int(t)]
      let leftItems = node.leftItems
      if k < leftItems, let found = go(node.left, k) { return found }
      let from = max(0, k - leftItems)
      if node.isChunk {
        var block = from / Self.blockRows
        while block * Self.blockRows < node.count {
          let mask = chunkMask(node, block: block)
          var wanted = measured ? mask : ~mask
          if block == from / Self.blockRows { wanted &= ~0 << UInt64(from % Self.blockRows) }
          let i = block * Self.blockRows + wanted.trailingZeroBitCount
          if wanted != 0, i < node.count { return leftItems + i }
          block += 1
        }
      } else if node.measured == measured {
        let i = max(from, node.headerItems)
        if i < node.headerItems + node.count { return leftItems + i }
      }
      return go(node.right, max(0, k - leftItems - node.items)).map { $0 + leftItems + node.items }
    }
    return go(root, max(0, k))
  }

  /// The last unmeasured row at item index `k` or before, as an item index.
  /// - Complexity: O(log n)
  package func lastUnmeasuredItem(through k: Int) -> Int? {
    func go(_ t: NodeID, _ k: Int) -> Int? {
      guard t != Self.none, k >= 0, unmeasured(t) > 0 else { return nil }
      let node = nodes[Int(t)]
      let leftItems = node.leftItems
      if k >= leftItems + node.items,
        let found = go(node.right, k - leftItems - node.items)
      {
        return found + leftItems + node.items
      }
      let through = min(node.items - 1, k - leftItems)
      if through >= 0 {
        if node.isChunk {
          var block = through / Self.blockRows
          while block >= 0 {
            var pending = ~chunkMask(node, block: block)
            if block == through / Self.blockRows {
              let width = UInt64(through % Self.blockRows + 1)
              pending &= width >= 64 ? ~0 : (1 << width) &- 1
            }
            if pending != 0 { return leftItems + block * Self.blockRows + 63 - pending.leadingZeroBitCount }
            block -= 1
          }
        } else if !node.measured {
          let i = min(through, node.headerItems + node.count - 1)
          if i >= node.headerItems { return leftItems + i }
        }
      }
      return go(node.left, min(k, leftItems - 1))
    }
    return go(root, min(k, itemCount - 1))
  }
}

extension HeightIndex {
  /// Everything about one item, found in a single descent.
  package struct ItemInfo: Hashable, Sendable {
    /// The item's index.
    package var item: Int
    /// What kind of item it is.
    package var kind: ItemKind
    /// Rows before the item (for a row: its global row index).
    package var rowsBefore: Int
    /// Section headers before the item.
    package var sectionsBefore: Int
    /// The item's offset in units.
    package var start: Int64
    /// The item's height in units.
    package var height: Int64
    /// The section the item belongs to.
    package var section: Int { kind == .header ? sectionsBefore : sectionsBefore - 1 }
  }

  /// The kind of an item.
  package enum ItemKind: Hashable, Sendable {
    /// A section header.
    case header
    /// A row.
    case row
    /// A section footer.
    case footer
  }

  /// The item whose extent contains `y` (units), skipping zero-height items, with its sums.
  /// - Complexity: O(log n)
  package func info(containing y: Int64) -> ItemInfo? {
    guard y >= 0, y < totalUnits else { return nil }
    var t = root
    var y = y
    var info = ItemInfo(item: 0, kind: .row, rowsBefore: 0, sectionsBefore: 0, start: 0, height: 0)
    while t != Self.none {
      let node = nodes[Int(t)]
      let leftUnits = node.leftUnits
      if y < leftUnits {
        t = node.left
        continue
      }
      y -= leftUnits
      info.item += node.leftItems
      info.rowsBefore += node.leftRows
      info.sectionsBefore += Int(node.leftSections)
      info.start += leftUnits
      let mine = node.ownUnits
      if y < mine {
        if node.isChunk {
          let (i, start) = chunkRow(node, containing: y)
          info.item += i
          info.rowsBefore += i
          info.start += start
          info.height = chunkHeight(node, i)
        } else if y < node.a {
          info.kind = .header
          info.height = node.a
        } else {
          info.sectionsBefore += node.headerItems
          info.item += node.headerItems
          info.start += node.a
          let y = y - node.a
          let rowUnits = node.c * Int64(node.count)
          if y < rowUnits {
            let i = Int(y / node.c)
            info.item += i
            info.rowsBefore += i
            info.start += Int64(i) * node.c
            info.height = node.c
          } else {
            info.kind = .footer
            info.item += node.count
            info.rowsBefore += node.count
            info.start += rowUnits
            info.height = node.b
          }
        }
        return info
      }
      y -= mine
      info.item += node.items
      info.start += mine
      info.sectionsBefore += node.headerItems
      info.rowsBefore += node.count
      t = node.right
    }
    return nil
  }

  /// Everything about item `k`.
  /// - Complexity: O(log n)
  package func info(ofItem k: Int) -> ItemInfo {
    let p = prefix(k)
    let (t, offset) = locate(k)
    precondition(t != Self.none, "item \(k) is outside the index (\(itemCount) items)")
    let node = nodes[Int(t)]
    return ItemInfo(
      item: k, kind: kind(in: node, at: offset), rowsBefore: p.rows, sectionsBefore: p.sections, start: p.units,
      height: height(in: node, at: offset))
  }
}
