import SeededRandom
import Testing

@_spi(Backend) @testable import TableViewCore

/// The reference: a table's items as a plain array, and the visible ranges found by reading it
/// from the start.
private struct ItemsModel {
  /// Per section: its header's units, its rows' (units, measured), its footer's units.
  var sections: [(header: Int64, rows: [(units: Int64, measured: Bool)], footer: Int64)] = []

  /// Every item in order: its units, whether it is a row, its section.
  var items: [(units: Int64, isRow: Bool, section: Int)] {
    sections.enumerated().flatMap { s, section in
      [(section.header, false, s)] + section.rows.map { ($0.units, true, s) } + [(section.footer, false, s)]
    }
  }

  /// What `RowSpace.ranges(top:bottom:in:)` answers in a linear space whose rows start `rowsTop`
  /// units down, read from the array.
  func ranges(top: Double, bottom: Double, rowsTop: Int64) -> (rows: Range<Int>, sections: Range<Int>) {
    let items = items
    let total = items.reduce(0) { $0 + $1.units }
    let t = max(Sanitize.units(top) - rowsTop, 0)
    let b = min(Sanitize.units(bottom) - rowsTop, total)
    guard t < b else { return (0..<0, 0..<0) }
    // The item whose extent holds y (zero-height items hold nothing), with the rows before it.
    func find(_ y: Int64) -> (item: Int, rowsBefore: Int)? {
      var start: Int64 = 0
      var rows = 0
      for (k, item) in items.enumerated() {
        if y >= start && y < start + item.units { return (k, rows) }
        start += item.units
        if item.isRow { rows += 1 }
      }
      return nil
    }
    guard let first = find(t), let last = find(b - 1) else { return (0..<0, 0..<0) }
    let end = min(
      last.rowsBefore + (items[last.item].isRow ? 1 : 0), first.rowsBefore + TableView.maximumVisibleRows)
    let sectionEnd = min(items[last.item].section + 1, items[first.item].section + TableView.maximumVisibleRows)
    return (first.rowsBefore..<max(first.rowsBefore, end), items[first.item].section..<sectionEnd)
  }
}

@Suite("Visible range cache")
struct VisibleRangeCacheModelTests {
  /// The table's use of the cache, on an index: the kept answer when it holds, else a search, kept.
  private static func cachedRanges(
    _ cache: inout VisibleRangeCache, top: Double, bottom: Double, index: HeightIndex, space: RowSpace
  ) -> (ranges: (rows: Range<Int>, sections: Range<Int>), hit: Bool) {
    if let kept = cache.ranges(top: top, bottom: bottom, generation: index.generation, space: space) {
      return (kept, true)
    }
    let found = space.rangesAndExtents(top: top, bottom: bottom, in: index)
    if let extents = found.extents {
      cache.keep(
        VisibleRangeCache.Entry(
          generation: index.generation, space: space, total: index.totalUnits, firstExtent: extents.first,
          lastExtent: extents.last, rows: found.rows, sections: found.sections))
    }
    return ((found.rows, found.sections), false)
  }

  @Test(
    "random edits and viewports: every kept answer is the array model's, and every edit changes the generation",
    arguments: [1, 2, 3, 4] as [UInt64])
  func randomizedAgainstModel(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var index = HeightIndex()
    var model = ItemsModel()
    var cache = VisibleRangeCache()
    // Heights include 0 (items that hold no offset) and repeat, so that spans and chunks both form.
    func h() -> Int64 { Int64(rng.int(0..<4)) * 256 * 10 + Int64(rng.int(0..<3)) * 128 }
    for _ in 0..<3 {
      let rows = rng.int(0..<40)
      let estimate = 44 * 256 as Int64
      let (header, footer) = (h(), h())
      index.appendSection(header: header, footer: footer, rows: rows, rowUnits: estimate, measured: false)
      model.sections.append((header, Array(repeating: (estimate, false), count: rows), footer))
    }
    var rowsTop: Int64 = 0
    var y = 0.0
    var hits = 0
    var edits = 0
    for _ in 0..<3000 {
      let rowCount = model.sections.reduce(0) { $0 + $1.rows.count }
      let before = index.generation
      var edited = true
      switch rng.int(0..<20) {
      case 0..<3 where rowCount > 0:  // measure a row (setHeight or updateHeight)
        let items = model.items
        let rowItems = items.indices.filter { items[$0].isRow }
        let k = rowItems[rng.int(0..<rowItems.count)]
        let path = index.item(k)
        guard case .row(let p) = path else { break }
        let units = h()
        if rng.int(0..<2) == 0 {
          index.setHeight(ofItem: k, units: units, measured: true)
        } else {
          index.updateHeight(ofItem: k, units: units, measured: true)
        }
        model.sections[p.section].rows[p.row] = (units, true)
      case 3 where !model.sections.isEmpty:  // a header's height
        let s = rng.int(0..<model.sections.count)
        let units = h()
        index.setHeight(ofItem: index.itemIndex(ofHeader: s), units: units)
        model.sections[s].header = units
      case 4 where !model.sections.isEmpty:  // insert rows
        let s = rng.int(0..<model.sections.count)
        let r = rng.int(0...model.sections[s].rows.count)
        let count = rng.int(1..<4)
        let units = h()
        index.insertRows(
          at: index.itemIndex(of: IndexPath(row: r, section: s)), count: count, units: units, measured: false)
        model.sections[s].rows.insert(contentsOf: repeatElement((units: units, measured: false), count: count), at: r)
      case 5 where rowCount > 0:  // delete a row
        let s = rng.int(0..<model.sections.count)
        guard !model.sections[s].rows.isEmpty else {
          edited = false
          break
        }
        let r = rng.int(0..<model.sections[s].rows.count)
        let k = index.itemIndex(of: IndexPath(row: r, section: s))
        index.removeItems(k..<(k + 1))
        model.sections[s].rows.remove(at: r)
      case 6 where !model.sections.isEmpty:  // reset a section to an estimate
        let s = rng.int(0..<model.sections.count)
        let units = h()
        index.resetRows(inSection: s, units: units)
        model.sections[s].rows = model.sections[s].rows.map { _ in (units, false) }
      case 7 where model.sections.count > 1:  // move a section
        let from = rng.int(0..<model.sections.count)
        let detached = index.extractItems(index.itemRange(ofSection: from))
        let moved = model.sections.remove(at: from)
        let to = rng.int(0..<model.sections.count + 1)
        index.insert(detached, at: to == model.sections.count ? index.itemCount : index.itemIndex(ofHeader: to))
        model.sections.insert(moved, at: to)
      case 8:  // rebalance
        index.rebalance()
      case 9:  // the table header's height: another row space, not an edit of the index
        rowsTop = Int64(rng.int(0..<3)) * 256 * 30
        edited = false
      default:  // no edit: only viewports
        edited = false
      }
      if edited {
        edits += 1
        #expect(index.generation != before, "an edit left the generation as it was")
      }
      index._checkInvariants()
      // A few viewports: steps of a fraction of a point to a few rows, and now and then a jump.
      let space = RowSpace.linear(rowsTop: rowsTop)
      let total = HeightIndex.points(index.totalUnits + rowsTop)
      for _ in 0..<4 {
        if rng.int(0..<10) == 0 {
          y = rng.double(-50...(total + 50))
        } else {
          y += [-0.5, 0.5, -3, 3, -40, 40][rng.int(0..<6)]
        }
        let height = [0.25, 100, 240][rng.int(0..<3)]
        let (ranges, hit) = Self.cachedRanges(&cache, top: y, bottom: y + height, index: index, space: space)
        let expected = model.ranges(top: y, bottom: y + height, rowsTop: rowsTop)
        #expect(ranges == expected, "viewport \(y)…\(y + height), \(hit ? "kept" : "searched")")
        if hit { hits += 1 }
      }
    }
    #expect(hits > 1000, "the cache answered \(hits) viewports")
    #expect(edits > 500)
  }

  @Test("a kept answer is forgotten with the index it was found in: another index at the same generation misses")
  func replacedIndexMisses() {
    var a = HeightIndex()
    a.appendSection(header: 0, footer: 0, rows: 100, rowUnits: 44 * 256, measured: false)
    var b = HeightIndex()
    b.appendSection(header: 0, footer: 0, rows: 100, rowUnits: 60 * 256, measured: false)
    #expect(a.generation == b.generation)
    var cache = VisibleRangeCache()
    let space = RowSpace.linear(rowsTop: 0)
    _ = Self.cachedRanges(&cache, top: 1000, bottom: 1100, index: a, space: space)
    // The same generation, another index: the cache would answer a's rows, which is why the
    // table forgets it when it replaces its index.
    #expect(cache.ranges(top: 1000, bottom: 1100, generation: b.generation, space: space)?.rows == 22..<25)
    cache.invalidate()
    #expect(cache.ranges(top: 1000, bottom: 1100, generation: b.generation, space: space) == nil)
    let (ranges, _) = Self.cachedRanges(&cache, top: 1000.5, bottom: 1100.5, index: b, space: space)
    #expect(ranges.rows == 16..<19)
  }

  @Test(
    "a self-sizing table through steps, jumps, measuring, edits, width switches and reloads: the visible rows are the searched ones",
    arguments: [11, 12, 13] as [UInt64])
  func tableAgainstSearch(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let model = SelfSizingModel([
      (0..<3000).map { _ in rng.double(20...90) }, (0..<500).map { _ in rng.double(20...90) },
    ])
    let table = makeSelfSizingTable(model, estimate: 44, size: Size(width: 100, height: 400))
    var hitsBefore = 0
    for step in 0..<1500 {
      switch rng.int(0..<40) {
      case 0:  // a jump
        let s = rng.int(0..<model.heights.count)
        guard !model.heights[s].isEmpty else { break }
        try table.scrollToRow(
          at: IndexPath(row: rng.int(0..<model.heights[s].count), section: s), at: .middle, animated: false)
      case 1:  // a row changes its height
        let s = rng.int(0..<model.heights.count)
        guard !model.heights[s].isEmpty else { break }
        let r = rng.int(0..<model.heights[s].count)
        model.heights[s][r] = rng.double(20...90)
        try table.reloadRows(at: [IndexPath(row: r, section: s)])
      case 2:  // rows come and go
        let s = rng.int(0..<model.heights.count)
        if rng.int(0..<2) == 0 || model.heights[s].isEmpty {
          let r = rng.int(0...model.heights[s].count)
          model.heights[s].insert(rng.double(20...90), at: r)
          try table.insertRows(at: [IndexPath(row: r, section: s)])
        } else {
          let r = rng.int(0..<model.heights[s].count)
          model.heights[s].remove(at: r)
          try table.deleteRows(at: [IndexPath(row: r, section: s)])
        }
      case 3:  // a width switch (portrait ↔ landscape) replaces the index, and comes back to the kept one
        let width: Double = table.viewportSize.width == 100 ? 160 : 100
        table.viewportSize = Size(width: width, height: table.viewportSize.height)
      case 4:  // a reload
        table.reloadData(keepingMeasuredHeights: rng.int(0..<2) == 0)
      case 5:  // a table header view, or another height of it
        let header = TestCell()
        header.frame = Rect(x: 0, y: 0, width: 100, height: rng.double(0...120))
        table.tableHeaderView = header
      default:  // the step that brings no row, mostly
        table.contentOffset.y += [-0.5, 0.5, -0.5, 0.5, -7, 7, -60, 60][rng.int(0..<8)]
      }
      table.layoutIfNeeded()
      checkInvariants(table)
      let top = table.contentOffset.y
      let searched = table.ranges(top: top, bottom: top + table.viewportSize.height)
      // In debug builds a kept answer is checked against a search as it is given; here, what the
      // table shows is checked against a search made apart from the cache.
      #expect(table.viewportRanges() == searched, "step \(step)")
      #expect(table.visible.rowRange == searched.rows, "step \(step): shown \(table.visible.rowRange)")
      for g in searched.rows {
        let k = table.heights.index.itemIndex(ofGlobalRow: g)
        #expect(table.heights.index.isMeasured(item: k), "step \(step): row \(g) on screen is not measured")
      }
      if table.heights.visibleRanges.entry != nil { hitsBefore += 1 }
    }
    #expect(hitsBefore > 500, "an entry was kept after \(hitsBefore) steps")
  }
}
