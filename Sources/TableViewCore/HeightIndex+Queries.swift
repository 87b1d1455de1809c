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
    var t = root
    var k = k
    while t != Self.none, k > 0 {
      let node = nodes[Int(t)]
      let leftItems = node.leftItems
      if k <= leftItems {
        t = node.left
        continue
      }
      result.rows += node.leftRows
      result.sections += node.leftSections
      result.units += node.leftUnits
      let inside = min(k - leftItems, node.count)
      switch node.kind {
      case .header:
        result.sections += 1
        result.units += node.value
      case .footer:
        result.units += node.value
      case .run:
        result.rows += inside
        result.units += node.value * Int64(inside)
      case .chunk:
        result.rows += inside
        if inside == node.count {
          result.units += node.chunkUnits
        } else {
          result.units += chunkPrefix(Int(node.value) * Self.chunkCapacity, inside)
        }
      }
      k -= leftItems + node.count
      t = node.right
    }
    return result
  }

  /// The offset of item `k` from the top of the first header, in units.
  /// - Complexity: O(log n)
  @inlinable package func offset(ofItem k: Int) -> Int64 { prefix(k).units }

  /// The height of item `k`, in units.
  /// - Complexity: O(log n)
  package func height(ofItem k: Int) -> Int64 {
    let (t, offset) = locate(k)
    precondition(t != Self.none, "item \(k) is outside the index (\(itemCount) items)")
    let node = nodes[Int(t)]
    switch node.kind {
    case .header, .footer, .run: return node.value
    case .chunk: return chunkHeight(Int(node.value) * Self.chunkCapacity, offset)
    }
  }

  /// Whether item `k` holds a measured height (headers and footers always do).
  /// - Complexity: O(log n)
  package func isMeasured(item k: Int) -> Bool {
    let (t, offset) = locate(k)
    guard t != Self.none else { return false }
    let node = nodes[Int(t)]
    switch node.kind {
    case .header, .footer: return true
    case .run: return node.measured
    case .chunk: return node.mask & (1 << UInt64(offset)) != 0
    }
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
      let leftSections = node.leftSections
      if s < leftSections {
        t = node.left
        continue
      }
      s -= leftSections
      base += node.leftItems
      if node.kind == .header {
        if s == 0 { return base }
        s -= 1
      }
      base += node.count
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
      if node.kind == .run || node.kind == .chunk {
        if g < node.count { return base + g }
        g -= node.count
      }
      base += node.count
      t = node.right
    }
    preconditionFailure("global row out of range")
  }

  /// The number of rows in `section`.
  /// - Complexity: O(log n)
  package func rowCount(inSection section: Int) -> Int {
    itemIndex(ofHeader: section + 1) - itemIndex(ofHeader: section) - 2
  }

  /// What item `k` is, with its section (and row).
  /// - Complexity: O(log n)
  package func item(_ k: Int) -> Item {
    let (t, _) = locate(k)
    precondition(t != Self.none, "item \(k) is outside the index (\(itemCount) items)")
    let p = prefix(k)
    switch nodes[Int(t)].kind {
    case .header: return .header(p.sections)
    case .footer: return .footer(p.sections - 1)
    case .run, .chunk:
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
      if from < node.count {
        switch node.kind {
        case .run where node.measured == measured: return leftItems + from
        case .chunk:
          let wanted = (measured ? node.mask : ~node.mask) >> UInt64(from)
          if wanted != 0 {
            let i = from + wanted.trailingZeroBitCount
            if i < node.count { return leftItems + i }
          }
        default: break
        }
      }
      return go(node.right, max(0, k - leftItems - node.count)).map { $0 + leftItems + node.count }
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
      if k >= leftItems + node.count,
        let found = go(node.right, k - leftItems - node.count)
      {
        return found + leftItems + node.count
      }
      let through = min(node.count - 1, k - leftItems)
      if through >= 0 {
        switch node.kind {
        case .run where !node.measured: return leftItems + through
        case .chunk:
          let width = UInt64(through + 1)
          let keep: UInt64 = width >= 64 ? ~0 : (1 << width) &- 1
          let pending = ~node.mask & keep
          if pending != 0 { return leftItems + 63 - pending.leadingZeroBitCount }
        default: break
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
      info.sectionsBefore += node.leftSections
      info.start += leftUnits
      let mine = nodeUnits(node)
      if y < mine {
        switch node.kind {
        case .header:
          info.kind = .header
          info.height = node.value
        case .footer:
          info.kind = .footer
          info.height = node.value
        case .run:
          let i = Int(y / node.value)
          info.item += i
          info.rowsBefore += i
          info.start += Int64(i) * node.value
          info.height = node.value
        case .chunk:
          let base = Int(node.value) * Self.chunkCapacity
          let i = chunkRow(base, count: node.count, containing: y)
          info.item += i
          info.rowsBefore += i
          info.start += chunkPrefix(base, i)
          info.height = chunkHeight(base, i)
        }
        return info
      }
      y -= mine
      info.item += node.count
      info.start += mine
      switch node.kind {
      case .header: info.sectionsBefore += 1
      case .footer: break
      case .run, .chunk: info.rowsBefore += node.count
      }
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
    let kind: ItemKind = node.kind == .header ? .header : node.kind == .footer ? .footer : .row
    let height = node.kind == .chunk ? chunkHeight(Int(node.value) * Self.chunkCapacity, offset) : node.value
    return ItemInfo(item: k, kind: kind, rowsBefore: p.rows, sectionsBefore: p.sections, start: p.units, height: height)
  }
}
