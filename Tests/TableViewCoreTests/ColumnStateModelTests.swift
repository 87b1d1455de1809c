import SeededRandom
import Testing

@testable import TableViewCore

/// The columns' state against a reference written the slow, obvious way: the layout made again from scratch
/// after every step (``ColumnLayout`` has its own reference), the offset clamped by hand, the header hit found by a
/// scan of every column's edges on screen, the sort cycled by cases.
private struct ReferenceColumns {
  var columns: [TableColumn]
  var viewport: Double
  let frozen: Int
  let fitting: [String: Double]
  let granularity: Double
  var offset = 0.0
  var focus: Int?
  var sort: (key: String, ascending: Bool)?

  var layout: ColumnLayout {
    ColumnLayout(
      columns: columns, viewportWidth: viewport, frozenColumnCount: frozen, fittingWidths: fitting,
      granularity: granularity)
  }

  func clamp(_ x: Double) -> Double {
    let maximum = max(0, layout.contentWidth - layout.viewportWidth)
    return x.isNaN ? 0 : min(max(x, 0), maximum)
  }

  /// Where column `i` is on screen.
  func left(_ i: Int) -> Double { layout.origins[i] - (layout.isFrozen(i) ? 0 : offset) }

  mutating func focus(_ i: Int) {
    guard !columns[i].isHidden else { return }
    focus = i
    guard !layout.isFrozen(i) else { return }
    let l = layout
    // Shown whole right of the frozen columns, or from its left edge when it is wider than that room.
    if l.origins[i] + l.widths[i] - offset > l.viewportWidth {
      offset = clamp(l.origins[i] + l.widths[i] - l.viewportWidth)
    }
    if l.origins[i] - offset < l.frozenWidth { offset = clamp(l.origins[i] - l.frozenWidth) }
  }

  func hit(_ x: Double, tolerance: Double) -> ColumnState.HeaderHit? {
    let l = layout
    var candidates: [Int] = []
    for i in l.shownColumns where columns[i].isResizable && l.widths[i] > 0 {
      let right = left(i) + l.widths[i]
      let onScreen = right <= l.viewportWidth && (l.isFrozen(i) ? right > 0 : right >= l.frozenWidth && right > left(i))
      let visible =
        l.isFrozen(i) ? l.origins[i] < l.viewportWidth : max(left(i), l.frozenWidth) < min(right, l.viewportWidth)
      if onScreen, visible, x >= right - tolerance, x < right + tolerance { candidates.append(i) }
    }
    // The frozen columns are on top; among the others, the rightmost drawn.
    if let frozen = candidates.last(where: { l.isFrozen($0) }) { return .divider(frozen) }
    if let other = candidates.last { return .divider(other) }
    guard x >= 0, x < l.viewportWidth else { return nil }
    if let frozen = l.shownColumns.first(where: {
      l.isFrozen($0) && x >= l.origins[$0] && x < l.origins[$0] + l.widths[$0]
    }) {
      return .title(frozen)
    }
    guard x >= l.frozenWidth else { return nil }
    return l.shownColumns.first {
      !l.isFrozen($0) && x + offset >= l.origins[$0] && x + offset < l.origins[$0] + l.widths[$0]
    }
    .map { .title($0) }
  }
}

@Suite("Column state")
struct ColumnStateModelTests {
  @Test("random scrolls, focus moves, resizes, clicks and viewports: as the reference, invariants after each step")
  func againstReference() {
    var random = SplitMix64(seed: 1_618)
    for round in 0..<60 {
      var columns = (0..<random.int(0...8)).map { ColumnLayoutModelTests.randomColumn($0, &random) }
      for i in columns.indices {
        columns[i].isResizable = random.below(5) != 0
        if random.below(4) != 0 { columns[i].sortDescriptorPrototype = TableSortDescriptor(key: "k\(i)") }
      }
      let viewport = [0, 40, 80, 333.5][random.below(4)]
      let fitting = Dictionary(uniqueKeysWithValues: columns.map { ($0.identifier, random.double(0...50)) })
      let granularity = random.below(2) == 0 ? 0 : 1.0
      let frozen = random.int(0...2)
      var state = ColumnState(
        columns: columns, viewportWidth: viewport, frozenColumnCount: frozen, fittingWidths: fitting,
        granularity: granularity)
      var reference = ReferenceColumns(
        columns: columns, viewport: viewport, frozen: frozen, fitting: fitting, granularity: granularity)
      reference.focus = reference.layout.shownColumns.first
      state._checkInvariants()
      for step in 0..<60 {
        let before = state
        let change: ColumnState.Change
        let index = columns.isEmpty ? 0 : random.below(columns.count + 1) - (random.below(8) == 0 ? 1 : 0)
        let hostile = [Double.nan, .infinity, -.infinity, -1e300, 1e300]
        switch random.below(10) {
        case 0:
          let delta = random.below(10) == 0 ? hostile[random.below(5)] : random.double(-200...200)
          change = state.scrollHorizontally(by: delta)
          if !delta.isNaN { reference.offset = reference.clamp(reference.offset + delta) }
        case 1:
          let offset = random.below(10) == 0 ? hostile[random.below(5)] : random.double(-50...500)
          change = state.setHorizontalOffset(offset)
          reference.offset = reference.clamp(offset)
        case 2:
          let by = [-1, 1, -3, 5, Int.min, Int.max][random.below(6)]
          change = state.moveFocus(by: by)
          let shown = reference.layout.shownColumns
          if let focus = reference.focus, let position = shown.firstIndex(of: focus) {
            let target =
              by > 0 ? min(shown.count - 1, position + min(by, shown.count)) : max(0, position + max(by, -shown.count))
            reference.focus(shown[target])
          }
        case 3:
          change = state.focusColumn(index)
          if columns.indices.contains(index) { reference.focus(index) }
        case 4:
          let width: Double? =
            random.below(4) == 0 ? nil : (random.below(10) == 0 ? hostile[random.below(5)] : random.double(0...90))
          change = state.setWidth(width, ofColumn: index)
          if reference.columns.indices.contains(index), reference.columns[index].isResizable,
            width.map({ !$0.isNaN }) ?? true
          {
            if let width {
              let sane = min(max(width, 0), 1e9)
              reference.columns[index].width = .fixed(granularity > 0 ? sane.rounded() : sane)
            } else {
              reference.columns[index].width = .fitting
            }
            reference.offset = reference.clamp(reference.offset)
          }
        case 5:
          let step = random.double(-10...10)
          change = state.resizeColumn(index, by: step)
          if reference.columns.indices.contains(index), reference.columns[index].isResizable {
            let sane = min(max(reference.layout.widths[index] + step, 0), 1e9)
            reference.columns[index].width = .fixed(granularity > 0 ? sane.rounded() : sane)
            reference.offset = reference.clamp(reference.offset)
          }
        case 6:
          change = state.clickTitle(ofColumn: index)
          if reference.columns.indices.contains(index) {
            reference.focus(index)
            if let key = reference.columns[index].sortDescriptorPrototype?.key {
              switch reference.sort {
              case (key, true)?: reference.sort = (key, false)
              case (key, false)?: reference.sort = nil
              default: reference.sort = (key, true)
              }
            }
          }
        case 7:
          let width = [0, 1, 40, 80, 120, 1_000, Double.nan, .infinity][random.below(8)]
          change = state.setViewportWidth(width)
          reference.viewport = width
          reference.offset = reference.clamp(reference.offset)
        case 8:
          let hidden = random.below(2) == 0
          change = state.setHidden(hidden, ofColumn: index)
          if reference.columns.indices.contains(index), reference.columns[index].isHidden != hidden {
            reference.columns[index].isHidden = hidden
            let shown = reference.layout.shownColumns
            if hidden, reference.focus == index {
              reference.focus = shown.first { $0 > index } ?? shown.last { $0 < index }
            } else if !hidden, reference.focus == nil {
              reference.focus = index
            }
            reference.offset = reference.clamp(reference.offset)
          }
        default:
          // Hit tests change nothing: compare them at every point of the header, with a pixel-like tolerance.
          let tolerance = granularity > 0 ? 0.5 : 3
          for x in stride(from: -2.0, to: min(state.layout.viewportWidth, 1_000) + 2, by: 1) {
            let at = x + 0.5
            #expect(
              state.headerHit(atScreenX: at, tolerance: tolerance) == reference.hit(at, tolerance: tolerance),
              "round \(round), step \(step), x \(at)")
          }
          #expect(state.headerHit(atScreenX: .nan, tolerance: 1) == nil)
          change = []
        }
        state._checkInvariants()
        let context = "round \(round), step \(step)"
        #expect(state.columns == reference.columns, "\(context)")
        #expect(state.layout == reference.layout, "\(context)")
        #expect(state.horizontalOffset == reference.offset, "\(context)")
        #expect(state.focusedColumn == reference.focus, "\(context)")
        let sort = reference.sort.map { [TableSortDescriptor(key: $0.key, ascending: $0.ascending)] } ?? []
        #expect(state.sortDescriptors == sort, "\(context)")
        // What the mutation says it changed is what changed.
        #expect(change.contains(.layout) == (state.layout != before.layout), "\(context)")
        #expect(change.contains(.horizontalOffset) == (state.horizontalOffset != before.horizontalOffset), "\(context)")
        #expect(change.contains(.focusedColumn) == (state.focusedColumn != before.focusedColumn), "\(context)")
        #expect(change.contains(.sortDescriptors) == (state.sortDescriptors != before.sortDescriptors), "\(context)")
      }
    }
  }

  @Test("a terminal's header: a column's last cell is its divider, the others its title; a drag sets its width")
  func terminalDivider() {
    let columns = ["a", "b", "c"].map {
      TableColumn(identifier: $0, title: $0, width: .fixed(10), sortDescriptorPrototype: TableSortDescriptor(key: $0))
    }
    var state = ColumnState(columns: columns, viewportWidth: 25, frozenColumnCount: 1, granularity: 1)
    #expect(state.headerHit(atScreenX: 0.5, tolerance: 0.5) == .title(0))
    #expect(state.headerHit(atScreenX: 9.5, tolerance: 0.5) == .divider(0))
    #expect(state.headerHit(atScreenX: 10.5, tolerance: 0.5) == .title(1))
    #expect(state.headerHit(atScreenX: 19.5, tolerance: 0.5) == .divider(1))
    // Dragged to cell 14: the column ends after it.
    #expect(state.resizeColumn(1, toScreenX: 15) == .layout)
    #expect(state.width(ofColumn: 1) == 5)
    #expect(state.clickTitle(ofColumn: 2) == [.focusedColumn, .sortDescriptors])
    #expect(state.sortDirection(ofColumn: 2)?.ascending == true)
    #expect(state.clickTitle(ofColumn: 2) == .sortDescriptors)
    #expect(state.sortDirection(ofColumn: 2)?.ascending == false)
    #expect(state.clickTitle(ofColumn: 2) == .sortDescriptors)
    #expect(state.sortDescriptors.isEmpty)
  }
}
