/// Everything the table knows about heights: the geometry index for the current width, the ones
/// kept for other widths, the height policy the last reload decided, what the delegate implements,
/// and the template cells and keyed heights of self-sizing rows.
struct HeightCache {
  /// The geometry index for the current width.
  var index = HeightIndex()
  /// Geometry indexes kept for other widths (the height cache per width class).
  var otherWidths: [Double: HeightIndex] = [:]
  /// Widths by last use, most recent last, for the cache limit.
  var widthOrder: [Double] = []
  /// The table header view's height, in units.
  var tableHeaderUnits: Int64 = 0
  /// The table footer view's height, in units.
  var tableFooterUnits: Int64 = 0
  /// How rows get their heights, as the last reload decided (see `policySettled`).
  var policy = RowHeightPolicy.fixed(HeightIndex.units(44))
  /// Whether the delegate has been asked about a row since the last reload, so `policy` is final. A
  /// table with no rows at its reload settles it at the first row it inserts.
  var policySettled = false
  /// Whether rows are measured lazily (estimated heights).
  var usesEstimates: Bool { policy.usesEstimates }
  /// The estimate, in units, as the last reload accepted it.
  var estimateUnits: Int64 = 0
  /// `rowHeight` in units as the last reload accepted it.
  var fixedRowUnits: Int64 = HeightIndex.units(44)
  /// Which height methods the delegate implements, as far as the table has learned since the last reload.
  var delegateMethods = DelegateHeightCapabilities()
  /// Template cells and keyed heights (TableView+TemplateCell.swift).
  var templates = TemplateCellState()
}
