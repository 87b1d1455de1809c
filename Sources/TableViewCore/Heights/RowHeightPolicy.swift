/// How the table learns its rows' heights. Decided once per reload — from `rowHeight`,
/// `estimatedRowHeight` and what the delegate answers for the first row — and then used by every
/// place that makes rows: the reload itself, the rows a batch update inserts or reloads, and
/// measuring. (A table with no rows at its reload decides at the first row it inserts.)
enum RowHeightPolicy: Equatable, Sendable {
  /// Every row is one height (`rowHeight`, in units), known upfront: a section's rows are one run.
  case fixed(Int64)
  /// The delegate gives every row's height, asked upfront.
  case delegateHeights
  /// Every row starts at one estimate (in units) and is measured when it comes on screen.
  case estimated(Int64)
  /// The delegate estimates each row; rows are measured when they come on screen.
  case estimatedPerRow

  /// Whether rows are measured lazily (they start at an estimate).
  var usesEstimates: Bool {
    switch self {
    case .fixed, .delegateHeights: false
    case .estimated, .estimatedPerRow: true
    }
  }

  /// The one height every fresh row takes (the estimate, or `rowHeight`), or `nil` when rows are
  /// asked one by one.
  var uniformUnits: Int64? {
    switch self {
    case .fixed(let units), .estimated(let units): units
    case .delegateHeights, .estimatedPerRow: nil
    }
  }

  /// Where a row's measured height comes from when it is measured (estimated modes) or asked
  /// again (an empty batch update): decided by what the delegate and `rowHeight` say.
  enum MeasureSource: Equatable, Sendable {
    /// The delegate's `heightForRowAt`.
    case delegate
    /// The cell's `sizeThatFits` (`rowHeight` is `automaticDimension`).
    case selfSizing
    /// `rowHeight`, in units.
    case fixed(Int64)
  }
}
