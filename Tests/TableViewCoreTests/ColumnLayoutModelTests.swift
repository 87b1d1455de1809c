import SeededRandom
import Testing

@testable import TableViewCore

/// The column layout against a reference written the slow, obvious way: the fractions' share found by bisection
/// on the water level (not from the breakpoints), the rest to the last column, the edges summed and rounded.
private struct ReferenceLayout {
  var widths: [Double]
  var origins: [Double]
  var contentWidth: Double

  init(_ columns: [TableColumn], viewport: Double, fitting: [String: Double], granularity: Double) {
    func lower(_ c: TableColumn) -> Double { c.minWidth.isFinite ? min(max(0, c.minWidth), 1e9) : 0 }
    func upper(_ c: TableColumn) -> Double { c.maxWidth.isNaN ? lower(c) : max(lower(c), min(c.maxWidth, 1e9)) }
    func clamp(_ c: TableColumn, _ w: Double) -> Double { min(max(w.isNaN ? 0 : w, lower(c)), upper(c)) }
    func clean(_ w: Double) -> Double { w.isNaN || w <= 0 ? 0 : min(w, 1e9) }
    let viewport = clean(viewport)
    var widths = Array(repeating: 0.0, count: columns.count)
    var fractions: [(Int, Double)] = []
    for (i, c) in columns.enumerated() where !c.isHidden {
      switch c.width {
      case .fixed(let w): widths[i] = clamp(c, clean(w))
      case .fitting: widths[i] = clamp(c, clean(fitting[c.identifier] ?? 0))
      case .fraction(let f): fractions.append((i, f.isFinite && f > 0 ? min(f, 1e9) : 0))
      }
    }
    let room = max(0, viewport - widths.reduce(0, +))
    func level(_ lambda: Double) -> Double { fractions.reduce(0) { $0 + clamp(columns[$1.0], lambda * $1.1) } }
    var low = 0.0
    var high = 1.0
    while level(high) < room && high < 1e30 { high *= 2 }
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if level(middle) < room { low = middle } else { high = middle }
    }
    for (i, f) in fractions { widths[i] = clamp(columns[i], high * f) }
    let shown = columns.indices.filter { !columns[$0].isHidden }
    let total = shown.reduce(0.0) { $0 + widths[$1] }
    if let last = shown.last, total < viewport { widths[last] += viewport - total }
    var origins = Array(repeating: 0.0, count: columns.count)
    var exact = 0.0
    var edge = 0.0
    for i in columns.indices {
      origins[i] = edge
      if columns[i].isHidden { continue }
      exact += widths[i]
      let next = granularity > 0 ? (exact / granularity).rounded() * granularity : exact
      widths[i] = next - edge
      edge = next
    }
    (self.widths, self.origins, contentWidth) = (widths, origins, edge)
  }
}

@Suite("Column layout")
struct ColumnLayoutModelTests {
  /// A random column: any kind of width, bounds that may be absent, inverted or absurd, sometimes hidden.
  static func randomColumn(_ i: Int, _ random: inout SplitMix64) -> TableColumn {
    let width: TableColumn.Width =
      switch random.below(4) {
      case 0: .fixed(random.double(0...60))
      case 1: .fitting
      default: .fraction([0, 0.5, 1, 1, 2, 3][random.below(6)])
      }
    let minimum = random.below(3) == 0 ? 0 : random.double(0...30)
    let maximum = [Double.infinity, random.double(0...80), minimum + random.double(0...40)][random.below(3)]
    return TableColumn(
      identifier: "c\(i)", title: "Column \(i)", width: width, minWidth: minimum, maxWidth: maximum,
      isHidden: random.below(6) == 0)
  }

  @Test("random columns tile the width from 0, no width negative, each fraction as the reference shares it")
  func againstReference() {
    var random = SplitMix64(seed: 3_141)
    for round in 0..<3_000 {
      let columns = (0..<random.int(0...8)).map { Self.randomColumn($0, &random) }
      let viewport = [0, 1, 7, 80, 120, 333.5, 2_000][random.below(7)]
      let fitting = Dictionary(uniqueKeysWithValues: columns.map { ($0.identifier, random.double(0...50)) })
      let granularity = random.below(2) == 0 ? 0 : 1.0
      let frozen = random.int(0...3)
      let layout = ColumnLayout(
        columns: columns, viewportWidth: viewport, frozenColumnCount: frozen, fittingWidths: fitting,
        granularity: granularity)
      layout._checkInvariants()
      let reference = ReferenceLayout(columns, viewport: viewport, fitting: fitting, granularity: granularity)
      let tolerance = granularity > 0 ? 1.0 : 1e-6
      for i in columns.indices {
        #expect(abs(layout.widths[i] - reference.widths[i]) <= tolerance, "round \(round), column \(i)")
        #expect(abs(layout.origins[i] - reference.origins[i]) <= tolerance, "round \(round), column \(i)")
      }
      #expect(abs(layout.contentWidth - reference.contentWidth) <= tolerance, "round \(round)")
      if granularity > 0 {
        #expect(layout.widths.allSatisfy { $0 == $0.rounded() }, "whole cells, round \(round)")
      }
      // A shown column keeps within its bounds but for the filler and rounding.
      let filler = layout.shownColumns.last
      for i in layout.shownColumns where i != filler {
        let low = columns[i].clampedMinWidth - tolerance
        let high = columns[i].clampedMaxWidth + tolerance
        #expect(layout.widths[i] >= low && layout.widths[i] <= high, "round \(round), column \(i)")
      }
    }
  }

  @Test("on screen: the visible columns and the column under a point are those a scan of every column finds")
  func visibleAgainstScan() {
    var random = SplitMix64(seed: 2_718)
    for round in 0..<1_500 {
      let columns = (0..<random.int(1...10)).map { Self.randomColumn($0, &random) }
      let layout = ColumnLayout(
        columns: columns, viewportWidth: [40, 80, 100][random.below(3)], frozenColumnCount: random.int(0...2),
        granularity: 1)
      let offset = random.double(-20...(layout.maximumHorizontalOffset + 20))
      let clamped = layout.clampedHorizontalOffset(offset)
      #expect(clamped >= 0 && clamped <= layout.maximumHorizontalOffset)
      var expected: [Int] = []
      let frozen = Array(layout.shownColumns.prefix(layout.frozenColumnCount))
      for i in layout.shownColumns where !frozen.contains(i) && layout.widths[i] > 0 {
        let left = layout.origins[i] - clamped
        let right = left + layout.widths[i]
        // Shown between the frozen columns' edge and the viewport's.
        if max(left, layout.frozenWidth) < min(right, layout.viewportWidth) { expected.append(i) }
      }
      expected += frozen.filter { layout.widths[$0] > 0 && layout.origins[$0] < layout.viewportWidth }
      #expect(layout.visibleColumns(horizontalOffset: offset) == expected, "round \(round)")
      for x in stride(from: 0.0, to: layout.viewportWidth, by: 1) {
        let under = layout.column(atScreenX: x + 0.5, horizontalOffset: offset)
        // The one drawn on top at x: a frozen column, else the scrolled one there.
        let scan =
          frozen.first { x + 0.5 >= layout.origins[$0] && x + 0.5 < layout.origins[$0] + layout.widths[$0] }
          ?? layout.shownColumns.first {
            !frozen.contains($0) && x + 0.5 >= layout.frozenWidth
              && x + 0.5 + clamped >= layout.origins[$0] && x + 0.5 + clamped < layout.origins[$0] + layout.widths[$0]
          }
        #expect(under == scan, "round \(round), x \(x)")
      }
    }
  }

  @Test("bad numbers: NaN, infinite and negative widths, fractions, bounds and viewports give a sound layout")
  func extremes() {
    let bad: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1e300, .greatestFiniteMagnitude, 5]
    for a in bad {
      for b in bad {
        let columns = [
          TableColumn(identifier: "a", width: .fixed(a), minWidth: b, maxWidth: a),
          TableColumn(identifier: "b", width: .fraction(b), minWidth: a, maxWidth: b),
          TableColumn(identifier: "c", width: .fitting, minWidth: b),
        ]
        for viewport in bad {
          let layout = ColumnLayout(
            columns: columns, viewportWidth: viewport, frozenColumnCount: Int.max, fittingWidths: ["c": a],
            granularity: b)
          layout._checkInvariants()
          #expect(layout.contentWidth <= 3e9 + 1)
          #expect(layout.clampedHorizontalOffset(a) <= layout.maximumHorizontalOffset)
          _ = layout.visibleColumns(horizontalOffset: b)
          _ = layout.column(atScreenX: a, horizontalOffset: b)
        }
      }
    }
    // Found by the fuzz target: a fraction of the tiniest weight puts a breakpoint at infinity, where a column of
    // weight 0 (a NaN fraction) was ∞ · 0 wide: NaN.
    let tiny = ColumnLayout(
      columns: [
        TableColumn(identifier: "a", width: .fixed(-.infinity), minWidth: 5, maxWidth: .leastNonzeroMagnitude),
        TableColumn(identifier: "b", width: .fraction(.leastNonzeroMagnitude), minWidth: -1),
        TableColumn(identifier: "c", width: .fraction(.nan), minWidth: .leastNonzeroMagnitude, maxWidth: -1),
      ], viewportWidth: 123.456, granularity: .infinity)
    tiny._checkInvariants()
    #expect(tiny.widths.allSatisfy { $0.isFinite && $0 >= 0 }, "\(tiny.widths)")
    let none = ColumnLayout(columns: [], viewportWidth: 80)
    none._checkInvariants()
    #expect(none.contentWidth == 0 && none.visibleColumns(horizontalOffset: 0).isEmpty)
  }

  @Test("a log's columns: a fixed time, a fitting level, the message filling the rest; frozen time when scrolled")
  func example() {
    let columns = [
      TableColumn(identifier: "time", title: "Time", width: .fixed(19)),
      TableColumn(identifier: "level", title: "Level", width: .fitting, minWidth: 5, maxWidth: 9),
      TableColumn(identifier: "message", title: "Message", width: .fraction(1), minWidth: 60),
    ]
    let wide = ColumnLayout(columns: columns, viewportWidth: 100, fittingWidths: ["level": 7], granularity: 1)
    #expect(wide.widths == [19, 7, 74] && wide.contentWidth == 100 && wide.maximumHorizontalOffset == 0)
    let narrow = ColumnLayout(
      columns: columns, viewportWidth: 50, frozenColumnCount: 1, fittingWidths: ["level": 12], granularity: 1)
    #expect(narrow.widths == [19, 9, 60] && narrow.contentWidth == 88 && narrow.maximumHorizontalOffset == 38)
    #expect(narrow.visibleColumns(horizontalOffset: 38) == [2, 0], "the message, under the frozen time")
    #expect(narrow.screenX(ofColumn: 0, horizontalOffset: 38) == 0)
    #expect(narrow.screenX(ofColumn: 2, horizontalOffset: 38) == -10)
    #expect(narrow.column(atScreenX: 5, horizontalOffset: 38) == 0)
    #expect(narrow.column(atScreenX: 25, horizontalOffset: 38) == 2)
  }
}
