/// Where each column of a multi-column table is: computed once for a viewport width and a set of columns (O(columns
/// log columns)), then asked per frame (O(log columns)).
///
/// The rules, in order: a hidden column takes no width; a `.fixed` column is its width and a `.fitting` one its
/// content's (``TableColumn/Width``), each within its minimum and maximum; the `.fraction` columns share what is left
/// in proportion to their fractions, each within its minimum and maximum (as water fills vessels: a column held at
/// its minimum or maximum leaves the rest to the others); when the columns still fall short of the viewport, the last
/// shown column takes the rest (beyond its maximum), so the columns always tile the content from 0 to
/// ``contentWidth`` — the viewport's width, or more when the columns need more (scrolled sideways). With a
/// `granularity` (1 for a terminal's cells) every edge falls on a multiple of it (each edge rounded once, so no gap
/// and no overlap; a column may then be up to one step off its minimum or maximum).
///
/// The first ``frozenColumnCount`` shown columns stay in place when the table scrolls sideways (AppKit's floating
/// columns); the others move under them.
public struct ColumnLayout: Sendable, Equatable {
  /// The widest anything gets: larger or infinite widths are taken as this.
  public static let maximumWidth = 1e9

  /// The viewport's width the layout was made for (0 or more, at most ``maximumWidth``).
  public let viewportWidth: Double
  /// How many of the shown columns, from the first, stay in place when the table scrolls sideways.
  public let frozenColumnCount: Int
  /// Each column's left edge, by its index in the columns given (a hidden column: the left edge of the next shown
  /// one).
  public let origins: [Double]
  /// Each column's width, by its index in the columns given (a hidden column: 0).
  public let widths: [Double]
  /// The width of all the columns together: the viewport's, or more.
  public let contentWidth: Double
  /// The width of the frozen columns (they end where the scrolled ones begin).
  public let frozenWidth: Double
  /// The indexes of the shown columns, in order.
  public let shownColumns: [Int]
  /// The step every edge falls on (0: none).
  public let granularity: Double

  /// The layout of `columns` in a viewport `viewportWidth` wide.
  ///
  /// - Parameters:
  ///   - columns: the columns, hidden ones included (they take no width).
  ///   - viewportWidth: the width the table shows (NaN and negative: 0; more than ``maximumWidth``: that).
  ///   - fittingWidths: the content width of each `.fitting` column, by identifier (a column not in it is as
  ///     narrow as its minimum).
  ///   - frozenColumnCount: the shown columns, from the first, that stay when the table scrolls sideways
  ///     (clamped to 0…the shown columns).
  ///   - granularity: the step every edge falls on (0: none; 1: a terminal's cells).
  /// - Complexity: O(c log c) for c columns.
  public init(
    columns: [TableColumn], viewportWidth: Double, frozenColumnCount: Int = 0,
    fittingWidths: [String: Double] = [:], granularity: Double = 0
  ) {
    let viewport = Self.sanitized(viewportWidth)
    self.viewportWidth = viewport
    let shown = columns.indices.filter { !columns[$0].isHidden }
    shownColumns = shown
    var widths = Array(repeating: 0.0, count: columns.count)
    var fractions: [(index: Int, weight: Double)] = []
    var taken = 0.0
    for index in shown {
      let column = columns[index]
      switch column.width {
      case .fixed(let width):
        widths[index] = column.clamped(Self.sanitized(width))
        taken += widths[index]
      case .fitting:
        widths[index] = column.clamped(Self.sanitized(fittingWidths[column.identifier] ?? 0))
        taken += widths[index]
      case .fraction(let weight):
        fractions.append((index, weight.isFinite && weight > 0 ? min(weight, Self.maximumWidth) : 0))
      }
    }
    let shares = Self.share(
      max(0, viewport - taken), among: fractions.map { ($0.weight, columns[$0.index]) })
    for (fraction, share) in zip(fractions, shares) { widths[fraction.index] = share }
    // Short of the viewport: the last shown column takes the rest.
    let total = shown.reduce(0.0) { $0 + widths[$1] }
    if let last = shown.last, total < viewport { widths[last] += viewport - total }
    // The edges, each rounded once to the granularity.
    let step = granularity.isFinite && granularity > 0 ? min(granularity, Self.maximumWidth) : 0
    self.granularity = step
    func rounded(_ x: Double) -> Double { step > 0 ? (x / step).rounded() * step : x }
    var origins = Array(repeating: 0.0, count: columns.count)
    var edge = 0.0
    var exact = 0.0
    for index in columns.indices {
      origins[index] = edge
      guard !columns[index].isHidden else { continue }
      exact += widths[index]
      let next = rounded(exact)
      widths[index] = next - edge
      edge = next
    }
    self.origins = origins
    self.widths = widths
    contentWidth = edge
    let frozen = min(max(0, frozenColumnCount), shown.count)
    self.frozenColumnCount = frozen
    frozenWidth = frozen == 0 ? 0 : origins[shown[frozen - 1]] + widths[shown[frozen - 1]]
  }

  /// A width as the layout takes it: NaN and negative are 0, larger (or infinite) is ``maximumWidth``.
  static func sanitized(_ width: Double) -> Double {
    width.isNaN || width <= 0 ? 0 : min(width, maximumWidth)
  }

  /// `room` shared among columns of weights `weights`, each within its minimum and maximum: the widths
  /// `clamp(λ · weight)` for the λ that makes them add up to `room` (all at their minimum when that is already too
  /// much, all at their maximum when that is still too little). Exact: the widths are piecewise linear in λ, so
  /// λ is found between two of the points where a column reaches its minimum or maximum.
  /// - Complexity: O(c log c) for c columns.
  static func share(_ room: Double, among columns: [(weight: Double, column: TableColumn)]) -> [Double] {
    let minimums = columns.map { $0.column.clampedMinWidth }
    // A column of fraction 0 takes no share: its minimum.
    let maximums = columns.map { $0.weight > 0 ? $0.column.clampedMaxWidth : $0.column.clampedMinWidth }
    guard !columns.isEmpty else { return [] }
    if room <= minimums.reduce(0, +) { return minimums }
    if room >= maximums.reduce(0, +) { return maximums }
    // λ may be infinite (a breakpoint of a tiny weight): a column of weight 0 is its minimum (∞ · 0 is NaN).
    func widths(_ lambda: Double) -> [Double] {
      columns.indices.map { i in
        columns[i].weight > 0 ? min(max(lambda * columns[i].weight, minimums[i]), maximums[i]) : minimums[i]
      }
    }
    // The breakpoints: where each weighted column leaves its minimum and reaches its maximum. At the last one
    // every column is at its maximum (all of them finite: at most `maximumWidth`), more than the room.
    var points: [Double] = [0]
    for (i, entry) in columns.enumerated() where entry.weight > 0 {
      points.append(minimums[i] / entry.weight)
      points.append(maximums[i] / entry.weight)
    }
    points.sort()
    // The first breakpoint whose total reaches the room (the total grows with λ: a binary search); λ lies in the
    // segment before it, where the total is linear (slope: the weights of the columns between their minimum and
    // maximum there).
    var low = 0
    var high = points.count - 1
    while low < high {
      let middle = (low + high) / 2
      if widths(points[middle]).reduce(0, +) >= room { high = middle } else { low = middle + 1 }
    }
    let point = points[low]
    let lower = low > 0 ? points[low - 1] : 0
    let base = widths(lower).reduce(0, +)
    let slope = columns.indices.reduce(0.0) { slope, i in
      let w = columns[i].weight
      let middle = (lower + point) / 2 * w
      return middle > minimums[i] && middle < maximums[i] ? slope + w : slope
    }
    let lambda = slope > 0 ? lower + (room - base) / slope : point
    return widths(min(max(lambda, lower), point))
  }

  /// Column `index`'s left edge and width in the content (0 for a hidden one).
  @inlinable
  public func frame(ofColumn index: Int) -> (x: Double, width: Double) {
    guard origins.indices.contains(index) else { return (0, 0) }
    return (origins[index], widths[index])
  }

  /// Whether column `index` is one of the frozen ones.
  @inlinable
  public func isFrozen(_ index: Int) -> Bool {
    frozenColumnCount > 0 && shownColumns.prefix(frozenColumnCount).contains(index)
  }

  /// The largest horizontal offset: the content's right edge at the viewport's.
  @inlinable
  public var maximumHorizontalOffset: Double { max(0, contentWidth - viewportWidth) }

  /// `offset` within 0…``maximumHorizontalOffset`` (NaN: 0).
  @inlinable
  public func clampedHorizontalOffset(_ offset: Double) -> Double {
    offset.isNaN ? 0 : min(max(offset, 0), maximumHorizontalOffset)
  }

  /// Column `index`'s left edge on screen when the table is scrolled `offset` sideways: a frozen column stays, the
  /// others move left by the offset.
  @inlinable
  public func screenX(ofColumn index: Int, horizontalOffset offset: Double) -> Double {
    isFrozen(index) ? frame(ofColumn: index).x : frame(ofColumn: index).x - clampedHorizontalOffset(offset)
  }

  /// The shown columns any part of which is on screen at `offset`, in drawing order: the scrolled ones (which the
  /// frozen ones cover), then the frozen ones.
  /// - Complexity: O(log c + the columns returned).
  public func visibleColumns(horizontalOffset offset: Double) -> [Int] {
    var result: [Int] = []
    visibleColumns(horizontalOffset: offset, into: &result)
    return result
  }

  /// ``visibleColumns(horizontalOffset:)`` written into `result`, whose storage is kept: a sideways scroll step
  /// allocates nothing.
  func visibleColumns(horizontalOffset offset: Double, into result: inout [Int]) {
    result.removeAll(keepingCapacity: true)
    let offset = clampedHorizontalOffset(offset)
    let scrolled = shownColumns.dropFirst(frozenColumnCount)
    // The scrolled columns show from the frozen edge to the viewport's right edge, in content coordinates.
    let left = offset + frozenWidth
    let right = offset + viewportWidth
    if left < right {
      // The first scrolled column ending past `left` (binary search: the origins grow).
      var low = scrolled.startIndex
      var high = scrolled.endIndex
      while low < high {
        let middle = (low + high) / 2
        let index = scrolled[middle]
        if origins[index] + widths[index] <= left { low = middle + 1 } else { high = middle }
      }
      var position = low
      while position < scrolled.endIndex, origins[scrolled[position]] < right {
        if widths[scrolled[position]] > 0 { result.append(scrolled[position]) }
        position += 1
      }
    }
    for index in shownColumns.prefix(frozenColumnCount) where widths[index] > 0 && origins[index] < viewportWidth {
      result.append(index)
    }
  }

  /// The shown column under screen position `x` at `offset` (frozen columns first), or `nil` past the content.
  public func column(atScreenX x: Double, horizontalOffset offset: Double) -> Int? {
    guard x.isFinite, x >= 0, x < viewportWidth else { return nil }
    if x < frozenWidth {
      return shownColumns.prefix(frozenColumnCount).first { x >= origins[$0] && x < origins[$0] + widths[$0] }
    }
    let content = x + clampedHorizontalOffset(offset)
    return visibleColumns(horizontalOffset: offset).first { index in
      !isFrozen(index) && content >= origins[index] && content < origins[index] + widths[index]
    }
  }

  /// Checks the layout's promises (tests and fuzzing): every width 0 or more, hidden columns 0 wide, the shown
  /// columns edge to edge from 0 to ``contentWidth``, which is the viewport's width or more when any is shown.
  public func _checkInvariants() {
    precondition(origins.count == widths.count, "one origin and one width a column")
    precondition(widths.allSatisfy { $0 >= 0 && $0.isFinite }, "negative or infinite width: \(widths)")
    var edge = 0.0
    for index in shownColumns {
      precondition(abs(origins[index] - edge) <= 1e-6 * max(1, edge), "a gap or an overlap before column \(index)")
      edge = origins[index] + widths[index]
    }
    precondition(abs(edge - contentWidth) <= 1e-6 * max(1, edge), "the columns end at \(edge), not \(contentWidth)")
    if !shownColumns.isEmpty {
      let slack = granularity / 2 + 1e-6 * max(1, viewportWidth)
      precondition(contentWidth >= viewportWidth - slack, "the columns end at \(contentWidth), short of the viewport")
    }
    precondition((0...shownColumns.count).contains(frozenColumnCount), "frozen count out of range")
  }
}
