/// What decides a multi-column table's column widths at every viewport width, and nothing else: each column's
/// rule (a width, or a share of what is left within a minimum and a maximum, or hidden) and the granularity. Two
/// states with the same configuration lay their columns out alike at any width, so rows measured for one fit the
/// other: the table keeps its rows' heights under it beside the width (a resized column is a width switch for the
/// rows). Titles, sorting and the sideways offset are not part of it.
struct ColumnConfiguration: Hashable {
  /// How one column's width is decided, its numbers made sensible as the layout makes them (no NaN).
  enum Rule: Hashable {
    /// This wide whatever the viewport: a fixed width or a fitting one, within the minimum and maximum.
    case width(Double)
    /// A share of what the other columns leave, within a minimum and a maximum.
    case fraction(weight: Double, minimum: Double, maximum: Double)
    /// Hidden: no width.
    case hidden
  }

  /// Each column's rule, in the columns' order.
  var rules: [Rule]
  /// The step every edge falls on, as the layout takes it.
  var granularity: Double

  /// The configuration of `state`'s columns.
  /// - Complexity: O(c) for c columns.
  init(_ state: ColumnState) {
    rules = state.columns.map { column in
      guard !column.isHidden else { return .hidden }
      switch column.width {
      case .fixed(let width):
        return .width(column.clamped(ColumnLayout.sanitized(width)))
      case .fitting:
        return .width(column.clamped(ColumnLayout.sanitized(state.fittingWidths[column.identifier] ?? 0)))
      case .fraction(let weight):
        return .fraction(
          weight: weight.isFinite && weight > 0 ? min(weight, ColumnLayout.maximumWidth) : 0,
          minimum: column.clampedMinWidth, maximum: column.clampedMaxWidth)
      }
    }
    granularity = state.layout.granularity
  }
}
